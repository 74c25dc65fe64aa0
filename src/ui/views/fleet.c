/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet.c: the fleet view (N): a row per host of the fleet (--fleet URL, --fleet-targets, [fleet])
 * from the engine's newest frame (session_fleet_*: refreshed on its own thread, never waited for
 * here): its state, utilisation, GHz, IPC, MPKI, miss shares, memory, UPI, power, top-down,
 * multiplexing, RDT, version and age; sorted (< > I), filtered (/: host names), Enter on a host
 * shows its sockets and CPUs (remote, over the window), Esc back to the hosts. A figure the host
 * does not have is `-`, a host down, stale or without PMU says so with its reason. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "app/session.h"
#include "base/printable.h"
#include "ui/widgets/table.h"
#include "rowfilter.h"
#include "view.h"

/* The columns: the host, its state, each field of fleet_fields but the age, the version, the age,
 * and why the host is not up. */
enum { C_HOST, C_STATE, C_F0, C_VERSION = C_F0 + FF_NFIELDS, C_WHY, C_N };

struct ui_fleet {
	struct fleet_frame fr;      /* the newest frame taken */
	unsigned seq;
	bool have, busy;
	char err[512];              /* the last refresh's error, "" none */
	int *order;                 /* the rows shown (filtered, sorted): indices into fr.rows */
	int norder;
	int sort;                   /* column sorted by */
	bool rev;
	char sel_host[FLEET_NAME_MAX];   /* the selected host, kept across refreshes and sorts */
	/* the drill-down (Enter): the host, its rows when they came */
	char detail[FLEET_NAME_MAX];
	struct fleet_detail d;
	unsigned dseq;
	bool dhave;
	char derr[512];
	struct ui_list hosts_list;  /* the host list's position while the drill-down is shown */
};

static struct ui_fleet *st(const struct ui_panel *p)
{
	return p->st;
}

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!(p->st = calloc(1, sizeof(struct ui_fleet))))
		return -ENOMEM;
	st(p)->sort = C_HOST;
	return 0;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!st(p))
		return;
	fleet_frame_free(&st(p)->fr);
	fleet_detail_free(&st(p)->d);
	free(st(p)->order);
	free(p->st);
	p->st = NULL;
}

/* Shown: the engine started when only the config names the fleet (--fleet started it already). */
static void enter(struct ui *u, struct ui_panel *p)
{
	(void)p;
	if (session_fleet_configured(u->a) && session_fleet_start(u->a) < 0) {
		snprintf(u->status, sizeof(u->status), "fleet: %.300s", session_fleet_error(u->a));
		u->status_err = true;
	}
}

/* The columns in their order: the host list's, or the drill-down's (no version, no state reason). */
static int columns(bool detail, int *cols)
{
	int k = 0;

	cols[k++] = C_HOST;
	cols[k++] = C_STATE;
	for (int f = 0; f < FF_NFIELDS; f++)
		if (f != FF_AGE && !(detail && f == FF_NCPUS))
			cols[k++] = C_F0 + f;
	if (!detail)
		cols[k++] = C_VERSION;
	cols[k++] = C_F0 + FF_AGE;
	if (!detail)
		cols[k++] = C_WHY;
	return k;
}

static const char *title(int c, bool detail)
{
	switch (c) {
	case C_HOST: return detail ? "SOCKET/CPU/CGROUP" : "HOST";
	case C_STATE: return "STATE";
	case C_VERSION: return "VERSION";
	case C_WHY: return "WHY";
	default: return fleet_fields[c - C_F0].title;
	}
}

static int host_width(const struct fleet_row *rows, int n, bool detail)
{
	int w = detail ? 10 : 4;

	for (int i = 0; i < n; i++) {
		int l = (int)strlen(rows[i].host);
		if (l > w)
			w = l;
	}
	return w > 32 ? 32 : w;
}

static void table_cols(const int *cols, int n, int hostw, struct ui_tcol *tc, bool detail)
{
	for (int i = 0; i < n; i++) {
		int c = cols[i], w = (int)strlen(title(c, detail)) + 1;

		if (c == C_HOST)
			w = hostw;
		else if (c == C_STATE)
			w = 6;
		else if (c == C_VERSION)
			w = 10;
		else if (c == C_WHY)
			w = 30;
		else if (w < 6)
			w = 6;
		tc[i] = (struct ui_tcol){ .width = w, .left = c == C_HOST || c == C_STATE || c == C_VERSION || c == C_WHY,
					  .fixed = c == C_HOST, .fill = c == C_WHY };
	}
}

/* A cell's text: escaped names and reasons, a number with its field's decimals, `-` when missing. */
static void cell(const struct fleet_row *r, int c, char *buf, size_t n)
{
	switch (c) {
	case C_HOST: printable(buf, n, r->host); return;
	case C_STATE: snprintf(buf, n, "%s", fleet_state_name(r->state)); return;
	case C_VERSION: printable(buf, n, r->version[0] ? r->version : "-"); return;
	case C_WHY: printable(buf, n, r->why); return;
	default: {
		double v = r->v[c - C_F0];
		if (isfinite(v))
			snprintf(buf, n, "%.*f", fleet_fields[c - C_F0].prec, v);
		else
			snprintf(buf, n, "-");
	}
	}
}

/* sort: names ascending, numbers descending, missing figures last whichever way */
static int cmp_rows(const void *x, const void *y, void *arg)
{
	const struct ui_fleet *s = arg;
	const struct fleet_row *a = &s->fr.rows[*(const int *)x], *b = &s->fr.rows[*(const int *)y];
	int c = s->sort, r = 0;

	if (c == C_HOST || c == C_VERSION || c == C_WHY) {
		r = c == C_HOST ? strcmp(a->host, b->host) : c == C_VERSION ? strcmp(a->version, b->version)
									: strcmp(a->why, b->why);
	} else if (c == C_STATE) {
		r = (int)a->state - (int)b->state;
	} else {
		double va = a->v[c - C_F0], vb = b->v[c - C_F0];
		if (isfinite(va) != isfinite(vb))
			return isfinite(va) ? -1 : 1;
		r = !isfinite(va) ? 0 : va > vb ? -1 : va < vb ? 1 : 0;
	}
	if (s->rev)
		r = -r;
	return r ? r : strcmp(a->host, b->host);
}

/* The newest frame taken, the rows filtered and sorted, the selection kept on its host. */
static void gather(struct ui *u, struct ui_panel *p)
{
	struct ui_fleet *s = st(p);
	struct fleet_frame fr;
	char name[FLEET_NAME_MAX * 4];
	int *o;

	/* the host selected in the rows drawn last: found again in the new rows or order */
	if (!s->detail[0] && p->list.sel >= 0 && p->list.sel < s->norder)
		snprintf(s->sel_host, sizeof(s->sel_host), "%s", s->fr.rows[s->order[p->list.sel]].host);
	memset(&fr, 0, sizeof(fr));
	if (session_fleet_frame(u->a, &s->seq, &fr, s->err, sizeof(s->err), &s->busy)) {
		fleet_frame_free(&s->fr);
		s->fr = fr;
		s->have = true;
	}
	if (s->detail[0]) {
		struct fleet_detail d;

		memset(&d, 0, sizeof(d));
		if (session_fleet_take_detail(u->a, &s->dseq, &d, s->derr, sizeof(s->derr))) {
			fleet_detail_free(&s->d);
			s->d = d;
			s->dhave = d.nrows > 0 || s->derr[0];
		}
	}
	if (!(o = realloc(s->order, (size_t)(s->fr.nrows > 0 ? s->fr.nrows : 1) * sizeof(int))))
		return;
	s->order = o;
	s->norder = 0;
	for (int i = 0; i < s->fr.nrows; i++)
		if (ui_filter_label(p, printable(name, sizeof(name), s->fr.rows[i].host)))
			s->order[s->norder++] = i;
	qsort_r(s->order, (size_t)s->norder, sizeof(int), cmp_rows, s);
	ui_filter_counted(p, s->norder, s->fr.nrows);
	if (s->detail[0])
		return;
	for (int k = 0; k < s->norder; k++)
		if (!strcmp(s->fr.rows[s->order[k]].host, s->sel_host))
			p->list.sel = k;
}

static void fmt_time(double t, char *buf, size_t n)
{
	time_t tt = (time_t)t;
	struct tm tm;

	/* to the millisecond: the query's evaluation time, as Prometheus' console takes it */
	if (t > 0 && localtime_r(&tt, &tm) && strftime(buf, n, "%H:%M:%S", &tm))
		snprintf(buf + strlen(buf), n - strlen(buf), ".%03d", (int)((t - (double)tt) * 1000) % 1000);
	else
		snprintf(buf, n, "?");
}

/* The frame's issues (a query failed, partial data), one line each with its query; lines used. */
static int issue_lines(struct ui *u, WINDOW *w, int y, int h, int wd, const struct fleet_issue *is, int n)
{
	char what[400], q[520], line[1000];
	int k = 0;

	/* each wrapped at words over up to three lines, the last line of the window left to the table */
	for (int i = 0; i < n && y + k < h - 1; i++) {
		snprintf(line, sizeof(line), "%s: %s (query: %s)", is[i].warning ? "partial data" : "query failed",
			 printable(what, sizeof(what), is[i].what), printable(q, sizeof(q), is[i].query));
		k += ui_put_wrapped(w, y + k, h - 1, 3, 1, wd,
				    ui_attr(u, is[i].warning ? UP_WARN : UP_BAD), line);
	}
	return k;
}

/* What is there instead of rows: no fleet configured, the engine refused, the first frame awaited. */
static bool placeholder(struct ui *u, struct ui_panel *p, WINDOW *w, int wd)
{
	char e[600];

	if (!session_fleet_configured(u->a)) {
		ui_put(w, 0, 0, wd, A_BOLD, " No fleet configured.");
		ui_put(w, 2, 0, wd, A_NORMAL, " Start pmutop with --fleet http://PROMETHEUS:9090 (a Prometheus, Thanos");
		ui_put(w, 3, 0, wd, A_NORMAL, " Query, Mimir or VictoriaMetrics query API scraping pmutop --listen), or");
		ui_put(w, 4, 0, wd, A_NORMAL, " --fleet-targets HOST:PORT,... to scrape the exporters directly; or set");
		ui_put(w, 5, 0, wd, A_NORMAL, " [fleet] url = ... (or targets = ...) in the config. See docs/fleet.md.");
		return true;
	}
	if (session_fleet_error(u->a)[0]) {
		snprintf(e, sizeof(e), " fleet: %s", session_fleet_error(u->a));
		printable_inplace(e, sizeof(e));
		ui_put(w, 0, 0, wd, ui_attr(u, UP_BAD), e);
		return true;
	}
	if (!st(p)->have && st(p)->err[0]) {
		snprintf(e, sizeof(e), " fleet: %s (trying again)", st(p)->err);
		printable_inplace(e, sizeof(e));
		ui_put(w, 0, 0, wd, ui_attr(u, UP_BAD), e);
		return true;
	}
	if (!st(p)->have) {
		snprintf(e, sizeof(e), " waiting for the fleet's first frame from %s (direct mode: one window)",
			 session_fleet_where(u->a));
		printable_inplace(e, sizeof(e));
		ui_put(w, 0, 0, wd, A_NORMAL, e);
		return true;
	}
	return false;
}

/* One row: the selection the whole line; a host whose figures are all missing (down) says why
 * after its state instead of a line of `-`. */
static void draw_row(struct ui *u, WINDOW *w, int y, int wd, const int *cols, const struct ui_tcol *tc,
		     const struct ui_tfit *fit, const struct fleet_row *r, attr_t at)
{
	char buf[FLEET_NAME_MAX * 4];
	bool none = r->state != FLEET_UP && r->why[0];

	for (int f = 0; f < FF_NFIELDS && none; f++)
		if (f != FF_AGE && isfinite(r->v[f]))
			none = false;
	if (at != A_NORMAL) {
		wattr_on(w, at, NULL);
		mvwhline(w, y, 0, ' ', wd);
		wattr_off(w, at, NULL);
	}
	for (int k = 0; k < fit->n; k++) {
		int c = cols[fit->col[k]];

		if (none && c != C_HOST && c != C_STATE) {
			char why[300];
			snprintf(buf, sizeof(buf), "%s: %s", fleet_state_name(r->state), printable(why, sizeof(why), r->why));
			ui_put(w, y, fit->x[k], wd - fit->x[k], at != A_NORMAL ? at : ui_attr(u, UP_BAD), buf);
			return;
		}
		cell(r, c, buf, sizeof(buf));
		ui_table_cell(w, y, wd, tc, fit, k, c == C_STATE && r->state != FLEET_UP && at == A_NORMAL ?
			      ui_attr(u, r->state == FLEET_DOWN ? UP_BAD : UP_WARN) : at, buf);
	}
}

/* The table's titles and rows idx[0..n) of rows (NULL: in order) from line y to h. */
static void draw_table(struct ui *u, struct ui_panel *p, WINDOW *w, int y, int h, int wd, bool detail,
		       const struct fleet_row *rows, int nall, const int *idx, int n)
{
	int cols[C_N], ncols = columns(detail, cols), sorted = -1;
	const char *tt[C_N];
	struct ui_tcol tc[C_N];
	struct ui_tfit fit;
	int lines;

	for (int i = 0; i < ncols; i++) {
		tt[i] = title(cols[i], detail);
		if (!detail && cols[i] == st(p)->sort)
			sorted = i;
	}
	table_cols(cols, ncols, host_width(rows, nall, detail), tc, detail);
	ui_table_fit(tc, ncols, &p->list.hoff, wd, &fit);
	ui_table_titles(w, y++, wd, tc, tt, &fit, sorted, st(p)->rev ? u->g->sort_up : u->g->sort_down,
			ui_attr(u, UP_HEAD));
	lines = h - y;
	p->list.sel = ui_clamp(p->list.sel, n);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, n, lines > 0 ? lines : 1);
	p->list.y = y;
	p->list.h = lines;
	if (!n && y < h)
		ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), detail ? " no socket or CPU series for this host" :
			ui_filter_set(p) ? " no host matches the filter (Esc clears it, / edits it)" :
			" the query API knows no pmutop host (are the exporters scraped?)");
	for (int k = p->list.top; k < n && y < h; k++, y++)
		draw_row(u, w, y, wd, cols, tc, &fit, &rows[idx ? idx[k] : k],
			 k == p->list.sel ? ui_attr(u, UP_SEL) : A_NORMAL);
}

static void draw_detail(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	struct ui_fleet *s = st(p);
	char host[FLEET_NAME_MAX * 4], at[24], line[1200];
	int y = 0, ns = 0, ncg = 0, ncpu;

	printable(host, sizeof(host), s->detail);
	for (int i = 0; i < s->d.nrows; i++) {
		ns += s->d.kind[i] == FLEET_D_SOCKET;
		ncg += s->d.kind[i] == FLEET_D_CGROUP;
	}
	ncpu = s->d.nrows - ns - ncg;
	if (!s->dhave) {
		snprintf(line, sizeof(line), " %s (remote): asking for its sockets and CPUs... (Esc: the hosts)", host);
		ui_put(w, 0, 0, wd, A_BOLD, line);
		return;
	}
	fmt_time(s->d.time, at, sizeof(at));
	if (s->derr[0] && !s->d.nrows)   /* nothing came: no counts of nothing over no window */
		snprintf(line, sizeof(line), "%s (remote)  Esc: the hosts", host);
	else
		snprintf(line, sizeof(line), "%s (remote): %d socket%s, %d CPU%s, %d cgroup%s, over %.0f s to %s, "
			 "%d queries  Esc: the hosts", host, ns, ns == 1 ? "" : "s", ncpu, ncpu == 1 ? "" : "s", ncg,
			 ncg == 1 ? "" : "s", s->d.window, at, s->d.nqueries);
	y += ui_put_wrapped(w, y, h, 2, 1, wd, A_BOLD, line);
	if (s->derr[0] && y < h) {
		snprintf(line, sizeof(line), "drill-down failed: %s", s->derr);
		printable_inplace(line, sizeof(line));
		y += ui_put_wrapped(w, y, h, 3, 1, wd, ui_attr(u, UP_BAD), line);
	}
	y += issue_lines(u, w, y, h, wd, s->d.issues, s->d.nissues);
	if (y < h)
		draw_table(u, p, w, y, h, wd, true, s->d.rows, s->d.nrows, NULL, s->d.nrows);
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	struct ui_fleet *s = st(p);
	char at[24], line[1600], where[1100];
	int y = 0;

	gather(u, p);
	if (placeholder(u, p, w, wd))
		return;
	if (s->detail[0]) {
		draw_detail(u, p, w, h, wd);
		return;
	}
	fmt_time(s->fr.time, at, sizeof(at));
	printable(where, sizeof(where), session_fleet_where(u->a));
	for (char *c = where; (c = strchr(c, ',')) && strlen(where) + 2 < sizeof(where); c += 2) {
		memmove(c + 2, c + 1, strlen(c + 1) + 1);   /* targets apart, so that the line wraps */
		c[1] = ' ';
	}
	snprintf(line, sizeof(line), "%s %s  at %s  window %.0f s  %d queries  rules %s (%.0f ms)%s", s->fr.mode,
		 where, at, s->fr.window, s->fr.nqueries, s->fr.rules ? "used" : "not used", s->fr.elapsed * 1000,
		 s->busy ? "  refreshing" : "");
	y += ui_put_wrapped(w, y, h, 2, 1, wd, A_BOLD, line);
	if (s->err[0] && y < h) {
		snprintf(line, sizeof(line), "last refresh failed (rows from %s): %s", at, s->err);
		printable_inplace(line, sizeof(line));
		y += ui_put_wrapped(w, y, h, 3, 1, wd, ui_attr(u, UP_BAD), line);
	}
	y += issue_lines(u, w, y, h, wd, s->fr.issues, s->fr.nissues);
	if (y < h)
		draw_table(u, p, w, y, h, wd, false, s->fr.rows, s->fr.nrows, s->order, s->norder);
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->detail[0] ? st(p)->d.nrows : st(p)->norder;
}

static void open_detail(struct ui *u, struct ui_panel *p)
{
	struct ui_fleet *s = st(p);

	if (p->list.sel >= s->norder)
		return;
	snprintf(s->detail, sizeof(s->detail), "%s", s->fr.rows[s->order[p->list.sel]].host);
	snprintf(s->sel_host, sizeof(s->sel_host), "%s", s->detail);
	s->hosts_list = p->list;
	p->list = (struct ui_list){ 0 };
	fleet_detail_free(&s->d);
	s->dhave = false;
	s->derr[0] = '\0';
	session_fleet_detail(u->a, s->detail);
}

static void close_detail(struct ui *u, struct ui_panel *p)
{
	struct ui_fleet *s = st(p);

	s->detail[0] = '\0';
	fleet_detail_free(&s->d);
	s->dhave = false;
	p->list = s->hosts_list;
	session_fleet_detail(u->a, NULL);
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	struct ui_fleet *s = st(p);
	int cols[C_N], n = columns(false, cols);

	if (s->detail[0]) {   /* the drill-down: Esc (or Enter) back to the hosts */
		if (action != UA_BACK && action != UA_TOGGLE)
			return false;
		close_detail(u, p);
		u->dirty_body = true;
		return true;
	}
	switch (action) {
	case UA_SORT_PREV:
	case UA_SORT_NEXT:
		s->sort = ui_table_sort_step(cols, n, s->sort, action == UA_SORT_NEXT ? 1 : -1);
		break;
	case UA_REVERSE: s->rev = !s->rev; break;
	case UA_TOGGLE: open_detail(u, p); break;
	default: return false;
	}
	if (action != UA_TOGGLE)
		snprintf(u->status, sizeof(u->status), "sorted by %s%s", title(s->sort, false), s->rev ? " (reversed)" : "");
	u->dirty_body = true;
	return true;
}

/* Esc in the drill-down goes back to the hosts before it would clear the hosts' filter. */
static bool input(struct ui *u, struct ui_panel *p, int ch)
{
	if (ch != 27 || !st(p)->detail[0])
		return false;
	close_detail(u, p);
	u->dirty_body = true;
	return true;
}

static const char *rows_of(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->detail[0] ? "sockets and CPUs" : "hosts";
}

const struct ui_panel_class ui_panel_fleet = {
	.name = "fleet", .tab = "Fleet", .tabkey = "N", .action = UA_FLEET, .rows = "hosts",
	.init = init, .free = free_state, .enter = enter, .draw = draw, .nrows = nrows, .key = key,
	.input = input, .rows_of = rows_of,
};
