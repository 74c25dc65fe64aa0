/* SPDX-License-Identifier: GPL-2.0-or-later */
/* meters.h: the header's meters, as htop and btop: utilisation bars per CPU (or per socket, or one
 * for the machine, whichever fits), then IPC, memory bandwidth, UPI and package power. */
#ifndef PMUTOP_UI_METERS_H
#define PMUTOP_UI_METERS_H
#include <stdbool.h>

enum { UM_CPU, UM_SOCKET, UM_TOTAL };

struct ui_meters {
	int lines;          /* header lines the meters take (0: off, or no room) */
	int bar_lines;      /* of them, lines of bars */
	int per;            /* UM_*: what one bar is */
	int nbars, ncol, cellw;
	bool figs;          /* IPC, bandwidth and power on a line of their own */
	bool figs_inline;   /* ... or after the one bar when there is one line */
	unsigned show;      /* SKT_* figures shown, and UM_IPC */
};
#define UM_IPC 0x100

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
#endif
