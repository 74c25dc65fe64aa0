/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_load.c: which tables a CPU gets, in order: JSON files from the first folder that has them, then libpfm4. */
#include "catalog.h"
#include "catalog_json.h"
#include "catalog_pfm.h"
#include "base/buildinfo.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void catalog_init(struct catalog *c, const char *cpuid, const char *events_dir, const char *conf_dir)
{
	const char *env = getenv("PMUTOP_EVENTS_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char buf[4096];

	memset(c, 0, sizeof(*c));
	c->load = catalog_load;
	if (!cpuid || !*cpuid)
		cpuid = getenv("PMUTOP_CPUID");
	if (cpuid && cpuid_check(cpuid) == 0)
		snprintf(c->cpuid, sizeof(c->cpuid), "%s", cpuid);
	if (events_dir && *events_dir)
		c->dirs[c->ndirs++] = strdup(events_dir);
	if (env && *env)
		c->dirs[c->ndirs++] = strdup(env);
	if (conf_dir && *conf_dir)
		c->dirs[c->ndirs++] = strdup(conf_dir);
	if (xdg && *xdg == '/')
		snprintf(buf, sizeof(buf), "%s/pmu-events", xdg);
	else if (home && *home == '/')
		snprintf(buf, sizeof(buf), "%s/.cache/pmu-events", home);
	else
		buf[0] = '\0';
	if (buf[0])
		c->dirs[c->ndirs++] = strdup(buf);
	c->dirs[c->ndirs++] = strdup(buildinfo_eventsdir());   /* the Makefile's $(eventsdir) */
	for (int i = 0; i < c->ndirs; i++)
		if (!c->dirs[i]) { /* out of memory: keep the ones we have */
			memmove(&c->dirs[i], &c->dirs[i + 1], (size_t)(c->ndirs - i - 1) * sizeof(c->dirs[0]));
			c->ndirs--;
			i--;
		}
}


int catalog_load(struct catalog *c)
{
	int r = 0;

	if (c->loaded)
		return 0;
	c->loaded = true;
	if (!c->cpuid[0] && cpuid_detect(c->cpuid, sizeof(c->cpuid)) < 0)
		c->cpuid[0] = '\0';
	if (c->cpuid[0]) {
		for (int i = 0; i < c->ndirs && !c->json_from[0] && r != -ENOMEM; i++)
			r = catjson_load_dir(c, c->dirs[i]);
		if (r != -ENOMEM && !c->no_pfm)
			r = catpfm_load(c);
	}
	if (r == -ENOMEM || catalog_finish(c) < 0)
		return -ENOMEM;
	return 0;
}

