/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_main.c: --fleet and --fleet-targets in batch mode: the options over [fleet], the engine
 * opened, a frame per refresh written as JSON, -x rows or text until -n frames or a signal;
 * --fleet-host NAME: that host's sockets, CPUs and cgroups instead. The screen's fleet view is
 * src/ui/views/fleet.c (over session_fleet_*). */
#include "fleet_main.h"
#include "app/app.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "batch.h"
#include "fleet/fleet.h"
#include "fleet_out.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "base/clock.h"

static volatile sig_atomic_t fleet_stop;

static void on_signal(int sig)
{
	fleet_stop = sig;
}

static void sleep_until(double t)
{
	struct timespec ts = { (time_t)t, (long)((t - (double)(time_t)t) * 1e9) };

	while (!fleet_stop && clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* one frame (or the host's drill-down) written to b; the engine's error said, 1 */
static int one(struct app *a, struct fleet *f, struct outbuf *b, bool first)
{
	struct errmsg em = { 0 };
	int r;

	if (a->opt.fleet_host) {
		struct fleet_detail d;
		if ((r = fleet_host_detail(f, a->opt.fleet_host, &d, &em)) < 0) {
			printable_eprintf("pmutop: --fleet-host %s: %s\n", a->opt.fleet_host, errmsg_text(&em, r));
			return 1;
		}
		if (a->opt.sep)
			out_fleet_detail_csv(b, &d, a->opt.sep, first);
		else
			out_fleet_detail_json(b, &d);
		fleet_detail_free(&d);
		return 0;
	}
	struct fleet_frame fr;
	if ((r = fleet_refresh(f, &fr, &em)) < 0) {
		printable_eprintf("pmutop: --fleet: %s\n", errmsg_text(&em, r));
		return 1;
	}
	if (a->opt.json)
		out_fleet_json(b, &fr);
	else if (a->opt.sep)
		out_fleet_csv(b, &fr, a->opt.sep, first);
	else
		out_fleet_text(b, &fr);
	fleet_frame_free(&fr);
	return 0;
}

int fleet_main(struct app *a)
{
	struct fleet_opts o;
	struct fleet *f = NULL;
	struct errmsg em = { 0 };
	struct sigaction sa;
	struct outbuf b;
	FILE *out = stdout;
	double next;
	int r = 0;

	app_fleet_opts(a, &o);
	if (!o.url && !o.targets) {
		printable_eprintf("pmutop: --fleet needs a URL (--fleet http://prometheus:9090, or [fleet] url) "
				  "or --fleet-targets host:port,...\n");
		return 2;
	}
	if ((r = fleet_open(&o, &f, &em)) < 0) {
		printable_eprintf("pmutop: %s\n", errmsg_text(&em, r));
		return 2;
	}
	if (a->opt.output && !(out = batch_open_output(a->opt.output))) {
		fleet_close(f);
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	ob_init(&b, 65536);
	next = clock_mono();
	for (int n = 0; !fleet_stop && (a->opt.count == 0 || n < a->opt.count); n++) {
		if (n > 0)
			sleep_until(next);
		if (fleet_stop)
			break;
		if ((r = one(a, f, &b, n == 0)) != 0)
			break;
		if (ob_flush(&b, out) < 0 || fflush(out) != 0) {
			printable_eprintf("pmutop: cannot write the fleet's rows: %s\n", strerror(errno));
			r = 1;
			break;
		}
		double step = a->opt.delay > 0 ? a->opt.delay : fleet_window(f) / 4;
		next += step < 1 ? 1 : step;
		if (next < clock_mono())   /* the refresh took longer than the step (direct mode's first) */
			next = clock_mono() + (step < 1 ? 1 : step);
	}
	ob_free(&b);
	fleet_close(f);
	if (out != stdout && fclose(out) != 0) {
		printable_eprintf("pmutop: cannot write %s: %s\n", a->opt.output, strerror(errno));
		r = 1;
	}
	return r;
}
