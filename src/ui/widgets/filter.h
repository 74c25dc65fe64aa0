/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* filter.h: the row filter of `/` (pure, no curses): CPU lists, sockets, core types, text. */
#ifndef PMUTOP_UI_FILTER_H
#define PMUTOP_UI_FILTER_H
#include <stdbool.h>
#include <stddef.h>

#define UI_FILTER_LEN 64     /* longest filter text */
#define UI_FILTER_TERMS 8    /* words in one filter */

enum ui_filter_kind { UF_CPUS, UF_SOCK, UF_TYPE, UF_TEXT };

/* A compiled filter: words separated by spaces, a row must match every one.
 * "0-3,8": CPUs; "s1", "s0-1", "socket:1": sockets; "type:X" or a word equal to one of the
 * machine's core types (P, E, a cluster name): core type; anything else: text found in the
 * row's label (case-insensitive). Owns the CPU lists (ui_filter_free). */
struct ui_filter {
	int n;
	struct ui_fterm {
		int kind;            /* enum ui_filter_kind */
		int *list, nlist;    /* UF_CPUS, UF_SOCK: ascending numbers */
		char text[UI_FILTER_LEN];
	} t[UI_FILTER_TERMS];
};

/* One row as the filter sees it. A field the row does not have (ncpus < 0, sock < 0, type or
 * label NULL) lets a word of that kind pass: a CPU list does not hide an uncore event. */
struct ui_frow {
	const int *cpus;        /* CPU numbers of the row (one, a core's siblings, a socket's) */
	int ncpus;
	int sock;               /* socket number */
	const char *type;       /* core type as the TYPE column shows it */
	const char *label;      /* what text words are looked for in */
};

/* Compile text; types[ntypes] are the core type names of the machine (a word equal to one is
 * a type word). A word that starts like a CPU or socket list but is not one (typing "0-" on the
 * way to "0-3") is left out, and err says why; returns the number of such words (0: all used). */
int ui_filter_compile(const char *text, const char *const *types, int ntypes, struct ui_filter *f,
		      char *err, size_t errlen);
bool ui_filter_match(const struct ui_filter *f, const struct ui_frow *r);
void ui_filter_free(struct ui_filter *f);
#endif
