/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* rdt.h: the RDT/PQoS monitoring section of the sockets view: each L3 domain's cache occupancy and
 * memory bandwidth, then every resctrl group's; or one line saying why there are none. */
#ifndef PMUTOP_UI_RDT_H
#define PMUTOP_UI_RDT_H
#include <curses.h>

struct ui;

/* Draw the section from line y, in at most maxh lines of w (width wd). Returns the lines drawn. */
int ui_rdt_draw(struct ui *u, WINDOW *w, int y, int maxh, int wd);
/* An amount of bytes and a rate in bytes per second as the section and the meters show them
 * ("68.2M", "30.91G/s"; "-" when not counted). */
void ui_rdt_bytes(double v, char *buf, int n);
void ui_rdt_rate(double v, char *buf, int n);
#endif
