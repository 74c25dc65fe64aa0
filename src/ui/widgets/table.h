/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* table.h: what every table of the screen shares: a view declares its columns (width, alignment,
 * whether it is the row's identity), and the table fits them into the terminal's width with the
 * identity columns kept while Left/Right scroll the rest, marks an end where columns are off the
 * screen, draws the titles with the one sort mark, and puts each cell aligned and clipped: no line
 * is ever wider than the window. */
#ifndef PMUTOP_UI_TABLE_H
#define PMUTOP_UI_TABLE_H
#include <stdbool.h>
#include <curses.h>

#define UI_TMAX 256   /* columns a table shows at most */

struct ui_tcol {
	int width;
	bool left;       /* text aligned left (names), else right (numbers) */
	bool fixed;      /* the row's identity: stays when scrolled sideways */
	bool fill;       /* the last column may take the rest of the line (a name, a path) */
};

/* A table laid out at a width: the columns shown, where, and whether columns are off the screen. */
struct ui_tfit {
	int n;
	int col[UI_TMAX], x[UI_TMAX], w[UI_TMAX];
	bool more_left, more_right;
};

/* Fit cols[0..n) into wd columns, from the sideways offset *hoff (the scrolled columns left out):
 * *hoff is clamped to where the last columns fill the room (Right stops when the last column
 * shows; one scrolled column at least when none fits beside another). Each column is
 * whole, one space after it; a fill column takes what is left. */
void ui_table_fit(const struct ui_tcol *cols, int n, int *hoff, int wd, struct ui_tfit *f);
/* The title line y (the whole width in attribute at): titles[i] of column i, the sort mark (one
 * cell) after the title of column sorted (-1: none), '<' (in the gap before the first scrolled
 * column shown) and '>' (at the end of the line) where columns are off the screen. */
void ui_table_titles(WINDOW *w, int y, int wd, const struct ui_tcol *cols, const char *const *titles,
		     const struct ui_tfit *f, int sorted, const char *mark, attr_t at);
/* The k-th shown column's cell on line y: text aligned in its width, clipped to the window. */
void ui_table_cell(WINDOW *w, int y, int wd, const struct ui_tcol *cols, const struct ui_tfit *f, int k,
		   attr_t at, const char *text);
/* < and >: the sort key after (delta 1) or before (-1) sort among the keys of the columns shown,
 * cols[0..n), round the ends; the first when sort is none of them. */
int ui_table_sort_step(const int *cols, int n, int sort, int delta);
/* The shown column k whose cells hold screen column x, -1 when none (a click on the titles). */
int ui_table_at(const struct ui_tfit *f, int x);
#endif
