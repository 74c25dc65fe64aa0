/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sample.c: one refresh of the running program: the source's sample, the model's figures, the
 * top-down shares, the hot functions' rings, then whoever publishes frames (the exporter); and the
 * source that fills a refresh from a recording (--replay). */
#include "app.h"
#include "app_hot.h"
#include "app_rdt.h"
#include "app_topdown.h"
#include "app_wl.h"
#include "base/errmsg.h"
#include "hw/sys/seam.h"
#include "replay/replay.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

int app_sample(struct app *a)
{
	double now;

	app_step_clock_advance(a);   /* --sim-clock step: one interval passes per sample */
	now = app_clock(a);
	struct frame *f = &a->model.cur;
	int r = a->src->sample(a);

	if (r != 0)
		return r;
	if (a->src == &source_perf) {
		f->interval = now - a->last_sample;
		f->t = now - a->t0;
		a->last_sample = now;
		f->seq++;   /* a replay numbers its own frames */
	}
	model_derive(&a->model);
	app_td_derive(a);
	app_wl_sample(a);
	app_rdt_sample(a);
	app_hot_drain(a);   /* the hot functions' panel: its rings, while it is open */
	if (a->on_frame)
		a->on_frame(a);
	return 0;
}

/* --replay: a recording as the counter source (sample, step back and forth). */
static int rep_sample(struct app *a)
{
	struct errmsg em;
	int r = replay_next(a->rep, &a->model, &em);

	if (r < 0)
		snprintf(a->msg, sizeof(a->msg), "%s", em.text);
	return r;
}

/* Move the next frame to fill by delta (0 = back to the first). The frame on screen is one
 * before the next to fill, so the UI steps back one with delta -2 and forward with no step. */
static int rep_step(struct app *a, int delta)
{
	int target = delta == 0 ? 0 : replay_pos(a->rep) + delta;
	return replay_seek(a->rep, target < 0 ? 0 : target);
}

static void rep_stop(struct app *a)
{
	(void)a;
}

const struct source_ops source_replay = {
	.name = "replay", .sample = rep_sample, .count = NULL, .step = rep_step, .stop = rep_stop,
};
