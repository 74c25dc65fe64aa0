/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_disc_build.c: the fixture builders round-trip through the parser, and lspci reads their config spaces. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "pci/disc.h"
#include "t.h"

static const struct disc_global g_imc = {
	.type = 6, .stride = 4, .max_units = 3, .access = DISC_MMIO, .ctl = 0xc8a00000,
	.status_offset = 0x10, .num_status = 2,
};

static const struct disc_unit u_imc[3] = {
	{ .num_regs = 4, .ctl_offset = 0x40, .bit_width = 48, .ctr_offset = 8, .status_offset = 0x5c,
	  .access = DISC_MMIO, .ctl = 0xc8aa2800, .box_type = 6, .box_id = 0 },
	{ .num_regs = 4, .ctl_offset = 0x40, .bit_width = 48, .ctr_offset = 8, .status_offset = 0x5c,
	  .access = DISC_MMIO, .ctl = 0xc8aaa800, .box_type = 6, .box_id = 1 },
	{ .num_regs = 2, .ctl_offset = 0x0, .bit_width = 48, .ctr_offset = 0x8, .status_offset = 0,
	  .access = DISC_PCI, .ctl = 0x12345678ull, .box_type = 1, .box_id = 7 },
};

TEST(table_round_trip)
{
	uint8_t buf[256];
	struct disc_unit u[3];
	struct disc_table t;
	long n;

	memcpy(u, u_imc, sizeof(u));
	u[2].ctl_offset = 0x30;
	n = disc_build_table(&g_imc, u, 3, buf, sizeof(buf));
	CHECK_EQ_INT(n, 4 * 32 - 8);
	CHECK_EQ_INT(disc_parse_table(buf, (size_t)n, &t), 0);
	CHECK_EQ_INT(t.g.type, 6);
	CHECK_EQ_INT(t.g.stride, 4);
	CHECK_EQ_INT(t.g.max_units, 3);
	CHECK_EQ_INT(t.g.access, DISC_MMIO);
	CHECK_EQ_U64(t.g.ctl, 0xc8a00000);
	CHECK_EQ_INT(t.g.status_offset, 0x10);
	CHECK_EQ_INT(t.g.num_status, 2);
	CHECK_EQ_INT(t.skipped, 0);
	CHECK_EQ_INT(t.nunits, 3);
	for (int i = 0; i < t.nunits && i < 3; i++) {
		CHECK(memcmp(&t.units[i], &u[i], sizeof(u[i])) == 0, "unit %d differs", i);
	}
	disc_table_free(&t);
}

TEST(table_bit_positions)
{
	/* Fields land exactly where PMU-FACTS section 5 puts them (little endian words). */
	uint8_t buf[64];
	struct disc_global g = { .type = 0xab, .stride = 3, .max_units = 0x3ff, .access = 2,
				 .ctl = 0x1122334455667788ull, .status_offset = 0x5a, .num_status = 0xbeef };
	struct disc_unit u = { .num_regs = 0x11, .ctl_offset = 0x22, .bit_width = 0x33, .ctr_offset = 0x44,
			       .status_offset = 0x55, .access = 1, .ctl = 0x99, .box_type = 0x1234, .box_id = 0x5678 };

	CHECK_EQ_INT(disc_build_table(&g, &u, 1, buf, sizeof(buf)), 48);
	CHECK_EQ_U64(buf[0], 0xab);
	CHECK_EQ_U64(buf[1], 3);
	CHECK_EQ_U64(buf[2] | buf[3] << 8, 0x3ff);
	CHECK_EQ_U64(buf[7] >> 6, 2);
	CHECK_EQ_U64(buf[8], 0x88);
	CHECK_EQ_U64(buf[15], 0x11);
	CHECK_EQ_U64(buf[16], 0x5a);
	CHECK_EQ_U64(buf[17] | buf[18] << 8, 0xbeef);
	CHECK_EQ_U64(buf[24], 0x11);
	CHECK_EQ_U64(buf[25], 0x22);
	CHECK_EQ_U64(buf[26], 0x33);
	CHECK_EQ_U64(buf[27], 0x44);
	CHECK_EQ_U64(buf[28], 0x55);
	CHECK_EQ_U64(buf[31] >> 6, 1);
	CHECK_EQ_U64(buf[32], 0x99);
	CHECK_EQ_U64(buf[40] | buf[41] << 8, 0x1234);
	CHECK_EQ_U64(buf[42] | buf[43] << 8, 0x5678);
}

TEST(table_no_space)
{
	uint8_t buf[64];

	CHECK_EQ_INT(disc_build_table(&g_imc, u_imc, 3, buf, sizeof(buf)), -ENOSPC);
	CHECK_EQ_INT(disc_build_table(&g_imc, u_imc, 1, buf, sizeof(buf)), 56);
}

static uint32_t rd32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

TEST(config_layout)
{
	static uint8_t cfg[4096];
	const uint32_t bar[6] = { 0x90300000, 0x90000000, 0, 0, 0, 0 };
	const struct disc_fixture_dvsec dv[4] = {
		{ 0x8086, 1, 0, 16 }, { 0x8086, 2, 1, 16 }, { 0x8086, 3, 0, 16 }, { 0x1e98, 0, 0, 56 },
	};

	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar, dv, 4), 0);
	CHECK_EQ_U64(rd32(cfg), 0x09a78086);
	CHECK_EQ_U64(rd32(cfg + 8), 0x08800003);
	CHECK_EQ_U64(cfg[0x0e], 0);
	CHECK_EQ_U64(rd32(cfg + 0x10), 0x90300000);
	CHECK_EQ_U64(rd32(cfg + 0x14), 0x90000000);
	/* header: id 0x23, version 1, next 0x110; vendor, rev 1, length; DVSEC id; BIR */
	CHECK_EQ_U64(rd32(cfg + 0x100), 0x0023u | 1u << 16 | 0x110u << 20);
	CHECK_EQ_U64(rd32(cfg + 0x104), 0x8086u | 1u << 16 | 16u << 20);
	CHECK_EQ_U64(rd32(cfg + 0x108), 1);
	CHECK_EQ_U64(rd32(cfg + 0x10c), 0);
	CHECK_EQ_U64(rd32(cfg + 0x11c), 1);
	CHECK_EQ_U64(rd32(cfg + 0x130) >> 20, 0);            /* last one ends the chain */
	CHECK_EQ_U64(rd32(cfg + 0x134), 0x1e98u | 1u << 16 | 56u << 20);
}

TEST(config_too_many)
{
	static uint8_t cfg[4096];
	static struct disc_fixture_dvsec dv[300];

	for (int i = 0; i < 300; i++)
		dv[i] = (struct disc_fixture_dvsec){ 0x8086, (uint16_t)i, 0, 16 };
	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0, NULL, dv, 300), -ENOSPC);
}

/* Run lspci on a command line and check that its output holds every wanted line. */
static void lspci_has(const char *t_name, const char *cmd, const char *const *want, int nwant)
{
	char line[512], all[8192] = "";
	FILE *p = popen(cmd, "r");

	CHECK(p != NULL, "popen %s", cmd);
	if (!p)
		return;
	while (fgets(line, sizeof(line), p))
		if (strlen(all) + strlen(line) < sizeof(all))
			strcat(all, line);
	pclose(p);
	for (int i = 0; i < nwant; i++)
		CHECK(strstr(all, want[i]) != NULL, "lspci lacks \"%s\"; output:\n%s", want[i], all);
}

static const char *const lspci_want[] = {
	"Capabilities: [100 v1] Designated Vendor-Specific: Vendor=8086 ID=0001 Rev=1 Len=16",
	"Capabilities: [110 v1] Designated Vendor-Specific: Vendor=8086 ID=0002 Rev=1 Len=16",
	"Region 0: Memory at 90300000 (32-bit, non-prefetchable)",
	"Region 1: Memory at 90000000 (32-bit, non-prefetchable)",
};

TEST(lspci_reads_fixture)
{
	static uint8_t cfg[4096];
	const uint32_t bar[6] = { 0x90300000, 0x90000000, 0, 0, 0, 0 };
	const struct disc_fixture_dvsec dv[2] = { { 0x8086, 1, 0, 16 }, { 0x8086, 2, 1, 16 } };
	char dir[] = "/tmp/pmutop-disc-build.XXXXXX", cmd[512], path[300];
	struct disc_fixture_dev d = { .bdf = "0000:00:03.1", .cfg = cfg, .numa_node = 1,
				      .res_size = { 0x4000, 0x200000 } };
	uint8_t table[64] = { 1 };
	FILE *f;

	if (system("lspci --version >/dev/null 2>&1") != 0) {
		T_SKIP("lspci not installed");
	}
	d.res[0] = table;
	d.res_len[0] = sizeof(table);
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar, dv, 2), 0);
	CHECK_EQ_INT(disc_fixture_write_sysfs(dir, &d), 0);
	snprintf(cmd, sizeof(cmd), "lspci -A linux-sysfs -O sysfs.path=%s/bus/pci -vvv 2>/dev/null", dir);
	lspci_has(t_name, cmd, lspci_want, 4);

	snprintf(path, sizeof(path), "%s/dump", dir);
	f = fopen(path, "w");
	CHECK(f != NULL, "fopen %s", path);
	if (f) {
		CHECK_EQ_INT(disc_fixture_write_dump(f, "0000:00:03.1", cfg), 0);
		fclose(f);
	}
	snprintf(cmd, sizeof(cmd), "lspci -F %s -vvv 2>/dev/null", path);
	lspci_has(t_name, cmd, lspci_want, 2);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	CHECK_EQ_INT(system(cmd), 0);
}

int main(void)
{
	RUN(table_round_trip);
	RUN(table_bit_positions);
	RUN(table_no_space);
	RUN(config_layout);
	RUN(config_too_many);
	RUN(lspci_reads_fixture);
	T_DONE();
}
