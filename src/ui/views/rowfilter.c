/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* rowfilter.c: `/` in the cores, sockets and top-down views: the prompt, the footer line, and
 * the test each view makes per row. The aggregate rows (all, sockets' totals) stay over every CPU,
 * as htop's meters stay over every process while its list is filtered; the footer says so. */
#include "rowfilter.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/filter.h"
#include "ui/widgets/format.h"
#include "ui/widgets/lineedit.h"
#include "view.h"

/* The prompt (one at a time, for the view on screen); each panel keeps its own filter. */
struct ui_rowfilter {
	bool typing;               /* the prompt is open */
	struct ui_line line;       /* its editor, over the text of the panel on screen */
	char err[96];
};

int ui_rowfilter_init(struct ui *u)
{
	return (u->rf = calloc(1, sizeof(*u->rf))) ? 0 : -ENOMEM;
}

void ui_rowfilter_free(struct ui *u)
{
	if (!u->rf)
		return;
	free(u->rf);
	u->rf = NULL;
}

static bool filter_view(const struct ui_panel *p)
{
	return p->cls->rows || p->cls->rows_of;
}

/* The core types of the machine, as the TYPE column writes them (a hybrid's P and E, the
 * clusters of a big.LITTLE), so that a word "P" or "a76" is a type word. */
static int machine_types(struct ui *u, char names[][24], int max)
{
	const struct model *m = session_model(u->a);
	int n = 0;

	if (!session_machine_cpus(u->a))
		return 0;
	for (int c = 0; c < m->ncpus; c++) {
		char t[24];
		int k;
		ui_fmt_core_type(session_cpu_pmu(u->a, c), t, sizeof(t));
		for (k = 0; k < n && strcmp(names[k], t) != 0; k++)
			;
		if (k == n && n < max)
			snprintf(names[n++], 24, "%s", t);
	}
	return n > 1 ? n : 0;   /* one type: no TYPE column, and no type words */
}

static void recompile(struct ui *u, struct ui_panel *p)
{
	char names[8][24];
	const char *types[8];
	int nt = machine_types(u, names, 8);

	for (int i = 0; i < nt; i++)
		types[i] = names[i];
	ui_filter_free(&p->filter.flt);
	ui_filter_compile(p->filter.text, types, nt, &p->filter.flt, u->rf->err, sizeof(u->rf->err));
	p->list.sel = p->list.top = 0;
	u->dirty_body = u->dirty_foot = true;
}

static void filter_clear(struct ui *u, struct ui_panel *p)
{
	p->filter.text[0] = '\0';
	u->rf->err[0] = '\0';
	recompile(u, p);
}

bool ui_filter_key(struct ui *u, int action)
{
	struct ui_panel *v = u->cur;

	if (!filter_view(v))
		return false;
	if (action == UA_BROWSE) {
		u->rf->typing = true;
		/* the filter as it is, the cursor at its end */
		ui_line_init(&u->rf->line, v->filter.text, UI_FILTER_LEN, v->filter.text);
		u->status[0] = '\0';
		recompile(u, v);
		return true;
	}
	if (action == UA_BACK && v->filter.text[0]) {
		filter_clear(u, v);
		snprintf(u->status, sizeof(u->status), "filter cleared");
		u->status_err = false;
		return true;
	}
	return false;
}

bool ui_filter_input(struct ui *u, int ch)
{
	struct ui_panel *v = u->cur;

	if (!u->rf->typing || !filter_view(v))
		return false;
	if (u->rf->line.buf != v->filter.text)   /* the view changed under the prompt */
		ui_line_init(&u->rf->line, v->filter.text, UI_FILTER_LEN, v->filter.text);
	switch (ui_line_key(&u->rf->line, ch)) {
	case UI_LINE_CANCEL:   /* Esc: no filter */
		u->rf->typing = false;
		filter_clear(u, v);
		return true;
	case UI_LINE_ENTER:
		u->rf->typing = false;
		u->dirty_foot = true;
		return true;
	case UI_LINE_EDITED:
		recompile(u, v);
		return true;
	case UI_LINE_MOVED:
		u->dirty_foot = true;
		return true;
	default:   /* Up, Down, PgUp, PgDn, the mouse: move in the filtered list while typing */
		return !(ch == KEY_UP || ch == KEY_DOWN || ch == KEY_PPAGE || ch == KEY_NPAGE || ch == KEY_MOUSE ||
			 ch == KEY_RESIZE);
	}
}

bool ui_filter_footer(struct ui *u, WINDOW *w, int *x)
{
	const struct ui_rowfilter *rf = u->rf;
	struct ui_panel *v = u->cur;
	char buf[320];
	const char *what = v->cls->rows_of ? v->cls->rows_of(u, v) : v->cls->rows;

	if (!filter_view(v) || (!rf->typing && (!v->filter.text[0] || u->status[0])))
		return false;
	if (rf->typing) {
		int tw;

		*x = ui_put(w, 0, 0, u->cols, A_BOLD, " filter: ");
		if (rf->line.buf != v->filter.text)
			ui_line_init(&u->rf->line, v->filter.text, UI_FILTER_LEN, v->filter.text);
		tw = rf->line.len + 1 < u->cols - *x ? rf->line.len + 1 : u->cols - *x;   /* text and cursor */
		ui_line_draw(w, 0, *x, tw, A_NORMAL, &rf->line);
		*x += tw;
		snprintf(buf, sizeof(buf), "  %s", rf->err[0] ? rf->err : v->cls->filter_pids ?
			 "PID list 1,200-300 | text: name, user, cgroup; Enter keeps, Esc clears" :
			 "CPU list 0-3,8 | socket s1 | type P, E | text; Enter keeps, Esc clears");
		*x += ui_put(w, 0, *x, u->cols - *x, rf->err[0] ? ui_attr(u, UP_BAD) : ui_attr(u, UP_DIM), buf);
		return true;
	}
	snprintf(buf, sizeof(buf), " filter \"%s\": %d of %d %s shown; all*: totals over every CPU  (/ edit, Esc clear)",
		 v->filter.text, v->filter.shown, v->filter.total, what);
	*x = ui_put(w, 0, 0, u->cols, ui_attr(u, UP_WARN) | A_BOLD, buf);
	return true;
}

bool ui_filter_set(const struct ui_panel *p)
{
	return p->filter.flt.n > 0;
}

void ui_filter_counted(struct ui_panel *p, int shown, int total)
{
	p->filter.shown = shown;
	p->filter.total = total;
}

bool ui_filter_label(struct ui_panel *p, const char *label)
{
	struct ui_frow r = { NULL, -1, -1, NULL, label };

	return !ui_filter_set(p) || ui_filter_match(&p->filter.flt, &r);
}

bool ui_filter_ids(struct ui_panel *p, const int *ids, int n, const char *label)
{
	struct ui_frow r = { ids, n, -1, NULL, label };

	return !ui_filter_set(p) || ui_filter_match(&p->filter.flt, &r);
}

bool ui_filter_cpus(struct ui *u, struct ui_panel *p, const int *cpus, int n, const char *label)
{
	const struct model *m = session_model(u->a);
	int small[64], *ids = n <= 64 ? small : malloc(sizeof(int) * (size_t)n), sock = -1;
	char type[24] = "", t[24];
	bool typed = session_machine_cpus(u->a), ok;
	struct ui_frow r;

	if (!ui_filter_set(p))
		return true;
	if (!ids)
		return true;
	for (int i = 0; i < n; i++) {
		ids[i] = m->cpu_ids[cpus[i]];
		/* the row's socket and core type when all its CPUs share one (a socket of a hybrid
		 * has both types: a type word does not hide it) */
		if (i == 0 && m->cpu_sock[cpus[0]] >= 0)
			sock = m->sock_ids[m->cpu_sock[cpus[0]]];
		if (!typed)
			continue;
		ui_fmt_core_type(session_cpu_pmu(u->a, cpus[i]), t, sizeof(t));
		if (i == 0)
			snprintf(type, sizeof(type), "%s", t);
		else if (strcmp(type, t) != 0)
			typed = false;
	}
	r = (struct ui_frow){ ids, n, sock, typed && type[0] ? type : NULL, label };
	ok = ui_filter_match(&p->filter.flt, &r);
	if (ids != small)
		free(ids);
	return ok;
}
