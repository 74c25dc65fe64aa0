/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* meters.h: the header's meters, as htop and btop: utilisation bars per CPU (or per socket, or one
 * for the machine, whichever fits), then IPC, memory bandwidth, UPI and package power. */
#ifndef PMUTOP_UI_METERS_H
#define PMUTOP_UI_METERS_H
#include <stdbool.h>
#include <curses.h>

struct ui;

enum { UM_CPU, UM_SOCKET, UM_TOTAL };

struct ui_meters {
	int lines;          /* header lines the meters take (0: off, or no room) */
	int bar_lines;      /* of them, lines of bars */
	int per;            /* UM_*: what one bar is */
	int nbars, ncol, cellw;
	bool figs;          /* IPC, bandwidth and power on a line of their own */
	bool figs_inline;   /* ... or after the one bar when there is one line */
	unsigned show;      /* SKT_* figures shown, and UM_IPC, UM_RDT */
};
#define UM_IPC 0x100
#define UM_RDT 0x200   /* resctrl's L3 occupancy and memory bandwidth */

/* The glyphs of the utilisation parts (user, system, irq, softirq, steal): told apart without
 * colour, as htop's monochrome bars. */
extern const char ui_meter_glyphs[5];

/* Which bars fit a header of at most `budget` lines of `cols` columns: per CPU when there are at
 * most 32 CPUs and they fit, else per socket, else one bar. Pure (no curses), for tests. */
void ui_meters_fit(int ncpus, int nsock, int budget, int cols, struct ui_meters *m);
/* How many lines the meters may take in a terminal of `rows` rows. */
int ui_meters_budget(int rows);
/* Split a bar of width bw into the parts' glyph counts from their percents (NAN parts count 0):
 * n[k] chars of part k, never more than bw in all. */
void ui_meters_split(const double *pct, int nparts, int bw, int *n);

/* The header's meters as they fit: their state (its own, kept in struct ui as u->met). 0 or
 * -ENOMEM. */
int ui_meters_init(struct ui *u);
void ui_meters_free(struct ui *u);
/* Fit them to the terminal (before the layout); the header lines they then take. */
void ui_meters_plan(struct ui *u);
int ui_meters_lines(const struct ui *u);
/* Count the sockets' uncore events while something shown needs them, and no longer after. */
void ui_meters_sync(struct ui *u);
/* Draw them from line y (below maxy); returns lines drawn. */
int ui_meters_draw(struct ui *u, WINDOW *w, int y, int maxy, int wd);
#endif
