/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* bench_workloads.c: issue 28's benchmarks, in process. Prints one JSON line per refresh.
 *
 *   bench_workloads procs N R     live: N tasks made here (asleep), the processes view's refresh (every
 *                                 process's CPU time from /proc, the busiest counted, their reads, the
 *                                 rows) R times; 100 tasks replaced between refreshes, so that what
 *                                 grows with the tasks that ever lived shows in the RSS
 *   bench_workloads readcost      the CPU cost of one read() of a task's counter (task-clock, self)
 *   bench_workloads cgroups N R   spr-2s on 16 CPUs, 4 events, N cgroups made in its tree: the cgroups
 *                                 view's refresh R times (all N counted) */
#include "app/app.h"
#include "app/app_wl.h"
#include "hw/sys/seam.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static long rss_kib(void)
{
	long pages = 0, res = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f && fscanf(f, "%ld %ld", &pages, &res) != 2)
		res = 0;
	if (f)
		fclose(f);
	return res * (sysconf(_SC_PAGESIZE) / 1024);
}

static pid_t sleeper(void)
{
	pid_t p = fork();

	if (p == 0) {
		for (;;)
			pause();
	}
	return p;
}

static int setup(struct app *a, const char *sim, const char *events)
{
	struct ev_error err;

	settings_defaults(&a->set);
	a->opt.sim = sim;
	a->opt.batch = true;
	a->interval = 1;
	if (app_open_machine(a) != 0)
		return -1;
	if (sim) {   /* 16 CPUs */
		int cpus[16];

		for (int i = 0; i < 16; i++)
			cpus[i] = i;
		if (topo_filter(&a->topo, cpus, 16) < 0)
			return -1;
	}
	if (evlist_add(&a->evl, EVO_USER, events, false, &a->reg, &a->topo, NULL, 0, &err) < 0) {
		fprintf(stderr, "bench_workloads: %s at %d\n", err.msg, err.pos);
		return -1;
	}
	return app_open_events(a) ? -1 : 0;
}

static void line(struct app *a, int i, uint64_t c, bool cgroups)
{
	struct wl_pick_info in;

	app_wl_pick_info(a, cgroups, &in);
	printf("{\"refresh\":%d,\"cpu_ms\":%.3f,\"reads\":%ld,\"fds\":%d,\"seen\":%d,\"counted\":%d,\"rss_kib\":%ld}\n",
	       i, (double)c / 1e6, app_wl_take_reads(a), app_wl_fds(a), in.seen, in.counted, rss_kib());
	fflush(stdout);
}

static int procs(int n, int r)
{
	static struct app a;
	pid_t *kids = calloc((size_t)n, sizeof(pid_t));

	for (int i = 0; kids && i < n; i++)
		kids[i] = sleeper();
	if (!kids || setup(&a, NULL, "task-clock,context-switches,cpu-migrations,page-faults") < 0)
		return 1;
	app_wl_pick(&a, true, false);
	for (int i = 0; i < 3; i++)   /* the first looks open the counters */
		app_sample(&a);
	for (int i = 0; i < r; i++) {
		uint64_t c0;

		for (int k = 0; k < 100 && k < n; k++) {   /* tasks come and go */
			int j = (i * 100 + k) % n;

			kill(kids[j], SIGKILL);
			waitpid(kids[j], NULL, 0);
			kids[j] = sleeper();
		}
		c0 = cpu_ns();
		app_sample(&a);
		line(&a, i, cpu_ns() - c0, false);
	}
	for (int i = 0; i < n; i++) {
		kill(kids[i], SIGKILL);
		waitpid(kids[i], NULL, 0);
	}
	app_close(&a);
	return 0;
}

static int readcost(void)
{
	struct perf_event_attr at = { .size = sizeof(at), .type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING };
	int fd = (int)syscall(SYS_perf_event_open, &at, 0, -1, -1, 0);
	uint64_t v[3], c0;
	const int n = 20000;

	if (fd < 0)
		return 1;
	c0 = cpu_ns();
	for (int i = 0; i < n; i++)
		if (read(fd, v, sizeof(v)) != sizeof(v))
			return 1;
	printf("{\"read_ns\":%.1f}\n", (double)(cpu_ns() - c0) / n);
	close(fd);
	return 0;
}

static int cgroups(int n, int r)
{
	static struct app a;
	char path[8192];

	if (setup(&a, "spr-2s", "cycles,instructions,cache-misses,branch-misses") < 0)
		return 1;
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/bench", a.sim_dir);
	mkdir(path, 0755);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/sys/fs/cgroup/bench/cg%03d", a.sim_dir, i);
		mkdir(path, 0755);
	}
	a.set.wl_cgroups = n;   /* every one of them */
	app_wl_pick(&a, false, true);
	for (int i = 0; i < 3; i++)
		app_sample(&a);
	for (int i = 0; i < r; i++) {
		uint64_t c0 = cpu_ns();

		app_sample(&a);
		line(&a, i, cpu_ns() - c0, true);
	}
	app_close(&a);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "procs") == 0)
		return procs(atoi(argv[2]), atoi(argv[3]));
	if (argc == 2 && strcmp(argv[1], "readcost") == 0)
		return readcost();
	if (argc == 4 && strcmp(argv[1], "cgroups") == 0)
		return cgroups(atoi(argv[2]), atoi(argv[3]));
	fprintf(stderr, "usage: bench_workloads procs N R | readcost | cgroups N R\n");
	return 2;
}
