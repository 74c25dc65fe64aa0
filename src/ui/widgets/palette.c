/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* palette.c: every colour pair of the UI, its monochrome form, and their set-up: one place.
 * Text on the terminal's own background uses colours that keep a contrast of at least 3:1 (WCAG 2's
 * floor for bold text and marks) on black and on white alike, so a light terminal reads as well
 * as a dark one; with 8 colours only red and magenta do, the rest stay the default colour.
 * Without colour, estimated (multiplexed) values are underlined, missing ones bold. */
#include "palette.h"
#include <math.h>
#include <stdlib.h>
#include "config/settings.h"

static const struct ui_pal pal[UP_COUNT] = {
	[UP_NONE]  = { -1, -1, -1, -1, 0, 0, "plain" },
	[UP_TITLE] = { COLOR_BLACK, COLOR_CYAN, 16, 37, A_BOLD, A_REVERSE, "title bar" },
	[UP_OK]    = { -1, -1, 29, -1, 0, 0, "counted event (events view)" },
	[UP_WARN]  = { COLOR_MAGENTA, -1, 130, -1, 0, A_UNDERLINE, "estimate (multiplexed), warning" },
	[UP_BAD]   = { COLOR_RED, -1, 160, -1, A_BOLD, A_BOLD, "not counted, error" },
	[UP_LABEL] = { -1, -1, 31, -1, 0, 0, "label" },
	[UP_SIM]   = { COLOR_BLACK, COLOR_YELLOW, 16, 178, A_BOLD, A_REVERSE, "simulated machine" },
	[UP_SEL]   = { COLOR_BLACK, COLOR_CYAN, 16, 117, A_BOLD, A_REVERSE, "selected row" },
	[UP_HEAD]  = { COLOR_BLACK, COLOR_GREEN, 16, 114, A_BOLD, A_BOLD, "column titles" },
	[UP_DIM]   = { -1, -1, 244, -1, 0, A_DIM, "unsupported, hints" },
	/* the top-down bar: letters on the share's colour */
	[UP_TD0 + 0] = { COLOR_BLACK, COLOR_GREEN, 16, 114, 0, 0, "top-down retiring" },
	[UP_TD0 + 1] = { COLOR_WHITE, COLOR_RED, 231, 124, 0, A_BOLD, "top-down bad speculation" },
	[UP_TD0 + 2] = { COLOR_BLACK, COLOR_MAGENTA, 16, 177, 0, 0, "top-down frontend bound" },
	[UP_TD0 + 3] = { COLOR_WHITE, COLOR_BLUE, 231, 25, 0, A_BOLD, "top-down backend bound" },
	[UP_TD0 + 4] = { COLOR_BLACK, COLOR_YELLOW, 16, 220, 0, 0, "top-down SMT contention" },
};

const struct ui_pal *ui_palette(int *n)
{
	*n = UP_COUNT;
	return pal;
}

void ui_palette_rgb(int idx, int rgb[3])
{
	/* xterm's defaults for the 16 system colours */
	static const int sys[16][3] = {
		{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 }, { 0, 0, 238 }, { 205, 0, 205 },
		{ 0, 205, 205 }, { 229, 229, 229 }, { 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 },
		{ 255, 255, 0 }, { 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
	};
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };

	if (idx < 0 || idx > 255)
		idx = 0;
	if (idx < 16) {
		for (int k = 0; k < 3; k++)
			rgb[k] = sys[idx][k];
	} else if (idx < 232) {
		idx -= 16;
		rgb[0] = level[idx / 36];
		rgb[1] = level[idx / 6 % 6];
		rgb[2] = level[idx % 6];
	} else {
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (idx - 232);
	}
}

static double luminance(const int c[3])
{
	static const double w[3] = { 0.2126, 0.7152, 0.0722 };
	double l = 0;

	for (int k = 0; k < 3; k++) {
		double s = c[k] / 255.0;
		l += w[k] * (s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4));
	}
	return l;
}

double ui_contrast(const int a[3], const int b[3])
{
	double la = luminance(a), lb = luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

bool ui_color_wanted(int mode, const char *no_color, bool term_has)
{
	if (mode == COLOR_NEVER || !term_has)
		return false;
	if (mode == COLOR_ALWAYS)
		return true;
	return !(no_color && no_color[0]);
}

bool ui_pal_start(int mode)
{
	bool big;

	if (!ui_color_wanted(mode, getenv("NO_COLOR"), has_colors()) || start_color() == ERR)
		return false;
	use_default_colors();
	big = COLORS >= 256;
	for (int p = 1; p < UP_COUNT && p < COLOR_PAIRS; p++)
		init_pair((short)p, big ? pal[p].fg256 : pal[p].fg8, big ? pal[p].bg256 : pal[p].bg8);
	return true;
}

attr_t ui_pal_attr(bool color, int pair)
{
	if (pair <= UP_NONE || pair >= UP_COUNT)
		return A_NORMAL;
	if (!color)
		return (attr_t)pal[pair].mono;
	/* the 8-colour pairs left in the default colours keep their mono mark instead */
	if (COLORS < 256 && pal[pair].fg8 < 0 && pal[pair].bg8 < 0)
		return (attr_t)pal[pair].mono | (attr_t)pal[pair].on;
	return COLOR_PAIR(pair) | (attr_t)pal[pair].on;
}
