/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* csvrow.h: a pure parser for one row of `perf stat -x SEP` output (and pmutop's batch CSV). */
#ifndef PMUTOP_CSVROW_H
#define PMUTOP_CSVROW_H
#include <stdbool.h>
#include <stddef.h>

enum csvrow_kind {
	CSVROW_DATA = 0,    /* a counter row: the fields below are valid */
	CSVROW_SKIP,        /* blank, '#' comment, metric-only continuation line */
	CSVROW_BAD,         /* malformed: why says which field */
};

/* Ranges a data row must keep (else CSVROW_BAD with why): time 0..CSVROW_TIME_MAX seconds
 * (31 years); value, run time and the enabled time it implies (run / pct) non-negative and
 * below 2^64, as perf's 64-bit counters; percent running 0..100. A metric out of range is
 * dropped (NAN). So every number can be converted to uint64_t without overflow. */
#define CSVROW_TIME_MAX 1e9
#define CSVROW_COUNT_LIMIT 18446744073709551616.0

enum csvrow_vstate { CSVV_OK = 0, CSVV_NOT_COUNTED, CSVV_NOT_SUPPORTED };

/* The string fields point into the caller's line (not NUL-terminated). */
struct csv_row {
	double time;            /* seconds since start; NAN without a time column */
	bool summary;           /* first column "summary" (perf stat --summary block) */
	int cpu;                /* N of "CPU<N>", -1 without a CPU column */
	double value;           /* scaled value as printed; NAN unless vstate == CSVV_OK */
	int vstate;             /* enum csvrow_vstate */
	const char *unit;       /* "" when empty */
	int unit_len;
	const char *event;
	int event_len;
	double run_ns;          /* NAN when the column is absent or empty */
	double pct;             /* percent running; NAN when absent or empty */
	double metric;          /* NAN when absent */
	const char *metric_unit;
	int metric_unit_len;
	const char *why;        /* for CSVROW_BAD: a static reason */
};

/* Parse line[0..len) (no newline needed; a trailing '\r' or '\n' is ignored)
 * with separator sep. Fields are taken by content, so the --summary column
 * and missing unit/run-time/percent/metric columns are all accepted. With
 * sep ',' an event like cpu/event=0x3c,umask=0x0/ is re-joined until its
 * slashes balance. Returns an enum csvrow_kind. */
int csvrow_parse(const char *line, size_t len, char sep, struct csv_row *r);
/* The same, with the time column's text and value kept in ctx (zeroed before the first line): a
 * line whose time reads as the previous line's is not parsed again (the same result, faster).
 * With no_metric set by the caller, the metric column is not read (metric NAN): only a caller
 * that never uses it, as the replay, sets it. */
struct csvrow_ctx {
	char text[32];
	size_t len;
	double t;
	bool ok;
	bool no_metric;
};
int csvrow_parse_ctx(const char *line, size_t len, char sep, struct csv_row *r, struct csvrow_ctx *ctx);
/* For an index that needs only the kind, time, CPU, unit and event of each row (and why for a bad
 * one): the same answers as csvrow_parse_ctx, but a row of the common form (its time the previous
 * line's) is only split, not parsed: value, run time, percent and metric are then NAN. */
int csvrow_scan_ctx(const char *line, size_t len, char sep, struct csv_row *r, struct csvrow_ctx *ctx);

/* The separator of a recording from its first data lines (tab, ';' or ','),
 * 0 when no data line was found. */
char csvrow_detect_sep(const char *buf, size_t len);

/* Parse a decimal number in s[0..len) (leading/trailing blanks allowed);
 * returns 0 and *out, or -1. Exact for the usual printf("%.2f") forms. */
int csvrow_number(const char *s, size_t len, double *out);
#endif
