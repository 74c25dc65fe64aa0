/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores.h: the cores view's state (its own, kept in struct ui as u->cores) and what the loop, the
 * mouse and save ask of it. */
#ifndef PMUTOP_UI_CORES_H
#define PMUTOP_UI_CORES_H

struct ui;

/* Its state, sorted by the "sort" setting. 0 or -ENOMEM. */
int ui_cores_init(struct ui *u);
void ui_cores_free(struct ui *u);
/* < and >: move the sort column by delta. */
void ui_cores_sort_step(struct ui *u, int delta);
/* The title row was clicked at column x: sort by that column (again: invert). */
void ui_cores_click_title(struct ui *u, int x);
/* The key of the sorted column ("cpu", "ipc", an event name), as the "sort" setting saves it. */
const char *ui_cores_sort_key(const struct ui *u);
#endif
