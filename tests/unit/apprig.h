/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* apprig.h: bring up a whole app on a simulated machine (as `pmutop --sim M -b -e EVENTS` does). */
#ifndef PMUTOP_APPRIG_H
#define PMUTOP_APPRIG_H
#include <stdio.h>
#include <string.h>
#include "app/app.h"
#include "hw/sim/sim.h"

/* 0 when the machine is up and the events count; fault may be NULL; clock, when not NULL, is the
 * clock the simulated kernel follows from before its first open (tests/unit/simclock.h), so the
 * test moves time instead of sleeping. Call app_close after. */
static inline int apprig_open_clocked(struct app *a, const char *machine, const char *fault, const char *events,
				      double interval, const struct perf_seam *clock)
{
	struct ev_error err;
	int r;

	memset(a, 0, sizeof(*a));
	settings_defaults(&a->set);
	a->opt.sim = machine;
	a->opt.sim_fault = fault;
	a->opt.batch = true;
	a->interval = interval;
	if (app_open_machine(a) != 0)
		return -1;
	if (clock && (r = simk_set_clock((struct perf_seam *)a->seam, clock)) < 0) {
		printf("     simk_set_clock: %s\n", strerror(-r));
		return -1;
	}
	if (evlist_add(&a->evl, EVO_USER, events, false, &a->reg, &a->topo, NULL, 0, &err) < 0) {
		printf("     parse error at %d: %s\n", err.pos, err.msg);
		return -1;
	}
	return app_open_events(a);
}

static inline int apprig_open(struct app *a, const char *machine, const char *fault, const char *events,
			      double interval)
{
	return apprig_open_clocked(a, machine, fault, events, interval, NULL);
}
#endif
