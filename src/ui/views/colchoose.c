/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* colchoose.c: the column chooser (F or f), after htop's Setup screen: every column a view can
 * show (its columns hook: the cores, processes and cgroups views), ticked when shown, in screen
 * order; space shows or hides one, [ and ] (or F7, F8) move it; leaving (Esc, q, F, f) applies the
 * choice and saves it as the view's setting (its set_columns hook: columns, process_columns,
 * cgroup_columns). Other views' columns are fixed: F says so. */
#include "colchoose.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/cols.h"
#include "config/keylist.h"
#include "config/settings.h"
#include "save.h"
#include "view.h"

/* the "columns" setting's room (each view's layout setting is as long) */
#define COLUMNS_LEN sizeof(((struct settings *)0)->columns)
/* room for a view's columns: its fixed figures (fewer than 64) and one per event */
#define FIXED_ROOM 64

struct ui_colchoose {
	struct ui_panel *owner;   /* the view that opened it: its columns, back to its first column */
	int n, sel, top;
	bool changed;
	/* na: this machine hides it; ticked, it stays in the saved layout and comes back on a machine
	 * that counts it */
	struct ui_chooser_item *it;
};

/* The layout as a columns list: the ticked columns' keys in order. -1 when it does not fit. */
static int layout_text(const struct ui_colchoose *cc, char *out, size_t len)
{
	size_t o = 0;

	out[0] = '\0';
	for (int i = 0; i < cc->n; i++) {
		if (!cc->it[i].on)
			continue;
		o += (size_t)snprintf(out + (o < len ? o : len), o < len ? len - o : 0, "%s%s", o ? "," : "",
				      cc->it[i].key);
	}
	return o < len ? 0 : -1;
}

/* The name a view has in messages: "the processes view", "the hot functions view", "the top-down
 * view" (its tab's in lower case). */
static void view_name(const struct ui_panel *p, char *buf, size_t len)
{
	const char *n = p->cls->title ? p->cls->title : p->cls->tab ? p->cls->tab : p->cls->name ? p->cls->name : "this";

	snprintf(buf, len, "%s", p->cls->columns && p->cls->name ? p->cls->name : n);
	for (char *c = buf; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
}

void ui_colchoose_open(struct ui *u, struct ui_panel *p)
{
	int max = session_model(u->a)->nev + FIXED_ROOM;
	struct ui_colchoose *cc;
	char name[40];

	u->dirty_body = u->dirty_foot = true;
	if (!p->cls->columns || !p->cls->set_columns) {
		view_name(p, name, sizeof(name));
		snprintf(u->status, sizeof(u->status), "the %s view's columns are fixed", name);
		u->status_err = false;
		return;
	}
	if (!(cc = calloc(1, sizeof(*cc))) || !(cc->it = calloc((size_t)max, sizeof(*cc->it)))) {
		snprintf(u->status, sizeof(u->status), "no memory for the column chooser");
		u->status_err = true;
		free(cc);
		return;
	}
	cc->n = p->cls->columns(u, p, cc->it, max);
	cc->owner = p;
	u->cc = cc;
	snprintf(u->status, sizeof(u->status), "columns: Up/Down select, space show/hide, [ ] move, Esc saves");
	u->status_err = false;
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
		if (layout_text(u->cc, text, sizeof(text)) < 0 ||
		    u->cc->owner->cls->set_columns(u, u->cc->owner, text) < 0) {
			snprintf(u->status, sizeof(u->status), "not saved: the chosen columns' names exceed %zu "
				 "bytes; show fewer", sizeof(text) - 1);
			u->status_err = true;
		} else {
			ui_save_columns(u);
		}
	} else {
		u->status[0] = '\0';
	}
	u->cc->owner->list.hoff = 0;
	ui_colchoose_free(u);
}

static void swap(struct ui_colchoose *cc, int a, int b)
{
	struct ui_chooser_item t;

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
	char line[160], name[40];
	int rows = h - 1;

	/* its keys are on the status line */
	view_name(cc->owner, name, sizeof(name));
	snprintf(line, sizeof(line), "Columns of the %s view (shown first, in order)", name);
	ui_put(w, 0, 0, wd, ui_attr(u, UP_HEAD), line);
	if (rows < 1)
		return;
	if (cc->sel < cc->top)
		cc->top = cc->sel;
	if (cc->sel >= cc->top + rows)
		cc->top = cc->sel - rows + 1;
	for (int r = 0; r < rows && cc->top + r < cc->n; r++) {
		const struct ui_chooser_item *it = &cc->it[cc->top + r];
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

/* Append to a layout setting (in cols) the events the set gained; false when one did not fit. */
static bool follow_one(struct ui *u, const char *before, char *cols, size_t len)
{
	const struct model *m = session_model(u->a);

	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];

		if (ui_colchoose_listed(before, ev->key) || keylist_has(cols, ev->key) || keylist_has(cols, ev->name))
			continue;
		if (keylist_toggle(cols, len, ev->key) < 0) {
			snprintf(u->status, sizeof(u->status), "counting %.60s, not shown: the column layout is full "
				 "(F hides a column)", ev->key);
			u->status_err = true;
			return false;
		}
	}
	return true;
}

void ui_colchoose_follow(struct ui *u, const char *before)
{
	const struct settings *s = session_settings(u->a);
	char cols[COLUMNS_LEN];

	if (!before)
		return;
	/* what fitted is shown (it fits: the setting is as long) */
	snprintf(cols, sizeof(cols), "%s", s->columns);
	if (ui_cols_is_layout(cols)) {
		follow_one(u, before, cols, sizeof(cols));
		session_set_columns(u->a, cols);
	}
	/* the processes' and cgroups' layouts ("" shows every event) */
	for (int cg = 0; cg < 2; cg++) {
		snprintf(cols, sizeof(cols), "%s", cg ? s->cgroup_columns : s->process_columns);
		if (cols[0]) {
			follow_one(u, before, cols, sizeof(cols));
			session_set_wl_columns(u->a, cg, cols);
		}
	}
}
