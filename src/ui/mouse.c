/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* mouse.c: clicks and the wheel: a click on the cores view's column titles sorts by that column
 * (again: inverts), a click on a row of a list selects it, the wheel scrolls three rows. */
#include "mouse.h"
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
	struct ui_panel *p = u->cur;
	struct ui_list *l = &p->list;
	int y;

	if (getmouse(&ev) != OK || u->lay.small)
		return;
	y = ev.y - u->lay.body_y;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		int d = ev.bstate & BUTTON4_PRESSED ? -WHEEL_ROWS : WHEEL_ROWS;
		l->sel += d;
		l->top = l->top + d > 0 ? l->top + d : 0;
		return;   /* the views clamp both to their list when they draw */
	}
	if (!(ev.bstate & BUTTON1_PRESSED) || y < 0 || y >= u->lay.body_h)
		return;
	if (p->cls->click && p->cls->click(u, p, y, ev.x))   /* the view's own: a title sorts */
		return;
	if (l->h > 0 && y >= l->y && y < l->y + l->h)
		l->sel = l->top + y - l->y;
}
