/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* table.c: columns fitted to a width, sideways scrolling, titles with the sort mark, clipped cells. */
#include "table.h"
#include "draw.h"

void ui_table_fit(const struct ui_tcol *cols, int n, int *hoff, int wd, struct ui_tfit *f)
{
	int nscroll = 0, off = *hoff, x = 0, skipped = 0, room = wd, tail = 0;

	for (int i = 0; i < n; i++) {
		nscroll += !cols[i].fixed;
		if (cols[i].fixed)
			room -= cols[i].width + 1;
	}
	/* no further than where the last columns fill the room: Right stops when the last one shows */
	for (int i = n - 1, used = 0; i >= 0; i--) {
		if (cols[i].fixed)
			continue;
		used += cols[i].width + 1;
		if (used > room + 1 && tail > 0)
			break;
		tail++;
	}
	if (off > nscroll - tail)
		off = nscroll - tail;
	if (off < 0)
		off = 0;
	*hoff = off;
	f->n = 0;
	f->more_left = off > 0;
	f->more_right = false;
	for (int i = 0; i < n && f->n < UI_TMAX; i++) {
		int cw = cols[i].width;

		if (!cols[i].fixed && skipped < off) {
			skipped++;
			continue;
		}
		if (x + cw > wd) {
			/* a fill column takes what is left; any other waits for Right */
			if (cols[i].fill && x < wd) {
				cw = wd - x;
			} else {
				f->more_right = true;
				break;
			}
		}
		f->col[f->n] = i;
		f->x[f->n] = x;
		f->w[f->n++] = cw;
		x += cw + 1;
	}
	/* a fill column at the end of the table takes the rest of the line */
	if (f->n > 0 && f->col[f->n - 1] == n - 1 && cols[n - 1].fill && !f->more_right)
		f->w[f->n - 1] = wd - f->x[f->n - 1];
}

void ui_table_titles(WINDOW *w, int y, int wd, const struct ui_tcol *cols, const char *const *titles,
		     const struct ui_tfit *f, int sorted, const char *mark, attr_t at)
{
	wattr_on(w, at, NULL);
	mvwhline(w, y, 0, ' ', wd);
	wattr_off(w, at, NULL);
	for (int k = 0; k < f->n; k++) {
		int i = f->col[k], x = f->x[k], n;

		if (x >= wd)
			break;
		if (cols[i].left) {
			n = ui_put(w, y, x, f->w[k], at, titles[i]);
			if (i == sorted && mark)
				ui_put(w, y, x + n, wd - x - n > 1 ? 1 : wd - x - n, at, mark);
		} else {
			/* right-aligned titles fill their width: the mark goes in the gap after them */
			ui_put_right(w, y, x, f->w[k], at, titles[i]);
			if (i == sorted && mark && x + f->w[k] < wd)
				ui_put(w, y, x + f->w[k], 1, at, mark);
		}
	}
	/* '<' in the gap before the first scrolled column shown */
	if (f->more_left && wd > 0) {
		int x = 0;
		for (int k = 0; k < f->n; k++)
			if (!cols[f->col[k]].fixed) {
				x = f->x[k] > 0 ? f->x[k] - 1 : 0;
				break;
			}
		ui_put(w, y, x, 1, at, "<");
	}
	if (f->more_right && wd > 0) {
		/* at the end of the line; in the gap after the last column when that is the end */
		int x = f->n > 0 ? f->x[f->n - 1] + f->w[f->n - 1] : 0;
		ui_put(w, y, x < wd - 1 ? wd - 1 : x < wd ? x : wd - 1, 1, at, ">");
	}
}

void ui_table_cell(WINDOW *w, int y, int wd, const struct ui_tcol *cols, const struct ui_tfit *f, int k,
		   attr_t at, const char *text)
{
	int x = f->x[k], cw = f->w[k];

	if (k < 0 || k >= f->n || x >= wd)
		return;
	if (cw > wd - x)
		cw = wd - x;
	if (cols[f->col[k]].left)
		ui_put(w, y, x, cw, at, text);
	else
		ui_put_right(w, y, x, cw, at, text);
}

int ui_table_sort_step(const int *cols, int n, int sort, int delta)
{
	int at = 0;

	if (n <= 0)
		return sort;
	for (int i = 0; i < n; i++)
		if (cols[i] == sort)
			at = i;
	return cols[((at + delta) % n + n) % n];
}

int ui_table_at(const struct ui_tfit *f, int x)
{
	for (int k = 0; k < f->n; k++)
		if (x >= f->x[k] && x <= f->x[k] + f->w[k])
			return k;
	return -1;
}
