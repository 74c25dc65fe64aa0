/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* colchoose.h: F, the column chooser over the body (its state is u->cc, NULL while closed). */
#ifndef PMUTOP_UI_COLCHOOSE_H
#define PMUTOP_UI_COLCHOOSE_H
#include <stdbool.h>
#include <curses.h>

struct ui;
struct ui_panel;
struct model;

/* Open it for view p (back to its first column when it closes); while open it takes the keys and
 * draws the body. A view without columns to choose (no columns hook): the status line says so. */
void ui_colchoose_open(struct ui *u, struct ui_panel *p);
bool ui_colchoose_input(struct ui *u, int ch);
void ui_colchoose_draw(struct ui *u, WINDOW *w, int h, int wd);
void ui_colchoose_free(struct ui *u);
/* The model's event keys, one per line (malloc'd; NULL without memory), taken before the set changes;
 * then ui_colchoose_follow appends the events the set gained to a chooser's layout, so that an event
 * the user adds shows while a column he hid stays hidden. */
char *ui_colchoose_keys(const struct model *m);
void ui_colchoose_follow(struct ui *u, const char *before);
/* Whether key is one of the lines of ui_colchoose_keys' list (an event counted before). */
bool ui_colchoose_listed(const char *lines, const char *key);
#endif
