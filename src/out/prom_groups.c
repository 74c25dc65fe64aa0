/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prom_groups.c: the exposition's families of groups of tasks: the cgroups counted (frame.wl's
 * cgroup rows, the busiest one by one and the rest summed) and RDT/PQoS monitoring (resctrl's L3
 * domains and groups). The core families and the writer are prom.c's. */
#include "prom.h"
#include "prom_impl.h"
#include "app/owners.h"
#include "hw/model/metrics.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

/* ---- RDT/PQoS monitoring ---- */

struct rdt_rank { int i; double key; };

static int rank_cmp(const void *x, const void *y)
{
	const struct rdt_rank *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? 1 : -1;
	return a->i - b->i;
}

static const struct {
	const char *name, *help;
	bool counter;
} rdt_fams[2][3] = {
	{ { "pmutop_rdt_l3_occupancy_bytes", "L3 cache occupancy of an L3 domain now (resctrl llc_occupancy, "
	    "every control group summed)", false },
	  { "pmutop_rdt_memory_bytes", "memory traffic of an L3 domain since pmutop started (resctrl "
	    "mbm_total_bytes, every control group summed)", true },
	  { "pmutop_rdt_local_memory_bytes", "memory traffic to the local NUMA node of an L3 domain since "
	    "pmutop started (resctrl mbm_local_bytes)", true } },
	{ { "pmutop_rdt_group_l3_occupancy_bytes", "L3 cache occupancy of a resctrl group (label group) or of "
	    "pmutop's group of a CPU (label cpu, --rdt-cpu-groups) now, over every L3 domain; a control "
	    "group's holds its monitoring groups'; the groups past [exporter] rdt_groups summed as "
	    "group=\"" PROM_REST "\"", false },
	  { "pmutop_rdt_group_memory_bytes", "memory traffic of a resctrl group since pmutop first read it "
	    "(mbm_total_bytes)", true },
	  { "pmutop_rdt_group_local_memory_bytes", "memory traffic to the local NUMA node of a resctrl group "
	    "since pmutop first read it (mbm_local_bytes)", true } },
};

static double fig_k(const struct rdt_fig *f, int k)
{
	return k == 0 ? f->occ : k == 1 ? f->total_sum : f->local_sum;
}

/* A group's sample of family k: labels group and kind, or cpu. */
static void rdt_group_sample(struct outbuf *b, int k, const char *label, const char *v, const char *kind,
			     double val)
{
	char name[96];
	struct outbuf l;

	if (isnan(val))
		return;
	ob_init(&l, 96);
	ob_str(&l, label);
	ob_str(&l, "=\"");
	prom_label_value(&l, v);
	if (kind) {
		ob_str(&l, "\",kind=\"");
		ob_str(&l, kind);
	}
	ob_str(&l, "\"");
	ob_char(&l, 0);
	snprintf(name, sizeof(name), "%s%s", rdt_fams[1][k].name, rdt_fams[1][k].counter ? "_total" : "");
	if (!l.oom)
		prom_sample(b, name, NULL, NULL, 0, NULL, 0, l.p, val);
	ob_free(&l);
}

static void series_rdt_groups(struct outbuf *b, const struct app_rdt *r, int fmt, int top)
{
	static const char *const kinds[] = { "default", "control", "monitor" };
	struct rdt_rank *rk = malloc(sizeof(*rk) * ((size_t)r->ngrp + 1));
	char cpu[16];
	int n = 0;

	if (!rk) {
		b->oom = 1;
		return;
	}
	for (int i = 0; i < r->ngrp; i++)
		if (r->grp[i].cpu < 0)
			rk[n++] = (struct rdt_rank){ i, isnan(r->grp[i].all.total_sum) ? -1 : r->grp[i].all.total_sum };
	qsort(rk, (size_t)n, sizeof(*rk), rank_cmp);
	for (int k = 0; k < 3; k++) {
		double other = 0;
		bool bad = false;

		prom_family(b, fmt, rdt_fams[1][k].name, rdt_fams[1][k].counter, rdt_fams[1][k].help);
		for (int j = 0; j < n; j++) {
			const struct rdt_grp *g = &r->grp[rk[j].i];
			double v = fig_k(&g->all, k);

			if (j < top) {
				rdt_group_sample(b, k, "group", g->g.name, kinds[g->g.kind], v);
				continue;
			}
			bad |= isnan(v);   /* a sum with a part not counted is not counted */
			other += isnan(v) ? 0 : v;
		}
		if (n > top)
			rdt_group_sample(b, k, "group", PROM_REST, "other", bad ? NAN : other);
		for (int i = 0; i < r->ngrp; i++)
			if (r->grp[i].cpu >= 0) {
				snprintf(cpu, sizeof(cpu), "%d", r->grp[i].cpu);
				rdt_group_sample(b, k, "cpu", cpu, NULL, fig_k(&r->grp[i].all, k));
			}
	}
	free(rk);
}

/* Per L3 domain (labels l3 and socket): occupancy now, memory traffic since pmutop started; then
 * the groups. Nothing not counted has a series. */
void prom_series_rdt(struct outbuf *b, const struct model *m, const struct prom_info *info, int fmt)
{
	const struct app_rdt *r = info ? info->rdt : NULL;
	char lab[64], name[96];

	if (!r || !r->avail || r->seq == 0)
		return;
	for (int k = 0; k < 3; k++) {
		prom_family(b, fmt, rdt_fams[0][k].name, rdt_fams[0][k].counter, rdt_fams[0][k].help);
		snprintf(name, sizeof(name), "%s%s", rdt_fams[0][k].name, rdt_fams[0][k].counter ? "_total" : "");
		for (int d = 0; d < r->rc.ndom; d++) {
			int s = r->dom_sock[d], w = snprintf(lab, sizeof(lab), "l3=\"%d\"", r->rc.dom[d]);

			if (s >= 0 && s < m->nsock && m->sock_ids[s] >= 0)
				snprintf(lab + w, sizeof(lab) - (size_t)w, ",socket=\"%d\"", m->sock_ids[s]);
			if (!isnan(fig_k(&r->dom[d], k)))
				prom_sample(b, name, NULL, NULL, 0, NULL, 0, lab, fig_k(&r->dom[d], k));
		}
	}
	series_rdt_groups(b, r, fmt, info->rdt_groups);
}

struct prom_cg {
	char *path;
	double cpu_s;      /* CPU seconds while exported, NAN none yet */
	double *ev;        /* [nev]: events while exported, NAN none yet */
	uint64_t last;     /* the frame it was last exported in */
};

static int cg_rank_cmp(const void *x, const void *y)
{
	const struct wl_row *a = *(const struct wl_row *const *)x, *b = *(const struct wl_row *const *)y;
	double ua = isnan(a->m[M_UTIL]) ? -1 : a->m[M_UTIL], ub = isnan(b->m[M_UTIL]) ? -1 : b->m[M_UTIL];

	if (ua != ub)
		return (ua < ub) - (ua > ub);
	return strcmp(a->cgroup, b->cgroup);   /* the same choice each time it is made */
}

/* The frame's cgroup rows counted, the busiest first, into rows (room for nwl); how many. */
static int cg_ranked(const struct frame *f, const struct wl_row **rows)
{
	int n = 0;

	for (int i = 0; i < f->nwl; i++)
		if (f->wl[i].kind == WL_CGROUP && !f->wl[i].why)
			rows[n++] = &f->wl[i];
	qsort(rows, (size_t)n, sizeof(rows[0]), cg_rank_cmp);
	return n;
}

/* A row's CPU seconds in the interval, NAN unknown. */
static double cg_seconds(const struct wl_row *r, double iv)
{
	return isfinite(r->m[M_UTIL]) && iv > 0 ? r->m[M_UTIL] / 100 * iv : NAN;
}

/* A row's events into ev[nev]: an idle one's (not counted as perf reads them) 0. */
static void cg_add_events(double *ev, const struct wl_row *r, int nev)
{
	for (int e = 0; e < nev; e++)
		if (r->ev[e].state == EVS_OK && isfinite(r->ev[e].value))
			prom_add_to(&ev[e], r->ev[e].value);
		else if (r->idle && r->ev[e].state == EVS_NOT_COUNTED)
			prom_add_to(&ev[e], 0);
}

static const struct prom_cg *cg_find(const struct prom_totals *t, const char *path)
{
	for (int i = 0; i < t->ncg; i++)
		if (strcmp(t->cg[i].path, path) == 0)
			return &t->cg[i];
	return NULL;
}

/* path's counters, made (in place of the one exported longest ago when the table is full). */
static struct prom_cg *cg_entry(struct prom_totals *t, const char *path)
{
	int cap = t->cg_top * 4 + 64, at = t->ncg;
	struct prom_cg *c = (struct prom_cg *)cg_find(t, path);

	if (c)
		return c;
	if (!t->cg && !(t->cg = calloc((size_t)cap, sizeof(*t->cg))))
		return NULL;
	if (t->ncg == cap) {
		at = 0;
		for (int i = 1; i < t->ncg; i++)
			if (t->cg[i].last < t->cg[at].last)
				at = i;
		free(t->cg[at].path);
		free(t->cg[at].ev);
	}
	c = &t->cg[at];
	memset(c, 0, sizeof(*c));
	c->path = strdup(path);
	c->ev = malloc(sizeof(double) * (size_t)(t->nev ? t->nev : 1));
	if (!c->path || !c->ev) {
		free(c->path);
		free(c->ev);
		c->path = NULL;
		return NULL;
	}
	t->ncg += at == t->ncg;
	c->cpu_s = NAN;
	for (int e = 0; e < t->nev; e++)
		c->ev[e] = NAN;
	return c;
}

void prom_cg_totals_free(struct prom_totals *t)
{
	for (int i = 0; i < t->ncg; i++) {
		free(t->cg[i].path);
		free(t->cg[i].ev);
	}
	free(t->cg);
	free(t->cg_rest_ev);
	t->cg = NULL;
	t->cg_rest_ev = NULL;
	t->ncg = 0;
}

/* The rest's CPU seconds: the whole tree's less the exported ones' (the exporter's measure, where
 * the rows left out are not all the rest), else the rows left out summed. */
int prom_cg_totals_add(struct prom_totals *t, const struct model *m)
{
	const struct frame *f = &m->cur;
	const struct wl_row **rows;
	double top_s = 0, rest_s = f->wl_tree ? f->wl_tree_s : 0;
	int n;

	if (t->cg_top <= 0 || f->seq == t->cg_seq || !(rows = malloc(sizeof(*rows) * (size_t)(f->nwl + 1))))
		return t->cg_top <= 0 || f->seq == t->cg_seq ? 0 : -ENOMEM;
	t->cg_seq = f->seq;
	if (!t->cg_rest_ev) {
		if (!(t->cg_rest_ev = malloc(sizeof(double) * (size_t)(t->nev ? t->nev : 1)))) {
			free(rows);
			return -ENOMEM;
		}
		t->cg_rest_s = NAN;
		for (int e = 0; e < t->nev; e++)
			t->cg_rest_ev[e] = NAN;
	}
	n = cg_ranked(f, rows);
	for (int i = 0; i < n; i++) {
		double s = cg_seconds(rows[i], f->interval);
		struct prom_cg *c;

		if (i >= t->cg_top) {
			if (!f->wl_tree) {
				rest_s += isnan(s) ? 0 : s;
				cg_add_events(t->cg_rest_ev, rows[i], t->nev);
			}
			continue;
		}
		if (!(c = cg_entry(t, rows[i]->cgroup))) {
			free(rows);
			return -ENOMEM;
		}
		c->last = f->seq;
		if (!isnan(s))
			prom_add_to(&c->cpu_s, s);
		top_s += isnan(s) ? 0 : s;
		cg_add_events(c->ev, rows[i], t->nev);
	}
	if (f->wl_tree)   /* the tree's clock and the rows' are read apart: never below 0 */
		prom_add_to(&t->cg_rest_s, rest_s > top_s ? rest_s - top_s : 0);
	else if (n > t->cg_top)
		prom_add_to(&t->cg_rest_s, rest_s);
	free(rows);
	return 0;
}

/* One cgroup's gauge of metric g (the table's with a per-cgroup family), or (g NMETRICS) its event
 * rates (path NULL: the rest). An idle cgroup's events, not counted as perf reads them, are 0 here:
 * it did not run. */
static void cg_series(struct outbuf *b, const struct model *m, const char *path, const struct ev_val *ev,
		      bool idle, const double *met, double iv, int g)
{
	if (g < NMETRICS) {
		double v = met[g];

		if (!isfinite(v))
			return;
		ob_str(b, metric_defs[g].prom_cgroup);
		ob_str(b, "{cgroup=\"");
		prom_label_value(b, path ? path : PROM_REST);
		ob_str(b, "\"} ");
		prom_num(b, v * metric_defs[g].prom_scale);
		ob_char(b, '\n');
		return;
	}
	for (int e = 0; ev && e < m->nev; e++) {
		bool still = idle && ev[e].state == EVS_NOT_COUNTED;

		if ((ev[e].state != EVS_OK && !still) || !(iv > 0))
			continue;
		ob_str(b, "pmutop_cgroup_event_rate{cgroup=\"");
		prom_label_value(b, path ? path : PROM_REST);
		ob_str(b, "\",event=\"");
		prom_label_value(b, m->ev[e].name);
		ob_str(b, "\"} ");
		prom_num(b, still ? 0 : ev[e].value / iv);
		ob_char(b, '\n');
	}
}

/* One cgroup's counters (path NULL: the rest's): CPU seconds (ev NULL), else its events. */
static void cg_counters(struct outbuf *b, const struct model *m, const char *path, double cpu_s, const double *ev)
{
	for (int e = ev ? 0 : -1; e < (ev ? m->nev : 0); e++) {
		double v = e < 0 ? cpu_s : ev[e];

		if (!isfinite(v))
			continue;
		ob_str(b, e < 0 ? "pmutop_cgroup_cpu_seconds_total{cgroup=\"" : "pmutop_cgroup_events_total{cgroup=\"");
		prom_label_value(b, path ? path : PROM_REST);
		if (e >= 0) {
			ob_str(b, "\",event=\"");
			prom_label_value(b, m->ev[e].name);
		}
		ob_str(b, "\"} ");
		prom_num(b, v);
		ob_char(b, '\n');
	}
}

/* The cgroups counted: the cgroups_top busiest each a series, the rest summed as PROM_REST, so
 * the number of series stays small whatever the number of cgroups. Under the exporter's measure
 * (frame.wl_tree) the rest is the rest of the tree: its CPU time the tree's less the exported
 * ones', its events none (the rows left out are not all of it). */
void prom_series_cgroups(struct outbuf *b, const struct model *m, const struct prom_totals *t,
			 const struct prom_info *info, int fmt)
{
	const struct frame *f = &m->cur;
	const struct wl_row *rows[f->nwl > 0 ? f->nwl : 1];
	struct ev_val *rest = calloc((size_t)(m->nev ? m->nev : 1), sizeof(*rest));
	double rest_m[NMETRICS], util = 0, top_util = 0;
	int n, top = info->cgroups_top;
	bool rest_idle = true, with_rest, counters = t && t->cg_top == top && t->cg_seq == f->seq && t->cg_rest_ev;

	if (!rest)
		return;
	n = cg_ranked(f, rows);
	with_rest = n > top || (f->wl_tree && n > 0);
	if (n == 0) {
		free(rest);
		return;
	}
	for (int i = 0; i < n; i++) {
		if (i < top) {
			top_util += isnan(rows[i]->m[M_UTIL]) ? 0 : rows[i]->m[M_UTIL];
			continue;
		}
		for (int e = 0; e < m->nev; e++)
			model_sum_into(&rest[e], &rows[i]->ev[e]);   /* an idle one's: not counted, 0 */
		util += isnan(rows[i]->m[M_UTIL]) ? 0 : rows[i]->m[M_UTIL];
		rest_idle &= rows[i]->idle;
	}
	for (int e = 0; e < m->nev; e++)
		model_sum_finish(&rest[e]);
	model_metrics(m, rest, f->interval, rest_m, true);
	rest_m[M_UTIL] = util;
	if (f->wl_tree) {   /* the rest of the tree: its CPU time only */
		for (int k = 0; k < NMETRICS; k++)
			rest_m[k] = NAN;
		rest_m[M_UTIL] = f->interval > 0 ? 100 * f->wl_tree_s / f->interval - top_util : NAN;
		rest_m[M_UTIL] = rest_m[M_UTIL] > 0 ? rest_m[M_UTIL] : 0;
	}
	for (int g = 0; g <= NMETRICS; g++) {   /* the table's per-cgroup gauges, then the event rates */
		bool rate = g == NMETRICS;

		if (!rate && !metric_defs[g].prom_cgroup)
			continue;
		prom_family(b, fmt, rate ? "pmutop_cgroup_event_rate" : metric_defs[g].prom_cgroup, false,
			    rate ? "the cgroup's events per second over the last interval" : metric_defs[g].help_cgroup);
		for (int i = 0; i < n && i < top; i++)
			cg_series(b, m, rows[i]->cgroup, rows[i]->ev, rows[i]->idle, rows[i]->m, f->interval, g);
		if (with_rest)
			cg_series(b, m, NULL, f->wl_tree ? NULL : rest, rest_idle, rest_m, f->interval, g);
	}
	free(rest);
	for (int k = 0; counters && k < 2; k++) {
		prom_family(b, fmt, k ? "pmutop_cgroup_events" : "pmutop_cgroup_cpu_seconds", true, k ?
			    "events the cgroup counted while it was exported (one of the busiest), since pmutop "
			    "started (or its event list last changed)" :
			    "CPU seconds the cgroup used while it was exported (one of the busiest; cpu.stat), since "
			    "pmutop started; without -G each cgroup's own, not its children's, and \"" PROM_REST
			    "\" the rest of the tree's");
		for (int i = 0; i < n && i < top; i++) {
			const struct prom_cg *c = cg_find(t, rows[i]->cgroup);

			if (c)
				cg_counters(b, m, rows[i]->cgroup, c->cpu_s, k ? c->ev : NULL);
		}
		if (with_rest && !(k && f->wl_tree))
			cg_counters(b, m, NULL, t->cg_rest_s, k ? t->cg_rest_ev : NULL);
	}
}
