/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_tasks.c: the simulated machines' tasks and cgroups (issue 28) through the seam, on a clock
 * the test moves: a task's events run only while it runs (enabled = running = its share of the wall
 * time), a cgroup per CPU is the sum of its tasks there, the antagonist's misses rise while its
 * neighbour's IPC falls, and the errors the kernel gives (no such task, not a cgroup, uncore). */
#include "t.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "simclock.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_tasks.h"
#include "hw/sys/seam.h"

static struct sim_machine *mach;
static struct perf_seam *seam;

static int open_ev(uint32_t type, uint64_t config, pid_t pid, int cpu, unsigned long flags)
{
	struct perf_event_attr a = { .size = sizeof(a), .type = type, .config = config,
		.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING, .inherit = 1 };

	return seam->open(seam->ctx, &a, pid, cpu, -1, flags);
}

static void rd(int fd, uint64_t v[3])
{
	v[0] = v[1] = v[2] = 0;
	CHECK_EQ_INT(seam->read(seam->ctx, fd, v, 3 * sizeof(uint64_t)), 3 * sizeof(uint64_t));
}

static int setup(const char *name)
{
	char err[256];

	mach = simm_load(name, err, sizeof(err));
	seam = mach ? simk_new(mach, NULL) : NULL;
	return seam && simclock_attach(seam) == 0 ? 0 : -1;
}

static void teardown(void)
{
	simk_free(seam);
	simm_free(mach);
}

TEST(task_runs_its_share)
{
	uint64_t v[3];
	int tc, cyc;

	if (setup("spr-2s") < 0) {
		CHECK(0, "the built-in spr-2s machine did not load");
		return;
	}
	/* stream (the antagonist, pid 696): 0.95 of a CPU per thread */
	tc = open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 696, -1, 0);
	cyc = open_ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 696, -1, 0);
	CHECK(tc >= SIMT_FD_BASE && cyc >= SIMT_FD_BASE, "%d %d", tc, cyc);
	simclock_advance_ms(2000);
	rd(tc, v);
	CHECK_NEAR(v[1] / 1e9, 0.95 * 2, 1e-6);   /* enabled only while it runs */
	CHECK_EQ_U64(v[1], v[2]);
	CHECK_EQ_U64(v[0], v[1]);                 /* task-clock: its running time, ns */
	rd(cyc, v);
	CHECK_NEAR((double)v[0] / ((double)v[2] / 1e9), 2.5e9, 1e3);   /* GHz over task time */
	CHECK_EQ_INT(seam->close(seam->ctx, tc), 0);
	CHECK_EQ_INT(seam->close(seam->ctx, cyc), 0);
	CHECK_EQ_INT(seam->read(seam->ctx, tc, v, sizeof(v)), -EBADF);
	teardown();
}

/* mpki of the antagonist and IPC of its neighbour over 5 s windows of the 40 s cycle */
TEST(antagonist_and_neighbour)
{
	int ai, am, ni, nc;
	uint64_t p[4][3], c[4][3];
	double mpki[8], ipc[8];

	if (setup("spr-2s") < 0) {
		CHECK(0, "the built-in spr-2s machine did not load");
		return;
	}
	ai = open_ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 696, -1, 0);
	am = open_ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, 696, -1, 0);
	ni = open_ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 659, -1, 0);   /* redis-server */
	nc = open_ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 659, -1, 0);
	rd(ai, p[0]); rd(am, p[1]); rd(ni, p[2]); rd(nc, p[3]);
	for (int w = 0; w < 8; w++) {
		simclock_advance_ms(5000);
		rd(ai, c[0]); rd(am, c[1]); rd(ni, c[2]); rd(nc, c[3]);
		mpki[w] = 1000.0 * (double)(c[1][0] - p[1][0]) / (double)(c[0][0] - p[0][0]);
		ipc[w] = (double)(c[2][0] - p[2][0]) / (double)(c[3][0] - p[3][0]);
		memcpy(p, c, sizeof(p));
	}
	/* over a whole cycle the misses swing widely, and whenever they are higher the neighbour's
	 * IPC is lower */
	double lo = mpki[0], hi = mpki[0];
	for (int w = 0; w < 8; w++) {
		lo = fmin(lo, mpki[w]);
		hi = fmax(hi, mpki[w]);
		for (int x = 0; x < 8; x++)
			if (mpki[w] > mpki[x] + 0.5)
				CHECK(ipc[w] < ipc[x], "window %d: mpki %.1f ipc %.2f; window %d: mpki %.1f ipc %.2f",
				      w, mpki[w], ipc[w], x, mpki[x], ipc[x]);
	}
	CHECK(hi > 3 * lo, "the antagonist's mpki stays within %.1f .. %.1f", lo, hi);
	teardown();
}

TEST(cgroup_is_its_tasks)
{
	char dir[] = "/tmp/pmutop-simcg.XXXXXX", path[256];
	uint64_t v[3], sum = 0, t[3];
	int cg, fds[224], n = 0, task[4];

	if (setup("spr-2s") < 0) {
		CHECK(0, "the built-in spr-2s machine did not load");
		return;
	}
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp %s: %s", dir, strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/sys", dir); mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/sys/fs", dir); mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup", dir); mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/kubepods.slice", dir); mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/kubepods.slice/pod-batch", dir); mkdir(path, 0755);
	cg = open(path, O_RDONLY | O_DIRECTORY);
	CHECK(cg >= 0, "open %s", path);
	for (int c = 0; c < 224; c++) {
		fds[n] = open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, cg, c, PERF_FLAG_PID_CGROUP);
		CHECK(fds[n] >= 0, "cpu %d: %d", c, fds[n]);
		n += fds[n] >= 0;
	}
	for (int j = 0; j < 4; j++)   /* stream's four threads */
		task[j] = open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 696 + j, -1, 0);
	simclock_advance_ms(3000);
	for (int i = 0; i < n; i++) {
		rd(fds[i], v);
		sum += v[0];
	}
	rd(task[0], t);
	for (int j = 1; j < 4; j++) {
		rd(task[j], v);
		t[0] += v[0];
	}
	CHECK_EQ_U64(sum, t[0]);
	CHECK_NEAR(sum / 1e9, 4 * 0.95 * 3, 1e-3);
	/* the kernel's answers */
	CHECK_EQ_INT(open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 3, -1, 0), -ESRCH);
	CHECK_EQ_INT(open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 0, 0, PERF_FLAG_PID_CGROUP), -EBADF);
	CHECK_EQ_INT(open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 696, 0, 0), -EINVAL);
	close(cg);
	for (const char *p = path; strlen(path) > strlen(dir); p = path) {
		rmdir(p);
		*strrchr(path, '/') = '\0';
	}
	rmdir(dir);
	teardown();
}

int main(void)
{
	RUN(task_runs_its_share);
	RUN(antagonist_and_neighbour);
	RUN(cgroup_is_its_tasks);
	T_DONE();
}
