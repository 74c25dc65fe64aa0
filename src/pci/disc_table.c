/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_table.c: parse an uncore PMON discovery table (PMU-FACTS section 5) from a byte buffer, validating
 * every entry the way the kernel's uncore_discovery.c does and counting what it drops. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "disc.h"

#define ENTRY_BYTES 24   /* three u64 words, global and unit entries alike */

static uint64_t get64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int field(uint64_t w, int shift, int width)
{
	return (int)((w >> shift) & ((1ull << width) - 1));
}

/* The kernel's uncore_discovery_invalid_unit(): the same test serves the global entry. */
static bool entry_invalid(uint64_t w0, uint64_t ctl, uint64_t w2)
{
	return w0 == 0 || ctl == 0 || w0 == ~0ull || ctl == ~0ull || w2 == ~0ull;
}

static bool dup_box(const struct disc_unit *u, int n, int type, int id)
{
	for (int i = 0; i < n; i++)
		if (u[i].box_type == type && u[i].box_id == id)
			return true;
	return false;
}

int disc_parse_table(const uint8_t *buf, size_t len, struct disc_table *out)
{
	uint64_t w0, w2;
	size_t stride, fit;
	int n;

	memset(out, 0, sizeof(*out));
	if (!buf || len < ENTRY_BYTES)
		return -EINVAL;
	w0 = get64(buf);
	out->g.ctl = get64(buf + 8);
	w2 = get64(buf + 16);
	out->g.type = field(w0, 0, 8);
	out->g.stride = field(w0, 8, 8);
	out->g.max_units = field(w0, 16, 10);
	out->g.access = field(w0, 62, 2);
	out->g.status_offset = field(w2, 0, 8);
	out->g.num_status = field(w2, 8, 16);
	if (entry_invalid(w0, out->g.ctl, w2)) {
		out->skipped = out->g.max_units;
		return -EINVAL;
	}
	/* A stride under three words makes units overlap each other and the global entry; the
	 * kernel would map a zero-sized table for stride 0. Nothing in such a table can be trusted. */
	if (out->g.stride < 3) {
		out->skipped = out->g.max_units;
		return -EINVAL;
	}
	stride = (size_t)out->g.stride * 8;
	/* Unit i occupies [(i + 1) * stride, (i + 1) * stride + 24): count the units that fit. */
	fit = len >= stride + ENTRY_BYTES ? (len - ENTRY_BYTES) / stride : 0;
	n = out->g.max_units;
	if ((size_t)n > fit) {
		out->skipped += n - (int)fit;
		n = (int)fit;
	}
	if (n == 0)
		return 0;
	out->units = calloc((size_t)n, sizeof(*out->units));
	if (!out->units)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		const uint8_t *e = buf + (size_t)(i + 1) * stride;
		struct disc_unit *u = &out->units[out->nunits];
		uint64_t ctl;

		w0 = get64(e);
		ctl = get64(e + 8);
		w2 = get64(e + 16);
		if (entry_invalid(w0, ctl, w2) || field(w0, 62, 2) == DISC_RESERVED) {
			out->skipped++;
			continue;
		}
		u->num_regs = field(w0, 0, 8);
		u->ctl_offset = field(w0, 8, 8);
		u->bit_width = field(w0, 16, 8);
		u->ctr_offset = field(w0, 24, 8);
		u->status_offset = field(w0, 32, 8);
		u->access = field(w0, 62, 2);
		u->ctl = ctl;
		u->box_type = field(w2, 0, 16);
		u->box_id = field(w2, 16, 16);
		/* uncore_insert_box_info(): a unit without addresses cannot be driven, and a
		 * second unit with a box id already seen in its type is dropped. */
		if (!u->ctl_offset || !u->ctr_offset ||
		    dup_box(out->units, out->nunits, u->box_type, u->box_id)) {
			memset(u, 0, sizeof(*u));
			out->skipped++;
			continue;
		}
		out->nunits++;
	}
	return 0;
}

void disc_table_free(struct disc_table *t)
{
	if (!t)
		return;
	free(t->units);
	t->units = NULL;
	t->nunits = 0;
}
