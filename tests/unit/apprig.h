/* SPDX-License-Identifier: GPL-2.0-or-later */
/* apprig.h: bring up a whole app on a simulated machine (as `pmutop --sim M -b -e EVENTS` does). */
#ifndef PMUTOP_APPRIG_H
#define PMUTOP_APPRIG_H
#include <stdio.h>
#include <string.h>
#include "app/app.h"

/* 0 when the machine is up and the events count; fault may be NULL. Call app_close after. */
static int apprig_open(struct app *a, const char *machine, const char *fault, const char *events,
		       double interval)
{
	struct ev_error err;

	memset(a, 0, sizeof(*a));
	settings_defaults(&a->set);
	a->opt.sim = machine;
	a->opt.sim_fault = fault;
	a->opt.batch = true;
	a->interval = interval;
	if (app_open_machine(a) != 0)
		return -1;
	if (evlist_add(&a->evl, EVO_USER, events, false, &a->reg, &a->topo, NULL, 0, &err) < 0) {
		printf("     parse error at %d: %s\n", err.pos, err.msg);
		return -1;
	}
	return app_open_events(a);
}
#endif
