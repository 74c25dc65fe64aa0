/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_catalog_json.c: libFuzzer target for JSON event tables and mapfiles: no crash, no unbounded use,
 * and every event that survives has a clean name and terms made only of name=number pairs. */
// FUZZ_SOURCES: src/base/editdist.c src/base/errmsg.c src/base/printable.c src/hw/catalog/catalog.c src/hw/catalog/catalog_json.c src/hw/catalog/catalog_jsonload.c src/hw/sys/cpuid.c src/hw/sys/cpupat.c src/hw/sys/sysfs.c
// FUZZ_LIBS: -ljson-c
// FUZZ_SEEDS: tests/fuzz/corpus/catalog_json/*
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "base/errmsg.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_json.h"

static int count_row(void *ctx, char *const *f, int nf)
{
	(void)f;
	(void)nf;
	++*(int *)ctx;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct catalog c;
	struct errmsg em;
	char *text = malloc(size + 1);
	int rows = 0, r;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&c, 0, sizeof(c));
	r = catjson_parse(&c, text, size, "fuzz.json", NULL, "t", NULL, &em);
	if (r >= 0 && r != c.n)
		abort();
	if (catalog_finish(&c) < 0)
		abort();
	for (int i = 0; i < c.n; i++) {
		const char *t = c.ev[i].terms;

		for (const char *p = c.ev[i].name; *p; p++)
			if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && !strchr("._-", *p))
				abort();
		for (; *t; t++)
			if (!isalnum((unsigned char)*t) && !strchr("_=,", *t))
				abort();
		if (i > 0 && strcmp(c.ev[i - 1].name, c.ev[i].name) > 0)
			abort();
	}
	catalog_free(&c);
	/* the same bytes as a mapfile (the text stops at the first NUL, as a file read would) */
	r = catjson_mapfile(text, "GenuineIntel-6-8F-8", count_row, NULL, &rows);
	if (r >= 0 && r != rows)
		abort();
	free(text);
	return 0;
}
