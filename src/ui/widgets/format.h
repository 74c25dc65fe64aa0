/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* format.h: pure text helpers for the UI: readable numbers, cell values, multiplexing marks. */
#ifndef PMUTOP_UI_FORMAT_H
#define PMUTOP_UI_FORMAT_H
#include <stdbool.h>
#include <stddef.h>

struct ev_val;

/* A count in at most 5 characters with K/M/G/T/P suffixes ("987", "12.3K", "4.56G").
 * Values below 10 with a fraction keep two decimals. NAN gives "-". */
void ui_fmt_count(double v, char *buf, size_t len);
/* An amount (bytes, bytes per second) with its unit, from unit from (a power of 1000: 1 K, 2 M) up to
 * the largest one it needs (K without decimals, M with one, G T P E with two; at most three integer
 * digits), then after ("/s"): 2^64 bytes "18.45E", at most 7 characters and after. Past E (and
 * infinity) the mark ">999E": the figure never loses its unit nor is cut to a cell. NAN gives "-". */
void ui_fmt_amount(double v, int from, const char *after, char *buf, size_t len);
/* A ratio with a fixed number of decimals; NAN gives "-". */
void ui_fmt_fixed(double v, int prec, char *buf, size_t len);
/* One event cell: "-" absent, "n/a" unsupported, "!nc" not counted, else ui_fmt_count. */
void ui_fmt_val(const struct ev_val *v, char *buf, size_t len);
/* Elapsed seconds as "12s", "3m04s", "2h05m", "3d04h". */
void ui_fmt_elapsed(double s, char *buf, size_t len);

enum ui_mux_kind {
	UI_MUX_NONE,    /* nothing counted in the row (absent/unsupported only) */
	UI_MUX_FULL,    /* every event counted the whole interval */
	UI_MUX_EST,     /* at least one event multiplexed: values are estimates */
	UI_MUX_NC,      /* at least one event opened but never scheduled */
};

struct ui_mux {
	int kind;       /* enum ui_mux_kind */
	double pct;     /* least measured percentage among the row's events (EST) */
};

/* The least measured fraction among row[i] for which use[i] is true (use may
 * be NULL for all). */
struct ui_mux ui_mux_of(const struct ev_val *row, const bool *use, int n);
/* "full", "~63%", "!nc" or "-": readable without colour. */
void ui_mux_text(struct ui_mux mx, char *buf, size_t len);

/* A count written in a fixed unit (a power of 1000: 0 none, 1 K, 2 M, ...): every cell of a
 * column in the same unit, three significant digits ("0.52G", "12.3G", "987G"). */
void ui_fmt_count_in(double v, int unit, char *buf, size_t len);
/* The unit for a column whose largest value is maxv: the smallest one that writes it in at
 * most three integer digits; prev (the unit of the last refresh, -1 none) is kept while the
 * largest value still reads at least 0.50 in it, so a column does not flicker between units. */
int ui_fmt_unit_pick(double maxv, int prev);

/* The unit of each count column of one view, remembered from refresh to refresh. */
struct ui_units {
	int n;
	struct { int unit; char key[48]; } col[48];
};
/* The unit (power of 1000) of the count column key this refresh, whose largest value is maxv:
 * ui_fmt_unit_pick from the one it had. */
int ui_units_for(struct ui_units *m, const char *key, double maxv);

/* Break text into lines of at most w columns at its spaces, never inside a word (a word longer
 * than w alone on its line is the exception: it is cut there). Each line's start in text and
 * length go to start[i], len[i], for at most max lines; a line does not begin with a space.
 * Returns how many lines the whole text needs (more than max: it did not fit). */
int ui_wrap(const char *text, int w, int *start, int *len, int max);

/* The core type a TYPE column shows for a core PMU: P/E on Intel hybrids (cpu_core, cpu_atom,
 * cpu_lowpower) and Apple (Firestorm, Icestorm and later pairs), else the cluster's PMU name
 * without its architecture prefix ("cortex_a76", "pmuv3_1"). */
void ui_fmt_core_type(const char *pmu, char *buf, size_t len);
#endif
