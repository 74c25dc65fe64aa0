/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* output.h: batch writers: JSON lines, perf-stat-compatible CSV (-x SEP) and a plain text table. */
#ifndef PMUTOP_OUTPUT_H
#define PMUTOP_OUTPUT_H
#include <stdio.h>
#include "outbuf.h"

struct app;

/* One JSON object for the current frame, ending with a newline. */
void out_json_frame(struct outbuf *b, const struct app *a);
/* perf stat -a -A -I -x SEP rows for the current frame (event-major, CPU rows). */
void out_csv_frame(struct outbuf *b, const struct app *a, const char *sep);
/* '#' comment lines describing the machine, written once at the top of a recording. */
void out_csv_header(struct outbuf *b, const struct app *a);
/* Human-readable rows like perf stat -I -A. */
void out_text_frame(struct outbuf *b, const struct app *a);
#endif
