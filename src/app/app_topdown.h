/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app_topdown.h: top-down shares of the running program: the plan (method per core PMU), adding its
 * events on demand, and the shares per CPU, per socket and system after each sample. */
#ifndef PMUTOP_APP_TOPDOWN_H
#define PMUTOP_APP_TOPDOWN_H
#include <stdbool.h>
#include <stddef.h>
#include "owners.h"

struct app;


/* Choose the methods for the machine (once). */
void app_td_detect(struct app *a);
/* Append the plan's events to an event list text (for -E topdown). 0, or -ENOSPC, or -ENOENT
 * when the machine has no method (a->td.plan.reason says why). */
int app_td_append(struct app *a, char *list, size_t len);
/* Add the top-down events to what is counted (the view was opened). 0 or a negative errno with
 * a->msg filled. */
int app_td_enable(struct app *a);
/* Locate the events in the current list (after the model was rebuilt). */
void app_td_bind(struct app *a);
/* Compute every share from the current frame. */
void app_td_derive(struct app *a);
void app_td_free(struct app *a);
/* The instance (method) of a model CPU index, -1 none. */
int app_td_inst_of_cpu(const struct app *a, int c);

#endif
