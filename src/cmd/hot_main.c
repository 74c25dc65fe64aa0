/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot_main.c: --hot -b: the hot functions of the CPUs, a process or a cgroup, per interval (issue 40). */
#include "cmd.h"
#include "batch.h"
#include "app/app.h"
#include "app/app_hot.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/events/evlist.h"
#include "hw/sample/hot.h"
#include "hw/sys/cgroupfs.h"
#include "hw/sys/cpulist.h"
#include "hot_out.h"
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HOT_ROWS 50

static volatile sig_atomic_t hot_stop;

static void on_signal(int sig)
{
	(void)sig;
	hot_stop = 1;
}

/* -e's text (a group's ":S" taken off: every group is sampled through its leader) into o. */
static int hot_events(struct app *a, struct hot_opts *o)
{
	const char *text = a->opt.nevents ? a->opt.events[0] : "cycles";
	char why[400];

	if (a->opt.nevents > 1) {
		printable_eprintf("pmutop: --hot samples one event or one group: give one -e\n");
		return 2;
	}
	if (app_hot_events(a, text, o, why, sizeof(why)) < 0) {
		printable_eprintf("pmutop: -e %s: %s\n", text, why);
		return 2;
	}
	o->fallback = !a->opt.nevents;
	return 0;
}

/* The target from -p, -G or -C (else every online CPU); cpus is the caller's to free. */
static int hot_target(struct app *a, struct hot_target *t, int **cpus, char *label, size_t n)
{
	memset(t, 0, sizeof(*t));
	*cpus = NULL;
	if (!(*cpus = malloc(sizeof(int) * (size_t)(a->topo.ncpus + 1))))
		return 1;
	for (int i = 0; i < a->topo.ncpus; i++)
		(*cpus)[i] = a->topo.cpus[i].cpu;
	t->cpus = *cpus, t->ncpus = a->topo.ncpus;
	if (a->opt.wl.npids) {
		t->kind = HOT_PID, t->pid = a->opt.wl.pids[0];
		snprintf(label, n, "pid %d", t->pid);
		return 0;
	}
	if (a->opt.wl.ncgroups) {
		struct cgroupfs fs;
		struct errmsg em = { 0 };
		char rel[4096];
		int r;

		if ((r = cgroupfs_find(&fs, &em)) < 0 || (r = cgroupfs_resolve(&fs, a->opt.wl.cgroups[0], rel, sizeof(rel), &em)) < 0) {
			printable_eprintf("pmutop: -G %s: %s\n", a->opt.wl.cgroups[0], errmsg_text(&em, r));
			return 2;
		}
		if ((t->cgroup_fd = cgroupfs_open(&fs, rel)) < 0) {
			printable_eprintf("pmutop: -G %s: %s\n", a->opt.wl.cgroups[0], strerror(-t->cgroup_fd));
			return 2;
		}
		t->kind = HOT_CGROUP;
		snprintf(label, n, "cgroup %.*s", (int)(n > 8 ? n - 8 : 0), rel);
		return 0;
	}
	t->kind = HOT_CPUS;
	if (cpulist_format(*cpus, t->ncpus, label + 5, n - 5) < 0)
		snprintf(label + 5, n - 5, "%d CPUs", t->ncpus);
	memcpy(label, "cpus ", 5);
	return 0;
}

static void sleep_until(double t)
{
	struct timespec ts = { (time_t)t, (long)((t - floor(t)) * 1e9) };

	while (!hot_stop && clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static int hot_loop(struct app *a, struct hot *h, const char *label, FILE *out)
{
	struct hot_row rows[HOT_ROWS];
	struct outbuf b;
	double t0 = app_now(), next = t0;
	int rc = 0;

	ob_init(&b, 1 << 16);
	if (a->opt.sep) {
		out_hot_csv_header(&b, hot_info(h), a->opt.sep);
		ob_flush(&b, out);
	}
	for (long i = 0; !hot_stop && (a->opt.count <= 0 || i < a->opt.count); i++) {
		struct hot_frame f = { .target = label, .rows = rows };
		long got;

		if (a->opt.sim_step_clock) {
			app_step_clock_advance(a);
			f.time = a->interval * (double)(i + 1);
		} else {
			next += a->interval;
			sleep_until(next);
			f.time = app_now() - t0;
		}
		if ((got = hot_drain(h)) < 0) {
			printable_eprintf("pmutop: --hot: %s\n", strerror((int)-got));
			rc = 1;
			break;
		}
		f.nrows = hot_top(h, rows, HOT_ROWS, a->opt.json);
		f.info = hot_info(h);
		if (a->opt.json)
			out_hot_json(&b, &f);
		else if (a->opt.sep)
			out_hot_csv(&b, &f, a->opt.sep);
		else
			out_hot_text(&b, &f);
		if (ob_flush(&b, out) < 0 || b.oom) {
			rc = 1;
			break;
		}
	}
	ob_free(&b);
	return rc;
}

int hot_main(struct app *a)
{
	struct hot_opts o = { 0 };
	struct hot_target t;
	struct errmsg em = { 0 };
	struct hot *h = NULL;
	char label[256], perm[512];
	int *cpus = NULL, r;
	FILE *out = stdout;

	if ((r = hot_events(a, &o)) || (r = hot_target(a, &t, &cpus, label, sizeof(label)))) {
		free(cpus);
		return r;
	}
	o.freq = (unsigned)a->set.sample_freq;
	o.window = a->set.sample_window;
	a->interval = a->opt.delay > 0 ? a->opt.delay : a->set.interval;
	hot_permissions(&t, perm, sizeof(perm));
	if (perm[0])
		printable_eprintf("pmutop: --hot: %s\n", perm);
	if ((r = hot_open(a->seam, &t, &o, &h, &em)) < 0) {
		printable_eprintf("pmutop: --hot %s: %s\n", label, errmsg_text(&em, r));
		free(cpus);
		return 1;
	}
	if (hot_info(h)->note[0])
		printable_eprintf("pmutop: --hot: %s\n", hot_info(h)->note);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (a->opt.output && !(out = batch_open_output(a->opt.output)))
		r = 1;
	else
		r = hot_loop(a, h, label, out);
	if (out && out != stdout)
		fclose(out);
	hot_close(h);
	if (t.kind == HOT_CGROUP && t.cgroup_fd >= 0)
		close(t.cgroup_fd);
	free(cpus);
	return r;
}
