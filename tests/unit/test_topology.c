/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_topology.c: topology loading from hostile sysfs trees: FIFOs never block, CPU numbers are bounded,
 * and work stays linear in what the tree holds. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include "t.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[512], cmd[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd) != 0)
		abort();
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static void fifo(const char *rel)
{
	char path[512];

	put(rel, "");     /* its folders */
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	unlink(path);
	if (mkfifo(path, 0600) != 0)
		abort();
}

static void fresh_root(void)
{
	char cmd[128];

	if (root[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd) != 0)
			abort();
	}
	snprintf(root, sizeof(root), "/tmp/pmutop-topo.XXXXXX");
	if (!mkdtemp(root))
		abort();
	sysfs_set_root(root);
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("FAIL %s: blocked reading the tree\n", t_file);
	_exit(1);
}

/* Every CPU's sibling list is 4 KB of "0-65535,": the old loader expanded each into 33 million entries. */
TEST(huge_sibling_lists_linear)
{
	char *sib = malloc(4097), rel[128], val[16];
	struct topology t;
	clock_t t0;
	int r;

	fresh_root();
	for (int i = 0; i < 512; i++)
		memcpy(sib + i * 8, "0-65535,", 8);
	sib[4095] = 0;
	put("devices/system/cpu/online", "0-3\n");
	for (int c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
		put(rel, sib);
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/physical_package_id", c);
		snprintf(val, sizeof(val), "%d\n", 3 - c);
		put(rel, val);
	}
	t0 = clock();
	r = topo_load(&t);
	CHECK_EQ_INT(r, 0);
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 1.0, "took %.2f s", (double)(clock() - t0) / CLOCKS_PER_SEC);
	if (r == 0) {
		CHECK_EQ_INT(t.ncpus, 4);
		CHECK_EQ_INT(t.cpus[2].thread, 2);
		CHECK_EQ_INT(t.nsockets, 4);
		CHECK_EQ_INT(t.socket_ids[0], 0);
		CHECK_EQ_INT(t.cpus[0].sock_idx, 3);
		CHECK_EQ_INT(t.cpus[3].sock_idx, 0);
		topo_free(&t);
	}
	free(sib);
}

TEST(cpu_numbers_bounded)
{
	struct topology t;

	fresh_root();
	put("devices/system/cpu/online", "0-4294967295\n");
	CHECK_EQ_INT(topo_load(&t), -ERANGE);
	put("devices/system/cpu/online", "65536\n");
	CHECK_EQ_INT(topo_load(&t), -ERANGE);
	put("devices/system/cpu/online", "0,65535\n");
	CHECK_EQ_INT(topo_load(&t), 0);
	CHECK_EQ_INT(t.ncpus, 2);
	CHECK_EQ_INT(t.max_cpu, 65535);
	topo_free(&t);
}

TEST(fifos_do_not_block)
{
	struct topology t;
	char buf[64];

	signal(SIGALRM, on_alarm);
	alarm(20);
	fresh_root();
	put("devices/system/cpu/online", "0-1\n");
	put("devices/system/cpu/cpu0/topology/core_id", "7\n");
	fifo("devices/system/cpu/cpu1/topology/core_id");
	put("devices/system/node/node0/cpulist", "0-1\n");
	fifo("devices/system/node/node0/cpulist");
	CHECK_EQ_INT(topo_load(&t), 0);
	CHECK_EQ_INT(t.cpus[0].core, 7);
	CHECK_EQ_INT(t.cpus[1].core, 1);      /* the default: the CPU number */
	CHECK_EQ_INT(t.cpus[1].node, -1);
	topo_free(&t);
	fifo("devices/system/cpu/online");
	CHECK_EQ_INT(topo_load(&t), -EINVAL);
	CHECK_EQ_INT(sysfs_read("devices/system/cpu", buf, sizeof(buf)), -EISDIR);
	alarm(0);
}

int main(void)
{
	RUN(huge_sibling_lists_linear);
	RUN(cpu_numbers_bounded);
	RUN(fifos_do_not_block);
	if (root[0]) {
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd) != 0)
			return 1;
	}
	T_DONE();
}
