/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_resctrl.c: libFuzzer target for resctrl's texts: /proc/self/mountinfo (the mount point),
 * a value file, a group's name. No crash, no read past the text; what parses keeps its promises:
 * an absolute mount point that fits, a value that is digits or one of the two words, a name of
 * plain characters. The first byte picks the parser: '0' mountinfo, '1' value, '2' name. */
// FUZZ_SOURCES: src/hw/sys/resctrl.c src/hw/sys/sysfs.c src/hw/sys/fsat.c src/base/errmsg.c src/base/printable.c
// FUZZ_ARGS: -max_len=8192
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/sys/resctrl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, mp[64], again[32];
	uint64_t v = 0;
	int k;

	if (size == 0)
		return 0;
	/* an exact-size NUL-terminated heap copy, so ASan sees a read past the end */
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		if (resctrl_mount_point(text, mp, sizeof(mp)) == 0 && (mp[0] != '/' || strlen(mp) >= sizeof(mp)))
			abort();
		break;
	case 1:
		k = resctrl_parse_value((const char *)data + 1, size - 1, &v);
		if (k != -EINVAL && k != RDT_OK && k != RDT_UNAVAILABLE && k != RDT_ERROR)
			abort();
		if (k == RDT_OK) {   /* the digits read back, but for leading zeros */
			size_t n = size - 1 - (size > 1 && data[size - 1] == '\n');
			size_t z = 0;

			while (z + 1 < n && data[1 + z] == '0')
				z++;
			snprintf(again, sizeof(again), "%llu", (unsigned long long)v);
			if (strlen(again) != n - z || memcmp(again, data + 1 + z, n - z))
				abort();
		}
		break;
	default:
		if (resctrl_name_ok(text))
			for (const char *p = text; *p; p++)
				if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@:+-", *p))
					abort();
	}
	free(text);
	return 0;
}
