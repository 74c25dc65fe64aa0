/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topdown.h: the top-down view's state (its own, kept in struct ui as u->topdown), and counting its
 * events when it is opened. */
#ifndef PMUTOP_UI_TOPDOWN_H
#define PMUTOP_UI_TOPDOWN_H

struct ui;

int ui_topdown_init(struct ui *u);   /* 0 or -ENOMEM */
void ui_topdown_free(struct ui *u);
/* The view is opened: count its events (they are added only for it); the status says why not. */
void ui_topdown_open(struct ui *u);
#endif
