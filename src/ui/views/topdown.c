/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topdown.c: the top-down view: system and socket rows on top, then one row per CPU (or per core),
 * each with its level-1 shares as numbers and a stacked bar of letters (coloured when colour is on),
 * sortable by any share; the level-2 split of the selected row at the bottom. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "hw/sys/cpulist.h"
#include "rowfilter.h"
#include "ui/widgets/table.h"
#include "view.h"

enum { RK_SYS, RK_SOCK, RK_CPU, RK_CORE };

struct tdrow {
	int kind, idx, inst;     /* idx: socket index, CPU index or first CPU of the core */
	int ncpu;                /* CPUs folded into the row */
	double sh[TD_NSHARES], pct;
};

/* The view's own state. */
struct ui_topdown {
	struct tdrow *rows;
	int n, cap, nfixed;      /* nfixed: system and socket rows, never sorted */
	int sort;                /* -1: CPU order, else enum td_share */
	int *idx;                /* scratch: CPU indices sorted by (socket, core) */
};

static struct ui_topdown *st(const struct ui_panel *p)
{
	return p->st;
}

/* column titles, at most 7 characters */
static const char *const short_label[TD_NLEVEL1] = { "Retire", "BadSpec", "FrontE", "BackE", "SMT" };

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!(p->st = calloc(1, sizeof(struct ui_topdown))))
		return -ENOMEM;
	st(p)->sort = -1;
	return 0;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!st(p))
		return;
	free(st(p)->rows);
	free(st(p)->idx);
	free(p->st);
	p->st = NULL;
}

static struct tdrow *row_add(struct ui_topdown *V)
{
	if (V->n == V->cap) {
		int cap = V->cap ? 2 * V->cap : 64;
		struct tdrow *r = realloc(V->rows, sizeof(*r) * (size_t)cap);
		if (!r)
			return NULL;
		V->rows = r;
		V->cap = cap;
	}
	return &V->rows[V->n++];
}

static const struct model *cmp_m;   /* qsort context (the UI is single-threaded) */

static int by_core(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	const struct model *m = cmp_m;

	if (m->cpu_sock[a] != m->cpu_sock[b])
		return m->cpu_sock[a] - m->cpu_sock[b];
	if (m->cpu_core[a] != m->cpu_core[b])
		return m->cpu_core[a] - m->cpu_core[b];
	return a - b;
}

static int cmp_sort;   /* qsort context: the share sorted by */

static int cmp_share(const void *x, const void *y)
{
	const struct tdrow *a = x, *b = y;
	double va = a->sh[cmp_sort], vb = b->sh[cmp_sort];

	if (isnan(va) != isnan(vb))
		return isnan(va) ? 1 : -1;
	if (!isnan(va) && va != vb)
		return va < vb ? 1 : -1;   /* largest first */
	return a->idx - b->idx;
}

/* Whether a socket, CPU or core row passes the `/` filter (cpus: indices into the model; the
 * label as label_of writes it, so text words match what the row shows). */
static bool td_shown(struct ui *u, struct ui_panel *p, int kind, int idx, const int *cpus, int n)
{
	const struct model *m = session_model(u->a);
	int sk[m->ncpus > 0 ? m->ncpus : 1];
	char lab[64];

	if (!ui_filter_set(p))
		return true;
	if (kind == RK_SOCK) {
		n = 0;
		for (int c = 0; c < m->ncpus; c++)
			if (m->cpu_sock[c] == idx)
				sk[n++] = c;
		cpus = sk;
		snprintf(lab, sizeof(lab), "skt%d", m->sock_ids[idx]);
	} else if (kind == RK_CPU)
		snprintf(lab, sizeof(lab), "cpu%d", m->cpu_ids[idx]);
	else
		snprintf(lab, sizeof(lab), "core%d/%d", m->sock_ids[m->cpu_sock[idx]], m->cpu_core[idx]);
	return ui_filter_cpus(u, p, cpus, n, lab);
}

/* A row with a copy of its shares. */
static bool add_row(struct ui_topdown *V, struct tdrow row, const double *sh)
{
	struct tdrow *r = row_add(V);

	if (!r)
		return false;
	*r = row;
	memcpy(r->sh, sh, sizeof(r->sh));
	return true;
}

/* The system's rows and, with more than one socket, the sockets': first, never sorted. */
static bool build_fixed(struct ui *u, struct ui_panel *p, struct ui_topdown *V)
{
	const struct model *m = session_model(u->a);
	int np = session_td_plan(u->a)->n;
	const double *sh;
	double pct;

	for (int i = 0; i < np; i++) {
		sh = session_td_sys(u->a, i, &pct);
		if (!add_row(V, (struct tdrow){ RK_SYS, -1, i, m->ncpus, { 0 }, pct }, sh))
			return false;
	}
	for (int s = 0; m->nsock > 1 && s < m->nsock; s++)
		for (int i = 0; i < np && td_shown(u, p, RK_SOCK, s, NULL, 0); i++) {
			sh = session_td_sock(u->a, s, i, &pct);
			if (!add_row(V, (struct tdrow){ RK_SOCK, s, i, 0, { 0 }, pct }, sh))
				return false;
		}
	V->nfixed = V->n;
	return true;
}

/* A row per online CPU that has a method. */
static void build_cpus(struct ui *u, struct ui_panel *p, struct ui_topdown *V)
{
	const struct model *m = session_model(u->a);
	int total = 0, shown = 0;

	for (int c = 0; c < m->ncpus; c++) {
		int i = session_td_inst_of_cpu(u->a, c);
		const double *sh;
		double pct;
		if (i < 0 || !m->cur.online[c])
			continue;
		total++;
		if (!td_shown(u, p, RK_CPU, c, &c, 1))
			continue;
		sh = session_td_cpu(u->a, c, &pct);
		shown += add_row(V, (struct tdrow){ RK_CPU, c, i, 1, { 0 }, pct }, sh);
	}
	ui_filter_counted(p, shown, total);
}

/* A row per core (its CPUs' events summed), cores in (socket, core) order. */
static void build_cores(struct ui *u, struct ui_panel *p, struct ui_topdown *V)
{
	const struct model *m = session_model(u->a);
	int *ix = realloc(V->idx, sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1)), total = 0, shown = 0;

	if (!ix) {
		ui_filter_counted(p, 0, 0);
		return;
	}
	V->idx = ix;
	for (int c = 0; c < m->ncpus; c++)
		ix[c] = c;
	cmp_m = m;
	qsort(ix, (size_t)m->ncpus, sizeof(int), by_core);
	for (int s = 0; s < m->ncpus;) {
		int e = s + 1, i = session_td_inst_of_cpu(u->a, ix[s]);
		struct tdrow *r;
		while (e < m->ncpus && m->cpu_sock[ix[e]] == m->cpu_sock[ix[s]] &&
		       m->cpu_core[ix[e]] == m->cpu_core[ix[s]])
			e++;
		total += i >= 0;
		if (i >= 0 && td_shown(u, p, RK_CORE, ix[s], ix + s, e - s) && (r = row_add(V))) {
			shown++;
			*r = (struct tdrow){ RK_CORE, ix[s], i, e - s, { 0 }, NAN };
			session_td_core(u->a, i, ix + s, e - s, r->sh, &r->pct);
		}
		s = e;
	}
	ui_filter_counted(p, shown, total);
}

static void build(struct ui *u, struct ui_panel *p)
{
	struct ui_topdown *V = st(p);

	V->n = 0;
	if (!session_td_ready(u->a) || !build_fixed(u, p, V))
		return;
	if (u->fold)
		build_cores(u, p, V);
	else
		build_cpus(u, p, V);
	cmp_sort = V->sort;
	if (V->sort >= 0 && V->n > V->nfixed)
		qsort(V->rows + V->nfixed, (size_t)(V->n - V->nfixed), sizeof(struct tdrow), cmp_share);
	if (u->reverse && V->n > V->nfixed)
		for (int i = V->nfixed, j = V->n - 1; i < j; i++, j--) {
			struct tdrow x = V->rows[i];
			V->rows[i] = V->rows[j];
			V->rows[j] = x;
		}
}

static void label_of(const struct ui *u, struct ui_panel *p, const struct tdrow *r, char *buf, size_t len)
{
	const struct model *m = session_model(u->a);
	const struct td_plan *pl = session_td_plan(u->a);
	const char *pn = pl->n > 1 ? pl->in[r->inst].pmu_name : "";

	switch (r->kind) {
	case RK_SYS: snprintf(buf, len, "all%s%s%s", ui_filter_set(p) ? "*" : "", *pn ? " " : "", pn); break;
	case RK_SOCK: snprintf(buf, len, "skt%d%s%s", m->sock_ids[r->idx], *pn ? " " : "", pn); break;
	case RK_CPU: snprintf(buf, len, "cpu%d", m->cpu_ids[r->idx]); break;
	default: snprintf(buf, len, "core%d/%d", m->sock_ids[m->cpu_sock[r->idx]] < 0 ? 0 :
			  m->sock_ids[m->cpu_sock[r->idx]], m->cpu_core[r->idx]); break;
	}
}

static bool never_all(const struct td_plan *pl)
{
	for (int i = 0; i < pl->n; i++)
		if (pl->in[i].fit != TD_NEVER)
			return false;
	return pl->n > 0;
}

static bool has_smt_share(const struct td_plan *pl)
{
	for (int i = 0; i < pl->n; i++)
		if (pl->in[i].m->shares & 1u << TD_SMT)
			return true;
	return false;
}

/* The stacked bar: each share gets its rounded part of w cells (largest remainders first). */
static void bar(struct ui *u, WINDOW *w, int y, int x, int bw, const struct tdrow *r, attr_t sel)
{
	int cells[TD_NLEVEL1] = { 0 }, used = 0;
	double rem[TD_NLEVEL1] = { 0 };
	chtype line[bw > 0 ? bw : 1];

	if (bw <= 0)
		return;
	for (int k = 0; k < TD_NLEVEL1; k++) {
		double c = isnan(r->sh[k]) ? 0 : (r->sh[k] < 0 ? 0 : r->sh[k]) * bw / 100.0;
		cells[k] = (int)c;
		rem[k] = c - cells[k];
		used += cells[k];
	}
	while (used < bw && !isnan(r->sh[TD_RETIRING])) {
		int best = 0;
		for (int k = 1; k < TD_NLEVEL1; k++)
			if (rem[k] > rem[best])
				best = k;
		if (rem[best] <= 0)
			break;
		rem[best] = 0;
		cells[best]++;
		used++;
	}
	for (int i = 0; i < bw; i++)
		line[i] = (chtype)'.' | sel;
	for (int k = 0, p = 0; k < TD_NLEVEL1; k++)
		for (int j = 0; j < cells[k] && p < bw; j++, p++) {
			/* letters always (readable without colour), on their colour when there is one */
			attr_t at = ui_attr(u, UP_TD0 + k);
			line[p] = (chtype)(unsigned char)td_shares[k].letter | at;
		}
	mvwaddchnstr(w, y, x, line, bw);
}

/* The level-2 split of row r on the last three lines. */
static void draw_level2(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd, const struct tdrow *r)
{
	const struct td_plan *pl = session_td_plan(u->a);
	int yy = h - 3, x = 0;
	char buf[512], lab[64];

	label_of(u, p, r, lab, sizeof(lab));
	snprintf(buf, sizeof(buf), "level 2 of %s:", lab);
	ui_put(w, yy, 0, wd, A_BOLD, buf);
	if (!(pl->in[r->inst].m->shares & 1u << TD_HEAVY)) {
		ui_put(w, yy + 1, 2, wd - 2, ui_attr(u, UP_DIM), "not available with this method (level 1 only)");
		return;
	}
	for (int k = 0; k < 4; k++) {
		int c1 = -1, c2 = -1;
		for (int s = TD_NLEVEL1; s < TD_NSHARES; s++)
			if (td_shares[s].parent == k)
				c1 < 0 ? (c1 = s) : (c2 = s);
		snprintf(buf, sizeof(buf), "%s %.1f = %s %.1f + %s %.1f   ", td_shares[k].label, r->sh[k],
			 td_shares[c1].label, r->sh[c1], td_shares[c2].label, r->sh[c2]);
		if (x + (int)strlen(buf) > wd && x > 0) {
			yy++;
			x = 0;
		}
		if (yy >= h)
			break;
		x += ui_put(w, yy + 1, x + 2, wd - x - 2, A_NORMAL, buf);
	}
}

/* The legend from line y: each share's letter and name, then the multiplexing mark; an item that
 * does not fit goes whole to the next line. Returns the line after it. */
static int draw_legend(struct ui *u, WINDOW *w, int y, int h, int wd, int nsh)
{
	char buf[128];
	int x = 0;

	for (int k = 0; k <= nsh; k++) {
		int len;

		if (k < nsh)
			snprintf(buf, sizeof(buf), "%c %s  ", td_shares[k].letter, td_shares[k].label);
		else
			snprintf(buf, sizeof(buf), "%s* group multiplexed (scheduled whole: ran pct of the time)",
				 x > 0 ? " " : "");
		for (len = (int)strlen(buf); len > 0 && buf[len - 1] == ' '; len--)
			;   /* its trailing spaces need not fit */
		if (x > 0 && x + len > wd) {
			if (++y >= h)
				return y;
			x = 0;
		}
		x += ui_put(w, y, x, wd - x, k == nsh ? ui_attr(u, UP_DIM) : u->color ? ui_attr(u, UP_TD0 + k) :
			    A_BOLD, x == 0 && buf[0] == ' ' ? buf + 1 : buf);
	}
	return y + 1;
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const struct td_plan *pl = session_td_plan(u->a);
	struct ui_topdown *V = st(p);
	bool smt = has_smt_share(pl);
	int nsh = smt ? TD_NLEVEL1 : TD_NLEVEL1 - 1, y = 0, body, bx, bw, ncols;
	char buf[512];
	struct ui_tcol tc[TD_NLEVEL1 + 3];
	const char *titles[TD_NLEVEL1 + 3];
	struct ui_tfit fit;

	if (h <= 0)
		return;
	werase(w);
	if (pl->n == 0) {
		y = ui_put_wrapped(w, 0, h, UI_WRAP_MAX, 1, wd, ui_attr(u, UP_WARN) | A_BOLD, pl->reason[0] ? pl->reason :
				   "no top-down method for this CPU") + 1;
		ui_put_wrapped(w, y, h, UI_WRAP_MAX, 1, wd, A_NORMAL, "Top-down needs documented slot events: Intel (Skylake "
			       "and later P-cores, E-cores), AMD Zen 4/5, Arm PMUv3.4 (Neoverse N2/V1/V2) or Neoverse N1 "
			       "(approximated).");
		return;
	}
	for (int i = 0; i < pl->n && y < h; i++, y++) {
		snprintf(buf, sizeof(buf), "%s: %s%s", pl->in[i].pmu_name, pl->in[i].m->label,
			 pl->in[i].bound ? "" : " (events not open)");
		/* wrapped at words (two lines at most), never cut at the edge */
		y += ui_put_wrapped(w, y, h, 2, 0, wd, pl->in[i].m->approx ?
				    ui_attr(u, UP_WARN) : ui_attr(u, UP_LABEL), buf) - 1;
		if (pl->in[i].idle && y + 1 < h)
			y += ui_put_wrapped(w, y + 1, h, UI_WRAP_MAX, 2, wd, ui_attr(u, UP_WARN) | A_BOLD, TD_IDLE_WHY);
		else if (pl->in[i].fit != TD_FITS && y + 1 < h)   /* the counter arithmetic, never a silent 0% */
			y += ui_put_wrapped(w, y + 1, h, UI_WRAP_MAX, 2, wd, pl->in[i].fit == TD_NEVER ?
					    ui_attr(u, UP_WARN) | A_BOLD : ui_attr(u, UP_DIM), pl->in[i].fit_why);
	}
	if (y < h)
		y = draw_legend(u, w, y, h, wd, nsh);
	if (y >= h)
		return;
	/* the columns: the row, the level-1 shares, RUN%, the bar (the rest of the line) */
	ncols = nsh + 3;
	tc[0] = (struct ui_tcol){ .width = 14, .left = true, .fixed = true };
	titles[0] = u->fold ? "CORE" : "CPU";
	for (int k = 0; k < nsh; k++) {
		tc[1 + k] = (struct ui_tcol){ .width = 7 };
		titles[1 + k] = short_label[k];
	}
	tc[nsh + 1] = (struct ui_tcol){ .width = 6 }, titles[nsh + 1] = "RUN%";
	tc[nsh + 2] = (struct ui_tcol){ .width = 10, .left = true, .fill = true }, titles[nsh + 2] = "bar";
	ui_table_fit(tc, ncols, &p->list.hoff, wd, &fit);
	/* the sort mark of every view: CPUs ascending, shares busiest first; I flips */
	ui_table_titles(w, y++, wd, tc, titles, &fit, V->sort < 0 ? 0 : 1 + V->sort,
			(V->sort < 0) != u->reverse ? u->g->sort_up : u->g->sort_down, ui_attr(u, UP_HEAD));
	if (never_all(pl)) {
		ui_put(w, y, 1, wd - 1, ui_attr(u, UP_WARN) | A_BOLD, "not counted: the top-down groups never find "
		       "enough counters (above)");
		return;
	}
	if (session_frame(u->a)->seq == 0 || !session_td_ready(u->a)) {
		ui_put(w, y, 1, wd - 1, A_NORMAL, "waiting for the first sample");
		return;
	}
	build(u, p);
	body = h - y - 3;   /* three lines for the level-2 split */
	if (body < 1)
		body = h - y;
	p->list.sel = ui_clamp(p->list.sel, V->n);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, V->n, body);
	p->list.y = y;
	p->list.h = body;
	bx = fit.n > 0 && fit.col[fit.n - 1] == ncols - 1 ? fit.x[fit.n - 1] : wd;
	bw = wd - bx - 1;
	if (bw > 100)
		bw = 100;   /* then one cell is one percent */
	for (int i = 0; i < body && p->list.top + i < V->n; i++) {
		int pos = p->list.top + i;
		const struct tdrow *r = &V->rows[pos];
		attr_t sel = pos == p->list.sel ? ui_attr(u, UP_SEL) : 0;
		attr_t at = sel ? sel : r->kind <= RK_SOCK ? A_BOLD : A_NORMAL;
		bool mux = !isnan(r->pct) && r->pct < 99.95;

		if (sel)
			mvwchgat(w, y + i, 0, wd, sel, 0, NULL);
		for (int k = 0; k < fit.n; k++) {
			int c = fit.col[k];
			attr_t cat = at;
			if (c == 0) {
				label_of(u, p, r, buf, sizeof(buf));
			} else if (c <= nsh) {
				if (isnan(r->sh[c - 1]))
					snprintf(buf, sizeof(buf), "-");
				else
					snprintf(buf, sizeof(buf), "%.1f", r->sh[c - 1]);
			} else if (c == nsh + 1) {
				if (isnan(r->pct))
					snprintf(buf, sizeof(buf), "%s ", r->kind == RK_CORE ? "" : "-");
				else
					snprintf(buf, sizeof(buf), "%.0f%s", r->pct, mux ? "*" : " ");
				cat = mux && !sel ? ui_attr(u, UP_WARN) : at;
			} else {
				continue;   /* the bar, below */
			}
			ui_table_cell(w, y + i, wd, tc, &fit, k, cat, buf);
		}
		if (bx >= wd || bw <= 0)
			continue;
		if (isnan(r->sh[TD_RETIRING]))
			ui_put(w, y + i, bx, bw, at, pl->in[r->inst].fit == TD_NEVER ?
			       "never scheduled: too few counters (see above)" : pl->in[r->inst].idle ?
			       "did not run: counters held by pinned groups (above)" : "not counted");
		else
			bar(u, w, y + i, bx, bw, r, sel);
	}
	if (V->n > 0 && h - 3 > y)
		draw_level2(u, p, w, h, wd, &V->rows[p->list.sel]);
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->n;
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	struct ui_topdown *V = st(p);
	bool smt = has_smt_share(session_td_plan(u->a));
	int nsh = smt ? TD_NLEVEL1 : TD_NLEVEL1 - 1;

	switch (action) {
	case UA_SORT_NEXT:
	case UA_SORT_PREV:
		/* -1 (CPU order), then each level-1 share */
		V->sort += action == UA_SORT_NEXT ? 1 : -1;
		if (V->sort >= nsh)
			V->sort = -1;
		if (V->sort < -1)
			V->sort = nsh - 1;
		snprintf(u->status, sizeof(u->status), "sorted by %s", V->sort < 0 ? (u->fold ? "core" : "CPU") :
			 td_shares[V->sort].name);
		return true;
	case UA_FOLD:
		u->fold = !u->fold;
		p->list.sel = p->list.top = 0;
		snprintf(u->status, sizeof(u->status), "%s", u->fold ? "one row per core (SMT siblings folded)" :
			 "one row per CPU");
		return true;
	default:
		return false;
	}
}

/* The selected row's CPUs: every CPU (the system row), a socket's, a core's or one. */
static bool target(struct ui *u, struct ui_panel *p, struct ui_target *t)
{
	const struct model *m = session_model(u->a);
	const struct tdrow *r;
	int n = 0, *ids;

	if (p->list.sel >= st(p)->n)
		return false;
	r = &st(p)->rows[p->list.sel];
	t->kind = UT_CPUS;
	label_of(u, p, r, t->label, sizeof(t->label));
	if (r->kind == RK_SYS)
		return true;   /* "": every CPU */
	if (!(ids = malloc(sizeof(int) * (size_t)(m->ncpus > 0 ? m->ncpus : 1))))
		return false;
	for (int c = 0; c < m->ncpus; c++) {
		bool in = r->kind == RK_SOCK ? m->cpu_sock[c] == r->idx : r->kind == RK_CPU ? c == r->idx :
			  m->cpu_sock[c] == m->cpu_sock[r->idx] && m->cpu_core[c] == m->cpu_core[r->idx];
		if (in)
			ids[n++] = m->cpu_ids[c];
	}
	n = n > 0 && cpulist_format(ids, n, t->cpus, sizeof(t->cpus)) >= 0;
	free(ids);
	return n;
}

/* Its events are opened while it is shown. */
static void enter(struct ui *u, struct ui_panel *p)
{
	(void)p;
	if (session_td_enable(u->a) < 0 && session_td_plan(u->a)->n > 0) {
		snprintf(u->status, sizeof(u->status), "%.*s", (int)sizeof(u->status) - 1, session_msg(u->a));
		u->status_err = true;
	}
}

static const char *rows_of(struct ui *u, struct ui_panel *p)
{
	(void)p;
	return u->fold ? "cores" : "CPUs";
}

const struct ui_panel_class ui_panel_topdown = {
	.name = "topdown", .tab = "Top-down", .tabkey = "T", .action = UA_TOPDOWN, .rows_of = rows_of,
	.init = init, .free = free_state, .enter = enter, .draw = draw, .nrows = nrows, .key = key,
	.target = target,
};
