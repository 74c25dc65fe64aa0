/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_disc_report.c: --list-uncore output, text and JSON, for an inventory scanned from a fixture tree. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "pci/disc.h"
#include "out/uncore_report.h"
#include "t.h"

static uint8_t cfg[4096];

static const char *const kpmus[] = {
	"uncore_imc_0", "uncore_imc_1", "uncore_imc_2", "uncore_imc_3", "uncore_imc_4", "uncore_imc_5",
	"uncore_imc_6", "uncore_imc_7", "uncore_pcu", NULL,
};

static int node_socket(int node, void *arg)
{
	(void)arg;
	return node;
}

/* Socket `node`: 8 IMCs (MMIO, 48-bit x4, the PCM print's addresses), one PCU (MSR), and one unit of a
 * type SPR does not name; the device also carries DVSEC ID 2. */
static int write_socket(const char *root, const char *bdf, int node)
{
	static const uint64_t imc_ctl[8] = { 0xc8aa2800, 0xc8aaa800, 0xc8b22800, 0xc8b2a800,
					     0xc8ba2800, 0xc8baa800, 0xc8c22800, 0xc8c2a800 };
	const struct disc_global g = { .type = 1, .stride = 4, .max_units = 11, .access = DISC_MSR, .ctl = 0x2ff0 };
	const uint32_t bar[6] = { 0x90300000 + 0x1000000u * (uint32_t)node };
	const struct disc_fixture_dvsec dv[2] = { { 0x8086, 1, 0, 16 }, { 0x8086, 2, 0, 16 } };
	struct disc_unit u[11];
	uint8_t table[12 * 32];
	long n;
	struct disc_fixture_dev d = { .bdf = bdf, .cfg = cfg, .numa_node = node, .res_size = { 0x4000 } };

	for (int i = 0; i < 8; i++)
		u[i] = (struct disc_unit){ .num_regs = 4, .ctl_offset = 0x40, .bit_width = 48, .ctr_offset = 8,
					   .access = DISC_MMIO, .ctl = imc_ctl[i], .box_type = 6, .box_id = i };
	u[8] = (struct disc_unit){ .num_regs = 4, .ctl_offset = 1, .bit_width = 48, .ctr_offset = 8,
				   .access = DISC_MSR, .ctl = 0x2fc0, .box_type = 4, .box_id = 0 };
	u[9] = (struct disc_unit){ .num_regs = 2, .ctl_offset = 1, .bit_width = 40, .ctr_offset = 8,
				   .access = DISC_PCI, .ctl = 0x10302000, .box_type = 23, .box_id = 0 };
	u[10] = u[9];                     /* a duplicate: skipped */
	n = disc_build_table(&g, u, 11, table, sizeof(table));
	if (n < 0 || disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar, dv, 2))
		return -1;
	d.res[0] = table;
	d.res_len[0] = (size_t)n;
	return disc_fixture_write_sysfs(root, &d);
}

static char dir[64];

static int scan(struct disc_inventory *inv)
{
	struct disc_options o = { .sysfs_root = dir, .generation = "sapphire_rapids",
				  .node_socket = node_socket, .kernel_pmus = kpmus };

	return disc_scan(&o, inv, NULL);
}

static char *render(const struct disc_inventory *inv, bool json)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (uncore_report(f, inv, json) != 0) {
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	return text;
}

TEST(text_form)
{
	struct disc_inventory inv;
	char *text;

	CHECK_EQ_INT(scan(&inv), 0);
	text = render(&inv, false);
	CHECK(text != NULL, "render");
	if (!text)
		return;
	CHECK(strstr(text, "uncore PMON discovery (sapphire_rapids): 4 DVSECs, 20 boxes\n") != NULL, "%s", text);
	CHECK(strstr(text, "dvsec 0000:00:03.1  id 1  BAR0 0x90300000  socket 0  table read\n") != NULL, "%s", text);
	CHECK(strstr(text, "dvsec 0000:80:03.1  id 2  socket 1  not PMON discovery\n") != NULL, "%s", text);
	CHECK(strstr(text, "socket 0  pcu      1 box  msr   48-bit x4  uncore_pcu\n") != NULL, "%s", text);
	CHECK(strstr(text, "socket 0  imc      8 boxes  mmio  48-bit x4  uncore_imc_0..7\n") != NULL, "%s", text);
	CHECK(strstr(text, "socket 1  imc      8 boxes  mmio  48-bit x4  uncore_imc_0..7\n") != NULL, "%s", text);
	CHECK(strstr(text, "socket 1  type 23  1 box  pci   40-bit x2  no kernel PMU\n") != NULL, "%s", text);
	CHECK(strstr(text, "skipped 2 invalid table entries\n") != NULL, "%s", text);
	CHECK(strstr(text, "warning") == NULL, "%s", text);
	/* groups in socket, then type order */
	CHECK(strstr(text, "socket 0  pcu") < strstr(text, "socket 0  imc") &&
	      strstr(text, "socket 0  type 23") < strstr(text, "socket 1  pcu"), "%s", text);
	free(text);
	disc_inventory_free(&inv);
}

TEST(text_empty_with_warning)
{
	struct disc_inventory inv;
	char *text;

	memset(&inv, 0, sizeof(inv));
	snprintf(inv.warning, sizeof(inv.warning), "cannot map BAR0 of 0000:00:03.1: Permission denied; run as root");
	text = render(&inv, false);
	CHECK(text != NULL, "render");
	if (!text)
		return;
	CHECK(strstr(text, "no PMON discovery DVSEC found") != NULL, "%s", text);
	CHECK(strstr(text, "warning: cannot map BAR0 of 0000:00:03.1: Permission denied; run as root\n") != NULL,
	      "%s", text);
	free(text);
}

/* JSON checked by an independent parser: python3's json module. */
TEST(json_form)
{
	struct disc_inventory inv;
	char path[128], cmd[4096];
	char *text;
	FILE *f;
	int rc;

	if (system("python3 -c pass 2>/dev/null") != 0) {
		T_SKIP("python3 missing");
	}
	CHECK_EQ_INT(scan(&inv), 0);
	snprintf(inv.dvsec[1].note, sizeof(inv.dvsec[1].note), "a \"quoted\"\tnote\\");
	text = render(&inv, true);
	CHECK(text != NULL, "render");
	if (!text)
		return;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	f = fopen(path, "w");
	CHECK(f != NULL, "fopen");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	rc = snprintf(cmd, sizeof(cmd), "python3 - %s <<'EOF'\n"
		 "import json, sys\n"
		 "d = json.load(open(sys.argv[1]))\n"
		 "assert d['skipped'] == 2 and d['generation'] == 'sapphire_rapids' and d['warning'] is None\n"
		 "v = d['dvsec']\n"
		 "assert [(x['bdf'], x['id'], x['used'], x['socket']) for x in v] == [('0000:00:03.1', 1, True, 0),"
		 " ('0000:00:03.1', 2, False, 0), ('0000:80:03.1', 1, True, 1), ('0000:80:03.1', 2, False, 1)], v\n"
		 "assert v[0]['bar'] == '0x90300000' and v[0]['bir'] == 0 and v[0]['note'] is None, v[0]\n"
		 "assert v[1]['note'] == 'a \"quoted\"\\tnote\\\\\\\\' and v[1]['bar'] is None, v[1]\n"
		 "b = d['boxes']\n"
		 "assert len(b) == 20\n"
		 "imc = [x for x in b if x['name'] == 'imc' and x['socket'] == 0]\n"
		 "assert [x['ctrl_addr'] for x in imc][:2] == ['0xc8aa2800', '0xc8aaa800'], imc\n"
		 "assert all(x['type'] == 6 and x['access'] == 'mmio' and x['counter_width'] == 48 and\n"
		 "           x['num_counters'] == 4 and x['ctrl_offset'] == 64 and x['ctr_offset'] == 8 for x in imc)\n"
		 "assert [x['kernel_pmu'] for x in imc] == ['uncore_imc_%%d' %% i for i in range(8)]\n"
		 "t = [x for x in b if x['type'] == 23]\n"
		 "assert len(t) == 2 and t[0]['kernel_pmu'] is None and t[0]['name'] == 'type 23' and t[0]['access'] == 'pci'\n"
		 "EOF\n", path);
	CHECK(rc > 0 && (size_t)rc < sizeof(cmd), "script truncated");
	rc = system(cmd);
	CHECK_EQ_INT(rc, 0);
	free(text);
	disc_inventory_free(&inv);
}

int main(void)
{
	if (!mkdtemp(strcpy(dir, "/tmp/pmutop-disc-report.XXXXXX")) ||
	    write_socket(dir, "0000:00:03.1", 0) || write_socket(dir, "0000:80:03.1", 1)) {
		printf("FAIL %s:setup: cannot write the fixture tree\n", t_file);
		return 1;
	}
	RUN(text_form);
	RUN(text_empty_with_warning);
	RUN(json_form);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			printf("FAIL %s:cleanup: %s\n", t_file, dir);
	}
	T_DONE();
}
