/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_query.c: the PromQL of a refresh. Three queries whatever the number of hosts (a fourth
 * while some exporters are older), each aggregated on the server by the host label: the counters'
 * rates by event, the other figures (one series per figure, told apart by a "fig" label), and each
 * host's state (up, the age of its last sample, its version; a target of a pmutop job that was
 * never up). The recording rules in
 * contrib/prometheus/pmutop-fleet.rules.yml record the
 * first two by instance over 1m, written the same (tests/unit/test_fleet.c compares them). */
#include "fleet_impl.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define EVENTS_RE "(.+/)?(cycles|cpu-cycles|instructions|cache-misses|cache-references|branches|branch-instructions|branch-misses)/?"

static int put(char *buf, size_t n, size_t *at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int put(char *buf, size_t n, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*at >= n)
		return -ENOSPC;
	va_start(ap, fmt);
	k = vsnprintf(buf + *at, n - *at, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= n - *at)
		return -ENOSPC;
	*at += (size_t)k;
	return 0;
}

/* one figure: label_replace(EXPR, "fig", NAME, "", "") */
static int fig(char *buf, size_t n, size_t *at, bool first, const char *name, const char *agg, const char *by,
	       const char *fn, const char *metric, const char *sel, const char *window)
{
	return put(buf, n, at, "%slabel_replace(%s by (%s) (%s(%s{%s}[%s])), \"fig\", \"%s\", \"\", \"\")",
		   first ? "" : "\n  or ", agg, by, fn, metric, sel, window, name);
}

static int figures(char *buf, size_t n, size_t *at, const char *by, const char *sel, const char *selc,
		   const char *w)
{
	static const struct { const char *name, *metric; } rates[] = {
		{ "mem_read", "pmutop_memory_read_bytes_total" }, { "mem_write", "pmutop_memory_write_bytes_total" },
		{ "mem", "pmutop_memory_bytes_total" }, { "upi", "pmutop_upi_bytes_total" },
		{ "pkg_joules", "pmutop_package_energy_joules_total" }, { "dram_joules", "pmutop_dram_energy_joules_total" },
		{ "rdt_mem", "pmutop_rdt_memory_bytes_total" },
	};
	bool cpu = !strcmp(by, "cpu");
	int r = fig(buf, n, at, true, "util", "avg", by, "avg_over_time",
		    cpu ? "pmutop_utilization_ratio" : "pmutop_socket_utilization_ratio", sel, w);

	for (size_t i = 0; !r && i < sizeof(rates) / sizeof(rates[0]); i++)
		r = fig(buf, n, at, false, rates[i].name, "sum", by, "rate", rates[i].metric, sel, w);
	if (!r)
		r = fig(buf, n, at, false, "rdt_occupancy", "sum", by, "avg_over_time", "pmutop_rdt_l3_occupancy_bytes", sel, w);
	if (!r && !cpu && strcmp(by, "socket"))
		r = put(buf, n, at, "\n  or label_replace(max by (%s) (1 - avg_over_time(pmutop_event_running_ratio{%s}[%s])), "
			"\"fig\", \"mux\", \"\", \"\")", by, sel, w);
	if (!r)
		r = put(buf, n, at, "\n  or label_replace(avg by (%s, metric) (avg_over_time(%s{metric=~"
			"\"tma_(retiring|bad_speculation|frontend_bound|backend_bound)\"%s}[%s])), \"fig\", \"$1\", \"metric\", \"(.*)\")",
			by, cpu ? "pmutop_topdown_ratio" : "pmutop_socket_topdown_ratio", selc, w);
	return r;
}

/* The events' rates: from the exporter's per-socket counters (a few series per host), else from
 * its per-CPU ones; "unless": only for the hosts without per-socket ones (exporters older than
 * them), so that no host counts twice. */
enum ev_form { EV_SOCKET, EV_CPU, EV_CPU_UNLESS };
static int events(char *buf, size_t n, size_t *at, const char *by, const char *sel, const char *selc,
		  const char *w, enum ev_form form)
{
	char unless[FLEET_NAME_MAX * 2 + 96] = "";

	if (form == EV_SOCKET)
		return put(buf, n, at, "sum by (%s, event) (rate(pmutop_socket_event_total{event=~\"" EVENTS_RE "\"%s}[%s]))\n"
			   "  or sum by (%s, event) (rate(pmutop_socket_event_seconds_total{event=\"cpu-clock\"%s}[%s]))\n"
			   "  or label_replace(sum by (%s) (pmutop_socket_cpus{%s} and on (instance, socket) "
			   "pmutop_socket_event_seconds_total{event=\"cpu-clock\"%s}), \"event\", \"ncpus\", \"\", \"\")",
			   by, selc, w, by, selc, w, by, sel, selc);
	if (form == EV_CPU_UNLESS)
		snprintf(unless, sizeof(unless), " unless on (instance) pmutop_socket_cpus{%s}", sel);
	return put(buf, n, at, "sum by (%s, event) (rate(pmutop_event_total{event=~\"" EVENTS_RE "\"%s}[%s])%s)\n"
		   "  or sum by (%s, event) (rate(pmutop_event_seconds_total{event=\"cpu-clock\"%s}[%s])%s)\n"
		   "  or label_replace(count by (%s) (pmutop_event_seconds_total{event=\"cpu-clock\"%s}%s), "
		   "\"event\", \"ncpus\", \"\", \"\")", by, selc, w, unless, by, selc, w, unless, by, selc, unless);
}

const enum fleet_query fleet_refresh_queries[FQ_REFRESH_N] = { FQ_STATUS, FQ_EVENTS, FQ_FIGURES, FQ_EVENTS_OLDCPU };

int fleet_query_text(char *buf, size_t n, enum fleet_query q, const char *by, const char *sel, const char *w)
{
	char selc[FLEET_NAME_MAX * 2 + 64];
	size_t at = 0;
	int r = -EINVAL;

	snprintf(selc, sizeof(selc), "%s%s", *sel ? "," : "", sel);
	switch (q) {
	case FQ_EVENTS:
		r = events(buf, n, &at, by, sel, selc, w, EV_SOCKET);
		break;
	case FQ_EVENTS_MIXED:
		r = events(buf, n, &at, by, sel, selc, w, EV_SOCKET);
		if (!r)
			r = put(buf, n, &at, "\n  or ");
		if (r)
			break;
		/* fall through */
	case FQ_EVENTS_OLDCPU:
		/* the hosts whose exporter has no socket family: theirs per CPU, apart by src="cpu" (a
		 * host label other than instance can hold hosts of both kinds: the engine adds them up) */
		r = put(buf, n, &at, "label_replace(");
		if (!r)
			r = events(buf, n, &at, by, sel, selc, w, EV_CPU_UNLESS);
		if (!r)
			r = put(buf, n, &at, ", \"src\", \"cpu\", \"\", \"\")");
		break;
	case FQ_EVENTS_PERCPU:
		r = events(buf, n, &at, by, sel, selc, w, EV_CPU);
		break;
	case FQ_FIGURES:
		r = figures(buf, n, &at, by, sel, selc, w);
		break;
	case FQ_CGROUPS:
		r = put(buf, n, &at, "sum by (%s, event) (rate(pmutop_cgroup_events_total{event=~\"" EVENTS_RE "\"%s}[%s]))\n"
			"  or sum by (%s, event) (rate(pmutop_cgroup_events_total{event=\"cpu-clock\"%s}[%s])) / 1000\n"
			"  or label_replace(sum by (%s) (rate(pmutop_cgroup_cpu_seconds_total{%s}[%s])), "
			"\"fig\", \"util\", \"\", \"\")", by, selc, w, by, selc, w, by, sel, w);
		break;
	case FQ_STATUS:
		r = put(buf, n, &at, "label_replace(min by (%s) (up{%s}) and on (%s) max by (%s) "
			"(last_over_time(pmutop_build_info{%s}[1h])), \"fig\", \"up\", \"\", \"\")\n"
			"  or label_replace(time() - max by (%s) (timestamp(pmutop_build_info{%s})), \"fig\", \"age\", \"\", \"\")\n"
			"  or label_replace(max by (%s, version) (last_over_time(pmutop_build_info{%s}[1h])), "
			"\"fig\", \"info\", \"\", \"\")\n"
			/* a target down from the start (never exported build_info), in a job that has pmutop's
			 * exporters: up == 0 with no build_info, a row marked down */
			"  or label_replace(min by (%s) (up{%s} == 0 and on (job) group by (job) "
			"(last_over_time(pmutop_build_info[1h]))) unless on (%s) max by (%s) "
			"(last_over_time(pmutop_build_info{%s}[1h])), \"fig\", \"up\", \"\", \"\")\n"
			/* the hosts whose exporter has no per-socket event counters (older): FQ_EVENTS_MIXED */
			"  or label_replace(count by (%s) (group by (instance%s%s) (pmutop_build_info{%s}) unless on (instance) "
			"pmutop_socket_cpus{%s}), \"fig\", \"percpu\", \"\", \"\")",
			by, sel, by, by, sel, by, sel, by, sel, by, sel, by, by, sel,
			by, strcmp(by, "instance") ? ", " : "", strcmp(by, "instance") ? by : "", sel, sel);
		break;
	default:
		break;
	}
	return r < 0 ? r : (int)at;
}

int fleet_rules_query_text(char *buf, size_t n, enum fleet_query q, const char *sel)
{
	const char *name = q == FQ_EVENTS ? "instance_event:pmutop_event:rate1m" :
			   q == FQ_FIGURES ? "instance:pmutop_fleet_figure:1m" : NULL;
	int k;

	if (!name)
		return -EINVAL;
	k = snprintf(buf, n, "%s{%s}", name, sel);
	return k < 0 || (size_t)k >= n ? -ENOSPC : k;
}

int fleet_promql_escape(char *dst, size_t n, const char *s)
{
	size_t at = 0;

	for (; *s; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return -EINVAL;
		if (at + 3 >= n)
			return -ENOSPC;
		if (*s == '\\' || *s == '"')
			dst[at++] = '\\';
		dst[at++] = *s;
	}
	if (at >= n)
		return -ENOSPC;
	dst[at] = '\0';
	return (int)at;
}

bool fleet_label_ok(const char *s)
{
	if (!s || !*s || strlen(s) > 128 || !(s[0] == '_' || ((s[0] | 32) >= 'a' && (s[0] | 32) <= 'z')))
		return false;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= '0' && *s <= '9') || ((*s | 32) >= 'a' && (*s | 32) <= 'z')))
			return false;
	return true;
}
