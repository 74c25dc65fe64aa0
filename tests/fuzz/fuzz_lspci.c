/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_lspci.c: libFuzzer target for the `lspci -xxxx` dump checker: no crash, no read outside the input,
 * an error names a line of the input, and what it accepts keeps every config byte inside 4,096. */
// FUZZ_SOURCES: src/base/errmsg.c src/base/printable.c src/pci/disc_dump.c
// FUZZ_SEEDS: tests/fuzz/corpus/lspci/*
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/errmsg.h"
#include "pci/disc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An independent reading of the accepted text: every line "HEX: ..." must have its bytes inside
 * config space, at most 16 of them. */
static void check_accepted(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		char line[DISC_DUMP_MAX_LINE + 2], *s, *tok, *save;
		unsigned long off;
		size_t n;
		int bytes = 0;

		if (!eol)
			eol = end;
		n = (size_t)(eol - p);
		if (n > DISC_DUMP_MAX_LINE)
			abort();
		memcpy(line, p, n);
		line[n] = 0;
		if (n && line[n - 1] == '\r')
			line[--n] = 0;
		p = eol < end ? eol + 1 : end;
		s = line;
		while (isxdigit((unsigned char)*s))
			s++;
		if (s == line || s[0] != ':' || (s[1] && s[1] != ' '))
			continue;
		off = strtoul(line, NULL, 16);
		for (tok = strtok_r(s + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
			bytes++;
		if (s - line > 3 || off + (unsigned long)bytes > 4096 || bytes > 16)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct errmsg em;
	char *copy;
	long lines = 1;

	/* An exact-size heap copy, so ASan sees a read one byte past the end. */
	copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	for (size_t i = 0; i < size; i++)
		lines += copy[i] == '\n';
	if (disc_dump_check(copy, size, &em) == 0) {
		if (em.text[0] || em.code)
			abort();
		check_accepted(copy, size);
	} else {
		long line = strtol(em.text, NULL, 10);

		if (line < 1 || line > lines || !strstr(em.text, ": ") || em.code != -EINVAL)
			abort();
	}
	free(copy);
	return 0;
}
