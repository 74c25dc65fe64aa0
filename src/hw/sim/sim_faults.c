/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_faults.c: parse the fault injection spec of --sim-fault / PMUTOP_SIM_FAULT. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static int num(const char *v, int *out)
{
	char *end;
	long n;

	if (!v || !*v)
		return -EINVAL;
	n = strtol(v, &end, 10);
	if (*end || n < 1 || n > 1000000000)
		return -EINVAL;
	*out = (int)n;
	return 0;
}

int sim_faults_parse(const char *spec, struct sim_faults *f, char *err, size_t errlen)
{
	char buf[256], *save = NULL;

	memset(f, 0, sizeof(*f));
	f->enodev_cpu = -1;
	f->enodev_back = -1;
	if (!spec)
		return 0;
	if (snprintf(buf, sizeof(buf), "%s", spec) >= (int)sizeof(buf)) {
		snprintf(err, errlen, "fault spec too long");
		return -EINVAL;
	}
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		int r = 0;

		if (eq)
			*eq++ = 0;
		if (!strcmp(t, "eacces") && !eq)
			f->eacces = 1;
		else if (!strcmp(t, "emfile"))
			r = num(eq, &f->emfile_after);
		else if (!strcmp(t, "shortread"))
			r = num(eq, &f->shortread_after);
		else if (!strcmp(t, "readfail"))
			r = num(eq, &f->readfail_after);
		else if (!strcmp(t, "throttle"))
			r = num(eq, &f->throttle_rate);
		else if (!strcmp(t, "enodev") && eq) {
			char *at = strchr(eq, '@'), *end;
			long cpu = strtol(eq, &end, 10);

			if (!at || end != at || cpu < 0 || cpu > 1 << 20)
				r = -EINVAL;
			else {
				f->enodev_cpu = (int)cpu;
				f->enodev_at = strtod(at + 1, &end);
				if (*end == '-')   /* and back online then */
					f->enodev_back = strtod(end + 1, &end);
				if (*end || !(f->enodev_at >= 0) || (f->enodev_back >= 0 && !(f->enodev_back > f->enodev_at)) ||
				    (f->enodev_back < 0 && f->enodev_back != -1))
					r = -EINVAL;
			}
		} else
			r = -EINVAL;
		if (r) {
			snprintf(err, errlen, "bad fault '%s%s%s' (eacces, emfile=N, enodev=CPU@SECONDS[-SECONDS], "
				 "shortread=N, readfail=N, throttle=RATE)", t, eq ? "=" : "", eq ? eq : "");
			return -EINVAL;
		}
	}
	return 0;
}
