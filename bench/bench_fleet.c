/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* bench_fleet.c: in-process benchmark of the fleet engine's refresh against a query API (issue 39,
 * make bench's scenario 15). Prints the queries of a refresh (one JSON line, so the bench can time
 * Prometheus on exactly them, with the older exporters' per-CPU query when the refresh needed it),
 * then one JSON line per refresh: wall and CPU time, queries asked,
 * rows, rows up (or up without a PMU), issues, whether the recording rules answered, and the
 * process' peak RSS.
 *
 *   bench_fleet URL N [rules]   N refreshes; rules: read the recording rules when present */
#include "base/errmsg.h"
#include "fleet/fleet_impl.h"
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(int clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* the queries of a steady refresh, as the engine asks them (at once) */
static void print_queries(double window, bool per_cpu)
{
	const enum fleet_query *ks = fleet_refresh_queries;
	struct json_object *a = json_object_new_array();
	char q[8192], w[32];

	snprintf(w, sizeof(w), "%.0fms", window * 1000);
	for (int k = 0; k < FQ_REFRESH_N; k++)
		if ((ks[k] != FQ_EVENTS_OLDCPU || per_cpu) && fleet_query_text(q, sizeof(q), ks[k], "instance", "", w) > 0)
			json_object_array_add(a, json_object_new_string(q));
	printf("{\"queries\":%s,\"per_cpu\":%s}\n", json_object_to_json_string_ext(a, JSON_C_TO_STRING_PLAIN),
	       per_cpu ? "true" : "false");
	json_object_put(a);
}

int main(int argc, char **argv)
{
	struct fleet_opts o = { .timeout = 30 };
	struct errmsg em = { 0 };
	struct fleet *f;
	int n, r;

	if (argc < 3 || argc > 4 || (n = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: bench_fleet URL N [rules]\n");
		return 2;
	}
	o.url = argv[1];
	o.no_rules = argc < 4;
	if ((r = fleet_open(&o, &f, &em)) < 0) {
		fprintf(stderr, "bench_fleet: %s\n", errmsg_text(&em, r));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		struct fleet_frame fr;
		struct rusage ru;
		double t0 = now_ms(CLOCK_MONOTONIC), c0 = now_ms(CLOCK_PROCESS_CPUTIME_ID), wall, cpu;
		int up = 0;

		if ((r = fleet_refresh(f, &fr, &em)) < 0) {
			fprintf(stderr, "bench_fleet: %s\n", errmsg_text(&em, r));
			fleet_close(f);
			return 1;
		}
		wall = now_ms(CLOCK_MONOTONIC) - t0;
		cpu = now_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
		if (i == 0)
			print_queries(fr.window, fr.events_per_cpu);
		for (int k = 0; k < fr.nrows; k++)
			up += fr.rows[k].state == FLEET_UP || fr.rows[k].state == FLEET_NOPMU;
		getrusage(RUSAGE_SELF, &ru);
		printf("{\"wall_ms\":%.3f,\"cpu_ms\":%.3f,\"queries\":%d,\"rows\":%d,\"up\":%d,\"issues\":%d,"
		       "\"window\":%.1f,\"rules\":%s,\"maxrss_kib\":%ld}\n", wall, cpu, fr.nqueries, fr.nrows, up,
		       fr.nissues, fr.window, fr.rules ? "true" : "false", ru.ru_maxrss);
		for (int k = 0; k < fr.nissues; k++)
			fprintf(stderr, "issue: %s: %s\n", fr.issues[k].what, fr.issues[k].query);
		fleet_frame_free(&fr);
	}
	fleet_close(f);
	return 0;
}
