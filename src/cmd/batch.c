/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* batch.c: -b mode: sample every interval and write JSON, perf-stat CSV or text, without curses. */
#include "batch.h"
#include "base/printable.h"
#include "app/app.h"
#include "app/app_wl.h"
#include "out/output.h"
#include "base/errmsg.h"
#include "base/safefile.h"
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t batch_stop;   /* the signal that ends the run, 0 none */
static volatile sig_atomic_t batch_child;  /* a child (the command counted) ended */

static void on_signal(int sig)
{
	batch_stop = sig;
}

static void on_child(int sig)
{
	(void)sig;
	batch_child = 1;
}

/* Sleep until t, or until a signal ends the run or the command ends (its last interval is short). */
static void sleep_until(struct app *a, double t)
{
	struct timespec ts;
	ts.tv_sec = (time_t)t;
	ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
	while (!batch_stop && app_wl_command_running(a) == (a->opt.wl.command != NULL) &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

int batch_run(struct app *a, FILE *out)
{
	struct outbuf b;
	struct sigaction sa;
	double next;
	int r = 0, status;
	bool ended;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* A signal only sets the flag: a write it interrupts is restarted, so the row being written
	 * is finished and the run ends at a row boundary (the sleep between rows is never restarted). */
	sa.sa_flags = SA_RESTART;
	sigfillset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_child;   /* wakes the sleep when the command ends */
	sigaction(SIGCHLD, &sa, NULL);
	ob_init(&b, 1 << 16);
	b.sink = out;   /* a frame is written in parts: see OB_SPILL_BATCH */
	b.spill = OB_SPILL_BATCH;
	if (a->opt.sep && !a->opt.json && !a->opt.quiet && !a->set.quiet && !app_wl_wanted(a)) {
		out_csv_header(&b, a);
		ob_flush(&b, out);
	}
	next = a->last_sample;
	for (long i = 0; !batch_stop && (a->opt.count <= 0 || i < a->opt.count); i++) {
		/* live: wait for the interval; a replay and a simulated machine on a stepped clock
		 * (--sim-clock step, whose time passes by the sample) run flat out */
		if (a->src->step == NULL && !a->opt.sim_step_clock) {
			next += a->interval;
			sleep_until(a, next);
			if (batch_stop)
				break;
		}
		r = app_sample(a);
		if (r == 1) {   /* end of a recording */
			r = 0;
			break;
		}
		if (r < 0 && batch_stop) {   /* a wait for a recording's pipe cut short by the signal */
			r = 0;
			break;
		}
		if (r < 0) {
			printable_eprintf("pmutop: %s\n", a->msg[0] ? a->msg : strerror(-r));
			break;
		}
		if (a->msg[0]) {   /* a note that does not stop counting (failed reads, ...) */
			printable_eprintf("pmutop: %s\n", a->msg);
			a->msg[0] = '\0';
		}
		/* the command ended, or every -p/-t target (perf stat ends so too): its last interval */
		ended = app_wl_command_status(a, &status) || app_wl_targets_ended(a);
		if (a->opt.quiet || a->set.quiet) {
			if (ended)
				break;
			continue;   /* exporting only */
		}
		if (a->opt.json)
			out_json_frame(&b, a);
		else if (a->opt.sep)
			out_csv_frame(&b, a, a->opt.sep);
		else
			out_text_frame(&b, a);
		if (ob_flush(&b, out) < 0 || b.oom) {
			printable_eprintf("pmutop: cannot write output: %s\n", b.oom ? "out of memory" : strerror(errno));
			r = -EIO;
			break;
		}
		if (ended)
			break;   /* the command's last interval is written */
	}
	ob_free(&b);
	if (r < 0)
		return 1;
	if (batch_stop)
		return 128 + batch_stop;   /* as shells report a run cut short by a signal */
	return app_wl_command_status(a, &status) ? status : 0;   /* perf stat -- COMMAND's */
}

FILE *batch_open_output(const char *path)
{
	struct errmsg em = { 0 };
	int fd = safefile_open_output(path, &em);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!f) {
		if (fd >= 0)
			close(fd);
		printable_eprintf("pmutop: cannot write %s\n", errmsg_text(&em, fd >= 0 ? -errno : fd));
	}
	return f;
}
