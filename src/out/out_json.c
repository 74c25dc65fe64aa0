/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_json.c: one JSON object per interval: cpus, sockets, system, each with events and metrics. */
#include "app/app.h"
#include "hw/model/metrics.h"
#include "output.h"
#include "out_topdown.h"
#include "out_rdt.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* floor(x * 100 + 0.5) / 100, without floor's call for the percentages of every value */
static inline double round_cents(double x)
{
	double y = x * 100 + 0.5;

	return (y >= 0 && y < 9e15 ? (double)(int64_t)y : floor(y)) / 100;
}

/* The texts of the times last written in a row: the events of one group share their enabled and
 * running times, and so their running percentage, so most of a grouped row formats each once per
 * group. Over a real interval most groups of a long list are multiplexed (running below enabled, a
 * percentage with decimals): three of an event's five numbers then come from here. */
struct ns_memo {
	uint64_t ns, run;
	double pct;
	int n, rn, pn;      /* lengths; 0: nothing kept yet */
	char text[20], rtext[20], ptext[JSON_NUM_MAX];
};

/* An event's object, built in a local buffer and appended with one copy: at most 76 characters of
 * keys, 2 numbers of JSON_NUM_MAX and 3 counts of 20 */
#define EV_OBJ_MAX 256
#define PUT_LIT(w, lit) (memcpy((w), (lit), sizeof(lit) - 1), (w) + sizeof(lit) - 1)

/* The counts are most of a frame's text and, unscaled and counted all the interval, repeat
 * themselves: the value is the raw count, running is enabled, the percentage 100. Each repeat is
 * a copy of the text formatted once, the same characters as formatting it again. */
static void ev_obj(struct outbuf *b, const struct ev_val *v, struct ns_memo *en)
{
	char t[EV_OBJ_MAX], *w = t, *val;
	bool ok = v->state == EVS_OK;

	if (v->state == EVS_UNSUPPORTED) {
		ob_str(b, "{\"value\":null,\"counted\":false,\"supported\":false}");
		return;
	}
	w = PUT_LIT(w, "{\"value\":");
	val = w;
	/* below 9e15 json_num_text prints an integral value as its integer, exact in a double */
	if (ok && v->raw < 9000000000000000ull && v->value == (double)v->raw) {
		int n = u64_text(val, v->raw);

		w = PUT_LIT(w + n, ",\"raw\":");
		memcpy(w, val, (size_t)n);
		w += n;
	} else {
		w += json_num_text(w, ok ? v->value : NAN);
		w = PUT_LIT(w, ",\"raw\":");
		w += u64_text(w, v->raw);
	}
	w = PUT_LIT(w, ",\"enabled_ns\":");
	if (!en->n || en->ns != v->enabled) {
		en->ns = v->enabled;
		en->n = u64_text(en->text, v->enabled);
		en->rn = en->pn = 0;   /* another group: its running time and percentage too */
	}
	memcpy(w, en->text, (size_t)en->n);
	w = PUT_LIT(w + en->n, ",\"running_ns\":");
	if (v->running == v->enabled) {
		memcpy(w, en->text, (size_t)en->n);
		w += en->n;
	} else {
		if (!en->rn || en->run != v->running) {
			en->run = v->running;
			en->rn = u64_text(en->rtext, v->running);
			en->pn = 0;
		}
		memcpy(w, en->rtext, (size_t)en->rn);
		w += en->rn;
	}
	w = PUT_LIT(w, ",\"running_pct\":");
	if (v->pct == 100) {   /* round_cents(100) is 100, an integer */
		w = PUT_LIT(w, "100");
	} else if (isnan(v->pct)) {
		w = PUT_LIT(w, "null");
	} else {
		/* the same times give the same percentage: kept while both stand */
		if (!en->pn || en->pct != v->pct) {
			en->pct = v->pct;
			en->pn = json_num_text(en->ptext, round_cents(v->pct));
		}
		memcpy(w, en->ptext, (size_t)en->pn);
		w += en->pn;
	}
	if (ok)
		w = PUT_LIT(w, ",\"counted\":true}");
	else
		w = PUT_LIT(w, ",\"counted\":false}");
	ob_mem(b, t, (size_t)(w - t));
}

/* The escaped "name": keys of every event: escaping them again for every CPU row was most of the
 * JSON writer's cost, and building them for every frame the rest. Kept from frame to frame and
 * built again when the event list changes (compared by its names, so a new model that reuses
 * the old one's memory is never mistaken for it). One writer at a time: batch output. */
struct json_keys {
	struct outbuf text;
	size_t *off;     /* [nev + 1] */
	char **names;    /* [nev]: the keys they were built from */
	int nev;
};

static void keys_free(struct json_keys *k)
{
	ob_free(&k->text);
	for (int e = 0; e < k->nev; e++)
		free(k->names[e]);
	free(k->names);
	free(k->off);
	memset(k, 0, sizeof(*k));
}

static bool keys_current(const struct json_keys *k, const struct model *m)
{
	if (!k->off || k->nev != m->nev)
		return false;
	for (int e = 0; e < m->nev; e++)
		if (strcmp(k->names[e], m->ev[e].key) != 0)
			return false;
	return true;
}

static int keys_build(struct json_keys *k, const struct model *m)
{
	keys_free(k);
	ob_init(&k->text, 64 * (size_t)(m->nev + 1));
	k->off = malloc((size_t)(m->nev + 1) * sizeof(size_t));
	k->names = calloc((size_t)m->nev + 1, sizeof(char *));
	if (!k->off || !k->names || k->text.oom)
		return -1;
	for (int e = 0; e < m->nev; e++) {
		if (!(k->names[e] = strdup(m->ev[e].key)))
			return -1;
		k->nev = e + 1;
		k->off[e] = k->text.len;
		ob_json_str(&k->text, m->ev[e].key);   /* "cycles", "cycles#2" for a repeat */
		ob_char(&k->text, ':');
	}
	k->off[m->nev] = k->text.len;
	return k->text.oom ? -1 : 0;
}

/* A socket's and the system's "totals": each event a hybrid opens on several core PMUs, by its
 * name without the PMU, summed over them (a CPU row has one core PMU: its events say it all).
 * Left out where no event is on more than one PMU. */
static void totals(struct outbuf *b, const struct model *m, const struct ev_val *row)
{
	bool first = true;
	struct ns_memo en = { 0 };

	for (int e = 0; e < m->nev; e++) {
		struct ev_val v;

		if (m->ev[e].total != e)
			continue;
		model_total(m, e, row, &v);
		if (v.state == EVS_ABSENT)
			continue;
		ob_str(b, first ? ",\"totals\":{" : ",");
		first = false;
		ob_json_str(b, m->ev[e].total_key);
		ob_char(b, ':');
		ev_obj(b, &v, &en);
	}
	if (!first)
		ob_char(b, '}');
}

static void events_and_metrics(struct outbuf *b, const struct model *m, const struct json_keys *k,
			       const struct ev_val *row, const double *met, const struct app *a, int c, int s)
{
	bool first = true;
	struct ns_memo en = { 0 };

	ob_str(b, "\"events\":{");
	for (int e = 0; e < m->nev; e++) {
		if (row[e].state == EVS_ABSENT)
			continue;
		if (!first)
			ob_char(b, ',');
		first = false;
		ob_mem(b, k->text.p + k->off[e], k->off[e + 1] - k->off[e]);
		ev_obj(b, &row[e], &en);
	}
	ob_char(b, '}');
	if (c < 0)
		totals(b, m, row);
	ob_str(b, ",\"metrics\":{");
	first = true;
	for (int k = 0; k < NMETRICS; k++) {   /* the table's order, each by its key */
		if (isnan(met[k]))
			continue;
		if (!first)
			ob_char(b, ',');
		first = false;
		ob_char(b, '"');
		ob_str(b, metric_defs[k].name);
		ob_str(b, "\":");
		ob_json_num(b, met[k]);
	}
	if (c > -2) {   /* -2: a workload's row, which top-down and RDT do not cover */
		out_td_json(b, a, c, s, &first);
		out_rdt_json_metrics(b, a, c, s, &first);
	}
	ob_char(b, '}');
}

/* "processes" (processes and threads) or "cgroups": each a workload's row (frame.wl). */
static void workloads(struct outbuf *b, const struct app *a, const struct json_keys *k, bool cgroups)
{
	const struct frame *f = &a->model.cur;
	bool first = true;

	ob_str(b, cgroups ? ",\"cgroups\":[" : ",\"processes\":[");
	for (int i = 0; i < f->nwl; i++) {
		const struct wl_row *w = &f->wl[i];

		if ((w->kind == WL_CGROUP) != cgroups)
			continue;
		if (!first)
			ob_char(b, ',');
		first = false;
		if (cgroups) {
			ob_str(b, "{\"path\":");
			ob_json_str(b, w->cgroup);
			ob_str(b, ",\"name\":");   /* as -G named it, as the -x and text rows write it */
			ob_json_str(b, w->name);
		} else {
			ob_str(b, w->kind == WL_THREAD ? "{\"tid\":" : "{\"pid\":");
			ob_i64(b, w->pid);
			ob_str(b, ",\"comm\":");
			ob_json_str(b, w->comm);
			ob_str(b, ",\"user\":");
			ob_json_str(b, w->user);
			ob_str(b, ",\"cgroup\":");
			ob_json_str(b, w->cgroup);
			ob_str(b, ",\"threads\":");
			ob_i64(b, w->nthreads);
			ob_str(b, w->exited ? ",\"exited\":true" : ",\"exited\":false");
		}
		ob_str(b, w->why ? ",\"counted\":false,\"why\":" : ",\"counted\":true");
		if (w->why)
			ob_json_str(b, w->why);
		/* idle: it did not run in the interval, its events not counted (as perf's), util 0 */
		ob_str(b, w->idle ? ",\"idle\":true" : ",\"idle\":false");
		ob_char(b, ',');
		events_and_metrics(b, &a->model, k, w->ev, w->m, a, -2, -1);
		ob_char(b, '}');
		ob_spill(b);
	}
	ob_char(b, ']');
}

void out_json_frame(struct outbuf *b, const struct app *a)
{
	const struct model *m = &a->model;
	const struct frame *f = &m->cur;
	static struct json_keys keys;
	bool first = true;

	if (!keys_current(&keys, m) && keys_build(&keys, m) < 0) {
		keys_free(&keys);
		b->oom = 1;   /* the caller reports it */
		return;
	}
	ob_str(b, "{\"time\":");
	ob_fixed(b, f->t, 6, "null");
	ob_str(b, ",\"interval\":");
	ob_fixed(b, f->interval, 6, "null");
	ob_str(b, ",\"seq\":");
	ob_u64(b, f->seq);
	ob_str(b, ",\"source\":");
	ob_json_str(b, a->source_label);
	ob_str(b, ",\"cpus\":[");
	for (int c = 0; c < m->ncpus; c++) {
		if (!f->online[c])
			continue;
		if (!first)
			ob_char(b, ',');
		first = false;
		ob_str(b, "{\"cpu\":");
		ob_i64(b, m->cpu_ids[c]);
		ob_str(b, ",\"socket\":");
		if (m->sock_ids[m->cpu_sock[c]] < 0)
			ob_str(b, "null");
		else
			ob_i64(b, m->sock_ids[m->cpu_sock[c]]);
		ob_str(b, ",\"core\":");
		if (m->cpu_core[c] < 0)
			ob_str(b, "null");
		else
			ob_i64(b, m->cpu_core[c]);
		ob_char(b, ',');
		events_and_metrics(b, m, &keys, &f->cpu[(size_t)c * m->nev], &f->cpu_m[(size_t)c * NMETRICS], a, c, -1);
		ob_char(b, '}');
		ob_spill(b);
	}
	ob_str(b, "],\"sockets\":[");
	for (int s = 0; s < m->nsock; s++) {
		if (s)
			ob_char(b, ',');
		ob_str(b, "{\"socket\":");
		if (m->sock_ids[s] < 0)
			ob_str(b, "null");
		else
			ob_i64(b, m->sock_ids[s]);
		ob_char(b, ',');
		events_and_metrics(b, m, &keys, &f->sock[(size_t)s * m->nev], &f->sock_m[(size_t)s * NMETRICS], a, -1, s);
		ob_char(b, '}');
		ob_spill(b);
	}
	ob_str(b, "],\"system\":{");
	events_and_metrics(b, m, &keys, f->sys, f->sys_m, a, -1, -1);
	ob_char(b, '}');
	if (a->wl) {
		workloads(b, a, &keys, false);
		workloads(b, a, &keys, true);
	}
	out_rdt_json(b, a);
	ob_str(b, "}\n");
}
