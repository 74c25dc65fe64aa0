/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_csvrow.c: libFuzzer target for the perf stat -x row parser and separator detector: no crash,
 * no read outside the line, every field of a data row points inside it, and its numbers keep the
 * ranges of csvrow.h (so converting them to uint64_t is defined); parsing with the time cache
 * (csvrow_parse_ctx, with its common-row shortcut) gives the same row, every field, and so does
 * the index's scan (csvrow_scan_ctx). Seeds start with the separator selector byte: '0' comma,
 * '1' semicolon, '2' tab. */
// FUZZ_SOURCES: src/replay/csvrow.c
// FUZZ_SEEDS: tests/fuzz/corpus/csvrow/*
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "replay/csvrow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int inside(const char *p, int n, const char *buf, size_t len)
{
	return n == 0 || (p >= buf && n >= 0 && p + n <= buf + len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char seps[] = { ',', ';', '\t' };
	struct csv_row r;
	char *line;

	if (size == 0)
		return 0;
	/* an exact-size heap copy, so ASan sees a read one byte past the end */
	line = malloc(size - 1 ? size - 1 : 1);
	memcpy(line, data + 1, size - 1);
	int kind = csvrow_parse(line, size - 1, seps[data[0] % 3], &r);
	if (kind == CSVROW_DATA &&
	    (!inside(r.unit, r.unit_len, line, size - 1) || !inside(r.event, r.event_len, line, size - 1) ||
	     !inside(r.metric_unit, r.metric_unit_len, line, size - 1)))
		abort();
	if (kind == CSVROW_BAD && !r.why)
		abort();
	if (kind == CSVROW_DATA &&
	    ((!isnan(r.time) && !(r.time >= 0 && r.time <= CSVROW_TIME_MAX)) ||
	     (r.vstate == CSVV_OK && !(r.value >= 0 && r.value < CSVROW_COUNT_LIMIT)) ||
	     (!isnan(r.run_ns) && !(r.run_ns >= 0 && r.run_ns < CSVROW_COUNT_LIMIT)) ||
	     (!isnan(r.pct) && !(r.pct >= 0 && r.pct <= 100)) ||
	     (!isnan(r.metric) && !(fabs(r.metric) < CSVROW_COUNT_LIMIT))))
		abort();
	/* the time cache (kept across inputs, so a time seen before is a hit) changes nothing */
	{
		static struct csvrow_ctx ctx;
		struct csv_row c;
		int kc = csvrow_parse_ctx(line, size - 1, seps[data[0] % 3], &c, &ctx);
		if (kc != kind || memcmp(&c.time, &r.time, sizeof(double)) != 0 || c.cpu != r.cpu ||
		    c.event != r.event || c.event_len != r.event_len || c.why != r.why ||
		    memcmp(&c.value, &r.value, sizeof(double)) != 0)
			abort();
		/* its common row (numbers read without the full parse) keeps every other field too */
		if (kind == CSVROW_DATA &&
		    (c.summary != r.summary || c.vstate != r.vstate || c.unit != r.unit || c.unit_len != r.unit_len ||
		     memcmp(&c.run_ns, &r.run_ns, sizeof(double)) != 0 || memcmp(&c.pct, &r.pct, sizeof(double)) != 0 ||
		     memcmp(&c.metric, &r.metric, sizeof(double)) != 0 || c.metric_unit_len != r.metric_unit_len ||
		     (r.metric_unit_len && c.metric_unit != r.metric_unit)))
			abort();
	}
	/* the index's scan answers as the parse does (kind, time, CPU, unit, event, reason) */
	{
		static struct csvrow_ctx sctx;
		struct csv_row c;
		int kc = csvrow_scan_ctx(line, size - 1, seps[data[0] % 3], &c, &sctx);
		if (kc != kind || c.why != r.why ||
		    (kind == CSVROW_DATA &&
		     (memcmp(&c.time, &r.time, sizeof(double)) != 0 || c.cpu != r.cpu || c.summary != r.summary ||
		      c.event != r.event || c.event_len != r.event_len || c.unit != r.unit || c.unit_len != r.unit_len)))
			abort();
	}
	csvrow_detect_sep(line, size - 1);
	free(line);
	return 0;
}
