/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sockets.c: the sockets view: per-socket aggregates, then the uncore events per socket. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "hw/model/metrics.h"
#include "ui/widgets/cols.h"
#include "ui/widgets/format.h"
#include "rdt.h"
#include "rowfilter.h"
#include "ui/widgets/table.h"
#include "view.h"

/* The view's own state. */
struct ui_sockets {
	struct ui_units units;     /* of each count column */
};

static struct ui_sockets *st(const struct ui_panel *p)
{
	return p->st;
}

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return (p->st = calloc(1, sizeof(struct ui_sockets))) ? 0 : -ENOMEM;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	free(p->st);
	p->st = NULL;
}

static const char *const ids[] = { "SKT", "CPUs" };
static const int ids_w[] = { 4, 5 };

static int n_uncore_all(const struct model *m)
{
	int n = 0;

	for (int e = 0; e < m->nev; e++)
		n += m->ev[e].uncore;
	return n;
}

static bool is_figure(const struct ui_col *c)
{
	return c->kind == UC_METRIC && metric_defs[c->idx].socket_figure;
}

/* The sockets' figures (bandwidth, L3, watts) right after the identities, as they are why one
 * opens this view; the uncore events they are made of not again as columns (the list below the
 * table has them). Returns the new count. */
static int arrange(const struct model *m, struct ui_col *cols, int n, int nids)
{
	int k = 0, at = nids;

	for (int i = 0; i < n; i++)
		if (!(cols[i].kind == UC_EVENT && m->ev[cols[i].idx].uncore && m->ev[cols[i].idx].role != ROLE_NONE))
			cols[k++] = cols[i];
	for (int i = nids; i < k; i++)
		if (is_figure(&cols[i])) {
			struct ui_col c = cols[i];
			memmove(&cols[at + 1], &cols[at], sizeof(*cols) * (size_t)(i - at));
			cols[at++] = c;
		}
	return k;
}

/* An uncore event row passes the `/` filter by its name. */
static bool ev_shown(struct ui *u, struct ui_panel *p, int e)
{
	const struct mev *ev = &session_model(u->a)->ev[e];

	return ev->uncore && ui_filter_label(p, ev->key);
}

static int n_uncore(struct ui *u, struct ui_panel *p)
{
	int n = 0;

	for (int e = 0; e < session_model(u->a)->nev; e++)
		n += ev_shown(u, p, e);
	return n;
}

/* A socket row passes the `/` filter by its CPUs ("0-3" shows the sockets holding them) and its
 * number; text words are for the uncore events' names, so they leave the socket rows alone. */
static bool sock_shown(struct ui *u, struct ui_panel *p, int s)
{
	const struct model *m = session_model(u->a);
	int cpus[m->ncpus > 0 ? m->ncpus : 1], n = 0;

	if (!ui_filter_set(p))
		return true;
	for (int c = 0; c < m->ncpus; c++)
		if (m->cpu_sock[c] == s)
			cpus[n++] = c;
	return ui_filter_cpus(u, p, cpus, n, NULL);
}

static void draw_table(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd, int *y)
{
	const struct model *m = session_model(u->a);
	const struct frame *f = &m->cur;
	bool no_hw = session_hw_reason(u->a)[0] != '\0';
	int max = ui_cols_max(m, 2), ncols, shown = 0;
	struct ui_cellopt opt;
	struct ui_col *cols = malloc(sizeof(*cols) * (size_t)max);
	struct ui_tcol *tc = malloc(sizeof(*tc) * (size_t)max);
	struct ui_tfit fit;
	char buf[96], tbuf[UI_TMAX][40];
	const char *tt[UI_TMAX];

	if (!cols || !tc)
		goto out;
	ncols = arrange(m, cols, ui_cols_build(m, ids, ids_w, 2, true, session_settings(u->a)->columns,
					      cols, max), 2);
	/* no column that can never have a value here (the layout of F is the cores view's) */
	ncols = ui_cols_arrange(m, cols, ncols, 2, NULL, no_hw);
	ui_cols_mark_clock(cols, ncols, session_clock_source(u->a));
	if (ncols > UI_TMAX)
		ncols = UI_TMAX;
	/* the socket, its CPUs and MUX stay when Left/Right scroll the rest */
	for (int i = 0; i < ncols; i++)
		tc[i] = (struct ui_tcol){ .width = cols[i].width, .fixed = i < 3,
					  .left = cols[i].kind == UC_ID && cols[i].idx == 0 };
	ui_table_fit(tc, ncols, &p->list.hoff, wd, &fit);
	for (int k = 0; k < fit.n; k++) {
		ui_col_title(&cols[fit.col[k]], !u->raw, tbuf[k], sizeof(tbuf[k]));
		tt[fit.col[k]] = tbuf[k];
	}
	ui_table_titles(w, (*y)++, wd, tc, tt, &fit, -1, NULL, ui_attr(u, UP_HEAD));
	opt = (struct ui_cellopt){ .no_hw = no_hw, .agg = true, .per = u->raw ? 0 : f->interval };
	ui_filter_counted(p, 0, m->nsock);
	for (int s = 0; s <= m->nsock && *y < h; s++, (*y)++) {
		bool all = s == m->nsock;
		const struct ev_val *vals = all ? f->sys : &f->sock[(size_t)s * m->nev];
		const double *met = all ? f->sys_m : &f->sock_m[(size_t)s * NMETRICS];
		int ncpu = 0;
		if (!all && !sock_shown(u, p, s)) {
			(*y)--;
			continue;
		}
		shown += !all;
		ui_filter_counted(p, shown, m->nsock);
		for (int c = 0; c < m->ncpus; c++)
			ncpu += all || m->cpu_sock[c] == s;
		for (int k = 0; k < fit.n; k++) {
			const struct ui_col *c = &cols[fit.col[k]];
			int pair = UP_NONE;
			attr_t at = all ? A_BOLD : A_NORMAL;
			if (c->kind == UC_ID && c->idx == 0) {
				if (all)
					snprintf(buf, sizeof(buf), "%s", ui_filter_set(p) ? "all*" : "all");
				else if (m->sock_ids[s] < 0)
					snprintf(buf, sizeof(buf), "?");
				else
					snprintf(buf, sizeof(buf), "%d", m->sock_ids[s]);
			} else if (c->kind == UC_ID) {
				snprintf(buf, sizeof(buf), "%d", ncpu);
				at = A_NORMAL;
			} else {
				/* the sockets share a unit per column; the total has its own */
				double mx = NAN;
				for (int k = 0; !all && c->count && k < m->nsock; k++) {
					double v = ui_col_count(m, c, &f->sock[(size_t)k * m->nev], opt.per, true);
					if (!isnan(v) && (isnan(mx) || fabs(v) > mx))
						mx = fabs(v);
				}
				opt.unit = all || !c->count ? -1 : ui_units_for(&st(p)->units, c->key, mx);
				ui_col_cell(m, c, vals, met, &opt, buf, sizeof(buf), &pair);
				at = ui_attr(u, pair) | (all ? A_BOLD : 0);
			}
			ui_table_cell(w, *y, wd, tc, &fit, k, at, buf);
		}
	}
out:
	free(cols);
	free(tc);
}

/* The uncore events, one row each, a column per socket, scrolled by sel. */
static void draw_uncore(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd, int y)
{
	const struct model *m = session_model(u->a);
	const struct frame *f = &m->cur;
	int namew = wd - m->nsock * 9 - 6;
	int rows = h - y - 1, skip, nu = n_uncore(u, p), k = 0;
	char buf[64], name[160];

	if (nu == 0) {
		if (y < h)
			ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), n_uncore_all(m) ? " no uncore event matches the filter" :
			       /* the registry's word: a machine without one has nothing to add */
			       session_uncore_pmus(u->a) == 0 && !session_replaying(u->a) ?
			       " no uncore PMU on this machine: no uncore events to count" :
			       " no uncore events counted (add some in the events view: e, a)");
		return;
	}
	if (rows < 1)
		return;
	if (namew > 40)
		namew = 40;
	if (namew < 12)
		namew = 12;
	wattr_on(w, ui_attr(u, UP_HEAD), NULL);
	mvwhline(w, y, 0, ' ', wd);
	wattr_off(w, ui_attr(u, UP_HEAD), NULL);
	ui_put(w, y, 0, namew, ui_attr(u, UP_HEAD), "UNCORE EVENT");
	for (int s = 0; s < m->nsock; s++) {
		snprintf(buf, sizeof(buf), "SKT %d", m->sock_ids[s]);
		if (namew + 1 + s * 9 + 8 <= wd)
			ui_put_right(w, y, namew + 1 + s * 9, 8, ui_attr(u, UP_HEAD), buf);
	}
	ui_put_right(w, y, wd - 6 > namew ? wd - 6 : namew, 5, ui_attr(u, UP_HEAD), "MUX");
	y++;
	p->list.sel = ui_clamp(p->list.sel, nu);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, nu, rows);
	skip = p->list.top;
	p->list.y = y;
	p->list.h = rows;
	for (int e = 0; e < m->nev && y < h; e++) {
		struct ui_mux mx = { UI_MUX_NONE, NAN };
		if (!ev_shown(u, p, e))
			continue;
		if (k++ < skip)
			continue;
		if (m->ev[e].unit[0])
			snprintf(name, sizeof(name), "%s [%s]", m->ev[e].key, m->ev[e].unit);
		else
			snprintf(name, sizeof(name), "%s", m->ev[e].key);
		ui_put(w, y, 0, namew, k - 1 == p->list.sel ? ui_attr(u, UP_SEL) : A_NORMAL, name);
		for (int s = 0; s < m->nsock; s++) {
			const struct ev_val *v = &f->sock[(size_t)s * m->nev + e];
			struct ui_mux one = ui_mux_of(v, NULL, 1);
			if (one.kind > mx.kind || (one.kind == mx.kind && one.pct < mx.pct))
				mx = one;
			ui_fmt_val(v, buf, sizeof(buf));
			if (namew + 1 + s * 9 + 8 <= wd)
				ui_put_right(w, y, namew + 1 + s * 9, 8, A_NORMAL, buf);
		}
		/* a mark only for an estimate or a gap */
		if (mx.kind == UI_MUX_EST || mx.kind == UI_MUX_NC) {
			ui_mux_text(mx, buf, sizeof(buf));
			ui_put_right(w, y, wd - 6 > namew ? wd - 6 : namew, 5,
				     ui_attr(u, mx.kind == UI_MUX_EST ? UP_WARN : UP_BAD), buf);
		}
		y++;
	}
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const struct frame *f = session_frame(u->a);
	const char *why = session_skt_why(u->a);
	int y = 0;

	if (!f->cpu || f->seq == 0) {
		ui_put(w, 0, 0, wd, A_NORMAL, " waiting for the first sample");
		return;
	}
	/* a machine without the figures says so once, not with empty columns (wrapped, not cut) */
	if (why[0])
		y += ui_put_wrapped(w, y, h, 2, 1, wd, ui_attr(u, UP_DIM), why);
	draw_table(u, p, w, h, wd, &y);
	y++;
	/* RDT monitoring (resctrl), leaving the uncore list at least half of what is left */
	if (y < h && (session_rdt(u->a) || session_rdt_why(u->a)[0]))
		y += ui_rdt_draw(u, w, y, (h - y) / 2 > 2 ? (h - y) / 2 : 2, wd) + 1;
	if (y < h)
		draw_uncore(u, p, w, h, wd, y);
}

/* The list that scrolls is the uncore events. */
static int nrows_uncore(struct ui *u, struct ui_panel *p)
{
	return n_uncore(u, p);
}

const struct ui_panel_class ui_panel_sockets = {
	.name = "sockets", .tab = "Sockets", .tabkey = "s", .action = UA_SOCKETS, .rows = "sockets",
	.skt_figs = true, .init = init, .free = free_state, .draw = draw, .nrows = nrows_uncore,
};
