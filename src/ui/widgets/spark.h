/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* spark.h: glyph sets (UTF-8 or ASCII) and the history sparkline, as plain text. */
#ifndef PMUTOP_UI_SPARK_H
#define PMUTOP_UI_SPARK_H
#include <stdbool.h>
#include <stddef.h>

#define UI_SPARK_LEVELS 8

struct ui_glyphs {
	const char *spark[UI_SPARK_LEVELS];  /* lowest to highest */
	const char *collapsed, *expanded;    /* uncore groups */
	const char *sort_up, *sort_down;     /* sorted column mark */
	bool utf8;
};

/* The glyph set for a terminal: UTF-8 when the locale's codeset is UTF-8 and
 * ascii was not asked for, else plain ASCII. */
const struct ui_glyphs *ui_glyphs_pick(const char *codeset, bool ascii);

/* Render the newest `width` samples of a ring (cap slots, len filled, head =
 * the next slot to write) right-aligned into out, scaled from 0 to top (or,
 * when top <= 0, to the largest sample shown). NAN samples and missing
 * history are spaces. Returns the number of columns written (always width
 * when out is large enough). */
int ui_spark(const float *ring, int cap, int len, int head, int width, float top,
	     const struct ui_glyphs *g, char *out, size_t outlen);
/* The largest sample among the newest `width` of a ring (0 when none). */
float ui_spark_max(const float *ring, int cap, int len, int head, int width);
#endif
