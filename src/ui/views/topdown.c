/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topdown.c: the top-down view: system and socket rows on top, then one row per CPU (or per core),
 * each with its level-1 shares as numbers and a stacked bar of letters (coloured when colour is on),
 * sortable by any share; the level-2 split of the selected row at the bottom. */
#include "topdown.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "rowfilter.h"
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

/* column titles, at most 7 characters */
static const char *const short_label[TD_NLEVEL1] = { "Retire", "BadSpec", "FrontE", "BackE", "SMT" };

int ui_topdown_init(struct ui *u)
{
	if (!(u->topdown = calloc(1, sizeof(*u->topdown))))
		return -ENOMEM;
	u->topdown->sort = -1;
	return 0;
}

void ui_topdown_free(struct ui *u)
{
	if (!u->topdown)
		return;
	free(u->topdown->rows);
	free(u->topdown->idx);
	free(u->topdown);
	u->topdown = NULL;
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
static bool td_shown(struct ui *u, int kind, int idx, const int *cpus, int n)
{
	const struct model *m = session_model(u->a);
	int sk[m->ncpus > 0 ? m->ncpus : 1];
	char lab[64];

	if (!ui_filter_set(u, UV_TOPDOWN))
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
	return ui_filter_cpus(u, UV_TOPDOWN, cpus, n, lab);
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
static bool build_fixed(struct ui *u, struct ui_topdown *V)
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
		for (int i = 0; i < np && td_shown(u, RK_SOCK, s, NULL, 0); i++) {
			sh = session_td_sock(u->a, s, i, &pct);
			if (!add_row(V, (struct tdrow){ RK_SOCK, s, i, 0, { 0 }, pct }, sh))
				return false;
		}
	V->nfixed = V->n;
	return true;
}

/* A row per online CPU that has a method. */
static void build_cpus(struct ui *u, struct ui_topdown *V)
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
		if (!td_shown(u, RK_CPU, c, &c, 1))
			continue;
		sh = session_td_cpu(u->a, c, &pct);
		shown += add_row(V, (struct tdrow){ RK_CPU, c, i, 1, { 0 }, pct }, sh);
	}
	ui_filter_counted(u, UV_TOPDOWN, shown, total);
}

/* A row per core (its CPUs' events summed), cores in (socket, core) order. */
static void build_cores(struct ui *u, struct ui_topdown *V)
{
	const struct model *m = session_model(u->a);
	int *ix = realloc(V->idx, sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1)), total = 0, shown = 0;

	if (!ix) {
		ui_filter_counted(u, UV_TOPDOWN, 0, 0);
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
		if (i >= 0 && td_shown(u, RK_CORE, ix[s], ix + s, e - s) && (r = row_add(V))) {
			shown++;
			*r = (struct tdrow){ RK_CORE, ix[s], i, e - s, { 0 }, NAN };
			session_td_core(u->a, i, ix + s, e - s, r->sh, &r->pct);
		}
		s = e;
	}
	ui_filter_counted(u, UV_TOPDOWN, shown, total);
}

static void build(struct ui *u)
{
	struct ui_topdown *V = u->topdown;

	V->n = 0;
	if (!session_td_ready(u->a) || !build_fixed(u, V))
		return;
	if (u->fold)
		build_cores(u, V);
	else
		build_cpus(u, V);
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

static void label_of(const struct ui *u, const struct tdrow *r, char *buf, size_t len)
{
	const struct model *m = session_model(u->a);
	const struct td_plan *pl = session_td_plan(u->a);
	const char *pn = pl->n > 1 ? pl->in[r->inst].pmu_name : "";

	switch (r->kind) {
	case RK_SYS: snprintf(buf, len, "all%s%s%s", ui_filter_set(u, UV_TOPDOWN) ? "*" : "", *pn ? " " : "", pn); break;
	case RK_SOCK: snprintf(buf, len, "skt%d%s%s", m->sock_ids[r->idx], *pn ? " " : "", pn); break;
	case RK_CPU: snprintf(buf, len, "cpu%d", m->cpu_ids[r->idx]); break;
	default: snprintf(buf, len, "core%d/%d", m->sock_ids[m->cpu_sock[r->idx]] < 0 ? 0 :
			  m->sock_ids[m->cpu_sock[r->idx]], m->cpu_core[r->idx]); break;
	}
}

/* text from line y on, word-wrapped to wd columns, up to line ymax; returns the lines used */
static int put_wrapped(struct ui *u, WINDOW *w, int y, int ymax, int wd, attr_t at, const char *text)
{
	int n = 0, len = (int)strlen(text);

	(void)u;
	while (len > 0 && y + n <= ymax && wd > 4) {
		int cut = len <= wd - 2 ? len : wd - 2;

		while (cut < len && cut > 0 && text[cut] != ' ')
			cut--;
		if (cut == 0)
			cut = len <= wd - 2 ? len : wd - 2;
		ui_put(w, y + n, 2, cut, at, text);
		text += cut;
		len -= cut;
		while (*text == ' ')
			text++, len--;
		n++;
	}
	return n;
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
static void draw_level2(struct ui *u, WINDOW *w, int h, int wd, const struct tdrow *r)
{
	const struct td_plan *pl = session_td_plan(u->a);
	int yy = h - 3, x = 0;
	char buf[512], lab[64];

	label_of(u, r, lab, sizeof(lab));
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

static void draw(struct ui *u, WINDOW *w, int h, int wd)
{
	const struct td_plan *pl = session_td_plan(u->a);
	struct ui_topdown *V = u->topdown;
	bool smt = has_smt_share(pl);
	int nsh = smt ? TD_NLEVEL1 : TD_NLEVEL1 - 1, y = 0, body, bx, bw;
	char buf[512], lab[64];

	if (h <= 0)
		return;
	werase(w);
	if (pl->n == 0) {
		ui_put(w, 0, 1, wd - 1, ui_attr(u, UP_WARN) | A_BOLD, pl->reason[0] ? pl->reason :
		       "no top-down method for this CPU");
		ui_put(w, 2, 1, wd - 1, A_NORMAL, "Top-down needs documented slot events: Intel (Skylake and later "
		       "P-cores, E-cores), AMD Zen 4/5, Arm PMUv3.4 (Neoverse N2/V1/V2) or Neoverse N1 (approximated).");
		return;
	}
	for (int i = 0; i < pl->n && y < h; i++, y++) {
		snprintf(buf, sizeof(buf), "%s: %s%s", pl->in[i].pmu_name, pl->in[i].m->label,
			 pl->in[i].bound ? "" : " (events not open)");
		ui_put(w, y, 0, wd, pl->in[i].m->approx ? ui_attr(u, UP_WARN) : ui_attr(u, UP_LABEL), buf);
		if (pl->in[i].idle && y + 1 < h)
			y += put_wrapped(u, w, y + 1, h - 1, wd, ui_attr(u, UP_WARN) | A_BOLD, TD_IDLE_WHY);
		else if (pl->in[i].fit != TD_FITS && y + 1 < h)   /* the counter arithmetic, never a silent 0% */
			y += put_wrapped(u, w, y + 1, h - 1, wd, pl->in[i].fit == TD_NEVER ?
					    ui_attr(u, UP_WARN) | A_BOLD : ui_attr(u, UP_DIM), pl->in[i].fit_why);
	}
	if (y < h) {
		int x = 0;
		for (int k = 0; k < nsh; k++) {
			snprintf(buf, sizeof(buf), "%c %s  ", td_shares[k].letter, td_shares[k].label);
			x += ui_put(w, y, x, wd - x, u->color ? ui_attr(u, UP_TD0 + k) : A_BOLD, buf);
		}
		snprintf(buf, sizeof(buf), " * group multiplexed (scheduled whole: ran pct of the time)");
		ui_put(w, y, x, wd - x, ui_attr(u, UP_DIM), buf);
		y++;
	}
	if (y >= h)
		return;
	/* column titles */
	wattr_on(w, ui_attr(u, UP_HEAD), NULL);
	mvwhline(w, y, 0, ' ', wd);
	{
		int x = 0;
		/* the sort mark of every view: CPUs ascending, shares busiest first; I flips */
		const char *up = u->g->sort_up, *down = u->g->sort_down;

		snprintf(buf, sizeof(buf), "%s%s", u->fold ? "CORE" : "CPU",
			 V->sort < 0 ? (u->reverse ? down : up) : " ");
		ui_put(w, y, x, wd, ui_attr(u, UP_HEAD), buf);
		x += 14;
		for (int k = 0; k < nsh && x < wd; k++) {
			snprintf(buf, sizeof(buf), "%7s%s", short_label[k], V->sort == k ? (u->reverse ? up : down) : " ");
			x += ui_put(w, y, x, wd - x, ui_attr(u, UP_HEAD), buf);
		}
		ui_put(w, y, x, wd - x, ui_attr(u, UP_HEAD), "  RUN% bar");
	}
	wattr_off(w, ui_attr(u, UP_HEAD), NULL);
	y++;
	if (never_all(pl)) {
		ui_put(w, y, 1, wd - 1, ui_attr(u, UP_WARN) | A_BOLD, "not counted: the top-down groups never find "
		       "enough counters (above)");
		return;
	}
	if (session_frame(u->a)->seq == 0 || !session_td_ready(u->a)) {
		ui_put(w, y, 1, wd - 1, A_NORMAL, "waiting for the first sample");
		return;
	}
	build(u);
	body = h - y - 3;   /* three lines for the level-2 split */
	if (body < 1)
		body = h - y;
	u->sel[UV_TOPDOWN] = ui_clamp(u->sel[UV_TOPDOWN], V->n);
	u->top[UV_TOPDOWN] = ui_scroll_top(u->top[UV_TOPDOWN], u->sel[UV_TOPDOWN], V->n, body);
	u->list_y[UV_TOPDOWN] = y;
	u->list_h[UV_TOPDOWN] = body;
	bx = 14 + nsh * 8 + 7;
	bw = wd - bx - 1;
	if (bw > 100)
		bw = 100;   /* then one cell is one percent */
	for (int i = 0; i < body && u->top[UV_TOPDOWN] + i < V->n; i++) {
		int pos = u->top[UV_TOPDOWN] + i, x = 0;
		const struct tdrow *r = &V->rows[pos];
		attr_t sel = pos == u->sel[UV_TOPDOWN] ? ui_attr(u, UP_SEL) : 0;
		attr_t at = sel ? sel : r->kind <= RK_SOCK ? A_BOLD : A_NORMAL;
		bool mux = !isnan(r->pct) && r->pct < 99.95;

		if (sel)
			mvwchgat(w, y + i, 0, wd, sel, 0, NULL);
		label_of(u, r, lab, sizeof(lab));
		snprintf(buf, sizeof(buf), "%-14.14s", lab);
		x += ui_put(w, y + i, x, wd, at, buf);
		for (int k = 0; k < nsh; k++) {
			if (isnan(r->sh[k]))
				snprintf(buf, sizeof(buf), "%7s ", "-");
			else
				snprintf(buf, sizeof(buf), "%7.1f ", r->sh[k]);
			x += ui_put(w, y + i, x, wd - x, at, buf);
		}
		if (isnan(r->pct))
			snprintf(buf, sizeof(buf), "%6s ", r->kind == RK_CORE ? "" : "-");
		else
			snprintf(buf, sizeof(buf), "%5.0f%s ", r->pct, mux ? "*" : " ");
		ui_put(w, y + i, x, wd - x, mux && !sel ? ui_attr(u, UP_WARN) : at, buf);
		if (isnan(r->sh[TD_RETIRING]))
			ui_put(w, y + i, bx, bw, at, pl->in[r->inst].fit == TD_NEVER ?
			       "never scheduled: too few counters (see above)" : pl->in[r->inst].idle ?
			       "did not run: counters held by pinned groups (above)" : "not counted");
		else
			bar(u, w, y + i, bx, bw, r, sel);
	}
	if (V->n > 0 && h - 3 > y)
		draw_level2(u, w, h, wd, &V->rows[u->sel[UV_TOPDOWN]]);
}

static int nrows(struct ui *u)
{
	return u->topdown->n;
}

static bool key(struct ui *u, int action)
{
	struct ui_topdown *V = u->topdown;
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
		u->sel[UV_TOPDOWN] = u->top[UV_TOPDOWN] = 0;
		snprintf(u->status, sizeof(u->status), "%s", u->fold ? "one row per core (SMT siblings folded)" :
			 "one row per CPU");
		return true;
	default:
		return false;
	}
}

void ui_topdown_open(struct ui *u)
{
	if (session_td_enable(u->a) < 0 && session_td_plan(u->a)->n > 0) {
		snprintf(u->status, sizeof(u->status), "%.*s", (int)sizeof(u->status) - 1, session_msg(u->a));
		u->status_err = true;
	}
}

const struct ui_view ui_view_topdown = { "Top-down", draw, nrows, key };
