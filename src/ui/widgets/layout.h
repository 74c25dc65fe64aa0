/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* layout.h: pure geometry for the UI: where a scrolled list starts, the screen regions (the
 * table's columns: table.h). */
#ifndef PMUTOP_UI_LAYOUT_H
#define PMUTOP_UI_LAYOUT_H

/* Keep a selection visible in a list of n rows shown h at a time: returns the
 * new first row given the old one (clamped so the list never ends early). */
int ui_scroll_top(int top, int sel, int n, int h);

/* Clamp a selection to 0..n-1 (0 when n is 0). */
int ui_clamp(int v, int n);

/* Screen regions for a terminal of rows x cols: header lines at the top
 * (shrunk when the terminal is short), one footer line, the rest the body. */
#define UI_FULL_ROWS 12
#define UI_FULL_COLS 60
struct ui_layout {
	int hdr_h, body_y, body_h, foot_y;
	int small;      /* 1 when below UI_FULL_COLS x UI_FULL_ROWS or the header was cut */
};
void ui_layout_compute(int rows, int cols, int want_hdr, struct ui_layout *l);
#endif
