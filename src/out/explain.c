/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* explain.c: prints what each parsed event would open, for --explain-events (text or JSON). */
#include "explain.h"
#include "base/printable.h"
#include "outbuf.h"
#include "hw/perf/counters.h"
#include "hw/sys/cpulist.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shortest form that reads back as the same double (1e-06, not 9.99...e-07). */
static void fmt_double(char *buf, size_t n, double v)
{
	snprintf(buf, n, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, n, "%.17g", v);
}

static const char *pmu_name(const struct ev_spec *e, const struct pmu_registry *reg)
{
	if (!reg || e->pmu < 0 || e->pmu >= reg->n)
		return NULL;
	return reg->pmus[e->pmu].name;
}

/* The CPUs an event opens on: its own list, else every CPU of the topology. */
static int spec_cpus(const struct ev_spec *e, const struct topology *topo, int **cpus)
{
	if (e->cpus) {
		*cpus = e->cpus;
		return e->ncpus;
	}
	*cpus = NULL;
	if (!topo || topo->ncpus <= 0)
		return 0;
	*cpus = malloc((size_t)topo->ncpus * sizeof(int));
	if (!*cpus)
		return -ENOMEM;
	for (int i = 0; i < topo->ncpus; i++)
		(*cpus)[i] = topo->cpus[i].cpu;
	return topo->ncpus;
}

/* perf_event_attr's read_format bits by perf's names, as `perf stat -vv` prints them. */
static void read_format_names(char *buf, size_t n, uint64_t rf)
{
	static const char *const names[] = { "TOTAL_TIME_ENABLED", "TOTAL_TIME_RUNNING", "ID", "GROUP", "LOST" };
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned b = 0; b < 64 && used < n; b++) {
		if (!(rf & (1ULL << b)))
			continue;
		if (b < sizeof(names) / sizeof(names[0]))
			used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? "|" : "", names[b]);
		else
			used += (size_t)snprintf(buf + used, n - used, "%s0x%llx", used ? "|" : "", 1ULL << b);
	}
}

/* The attribute's one-bit fields pmutop may set, in the order `perf stat -vv` prints them. */
#define ATTR_FLAGS(X) X(disabled) X(inherit) X(pinned) X(exclusive) X(exclude_user) X(exclude_kernel) \
	X(exclude_hv) X(exclude_idle) X(enable_on_exec) X(exclude_host) X(exclude_guest)

static void json_opt(FILE *out, const char *s)
{
	if (s)
		json_fputs(out, s);
	else
		fputs("null", out);
}

/* " source=json (wins over libpfm4 spr's event=0x0,umask=0x2)": the text's word on where a named
 * event's encoding came from; the names and terms come from files, made printable. */
static void text_source(FILE *out, const struct ev_spec *e)
{
	if (!e->source)
		return;
	fprintf(out, " source=%s", e->source);
	if (!strcmp(e->source, "libpfm4")) {
		fputs(" (libpfm4 alone: no JSON table has it)", out);
	} else if (e->other_terms) {
		fputs(" (wins over ", out);
		printable_fputs(e->other_origin ? e->other_origin : "", out);
		fputs("'s ", out);
		printable_fputs(e->other_terms, out);
		fputc(')', out);
	}
}

static void explain_json(FILE *out, const struct ev_spec *e, const struct perf_event_attr *a, int group,
			 bool weak, const char *pmu, const int *cpus, int ncpus)
{
	char scale[40];

	fmt_double(scale, sizeof(scale), e->scale);
	fputs("  {\"input\": ", out);
	json_fputs(out, e->input);
	fputs(", \"name\": ", out);
	json_fputs(out, e->name);
	fputs(", \"base\": ", out);
	json_fputs(out, e->base);
	fputs(", \"pmu\": ", out);
	if (pmu)
		json_fputs(out, pmu);
	else
		fputs("null", out);
	/* the words as the event resolved (config3 too, which an older build's attribute lacks) */
	fprintf(out, ", \"type\": %u, \"config\": \"0x%llx\", \"config1\": \"0x%llx\", \"config2\": \"0x%llx\""
		", \"config3\": \"0x%llx\", \"scale\": %s, \"unit\": ", a->type,
		(unsigned long long)a->config, (unsigned long long)a->config1,
		(unsigned long long)a->config2, (unsigned long long)e->config3, scale);
	json_fputs(out, e->unit);
	fprintf(out, ", \"group\": %d, \"weak\": %s, \"size\": %u, \"sample_type\": %llu, \"read_format\": %llu",
		group, weak ? "true" : "false", a->size, (unsigned long long)a->sample_type,
		(unsigned long long)a->read_format);
#define JSON_FLAG(f) fprintf(out, ", \"" #f "\": %s", a->f ? "true" : "false");
	ATTR_FLAGS(JSON_FLAG)
#undef JSON_FLAG
	fprintf(out, ", \"precise_ip\": %u", (unsigned)a->precise_ip);
	/* where a named event's encoding came from, and what a source that lost says instead */
	fputs(", \"source\": ", out);
	json_opt(out, e->source);
	fputs(", \"origin\": ", out);
	json_opt(out, e->origin);
	fprintf(out, ", \"libpfm4_only\": %s, \"overrides\": ",
		e->source && !strcmp(e->source, "libpfm4") ? "true" : "false");
	if (e->other_terms) {
		fputs("{\"origin\": ", out);
		json_fputs(out, e->other_origin ? e->other_origin : "");
		fputs(", \"terms\": ", out);
		json_fputs(out, e->other_terms);
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	fputs(", \"cpus\": [", out);
	for (int i = 0; i < ncpus; i++)
		fprintf(out, "%s%d", i ? ", " : "", cpus[i]);
	fputs("]}", out);
}

static void explain_text(FILE *out, const struct ev_spec *e, const struct perf_event_attr *a, int group,
			 bool weak, const char *pmu, const int *cpus, int ncpus)
{
	char list[512], scale[40], rf[128];

	fmt_double(scale, sizeof(scale), e->scale);
	if (ncpus == 0 || cpulist_format(cpus, ncpus, list, sizeof(list)) < 0)
		snprintf(list, sizeof(list), "%s", ncpus ? "(long list)" : "-");
	/* the input and the names come from the user, sysfs or an event table: made printable */
	printable_fputs(e->input, out);
	fputs(": ", out);
	printable_fputs(e->name, out);
	fputs(" pmu=", out);
	printable_fputs(pmu ? pmu : "-", out);
	fprintf(out, " type=%u config=0x%llx", a->type, (unsigned long long)a->config);
	if (a->config1)
		fprintf(out, " config1=0x%llx", (unsigned long long)a->config1);
	if (a->config2)
		fprintf(out, " config2=0x%llx", (unsigned long long)a->config2);
	if (e->config3)
		fprintf(out, " config3=0x%llx", (unsigned long long)e->config3);
	if (e->scale != 1.0 || e->unit[0]) {
		fprintf(out, " scale=%s unit=", scale);
		printable_fputs(e->unit[0] ? e->unit : "-", out);
	}
	fprintf(out, " group=%d%s cpus=%s", group, weak ? " weak" : "", list);
	/* the rest of the attribute as perf -vv shows it: the fields that are not 0 */
	read_format_names(rf, sizeof(rf), a->read_format);
	fprintf(out, " size=%u", a->size);
	if (a->sample_type)
		fprintf(out, " sample_type=0x%llx", (unsigned long long)a->sample_type);
	if (rf[0])
		fprintf(out, " read_format=%s", rf);
#define TEXT_FLAG(f) if (a->f) fputs(" " #f "=1", out);
	ATTR_FLAGS(TEXT_FLAG)
#undef TEXT_FLAG
	if (a->precise_ip)
		fprintf(out, " precise_ip=%u", (unsigned)a->precise_ip);
	text_source(out, e);
	fputc('\n', out);
}

/* Event i shares a group that the user did not write (packed to fit the counters, see budget_pack):
 * weak, as perf's {...}:W, split again where it cannot run. */
static bool weak(const struct ev_list *l, const int *group, int i)
{
	for (int k = 0; k < l->n; k++)
		if (group[k] == group[i] && l->ev[k].group != l->ev[i].group && l->ev[k].type != PERF_TYPE_SOFTWARE &&
		    l->ev[i].type != PERF_TYPE_SOFTWARE)
			return true;
	return false;
}

int explain_events(FILE *out, const struct ev_list *l, const int *plan, const struct pmu_registry *reg,
		   const struct topology *topo, bool json)
{
	/* the attributes and groups counters_open opens, not as the event string asked */
	struct perf_event_attr *attr = calloc((size_t)(l->n ? l->n : 1), sizeof(*attr));
	int *group = malloc(sizeof(int) * (size_t)(l->n ? l->n : 1)), rc = 0;

	if (!attr || !group || counters_plan_attrs(l, plan, attr) < 0 || counters_plan(l, plan, group) < 0) {
		rc = -ENOMEM;
		goto out;
	}
	if (json)
		fputs("[\n", out);
	for (int i = 0; i < l->n; i++) {
		const struct ev_spec *e = &l->ev[i];
		int *cpus;
		int n = spec_cpus(e, topo, &cpus);

		if (n < 0) {
			rc = n;
			goto out;
		}
		if (json) {
			explain_json(out, e, &attr[i], group[i], weak(l, group, i), pmu_name(e, reg), cpus, n);
			fputs(i + 1 < l->n ? ",\n" : "\n", out);
		} else {
			explain_text(out, e, &attr[i], group[i], weak(l, group, i), pmu_name(e, reg), cpus, n);
		}
		if (cpus != e->cpus)
			free(cpus);
	}
	if (json)
		fputs("]\n", out);
	rc = ferror(out) ? -EIO : 0;
out:
	free(attr);
	free(group);
	return rc;
}
