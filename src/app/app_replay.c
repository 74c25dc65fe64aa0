/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_replay.c: --replay: a recording as the counter source (sample, step back and forth). */
#include "app.h"
#include "base/errmsg.h"
#include "replay/replay.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

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
