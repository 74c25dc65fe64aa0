/* SPDX-License-Identifier: GPL-2.0-or-later */
/* palette.h: the colours of the UI in one table, and the contrast each must have (pure parts). */
#ifndef PMUTOP_UI_PALETTE_H
#define PMUTOP_UI_PALETTE_H
#include <stdbool.h>

/* One colour pair for terminals of 8 colours and of 256; -1 is the terminal's default
 * (foreground or background). The mono attribute is what the pair becomes without colour. */
struct ui_pal {
	short fg8, bg8, fg256, bg256;
	unsigned long on;     /* attributes added in colour (A_BOLD...) */
	unsigned long mono;   /* attributes without colour: NO_COLOR, TERM=vt100, color = never */
	const char *what;
};

/* The table, indexed by enum ui_pair (view.h); n gets its length. */
const struct ui_pal *ui_palette(int *n);
/* sRGB of xterm's colour number idx (0..255). */
void ui_palette_rgb(int idx, int rgb[3]);
/* WCAG 2 contrast ratio of two sRGB colours (1 to 21). */
double ui_contrast(const int a[3], const int b[3]);
/* Whether colour is used: mode (enum color_mode), NO_COLOR's value (NULL unset), and whether
 * the terminal has colours. https://no-color.org: any non-empty NO_COLOR means none. */
bool ui_color_wanted(int mode, const char *no_color, bool term_has);
#endif
