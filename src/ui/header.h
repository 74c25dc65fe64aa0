/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* header.h: the header window: source and machine, timing, meters, counter budget, permissions, tabs. */
#ifndef PMUTOP_UI_HEADER_H
#define PMUTOP_UI_HEADER_H
#include <curses.h>

struct ui;

/* Lines the header wants (the meters as ui_meters_plan fitted them included). */
int ui_header_lines(const struct ui *u);
void ui_header_draw(struct ui *u, WINDOW *w, int h, int wd);
#endif
