/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* settings_table.c: the option table and what it drives: defaults, value checks, text form, help. */
#include "settings.h"
#include "base/errmsg.h"
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define F(field) offsetof(struct settings, field), sizeof(((struct settings *)0)->field)

const struct setting_def settings_table[] = {
	{ "interval", "display", ST_DOUBLE, INTERVAL_MIN, INTERVAL_MAX, false, NULL, "1.0",
	  "seconds between refreshes (0.001 to 3600)", F(interval) },
	{ "view", "display", ST_WORD, 0, 0, false, "cores|sockets|uncore|events|topdown|processes|cgroups|fleet", "cores",
	  "the view shown at start", F(view) },
	{ "columns", "display", ST_STRING, 0, 0, false, NULL, "",
	  "the cores view's columns: cpu,... (what F writes) in order; event names only limit the "
	  "event columns; empty = chosen from the events and the machine", F(columns) },
	{ "process_columns", "display", ST_STRING, 0, 0, false, NULL, "",
	  "the processes view's columns: pid,... (what F writes there) in order, figures (cpu, ipc, ghz, "
	  "instr-rate, miss-rate, mpki, brmiss-pct) and event names; empty = every one", F(process_columns) },
	{ "cgroup_columns", "display", ST_STRING, 0, 0, false, NULL, "",
	  "the cgroups view's columns: cgroup,... as process_columns; empty = every one", F(cgroup_columns) },
	{ "sort", "display", ST_STRING, 0, 0, false, NULL, "cpu",
	  "column key to sort rows by", F(sort) },
	{ "reverse", "display", ST_BOOL, 0, 0, false, NULL, "false",
	  "invert the sort order (by default numbers sort descending, CPUs ascending)", F(reverse) },
	{ "rates", "display", ST_BOOL, 0, 0, false, NULL, "true",
	  "counts as rates per second; false: raw counts per interval", F(rates) },
	{ "color", "display", ST_ENUM, 0, 0, false, "auto|always|never", "auto",
	  "use colours: auto (when the terminal has them), always, never", F(color) },
	{ "ascii", "display", ST_BOOL, 0, 0, false, NULL, "false",
	  "draw bars and sparklines with ASCII only", F(ascii) },
	{ "meters", "display", ST_BOOL, 0, 0, false, NULL, "true",
	  "the header's meters: utilisation bars, IPC, memory bandwidth, power (key m)", F(meters) },
	{ "mouse", "display", ST_BOOL, 0, 0, false, NULL, "true",
	  "clicks sort and select, the wheel scrolls; false leaves the mouse to the terminal", F(mouse) },
	{ "history", "display", ST_INT, 1, 100000, false, NULL, "600",
	  "IPC samples kept per CPU for the sparkline, which draws 10 (1..100000)", F(history) },
	{ "set", "events", ST_STRING, 0, 0, false, NULL, "default",
	  "the event set counted at start (a built-in set or an [eventset NAME] section)", F(set) },
	{ "dir", "events", ST_STRING, 0, 0, false, NULL, "",
	  "folder of vendor event tables (mapfile.csv and JSON), searched after --events-dir and "
	  "PMUTOP_EVENTS_DIR", F(events_dir) },
	{ "listen", "exporter", ST_STRING, 0, 0, false, NULL, "",
	  "[ADDR:]PORT serving Prometheus /metrics (--listen); empty = off", F(listen) },
	{ "textfile", "exporter", ST_STRING, 0, 0, false, NULL, "",
	  "file rewritten with the exposition after every interval (--prom); empty = off", F(textfile) },
	{ "quiet", "exporter", ST_BOOL, 0, 0, false, NULL, "false",
	  "batch mode writes no rows, only exports (--quiet)", F(quiet) },
	{ "max_connections", "exporter", ST_INT, 1, 4096, false, NULL, "128",
	  "HTTP connections served at once (1..4096)", F(max_connections) },
	{ "timeout", "exporter", ST_INT, 1, 3600, false, NULL, "10",
	  "seconds an HTTP request has to arrive whole, or a reader may pause (1..3600)", F(timeout) },
	{ "web_config", "exporter", ST_STRING, 0, 0, false, NULL, "",
	  "TLS and basic authentication: a web configuration file as Prometheus' exporters read "
	  "(--web-config); empty = plain HTTP, no authentication", F(web_config) },
	{ "cpu_gauges", "exporter", ST_BOOL, 0, 0, false, NULL, "true",
	  "export the derived gauges (IPC, frequency, ratios) per CPU as well as per socket; false "
	  "halves the series of a large machine (--no-cpu-gauges)", F(cpu_gauges) },
	{ "export_cgroups", "exporter", ST_INT, 0, 1000, false, NULL, "0",
	  "cgroups exported each with a series, the busiest (-G's, else the whole tree's, each by its "
	  "own CPU time), the rest summed as cgroup=\"(other)\" (0..1000; 0 = none) (--export-cgroups)", F(export_cgroups) },
	{ "rdt_groups", "exporter", ST_INT, 0, 10000, false, NULL, "10",
	  "resctrl groups exported one by one, those with the most memory traffic; the rest summed "
	  "as group=\"(other)\" (0..10000)", F(rdt_groups) },
	{ "processes", "workloads", ST_INT, 1, 10000, false, NULL, "32",
	  "the busiest processes counted while the processes view (P) is shown (1..10000)", F(wl_processes) },
	{ "cgroups", "workloads", ST_INT, 1, 10000, false, NULL, "24",
	  "the busiest cgroups counted while the cgroups view (G) is shown (1..10000)", F(wl_cgroups) },
	{ "cgroup_depth", "workloads", ST_INT, 1, 16, false, NULL, "3",
	  "levels of the cgroup tree the cgroups view looks at (1..16)", F(wl_cgroup_depth) },
	{ "url", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "the Prometheus query API --fleet reads when given no URL (http://prometheus:9090)", F(fleet_url) },
	{ "targets", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "exporters scraped directly, host:port,... (--fleet-targets)", F(fleet_targets) },
	{ "label", "fleet", ST_STRING, 0, 0, false, NULL, "instance",
	  "the label naming a host: instance, node, job, a Kubernetes label (--fleet-label)", F(fleet_label) },
	{ "window", "fleet", ST_DOUBLE, 0, 86400, false, NULL, "0.0",
	  "rate window in seconds (0: four of Prometheus' scrape intervals) (--fleet-window)", F(fleet_window) },
	{ "user", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "basic authentication towards the query API (--fleet-user)", F(fleet_user) },
	{ "password_file", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "file whose first line is the password (--fleet-password-file)", F(fleet_password_file) },
	{ "bearer_file", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "file whose first line is a bearer token (--fleet-bearer-file)", F(fleet_bearer_file) },
	{ "ca", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "CA bundle the query API's certificate is checked against (--fleet-ca)", F(fleet_ca) },
	{ "cert", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "client certificate (--fleet-cert)", F(fleet_cert) },
	{ "key", "fleet", ST_STRING, 0, 0, false, NULL, "",
	  "client certificate's key (--fleet-key)", F(fleet_key) },
	{ "rules", "fleet", ST_BOOL, 0, 0, false, NULL, "true",
	  "use the recording rules of contrib/prometheus/pmutop-fleet.rules.yml when they answer", F(fleet_rules) },
	{ "cpu_groups", "rdt", ST_BOOL, 0, 0, false, NULL, "false",
	  "make a resctrl monitoring group per counted CPU (one RMID each) for per-CPU L3 occupancy "
	  "and memory bandwidth, removed at exit (--rdt-cpu-groups)", F(rdt_cpu_groups) },
	{ "freq", "sample", ST_INT, 1, 100000, false, NULL, "1000",
	  "samples per second per CPU or thread for --hot (1..100000; the kernel's "
	  "perf_event_max_sample_rate caps it)", F(sample_freq) },
	{ "window", "sample", ST_DOUBLE, 1, 3600, false, NULL, "10.0",
	  "seconds of samples the hot functions are ranked over (1..3600)", F(sample_window) },
};
const int settings_ntable = sizeof(settings_table) / sizeof(settings_table[0]);

static const char *const type_names[] = {
	[ST_DOUBLE] = "number", [ST_INT] = "integer", [ST_BOOL] = "bool",
	[ST_ENUM] = "choice", [ST_WORD] = "choice", [ST_STRING] = "text",
};

/* Index of word in "a|b|c", -1 when absent. */
static int choice_index(const char *choices, const char *word)
{
	size_t wl = strlen(word);
	int i = 0;

	for (const char *p = choices; *p; i++) {
		size_t n = strcspn(p, "|");
		if (n == wl && strncmp(p, word, n) == 0)
			return i;
		p += n;
		if (*p)
			p++;
	}
	return -1;
}

static const char *choice_at(const char *choices, int k, char *buf, size_t len)
{
	const char *p = choices;

	for (int i = 0; i < k && *p; i++) {
		p += strcspn(p, "|");
		if (*p)
			p++;
	}
	snprintf(buf, len, "%.*s", (int)strcspn(p, "|"), p);
	return buf;
}

static int parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on", "1" }, *const no[] = { "false", "no", "off", "0" };

	for (int i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0)
			return *out = true, 0;
		if (strcasecmp(v, no[i]) == 0)
			return *out = false, 0;
	}
	return -1;
}

int settings_apply(struct settings *s, const struct setting_def *d, const char *value, struct errmsg *em)
{
	char *field = (char *)s + d->off, *end;
	double v;
	bool b;
	int k;

	switch (d->type) {
	case ST_DOUBLE:
	case ST_INT:
		errno = 0;
		v = d->type == ST_INT ? (double)strtol(value, &end, 10) : strtod(value, &end);
		while (*end == ' ' || *end == '\t')
			end++;
		if (end == value || *end || errno == ERANGE || !isfinite(v))
			return errmsg_set(em, -EINVAL, "\"%s\" is not %s", value,
					  d->type == ST_INT ? "an integer" : "a number");
		if ((d->min_open ? v <= d->min : v < d->min) || v > d->max)
			return errmsg_set(em, -ERANGE, "%s is out of range (%s %g, at most %g)", value,
					  d->min_open ? "more than" : "at least", d->min, d->max);
		if (d->type == ST_INT)
			*(int *)field = (int)v;
		else
			*(double *)field = v;
		return 0;
	case ST_BOOL:
		if (parse_bool(value, &b) < 0)
			return errmsg_set(em, -EINVAL, "\"%s\" is not a bool (true/false, yes/no, on/off, 1/0)", value);
		*(bool *)field = b;
		return 0;
	case ST_ENUM:
	case ST_WORD:
		k = choice_index(d->choices, value);
		if (k < 0)
			return errmsg_set(em, -EINVAL, "\"%s\" is not one of %s", value, d->choices);
		if (d->type == ST_ENUM)
			*(int *)field = k;
		else
			snprintf(field, d->size, "%s", value);
		return 0;
	case ST_STRING:
		if (strlen(value) >= d->size)
			return errmsg_set(em, -ERANGE, "longer than %zu characters", d->size - 1);
		snprintf(field, d->size, "%s", value);
		return 0;
	}
	return errmsg_set(em, -EINVAL, "unknown option type");
}

void settings_format(const struct settings *s, const struct setting_def *d, char *buf, size_t len)
{
	const char *field = (const char *)s + d->off;
	double v;

	switch (d->type) {
	case ST_DOUBLE:
		/* the shortest text that reads back as the same double, with a decimal point */
		v = *(const double *)field;
		for (int prec = 15; prec <= 17; prec++) {
			snprintf(buf, len, "%.*g", prec, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		if (!strpbrk(buf, ".eEn") && strlen(buf) + 2 < len)
			strcat(buf, ".0");
		break;
	case ST_INT:
		snprintf(buf, len, "%d", *(const int *)field);
		break;
	case ST_BOOL:
		snprintf(buf, len, "%s", *(const bool *)field ? "true" : "false");
		break;
	case ST_ENUM:
		choice_at(d->choices, *(const int *)field, buf, len);
		break;
	default:
		snprintf(buf, len, "%s", field);
		break;
	}
}

const struct setting_def *settings_lookup(const char *name)
{
	const char *dot = strchr(name, '.');

	for (int i = 0; i < settings_ntable; i++) {
		const struct setting_def *d = &settings_table[i];
		if (dot) {
			if (strlen(d->section) == (size_t)(dot - name) &&
			    strncmp(d->section, name, (size_t)(dot - name)) == 0 && strcmp(d->name, dot + 1) == 0)
				return d;
		} else if (strcmp(d->name, name) == 0) {
			return d;
		}
	}
	return NULL;
}

int settings_set(struct settings *s, const char *name, const char *value, struct errmsg *em)
{
	const struct setting_def *d = settings_lookup(name);
	struct errmsg why;
	int rc;

	if (!d)
		return errmsg_set(em, -ENOENT, "%s: unknown option (see --list-options)", name);
	if (d->off == offsetof(struct settings, set) && !settings_find_set(s, value))
		return errmsg_set(em, -ENOENT, "%s: no event set named \"%s\"", name, value);
	if ((rc = settings_apply(s, d, value, &why)) < 0)
		return errmsg_set(em, rc, "%s: %s", name, why.text);
	return 0;
}

void settings_print_table(void)
{
	printf("%-15s %-8s %-7s %-28s %-8s %s\n", "OPTION", "SECTION", "TYPE", "RANGE", "DEFAULT", "HELP");
	for (int i = 0; i < settings_ntable; i++) {
		const struct setting_def *d = &settings_table[i];
		char range[64] = "";
		if (d->type == ST_DOUBLE || d->type == ST_INT)
			snprintf(range, sizeof(range), "%s%g..%g", d->min_open ? ">" : "", d->min, d->max);
		else if (d->choices)
			snprintf(range, sizeof(range), "%s", d->choices);
		else if (d->type == ST_BOOL)
			snprintf(range, sizeof(range), "true|false");
		printf("%-15s %-8s %-7s %-28s %-8s %s\n", d->name, d->section, type_names[d->type], range,
		       *d->def ? d->def : "\"\"", d->help);
	}
	printf("\nEvent sets ([eventset NAME] sections with events = and description =); built in:\n");
	for (int i = 0; i < settings_nbuiltin_sets; i++)
		printf("  %-8s %s\n", settings_builtin_sets[i].name, settings_builtin_sets[i].description);
}
