/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* palette.h: the colours of the UI in one table, and the contrast each must have (pure parts). */
#ifndef PMUTOP_UI_PALETTE_H
#define PMUTOP_UI_PALETTE_H
#include <stdbool.h>
#include <curses.h>

/* Colour pairs (the table below: their colours and monochrome forms); without colour each maps to
 * an attribute (see ui_pal_attr). UP_TD0 + k: the top-down share k. */
enum ui_pair { UP_NONE, UP_TITLE, UP_OK, UP_WARN, UP_BAD, UP_LABEL, UP_SIM, UP_SEL, UP_HEAD, UP_DIM,
	       UP_TD0, UP_COUNT = UP_TD0 + 5 };

/* One colour pair for terminals of 8 colours and of 256; -1 is the terminal's default
 * (foreground or background). The mono attribute is what the pair becomes without colour. */
struct ui_pal {
	short fg8, bg8, fg256, bg256;
	unsigned long on;     /* attributes added in colour (A_BOLD...) */
	unsigned long mono;   /* attributes without colour: NO_COLOR, TERM=vt100, color = never */
	const char *what;
};

/* The table, indexed by enum ui_pair; n gets its length. */
const struct ui_pal *ui_palette(int *n);
/* sRGB of xterm's colour number idx (0..255). */
void ui_palette_rgb(int idx, int rgb[3]);
/* WCAG 2 contrast ratio of two sRGB colours (1 to 21). */
double ui_contrast(const int a[3], const int b[3]);
/* Whether colour is used: mode (enum color_mode), NO_COLOR's value (NULL unset), and whether
 * the terminal has colours. https://no-color.org: any non-empty NO_COLOR means none. */
bool ui_color_wanted(int mode, const char *no_color, bool term_has);
/* Start the terminal's colours when mode (enum color_mode), NO_COLOR and the terminal want them,
 * and set the pairs up. Returns whether colour is on. */
bool ui_pal_start(int mode);
/* Attribute for a pair: its colour when color is on, else a plain attribute (reverse, bold,
 * underline) so the meaning survives NO_COLOR and vt100. */
attr_t ui_pal_attr(bool color, int pair);
#endif
