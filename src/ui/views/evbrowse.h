/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evbrowse.h: the event browser of the events view: the CPU's named events by PMU and topic, searchable. */
#ifndef PMUTOP_UI_EVBROWSE_H
#define PMUTOP_UI_EVBROWSE_H
#include "ui/widgets/lineedit.h"
#include <curses.h>
#include <stddef.h>
#include <stdbool.h>

struct ui;
struct catalog;

struct ui_browse {
	bool open, searching;
	char query[64];
	struct ui_line q;  /* the search prompt's editor over query */
	int *order;       /* catalog indices sorted by PMU, topic, name (built on open) */
	int norder;
	int *rows;        /* what the list shows: catalog index, or -1 - k for the heading of order[k] */
	int nrows;
	int sel, top;
};

/* Open the browser b (loading the catalog now, the first time); search: start typing a query. */
void ui_browse_open(struct ui *u, struct ui_browse *b, bool search);
void ui_browse_free(struct ui_browse *b);
/* Keys while the browser is open; true when used (others go to the global keys). When the key
 * picks an event, its syntax goes to picked (n bytes) for the events view to add. */
bool ui_browse_input(struct ui *u, struct ui_browse *b, int ch, char *picked, size_t n);
/* Draw the browser in rows y..h-1 of the events view. */
void ui_browse_draw(struct ui *u, struct ui_browse *b, WINDOW *w, int y, int h, int wd);
/* Rebuild the shown rows for the current query (one search keystroke). */
void ui_browse_filter(struct ui_browse *b, const struct catalog *c);
/* Sort the catalog's events by PMU, topic and name into b->order. 0 or -ENOMEM. */
int ui_browse_index(struct ui_browse *b, const struct catalog *c);
/* The counter constraint of an event as the description pane says it. */
void ui_browse_counters(const char *counter, const char *terms, char *out, size_t n);
#endif
