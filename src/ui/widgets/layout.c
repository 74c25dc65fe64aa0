/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* layout.c: scrolling and screen regions (pure, no curses). */
#include "layout.h"

int ui_clamp(int v, int n)
{
	if (n <= 0 || v < 0)
		return 0;
	return v >= n ? n - 1 : v;
}

int ui_scroll_top(int top, int sel, int n, int h)
{
	if (h <= 0)
		return 0;
	if (sel < top)
		top = sel;
	if (sel >= top + h)
		top = sel - h + 1;
	if (top > n - h)
		top = n - h;
	return top < 0 ? 0 : top;
}

void ui_layout_compute(int rows, int cols, int want_hdr, struct ui_layout *l)
{
	int hdr = want_hdr;

	/* below this the views lose their key columns: show what fits and say so */
	l->small = rows < UI_FULL_ROWS || cols < UI_FULL_COLS;
	/* keep at least 3 body rows: the header gives way first */
	if (rows - hdr - 1 < 3)
		hdr = rows - 1 - 3;
	if (hdr < 1)
		hdr = rows >= 2 ? 1 : 0;
	if (hdr < want_hdr)
		l->small = 1;
	l->hdr_h = hdr;
	l->body_y = hdr;
	l->foot_y = rows - 1;
	l->body_h = rows - hdr - 1;
	if (l->body_h < 0)
		l->body_h = 0;
}
