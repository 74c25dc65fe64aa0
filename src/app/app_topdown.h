/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_topdown.h: top-down shares of the running program: the plan (method per core PMU), adding its
 * events on demand, and the shares per CPU, per socket and system after each sample. */
#ifndef PMUTOP_APP_TOPDOWN_H
#define PMUTOP_APP_TOPDOWN_H
#include <stdbool.h>
#include <stddef.h>
#include "owners.h"

struct app;
struct evlist;
struct errmsg;


/* Choose the methods for the machine (once). */
void app_td_detect(struct app *a);
/* Add the plan's events to l as top-down's entries (l is a->evl before counting starts, for -E
 * topdown, or a copy to apply). 0, or -ENOENT when the machine has no method (em and
 * a->td.plan.reason say why), or another negative errno with em filled. */
int app_td_add(struct app *a, struct evlist *l, struct errmsg *em);
/* Add the top-down events to what is counted (the view was opened). 0 or a negative errno with
 * a->msg filled. */
int app_td_enable(struct app *a);
/* Compute every share from the current frame (finding its events again first when the event list
 * changed). */
void app_td_derive(struct app *a);
void app_td_free(struct app *a);
/* The instance (method) of a model CPU index, -1 none. */
int app_td_inst_of_cpu(const struct app *a, int c);

#endif
