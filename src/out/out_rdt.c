/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_rdt.c: RDT/PQoS monitoring in batch JSON: the places' metrics, every domain and group. */
#include "out_rdt.h"
#include "app/app.h"
#include "outbuf.h"
#include <math.h>

static void member(struct outbuf *b, const char *key, double v, bool *first)
{
	if (!*first)
		ob_char(b, ',');
	*first = false;
	ob_char(b, '"');
	ob_str(b, key);
	ob_str(b, "\":");
	if (isnan(v))
		ob_str(b, "null");   /* not counted: "Unavailable", "Error", or the first interval */
	else
		ob_json_num(b, v);
}

static void figs(struct outbuf *b, const struct rdt_fig *f, unsigned feat, bool *first)
{
	if (feat & (1u << RDT_OCC))
		member(b, "rdt_l3_occupancy_bytes", f->occ, first);
	if (feat & (1u << RDT_TOTAL))
		member(b, "rdt_memory_bytes_per_s", f->total, first);
	if (feat & (1u << RDT_LOCAL))
		member(b, "rdt_local_memory_bytes_per_s", f->local, first);
}

void out_rdt_json_metrics(struct outbuf *b, const struct app *a, int c, int s, bool *first)
{
	const struct app_rdt *r = &a->rdt;
	unsigned feat = r->rc.features;

	if (!r->avail || r->seq == 0)
		return;
	if (c >= 0) {
		if (!r->nmade || c >= r->ncpu)
			return;
		figs(b, &(struct rdt_fig){ r->cpu_occ[c], r->cpu_total[c], r->cpu_local[c], NAN, NAN }, feat, first);
	} else if (s >= 0) {
		if (s < r->nsock)
			figs(b, &r->sock[s], feat, first);
	} else {
		figs(b, &r->sys, feat, first);
	}
}

static const char *const kinds[] = { "default", "control", "monitor" };

void out_rdt_json(struct outbuf *b, const struct app *a)
{
	const struct app_rdt *r = &a->rdt;
	const struct model *m = &a->model;
	bool first;

	if (!r->avail || r->seq == 0)
		return;
	ob_str(b, ",\"rdt\":{\"domains\":[");
	for (int d = 0; d < r->rc.ndom; d++) {
		int s = r->dom_sock[d];

		ob_str(b, d ? ",{\"l3\":" : "{\"l3\":");
		ob_i64(b, r->rc.dom[d]);
		ob_str(b, ",\"socket\":");
		if (s >= 0 && s < m->nsock && m->sock_ids[s] >= 0)
			ob_i64(b, m->sock_ids[s]);
		else
			ob_str(b, "null");
		first = false;
		figs(b, &r->dom[d], r->rc.features, &first);
		ob_char(b, '}');
	}
	ob_str(b, "],\"groups\":[");
	for (int i = 0; i < r->ngrp; i++) {
		const struct rdt_grp *g = &r->grp[i];

		ob_str(b, i ? ",{\"group\":" : "{\"group\":");
		ob_json_str(b, g->g.name);
		ob_str(b, ",\"kind\":\"");
		ob_str(b, kinds[g->g.kind]);
		ob_char(b, '"');
		if (g->cpu >= 0) {
			ob_str(b, ",\"cpu\":");
			ob_i64(b, g->cpu);
		}
		first = false;
		figs(b, &g->all, r->rc.features, &first);
		ob_str(b, ",\"domains\":[");
		for (int d = 0; d < r->rc.ndom; d++) {
			ob_str(b, d ? ",{\"l3\":" : "{\"l3\":");
			ob_i64(b, r->rc.dom[d]);
			first = false;
			figs(b, &g->dom[d], r->rc.features, &first);
			ob_char(b, '}');
		}
		ob_str(b, "]}");
		ob_spill(b);
	}
	ob_str(b, "],\"groups_left_out\":");
	ob_i64(b, r->skipped);
	ob_char(b, '}');
}
