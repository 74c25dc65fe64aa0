/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evbrowse.c: the event browser: every named event of the CPU by PMU and topic, `/` search over names
 * and descriptions, a description pane (encoding, counters) and Enter to add the event to the list. */
#include "evbrowse.h"
#include "ui/widgets/table.h"
#include "view.h"
#include "app/app.h"
#include "app/session.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/catalog/catalog.h"

#define PANE_LINES 6

static const struct catalog *sort_cat;

static const char *group_pmu(const struct cat_event *e) { return e->pmu[0] ? e->pmu : "cpu"; }

static int by_group(const void *a, const void *b)
{
	const struct cat_event *x = &sort_cat->ev[*(const int *)a], *y = &sort_cat->ev[*(const int *)b];
	int r = strcmp(group_pmu(x), group_pmu(y));

	if (!r)
		r = strcmp(x->topic, y->topic);
	if (!r)
		r = strcmp(x->name, y->name);
	return r;
}

int ui_browse_index(struct ui_browse *b, const struct catalog *c)
{
	free(b->order);
	free(b->rows);
	b->order = b->rows = NULL;
	b->norder = b->nrows = 0;
	if (c->n <= 0)
		return 0;
	b->order = malloc(sizeof(int) * (size_t)c->n);
	b->rows = malloc(sizeof(int) * 2 * (size_t)c->n);   /* at most one heading per event */
	if (!b->order || !b->rows)
		return -ENOMEM;
	for (int i = 0; i < c->n; i++)
		b->order[i] = i;
	sort_cat = c;
	qsort(b->order, (size_t)c->n, sizeof(int), by_group);
	sort_cat = NULL;
	b->norder = c->n;
	return 0;
}

static bool same_group(const struct cat_event *x, const struct cat_event *y)
{
	return strcmp(group_pmu(x), group_pmu(y)) == 0 && strcmp(x->topic, y->topic) == 0;
}

void ui_browse_filter(struct ui_browse *b, const struct catalog *c)
{
	const struct cat_event *last = NULL;

	b->nrows = 0;
	if (!b->rows)
		return;
	for (int k = 0; k < b->norder; k++) {
		const struct cat_event *e = &c->ev[b->order[k]];
		if (b->query[0] && !strcasestr(e->name, b->query) && !strcasestr(e->desc, b->query))
			continue;
		if (!last || !same_group(last, e))
			b->rows[b->nrows++] = -1 - k;
		b->rows[b->nrows++] = b->order[k];
		last = e;
	}
	/* keep the selection on an event, not a heading */
	if (b->sel >= b->nrows)
		b->sel = b->nrows - 1;
	if (b->sel < 0)
		b->sel = 0;
	if (b->nrows && b->rows[b->sel] < 0 && b->sel + 1 < b->nrows)
		b->sel++;
}

void ui_browse_counters(const char *counter, const char *terms, char *out, size_t n)
{
	const char *msr = "";

	if (strstr(terms, "offcore_rsp=") || strstr(terms, "ldlat=") || strstr(terms, "frontend="))
		msr = "; needs an MSR (one event of its kind at a time)";
	if (!counter[0])
		snprintf(out, n, "Counter: not given by the table (any)%s", msr);
	else if (strncasecmp(counter, "fixed", 5) == 0)
		snprintf(out, n, "Counter: %s only (fixed-only)%s", counter, msr);
	else
		snprintf(out, n, "Counter: %s%s", counter, msr);
}

void ui_browse_free(struct ui_browse *b)
{
	free(b->order);
	free(b->rows);
	memset(b, 0, sizeof(*b));
}

void ui_browse_open(struct ui *u, struct ui_browse *b, bool search)
{
	struct catalog *c = &u->a->cat;

	if (!b->order) {
		if (catalog_load(c) < 0 || ui_browse_index(b, c) < 0) {
			snprintf(u->status, sizeof(u->status), "event browser: out of memory");
			u->status_err = true;
			return;
		}
		ui_browse_filter(b, c);
	}
	b->open = true;
	if (search) {
		b->searching = true;
		ui_line_init(&b->q, b->query, (int)sizeof(b->query), NULL);
		ui_browse_filter(b, c);
	}
	if (!c->n) {
		char hint[256];
		catalog_hint(c, hint, sizeof(hint));
		snprintf(u->status, sizeof(u->status), "no named events for this CPU: %.250s", hint);
		u->status_err = true;
	}
}

/* The syntax that adds catalog event e: its name, qualified by a hybrid core PMU. */
static void syntax_of(const struct cat_event *e, char *out, size_t n)
{
	if (strncmp(e->pmu, "cpu_", 4) == 0)
		snprintf(out, n, "%s/%s/", e->pmu, e->name);
	else
		snprintf(out, n, "%s", e->name);
}

/* The selected event's syntax into picked (the events view adds it). */
static void pick_selected(struct ui *u, const struct ui_browse *b, char *picked, size_t n)
{
	if (!b->nrows || b->rows[b->sel] < 0)
		return;
	syntax_of(&u->a->cat.ev[b->rows[b->sel]], picked, n);
}

static void step(struct ui_browse *b, int d)
{
	int s = b->sel + d;

	if (s < 0)
		s = 0;
	if (s >= b->nrows)
		s = b->nrows - 1;
	/* headings are skipped in the direction of travel */
	while (s >= 0 && s < b->nrows && b->rows[s] < 0)
		s += d < 0 ? -1 : 1;
	if (s < 0 || s >= b->nrows)
		return;
	b->sel = s;
}

bool ui_browse_input(struct ui *u, struct ui_browse *b, int ch, char *picked, size_t n)
{

	if (!b->open)
		return false;
	switch (ch) {
	case KEY_UP: step(b, -1); return true;
	case KEY_DOWN: step(b, 1); return true;
	case KEY_PPAGE: step(b, -10); return true;
	case KEY_NPAGE: step(b, 10); return true;
	case '\n': case '\r': case KEY_ENTER:
		pick_selected(u, b, picked, n);
		return true;
	case 27:
		if (b->searching)
			b->searching = false;
		else
			b->open = false;
		return true;
	default:
		break;
	}
	if (b->searching) {
		switch (ui_line_key(&b->q, ch)) {
		case UI_LINE_EDITED:
			b->sel = 0;
			ui_browse_filter(b, &u->a->cat);
			return true;
		case UI_LINE_MOVED:
			return true;
		default:
			return false;
		}
	}
	switch (ch) {
	case '/':
		ui_browse_open(u, b, true);
		return true;
	case ' ':
		pick_selected(u, b, picked, n);
		return true;
	case 'k': step(b, -1); return true;
	case 'j': step(b, 1); return true;
	case KEY_HOME: b->sel = 0; step(b, 1); step(b, -1); return true;
	case KEY_END: b->sel = b->nrows - 1; return true;
	default:
		return false;
	}
}

static void draw_pane(struct ui *u, WINDOW *w, int y, int wd, const struct cat_event *e)
{
	char buf[CAT_TEXT_MAX + 256];
	const char *pmu = e->pmu[0] ? e->pmu : "the core PMU";

	wattr_on(w, ui_attr(u, UP_DIM), NULL);
	mvwhline(w, y, 0, ACS_HLINE, wd);
	wattr_off(w, ui_attr(u, UP_DIM), NULL);
	snprintf(buf, sizeof(buf), " %s  (%s; %s%s)", e->name, pmu, e->origin ? e->origin : "",
		 e->deprecated ? "; deprecated" : "");
	ui_put(w, y + 1, 0, wd, A_BOLD, buf);
	snprintf(buf, sizeof(buf), " Encoding: %s/%s/", e->pmu[0] ? e->pmu : "cpu", e->terms);
	ui_put(w, y + 2, 0, wd, A_NORMAL, buf);
	buf[0] = ' ';
	ui_browse_counters(e->counter, e->terms, buf + 1, sizeof(buf) - 1);
	ui_put(w, y + 3, 0, wd, A_NORMAL, buf);
	snprintf(buf, sizeof(buf), " %s", e->desc[0] ? e->desc : "(no description)");
	ui_put(w, y + 4, 0, wd, ui_attr(u, UP_DIM), buf);
	if (wd > 0 && (int)strlen(buf) > wd)
		ui_put(w, y + 5, 0, wd, ui_attr(u, UP_DIM), buf + wd);
}

void ui_browse_draw(struct ui *u, struct ui_browse *b, WINDOW *w, int y, int h, int wd)
{
	const struct catalog *c = &u->a->cat;
	char buf[CAT_NAME_MAX + 256];
	int nev = 0, list_end = h - PANE_LINES, list_h, hoff = 0;
	struct ui_tcol tc[3] = { { .width = 2, .left = true, .fixed = true }, { .width = 45, .left = true, .fixed = true },
				 { .width = 20, .left = true, .fill = true } };
	struct ui_tfit fit;

	for (int i = 0; i < b->nrows; i++)
		nev += b->rows[i] >= 0;
	{
		int x;

		/* the CPU's names come from its model: without a hardware PMU none of them counts here */
		snprintf(buf, sizeof(buf), " Browse: %d of %d named events%s%s%s", nev, c->n,
			 session_hw_reason(u->a)[0] ? " (none counts here: no hardware PMU)" : "",
			 b->query[0] || b->searching ? "  search: " : "", b->searching ? "" : b->query);
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_HEAD), buf);
		if (b->searching && x < wd)   /* the query being typed, its cursor shown */
			ui_line_draw(w, y, x, wd - x, ui_attr(u, UP_HEAD), &b->q);
		y++;
	}
	if (list_end <= y)
		list_end = h;
	list_h = list_end - y;
	if (list_h < 1)
		return;
	b->top = ui_scroll_top(b->top, b->sel, b->nrows, list_h);
	/* the table: the mark, the name (as wide as the longest shown), the description */
	for (int k = b->top; k < b->nrows && k < b->top + list_h; k++)
		if (b->rows[k] >= 0 && (int)strlen(c->ev[b->rows[k]].name) > tc[1].width)
			tc[1].width = (int)strlen(c->ev[b->rows[k]].name);
	if (tc[1].width > wd - 14)
		tc[1].width = wd - 14 > 45 ? wd - 14 : 45;
	ui_table_fit(tc, 3, &hoff, wd, &fit);
	for (int k = b->top; k < b->nrows && y < list_end; k++, y++) {
		int r = b->rows[k];
		attr_t sel = k == b->sel ? ui_attr(u, UP_SEL) : 0;
		if (r < 0) {
			const struct cat_event *e = &c->ev[b->order[-1 - r]];
			snprintf(buf, sizeof(buf), " PMU %s%s%s", group_pmu(e), e->topic[0] ? ", " : "", e->topic);
			ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL) | A_BOLD, buf);
			continue;
		}
		if (sel) {
			wattr_on(w, sel, NULL);
			mvwhline(w, y, 0, ' ', wd);
			wattr_off(w, sel, NULL);
		}
		for (int i = 0; i < fit.n; i++)
			ui_table_cell(w, y, wd, tc, &fit, i, sel || fit.col[i] < 2 ? sel : ui_attr(u, UP_DIM),
				      fit.col[i] == 0 ? (sel ? " >" : "") : fit.col[i] == 1 ? c->ev[r].name : c->ev[r].desc);
	}
	if (list_end < h && b->nrows && b->rows[b->sel] >= 0)
		draw_pane(u, w, list_end, wd, &c->ev[b->rows[b->sel]]);
}
