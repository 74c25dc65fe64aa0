/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* events.h: the events view: every event with a checkbox, event sets, adding by syntax and from the
 * browser, the pending list (a copy of the event list whose user's entries it edits) and its budget. */
#ifndef PMUTOP_UI_EVENTS_H
#define PMUTOP_UI_EVENTS_H
#include <stdbool.h>

struct ui;

/* The view's own state (u->ev). 0 or -ENOMEM. */
int ui_events_init(struct ui *u);
void ui_events_free(struct ui *u);
/* The pending list becomes a copy of what is counted now (edits not applied are dropped). */
void ui_events_reset_pending(struct ui *u);
/* Whether edits wait to be applied. */
bool ui_events_pending(const struct ui *u);
/* The event list changed under the view: its rows are made anew before the next draw. */
void ui_events_stale(struct ui *u);
/* Apply the pending event list (at a refresh). 0 or app_events_apply's negative errno. */
int ui_events_commit(struct ui *u);
/* Keys for the add prompt and the browser while open; true when used. */
bool ui_events_input(struct ui *u, int ch);
/* Add the events of text to the pending list (as `a` does); false with the status set when not. */
bool ui_events_add_text(struct ui *u, const char *text);
#endif
