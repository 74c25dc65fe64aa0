/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* bench_evbrowse.c: in-process benchmark of the event browser: opening it (reading the CPU's tables,
 * sorting by PMU and topic, the first unfiltered list) and each search keystroke. The tables are
 * libpfm4's for the cpuid given (LIBPFM_FORCE_PMU picks one) plus any JSON tables of --events-dir.
 * Prints one JSON line per run.
 *
 *   bench_evbrowse CPUID EVENTS_DIR|- QUERY RUNS */
#include "hw/catalog/catalog.h"
#include "ui/views/evbrowse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	int runs = argc == 5 ? atoi(argv[4]) : 0;

	if (runs <= 0) {
		fprintf(stderr, "usage: bench_evbrowse CPUID EVENTS_DIR|- QUERY RUNS\n");
		return 2;
	}
	for (int r = 0; r < runs; r++) {
		struct catalog c;
		struct ui_browse b;
		const char *q = argv[3];
		double t0, t_open, key_max = 0, key_sum = 0;
		int nkeys = 0, shown = 0;

		memset(&b, 0, sizeof(b));
		catalog_init(&c, argv[1], strcmp(argv[2], "-") ? argv[2] : NULL, NULL);
		t0 = now_ms();
		/* what ui_browse_open does the first time */
		if (catalog_load(&c) < 0 || ui_browse_index(&b, &c) < 0)
			return 1;
		ui_browse_filter(&b, &c);
		t_open = now_ms() - t0;
		/* one keystroke at a time, as typed, then erased again */
		for (int k = 0, len = (int)strlen(q), qlen = 0; k < 2 * len && len < (int)sizeof(b.query); k++) {
			double t;
			if (k < len)
				b.query[qlen++] = q[k];
			else
				qlen--;
			b.query[qlen] = '\0';
			t = now_ms();
			ui_browse_filter(&b, &c);
			t = now_ms() - t;
			key_sum += t;
			key_max = t > key_max ? t : key_max;
			nkeys++;
			if (k == len - 1)
				for (int i = 0; i < b.nrows; i++)
					shown += b.rows[i] >= 0;
		}
		printf("{\"events\":%d,\"open_ms\":%.3f,\"keys\":%d,\"key_mean_ms\":%.4f,\"key_max_ms\":%.4f,"
		       "\"rows_for_query\":%d,\"pfm\":\"%s\",\"json\":\"%s\"}\n",
		       c.n, t_open, nkeys, nkeys ? key_sum / nkeys : 0, key_max, shown, c.pfm_from, c.json_from);
		free(b.order);
		free(b.rows);
		catalog_free(&c);
	}
	return 0;
}
