/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* ui.h: the ncurses front end's single entry point. */
#ifndef PMUTOP_UI_H
#define PMUTOP_UI_H

struct app;

/* Run the interactive screen until the user quits or a signal ends it.
 * The terminal is restored on every path. Returns the process exit status. */
int ui_run(struct app *a);
#endif
