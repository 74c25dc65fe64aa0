/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sample.c: one refresh of the running program: the source's sample, the model's figures, the
 * top-down shares, then whoever publishes frames (the exporter). */
#include "app.h"
#include "app_rdt.h"
#include "app_topdown.h"
#include "app_wl.h"
#include "hw/sys/seam.h"

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
	if (a->on_frame)
		a->on_frame(a);
	return 0;
}
