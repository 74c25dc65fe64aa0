/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_config.c: libFuzzer target for the config file parser (inih + the settings table): no crash, no
 * leak; an error names the input; what loads has every value in range and names an existing event set. */
// FUZZ_SOURCES: src/base/errmsg.c src/base/printable.c src/config/settings.c src/config/settings_table.c src/config/evsets.c src/base/safefile.c src/base/buildinfo.c src/hw/sys/pmu.c src/hw/sys/sysfs.c src/hw/sys/cpulist.c -linih
// FUZZ_SEEDS: tests/fuzz/corpus/config/* conf/pmutop.conf
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errmsg.h"
#include "config/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int quiet;
	struct settings s;
	struct errmsg em;
	FILE *f;

	if (!quiet) {   /* unknown keys warn on stderr: send those to /dev/null, not libFuzzer's own report
			 * (it kept the original stream at start-up; sanitizers write to fd 2) */
		FILE *null = fopen("/dev/null", "w");

		if (null)
			stderr = null;
		quiet = 1;
	}
	if (size == 0)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	settings_defaults(&s);
	errmsg_clear(&em);
	if (settings_parse(&s, f, "fuzz.conf", &em) == 0) {
		if (!settings_find_set(&s, s.set) || !(s.interval > 0 && s.interval <= 3600) || s.history < 1 ||
		    s.history > 100000 || s.nsets > SETTINGS_MAX_SETS)
			abort();
		for (int i = 0; i < s.nsets; i++)
			if (!s.sets[i].name || !s.sets[i].events || !s.sets[i].description ||
			    strlen(s.sets[i].events) > SETTINGS_MAX_EVENTS)
				abort();
	} else if (strncmp(em.text, "fuzz.conf", 9) != 0) {
		abort();
	}
	settings_free(&s);
	fclose(f);
	return 0;
}
