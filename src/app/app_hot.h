/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_hot.h: the hot functions of the screen's panel (issue 40), sampled in the app: what the
 * sessions' functions (session_hot_*) and the batch mode (--hot -b) share. */
#ifndef PMUTOP_APP_HOT_H
#define PMUTOP_APP_HOT_H
#include <stdbool.h>
#include <stddef.h>
#include "hw/sample/hot.h"

struct app;

/* The event text (perf syntax: one event or one group; a group's ":S" may be given) into o's events:
 * 0, or a negative errno with why (n bytes) saying what is wrong. */
int app_hot_events(struct app *a, const char *text, struct hot_opts *o, char *why, size_t n);
/* Each refresh (app_sample): the panel's rings drained and its rows taken. */
void app_hot_drain(struct app *a);
/* Stop sampling and free what the panel held (app_close). */
void app_hot_free(struct app *a);
#endif
