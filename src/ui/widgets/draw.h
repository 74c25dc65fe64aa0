/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* draw.h: small drawing helpers the views share: clipped text, right-aligned cells, column titles. */
#ifndef PMUTOP_UI_DRAW_H
#define PMUTOP_UI_DRAW_H
#include <curses.h>

struct ui_col;

/* Put text at y,x clipped to maxw columns (bytes of UTF-8 count as one column per character).
 * Returns columns written. */
int ui_put(WINDOW *w, int y, int x, int maxw, attr_t at, const char *s);
/* The most lines ui_put_wrapped writes: "as many as there is room for". */
#define UI_WRAP_MAX 16
/* Put text from column x to the window's width wd, wrapped at its spaces (ui_wrap: never inside a
 * word), on at most maxl lines from y and none at or past line yend. Returns the lines written; a
 * text that needs more ends there (at a word). */
int ui_put_wrapped(WINDOW *w, int y, int yend, int maxl, int x, int wd, attr_t at, const char *s);
/* Put text right-aligned in a cell of width cw. */
void ui_put_right(WINDOW *w, int y, int x, int cw, attr_t at, const char *s);
#endif
