/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* save.h: S, saving the settings and the event set, and the column chooser's "columns" setting. */
#ifndef PMUTOP_UI_SAVE_H
#define PMUTOP_UI_SAVE_H
#include <stdbool.h>
#include <curses.h>

struct ui;

/* S: save the settings; on a real machine first ask the name to save the event set under. */
void ui_save_start(struct ui *u);
/* Keys for the name prompt while it is open; true when the key was used. */
bool ui_save_input(struct ui *u, int ch);
/* Draw the name prompt on the footer line w while it is open (x: the column after it); false
 * when it is closed. */
bool ui_save_footer(struct ui *u, WINDOW *w, int *x);
/* Free the name prompt's state (u->save). */
void ui_save_free(struct ui *u);
/* Save the "columns" setting alone to the config file. */
void ui_save_columns(struct ui *u);
#endif
