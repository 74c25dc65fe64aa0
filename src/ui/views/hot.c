/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot.c: the hot functions (o, issue 40): opened on the selected row of the cores, top-down,
 * processes or cgroups view (its target), the functions of that CPU list, process or cgroup ranked
 * by their share of the samples of a sliding window, each with its DSO and, sampled as a group, its
 * own IPC and MPKI; what is sampled, how, and what the window lost said above them. The sampling is
 * the app's (session_hot_*): the panel starts it when shown, stops it when left, and reads. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "base/printable.h"
#include "ui/widgets/format.h"
#include "ui/widgets/lineedit.h"
#include "ui/widgets/table.h"
#include "view.h"

enum { H_SHARE, H_SAMPLES, H_IPC, H_MPKI, H_FUNC, H_DSO, H_N };

static const struct { const char *title; int width; bool left; } hcols[H_N] = {
	[H_SHARE] = { "SHARE%", 6, false }, [H_SAMPLES] = { "SAMPLES", 8, false },
	[H_IPC] = { "IPC", 5, false }, [H_MPKI] = { "MPKI", 6, false },
	[H_FUNC] = { "FUNCTION", 34, true }, [H_DSO] = { "DSO", 20, true },
};

/* The windows w steps through (seconds). */
static const double windows[] = { 2, 5, 10, 30, 60 };

struct ui_hot {
	struct ui_target t;            /* what it was aimed at */
	int sort;                      /* H_*: the column sorted by */
	bool rev;
	bool editing;                  /* a: the event prompt is open */
	struct ui_line line;
	char text[256];
	const struct hot_row *order[SESSION_HOT_ROWS];
	int n;
};

static struct ui_hot *st(const struct ui_panel *p)
{
	return p->st;
}

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!(p->st = calloc(1, sizeof(struct ui_hot))))
		return -ENOMEM;
	st(p)->sort = H_SHARE;
	return 0;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	free(p->st);
	p->st = NULL;
}

static bool aim(struct ui *u, struct ui_panel *p, const struct ui_target *t)
{
	(void)u;
	if (t->kind != UT_CPUS && t->kind != UT_PID && t->kind != UT_CGROUP)
		return false;
	st(p)->t = *t;
	p->list.sel = p->list.top = p->list.hoff = 0;
	return true;
}

/* Shown: the row it was aimed at is sampled (what was refused is said in the panel). */
static void enter(struct ui *u, struct ui_panel *p)
{
	const struct ui_target *t = &st(p)->t;
	struct session_hot_aim h = { .label = t->label, .cpus = t->cpus, .pid = t->pid, .cgroup = t->cgroup };

	h.kind = t->kind == UT_PID ? HOT_PID : t->kind == UT_CGROUP ? HOT_CGROUP : HOT_CPUS;
	st(p)->editing = false;
	st(p)->n = 0;
	if (session_hot_start(u->a, &h) == 0) {
		snprintf(u->status, sizeof(u->status), "sampling %.200s: the first functions after a refresh", t->label);
		u->status_err = false;
	}
}

static void leave(struct ui *u, struct ui_panel *p)
{
	(void)p;
	session_hot_stop(u->a);
}

/* The columns shown: IPC and MPKI only when a group gives them. */
static int columns(struct ui *u, int *cols)
{
	const struct hot_info *in = session_hot_info(u->a);
	int n = 0;

	for (int c = 0; c < H_N; c++)
		if ((c != H_IPC && c != H_MPKI) || (in && in->group))
			cols[n++] = c;
	return n;
}

/* A row's name: the function, or DSO+0xOFF and why it is not named. */
static void name_of(const struct hot_row *r, char *buf, size_t n)
{
	char raw[600];
	const char *base = strrchr(r->dso, '/');

	if (r->symbol)
		snprintf(raw, sizeof(raw), "%s", r->symbol);
	else
		snprintf(raw, sizeof(raw), "%.300s+0x%" PRIx64 " (%s)", base ? base + 1 : r->dso, r->off,
			 r->why ? r->why : "unknown");
	printable(buf, n, raw);
}

/* How gather sorts: by column col (H_SHARE is H_SAMPLES), reversed or not. */
struct hot_sort {
	int col;
	bool rev;
};

static int row_cmp(const void *x, const void *y, void *arg)
{
	const struct hot_row *a = *(const struct hot_row *const *)x, *b = *(const struct hot_row *const *)y;
	const struct hot_sort *k = arg;
	int sort_col = k->col;
	char na[600], nb[600];
	double va, vb;
	int r;

	switch (sort_col) {
	case H_FUNC:
		name_of(a, na, sizeof(na)), name_of(b, nb, sizeof(nb));
		r = strcmp(na, nb);
		break;
	case H_DSO:
		r = strcmp(a->dso, b->dso);
		break;
	default:   /* the biggest first, a missing figure last */
		va = sort_col == H_IPC ? a->ipc : sort_col == H_MPKI ? a->mpki : (double)a->samples;
		vb = sort_col == H_IPC ? b->ipc : sort_col == H_MPKI ? b->mpki : (double)b->samples;
		r = isnan(va) || isnan(vb) ? isnan(va) - isnan(vb) : (va < vb) - (va > vb);
		break;
	}
	if (!r)   /* ties: more samples first, then the name */
		r = (a->samples < b->samples) - (a->samples > b->samples);
	return k->rev ? -r : r;
}

static void gather(struct ui *u, struct ui_panel *p)
{
	const struct hot_row *rows;
	int n = session_hot_rows(u->a, &rows);
	struct hot_sort key = { .col = st(p)->sort == H_SHARE ? H_SAMPLES : st(p)->sort, .rev = st(p)->rev };

	for (int i = 0; i < n && i < SESSION_HOT_ROWS; i++)
		st(p)->order[i] = &rows[i];
	st(p)->n = n < SESSION_HOT_ROWS ? n : SESSION_HOT_ROWS;
	qsort_r(st(p)->order, (size_t)st(p)->n, sizeof(st(p)->order[0]), row_cmp, &key);
}

static void cell(const struct hot_row *r, int c, char *buf, size_t n)
{
	char dso[600];

	switch (c) {
	case H_SHARE: ui_fmt_fixed(r->share * 100.0, 1, buf, n); break;
	case H_SAMPLES: snprintf(buf, n, "%" PRIu64, r->samples); break;
	case H_IPC: isnan(r->ipc) ? snprintf(buf, n, "-") : (ui_fmt_fixed(r->ipc, 2, buf, n), 0); break;
	case H_MPKI: isnan(r->mpki) ? snprintf(buf, n, "-") : (ui_fmt_fixed(r->mpki, 1, buf, n), 0); break;
	case H_FUNC: name_of(r, buf, n); break;
	default: snprintf(dso, sizeof(dso), "%s", r->dso); printable(buf, n, dso); break;
	}
}

/* The lines above the table: the target, what is sampled, the window and its losses, the notes.
 * Returns the next line. */
static int head_lines(struct ui *u, WINDOW *w, int wd, int h)
{
	const struct hot_info *in = session_hot_info(u->a);
	struct session_hot_state s;
	char buf[900];
	int y = 0;

	session_hot_state(u->a, &s);
	if (!in) {
		snprintf(buf, sizeof(buf), "hot functions of %s: not sampled: %s", s.label, s.why[0] ? s.why : "stopped");
		y += ui_put_wrapped(w, y, h, 3, 1, wd, ui_attr(u, UP_BAD), buf);
	} else {
		snprintf(buf, sizeof(buf), "hot functions of %s: %s at %u Hz, window %.1f of %.0f s, %" PRIu64
			 " samples", s.label, in->event, in->freq, in->window, s.window, in->samples);
		y += ui_put_wrapped(w, y, h, 2, 1, wd, ui_attr(u, UP_TITLE), buf);
		if (y < h && (in->throttled || in->lost || in->corrupt)) {
			int k = snprintf(buf, sizeof(buf), "! this window:");

			if (in->throttled)
				k += snprintf(buf + k, sizeof(buf) - (size_t)k, " throttled %" PRIu64 " times (unthrottled %"
					      PRIu64 "),", in->throttled, in->unthrottled);
			if (in->lost)
				k += snprintf(buf + k, sizeof(buf) - (size_t)k, " lost %" PRIu64 " samples,", in->lost);
			if (in->corrupt)
				k += snprintf(buf + k, sizeof(buf) - (size_t)k, " skipped %" PRIu64 " bytes,", in->corrupt);
			snprintf(buf + k - 1, sizeof(buf) - (size_t)k + 1, ": the shares are of the samples kept");
			y += ui_put_wrapped(w, y, h, 2, 1, wd, ui_attr(u, UP_WARN), buf);
		}
		if (y < h && in->wnote[0]) {   /* whole, its advice at the end: wrapped at words under "!" */
			ui_put(w, y, 1, wd - 1, ui_attr(u, UP_WARN), "!");
			y += ui_put_wrapped(w, y, h, 3, 3, wd, ui_attr(u, UP_WARN), in->wnote);
		}
		if (y < h && in->note[0])
			y += ui_put_wrapped(w, y, h, UI_WRAP_MAX, 1, wd, ui_attr(u, UP_WARN), in->note);
	}
	if (y < h && s.perm[0])
		y += ui_put_wrapped(w, y, h, 3, 1, wd, ui_attr(u, UP_WARN), s.perm);
	if (y < h)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_DIM), " a: the event sampled   w: the window   < > I: sort   Esc: back");
	return y;
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	struct ui_hot *s = st(p);
	int cols[H_N], n = columns(u, cols), y, sorted = -1;
	const char *tt[H_N];
	struct ui_tcol tc[H_N];
	struct ui_tfit fit;

	y = head_lines(u, w, wd, h);
	if (s->editing && y < h) {
		static const char prompt[] = " event to sample (perf syntax, {a,b}:S a group): ";
		int plen = (int)sizeof(prompt) - 1;

		ui_put(w, y, 0, wd, ui_attr(u, UP_HEAD), prompt);
		if (wd - plen > 4)
			ui_line_draw(w, y, plen, wd - plen, A_NORMAL, &s->line);
		y++;
	}
	gather(u, p);
	for (int i = 0; i < n; i++) {
		int c = cols[i];

		tt[i] = hcols[c].title;
		tc[i] = (struct ui_tcol){ .width = hcols[c].width, .left = hcols[c].left, .fixed = c == H_FUNC,
					  .fill = c == H_DSO || c == H_FUNC };
		if (c == s->sort)
			sorted = i;
	}
	ui_table_fit(tc, n, &p->list.hoff, wd, &fit);
	if (y >= h)
		return;
	ui_table_titles(w, y++, wd, tc, tt, &fit, sorted, s->rev ? u->g->sort_up : u->g->sort_down,
			ui_attr(u, UP_HEAD));
	p->list.y = y;
	p->list.h = h - y;
	ui_list_fit(&p->list, s->n, h - y > 0 ? h - y : 1);
	if (!s->n && y < h && session_hot_info(u->a))
		ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), " no samples in the window yet (the target has not run?)");
	for (int k = p->list.top; k < s->n && y < h; k++, y++) {
		attr_t at = k == p->list.sel ? ui_attr(u, UP_SEL) : A_NORMAL;
		char buf[700];

		if (at != A_NORMAL) {
			wattr_on(w, at, NULL);
			mvwhline(w, y, 0, ' ', wd);
			wattr_off(w, at, NULL);
		}
		for (int j = 0; j < fit.n; j++) {
			cell(s->order[k], cols[fit.col[j]], buf, sizeof(buf));
			ui_table_cell(w, y, wd, tc, &fit, j, at, buf);
		}
	}
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return st(p)->n;
}

/* w: the next window of the list (after the longest, the shortest). */
static void next_window(struct ui *u)
{
	struct session_hot_state s;
	size_t n = sizeof(windows) / sizeof(windows[0]), i = 0;
	char why[300];

	session_hot_state(u->a, &s);
	while (i < n && windows[i] <= s.window + 1e-9)
		i++;
	if (session_hot_set(u->a, NULL, windows[i % n], why, sizeof(why)) < 0) {
		snprintf(u->status, sizeof(u->status), "window not changed: %.250s", why);
		u->status_err = true;
	} else {
		snprintf(u->status, sizeof(u->status), "window %.0f s (sampling again from now)", windows[i % n]);
		u->status_err = false;
	}
}

static void submit(struct ui *u, struct ui_panel *p)
{
	char why[400];

	st(p)->editing = false;
	if (!st(p)->text[0])
		return;
	if (session_hot_set(u->a, st(p)->text, 0, why, sizeof(why)) < 0) {
		snprintf(u->status, sizeof(u->status), "not sampled: %.280s", why);
		u->status_err = true;
	} else {
		snprintf(u->status, sizeof(u->status), "sampling %.200s from now", st(p)->text);
		u->status_err = false;
	}
}

/* Raw keys: the event prompt while open. */
static bool input(struct ui *u, struct ui_panel *p, int ch)
{
	if (!st(p)->editing)
		return false;
	switch (ui_line_key(&st(p)->line, ch)) {
	case UI_LINE_CANCEL: st(p)->editing = false; break;
	case UI_LINE_ENTER: submit(u, p); break;
	default: break;   /* the prompt takes every key while open */
	}
	u->dirty_body = true;
	return true;
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	int cols[H_N], n = columns(u, cols);
	struct session_hot_state s;

	switch (action) {
	case UA_SORT_PREV:
	case UA_SORT_NEXT:
		st(p)->sort = ui_table_sort_step(cols, n, st(p)->sort, action == UA_SORT_NEXT ? 1 : -1);
		break;
	case UA_REVERSE: st(p)->rev = !st(p)->rev; break;
	case UA_WINDOW: next_window(u); break;
	case UA_ADD:
		session_hot_state(u->a, &s);
		st(p)->editing = true;
		ui_line_init(&st(p)->line, st(p)->text, (int)sizeof(st(p)->text), s.event);
		break;
	default: return false;
	}
	u->dirty_body = true;
	return true;
}

static const char *rows_of(struct ui *u, struct ui_panel *p)
{
	(void)u, (void)p;
	return "functions";
}

const struct ui_panel_class ui_panel_hot = {
	.title = "hot functions", .action = UA_HOT, .on_target = true, .init = init, .free = free_state, .enter = enter, .leave = leave,
	.draw = draw, .nrows = nrows, .key = key, .input = input, .aim = aim, .rows_of = rows_of,
};
