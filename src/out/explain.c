/* SPDX-License-Identifier: GPL-2.0-or-later */
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

static void explain_json(FILE *out, const struct ev_spec *e, int group, bool weak, bool pinned, const char *pmu, const int *cpus,
			 int ncpus)
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
	fprintf(out, ", \"type\": %u, \"config\": \"0x%llx\", \"config1\": \"0x%llx\", \"config2\": \"0x%llx\""
		", \"config3\": \"0x%llx\", \"scale\": %s, \"unit\": ", e->type,
		(unsigned long long)e->config, (unsigned long long)e->config1,
		(unsigned long long)e->config2, (unsigned long long)e->config3, scale);
	json_fputs(out, e->unit);
	fprintf(out, ", \"group\": %d, \"weak\": %s, \"exclude_user\": %s, \"exclude_kernel\": %s, \"exclude_hv\": %s"
		", \"pinned\": %s, \"cpus\": [", group, weak ? "true" : "false", e->exclude_user ? "true" : "false",
		e->exclude_kernel ? "true" : "false", e->exclude_hv ? "true" : "false",
		pinned ? "true" : "false");
	for (int i = 0; i < ncpus; i++)
		fprintf(out, "%s%d", i ? ", " : "", cpus[i]);
	fputs("]}", out);
}

static void explain_text(FILE *out, const struct ev_spec *e, int group, bool weak, bool pinned, const char *pmu, const int *cpus,
			 int ncpus)
{
	char list[512], scale[40];

	fmt_double(scale, sizeof(scale), e->scale);
	if (ncpus == 0 || cpulist_format(cpus, ncpus, list, sizeof(list)) < 0)
		snprintf(list, sizeof(list), "%s", ncpus ? "(long list)" : "-");
	/* the input and the names come from the user, sysfs or an event table: made printable */
	printable_fputs(e->input, out);
	fputs(": ", out);
	printable_fputs(e->name, out);
	fputs(" pmu=", out);
	printable_fputs(pmu ? pmu : "-", out);
	fprintf(out, " type=%u config=0x%llx", e->type, (unsigned long long)e->config);
	if (e->config1)
		fprintf(out, " config1=0x%llx", (unsigned long long)e->config1);
	if (e->config2)
		fprintf(out, " config2=0x%llx", (unsigned long long)e->config2);
	if (e->config3)
		fprintf(out, " config3=0x%llx", (unsigned long long)e->config3);
	if (e->scale != 1.0 || e->unit[0]) {
		fprintf(out, " scale=%s unit=", scale);
		printable_fputs(e->unit[0] ? e->unit : "-", out);
	}
	fprintf(out, " group=%d%s cpus=%s", group, weak ? " weak" : "", list);
	if (e->exclude_user || e->exclude_kernel || e->exclude_hv)
		fprintf(out, " exclude=%s%s%s", e->exclude_user ? "u" : "", e->exclude_kernel ? "k" : "",
			e->exclude_hv ? "h" : "");
	if (pinned)
		fputs(" pinned", out);
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
	/* pinned and grouped as counters_open does it, not as the event string asked */
	bool *pinned = calloc((size_t)(l->n ? l->n : 1), sizeof(bool));
	int *group = malloc(sizeof(int) * (size_t)(l->n ? l->n : 1));

	if (!pinned || !group || counters_plan_pinned(l, plan, pinned) < 0 || counters_plan(l, plan, group) < 0) {
		free(pinned);
		free(group);
		return -ENOMEM;
	}
	if (json)
		fputs("[\n", out);
	for (int i = 0; i < l->n; i++) {
		const struct ev_spec *e = &l->ev[i];
		int *cpus;
		int n = spec_cpus(e, topo, &cpus);

		if (n < 0) {
			free(pinned);
			free(group);
			return n;
		}
		if (json) {
			explain_json(out, e, group[i], weak(l, group, i), pinned[i], pmu_name(e, reg), cpus, n);
			fputs(i + 1 < l->n ? ",\n" : "\n", out);
		} else {
			explain_text(out, e, group[i], weak(l, group, i), pinned[i], pmu_name(e, reg), cpus, n);
		}
		if (cpus != e->cpus)
			free(cpus);
	}
	free(pinned);
	free(group);
	if (json)
		fputs("]\n", out);
	return ferror(out) ? -EIO : 0;
}
