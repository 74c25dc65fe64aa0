/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay_topo.c: --topology files as hostile input: linear in the CPUs, numbers bounded, FIFOs
 * refused without waiting. */
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/errmsg.h"
#include "hw/sys/cpulist.h"
#include "replay/replay_topo.h"
#include "t.h"

static char tdir[64];

static void on_alarm(int sig)
{
	(void)sig;
	printf("FAIL %s: blocked on a FIFO\n", t_file);
	_exit(1);
}

/* 65,536 CPUs, each on its own socket: the old loader searched every CPU before adding one and the
 * mapper inserted each socket in place (billions of steps). */
TEST(many_cpus_linear)
{
	char path[128];
	struct errmsg em = { 0 };
	struct rtopo t = { 0 };
	int n = CPULIST_MAX_CPU + 1, *sock = malloc((size_t)n * sizeof(int)), *core = malloc((size_t)n * sizeof(int));
	int *ids = malloc((size_t)n * sizeof(int)), nsock = 0;
	clock_t t0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/big.lscpu", tdir);
	f = fopen(path, "w");
	fprintf(f, "# CPU,Core,Socket\n");
	for (int i = n - 1; i >= 0; i--)
		fprintf(f, "%d,%d,%d\n", i, i, n - 1 - i);
	fclose(f);
	t0 = clock();
	CHECK_EQ_INT(rtopo_load(&t, path, &em), 0);
	if (t.n == n)
		nsock = rtopo_map(&t, t.cpu, t.n, sock, core, ids);
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 2.0, "took %.2f s",
	      (double)(clock() - t0) / CLOCKS_PER_SEC);
	CHECK_EQ_INT(t.n, n);
	CHECK_EQ_INT(nsock, n);
	if (nsock == n) {
		CHECK_EQ_INT(t.cpu[0], n - 1);
		CHECK_EQ_INT(sock[0], 0);          /* CPU 65535 is on socket 0 */
		CHECK_EQ_INT(ids[n - 1], n - 1);
		CHECK_EQ_INT(core[5], n - 6);
	}
	rtopo_free(&t);
	free(sock);
	free(core);
	free(ids);
}

TEST(numbers_bounded)
{
	static const char *const bad[] = { "65536,0,0\n", "0,0,65536\n", "0,99999999999999999999,0\n",
					   "-1,0,0\n" };
	char path[128];
	struct errmsg em = { 0 };
	struct rtopo t = { 0 };

	snprintf(path, sizeof(path), "%s/bad.lscpu", tdir);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		FILE *f = fopen(path, "w");

		fputs(bad[i], f);
		fclose(f);
		CHECK_EQ_INT(rtopo_load(&t, path, &em), -EINVAL);
		CHECK(strstr(em.text, "bad.lscpu:1: expected CPU,Core,Socket numbers"), "%s: %s", bad[i], em.text);
		CHECK(t.n == 0 && t.idx == NULL, "nothing kept");
	}
	CHECK_EQ_INT(rtopo_add(&t, CPULIST_MAX_CPU + 1, 0, 0), -EINVAL);
	CHECK_EQ_INT(rtopo_add(&t, CPULIST_MAX_CPU, 0, 0), 0);
	rtopo_free(&t);
}

TEST(fifo_refused)
{
	char path[128];
	struct errmsg em = { 0 };
	struct rtopo t = { 0 };

	snprintf(path, sizeof(path), "%s/fifo", tdir);
	CHECK_EQ_INT(mkfifo(path, 0600), 0);
	signal(SIGALRM, on_alarm);
	alarm(10);
	CHECK_EQ_INT(rtopo_load(&t, path, &em), -EINVAL);
	alarm(0);
	CHECK(strstr(em.text, "not a regular file"), "%s", em.text);
}

int main(void)
{
	char cmd[128];

	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-rtopo.XXXXXX");
	if (!mkdtemp(tdir))
		return 1;
	RUN(many_cpus_linear);
	RUN(numbers_bounded);
	RUN(fifo_refused);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tdir);
	if (system(cmd) != 0)
		return 1;
	T_DONE();
}
