/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cols.c: the column table of the cores and sockets views and the text of their cells. */
#include "cols.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/model/metrics.h"
#include "hw/model/model.h"
#include "config/keylist.h"
#include "coltitle.h"
#include "format.h"
#include "palette.h"

/* The fixed columns in screen order: a metric's width, precision, key and title come from the
 * model's metric table (hw/model/metrics.h); the others are the screen's own. */
struct fixed_col {
	int kind, idx, width, prec;   /* prec -1: a rate written as a count (1.23K) */
	bool hw, sockets_only;
	const char *key, *title;
};
#define MET(id) { .kind = UC_METRIC, .idx = id }   /* the rest from metric_defs[id] */
static const struct fixed_col fixed_cols[] = {
	{ UC_MUX,    0,                  4, 0, false, false, "mux",          "MUX" },
	MET(M_UTIL), MET(M_MHZ), MET(M_IRQ_RATE), MET(M_GHZ),
	MET(M_IPC),
	{ UC_SPARK,  0,         UI_SPARK_W, 0, true,  false, "ipc-history",  "IPC hist" },
	{ UC_ROLE,   ROLE_INSTRUCTIONS,  7, 0, true,  false, "instructions", "INSTR" },
	{ UC_ROLE,   ROLE_CYCLES,        8, 0, true,  false, "cycles",       "CYCLES" },
	{ UC_ROLE,   ROLE_LLC_MISSES,   10, 0, true,  false, "llc-misses",   "LLC-MISS" },
	MET(M_MPKI),
	/* where the machine's cache events count another level than the last (Zen's generic pair
	 * is L2, Arm's L1D), the columns say which */
	{ UC_ROLE,   ROLE_L2_MISSES,    10, 0, true,  false, "l2-misses",    "L2-MISS" },
	MET(M_L2_MPKI),
	{ UC_ROLE,   ROLE_L1D_MISSES,   10, 0, true,  false, "l1d-misses",   "L1D-MISS" },
	MET(M_L1D_MPKI), MET(M_BR_MISS_PCT),
	MET(M_MEM_RD_GBS), MET(M_MEM_WR_GBS), MET(M_MEM_GBS), MET(M_UPI_GBS),
	MET(M_L3_HIT_PCT), MET(M_PKG_W), MET(M_DRAM_W),
};
#define NFIXED (int)(sizeof(fixed_cols) / sizeof(fixed_cols[0]))

/* The per-CPU RDT columns, idx = enum rdt_feat (occupancy, total, local bandwidth), as Intel PCM
 * shows them beside each core; only while each CPU has a resctrl group (ui_cols_add_rdt). */
static const struct fixed_col rdt_cols[UI_NRDT] = {
	{ UC_RDT, 0, 7, 0, false, false, "l3occ", "L3OCC" },
	{ UC_RDT, 1, 9, 0, false, false, "mbt",   "MBT" },
	{ UC_RDT, 2, 9, 0, false, false, "mbl",   "MBL" },
};

/* Fixed column i, a metric's filled from the metric table. */
static struct fixed_col fixed(int i)
{
	struct fixed_col f = fixed_cols[i];

	if (f.kind == UC_METRIC) {
		const struct metric_def *d = &metric_defs[f.idx];
		f.width = d->width;
		f.prec = d->prec;
		f.hw = d->src == MSRC_EVENTS;
		f.sockets_only = d->socket_figure;
		f.key = d->col;
		f.title = d->label;
	}
	return f;
}

/* Whether key names a fixed or an RDT column (known on every machine). */
static bool fixed_key(const char *key)
{
	for (int i = 0; i < NFIXED; i++)
		if (strcmp(key, fixed(i).key) == 0)
			return true;
	for (int i = 0; i < UI_NRDT; i++)
		if (strcmp(key, rdt_cols[i].key) == 0)
			return true;
	return false;
}

int ui_cols_add_rdt(struct ui_col *cols, int n, int max)
{
	for (int i = 0; i < UI_NRDT && n < max; i++, n++) {
		cols[n] = (struct ui_col){ .kind = UC_RDT, .idx = rdt_cols[i].idx, .width = rdt_cols[i].width };
		snprintf(cols[n].key, sizeof(cols[n].key), "%s", rdt_cols[i].key);
		snprintf(cols[n].title, sizeof(cols[n].title), "%s", rdt_cols[i].title);
	}
	return n;
}

/* What the kernel counts without a PMU: in the default layout only where there is no hardware
 * PMU (a hardware machine shows GHz from cycles); the column chooser adds them anywhere. */
static bool extra_col(const struct fixed_col *f)
{
	return f->kind == UC_METRIC && metric_defs[f->idx].src == MSRC_KERNEL;
}

/* The cache level a column belongs to (its misses role), ROLE_NONE for other columns. */
static int cache_level_of(const struct fixed_col *f)
{
	int r = f->kind == UC_ROLE ? f->idx : f->kind == UC_METRIC ? metric_defs[f->idx].in[0] : ROLE_NONE;

	return r == ROLE_LLC_MISSES || r == ROLE_L2_MISSES || r == ROLE_L1D_MISSES ? r : ROLE_NONE;
}

/* Roles shown in their own column, so their events get no further column. */
static bool role_has_column(int role)
{
	return role == ROLE_INSTRUCTIONS || role == ROLE_CYCLES || role == ROLE_LLC_MISSES ||
	       role == ROLE_L2_MISSES || role == ROLE_L1D_MISSES;
}

static bool have_role(const struct model *m, int role)
{
	for (int e = 0; e < m->nev; e++)
		if (m->ev[e].role == role)
			return true;
	return false;
}

/* A short unit for a column title: " ms" for msec clocks, " J" for Joules. */
static void unit_suffix(const char *unit, char *out, size_t len)
{
	if (!unit || !unit[0])
		out[0] = '\0';
	else if (strcmp(unit, "msec") == 0)
		snprintf(out, len, " ms");
	else if (strcmp(unit, "Joules") == 0)
		snprintf(out, len, " J");
	else if (strlen(unit) <= 4)
		snprintf(out, len, " %s", unit);
	else
		out[0] = '\0';
}

/* The event columns' titles (cols[from..n)), made from their full titles together so that they
 * differ where the events differ, and their widths: at least 6, with room for "/s" after a count
 * so that the width does not change with the rate mode. */
static void event_titles(struct ui_col *cols, int from, int n)
{
	int k = n - from > 0 ? n - from : 0;
	const char *names[k > 0 ? k : 1];
	char *titles[k > 0 ? k : 1];

	for (int i = 0; i < k; i++) {
		names[i] = cols[from + i].full;
		titles[i] = cols[from + i].title;
	}
	ui_titles_short(names, k, UI_TITLE_W, titles, sizeof(cols[0].title));
	for (int i = from; i < n; i++) {
		int w = (int)strlen(cols[i].title) + (cols[i].count ? 2 : 0);
		cols[i].width = w < 6 ? 6 : w;
	}
}

void ui_cols_mark_clock(struct ui_col *cols, int n, const char *clock_src)
{
	if (!clock_src || strcmp(clock_src, "cpuinfo") != 0)
		return;
	for (int i = 0; i < n; i++)
		if (cols[i].kind == UC_METRIC && cols[i].idx == M_MHZ)
			snprintf(cols[i].title, sizeof(cols[i].title), "MHz*");
}

int ui_cols_max(const struct model *m, int nids)
{
	return nids + NFIXED + m->nev;
}

int ui_cols_build(const struct model *m, const char *const *ids, const int *id_w, int nids,
		  bool sockets, const char *only, struct ui_col *out, int max)
{
	int n = 0;
	bool layout = ui_cols_is_layout(only);

	for (int i = 0; i < nids && n < max; i++, n++) {
		memset(&out[n], 0, sizeof(out[n]));
		out[n].kind = UC_ID;
		out[n].idx = i;
		out[n].width = id_w[i];
		snprintf(out[n].key, sizeof(out[n].key), "%s", ids[i]);
		for (char *p = out[n].key; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
		snprintf(out[n].title, sizeof(out[n].title), "%s", ids[i]);
	}
	for (int i = 0; i < NFIXED && n < max; i++) {
		struct fixed_col fc = fixed(i);
		const struct fixed_col *f = &fc;
		if (f->sockets_only && !sockets)
			continue;
		if (sockets && f->kind == UC_SPARK)
			continue;
		/* a cache level's columns where its events are counted; the last level's also when
		 * no cache event is (as "-" or "n/a", which says what the machine lacks) */
		if (cache_level_of(f) != ROLE_NONE && !have_role(m, cache_level_of(f)) &&
		    (cache_level_of(f) != ROLE_LLC_MISSES || have_role(m, ROLE_L2_MISSES) ||
		     have_role(m, ROLE_L1D_MISSES)))
			continue;
		/* uncore figures only where the machine counts them */
		if (f->sockets_only && !model_metric_countable(m, f->idx))
			continue;
		out[n] = (struct ui_col){ .kind = f->kind, .idx = f->idx, .width = f->width,
					  .prec = f->prec, .hw = f->hw, .count = f->kind == UC_ROLE,
					  .extra = extra_col(f) };
		snprintf(out[n].key, sizeof(out[n].key), "%s", f->key);
		snprintf(out[n].title, sizeof(out[n].title), "%s", f->title);
		n++;
	}
	bool merged[m->nev > 0 ? m->nev : 1];
	int first_ev = n;
	memset(merged, 0, sizeof(merged));
	for (int e = 0; e < m->nev && n < max; e++) {
		const struct mev *ev = &m->ev[e];
		char unit[16], name[64];
		size_t kl;
		const char *k = model_pmu_less(ev, &kl);
		if (merged[e] || role_has_column(ev->role) || (ev->uncore && !sockets))
			continue;
		out[n] = (struct ui_col){ .kind = UC_EVENT, .idx = e, .hw = true };
		/* a hybrid opens cpu_core/x/ and cpu_atom/x/: one column "x" holds both */
		for (int f = e + 1; f < m->nev && k && out[n].nalt < 4; f++) {
			size_t fl;
			const char *fk = model_pmu_less(&m->ev[f], &fl);
			if (fk && fl == kl && memcmp(fk, k, kl) == 0 && strcmp(m->ev[f].pmu, ev->pmu) != 0) {
				out[n].alt[out[n].nalt++] = f;
				merged[f] = true;
			}
		}
		if (out[n].nalt)
			snprintf(name, sizeof(name), "%.*s", (int)kl, k);
		else
			snprintf(name, sizeof(name), "%s", ev->key);   /* "cycles#2" for a repeat */
		/* a layout (the column chooser's) picks among every column later (ui_cols_arrange) */
		if (only && only[0] && !(layout && !sockets) && !keylist_has(only, name) &&
		    !keylist_has(only, ev->name))
			continue;
		unit_suffix(ev->unit, unit, sizeof(unit));
		/* the full title for now: event_titles shortens them together */
		snprintf(out[n].full, sizeof(out[n].full), "%s%s", name, unit);
		out[n].count = !ev->unit[0];
		out[n].clock = ev->role == ROLE_CPU_CLOCK || ev->role == ROLE_TASK_CLOCK ||
			       model_role_of(ev->name) == ROLE_CPU_CLOCK || model_role_of(ev->name) == ROLE_TASK_CLOCK;
		snprintf(out[n].key, sizeof(out[n].key), "%.*s", (int)sizeof(out[n].key) - 1, name);
		n++;
	}
	event_titles(out, first_ev, n);
	return n;
}

const struct ev_val *ui_role_val(const struct model *m, const struct ev_val *vals, int role)
{
	const struct ev_val *any = NULL;

	for (int e = 0; e < m->nev; e++) {
		if (m->ev[e].role != role)
			continue;
		if (vals[e].state != EVS_ABSENT)
			return &vals[e];
		if (!any)
			any = &vals[e];
	}
	return any;
}

void ui_mux_mask(const struct model *m, bool uncore, bool *use)
{
	for (int e = 0; e < m->nev; e++)
		use[e] = uncore || !m->ev[e].uncore;
}

/* The value of a role or event column on a row: the sum of its events (a role's events on
 * every PMU, an event column's hybrid siblings). A CPU row has one of them; an aggregate row
 * of a hybrid has them all, and shows their total, not the first PMU's share. */
static struct ev_val col_val(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
			     bool agg)
{
	struct ev_val sum = { 0 };
	bool any = false;

	if (c->kind == UC_ROLE) {
		/* a CPU's row leaves out a box's count read on it (amd_l3 per CCX), as its metrics do */
		for (int e = 0; e < m->nev; e++)
			if (m->ev[e].role == c->idx && (agg || !m->ev[e].uncore)) {
				model_sum_into(&sum, &vals[e]);
				any = true;
			}
	} else {
		model_sum_into(&sum, &vals[c->idx]);
		for (int i = 0; i < c->nalt; i++)
			model_sum_into(&sum, &vals[c->alt[i]]);
		any = true;
	}
	model_sum_finish(&sum);
	if (!any)
		sum.state = EVS_ABSENT;
	return sum;
}

void ui_col_title(const struct ui_col *c, bool rates, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", c->title, rates && c->count ? "/s" : "");
}

double ui_col_count(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		    double per, bool agg)
{
	struct ev_val v;

	if (c->kind != UC_ROLE && c->kind != UC_EVENT)
		return NAN;
	if (c->kind == UC_EVENT && c->nalt == 0) {
		/* one event, no hybrid siblings: its value as it is (the units pass calls this for
		 * every row and column, 7,000 times a frame at 1,024 CPUs) */
		v = vals[c->idx];
	} else {
		v = col_val(m, c, vals, agg);
	}
	if (v.state != EVS_OK)
		return NAN;
	return c->count && per > 0 ? v.value / per : v.value;
}

static int val_pair(const struct ev_val *v)
{
	if (v->state == EVS_UNSUPPORTED)
		return UP_DIM;
	if (v->state == EVS_NOT_COUNTED)
		return UP_BAD;
	if (v->state == EVS_OK && !isnan(v->pct) && v->pct < 99.95)
		return UP_WARN;
	return UP_NONE;
}

/* An event cell: its state's text, or the value (per second for a count when per > 0). */
static void count_text(const struct ui_col *c, const struct ev_val *v, const struct ui_cellopt *o,
		       char *buf, size_t len)
{
	if (v->state != EVS_OK) {
		ui_fmt_val(v, buf, len);
		return;
	}
	if (c->count && o->unit >= 0)
		ui_fmt_count_in(o->per > 0 ? v->value / o->per : v->value, o->unit, buf, len);
	else
		ui_fmt_count(c->count && o->per > 0 ? v->value / o->per : v->value, buf, len);
}

void ui_col_cell(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		 const double *met, const struct ui_cellopt *o, char *buf, size_t len, int *pair)
{
	struct ev_val v;
	const struct ev_val *rv;
	bool use[m->nev > 0 ? m->nev : 1];
	bool no_hw = o->no_hw;

	*pair = UP_NONE;
	snprintf(buf, len, "-");
	switch (c->kind) {
	case UC_MUX: {
		struct ui_mux mx;
		ui_mux_mask(m, false, use);
		mx = ui_mux_of(vals, use, m->nev);
		/* only an estimate or a gap is worth a mark; a fully counted row stays blank */
		if (mx.kind == UI_MUX_FULL || mx.kind == UI_MUX_NONE)
			buf[0] = '\0';
		else
			ui_mux_text(mx, buf, len);
		*pair = mx.kind == UI_MUX_EST ? UP_WARN : mx.kind == UI_MUX_NC ? UP_BAD : UP_NONE;
		break;
	}
	case UC_METRIC:
		if (!isnan(met[c->idx])) {
			if (c->prec < 0)
				ui_fmt_count(met[c->idx], buf, len);
			else
				ui_fmt_fixed(met[c->idx], c->prec, buf, len);
			break;
		}
		for (int k = 0; k < METRIC_NIN; k++) {
			int r = metric_defs[c->idx].in[k];
			if (r == ROLE_NONE)
				continue;
			rv = ui_role_val(m, vals, r);
			if (rv && rv->state == EVS_UNSUPPORTED) {
				snprintf(buf, len, "n/a");
				*pair = UP_DIM;
			}
		}
		break;
	case UC_ROLE:
	case UC_EVENT:
		v = col_val(m, c, vals, o->agg);
		if (v.state == EVS_ABSENT && c->kind == UC_ROLE)
			break;
		count_text(c, &v, o, buf, len);
		*pair = val_pair(&v);
		break;
	default:
		break;
	}
	/* without a hardware PMU a hardware column has nothing to show, ever: say so */
	if (no_hw && c->hw && (c->kind == UC_METRIC || c->kind == UC_ROLE) && strcmp(buf, "-") == 0) {
		snprintf(buf, len, "n/a");
		*pair = UP_DIM;
	}
}

double ui_col_key(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		  const double *met)
{
	struct ev_val v;
	bool use[m->nev > 0 ? m->nev : 1];

	switch (c->kind) {
	case UC_MUX: {
		struct ui_mux mx;
		ui_mux_mask(m, false, use);
		mx = ui_mux_of(vals, use, m->nev);
		return mx.kind == UI_MUX_NONE ? NAN : mx.pct;
	}
	case UC_METRIC:
		return met[c->idx];
	case UC_SPARK:
		return met[M_IPC];
	case UC_ROLE:
	case UC_EVENT:
		v = col_val(m, c, vals, false);   /* sorts CPU rows */
		return v.state == EVS_OK ? v.value : NAN;
	default:
		return NAN;
	}
}

bool ui_cols_key_known(const struct model *m, const char *key, char *list, size_t len)
{
	static const char *const ids[] = { "cpu", "cpus", "skt", "core", "type" };
	int max = ui_cols_max(m, 0), n;
	struct ui_col cols[max > 0 ? max : 1];
	bool found = false;
	size_t o = 0;

	list[0] = '\0';
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		found = found || strcmp(key, ids[i]) == 0;
		if (o < len)
			o += (size_t)snprintf(list + o, len - o, "%s%s", i ? ", " : "", ids[i]);
	}
	/* the fixed columns are known on every machine, so one config serves them all */
	found = found || fixed_key(key);
	for (int i = 0; i < NFIXED + UI_NRDT; i++)
		if (o < len)
			o += (size_t)snprintf(list + o, len - o, ", %s",
					      i < NFIXED ? fixed(i).key : rdt_cols[i - NFIXED].key);
	n = ui_cols_build(m, NULL, NULL, 0, true, NULL, cols, max);
	for (int i = 0; i < n; i++) {
		if (cols[i].kind != UC_EVENT)
			continue;
		found = found || strcmp(key, cols[i].key) == 0;
		if (o < len)
			o += (size_t)snprintf(list + o, len - o, ", %s", cols[i].key);
	}
	if (o >= len && len > 4)
		snprintf(list + len - 4, 4, "...");
	return found;
}

bool ui_cols_is_layout(const char *only)
{
	if (!only || !only[0])
		return false;
	if (keylist_has(only, "cpu"))   /* the chooser writes the identity column first */
		return true;
	for (int i = 0; i < NFIXED; i++)
		if (keylist_has(only, fixed(i).key))
			return true;
	for (int i = 0; i < UI_NRDT; i++)
		if (keylist_has(only, rdt_cols[i].key))
			return true;
	return false;
}

/* Whether every event holding role was refused on every CPU (at least one such event). */
static bool role_dead(const struct model *m, int role)
{
	bool any = false;

	for (int e = 0; e < m->nev; e++)
		if (m->ev[e].role == role) {
			any = true;
			for (int c = 0; c < m->ncpus; c++)
				if (m->cur.cpu[(size_t)c * m->nev + e].state != EVS_UNSUPPORTED &&
				    m->cur.cpu[(size_t)c * m->nev + e].state != EVS_ABSENT)
					return false;
		}
	return any;
}

static bool event_dead(const struct model *m, int e)
{
	bool refused = false;

	for (int c = 0; c < m->ncpus; c++) {
		int st = m->cur.cpu[(size_t)c * m->nev + e].state;
		if (st != EVS_UNSUPPORTED && st != EVS_ABSENT)
			return false;
		refused = refused || st == EVS_UNSUPPORTED;
	}
	return refused;
}

/* Whether a metric could be computed from the model's events but the kernel refused what it needs
 * on every CPU (one never computable here reads "-", not dead). */
static bool metric_dead(const struct model *m, int id)
{
	bool held[NROLES], alive[NROLES], any = false;

	for (int r = 0; r < NROLES; r++)
		alive[r] = held[r] = have_role(m, r);
	/* only its inputs can be dead (role_dead reads every CPU: not for every role each frame) */
	for (int k = 0; k < METRIC_NIN; k++) {
		int r = metric_defs[id].in[k];
		if (r != ROLE_NONE && held[r] && role_dead(m, r))
			alive[r] = false, any = true;
	}
	return any && metric_countable(id, held, m->llc_is_l3) && !metric_countable(id, alive, m->llc_is_l3);
}

bool ui_col_dead(const struct model *m, const struct ui_col *c, bool no_hw)
{
	int idx = c->kind == UC_SPARK ? M_IPC : c->idx;

	/* without a hardware PMU a hardware figure can never have a value */
	if (no_hw && c->hw && (c->kind == UC_METRIC || c->kind == UC_ROLE || c->kind == UC_SPARK))
		return true;
	if (!m->cur.cpu || !m->ncpus)
		return false;
	switch (c->kind) {
	case UC_METRIC:
	case UC_SPARK:
		return metric_dead(m, idx);
	case UC_ROLE:
		return role_dead(m, c->idx);
	case UC_EVENT:
		if (!event_dead(m, c->idx))
			return false;
		for (int i = 0; i < c->nalt; i++)
			if (!event_dead(m, c->alt[i]))
				return false;
		return true;
	default:
		return false;
	}
}

/* Hidden by the machine, not by anyone's choice: a column that can never have a value here, or MUX
 * where no event has a hardware counter. It comes back on a machine that counts it. */
bool ui_col_auto_hidden(const struct model *m, const struct ui_col *c, bool no_hw)
{
	return ui_col_dead(m, c, no_hw) || (c->kind == UC_MUX && no_hw);
}

static int arrange(const struct model *m, struct ui_col *cols, int n, int nids, const char *only, bool no_hw,
		   bool auto_hide)
{
	int o = nids;

	if (ui_cols_is_layout(only)) {
		/* the chooser's list: those columns, in its order, less what this machine cannot count */
		size_t pos = 0, st, ln;
		char item[128];
		struct ui_col *src = malloc(sizeof(*src) * (size_t)(n > 0 ? n : 1));
		bool *used = calloc((size_t)(n > 0 ? n : 1), sizeof(bool));
		if (!src || !used) {
			free(src);
			free(used);
			return n;
		}
		memcpy(src, cols, sizeof(*src) * (size_t)n);
		while (keylist_next(only, &pos, &st, &ln) == 0) {
			snprintf(item, sizeof(item), "%.*s", (int)ln, only + st);
			for (int i = nids; i < n; i++)
				if (!used[i] && (strcmp(src[i].key, item) == 0 ||
						 (src[i].kind == UC_EVENT && strcmp(m->ev[src[i].idx].name, item) == 0))) {
					used[i] = true;
					if (!auto_hide || !ui_col_auto_hidden(m, &src[i], no_hw))
						cols[o++] = src[i];
					break;
				}
		}
		free(src);
		free(used);
		return o;
	}
	/* the default layout: nothing that can never have a value, nor the same value on every row */
	for (int i = nids; i < n; i++) {
		if ((auto_hide && ui_col_auto_hidden(m, &cols[i], no_hw)) || (cols[i].extra && !no_hw))
			continue;
		/* a CPU's clock counts the interval on every CPU, busy or idle (asked for by name, shown) */
		if (cols[i].clock && !(only && only[0] && (keylist_has(only, cols[i].key) ||
							   keylist_has(only, m->ev[cols[i].idx].name))))
			continue;
		cols[o++] = cols[i];
	}
	return o;
}

int ui_cols_arrange(const struct model *m, struct ui_col *cols, int n, int nids, const char *only, bool no_hw)
{
	return arrange(m, cols, n, nids, only, no_hw, true);
}

int ui_cols_wanted(const struct model *m, struct ui_col *cols, int n, int nids, const char *only, bool no_hw)
{
	return arrange(m, cols, n, nids, only, no_hw, false);
}

int ui_cols_hidden_by_layout(const struct model *m, const struct ui_col *all, int n, int nids, const char *only,
			     bool no_hw)
{
	struct ui_col *def = malloc(sizeof(*def) * (size_t)(n > 0 ? n : 1));
	int nd, hidden = 0;
	size_t pos, st, ln;

	if (!def || !ui_cols_is_layout(only)) {
		free(def);
		return 0;
	}
	memcpy(def, all, sizeof(*def) * (size_t)n);
	nd = arrange(m, def, n, nids, NULL, no_hw, true);
	for (int i = nids; i < nd; i++) {
		bool in = false;

		for (pos = 0; !in && keylist_next(only, &pos, &st, &ln) == 0;)
			in = (strlen(def[i].key) == ln && !strncmp(def[i].key, only + st, ln)) ||
			     (def[i].kind == UC_EVENT && strlen(m->ev[def[i].idx].name) == ln &&
			      !strncmp(m->ev[def[i].idx].name, only + st, ln));
		hidden += !in;
	}
	free(def);
	return hidden;
}
