/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay_growth.c: a recording read once that brings a new CPU in every interval grows its model
 * geometrically: 2,000 CPUs one by one set it up or reallocate it O(log n) times, not 2,000 (each a
 * model as large as all the CPUs so far: the square of the CPUs in time), and every frame is right. */
#include "t.h"
#include "base/errmsg.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include <stdbool.h>
#include <unistd.h>

#define NCPU 2000

/* Rounds of doubling from 1 to n, plus the first set-up and slack for a second event set-up. */
static int builds_bound(int n)
{
	int k = 0;

	while ((1 << k) < n)
		k++;
	return k + 3;
}

/* A recording of NCPU intervals, interval i holding CPU cpu_of(i) only (cycles and instructions),
 * with a topology of 4 sockets in "# cpu" lines when topo. */
static char *write_growth(bool topo, bool descending)
{
	static char path[64];
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pmutop-growth.XXXXXX");
	if ((fd = mkstemp(path)) < 0 || !(f = fdopen(fd, "w"))) {
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
		return NULL;
	}
	if (topo) {
		fprintf(f, "# pmutop 1 recording\n# topology: cpu,socket,core\n");
		for (int c = 0; c < NCPU; c++)
			fprintf(f, "# cpu %d,%d,%d\n", c, c % 4, c / 2);
	}
	for (int i = 0; i < NCPU; i++) {
		int cpu = descending ? NCPU - 1 - i : i;

		fprintf(f, "%12d.000100000,CPU%d,%d,,cycles,1000000,100.00,,\n", i + 1, cpu, 1000 + i);
		fprintf(f, "%12d.000100000,CPU%d,%d,,instructions,1000000,100.00,,\n", i + 1, cpu, 3000 + 3 * i);
	}
	if (fclose(f) != 0) {
		unlink(path);
		return NULL;
	}
	return path;
}

static void play(const char *t_name, bool topo, bool descending)
{
	char *path = write_growth(topo, descending);
	struct errmsg em = { 0 };
	struct replay *r = NULL;
	struct model m;
	int n = 0, bad = 0;

	memset(&m, 0, sizeof(m));
	CHECK(path != NULL, "temp file");
	if (!path)
		return;
	if (replay_open_stream(path, NULL, &r, &em) < 0 || replay_setup_model(r, &m, 1) < 0) {
		CHECK(false, "open: %s", em.text);
		goto out;
	}
	for (; replay_next(r, &m, NULL) == 0; n++) {
		int cpu = descending ? NCPU - 1 - n : n, online = 0, at = -1;

		model_derive(&m);
		for (int c = 0; c < m.ncpus; c++) {
			online += m.cur.online[c];
			if (m.cur.online[c])
				at = c;
		}
		/* the interval's one CPU, its counts and IPC, its socket from the topology */
		if (online != 1 || at < 0 || m.cpu_ids[at] != cpu || m.cur.cpu[(size_t)at * (size_t)m.nev].raw != (uint64_t)(1000 + n) ||
		    fabs(m.cur.cpu_m[(size_t)at * NMETRICS + M_IPC] - (3000.0 + 3 * n) / (1000 + n)) > 1e-12 ||
		    (topo && m.sock_ids[m.cpu_sock[at]] != cpu % 4) || m.ncpus != n + 1)
			bad++;
	}
	CHECK_EQ_INT(n, NCPU);
	CHECK(bad == 0, "%d frames wrong", bad);
	for (int c = 1; c < m.ncpus; c++)
		CHECK(m.cpu_ids[c - 1] < m.cpu_ids[c], "CPUs ascending: %d then %d", m.cpu_ids[c - 1], m.cpu_ids[c]);
	CHECK_EQ_INT(m.nsock, topo ? 4 : 1);
	/* before: a set-up per interval, 2,000, each as large as every CPU so far */
	CHECK(replay_model_builds(r) <= builds_bound(NCPU), "%d model set-ups or growths for %d CPUs (at most %d)",
	      replay_model_builds(r), NCPU, builds_bound(NCPU));
out:
	model_free(&m);
	replay_close(r);
	unlink(path);
}

TEST(new_cpu_each_interval)
{
	play(t_name, false, false);
}

/* Each new CPU below the others (every row of the model moves) and sockets from "# cpu" lines. */
TEST(new_cpu_first_with_topology)
{
	play(t_name, true, true);
}

int main(void)
{
	RUN(new_cpu_each_interval);
	RUN(new_cpu_first_with_topology);
	T_DONE();
}
