/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* workloads.c: the processes view (P) and the cgroups view (G): a row per process or cgroup counted
 * per task or per cgroup (frame.wl), with CPU%, IPC, GHz, instructions, LLC misses, MPKI, branch
 * misses and every event of the list; sorted (< > I), filtered (/: PIDs, names, users, cgroups). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "config/keylist.h"
#include "config/settings.h"
#include "hw/model/metrics.h"
#include "ui/widgets/coltitle.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table.h"
#include "rowfilter.h"
#include "base/printable.h"
#include "view.h"

/* The columns: the identities, the figures, then one per event of the list. */
enum { C_PID, C_USER, C_COMM, C_CGROUP, C_CPU, C_IPC, C_GHZ, C_INSTR, C_MISS, C_MPKI, C_BRMISS, C_EV };

static const struct { const char *title; int width; } fixed[C_EV] = {
	[C_PID] = { "PID", 7 }, [C_USER] = { "USER", 8 }, [C_COMM] = { "COMMAND", 15 },
	[C_CGROUP] = { "CGROUP", 34 }, [C_CPU] = { "CPU%", 6 }, [C_IPC] = { "IPC", 5 },
	[C_GHZ] = { "GHz", 5 }, [C_INSTR] = { "INSTR/s", 8 }, [C_MISS] = { "MISS/s", 7 },
	[C_MPKI] = { "MPKI", 6 }, [C_BRMISS] = { "BRM%", 6 },
};
/* The figures' metrics (their values and precision from the metric table; the titles above are
 * this view's short ones, to fit 80 columns) */
static const int fig_metric[C_EV] = {
	[C_PID] = -1, [C_USER] = -1, [C_COMM] = -1, [C_CGROUP] = -1, [C_INSTR] = -1, [C_MISS] = -1,
	[C_CPU] = M_UTIL, [C_IPC] = M_IPC, [C_GHZ] = M_GHZ, [C_MPKI] = M_MPKI, [C_BRMISS] = M_BR_MISS_PCT,
};

/* The state of each of the two views. */
struct ui_wl {
	bool cg;           /* the cgroups view (else the processes view) */
	int sort;          /* column sorted by (C_* or C_EV + event) */
	bool rev;          /* reversed */
	const struct wl_row **rows;   /* the rows shown, sorted, a process's threads under it */
	const struct wl_row **tmp;
	int nrows, cap;
	int threads_of;    /* H: the process whose threads are shown, 0 none */
	bool hidden_said;  /* the status line said once what the saved layout hides */
};

static struct ui_wl *st(const struct ui_panel *p)
{
	return p->st;
}

static int init_cg(struct ui_panel *p, bool cg)
{
	if (!(p->st = calloc(1, sizeof(struct ui_wl))))
		return -ENOMEM;
	st(p)->sort = C_CPU;
	st(p)->cg = cg;
	return 0;
}

static int init_procs(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return init_cg(p, false);
}

static int init_cgroups(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return init_cg(p, true);
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!st(p))
		return;
	free(st(p)->rows);
	free(st(p)->tmp);
	free(p->st);
	p->st = NULL;
}

/* They are counted while their view is shown (help over them keeps them). */
static void enter(struct ui *u, struct ui_panel *p)
{
	session_wl_show(u->a, !st(p)->cg, st(p)->cg);
}

static void leave(struct ui *u, struct ui_panel *p)
{
	(void)p;
	session_wl_show(u->a, false, false);
}

static bool is_cg(struct ui_panel *p)
{
	return st(p)->cg;
}

/* The hardware figures: without a hardware PMU they can never have a value (hidden, as in the
 * cores view). */
static bool hw_col(int c)
{
	return c == C_IPC || c == C_GHZ || c == C_INSTR || c == C_MISS || c == C_MPKI || c == C_BRMISS;
}

/* The columns' keys in the layout settings (process_columns, cgroup_columns); an event's is its key. */
static const char *const fig_key[C_EV] = {
	[C_PID] = "pid", [C_USER] = "user", [C_COMM] = "command", [C_CGROUP] = "cgroup", [C_CPU] = "cpu",
	[C_IPC] = "ipc", [C_GHZ] = "ghz", [C_INSTR] = "instr-rate", [C_MISS] = "miss-rate", [C_MPKI] = "mpki",
	[C_BRMISS] = "brmiss-pct",
};

static const char *layout_of(const struct ui *u, struct ui_panel *p)
{
	const struct settings *s = session_settings(u->a);

	return is_cg(p) ? s->cgroup_columns : s->process_columns;
}

/* The columns the chooser lists (not the identities), in their default order. */
static int choosable(const struct model *m, int *cols, int max)
{
	static const int figs[] = { C_CPU, C_IPC, C_GHZ, C_INSTR, C_MISS, C_MPKI, C_BRMISS };
	int k = 0;

	for (int i = 0; i < (int)(sizeof(figs) / sizeof(figs[0])) && k < max; i++)
		cols[k++] = figs[i];
	for (int e = 0; e < m->nev && k < max; e++)
		if (!m->ev[e].uncore)
			cols[k++] = C_EV + e;
	return k;
}

/* Whether column c is a layout's item: its key, or an event's name. */
static bool col_is(const struct model *m, int c, const char *item)
{
	if (c < C_EV)
		return strcmp(fig_key[c], item) == 0;
	return strcmp(m->ev[c - C_EV].key, item) == 0 || strcmp(m->ev[c - C_EV].name, item) == 0;
}

/* The columns the user wants, in order: the layout's (its unknown items left out), or every one;
 * those this machine cannot count included. */
static int wanted(const struct ui *u, struct ui_panel *p, const struct model *m, int *cols, int max)
{
	const char *lay = layout_of(u, p);
	int all[64], n = choosable(m, all, 64), k = 0;
	bool used[64] = { false };
	size_t pos = 0, at, len;
	char item[128];

	if (!lay[0]) {
		for (int i = 0; i < n && k < max; i++)
			cols[k++] = all[i];
		return k;
	}
	while (keylist_next(lay, &pos, &at, &len) == 0 && k < max) {
		snprintf(item, sizeof(item), "%.*s", (int)len, lay + at);
		for (int i = 0; i < n; i++)
			if (!used[i] && col_is(m, all[i], item)) {
				used[i] = true;
				cols[k++] = all[i];
				break;
			}
	}
	return k;
}

/* How many columns this machine shows by default that the view's saved layout leaves out. */
static int hidden_by_layout(const struct ui *u, struct ui_panel *p, const struct model *m)
{
	int all[64], n = choosable(m, all, 64), want[64], k = wanted(u, p, m, want, 64), hidden = 0;
	bool no_hw = session_hw_reason(u->a)[0] != '\0';

	if (!layout_of(u, p)[0])
		return 0;   /* no layout: every column */
	for (int i = 0; i < n; i++) {
		bool in = false;

		for (int j = 0; j < k && !in; j++)
			in = want[j] == all[i];
		hidden += !in && !(no_hw && hw_col(all[i]));
	}
	return hidden;
}

/* The columns of the view on screen into cols (at most max); their count: the identities, the
 * wanted ones this machine can count, a process's cgroup last. */
static int columns(const struct ui *u, struct ui_panel *p, const struct model *m, int *cols, int max)
{
	int want[64], n = wanted(u, p, m, want, 64), k = 0;
	bool no_hw = session_hw_reason(u->a)[0] != '\0';

	if (is_cg(p) && k < max)
		cols[k++] = C_CGROUP;
	for (int c = C_PID; !is_cg(p) && c <= C_COMM && k < max; c++)
		cols[k++] = c;
	for (int i = 0; i < n && k < max; i++)
		if (!(no_hw && hw_col(want[i])))
			cols[k++] = want[i];
	if (!is_cg(p) && k < max)
		cols[k++] = C_CGROUP;
	return k;
}

static int event_of_role(const struct model *m, int role)
{
	for (int e = 0; e < m->nev; e++)
		if (m->ev[e].role == role && !m->ev[e].uncore)
			return e;
	return -1;
}

/* Whether event e of r reads 0 though not counted: the row did not run in the interval (idle), so
 * it counted nothing, as its 0% CPU says (perf stat's <not counted> is the batch output's). */
static bool idle_zero(const struct wl_row *r, int e)
{
	return r->idle && r->ev[e].state == EVS_NOT_COUNTED;
}

/* A row's figure for column c (per second for counts), NAN when it has none. */
static double figure(const struct model *m, const struct wl_row *r, int c, double interval)
{
	int e = -1;

	switch (c) {
	case C_PID: return r->pid;
	case C_CPU: case C_IPC: case C_GHZ: case C_MPKI: case C_BRMISS: return r->m[fig_metric[c]];
	case C_INSTR: e = event_of_role(m, ROLE_INSTRUCTIONS); break;
	case C_MISS: e = event_of_role(m, ROLE_LLC_MISSES); break;
	default: e = c >= C_EV ? c - C_EV : -1; break;
	}
	if (e < 0 || !(interval > 0))
		return NAN;
	if (r->ev[e].state != EVS_OK)
		return idle_zero(r, e) ? 0 : NAN;
	return r->ev[e].value / interval;
}

/* How gather sorts: by column col of the model's rows over the interval, reversed or not. */
struct wl_sort {
	const struct model *m;
	double iv;
	int col;
	bool rev;
};

static int row_cmp(const void *x, const void *y, void *arg)
{
	const struct wl_row *a = *(const struct wl_row *const *)x, *b = *(const struct wl_row *const *)y;
	const struct wl_sort *k = arg;
	int r;

	if (k->col == C_USER || k->col == C_COMM || k->col == C_CGROUP) {
		const char *sa = k->col == C_USER ? a->user : k->col == C_COMM ? a->comm : a->cgroup;
		const char *sb = k->col == C_USER ? b->user : k->col == C_COMM ? b->comm : b->cgroup;
		r = strcmp(sa, sb);
	} else {
		double va = figure(k->m, a, k->col, k->iv), vb = figure(k->m, b, k->col, k->iv);
		/* numbers: the busiest first (a missing one last); the PID ascending */
		if (isnan(va) || isnan(vb))
			r = isnan(va) - isnan(vb);
		else
			r = k->col == C_PID ? (va > vb) - (va < vb) : (va < vb) - (va > vb);
	}
	return k->rev ? -r : r;
}

/* What the filter matches a row by: its names as the screen shows them (base/printable's form). */
static void label_of(const struct wl_row *r, char *label, size_t len)
{
	char c[300], g[2100];

	snprintf(label, len, "%s %s %s", printable(c, sizeof(c), r->comm), r->user,
		 printable(g, sizeof(g), r->cgroup));
}

/* The frame's rows of the view, filtered and sorted, into st(p)->rows; a process's threads (H)
 * sorted among themselves under it. */
static void gather(struct ui *u, struct ui_panel *p)
{
	const struct frame *f = session_frame(u->a);
	struct ui_wl *s = st(p);
	int v = is_cg(p), total = 0, top = 0, nthr = 0, n = 0;
	struct wl_sort key = { .m = session_model(u->a), .iv = f->interval, .col = s->sort, .rev = s->rev };

	s->nrows = 0;
	if (f->nwl > s->cap) {
		const struct wl_row **r = realloc(s->rows, sizeof(*r) * (size_t)f->nwl);
		const struct wl_row **t = r ? realloc(s->tmp, sizeof(*t) * (size_t)f->nwl) : NULL;

		if (r)
			s->rows = r;
		if (!t)
			return;
		s->tmp = t;
		s->cap = f->nwl;
	}
	for (int i = 0; i < f->nwl; i++) {
		const struct wl_row *r = &f->wl[i];
		char label[2500];

		if ((r->kind == WL_CGROUP) != v)
			continue;
		if (r->tgid) {   /* a thread under its process: after the processes */
			s->tmp[f->nwl - 1 - nthr++] = r;
			continue;
		}
		total++;
		label_of(r, label, sizeof(label));
		if (v ? !ui_filter_label(p, label) : !ui_filter_ids(p, &r->pid, 1, label))
			continue;
		s->tmp[top++] = r;
	}
	if (top)
		qsort_r(s->tmp, (size_t)top, sizeof(*s->tmp), row_cmp, &key);
	if (nthr)
		qsort_r(s->tmp + f->nwl - nthr, (size_t)nthr, sizeof(*s->tmp), row_cmp, &key);
	for (int i = 0; i < top; i++) {
		s->rows[n++] = s->tmp[i];
		for (int k = f->nwl - nthr; k < f->nwl; k++)
			if (s->tmp[k]->tgid == s->tmp[i]->pid)
				s->rows[n++] = s->tmp[k];
	}
	s->nrows = n;
	ui_filter_counted(p, top, total);
}

/* The titles of cols[n]: the fixed ones, and the events' made short together as the cores view's
 * (ui_titles_short: the whole words where long names differ), 9 characters in a column of 10, room for the
 * sort mark. */
static void col_titles(const struct model *m, const int *cols, int n, char (*out)[40])
{
	const char *names[64];
	char *titles[64];
	int k = 0;

	for (int i = 0; i < n && i < 64; i++) {
		snprintf(out[i], sizeof(out[i]), "%s", cols[i] >= C_EV ? "" : fixed[cols[i]].title);
		if (cols[i] >= C_EV) {
			names[k] = m->ev[cols[i] - C_EV].key;
			titles[k++] = out[i];
		}
	}
	ui_titles_short(names, k, 9, titles, sizeof(out[0]));
}

static int col_width(int c, int wd)
{
	if (c >= C_EV)
		return 10;
	return c == C_CGROUP ? (wd > 60 ? fixed[c].width : 16) : fixed[c].width;
}

/* One cell of row r (NULL: the system's total, vals and met given). */
static void cell(const struct model *m, const struct wl_row *r, int c, double iv, char *buf, size_t len)
{
	char name[300];
	double v;

	buf[0] = '\0';
	if (c == C_PID)
		snprintf(buf, len, "%d", r->pid);
	else if (c == C_USER)
		printable(buf, len, r->user);
	else if (c == C_COMM)   /* the names as base/printable shows them: raw bytes never reach the screen */
		snprintf(buf, len, "%s%s%s%s", r->tgid ? "  " : "", printable(name, sizeof(name), r->comm),
			 r->threads_left ? "*" : "", r->exited ? " (exited)" : "");
	else if (c == C_CGROUP)
		printable(buf, len, r->cgroup);
	else if (r->why && c != C_CPU)   /* refused: its CPU% from /proc, nothing else */
		snprintf(buf, len, "-");
	else if (c >= C_EV && r->ev[c - C_EV].state != EVS_OK && !idle_zero(r, c - C_EV))
		ui_fmt_val(&r->ev[c - C_EV], buf, len);
	else if (isnan(v = figure(m, r, c, iv)))
		snprintf(buf, len, "-");
	else if (c == C_CPU || c == C_MPKI || c == C_BRMISS)   /* 12345 (a total), not a cut "12345." */
		ui_fmt_fixed(v, fabs(v) >= 999.95 ? 0 : 1, buf, len);
	else if (c == C_IPC || c == C_GHZ)
		ui_fmt_fixed(v, 2, buf, len);
	else
		ui_fmt_count(v, buf, len);
}

/* What was looked at and counted, and what was left out and why: never silently. Wrapped at words
 * over up to three lines from y (before h); the lines used. */
static int info_line(struct ui *u, struct ui_panel *p, WINDOW *w, int wd, int y, int h)
{
	struct wl_pick_info in;
	char buf[400];
	int n;

	session_wl_info(u->a, is_cg(p), &in);
	n = snprintf(buf, sizeof(buf), " %d %s seen, %d counted (the busiest by CPU time)", in.seen,
		     is_cg(p) ? "cgroups" : "processes", in.counted);
	if (in.left_out && n > 0 && (size_t)n < sizeof(buf))
		n += snprintf(buf + n, sizeof(buf) - (size_t)n, "; %d not counted: %s", in.left_out, in.why);
	/* the view's budget: a process's busiest threads (app_wl_impl.h), all of them on H */
	if (in.threads_left && n > 0 && (size_t)n < sizeof(buf))
		snprintf(buf + n, sizeof(buf) - (size_t)n, "; *: %d threads not counted (a process's busiest %d are; "
			 "H counts all of one)", in.threads_left, in.threads_each);
	return ui_put_wrapped(w, y, h, 3, 1, wd, in.left_out ? ui_attr(u, UP_WARN) :
			      ui_attr(u, UP_DIM), buf + 1);
}

/* The identity columns (PID, USER, COMMAND; a cgroup's name) stay when Left/Right scroll the rest. */
static bool id_col(int c)
{
	return c == C_PID || c == C_USER || c == C_COMM || (c == C_CGROUP);
}

/* A path longer than w cells keeps its last whole components after "...": the cgroup's own name
 * tells it apart, its parents' are the same for many rows (as htop's tree shortens). */
static void path_tail(char *buf, int w)
{
	size_t len = strlen(buf);
	const char *t = NULL;

	if (w < 8 || (int)len <= w)
		return;
	for (const char *s = buf + 1; *s; s++)
		if (*s == '/' && (int)(len - (size_t)(s - buf)) + 3 <= w) {
			t = s;
			break;
		}
	if (!t)   /* the last component alone is too long: its end */
		t = buf + len - (size_t)(w - 3);
	memmove(buf + 3, t, strlen(t) + 1);
	memcpy(buf, "...", 3);
}

/* The table's columns (the identities kept while Left/Right scroll the rest; a name or path at the
 * end takes what is left of the line). */
static void table_cols(const int *cols, int ncols, int wd, struct ui_tcol *tc)
{
	for (int i = 0; i < ncols; i++) {
		int c = cols[i];
		tc[i] = (struct ui_tcol){ .width = col_width(c, wd), .left = c == C_USER || c == C_COMM || c == C_CGROUP,
					  .fixed = id_col(c), .fill = id_col(c) && c != C_PID };
	}
}

static void draw_row(struct ui *u, WINDOW *w, int y, int wd, const int *cols, const struct ui_tcol *tc,
		     const struct ui_tfit *fit, const struct wl_row *r, attr_t at)
{
	const struct model *m = session_model(u->a);
	double iv = session_frame(u->a)->interval;
	char buf[600];

	if (at != A_NORMAL) {   /* the selection is the whole line */
		wattr_on(w, at, NULL);
		mvwhline(w, y, 0, ' ', wd);
		wattr_off(w, at, NULL);
	}
	for (int k = 0; k < fit->n; k++) {
		int i = fit->col[k];

		if (r->why && i > 0 && cols[i - 1] == C_CPU) {   /* refused: said after its CPU%, never as idle */
			snprintf(buf, sizeof(buf), "not counted: %s", r->why);
			ui_put(w, y, fit->x[k], wd - fit->x[k], ui_attr(u, UP_BAD), buf);
			return;
		}
		cell(m, r, cols[i], iv, buf, sizeof(buf));
		if (cols[i] == C_CGROUP)
			path_tail(buf, fit->w[k] < wd - fit->x[k] ? fit->w[k] : wd - fit->x[k]);
		ui_table_cell(w, y, wd, tc, fit, k, at, buf);
	}
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const struct model *m = session_model(u->a);
	const struct frame *f = session_frame(u->a);
	struct ui_wl *s = st(p);
	int cols[64], ncols, y = 0, rows, v = is_cg(p), sorted = -1;
	char titles[64][40];
	const char *tt[64];
	struct ui_tcol tc[64];
	struct ui_tfit fit;

	if (session_replaying(u->a)) {
		ui_put(w, 0, 0, wd, ui_attr(u, UP_DIM), " a recording holds no processes or cgroups: they are counted live");
		return;
	}
	if (!f->cpu || f->seq == 0) {
		ui_put(w, 0, 0, wd, A_NORMAL, " waiting for the first sample");
		return;
	}
	y += info_line(u, p, w, wd, y, h);
	if (!s->hidden_said && !u->status[0])
		ui_say_hidden_cols(u, &s->hidden_said, hidden_by_layout(u, p, m));
	ncols = columns(u, p, m, cols, 64);
	gather(u, p);
	col_titles(m, cols, ncols, titles);
	for (int i = 0; i < ncols; i++) {
		tt[i] = titles[i];
		if (cols[i] == s->sort)
			sorted = i;
	}
	table_cols(cols, ncols, wd, tc);
	ui_table_fit(tc, ncols, &p->list.hoff, wd, &fit);
	/* the sort mark of every view (the glyph set's) */
	ui_table_titles(w, y++, wd, tc, tt, &fit, sorted, s->rev ? u->g->sort_up : u->g->sort_down,
			ui_attr(u, UP_HEAD));
	if (v && y < h) {   /* the total: every CPU's counts */
		double tm[NMETRICS];
		struct wl_row all = { .kind = WL_CGROUP, .comm = "", .user = "", .cgroup = "(all CPUs)",
				      .ev = f->sys, .m = tm };

		memcpy(tm, f->sys_m, sizeof(tm));
		tm[M_UTIL] = f->sys_m[M_UTIL] * m->ncpus;   /* percent of one CPU, as the cgroups' */
		draw_row(u, w, y++, wd, cols, tc, &fit, &all, A_BOLD);
	}
	rows = h - y;
	p->list.sel = ui_clamp(p->list.sel, s->nrows);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, s->nrows, rows > 0 ? rows : 1);
	p->list.y = y;
	p->list.h = rows;
	if (!s->nrows && y < h && ui_filter_set(p))   /* rows were counted, the filter hid them all */
		ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), v ? " no cgroup matches the filter (Esc clears it, / edits it)"
							   : " no process matches the filter (Esc clears it, / edits it)");
	else if (!s->nrows && y < h) {
		struct wl_pick_info in;

		session_wl_info(u->a, v, &in);
		if (in.looked && !in.seen)   /* looked, and nothing there (a machine without cgroups) */
			ui_put_wrapped(w, y, h, UI_WRAP_MAX, 1, wd, ui_attr(u, UP_DIM), v ?
				       "no cgroup below the cgroup file system's root: every process is in the root "
				       "cgroup, which the (all CPUs) row shows" : "no process in /proc to count");
		else
			ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), v ? " no cgroup counted yet (the first look is under way)"
								   : " no process counted yet (the first look is under way)");
	}
	for (int k = p->list.top; k < s->nrows && y < h; k++, y++)
		draw_row(u, w, y, wd, cols, tc, &fit, s->rows[k], k == p->list.sel ? ui_attr(u, UP_SEL) :
			 s->rows[k]->exited ? ui_attr(u, UP_DIM) : A_NORMAL);
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->nrows;
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	const struct model *m = session_model(u->a);
	int cols[64], n = columns(u, p, m, cols, 64), v = is_cg(p);

	switch (action) {
	case UA_SORT_PREV:
	case UA_SORT_NEXT:
		st(p)->sort = ui_table_sort_step(cols, n, st(p)->sort, action == UA_SORT_NEXT ? 1 : -1);
		break;
	case UA_REVERSE: st(p)->rev = !st(p)->rev; break;
	case UA_THREADS: {   /* the selected process's threads, or none */
		const struct wl_row *r = p->list.sel < st(p)->nrows ? st(p)->rows[p->list.sel] : NULL;
		int pid = r ? (r->tgid ? r->tgid : r->kind == WL_PROCESS ? r->pid : 0) : 0;

		if (v)
			return false;
		st(p)->threads_of = pid && pid != st(p)->threads_of ? pid : 0;
		session_wl_threads(u->a, st(p)->threads_of);
		if (st(p)->threads_of)
			snprintf(u->status, sizeof(u->status), "threads of %d from the next refresh", pid);
		else
			snprintf(u->status, sizeof(u->status), "threads folded");
		break;
	}
	default: return false;
	}
	u->dirty_body = true;
	return true;
}

static const char *rows_of(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->cg ? "cgroups" : "processes";
}

/* The selected process (a thread row: the thread) or cgroup. */
static bool target(struct ui *u, struct ui_panel *p, struct ui_target *t)
{
	const struct wl_row *r = p->list.sel < st(p)->nrows ? st(p)->rows[p->list.sel] : NULL;
	char name[64];

	(void)u;
	if (!r || r->exited)
		return false;
	if (r->kind == WL_CGROUP) {
		t->kind = UT_CGROUP;
		snprintf(t->cgroup, sizeof(t->cgroup), "%s", r->cgroup);
		printable(t->label, sizeof(t->label), r->cgroup);
		return true;
	}
	t->kind = UT_PID;
	t->pid = r->pid;
	snprintf(t->label, sizeof(t->label), "%s %d %s", r->tgid ? "TID" : "PID", r->pid,
		 printable(name, sizeof(name), r->comm));
	return true;
}

/* The column chooser's list (F): the wanted columns, then the others; titles as the view's. */
static int chooser_cols(struct ui *u, struct ui_panel *p, struct ui_chooser_item *out, int max)
{
	const struct model *m = session_model(u->a);
	int cols[128], n = wanted(u, p, m, cols, 64), all[64], na = choosable(m, all, 64), k = 0;
	char titles[128][40];
	bool no_hw = session_hw_reason(u->a)[0] != '\0';

	for (int i = 0; i < na; i++) {   /* the others after the wanted ones */
		bool on = false;
		for (int j = 0; j < n && !on; j++)
			on = cols[j] == all[i];
		if (!on)
			cols[n + k++] = all[i];
	}
	col_titles(m, cols, n + k, titles);
	for (int i = 0; i < n + k && i < max; i++) {
		out[i] = (struct ui_chooser_item){ .on = i < n, .na = no_hw && hw_col(cols[i]) };
		snprintf(out[i].key, sizeof(out[i].key), "%s", cols[i] < C_EV ? fig_key[cols[i]] : m->ev[cols[i] - C_EV].key);
		snprintf(out[i].title, sizeof(out[i].title), "%s", titles[i]);
	}
	return n + k < max ? n + k : max;
}

/* The chooser's layout as the view's setting, the identity's key first ("pid,cpu,..."); the
 * default (every column in its order) as "", so that the config keeps only what the user changed.
 * The sort moves to CPU% (else the first column) when its column went. */
static int set_columns(struct ui *u, struct ui_panel *p, const char *layout)
{
	const struct model *m = session_model(u->a);
	char text[sizeof(((struct settings *)0)->process_columns)], def[sizeof(text)];
	int all[64], n = choosable(m, all, 64), cols[64], nc, rc;
	size_t o = 0;

	def[0] = '\0';
	for (int i = 0; i < n; i++)
		o += (size_t)snprintf(def + (o < sizeof(def) ? o : sizeof(def)), o < sizeof(def) ? sizeof(def) - o : 0,
				      "%s%s", i ? "," : "", all[i] < C_EV ? fig_key[all[i]] : m->ev[all[i] - C_EV].key);
	if ((size_t)snprintf(text, sizeof(text), "%s%s%s", is_cg(p) ? "cgroup" : "pid", layout[0] ? "," : "",
			     layout) >= sizeof(text))
		return -ENOSPC;
	if ((rc = session_set_wl_columns(u->a, is_cg(p), o < sizeof(def) && !strcmp(def, layout) ? "" : text)) < 0)
		return rc;
	nc = columns(u, p, m, cols, 64);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < nc; i++)
			if (cols[i] == (k ? C_CPU : st(p)->sort)) {
				st(p)->sort = cols[i];
				return 0;
			}
	st(p)->sort = cols[0];   /* the PID or the cgroup's name */
	return 0;
}

const struct ui_panel_class ui_panel_procs = {
	.name = "processes", .tab = "Procs", .tabkey = "P", .action = UA_PROCS, .rows = "processes",
	.filter_pids = true, .init = init_procs, .free = free_state, .enter = enter, .leave = leave,
	.draw = draw, .nrows = nrows, .key = key, .rows_of = rows_of, .target = target,
	.columns = chooser_cols, .set_columns = set_columns,
};

const struct ui_panel_class ui_panel_cgroups = {
	.name = "cgroups", .tab = "Cgroups", .tabkey = "G", .action = UA_CGROUPS, .rows = "cgroups",
	.filter_pids = true, .init = init_cgroups, .free = free_state, .enter = enter, .leave = leave,
	.draw = draw, .nrows = nrows, .key = key, .rows_of = rows_of, .target = target,
	.columns = chooser_cols, .set_columns = set_columns,
};
