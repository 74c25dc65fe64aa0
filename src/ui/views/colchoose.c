/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* colchoose.c: the column chooser (F or f), after htop's Setup screen: every column the cores
 * view can show, ticked when shown, in screen order; space shows or hides one, [ and ] (or F7,
 * F8) move it; leaving (Esc, q, F, f) applies the choice and saves it as the "columns" setting. */
#include "colchoose.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/cols.h"
#include "config/keylist.h"
#include "cores_rdt.h"
#include "save.h"
#include "view.h"

/* the "columns" setting's room */
#define COLUMNS_LEN sizeof(((struct settings *)0)->columns)

struct ui_colchoose {
	struct ui_list *owner;   /* the list of the view that opened it: back to its first column */
	int n, sel, top;
	bool changed;
	/* na: this machine hides it (ui_col_auto_hidden); ticked, it stays in the saved layout and
	 * comes back on a machine that counts it */
	struct cc_item { char key[48], title[24]; bool on, na; } *it;
};

/* The layout as a columns list: "cpu" first (the identity columns, always there), then the
 * ticked columns in order. -1 when it does not fit the setting. */
static int layout_text(const struct ui_colchoose *cc, char *out, size_t len)
{
	size_t o = (size_t)snprintf(out, len, "cpu");

	for (int i = 0; i < cc->n; i++) {
		if (!cc->it[i].on)
			continue;
		o += (size_t)snprintf(out + (o < len ? o : len), o < len ? len - o : 0, ",%s", cc->it[i].key);
	}
	return o < len ? 0 : -1;
}

void ui_colchoose_open(struct ui *u, struct ui_list *owner)
{
	const struct model *m = session_model(u->a);
	int max = ui_cols_max(m, 0) + UI_NRDT, n, nshown;
	struct ui_col *all = malloc(sizeof(*all) * (size_t)(max > 0 ? max : 1));
	struct ui_col *shown = malloc(sizeof(*shown) * (size_t)(max > 0 ? max : 1));
	struct ui_colchoose *cc = calloc(1, sizeof(*cc));
	bool no_hw = session_hw_reason(u->a)[0] != '\0';

	if (!all || !shown || !cc || !(cc->it = calloc((size_t)(max > 0 ? max : 1), sizeof(*cc->it)))) {
		snprintf(u->status, sizeof(u->status), "no memory for the column chooser");
		u->status_err = true;
		free(all), free(shown), free(cc ? cc->it : NULL), free(cc);
		return;
	}
	/* every column, then the ones the user wants (shown, or hidden only by this machine), in order */
	n = ui_cores_rdt_cols(u, all, ui_cols_build(m, NULL, NULL, 0, false, NULL, all, max), max);
	memcpy(shown, all, sizeof(*all) * (size_t)n);
	nshown = ui_cols_wanted(m, shown, n, 0, session_settings(u->a)->columns, no_hw);
	for (int i = 0; i < nshown; i++, cc->n++) {
		snprintf(cc->it[cc->n].key, sizeof(cc->it[cc->n].key), "%s", shown[i].key);
		ui_col_title(&shown[i], !u->raw, cc->it[cc->n].title, sizeof(cc->it[cc->n].title));
		cc->it[cc->n].on = true;
		cc->it[cc->n].na = ui_col_auto_hidden(m, &shown[i], no_hw);
	}
	for (int i = 0; i < n; i++) {
		bool on = false;
		for (int k = 0; k < nshown && !on; k++)
			on = strcmp(shown[k].key, all[i].key) == 0;
		if (on)
			continue;
		snprintf(cc->it[cc->n].key, sizeof(cc->it[cc->n].key), "%s", all[i].key);
		ui_col_title(&all[i], !u->raw, cc->it[cc->n].title, sizeof(cc->it[cc->n].title));
		cc->it[cc->n].na = ui_col_auto_hidden(m, &all[i], no_hw);
		cc->n++;
	}
	free(all);
	free(shown);
	cc->owner = owner;
	u->cc = cc;
	snprintf(u->status, sizeof(u->status), "columns: Up/Down select, space show/hide, [ ] move, Esc saves");
	u->status_err = false;
	u->dirty_body = u->dirty_foot = true;
}

void ui_colchoose_free(struct ui *u)
{
	if (u->cc)
		free(u->cc->it);
	free(u->cc);
	u->cc = NULL;
}

/* Apply the choice and save it in the config file. */
static void close_chooser(struct ui *u)
{
	char text[COLUMNS_LEN];

	if (u->cc->changed) {
		if (layout_text(u->cc, text, sizeof(text)) < 0 || session_set_columns(u->a, text) < 0) {
			snprintf(u->status, sizeof(u->status), "not saved: the chosen columns' names exceed %zu "
				 "bytes; show fewer", sizeof(text) - 1);
			u->status_err = true;
		} else {
			ui_save_columns(u);
		}
	} else {
		u->status[0] = '\0';
	}
	u->cc->owner->hoff = 0;
	ui_colchoose_free(u);
}

static void swap(struct ui_colchoose *cc, int a, int b)
{
	struct cc_item t;

	if (a < 0 || b < 0 || a >= cc->n || b >= cc->n)
		return;
	t = cc->it[a];
	cc->it[a] = cc->it[b];
	cc->it[b] = t;
	cc->sel = b;
	cc->changed = true;
}

bool ui_colchoose_input(struct ui *u, int ch)
{
	struct ui_colchoose *cc = u->cc;
	int page = u->lay.body_h > 3 ? u->lay.body_h - 2 : 1;

	if (!cc)
		return false;
	u->dirty_body = u->dirty_foot = true;
	switch (ch) {
	case 27: case 'q': case 'F': case 'f': case KEY_F(10):
		close_chooser(u);
		return true;
	case KEY_UP: case 'k': cc->sel--; break;
	case KEY_DOWN: case 'j': cc->sel++; break;
	case KEY_PPAGE: cc->sel -= page; break;
	case KEY_NPAGE: cc->sel += page; break;
	case KEY_HOME: cc->sel = 0; break;
	case KEY_END: cc->sel = cc->n - 1; break;
	case ' ': case '\n': case '\r': case KEY_ENTER:
		if (cc->sel >= 0 && cc->sel < cc->n) {
			cc->it[cc->sel].on = !cc->it[cc->sel].on;
			cc->changed = true;
		}
		break;
	case '[': case KEY_F(7): case KEY_SR:
		swap(cc, cc->sel, cc->sel - 1);
		break;
	case ']': case KEY_F(8): case KEY_SF:
		swap(cc, cc->sel, cc->sel + 1);
		break;
	case KEY_RESIZE:
		return false;   /* the main loop lays the windows out again */
	default:
		break;   /* every other key is the chooser's while it is open */
	}
	if (cc->sel >= cc->n)
		cc->sel = cc->n - 1;
	if (cc->sel < 0)
		cc->sel = 0;
	return true;
}

void ui_colchoose_draw(struct ui *u, WINDOW *w, int h, int wd)
{
	struct ui_colchoose *cc = u->cc;
	char line[160];
	int rows = h - 1;

	/* its keys are on the status line */
	ui_put(w, 0, 0, wd, ui_attr(u, UP_HEAD), "Columns of the cores view (shown first, in order)");
	if (rows < 1)
		return;
	if (cc->sel < cc->top)
		cc->top = cc->sel;
	if (cc->sel >= cc->top + rows)
		cc->top = cc->sel - rows + 1;
	for (int r = 0; r < rows && cc->top + r < cc->n; r++) {
		const struct cc_item *it = &cc->it[cc->top + r];
		bool sel = cc->top + r == cc->sel;
		snprintf(line, sizeof(line), "%c [%c] %-20s %s%s", sel ? '>' : ' ', it->on ? 'x' : ' ', it->title, it->key,
			 it->na ? "  (not counted on this machine: shown where it is)" : "");
		ui_put(w, r + 1, 0, wd, sel ? ui_attr(u, UP_SEL) : it->on ? A_NORMAL : ui_attr(u, UP_DIM), line);
	}
}

char *ui_colchoose_keys(const struct model *m)
{
	size_t len = 1, o = 0;
	char *s;

	for (int e = 0; e < m->nev; e++)
		len += strlen(m->ev[e].key) + 1;
	if (!(s = malloc(len)))
		return NULL;
	s[0] = '\0';
	for (int e = 0; e < m->nev; e++)
		o += (size_t)snprintf(s + o, len - o, "%s\n", m->ev[e].key);
	return s;
}

bool ui_colchoose_listed(const char *lines, const char *key)
{
	size_t kl = strlen(key);

	for (const char *l = lines; *l;) {
		size_t n = strcspn(l, "\n");
		if (n == kl && memcmp(l, key, n) == 0)
			return true;
		l += n + (l[n] == '\n');
	}
	return false;
}

void ui_colchoose_follow(struct ui *u, const char *before)
{
	const struct model *m = session_model(u->a);
	char cols[COLUMNS_LEN];

	snprintf(cols, sizeof(cols), "%s", session_settings(u->a)->columns);
	if (!before || !ui_cols_is_layout(cols))
		return;
	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];

		if (ui_colchoose_listed(before, ev->key) || keylist_has(cols, ev->key) || keylist_has(cols, ev->name))
			continue;
		if (keylist_toggle(cols, sizeof(cols), ev->key) < 0) {
			snprintf(u->status, sizeof(u->status), "counting %.60s, not shown: the column layout is full "
				 "(F hides a column)", ev->key);
			u->status_err = true;
			break;
		}
	}
	/* what fitted is shown (it fits: the setting is as long) */
	session_set_columns(u->a, cols);
}
