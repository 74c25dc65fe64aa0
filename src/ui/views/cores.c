/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores.c: the cores view: one row per CPU (or per core with SMT siblings folded), sorted, scrolled. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "hw/sys/cpulist.h"
#include "ui/widgets/cols.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table.h"
#include "config/settings.h"
#include "cores_fold.h"
#include "cores_rdt.h"
#include "rowfilter.h"
#include "view.h"

/* The view's own state. */
struct ui_cores {
	char sort_key[64];         /* key of the sorted column ("cpu", "ipc", an event name) */
	int *order;                /* row order after sorting */
	int nrows;
	struct cores_fold fold;    /* the rows of t: one per core (cores_fold.c) */
	struct ui_units units;     /* of each count column */
	bool hidden_said;          /* the status line said once what the saved layout hides */
};

static struct ui_cores *st(const struct ui_panel *p)
{
	return p->st;
}

static const char *const ids_cpu[] = { "CPU", "SKT", "CORE", "TYPE" };
static const int ids_cpu_w[] = { 4, 3, 4, 4 };
static const char *const ids_fold[] = { "CPUs", "SKT", "CORE", "TYPE" };
static const int ids_fold_w[] = { 9, 3, 4, 4 };
/* identity columns: TYPE only where CPUs differ in their core PMU (hybrid, big.LITTLE) */
#define NIDS nids_of(u)

static const char *cpu_pmu_name(const struct ui *u, int c)
{
	return session_cpu_pmu(u->a, c);
}

static int nids_of(const struct ui *u)
{
	const struct model *m = session_model(u->a);

	/* a replay's CPUs are its own, not this machine's topology */
	if (!session_machine_cpus(u->a))
		return 3;
	for (int c = 1; c < m->ncpus; c++)
		if (strcmp(cpu_pmu_name(u, c), cpu_pmu_name(u, 0)) != 0)
			return 4;
	return 3;
}

static int init(struct ui *u, struct ui_panel *p)
{
	const char *sort = session_settings(u->a)->sort;
	struct ui_cores *cv = calloc(1, sizeof(*cv));

	if (!(p->st = cv))
		return -ENOMEM;
	snprintf(cv->sort_key, sizeof(cv->sort_key), "%s", sort[0] ? sort : "cpu");
	return 0;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	struct ui_cores *cv = st(p);

	if (!cv)
		return;
	free(cv->order);
	cores_fold_free(&cv->fold);
	free(cv);
	p->st = NULL;
	(void)u;
}

/* S saves the sorted column's key ("cpu", "ipc", an event name) as the "sort" setting. */
static void save(struct ui *u, struct ui_panel *p, struct settings *s)
{
	snprintf(s->sort, sizeof(s->sort), "%.*s", (int)sizeof(s->sort) - 1, st(p)->sort_key);
	(void)u;
}

static const struct model *model_of(struct ui *u)
{
	return session_model(u->a);
}

struct rowref {
	const struct ev_val *val;
	const double *met;
	bool online;
};

static struct rowref row_of(struct ui *u, struct ui_panel *p, int r)
{
	const struct model *m = model_of(u);
	const struct frame *f = &m->cur;
	struct rowref rr;

	if (u->fold) {
		rr.val = &st(p)->fold.val[(size_t)r * m->nev];
		rr.met = &st(p)->fold.met[(size_t)r * NMETRICS];
		rr.online = !isnan(rr.met[M_UTIL]) || rr.val[0].state != EVS_ABSENT || m->nev == 0;
		return rr;
	}
	rr.val = &f->cpu[(size_t)r * m->nev];
	rr.met = &f->cpu_m[(size_t)r * NMETRICS];
	rr.online = !f->online || f->online[r];
	return rr;
}

/* The CPUs of folded row r: a core's siblings, *n of them. */
static const int *siblings(struct ui_panel *p, int r, int *n)
{
	*n = st(p)->fold.n[r];
	return &st(p)->fold.cpus[st(p)->fold.first[r]];
}

static int cpu_of_row(struct ui *u, struct ui_panel *p, int r)
{
	int n;

	return u->fold ? siblings(p, r, &n)[0] : r;
}

/* A row's RDT figure idx: its CPU's, or its siblings' summed when folded. */
static double rdt_of_row(struct ui *u, struct ui_panel *p, int idx, int r)
{
	int c = r, n = 1;
	const int *cpus = u->fold ? siblings(p, r, &n) : &c;

	return ui_cores_rdt_val(u, idx, cpus, n);
}

static int all_rows(struct ui *u, struct ui_panel *p)
{
	if (u->fold) {
		if (cores_fold_update(&st(p)->fold, model_of(u), u->model_gen) < 0)
			return 0;
		return st(p)->fold.nfold;
	}
	return model_of(u)->ncpus;
}

/* Whether row r passes the `/` filter: its CPUs, socket, core type, and the label "cpu3 cpu_atom"
 * (or "core0/2 cpu_core" folded) that text words are looked for in. */
static bool row_shown(struct ui *u, struct ui_panel *p, int r)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, p, r), n = 1;
	const int *cpus = u->fold ? siblings(p, r, &n) : &c;
	char label[96];

	if (!ui_filter_set(p))
		return true;
	if (u->fold)
		snprintf(label, sizeof(label), "core%d/%d %s", m->sock_ids[m->cpu_sock[c]], m->cpu_core[c],
			 cpu_pmu_name(u, c));
	else
		snprintf(label, sizeof(label), "cpu%d %s", m->cpu_ids[c], cpu_pmu_name(u, c));
	return ui_filter_cpus(u, p, cpus, n, label);
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	int n = all_rows(u, p), shown = 0;

	if (!ui_filter_set(p))
		return n;
	for (int r = 0; r < n; r++)
		shown += row_shown(u, p, r);
	return shown;
}

/* The sort direction of a column: numbers busiest first, identities ascending; I (reverse) flips. */
static bool sort_desc(const struct ui *u, bool id_col)
{
	return !id_col != u->reverse;
}

static const char *sort_mark(const struct ui *u, bool id_col)
{
	return sort_desc(u, id_col) ? u->g->sort_down : u->g->sort_up;
}

struct sortctx {
	const double *key;
	const int *tie;
	bool reverse;
};

static int cmp_rows(const void *pa, const void *pb, void *arg)
{
	const struct sortctx *s = arg;
	int a = *(const int *)pa, b = *(const int *)pb;
	double ka = s->key[a], kb = s->key[b];

	/* missing values sort last in either direction */
	if (isnan(ka) != isnan(kb))
		return isnan(ka) ? 1 : -1;
	if (!isnan(ka) && ka != kb)
		return (ka < kb) != s->reverse ? -1 : 1;
	return s->tie[a] - s->tie[b];
}

static int build_cols(struct ui *u, struct ui_panel *p, struct ui_col **cols)
{
	const struct model *m = model_of(u);
	const char *cfg = session_settings(u->a)->columns;
	int max = ui_cols_max(m, NIDS) + UI_NRDT, n;

	*cols = malloc(sizeof(**cols) * (size_t)max);
	if (!*cols)
		return 0;
	n = ui_cols_build(m, u->fold ? ids_fold : ids_cpu, u->fold ? ids_fold_w : ids_cpu_w, NIDS, false,
			  cfg, *cols, max);
	n = ui_cores_rdt_cols(u, *cols, n, max);
	/* once counts are in (what the machine hides is known): say what a saved layout leaves out */
	if (!st(p)->hidden_said && m->cur.seq > 0 && !u->status[0])
		ui_say_hidden_cols(u, &st(p)->hidden_said,
				   ui_cols_hidden_by_layout(m, *cols, n, NIDS, cfg, session_hw_reason(u->a)[0] != '\0'));
	n = ui_cols_arrange(m, *cols, n, NIDS, cfg, session_hw_reason(u->a)[0] != '\0');
	ui_cols_mark_clock(*cols, n, session_clock_source(u->a));
	return n;
}

static int find_col(const struct ui_col *c, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(c[i].key, key) == 0)
			return i;
	/* "cpus" (folded) and "cpu" name the same column */
	return 0;
}

static double id_key(struct ui *u, struct ui_panel *p, int idcol, int r)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, p, r);

	switch (idcol) {
	case 0: return m->cpu_ids[c];
	case 1: return m->sock_ids[m->cpu_sock[c]];
	case 3: return session_cpu_pmu_index(u->a, c);
	default: return m->cpu_core[c];
	}
}

/* Fill the view's order with the row order for the sorted column. */
static void sort_rows(struct ui *u, struct ui_panel *p, const struct ui_col *cols, int ncols, int n)
{
	const struct model *m = model_of(u);
	int sc = find_col(cols, ncols, st(p)->sort_key);
	struct ui_cores *cv = st(p);
	double *key = malloc(sizeof(double) * (size_t)(n ? n : 1));
	int *tie = malloc(sizeof(int) * (size_t)(n ? n : 1));
	int *ord = realloc(cv->order, sizeof(int) * (size_t)(n ? n : 1));
	struct sortctx s;

	if (!ord) {
		free(key);
		free(tie);
		return;
	}
	cv->order = ord;
	cv->nrows = 0;
	/* the rows the filter lets through, in row order */
	for (int r = 0; r < n; r++)
		if (row_shown(u, p, r))
			ord[cv->nrows++] = r;
	ui_filter_counted(p, cv->nrows, n);
	if (!key || !tie) {
		free(key);
		free(tie);
		return;
	}
	for (int r = 0; r < n; r++) {
		struct rowref rr = row_of(u, p, r);
		tie[r] = m->cpu_ids[cpu_of_row(u, p, r)];
		key[r] = cols[sc].kind == UC_ID ? id_key(u, p, cols[sc].idx, r) :
			 cols[sc].kind == UC_RDT ? rdt_of_row(u, p, cols[sc].idx, r) :
			 m->cur.cpu ? ui_col_key(m, &cols[sc], rr.val, rr.met) : NAN;
	}
	/* numbers sort busiest first (as htop does), identities ascending; r flips either */
	s = (struct sortctx){ key, tie, sort_desc(u, cols[sc].kind == UC_ID) };
	/* rows already in order (by CPU, the default) need no sort: n-1 comparisons, not n log n */
	int r = 1;
	while (r < cv->nrows && cmp_rows(&ord[r - 1], &ord[r], &s) <= 0)
		r++;
	if (r < cv->nrows)
		qsort_r(ord, (size_t)cv->nrows, sizeof(int), cmp_rows, &s);
	free(key);
	free(tie);
}

static void id_text(struct ui *u, struct ui_panel *p, int idcol, int r, char *buf, size_t len)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, p, r);

	if (idcol == 3) {
		ui_fmt_core_type(cpu_pmu_name(u, c), buf, len);
		return;
	}
	if (idcol == 0 && u->fold) {
		int ids[64], k, n;
		const int *sib = siblings(p, r, &n);
		if (n > 64)
			n = 64;
		for (k = 0; k < n; k++)
			ids[k] = m->cpu_ids[sib[k]];
		/* siblings in ascending CPU order for the list syntax */
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
				int t = ids[j]; ids[j] = ids[j - 1]; ids[j - 1] = t;
			}
		if (cpulist_format(ids, n, buf, len) < 0)
			snprintf(buf, len, "%d+", ids[0]);
		return;
	}
	{
		int v = idcol == 0 ? m->cpu_ids[c] : idcol == 1 ? m->sock_ids[m->cpu_sock[c]] : m->cpu_core[c];
		if (v < 0)
			snprintf(buf, len, "?");   /* unknown (a recording without topology) */
		else
			snprintf(buf, len, "%d", v);
	}
}

/* IPC history of a row: its CPU's ring, or the mean of the siblings when folded. */
static void spark_text(struct ui *u, struct ui_panel *p, int r, float top, char *buf, size_t len)
{
	const struct model *m = model_of(u);
	float tmp[UI_SPARK_W];
	int shown = m->hist_len < UI_SPARK_W ? m->hist_len : UI_SPARK_W, nsib;
	const int *sib;

	if (!m->hist_ipc) {
		buf[0] = '\0';
		return;
	}
	if (!u->fold) {
		ui_spark(&m->hist_ipc[(size_t)r * m->hist_cap], m->hist_cap, m->hist_len,
			 m->hist_head, UI_SPARK_W, top, u->g, buf, len);
		return;
	}
	sib = siblings(p, r, &nsib);
	for (int k = 0; k < shown; k++) {
		int slot = ((m->hist_head - shown + k) % m->hist_cap + m->hist_cap) % m->hist_cap;
		double sum = 0;
		int cnt = 0;
		for (int s = 0; s < nsib; s++) {
			float v = m->hist_ipc[(size_t)sib[s] * m->hist_cap + slot];
			if (!isnan(v)) {
				sum += v;
				cnt++;
			}
		}
		tmp[k] = cnt ? (float)(sum / cnt) : NAN;
	}
	ui_spark(tmp, UI_SPARK_W, shown, shown % UI_SPARK_W, UI_SPARK_W, top, u->g, buf, len);
}

/* A table row is built as a line of cells and written with one call, far
 * cheaper than a call per cell at 224 CPUs; the text is ASCII (sparklines,
 * the only UTF-8, are drawn on top afterwards). */
static void line_clear(chtype *line, int wd, attr_t at)
{
	for (int i = 0; i < wd; i++)
		line[i] = ' ' | at;
}

static void line_put(chtype *line, int wd, int x, const struct ui_col *c, attr_t at, const char *s)
{
	int len = (int)strlen(s), start;

	if (len > c->width)
		len = c->width;
	start = c->kind == UC_ID ? x : x + c->width - len;
	for (int k = 0; k < len && start + k < wd; k++)
		line[start + k] = (chtype)((unsigned char)s[k] < 0x80 ? (unsigned char)s[k] : '?') | at;
}

/* The table as this frame draws it: its columns, those that fit, each count column's unit. */
struct table {
	struct ui_col *cols;
	struct ui_tcol *tc;        /* the columns as the table widget lays them out */
	struct ui_tfit fit;        /* those that fit */
	int ncols, *unit, sc;
	struct ui_cellopt opt;
	float top;                 /* the sparklines' scale, one for every row */
};

static void draw_titles(struct ui *u, WINDOW *w, int wd, const struct table *t)
{
	char s[UI_TMAX][40];
	const char *tt[UI_TMAX];

	for (int k = 0; k < t->fit.n; k++) {
		int i = t->fit.col[k];
		ui_col_title(&t->cols[i], !u->raw, s[k], sizeof(s[k]));
		tt[i] = s[k];
	}
	ui_table_titles(w, 0, wd, t->tc, tt, &t->fit, t->sc,
			t->sc >= 0 ? sort_mark(u, t->cols[t->sc].kind == UC_ID) : NULL, ui_attr(u, UP_HEAD));
}

/* One unit per count column, from its largest of the n rows shown, so cells do not flicker between
 * units; one sparkline scale, so rows compare at a glance. */
static void table_scale(struct ui *u, struct ui_panel *p, struct table *t, int n)
{
	const struct model *m = model_of(u);

	for (int i = 0; i < t->ncols; i++) {
		double mx = NAN;
		t->unit[i] = -1;
		if (!t->cols[i].count)
			continue;
		for (int k = 0; k < n; k++) {
			struct rowref rr = row_of(u, p, st(p)->order[k]);
			double v = rr.online ? ui_col_count(m, &t->cols[i], rr.val, t->opt.per, false) : NAN;
			if (!isnan(v) && (isnan(mx) || fabs(v) > mx))
				mx = fabs(v);
		}
		t->unit[i] = ui_units_for(&st(p)->units, t->cols[i].key, mx);
	}
	t->top = 0;
	for (int c = 0; m->hist_ipc && c < m->ncpus; c++) {
		float top = ui_spark_max(&m->hist_ipc[(size_t)c * m->hist_cap], m->hist_cap,
					 m->hist_len, m->hist_head, UI_SPARK_W);
		if (top > t->top)
			t->top = top;
	}
}

/* Row r (selected: sel) on line y, built as one line of cells, its sparkline on top. */
static void draw_row(struct ui *u, struct ui_panel *p, WINDOW *w, int y, int wd, struct table *t, int r, attr_t sel, chtype *line)
{
	const struct model *m = model_of(u);
	struct rowref rr = row_of(u, p, r);
	int spark_x = -1;
	char buf[160];

	line_clear(line, wd, sel);
	for (int k = 0; k < t->fit.n; k++) {
		int i = t->fit.col[k], x = t->fit.x[k];
		const struct ui_col *c = &t->cols[i];
		int pair = UP_NONE;
		if (c->kind == UC_ID)
			id_text(u, p, c->idx, r, buf, sizeof(buf));
		else if (!rr.online)
			snprintf(buf, sizeof(buf), "%s", c->kind == UC_MUX ? "off" : "-");
		else if (c->kind == UC_SPARK) {
			spark_x = x;
			continue;
		} else if (c->kind == UC_RDT) {
			ui_cores_rdt_text(c->idx, rdt_of_row(u, p, c->idx, r), buf, sizeof(buf));
		} else {
			t->opt.unit = t->unit[i];
			ui_col_cell(m, c, rr.val, rr.met, &t->opt, buf, sizeof(buf), &pair);
		}
		/* without colour the selection keeps the marks (estimates underlined) */
		line_put(line, wd, x, c, sel ? sel | (u->color ? 0 : ui_attr(u, pair)) : ui_attr(u, pair), buf);
	}
	mvwaddchnstr(w, y, 0, line, wd);
	if (spark_x >= 0 && rr.online) {
		spark_text(u, p, r, t->top, buf, sizeof(buf));
		ui_put(w, y, spark_x, wd - spark_x, sel ? sel : ui_attr(u, UP_LABEL), buf);
	}
}

/* The system totals on line y. */
static void draw_total(struct ui *u, struct ui_panel *p, WINDOW *w, int y, int wd, struct table *t, chtype *line)
{
	const struct frame *f = &model_of(u)->cur;
	char buf[160];

	line_clear(line, wd, A_BOLD);
	for (int k = 0; k < t->fit.n; k++) {
		const struct ui_col *c = &t->cols[t->fit.col[k]];
		int pair = UP_NONE, x = t->fit.x[k];
		if (c->kind == UC_ID)
			/* all*: over every CPU, filtered out or not (the footer says so) */
			snprintf(buf, sizeof(buf), "%s", c->idx != 0 ? "" : ui_filter_set(p) ? "all*" : "all");
		else if (c->kind == UC_SPARK)
			buf[0] = '\0';
		else if (c->kind == UC_RDT)
			ui_cores_rdt_text(c->idx, ui_cores_rdt_all(u, c->idx), buf, sizeof(buf));
		else {
			t->opt.unit = -1;   /* the total has a unit of its own */
			t->opt.agg = true;
			ui_col_cell(model_of(u), c, f->sys, f->sys_m, &t->opt, buf, sizeof(buf), &pair);
		}
		line_put(line, wd, x, c, ui_attr(u, pair) | A_BOLD, buf);
	}
	mvwaddchnstr(w, y, 0, line, wd);
}

/* The columns that fit wd, from the sideways scroll (the identity and MUX columns stay). */
static void table_fit(struct ui *u, struct ui_panel *p, struct table *t, int wd)
{
	int nfixed = NIDS + 1;

	for (int i = 0; i < t->ncols; i++)
		t->tc[i] = (struct ui_tcol){ .width = t->cols[i].width, .fixed = i < nfixed,
					     .left = t->cols[i].kind == UC_ID || t->cols[i].kind == UC_SPARK };
	ui_table_fit(t->tc, t->ncols < UI_TMAX ? t->ncols : UI_TMAX, &p->list.hoff, wd, &t->fit);
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const struct frame *f = &model_of(u)->cur;
	struct table t = { 0 };
	int n, body;
	chtype line[wd > 0 ? wd : 1];

	if (h <= 0)
		return;
	n = all_rows(u, p);
	if (!(t.ncols = build_cols(u, p, &t.cols)))
		return;
	t.tc = malloc(sizeof(*t.tc) * (size_t)t.ncols);
	t.unit = malloc(sizeof(int) * (size_t)t.ncols);
	if (!t.tc || !t.unit)
		goto out;
	t.opt = (struct ui_cellopt){ .no_hw = session_hw_reason(u->a)[0] != '\0',
				     .per = u->raw ? 0 : f->interval, .unit = -1 };
	t.sc = find_col(t.cols, t.ncols, st(p)->sort_key);
	table_fit(u, p, &t, wd);
	draw_titles(u, w, wd, &t);
	if (!f->cpu || f->seq == 0) {
		ui_put(w, 1, 0, wd, A_NORMAL, " waiting for the first sample");
		goto out;
	}
	sort_rows(u, p, t.cols, t.ncols, n);
	n = st(p)->nrows;   /* the rows shown */
	table_scale(u, p, &t, n);
	body = h - 2;     /* title row and the total row */
	if (body < 1)
		body = h - 1;
	p->list.sel = ui_clamp(p->list.sel, n);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, n, body);
	p->list.y = 1;
	p->list.h = body;
	/* only the visible rows are formatted */
	for (int y = 0; y < body && p->list.top + y < n; y++) {
		int pos = p->list.top + y;
		draw_row(u, p, w, y + 1, wd, &t, st(p)->order[pos], pos == p->list.sel ? ui_attr(u, UP_SEL) : 0,
			 line);
	}
	if (h - 2 >= 1 && body == h - 2)
		draw_total(u, p, w, h - 1, wd, &t, line);
out:
	free(t.tc);
	free(t.unit);
	free(t.cols);
}

/* Say on the status line what the rows are sorted by: an event column by its whole name, as its
 * title may be shortened (htop shows its sort column likewise). */
static void say_sort(struct ui *u, const struct ui_col *c)
{
	snprintf(u->status, sizeof(u->status), "sorted by %s%s%s%s", c->kind == UC_EVENT ? c->full : c->title,
		 c->kind == UC_EVENT && c->count && !u->raw ? " per second" : "", u->reverse ? " (inverted)" : "",
		 strchr(c->title, '*') ? ": /proc/cpuinfo's clock (no cpufreq driver; a VM's nominal clock)" : "");
	u->status_err = false;
}

/* < and >: move the sort column by delta. */
static void sort_step(struct ui *u, struct ui_panel *p, int delta)
{
	struct ui_col *cols;
	int n = build_cols(u, p, &cols), i;

	if (!n)
		return;
	i = find_col(cols, n, st(p)->sort_key);
	do
		i = (i + delta + n) % n;
	while (cols[i].kind == UC_SPARK);
	snprintf(st(p)->sort_key, sizeof(st(p)->sort_key), "%s", cols[i].key);
	say_sort(u, &cols[i]);
	free(cols);
}

/* The title row clicked at column x: sort by that column (again: invert). */
static bool click(struct ui *u, struct ui_panel *p, int y, int x)
{
	struct table t = { 0 };
	int k;

	if (y != 0)
		return false;
	if (!(t.ncols = build_cols(u, p, &t.cols)))
		return true;
	if (!(t.tc = malloc(sizeof(*t.tc) * (size_t)t.ncols)))
		goto out;
	/* the same layout as draw(): the sort mark sits in the space after a title */
	table_fit(u, p, &t, u->cols);
	k = ui_table_at(&t.fit, x);
	if (k >= 0 && t.cols[t.fit.col[k]].kind != UC_SPARK) {
		const struct ui_col *c = &t.cols[t.fit.col[k]];
		if (strcmp(st(p)->sort_key, c->key) == 0)
			u->reverse = !u->reverse;
		else {
			snprintf(st(p)->sort_key, sizeof(st(p)->sort_key), "%s", c->key);
			u->reverse = false;
		}
		say_sort(u, c);
	}
out:
	free(t.tc);
	free(t.cols);
	return true;
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	switch (action) {
	case UA_SORT_PREV:
	case UA_SORT_NEXT:
		sort_step(u, p, action == UA_SORT_PREV ? -1 : 1);
		return true;
	case UA_FOLD:
		u->fold = !u->fold;
		p->list.sel = p->list.top = 0;
		if (strcmp(st(p)->sort_key, "cpu") == 0 || strcmp(st(p)->sort_key, "cpus") == 0)
			snprintf(st(p)->sort_key, sizeof(st(p)->sort_key), "%s", u->fold ? "cpus" : "cpu");
		snprintf(u->status, sizeof(u->status), "%s", !u->fold ? "one row per CPU" :
			 model_of(u)->cpu_core[0] < 0 ? "topology unknown (--topology FILE gives it): one row per CPU" :
			 "one row per core (SMT siblings folded)");
		return true;
	default:
		return false;
	}
}

static const char *rows_of(struct ui *u, struct ui_panel *p)
{
	(void)p;
	return u->fold ? "cores" : "CPUs";
}

/* The selected row's CPU, or its core's CPUs when folded. */
static bool target(struct ui *u, struct ui_panel *p, struct ui_target *t)
{
	const struct model *m = model_of(u);
	int r, c, n = 1, ids[64];
	const int *cpus;

	if (!st(p)->order || p->list.sel >= st(p)->nrows)
		return false;
	r = st(p)->order[p->list.sel];
	c = cpu_of_row(u, p, r);
	cpus = u->fold ? siblings(p, r, &n) : &c;
	for (int i = 0; i < n && i < 64; i++)
		ids[i] = m->cpu_ids[cpus[i]];
	t->kind = UT_CPUS;
	if (cpulist_format(ids, n < 64 ? n : 64, t->cpus, sizeof(t->cpus)) < 0)
		return false;
	if (u->fold)
		snprintf(t->label, sizeof(t->label), "core%d/%d (CPUs %.60s)", m->sock_ids[m->cpu_sock[c]],
			 m->cpu_core[c], t->cpus);
	else
		snprintf(t->label, sizeof(t->label), "cpu%d", m->cpu_ids[c]);
	return true;
}

/* The column chooser's list (F): every column, the ones the user wants first (shown, or hidden only
 * by this machine), in order; the identity columns are not listed. */
static int chooser_cols(struct ui *u, struct ui_panel *p, struct ui_chooser_item *out, int max_out)
{
	const struct model *m = model_of(u);
	int max = ui_cols_max(m, 0) + UI_NRDT, n, nshown, k = 0;
	struct ui_col *all = malloc(sizeof(*all) * (size_t)max), *shown = malloc(sizeof(*shown) * (size_t)max);
	bool no_hw = session_hw_reason(u->a)[0] != '\0';

	(void)p;
	if (!all || !shown) {
		free(all), free(shown);
		return 0;
	}
	n = ui_cores_rdt_cols(u, all, ui_cols_build(m, NULL, NULL, 0, false, NULL, all, max), max);
	memcpy(shown, all, sizeof(*all) * (size_t)n);
	nshown = ui_cols_wanted(m, shown, n, 0, session_settings(u->a)->columns, no_hw);
	for (int i = 0; i < n + nshown && k < max_out; i++) {
		/* the wanted ones, then every other column */
		const struct ui_col *c = i < nshown ? &shown[i] : &all[i - nshown];
		bool on = i < nshown;

		for (int j = 0; j < nshown && !on; j++)
			on = strcmp(shown[j].key, c->key) == 0;
		if (i >= nshown && on)
			continue;
		snprintf(out[k].key, sizeof(out[k].key), "%s", c->key);
		ui_col_title(c, !u->raw, out[k].title, sizeof(out[k].title));
		out[k].on = on;
		out[k].na = ui_col_auto_hidden(m, c, no_hw);
		k++;
	}
	free(all);
	free(shown);
	return k;
}

/* The chooser's layout as the "columns" setting: "cpu" (the identity columns) first. */
static int set_columns(struct ui *u, struct ui_panel *p, const char *layout)
{
	char text[sizeof(((struct settings *)0)->columns)];

	(void)p;
	if ((size_t)snprintf(text, sizeof(text), "cpu%s%s", layout[0] ? "," : "", layout) >= sizeof(text))
		return -ENOSPC;
	return session_set_columns(u->a, text);
}

const struct ui_panel_class ui_panel_cores = {
	.name = "cores", .tab = "Cores", .tabkey = "c", .action = UA_CORES, .rows_of = rows_of,
	.init = init, .free = free_state, .draw = draw, .nrows = nrows, .key = key, .click = click, .save = save,
	.target = target, .columns = chooser_cols, .set_columns = set_columns,
};
