/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* events_report.c: --list-events text and JSON (what can count on this machine: its PMUs' sysfs
 * aliases, perf's built-in events of the PMUs it has, the vendor tables' events of its PMUs, its
 * tracepoints), and the "did you mean" line for unknown event names. */
#include "events_report.h"
#include "base/editdist.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/catalog/catalog.h"
#include "hw/events/evtables.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/tracefs.h"
#include <linux/perf_event.h>
#include "outbuf.h"
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool wanted(const char *name, const char *glob)
{
	return !glob || !*glob || fnmatch(glob, name, FNM_CASEFOLD) == 0;
}

/* "uncore_imc_3" -> "uncore_imc": boxes of one unit are listed once. */
static void unit_of(const char *pmu, char *out, size_t n)
{
	size_t len = strlen(pmu), k = len;

	while (k > 0 && isdigit((unsigned char)pmu[k - 1]))
		k--;
	if (k < len && k > 1 && pmu[k - 1] == '_')
		len = k - 1;
	snprintf(out, n, "%.*s", (int)len, pmu);
}

/* The core PMU a table's "" stands for on this machine. */
static const char *core_name(const struct pmu_registry *reg)
{
	for (int i = 0; i < reg->n; i++)
		if (reg->pmus[i].kind == PMU_KIND_CORE)
			return reg->pmus[i].name;
	return "cpu";
}

static void add_json(struct json_object *arr, const char *name, const char *pmu, const char *src,
		     const char *origin, const char *terms, const char *desc, const char *topic, const char *counter,
		     bool deprecated, bool per_pkg, const struct cat_event *e)
{
	struct json_object *o = json_object_new_object(), *ov = NULL;

	if (!o)
		return;
	/* what a source of lower rank says instead (libpfm4 under a JSON table), null when nothing */
	if (e && e->other_terms && (ov = json_object_new_object())) {
		json_object_object_add(ov, "origin", json_object_new_string(e->other_origin ? e->other_origin : ""));
		json_object_object_add(ov, "terms", json_object_new_string(e->other_terms));
	}
	json_object_object_add(o, "name", json_object_new_string(name));
	json_object_object_add(o, "pmu", json_object_new_string(pmu));
	json_object_object_add(o, "source", json_object_new_string(src));
	json_object_object_add(o, "origin", json_object_new_string(origin));
	json_object_object_add(o, "terms", json_object_new_string(terms));
	json_object_object_add(o, "description", json_object_new_string(desc));
	json_object_object_add(o, "topic", json_object_new_string(topic));
	json_object_object_add(o, "counter", json_object_new_string(counter));
	json_object_object_add(o, "deprecated", json_object_new_boolean(deprecated));
	json_object_object_add(o, "per_pkg", json_object_new_boolean(per_pkg));
	json_object_object_add(o, "overrides", ov);
	json_object_array_add(arr, o);
}

/* One row of the text list; every field comes from sysfs or an event table, so each is made printable. */
static void text_row(FILE *f, const char *name, const char *unit, const char *src, const char *pre, const char *rest)
{
	char nb[1024], ub[512];

	fprintf(f, "%-44s %-16s %-8s ", printable(nb, sizeof(nb), name), printable(ub, sizeof(ub), unit), src);
	printable_fputs(pre, f);   /* libpfm4's terms in it: pmutop wrote them, but from another table */
	printable_fputs(rest, f);
	fputc('\n', f);
}

/* Whether this machine has a PMU the table's event belongs to (its core PMU, a box of its unit). */
static bool pmu_here(const struct pmu_registry *reg, const struct cat_event *e)
{
	for (int p = 0; p < reg->n; p++)
		if (catalog_pmu_matches(e, reg->pmus[p].name, reg->pmus[p].kind == PMU_KIND_CORE))
			return true;
	return false;
}

static bool has_kind(const struct pmu_registry *reg, enum pmu_kind kind)
{
	for (int i = 0; i < reg->n; i++)
		if (reg->pmus[i].kind == kind)
			return true;
	return false;
}

/* perf's built-in events this machine counts: the software ones where the kernel has its software
 * PMU, the generic hardware and cache ones where it has a core PMU. */
static int builtin_rows(FILE *f, struct json_object *arr, const struct pmu_registry *reg, const char *glob)
{
	bool sw = has_kind(reg, PMU_KIND_SOFTWARE), hw = has_kind(reg, PMU_KIND_CORE);
	int n = 0;

	for (const char *const *g = evtab_names(); *g; g++) {
		struct evtab_event ev;
		char terms[64];

		if (evtab_lookup(*g, strlen(*g), &ev) < 0 || !wanted(*g, glob) ||
		    !(ev.type == PERF_TYPE_SOFTWARE ? sw : hw))
			continue;
		n++;
		snprintf(terms, sizeof(terms), "type=%u,config=0x%llx", (unsigned)ev.type, (unsigned long long)ev.config);
		if (arr)
			add_json(arr, *g, ev.type == PERF_TYPE_SOFTWARE ? "software" : core_name(reg), "perf",
				 "linux/perf_event.h", terms, "", "", "", false, false, NULL);
		else
			text_row(f, *g, ev.type == PERF_TYPE_SOFTWARE ? "software" : core_name(reg), "perf", "", terms);
	}
	return n;
}

/* The tracepoints of tracefs (sys:event) whose name matches glob; what stops the list goes to err. */
static int tracepoint_rows(FILE *f, FILE *err, struct json_object *arr, const char *glob)
{
	struct tracefs_tp *tp;
	struct errmsg em = { 0 };
	char origin[256];
	int k = tracefs_lookup("*", "*", &tp, &em), n = 0;

	if (k < 0) {
		if (k != -ENOENT)   /* no tracefs: nothing to list, nothing wrong */
			fprintf(err, "pmutop: tracepoints left out: %s\n", errmsg_text(&em, k));
		return 0;
	}
	for (int i = 0; i < k; i++) {
		if (!wanted(tp[i].name, glob))
			continue;
		n++;
		snprintf(origin, sizeof(origin), "tracefs id %llu", (unsigned long long)tp[i].id);
		if (arr)
			add_json(arr, tp[i].name, "tracepoint", "tracefs", origin, "", "", "", "", false, false, NULL);
		else
			text_row(f, tp[i].name, "tracepoint", "tracefs", "", origin);
	}
	free(tp);
	return n;
}

int events_report(FILE *f, FILE *err, struct catalog *c, const struct pmu_registry *reg, const char *glob,
		  bool json)
{
	struct json_object *arr = json ? json_object_new_array() : NULL;
	char unit[128], prev[128] = "", hint[768];
	int n = 0, absent = 0;

	if (json && !arr)
		return -ENOMEM;
	if (catalog_load(c) < 0) {
		json_object_put(arr);
		return -ENOMEM;
	}
	for (int p = 0; p < reg->n; p++) {
		const struct pmu *pm = &reg->pmus[p];

		if (pm->kind == PMU_KIND_UNCORE)
			unit_of(pm->name, unit, sizeof(unit));
		else
			snprintf(unit, sizeof(unit), "%s", pm->name);
		if (!strcmp(unit, prev))
			continue; /* another box of the same unit: same aliases */
		snprintf(prev, sizeof(prev), "%s", unit);
		const struct pmu_alias *als;
		int nal = pmu_aliases(pm, &als);

		for (int i = 0; i < nal; i++) {
			const struct pmu_alias *al = &als[i];
			char origin[1024];

			if (!wanted(al->name, glob))
				continue;
			n++;
			/* the kernel's alias file (of the unit's first box) */
			snprintf(origin, sizeof(origin), "%s/bus/event_source/devices/%s/events/%s", sysfs_root(), pm->name,
				 al->name);
			if (json)
				add_json(arr, al->name, unit, "sysfs", origin, al->terms, "", "", "", false, false, NULL);
			else
				text_row(f, al->name, unit, "sysfs", "", al->terms);
		}
	}
	n += builtin_rows(f, arr, reg, glob);
	for (int i = 0; i < c->n; i++) {
		const struct cat_event *e = &c->ev[i];
		const char *pmu = e->pmu[0] ? e->pmu : core_name(reg);
		const char *src = e->src == CAT_SRC_PFM ? "libpfm4" : "json";

		if (!wanted(e->name, glob))
			continue;
		if (!pmu_here(reg, e)) {   /* a PMU not here counts nothing */
			absent++;
			continue;
		}
		n++;
		if (json) {
			add_json(arr, e->name, pmu, src, e->origin, e->terms, e->desc, e->topic, e->counter,
				 e->deprecated, e->per_pkg, e);
		} else {
			char pre[320];

			/* a JSON table and libpfm4 disagree: the table wins, and the other encoding is shown */
			snprintf(pre, sizeof(pre), "%s%s%.200s%s", e->deprecated ? "(deprecated) " : "",
				 e->other_terms ? "(libpfm4 differs: " : "", e->other_terms ? e->other_terms : "",
				 e->other_terms ? ") " : "");
			text_row(f, e->name, pmu, src, pre, e->desc);
		}
	}
	n += tracepoint_rows(f, err, arr, glob);
	if (json) {
		/* json-c passes C1 controls and invalid UTF-8 from a table or sysfs as they are */
		const char *text = json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY |
									 JSON_C_TO_STRING_NOSLASHESCAPE);
		struct outbuf b;

		ob_init(&b, 1 << 16);
		ob_json_text(&b, text ? text : "");
		ob_char(&b, '\n');
		if (!text || b.oom) {
			ob_free(&b);
			json_object_put(arr);
			return -ENOMEM;
		}
		ob_flush(&b, f);
		ob_free(&b);
		json_object_put(arr);
	}
	catalog_hint(c, hint, sizeof(hint));
	fprintf(err, "pmutop: %d events; %s", n, hint);
	if (absent)
		fprintf(err, "; %d of their events left out: their PMU%s not on this machine%s", absent,
			has_kind(reg, PMU_KIND_CORE) ? " is" : " (the core PMU) is",
			has_kind(reg, PMU_KIND_CORE) ? "" : ", as in most virtual machines");
	fputc('\n', err);
	if (c->errors[0])
		fprintf(err, "pmutop: %d problem(s) with event files:\n%s\n", c->nerrors, c->errors);
	return n;
}

struct near {
	const char *name[3];
	int dist[3], n;
};

/* Keep the three nearest names, the first offered winning a tie; one further than half the
 * name's length away is no suggestion. */
static void near_add(struct near *nb, const char *want, const char *name)
{
	int d = edit_distance(want, name, EDIT_MAX + 1), k;

	if (d > (int)strnlen(want, EDIT_MAX) / 2 + 1 || d == 0)
		return;
	for (int i = 0; i < nb->n; i++)
		if (!strcasecmp(nb->name[i], name))
			return;
	if (nb->n == 3 && d >= nb->dist[2])
		return;
	k = nb->n < 3 ? nb->n++ : 2;
	while (k > 0 && nb->dist[k - 1] > d) {
		nb->dist[k] = nb->dist[k - 1];
		nb->name[k] = nb->name[k - 1];
		k--;
	}
	nb->dist[k] = d;
	nb->name[k] = name;
}

void events_suggest(struct catalog *c, const struct pmu_registry *reg, const char *name, char *out, size_t n)
{
	const struct cat_event *e;
	const char *s[3];
	struct near nb = { .n = 0 };
	int k, same = catalog_lookup(c, name, &e);
	char hint[768];

	if (same > 0) { /* the name exists, for another PMU (cpu_atom's event asked of cpu_core) */
		size_t used = (size_t)snprintf(out, n, "%s is an event of", e->name);
		bool here = !reg;

		for (int i = 0; i < same && used < n; i++) {
			used += (size_t)snprintf(out + used, n - used, "%s %s", i ? "," : "", e[i].pmu[0] ? e[i].pmu :
						 "the core PMU");
			here |= reg && pmu_here(reg, &e[i]);
		}
		if (!here && used < n)   /* none here: the table is this CPU's, the PMU is not exposed */
			snprintf(out + used, n - used, ", which this machine does not have (see --list-events)");
		return;
	}
	/* perf's own names first (cycles for cylces), then the core PMUs' sysfs aliases, then the
	 * vendor tables' */
	for (const char *const *g = evtab_names(); *g; g++)
		near_add(&nb, name, *g);
	for (int p = 0; reg && p < reg->n; p++) {
		const struct pmu_alias *al;
		int na = reg->pmus[p].kind == PMU_KIND_CORE ? pmu_aliases(&reg->pmus[p], &al) : 0;

		for (int i = 0; i < na; i++)
			near_add(&nb, name, al[i].name);
	}
	k = catalog_suggest(c, name, s, 3);
	for (int i = 0; i < k; i++)
		near_add(&nb, name, s[i]);
	while (nb.n > 1 && nb.dist[nb.n - 1] > nb.dist[0] + 1)   /* cycles for cylces, not slots too */
		nb.n--;
	if (nb.n == 0) {
		catalog_hint(c, hint, sizeof(hint));
		snprintf(out, n, "%s", c->n ? "" : hint);
		return;
	}
	snprintf(out, n, "did you mean %s%s%s%s%s?", nb.name[0], nb.n > 1 ? (nb.n > 2 ? ", " : " or ") : "",
		 nb.n > 1 ? nb.name[1] : "", nb.n > 2 ? " or " : "", nb.n > 2 ? nb.name[2] : "");
}
