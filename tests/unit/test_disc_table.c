/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_disc_table.c: the discovery table parser: the real SPR IMC print, every validation rule, and type names. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "pci/disc.h"
#include "t.h"

static const struct disc_global g4 = { .type = 1, .stride = 4, .max_units = 4, .access = DISC_MMIO, .ctl = 0x2000 };

static void units4(struct disc_unit u[4])
{
	for (int i = 0; i < 4; i++)
		u[i] = (struct disc_unit){ .num_regs = 4, .ctl_offset = 0x40, .bit_width = 48, .ctr_offset = 8,
					   .access = DISC_MMIO, .ctl = 0x1000 + 0x100ull * (uint64_t)i,
					   .box_type = 6, .box_id = i };
}

/* Build 4 units after applying a corruption to unit 2, parse, return the table. */
static int parse4(struct disc_unit u[4], struct disc_table *t)
{
	uint8_t buf[4 * 32 + 24];
	long n = disc_build_table(&g4, u, 4, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	return disc_parse_table(buf, (size_t)n, t);
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

TEST(spr_imc_real_print)
{
	char path[512], line[512];
	struct disc_unit want[16];
	struct disc_global g = { .type = 6, .stride = 4, .access = DISC_MMIO, .ctl = 0xc8a00000 };
	struct disc_table t;
	uint8_t buf[17 * 32];
	int n = 0, boxes = -1;
	long len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/pcm_discovery_print_spr_imc_type6.txt", t_realdata());
	f = fopen(path, "r");
	if (!f) {
		T_SKIP("%s absent", path);
	}
	while (fgets(line, sizeof(line), f) && n < 16) {
		unsigned long long ctl;
		char acc[16];
		struct disc_unit *u = &want[n];

		if (sscanf(line, "PMU type %*d (%d boxes)", &boxes) == 1)
			continue;
		if (sscanf(line, " unit PMU of type %d ID %d box ctrl: %llx (-) with access type %15s width %d "
			   "numRegs %d ctrlOffset %d ctrOffset %d", &u->box_type, &u->box_id, &ctl, acc,
			   &u->bit_width, &u->num_regs, &u->ctl_offset, &u->ctr_offset) == 8) {
			u->ctl = ctl;
			u->access = strcmp(acc, "MMIO") == 0 ? DISC_MMIO : strcmp(acc, "PCI") == 0 ? DISC_PCI : DISC_MSR;
			u->status_offset = 0;
			n++;
		}
	}
	fclose(f);
	CHECK_EQ_INT(boxes, 8);
	CHECK_EQ_INT(n, 8);
	g.max_units = n;
	len = disc_build_table(&g, want, n, buf, sizeof(buf));
	CHECK(len > 0, "build %ld", len);
	CHECK_EQ_INT(disc_parse_table(buf, (size_t)len, &t), 0);
	CHECK_EQ_INT(t.nunits, 8);
	CHECK_EQ_INT(t.skipped, 0);
	for (int i = 0; i < t.nunits && i < n; i++) {
		CHECK_EQ_INT(t.units[i].box_type, 6);
		CHECK_EQ_INT(t.units[i].box_id, i);
		CHECK_EQ_U64(t.units[i].ctl, want[i].ctl);
		CHECK_EQ_INT(t.units[i].access, DISC_MMIO);
		CHECK_EQ_INT(t.units[i].bit_width, 48);
		CHECK_EQ_INT(t.units[i].num_regs, 4);
		CHECK_EQ_INT(t.units[i].ctl_offset, 0x40);
		CHECK_EQ_INT(t.units[i].ctr_offset, 8);
	}
	CHECK_EQ_U64(t.units[0].ctl, 0xc8aa2800);
	CHECK_EQ_U64(t.units[7].ctl, 0xc8c2a800);
	disc_table_free(&t);
}

TEST(stride_zero)
{
	uint8_t buf[256];
	struct disc_unit u[4];
	struct disc_table t;

	units4(u);
	CHECK(disc_build_table(&g4, u, 4, buf, sizeof(buf)) > 0, "build");
	buf[1] = 0;
	CHECK_EQ_INT(disc_parse_table(buf, sizeof(buf), &t), -EINVAL);
	CHECK_EQ_INT(t.nunits, 0);
	CHECK_EQ_INT(t.skipped, 4);
	buf[1] = 2;     /* units would overlap the global entry */
	CHECK_EQ_INT(disc_parse_table(buf, sizeof(buf), &t), -EINVAL);
	CHECK_EQ_INT(t.skipped, 4);
}

TEST(max_units_beyond_buffer)
{
	uint8_t buf[256];
	struct disc_unit u[4];
	struct disc_table t;
	long n;

	units4(u);
	n = disc_build_table(&g4, u, 4, buf, sizeof(buf));
	/* The buffer holds the global entry and two whole units, and half of the third. */
	CHECK_EQ_INT(disc_parse_table(buf, 3 * 32 + 12, &t), 0);
	CHECK_EQ_INT(t.nunits, 2);
	CHECK_EQ_INT(t.skipped, 2);
	disc_table_free(&t);
	/* max_units of 1023 in a table of 4 */
	buf[2] = 0xff;
	buf[3] |= 3;
	CHECK_EQ_INT(disc_parse_table(buf, (size_t)n, &t), 0);
	CHECK_EQ_INT(t.g.max_units, 1023);
	CHECK_EQ_INT(t.nunits, 4);
	CHECK_EQ_INT(t.skipped, 1019);
	disc_table_free(&t);
	/* exactly one unit: the last unit ends at the last byte */
	CHECK_EQ_INT(disc_parse_table(buf, 32 + 24, &t), 0);
	CHECK_EQ_INT(t.nunits, 1);
	disc_table_free(&t);
	CHECK_EQ_INT(disc_parse_table(buf, 32 + 23, &t), 0);
	CHECK_EQ_INT(t.nunits, 0);
	CHECK_EQ_INT(t.skipped, 1023);
	disc_table_free(&t);
}

TEST(reserved_access_type)
{
	struct disc_unit u[4];
	struct disc_table t;

	units4(u);
	u[2].access = DISC_RESERVED;
	CHECK_EQ_INT(parse4(u, &t), 0);
	CHECK_EQ_INT(t.nunits, 3);
	CHECK_EQ_INT(t.skipped, 1);
	CHECK_EQ_INT(t.units[2].box_id, 3);
	disc_table_free(&t);
}

TEST(zero_and_all_ones_words)
{
	/* word0, control address and word2 of unit 1, each zero or all-ones in turn */
	static const struct { int word; uint64_t v; } bad[] = {
		{ 0, 0 }, { 0, ~0ull }, { 1, 0 }, { 1, ~0ull }, { 2, ~0ull },
	};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		uint8_t buf[4 * 32 + 24];
		struct disc_unit u[4];
		struct disc_table t;
		long n;

		units4(u);
		n = disc_build_table(&g4, u, 4, buf, sizeof(buf));
		put64(buf + 2 * 32 + 8 * bad[k].word, bad[k].v);
		CHECK_EQ_INT(disc_parse_table(buf, (size_t)n, &t), 0);
		CHECK(t.nunits == 3 && t.skipped == 1, "case %zu: %d units, %d skipped", k, t.nunits, t.skipped);
		CHECK(t.nunits == 3 && t.units[1].box_id == 2, "case %zu: wrong unit dropped", k);
		disc_table_free(&t);
	}
}

TEST(zero_offsets)
{
	struct disc_unit u[4];
	struct disc_table t;

	units4(u);
	u[0].ctl_offset = 0;
	u[3].ctr_offset = 0;
	CHECK_EQ_INT(parse4(u, &t), 0);
	CHECK_EQ_INT(t.nunits, 2);
	CHECK_EQ_INT(t.skipped, 2);
	CHECK_EQ_INT(t.units[0].box_id, 1);
	CHECK_EQ_INT(t.units[1].box_id, 2);
	disc_table_free(&t);
}

TEST(duplicate_box_id)
{
	struct disc_unit u[4];
	struct disc_table t;

	units4(u);
	u[2].box_id = 0;        /* same type 6, id 0 again: dropped */
	u[3].box_id = 0;
	u[3].box_type = 7;      /* id 0 of another type: kept */
	CHECK_EQ_INT(parse4(u, &t), 0);
	CHECK_EQ_INT(t.nunits, 3);
	CHECK_EQ_INT(t.skipped, 1);
	CHECK_EQ_INT(t.units[2].box_type, 7);
	CHECK_EQ_U64(t.units[0].ctl, 0x1000);   /* the first of the duplicates stays */
	disc_table_free(&t);
}

TEST(global_entry_invalid)
{
	uint8_t buf[4 * 32 + 24];
	struct disc_unit u[4];
	struct disc_table t;
	long n;

	units4(u);
	for (int w = 0; w < 3; w++) {
		n = disc_build_table(&g4, u, 4, buf, sizeof(buf));
		put64(buf + 8 * w, ~0ull);
		CHECK_EQ_INT(disc_parse_table(buf, (size_t)n, &t), -EINVAL);
		CHECK_EQ_INT(t.nunits, 0);
	}
	n = disc_build_table(&g4, u, 4, buf, sizeof(buf));
	put64(buf + 8, 0);
	CHECK_EQ_INT(disc_parse_table(buf, (size_t)n, &t), -EINVAL);
	CHECK_EQ_INT(t.skipped, 4);
	CHECK_EQ_INT(disc_parse_table(buf, 23, &t), -EINVAL);
	CHECK_EQ_INT(disc_parse_table(NULL, 100, &t), -EINVAL);
}

TEST(no_units)
{
	uint8_t buf[64];
	struct disc_global g = g4;
	struct disc_table t;

	g.max_units = 0;
	CHECK_EQ_INT(disc_build_table(&g, NULL, 0, buf, sizeof(buf)), 24);
	CHECK_EQ_INT(disc_parse_table(buf, 24, &t), 0);
	CHECK_EQ_INT(t.nunits, 0);
	CHECK_EQ_INT(t.skipped, 0);
	CHECK(t.units == NULL, "units allocated");
}

TEST(type_names)
{
	CHECK_EQ_STR(disc_type_name("sapphire_rapids", 6), "imc");
	CHECK_EQ_STR(disc_type_name("emerald_rapids", 9), "m3upi");
	CHECK_EQ_STR(disc_type_name("sapphire_rapids", 14), "hbm");
	CHECK(disc_type_name("sapphire_rapids", 5) == NULL, "SPR has no type 5");
	CHECK_EQ_STR(disc_type_name("granite_rapids", 5), "ubox");
	CHECK_EQ_STR(disc_type_name("sierra_forest", 22), "pciex8");
	CHECK_EQ_STR(disc_type_name("granite_rapids", 20), "mdf_sbo");
	CHECK(disc_type_name("granite_rapids", 3) == NULL, "GNR has no type 3");
	CHECK(disc_type_name("granite_rapids", 23) == NULL, "beyond the table");
	CHECK(disc_type_name("granite_rapids", -1) == NULL, "negative");
	CHECK(disc_type_name("icelake", 6) == NULL, "unknown generation");
	CHECK(disc_type_name(NULL, 6) == NULL, "no generation");
}

TEST(generation)
{
	CHECK_EQ_STR(disc_generation("sapphire_rapids", "Granite Rapids"), "sapphire_rapids");
	CHECK_EQ_STR(disc_generation("icelake", "Intel(R) Xeon(R) 6 Granite Rapids"), "granite_rapids");
	CHECK_EQ_STR(disc_generation(NULL, "emerald_rapids"), "emerald_rapids");
	CHECK_EQ_STR(disc_generation(NULL, "143"), "sapphire_rapids");
	CHECK_EQ_STR(disc_generation(NULL, "0xaf"), "sierra_forest");
	CHECK_EQ_STR(disc_generation(NULL, "0xae"), "granite_rapids");
	CHECK(disc_generation(NULL, "106") == NULL, "Ice Lake-SP has no generation table");
	CHECK(disc_generation(NULL, "Intel(R) Xeon(R) Gold 6326") == NULL, "ICX by name");
	CHECK(disc_generation(NULL, NULL) == NULL, "nothing");
	CHECK(disc_generation("", "") == NULL, "empty");
}

int main(void)
{
	RUN(spr_imc_real_print);
	RUN(stride_zero);
	RUN(max_units_beyond_buffer);
	RUN(reserved_access_type);
	RUN(zero_and_all_ones_words);
	RUN(zero_offsets);
	RUN(duplicate_box_id);
	RUN(global_entry_invalid);
	RUN(no_units);
	RUN(type_names);
	RUN(generation);
	T_DONE();
}
