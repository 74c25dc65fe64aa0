/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_disc.c: libFuzzer target for the discovery table parser: no crash, no out-of-bounds read, and the
 * result keeps the parser's promises (counts add up, no invalid unit survives, units rebuild identically). */
// FUZZ_SOURCES: src/pci/disc_table.c src/pci/disc_build.c
// FUZZ_SEEDS: tests/fixtures/pci/*.table
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pci/disc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct disc_table t, t2;
	uint8_t *copy, *again;
	size_t cap;
	long n;

	/* An exact-size heap copy, so ASan catches a read one byte past the end. */
	copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	if (disc_parse_table(copy, size, &t) != 0) {
		free(copy);
		if (t.nunits || t.units)
			abort();
		return 0;
	}
	free(copy);
	if (t.nunits + t.skipped != t.g.max_units)
		abort();
	for (int i = 0; i < t.nunits; i++) {
		const struct disc_unit *u = &t.units[i];

		if (u->access == DISC_RESERVED || !u->ctl || u->ctl == ~0ull || !u->ctl_offset || !u->ctr_offset)
			abort();
		for (int j = 0; j < i; j++)
			if (t.units[j].box_type == u->box_type && t.units[j].box_id == u->box_id)
				abort();
	}
	/* Rebuild the surviving units and parse again: the same units come back. */
	cap = (size_t)(t.nunits + 1) * (size_t)t.g.stride * 8 + 24;
	again = malloc(cap);
	if (!again)
		abort();
	t.g.max_units = t.nunits;
	n = disc_build_table(&t.g, t.units, t.nunits, again, cap);
	if (n < 0 || disc_parse_table(again, (size_t)n, &t2) != 0 || t2.nunits != t.nunits || t2.skipped)
		abort();
	for (int i = 0; i < t.nunits; i++)
		if (memcmp(&t.units[i], &t2.units[i], sizeof(t.units[i])) != 0)
			abort();
	free(again);
	disc_table_free(&t2);
	disc_table_free(&t);
	return 0;
}
