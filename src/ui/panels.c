/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* panels.c: the table of views. Adding a view is its file (a struct ui_panel_class named
 * ui_panel_NAME) and one line in UI_PANELS; the header's tabs follow this order, the first is the
 * view shown when the settings name none. */
#include "ui/views/view.h"
#include <stddef.h>
#include <stdio.h>

#define UI_PANELS(X) \
	X(cores)     \
	X(sockets)   \
	X(uncore)    \
	X(events)    \
	X(topdown)   \
	X(procs)     \
	X(cgroups)   \
	X(fleet)     \
	X(hot)       \
	X(help)

#define DECLARE(n) extern const struct ui_panel_class ui_panel_##n;
#define ENTRY(n) &ui_panel_##n,
UI_PANELS(DECLARE)
const struct ui_panel_class *const ui_panel_classes[] = { UI_PANELS(ENTRY) };
const int ui_npanel_classes = (int)(sizeof(ui_panel_classes) / sizeof(ui_panel_classes[0]));

struct ui_panel *ui_panel_find(struct ui *u, const struct ui_panel_class *cls)
{
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls == cls)
			return &u->panels[i];
	return NULL;
}

void ui_list_fit(struct ui_list *l, int n, int rows)
{
	l->sel = ui_clamp(l->sel, n);
	l->top = ui_scroll_top(l->top, l->sel, n, rows);
}

void ui_say_hidden_cols(struct ui *u, bool *said, int hidden)
{
	if (*said || u->status[0])
		return;
	*said = true;
	if (hidden <= 0)
		return;
	snprintf(u->status, sizeof(u->status), "the config's column layout hides %d column%s this machine "
		 "shows by default (F to choose)", hidden, hidden == 1 ? "" : "s");
	u->status_err = false;
	u->dirty_foot = true;
}
