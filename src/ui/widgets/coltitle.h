/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* coltitle.h: short column titles that read and stay apart: a long event name keeps the whole
 * words where it differs from the other columns' names (a pure function over strings). */
#ifndef PMUTOP_UI_COLTITLE_H
#define PMUTOP_UI_COLTITLE_H
#include <stddef.h>

/* The titles of n column names shown together, each at most w characters (w >= 8), into out[i]
 * (len bytes each, len > w). A name that fits is its own title (a trailing '/' dropped). A longer
 * well-known name (instructions, context-switches, page-faults, ...) has a short title of its own
 * ("instr", "ctxsw", "faults"; modifiers such as ":u" kept when they fit). Any other long name is
 * shown by its longest tail of whole words ('.', '_', '-', '/', ...) within w that no other name
 * ends with ("rfo.l3_miss" beside "ocr.demand_data_rd.l3_miss"'s "rd.l3_miss"); when even the
 * shortest such tail is wider than w, by as many of its first words as fit ("rd.l3" at 9). No word is ever cut, except one word
 * wider than w alone, abbreviated with a '.'; no title carries '~', which means "estimated".
 * Different names get different titles (a last resort writes "#2", "#3" over the end of a title
 * that would repeat another). */
void ui_titles_short(const char *const *names, int n, int w, char **out, size_t len);
#endif
