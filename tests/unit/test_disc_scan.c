/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_disc_scan.c: disc_scan over generated sysfs trees and dumps, the real pciutils dumps, and lspci as oracle. */
#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/errmsg.h"
#include "pci/disc.h"
#include "t.h"

static uint8_t cfg[4096];

/* A fresh fixture root; the caller removes it with rmtree(). */
static char *fixture_dir(void)
{
	static char dir[64];

	snprintf(dir, sizeof(dir), "/tmp/pmutop-disc-scan.XXXXXX");
	return mkdtemp(dir);
}

static void rmtree(const char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", dir);
}

/* An IMC-like table: n units of type `type` with box ids ids[], MMIO, 48-bit x4. */
static long make_table(uint8_t *buf, size_t len, int type, const int *ids, int n)
{
	struct disc_global g = { .type = 1, .stride = 4, .max_units = n, .access = DISC_MMIO, .ctl = 0xc8000000 };
	struct disc_unit u[64];

	for (int i = 0; i < n; i++)
		u[i] = (struct disc_unit){ .num_regs = 4, .ctl_offset = 0x40, .bit_width = 48, .ctr_offset = 8,
					   .access = DISC_MMIO, .ctl = 0xc8aa2800 + 0x8000ull * (uint64_t)i,
					   .box_type = type, .box_id = ids[i] };
	return disc_build_table(&g, u, n, buf, len);
}

static int node_socket(int node, void *arg)
{
	(void)arg;
	return node == 0 ? 0 : node == 1 ? 1 : -1;
}

/* Write one discovery device: DVSECs dv[], BARs bar[], table (if any) into resource<bir>. */
static int write_dev(const char *root, const char *bdf, int node, const uint32_t bar[6],
		     const struct disc_fixture_dvsec *dv, int ndv, int bir, const uint8_t *table, size_t tlen)
{
	struct disc_fixture_dev d = { .bdf = bdf, .cfg = cfg, .numa_node = node };
	int rc = disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar, dv, ndv);

	if (rc)
		return rc;
	for (int i = 0; i < 6; i++)
		d.res_size[i] = bar[i] ? 0x4000 : 0;
	if (table) {
		d.res[bir] = table;
		d.res_len[bir] = tlen;
		d.res_size[bir] = 0x4000;
	}
	return disc_fixture_write_sysfs(root, &d);
}

static const uint32_t bar32[6] = { 0x90300000, 0x90000000 };
static const struct disc_fixture_dvsec gnr_dvsecs[4] = {
	{ 0x8086, 1, 0, 16 }, { 0x8086, 2, 0, 16 }, { 0x8086, 3, 0, 16 }, { 0x8086, 4, 0, 16 },
};

/* DVSECs lspci lists for a tree or dump, as "bdf id" pairs, compared to the inventory's. */
static void check_lspci_agrees(const char *t_name, const char *lspci_args, const struct disc_inventory *inv)
{
	char cmd[600], line[512], bdf[32] = "", want[4096] = "", got[4096] = "";
	FILE *p;

	if (system("lspci --version >/dev/null 2>&1") != 0) {
		T_SKIP("lspci not installed");
	}
	snprintf(cmd, sizeof(cmd), "lspci -D -vvv %s 2>/dev/null", lspci_args);
	p = popen(cmd, "r");
	CHECK(p != NULL, "popen");
	if (!p)
		return;
	while (fgets(line, sizeof(line), p)) {
		unsigned vendor, id;
		char *s;

		if (line[0] != '\t' && line[0] != ' ' && line[0] != '\n')
			sscanf(line, "%31s", bdf);
		s = strstr(line, "Designated Vendor-Specific: Vendor=");
		if (s && sscanf(s, "Designated Vendor-Specific: Vendor=%x ID=%x", &vendor, &id) == 2 &&
		    vendor == 0x8086 && strlen(want) < sizeof(want) - 64)
			sprintf(want + strlen(want), "%s %d\n", bdf, id);
	}
	pclose(p);
	for (int i = 0; i < inv->ndvsec; i++)
		if (strlen(got) < sizeof(got) - 64)
			sprintf(got + strlen(got), "%s %d\n", inv->dvsec[i].bdf, inv->dvsec[i].id);
	CHECK_EQ_STR(got, want);
}

static const char *const kpmus[] = {
	"uncore_imc_0", "uncore_imc_1", "uncore_imc_2", "uncore_pcu", "cpu", NULL,
};

TEST(gnr_device_tree)
{
	const int ids[3] = { 4, 0, 2 };
	uint8_t table[256];
	long tlen = make_table(table, sizeof(table), 6, ids, 3);
	char *dir = fixture_dir(), args[300];
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir, .generation = "granite_rapids",
				  .node_socket = node_socket, .kernel_pmus = kpmus };
	struct disc_inventory inv;

	CHECK(tlen > 0, "table");
	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 1, bar32, gnr_dvsecs, 4, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_STR(inv.generation, "granite_rapids");
	CHECK_EQ_INT(inv.ndvsec, 4);
	for (int i = 0; i < inv.ndvsec; i++) {
		CHECK_EQ_STR(inv.dvsec[i].bdf, "0000:00:03.1");
		CHECK_EQ_INT(inv.dvsec[i].id, i + 1);
		CHECK_EQ_INT(inv.dvsec[i].used, i == 0);
		CHECK_EQ_INT(inv.dvsec[i].socket, 1);
	}
	CHECK_EQ_INT(inv.dvsec[0].bir, 0);
	CHECK_EQ_U64(inv.dvsec[0].bar, 0x90300000);
	CHECK_EQ_STR(inv.dvsec[0].note, "");
	CHECK_EQ_STR(inv.warning, "");
	CHECK_EQ_INT(inv.skipped, 0);
	CHECK_EQ_INT(inv.nboxes, 3);
	for (int i = 0; i < inv.nboxes && i < 3; i++) {
		char pmu[32];

		CHECK_EQ_INT(inv.boxes[i].box_id, 2 * i);          /* sorted by box id */
		CHECK_EQ_INT(inv.boxes[i].socket, 1);
		CHECK_EQ_STR(inv.boxes[i].name, "imc");
		CHECK_EQ_INT(inv.boxes[i].access, DISC_MMIO);
		CHECK_EQ_INT(inv.boxes[i].counter_width, 48);
		CHECK_EQ_INT(inv.boxes[i].num_counters, 4);
		snprintf(pmu, sizeof(pmu), "uncore_imc_%d", i);  /* position among ids 0, 2, 4 */
		CHECK_EQ_STR(inv.boxes[i].kernel_pmu, pmu);
	}
	snprintf(args, sizeof(args), "-A linux-sysfs -O sysfs.path=%s/bus/pci", dir);
	check_lspci_agrees(t_name, args, &inv);
	disc_inventory_free(&inv);
	rmtree(dir);
}

/* A kernel that numbers PMUs by box id (uncore_imc_0, _2, _4), on two sockets with only IMCs. */
TEST(kernel_names_by_box_id)
{
	static const char *const by_id[] = { "uncore_imc_0", "uncore_imc_2", "uncore_imc_4", NULL };
	const int ids[3] = { 0, 2, 4 };
	uint8_t table[256];
	long tlen = make_table(table, sizeof(table), 6, ids, 3);
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir, .generation = "sapphire_rapids",
				  .node_socket = node_socket, .kernel_pmus = by_id };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(write_dev(dir, "0000:80:03.1", 1, bar32, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.nboxes, 6);
	for (int i = 0; i < inv.nboxes && i < 6; i++) {
		char pmu[32];

		snprintf(pmu, sizeof(pmu), "uncore_imc_%d", inv.boxes[i].box_id);
		CHECK_EQ_INT(inv.boxes[i].socket, i / 3);
		CHECK_EQ_STR(inv.boxes[i].kernel_pmu, pmu);
	}
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(two_sockets_and_fallback)
{
	const int ids1[1] = { 0 }, ids2[2] = { 0, 1 };
	uint8_t t1[128], t2[128];
	long l1 = make_table(t1, sizeof(t1), 4, ids1, 1), l2 = make_table(t2, sizeof(t2), 0, ids2, 2);
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir, .cpu_model = "Intel(R) Xeon(R) Platinum 8480+ Sapphire Rapids",
				  .kernel_pmus = kpmus };
	struct disc_inventory inv;

	/* No NUMA information: sockets follow bus order. */
	CHECK_EQ_INT(write_dev(dir, "0000:80:03.1", -1, bar32, gnr_dvsecs, 1, 0, t2, (size_t)l2), 0);
	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", -1, bar32, gnr_dvsecs, 1, 0, t1, (size_t)l1), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_STR(inv.generation, "sapphire_rapids");
	CHECK_EQ_INT(inv.ndvsec, 2);
	CHECK_EQ_INT(inv.nboxes, 3);
	if (inv.nboxes == 3) {
		CHECK_EQ_INT(inv.boxes[0].socket, 0);
		CHECK_EQ_STR(inv.boxes[0].name, "pcu");
		CHECK_EQ_STR(inv.boxes[0].kernel_pmu, "uncore_pcu");
		CHECK_EQ_INT(inv.boxes[1].socket, 1);
		CHECK_EQ_STR(inv.boxes[1].name, "cha");
		CHECK_EQ_STR(inv.boxes[1].kernel_pmu, "");    /* not registered by the kernel */
		CHECK_EQ_INT(inv.boxes[2].box_id, 1);
	}
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(bar_64bit)
{
	const int ids[2] = { 0, 1 };
	const uint32_t bar[6] = { 0x9030000c, 0x00002000 };   /* 64-bit prefetchable at 0x2000_9030_0000 */
	uint8_t table[128];
	long tlen = make_table(table, sizeof(table), 6, ids, 2);
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir, .generation = "sapphire_rapids" };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:02.1", 0, bar, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 1);
	CHECK_EQ_U64(inv.dvsec[0].bar, 0x200090300000ull);
	CHECK_EQ_INT(inv.dvsec[0].used, 1);
	CHECK_EQ_INT(inv.nboxes, 2);
	CHECK_EQ_STR(inv.boxes[0].kernel_pmu, "");          /* no kernel PMU list given */
	disc_inventory_free(&inv);
	rmtree(dir);
}

/* The table claims 4 units but the BAR (the resource file) ends after the first. */
TEST(bar_smaller_than_table)
{
	const int ids[4] = { 0, 1, 2, 3 };
	uint8_t table[256];
	long tlen = make_table(table, sizeof(table), 6, ids, 4);
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;
	struct disc_fixture_dev d = { .bdf = "0000:00:03.1", .cfg = cfg, .numa_node = 0,
				      .res_size = { 64 }, .res = { table }, .res_len = { 64 } };

	CHECK_EQ_INT(tlen, 4 * 32 + 24);
	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar32, gnr_dvsecs, 1), 0);
	CHECK_EQ_INT(disc_fixture_write_sysfs(dir, &d), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 1);
	CHECK_EQ_INT(inv.dvsec[0].used, 1);
	CHECK_EQ_INT(inv.nboxes, 1);
	CHECK_EQ_INT(inv.skipped, 3);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(bar_io_rejected)
{
	const uint32_t bar[6] = { 0x0000a401 };
	uint8_t table[128];
	const int ids[1] = { 0 };
	long tlen = make_table(table, sizeof(table), 6, ids, 1);
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 1);
	CHECK_EQ_INT(inv.dvsec[0].used, 0);
	CHECK(strstr(inv.dvsec[0].note, "I/O BAR") != NULL, "note: %s", inv.dvsec[0].note);
	CHECK_EQ_INT(inv.nboxes, 0);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(bir_reserved_bits_and_other_vendor)
{
	const struct disc_fixture_dvsec dv[3] = {
		{ 0x1e98, 1, 0, 16 },            /* a CXL DVSEC with ID 1: another vendor's, ignored */
		{ 0x8086, 1, 0x08, 16 },         /* BIR word with bit 3 set */
		{ 0x8086, 2, 0, 16 },
	};
	uint8_t table[128];
	const int ids[1] = { 0 };
	long tlen = make_table(table, sizeof(table), 6, ids, 1);
	char *dir = fixture_dir(), args[300];
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, dv, 3, 0, table, (size_t)tlen), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 2);
	CHECK_EQ_INT(inv.dvsec[0].id, 1);
	CHECK_EQ_INT(inv.dvsec[0].used, 0);
	CHECK(strstr(inv.dvsec[0].note, "reserved bits") != NULL, "note: %s", inv.dvsec[0].note);
	CHECK_EQ_INT(inv.dvsec[1].id, 2);
	CHECK_EQ_INT(inv.nboxes, 0);
	snprintf(args, sizeof(args), "-A linux-sysfs -O sysfs.path=%s/bus/pci", dir);
	check_lspci_agrees(t_name, args, &inv);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(dvsec_id2_only)
{
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs + 1, 1, 0, NULL, 0), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 1);
	CHECK_EQ_INT(inv.dvsec[0].id, 2);
	CHECK_EQ_INT(inv.dvsec[0].used, 0);
	CHECK_EQ_STR(inv.dvsec[0].note, "");
	CHECK_EQ_STR(inv.warning, "");
	CHECK_EQ_INT(inv.nboxes, 0);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(bar_not_mappable)
{
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	/* No resource0 file, and the tree is not /sys, so /dev/mem is not tried either. */
	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs, 4, 0, NULL, 0), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 4);
	CHECK_EQ_INT(inv.dvsec[0].used, 0);
	CHECK(strstr(inv.dvsec[0].note, "cannot map BAR0 of 0000:00:03.1: No such file") != NULL,
	      "note: %s", inv.dvsec[0].note);
	CHECK_EQ_STR(inv.warning, inv.dvsec[0].note);
	CHECK_EQ_INT(inv.nboxes, 0);
	disc_inventory_free(&inv);
	rmtree(dir);
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("FAIL %s: blocked on a FIFO in the tree\n", t_file);
	_exit(1);
}

/* A resource file shorter than its BAR (mapping it would be SIGBUS past its end), a FIFO in its place
 * (opening it would wait for a writer), and a FIFO as config space (libpci would block): each is
 * refused with a note or message, without blocking. */
TEST(bar_file_short_or_not_regular)
{
	const int ids[4] = { 0, 1, 2, 3 };
	uint8_t table[256];
	long tlen = make_table(table, sizeof(table), 6, ids, 4);
	char *dir = fixture_dir(), path[512];
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;
	static const struct { off_t size; const char *note; } cut[] = {
		{ 0, "resource0 holds 0 bytes, less than the BAR's size" },
		{ 200, "resource0 holds 200 bytes, less than the BAR's size" },
	};

	signal(SIGALRM, on_alarm);
	alarm(20);
	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:00:03.1/resource0", dir);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ_INT(truncate(path, cut[i].size), 0);
		CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
		CHECK_EQ_INT(inv.ndvsec, 1);
		CHECK_EQ_INT(inv.nboxes, 0);
		CHECK(strstr(inv.dvsec[0].note, cut[i].note) != NULL, "note: %s", inv.dvsec[0].note);
		disc_inventory_free(&inv);
	}
	CHECK_EQ_INT(unlink(path), 0);
	CHECK_EQ_INT(mkfifo(path, 0600), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), -EINVAL);
	CHECK(strstr(em.text, "0000:00:03.1/resource0 is not a regular file") != NULL, "msg: %s", em.text);
	{
		uint8_t *buf = NULL;
		size_t len = 0;

		/* and the BAR reader itself, as used on the real /sys, neither waits nor maps it */
		CHECK_EQ_INT(disc_bar_read(dir, "0000:00:03.1", 0, 0x90300000, 0x4000, &buf, &len, &em), -EINVAL);
		CHECK(strstr(em.text, "resource0 is not a regular file") != NULL, "note: %s", em.text);
		CHECK(buf == NULL, "no table");
	}
	CHECK_EQ_INT(unlink(path), 0);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:00:03.1/config", dir);
	CHECK_EQ_INT(unlink(path), 0);
	CHECK_EQ_INT(mkfifo(path, 0600), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), -EINVAL);
	CHECK(strstr(em.text, "0000:00:03.1/config is not a regular file") != NULL, "msg: %s", em.text);
	alarm(0);
	rmtree(dir);
}

/* As an unprivileged user a root-only resource file is refused: the note says so. */
TEST(bar_permission_denied)
{
	const int ids[1] = { 0 };
	uint8_t table[128];
	long tlen = make_table(table, sizeof(table), 6, ids, 1);
	char *dir = fixture_dir(), path[300];
	struct passwd *nobody = getpwnam("nobody");
	int status = -1;
	pid_t pid;

	if (getuid() != 0 || !nobody) {
		rmtree(dir);
		T_SKIP("needs root (to drop to nobody)");
	}
	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs, 1, 0, table, (size_t)tlen), 0);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:00:03.1/resource0", dir);
	CHECK_EQ_INT(chmod(path, 0600), 0);
	CHECK_EQ_INT(chmod(dir, 0755), 0);
	pid = fork();
	if (pid == 0) {
		struct disc_options o = { .sysfs_root = dir };
		struct disc_inventory inv;
		struct errmsg em = { 0 };

		if (setgid(nobody->pw_gid) || setuid(nobody->pw_uid))
			_exit(2);
		if (disc_scan(&o, &inv, &em) || inv.ndvsec != 1 || inv.nboxes != 0 ||
		    !strstr(inv.dvsec[0].note, "cannot map BAR0 of 0000:00:03.1: Permission denied; run as root") ||
		    !strstr(inv.warning, "Permission denied")) {
			printf("     child: ndvsec %d note \"%s\"\n", inv.ndvsec, inv.ndvsec ? inv.dvsec[0].note : "");
			_exit(1);
		}
		_exit(0);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
	rmtree(dir);
}

/* What an unprivileged reader of the real /sys gets: config space cut after 64 bytes. */
TEST(short_config_warns)
{
	char *dir = fixture_dir(), path[300];
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs, 4, 0, NULL, 0), 0);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:00:03.1/config", dir);
	CHECK_EQ_INT(truncate(path, 64), 0);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 0);
	CHECK(strstr(inv.warning, "extended config space of 1 Intel PCI device is not readable") != NULL,
	      "warning: %s", inv.warning);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(dump_mode_lists_dvsecs)
{
	char *dir = fixture_dir(), path[300], args[400];
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = "/nonexistent", .pci_dump = path };
	struct disc_inventory inv;
	FILE *f;

	snprintf(path, sizeof(path), "%s/dump", dir);
	f = fopen(path, "w");
	CHECK(f != NULL, "fopen");
	if (!f)
		return;
	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar32, gnr_dvsecs, 4), 0);
	CHECK_EQ_INT(disc_fixture_write_dump(f, "0000:00:03.1", cfg), 0);
	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800003, bar32, gnr_dvsecs, 2), 0);
	CHECK_EQ_INT(disc_fixture_write_dump(f, "0000:80:03.1", cfg), 0);
	fclose(f);
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 6);
	CHECK_EQ_INT(inv.nboxes, 0);
	CHECK(strstr(inv.dvsec[0].note, "dump holds config space only") != NULL, "note: %s", inv.dvsec[0].note);
	CHECK(strstr(inv.warning, "cannot be read from a PCI dump") != NULL, "warning: %s", inv.warning);
	CHECK_EQ_INT(inv.dvsec[0].socket, 0);
	CHECK_EQ_INT(inv.dvsec[4].socket, 1);
	snprintf(args, sizeof(args), "-F %s", path);
	check_lspci_agrees(t_name, args, &inv);
	disc_inventory_free(&inv);
	rmtree(dir);
}

static int realdump(char *path, size_t len, const char *name)
{
	struct stat st;

	snprintf(path, len, "%s/%s", t_realdata(), name);
	return stat(path, &st);
}

TEST(real_dump_cxl_dvsec)
{
	char path[512], args[600];
	struct errmsg em = { 0 };
	struct disc_options o = { .pci_dump = path };
	struct disc_inventory inv;

	if (realdump(path, sizeof(path), "pciutils_tests_cap-dvsec-cxl.lspci")) {
		T_SKIP("%s absent", path);
	}
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	/* Intel 8086:0d93 carries a DVSEC, but its vendor is CXL (1e98): no PMON table. */
	CHECK_EQ_INT(inv.ndvsec, 0);
	CHECK_EQ_INT(inv.nboxes, 0);
	snprintf(args, sizeof(args), "-F %s", path);
	check_lspci_agrees(t_name, args, &inv);
	disc_inventory_free(&inv);
}

TEST(real_dump_broken_ecaps)
{
	char path[512], args[600];
	struct errmsg em = { 0 };
	struct disc_options o = { .pci_dump = path };
	struct disc_inventory inv;

	if (realdump(path, sizeof(path), "pciutils_tests_broken-ecaps.lspci")) {
		T_SKIP("%s absent", path);
	}
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 0);
	CHECK_EQ_INT(inv.nboxes, 0);
	snprintf(args, sizeof(args), "-F %s", path);
	check_lspci_agrees(t_name, args, &inv);
	disc_inventory_free(&inv);
}

/* An extended chain that loops back on itself and one with garbage after a DVSEC: libpci stops. */
TEST(looping_chain)
{
	char *dir = fixture_dir();
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = dir };
	struct disc_inventory inv;

	CHECK_EQ_INT(write_dev(dir, "0000:00:03.1", 0, bar32, gnr_dvsecs + 1, 2, 0, NULL, 0), 0);
	cfg[0x112] = (cfg[0x112] & 0x0f) | 0x00;    /* next of the second DVSEC -> 0x100 */
	cfg[0x113] = 0x10;
	{
		struct disc_fixture_dev d = { .bdf = "0000:00:03.1", .cfg = cfg, .numa_node = 0 };

		CHECK_EQ_INT(disc_fixture_write_sysfs(dir, &d), 0);
	}
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 2);
	disc_inventory_free(&inv);
	rmtree(dir);
}

TEST(libpci_errors_return)
{
	struct errmsg em = { 0 };
	struct disc_options o = { .pci_dump = "/nonexistent/dump" };
	struct disc_options o2 = { .sysfs_root = "/nonexistent" };
	struct disc_inventory inv;

	/* libpci's own handler would exit(); ours must come back with a message. */
	CHECK(disc_scan(&o, &inv, &em) < 0, "dump");
	CHECK(strstr(em.text, "/nonexistent/dump") != NULL && strstr(em.text, "No such file") != NULL, "msg: %s",
	      em.text);
	CHECK_EQ_INT(inv.ndvsec, 0);
	CHECK(disc_scan(&o2, &inv, &em) < 0, "sysfs");
	CHECK(strstr(em.text, "/nonexistent/bus/pci") != NULL, "msg: %s", em.text);
	/* and it still works afterwards */
	o2.sysfs_root = fixture_dir();
	CHECK_EQ_INT(write_dev(o2.sysfs_root, "0000:00:03.1", 0, bar32, gnr_dvsecs + 1, 1, 0, NULL, 0), 0);
	CHECK_EQ_INT(disc_scan(&o2, &inv, &em), 0);
	CHECK_EQ_INT(inv.ndvsec, 1);
	disc_inventory_free(&inv);
	rmtree(o2.sysfs_root);
}

TEST(this_machine)
{
	struct errmsg em = { 0 };
	struct disc_options o = { .sysfs_root = "/sys" };
	struct disc_inventory inv;
	struct stat st;

	if (stat("/sys/bus/pci/devices", &st)) {
		T_SKIP("no /sys/bus/pci");
	}
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), 0);
	check_lspci_agrees(t_name, "", &inv);
	disc_inventory_free(&inv);
}

int main(void)
{
	RUN(gnr_device_tree);
	RUN(kernel_names_by_box_id);
	RUN(two_sockets_and_fallback);
	RUN(bar_64bit);
	RUN(bar_smaller_than_table);
	RUN(bar_io_rejected);
	RUN(bir_reserved_bits_and_other_vendor);
	RUN(dvsec_id2_only);
	RUN(bar_not_mappable);
	RUN(bar_permission_denied);
	RUN(short_config_warns);
	RUN(dump_mode_lists_dvsecs);
	RUN(real_dump_cxl_dvsec);
	RUN(real_dump_broken_ecaps);
	RUN(looping_chain);
	RUN(bar_file_short_or_not_regular);
	RUN(libpci_errors_return);
	RUN(this_machine);
	T_DONE();
}
