/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_live.h: the fleet engine on a thread of its own, for the screen: it refreshes at the
 * engine's pace (a quarter of the window, at least a second) and, while one is asked, one host's
 * drill-down; a reader takes the newest frame (a copy) under a lock and never waits for a query. */
#ifndef PMUTOP_FLEET_LIVE_H
#define PMUTOP_FLEET_LIVE_H
#include <stdbool.h>
#include <stddef.h>
#include "fleet.h"

struct errmsg;
struct fleet_live;

/* Open the engine (fleet_open: the options checked) and start its thread. The options' strings
 * must live until fleet_live_stop. */
int fleet_live_start(const struct fleet_opts *o, struct fleet_live **out, struct errmsg *em);
/* Stop the thread (a request under way ends within the engine's timeout) and close the engine. */
void fleet_live_stop(struct fleet_live *l);

/* The newest frame into *out when it is newer than *seq (then *seq updated, true; the caller frees
 * the old one it had, and this copy with fleet_frame_free). err (n bytes) gets the last refresh's
 * error ("" when it answered); *busy whether a refresh is under way. */
bool fleet_live_take(struct fleet_live *l, unsigned *seq, struct fleet_frame *out, char *err, size_t n,
		     bool *busy);
/* Ask for one host's drill-down (refreshed with the frames), NULL: none. */
void fleet_live_detail(struct fleet_live *l, const char *host);
/* As fleet_live_take, for the drill-down of the host asked (false when none answered yet). */
bool fleet_live_take_detail(struct fleet_live *l, unsigned *seq, struct fleet_detail *out, char *err,
			    size_t n);
#endif
