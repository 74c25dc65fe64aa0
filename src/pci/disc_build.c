/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_build.c: write discovery tables and PCI config spaces, the inverse of the parser, for fixtures. */
#include <errno.h>
#include <string.h>

#include "disc.h"

/* All multi-byte fields are little endian, whatever the host. */
static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v & 0xffff);
	put16(p + 2, v >> 16);
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

#define BITS(v, width, shift) (((uint64_t)(v) & ((1ull << (width)) - 1)) << (shift))

long disc_build_table(const struct disc_global *g, const struct disc_unit *u, int n,
		      uint8_t *buf, size_t len)
{
	size_t stride = (size_t)g->stride * 8, need = 24;

	if (n < 0 || g->stride < 0)
		return -EINVAL;
	/* A unit entry is three words; a smaller stride would overlap entries. */
	if (n > 0 && stride < 24)
		return -EINVAL;
	if (n > 0)
		need = (size_t)n * stride + 24;
	if (need > len)
		return -ENOSPC;
	memset(buf, 0, need);
	put64(buf, BITS(g->type, 8, 0) | BITS(g->stride, 8, 8) | BITS(g->max_units, 10, 16) |
		   BITS(g->access, 2, 62));
	put64(buf + 8, g->ctl);
	put64(buf + 16, BITS(g->status_offset, 8, 0) | BITS(g->num_status, 16, 8));
	for (int i = 0; i < n; i++) {
		uint8_t *e = buf + (size_t)(i + 1) * stride;

		put64(e, BITS(u[i].num_regs, 8, 0) | BITS(u[i].ctl_offset, 8, 8) |
			 BITS(u[i].bit_width, 8, 16) | BITS(u[i].ctr_offset, 8, 24) |
			 BITS(u[i].status_offset, 8, 32) | BITS(u[i].access, 2, 62));
		put64(e + 8, u[i].ctl);
		put64(e + 16, BITS(u[i].box_type, 16, 0) | BITS(u[i].box_id, 16, 16));
	}
	return (long)need;
}

/* Where the PCI Express capability sits in the fixture: the real 8086:09a7 has it at 0x90.
 * libpci and lspci only walk extended capabilities of devices that have one. */
#define FIX_EXP_CAP 0x90

int disc_build_config(uint8_t cfg[4096], uint16_t vendor, uint16_t device, uint32_t class_rev,
		      const uint32_t bar[6], const struct disc_fixture_dvsec *dv, int ndv)
{
	int where = 0x100;

	if (ndv < 0)
		return -EINVAL;
	memset(cfg, 0, 4096);
	put16(cfg + 0x00, vendor);
	put16(cfg + 0x02, device);
	put16(cfg + 0x04, 0x0002);          /* command: memory space enabled */
	put16(cfg + 0x06, 0x0010);          /* status: capability list present */
	put32(cfg + 0x08, class_rev);
	cfg[0x0e] = 0;                      /* header type 0 */
	for (int i = 0; i < 6; i++)
		put32(cfg + 0x10 + 4 * i, bar ? bar[i] : 0);
	cfg[0x34] = FIX_EXP_CAP;
	cfg[FIX_EXP_CAP] = 0x10;            /* PCI Express, last in the list */
	cfg[FIX_EXP_CAP + 1] = 0;
	put16(cfg + FIX_EXP_CAP + 2, 0x0092); /* version 2, root complex integrated endpoint */

	for (int i = 0; i < ndv; i++) {
		int len = dv[i].length ? dv[i].length : 16;
		int step = (len < 16 ? 16 : len + 3) & ~3;
		int next = i + 1 < ndv ? where + step : 0;

		if (len > 0xfff || where + step > 4096 || next > 0xffc)
			return -ENOSPC;
		put32(cfg + where, 0x0023 | 1u << 16 | (uint32_t)next << 20);
		put32(cfg + where + 4, dv[i].vendor | 1u << 16 | (uint32_t)len << 20);
		put16(cfg + where + 8, dv[i].id);
		put32(cfg + where + 12, dv[i].bir);
		where += step;
	}
	return 0;
}
