/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_topdown.h: top-down shares in batch output (the shares come from app_topdown). */
#ifndef PMUTOP_OUT_TOPDOWN_H
#define PMUTOP_OUT_TOPDOWN_H
#include <stdbool.h>

struct app;
struct outbuf;

/* Batch output: the shares of a CPU (c >= 0), a socket (s >= 0) or the system as JSON members
 * ("tma_retiring":41.2,...), each preceded by a comma unless *first. */
void out_td_json(struct outbuf *b, const struct app *a, int c, int s, bool *first);
/* CSV metric-only lines ("TIME,CPUn,,,,,,41.20,% tma_retiring") of every CPU. */
void out_td_csv(struct outbuf *b, const struct app *a, const char *sep);
/* Text metric lines as perf prints them ("   #  41.6 %  tma_retiring") of every online CPU. */
void out_td_text(struct outbuf *b, const struct app *a);
#endif
