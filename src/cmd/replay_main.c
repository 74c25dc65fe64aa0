/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_main.c: --replay: play a recording in batch (a file or a pipe, read once) or on the screen. */
#include "cmd.h"
#include "base/printable.h"
#include "batch.h"
#include "app/app.h"
#include "base/errmsg.h"
#include "replay/replay.h"
#include "ui/ui.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int replay_main(struct app *a)
{
	struct errmsg em = { 0 };
	FILE *out = stdout;
	int r;

	/* batch conversion reads the file once, front to back (a pipe will do); the TUI steps back */
	if (!a->opt.batch && strcmp(a->opt.replay, "-") == 0) {
		printable_eprintf("pmutop: --replay -: the screen steps back through a recording, so it needs a "
			"file; standard input plays with -b (pmutop --replay - -b --json)\n");
		return 2;
	}
	r = a->opt.batch ? replay_open_stream(a->opt.replay, a->opt.topology, &a->rep, &em)
			 : replay_open(a->opt.replay, a->opt.topology, &a->rep, &em);
	if (r < 0) {
		printable_eprintf("pmutop: --replay %s: %s\n", a->opt.replay, errmsg_text(&em, r));
		return 1;
	}
	/* batch mode draws no sparklines: no IPC history (a->hist_keep 1), whose size (CPUs x history)
	 * a recording naming a new CPU each interval made the model's rebuild cost every time (issue 26) */
	if ((r = replay_setup_model(a->rep, &a->model, a->hist_keep)) < 0) {
		printable_eprintf("pmutop: --replay %s: %s\n", a->opt.replay, strerror(-r));
		replay_close(a->rep);
		return 1;
	}
	snprintf(a->source_label, sizeof(a->source_label), "replay: %s", a->opt.replay);
	snprintf(a->topo.model, sizeof(a->topo.model), "%s", replay_cpu_model(a->rep));
	a->interval = a->opt.delay > 0 ? a->opt.delay : replay_interval(a->rep);
	a->paranoid = -99;
	a->src = &source_replay;
	a->t0 = a->last_sample = app_now();
	if (!a->opt.batch) {
		if (!isatty(STDOUT_FILENO)) {
			printable_eprintf("pmutop: standard output is not a terminal; use -b to convert "
				"the recording (-b --json or -b -x SEP)\n");
			r = 2;
		} else {
			r = ui_run(a);
		}
	} else if (a->opt.output && !(out = batch_open_output(a->opt.output))) {
		r = 1;
	} else {
		r = batch_run(a, out);
		if (out != stdout)
			fclose(out);
	}
	/* after the run: a stream knows its malformed lines only once it has read them */
	if (replay_bad_summary(a->rep)[0])
		printable_eprintf("pmutop: %s\n", replay_bad_summary(a->rep));
	replay_close(a->rep);
	a->rep = NULL;
	return r;
}
