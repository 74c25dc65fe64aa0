/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coltitle.h: short column titles that stay apart: a long event name keeps the part where it
 * differs from the other columns' names (a pure function over strings). */
#ifndef PMUTOP_UI_COLTITLE_H
#define PMUTOP_UI_COLTITLE_H
#include <stddef.h>

/* The titles of n column names shown together, each at most w characters (w >= 8), into out[i]
 * (len bytes each, len > w). A name that fits is its own title. A longer one is cut at a word
 * ('.', '_', '-', '/', ...) and marked with '~': "~" and its end, long enough to differ from every
 * other name's end ("ocr.demand_rfo.l3_miss" is "~rfo.l3_miss" beside
 * "ocr.demand_data_rd.l3_miss"'s "~rd.l3_miss"), or, where two names differ only far from their
 * ends, "~", the end of the part that differs, "~" and the name's last word. A trailing '/' of a
 * long name is dropped. Different names get different titles (a last resort writes "#2", "#3"
 * over the end of a title that would repeat another). */
void ui_titles_short(const char *const *names, int n, int w, char **out, size_t len);
#endif
