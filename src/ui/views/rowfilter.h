/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* rowfilter.h: `/` in the views whose class names its rows: each panel's filter (kept in the panel),
 * the prompt, the footer line, and the test a view makes per row. */
#ifndef PMUTOP_UI_ROWFILTER_H
#define PMUTOP_UI_ROWFILTER_H
#include <stdbool.h>
#include <curses.h>

struct ui;
struct ui_panel;

int ui_rowfilter_init(struct ui *u);   /* 0 or -ENOMEM */
void ui_rowfilter_free(struct ui *u);
/* Keys while the prompt is open (true when used); `/` and Esc of the list views (true when
 * used); the footer line while a filter is typed or set (true when drawn, *x its width). */
bool ui_filter_input(struct ui *u, int ch);
bool ui_filter_key(struct ui *u, int action);
bool ui_filter_footer(struct ui *u, WINDOW *w, int *x);
/* Whether the view has a filter (its rows may be hidden; its totals say "all*"). */
bool ui_filter_set(const struct ui_panel *p);
/* Whether a row passes the view's filter: its CPUs (indices into the model), or a label only. */
bool ui_filter_cpus(struct ui *u, struct ui_panel *p, const int *cpus, int n, const char *label);
bool ui_filter_label(struct ui_panel *p, const char *label);
/* A row with numbers of its own (PIDs: a number list matches them) and a label. */
bool ui_filter_ids(struct ui_panel *p, const int *ids, int n, const char *label);
/* The view drew `shown` of its `total` rows: the footer says so. */
void ui_filter_counted(struct ui_panel *p, int shown, int total);
#endif
