/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* spark.c: glyph sets and the IPC history sparkline (pure, no curses). */
#include "spark.h"
#include <math.h>
#include <string.h>
#include <strings.h>

static const struct ui_glyphs glyphs_utf8 = {
	.spark = { "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588" },
	.collapsed = "\u25b8", .expanded = "\u25be",
	.sort_up = "\u25b4", .sort_down = "\u25be",
	.utf8 = true,
};

static const struct ui_glyphs glyphs_ascii = {
	.spark = { "_", ".", "-", "~", "=", "+", "*", "#" },
	.collapsed = "+", .expanded = "-",
	.sort_up = "^", .sort_down = "v",
	.utf8 = false,
};

const struct ui_glyphs *ui_glyphs_pick(const char *codeset, bool ascii)
{
	if (!ascii && codeset && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0))
		return &glyphs_utf8;
	return &glyphs_ascii;
}

float ui_spark_max(const float *ring, int cap, int len, int head, int width)
{
	int shown = len < width ? len : width;
	float top = 0;

	for (int k = 0; k < shown && cap > 0; k++) {
		float v = ring[((head - shown + k) % cap + cap) % cap];
		if (isfinite(v) && v > top)
			top = v;
	}
	return top;
}

int ui_spark(const float *ring, int cap, int len, int head, int width, float top,
	     const struct ui_glyphs *g, char *out, size_t outlen)
{
	size_t o = 0;
	int shown = len < width ? len : width;

	if (outlen == 0)
		return 0;
	out[0] = '\0';
	if (width <= 0 || cap <= 0)
		return 0;
	if (shown < 0)
		shown = 0;
	/* sample k (0 = oldest shown) lives at head - shown + k */
	if (top <= 0)
		top = ui_spark_max(ring, cap, len, head, width);
	for (int col = 0; col < width; col++) {
		int k = col - (width - shown);
		const char *gl = " ";
		if (k >= 0) {
			float v = ring[((head - shown + k) % cap + cap) % cap];
			if (isfinite(v) && v >= 0) {
				/* clamped before the cast: a value above top (or an infinite top) stays defined */
				double x = isfinite(top) && top > 0 ? (double)v / top * (UI_SPARK_LEVELS - 1) + 0.5 : 0;
				int lvl = x >= UI_SPARK_LEVELS ? UI_SPARK_LEVELS - 1 : (int)x;
				gl = g->spark[lvl];
			}
		}
		size_t gl_len = strlen(gl);
		if (o + gl_len + 1 > outlen)
			return col;
		memcpy(out + o, gl, gl_len);
		o += gl_len;
		out[o] = '\0';
	}
	return width;
}
