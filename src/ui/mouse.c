/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* mouse.c: clicks and the wheel: a click on the cores view's column titles sorts by that column
 * (again: inverts), a click on a row of a list selects it, the wheel scrolls three rows. */
#include "mouse.h"
#include "ui/views/cores.h"
#include "ui/views/view.h"

#define WHEEL_ROWS 3

void ui_mouse_start(void)
{
	/* presses, not clicks: no wait for a release, and tmux sends both */
	mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
}

void ui_mouse(struct ui *u)
{
	MEVENT ev;
	int v = u->view, y;

	if (getmouse(&ev) != OK || u->lay.small)
		return;
	y = ev.y - u->lay.body_y;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		int d = ev.bstate & BUTTON4_PRESSED ? -WHEEL_ROWS : WHEEL_ROWS;
		u->sel[v] += d;
		u->top[v] = u->top[v] + d > 0 ? u->top[v] + d : 0;
		return;   /* the views clamp both to their list when they draw */
	}
	if (!(ev.bstate & BUTTON1_PRESSED) || y < 0 || y >= u->lay.body_h)
		return;
	if (v == UV_CORES && y == 0) {
		ui_cores_click_title(u, ev.x);
		return;
	}
	if (u->list_h[v] > 0 && y >= u->list_y[v] && y < u->list_y[v] + u->list_h[v])
		u->sel[v] = u->top[v] + y - u->list_y[v];
}
