/* SPDX-License-Identifier: GPL-2.0-or-later */
/* events.c: the events view: every available event with a checkbox, event sets, adding by syntax. */
#include "view.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/events/evparse.h"
#include "config/keylist.h"
#include "app/app_skt.h"

enum { EI_SECTION, EI_EVENT, EI_SET };

struct ui_evitem {
	int kind;
	char *syntax;      /* what goes into the event list (events and sets) */
	char *label;       /* what the list shows */
	char *desc;
};

#define PENDING_CAP 16384

void ui_events_free(struct ui *u)
{
	for (int i = 0; i < u->nitems; i++) {
		free(u->items[i].syntax);
		free(u->items[i].label);
		free(u->items[i].desc);
	}
	free(u->items);
	u->items = NULL;
	u->nitems = 0;
}

static void item_add(struct ui *u, int *cap, int kind, const char *syntax, const char *label,
		     const char *desc)
{
	struct ui_evitem *it;

	if (u->nitems == *cap) {
		int nc = *cap ? *cap * 2 : 256;
		struct ui_evitem *ni = realloc(u->items, sizeof(*ni) * (size_t)nc);
		if (!ni)
			return;
		u->items = ni;
		*cap = nc;
	}
	it = &u->items[u->nitems];
	it->kind = kind;
	it->syntax = syntax ? strdup(syntax) : NULL;
	it->label = strdup(label ? label : syntax ? syntax : "");
	it->desc = desc ? strdup(desc) : NULL;
	u->nitems++;
}

/* Recompute what the pending list needs before it is applied. */
static void pending_budget(struct ui *u)
{
	struct app *a = u->a;
	struct ev_list l = { 0 };
	struct ev_error err = { 0 };

	u->pmsg[0] = '\0';
	u->npbud = a->nbudget < 8 ? a->nbudget : 8;
	memcpy(u->pbud, a->budget, sizeof(u->pbud[0]) * (size_t)u->npbud);
	if (evparse(u->pending, &a->reg, &a->topo, &l, &err) < 0) {
		snprintf(u->pmsg, sizeof(u->pmsg), "column %d: %s", err.pos + 1, err.msg);
		return;
	}
	budget_need(u->pbud, u->npbud, &a->reg, &l);
	ev_list_free(&l);
}

void ui_events_reset_pending(struct ui *u)
{
	if (!u->pending) {
		u->pending = calloc(1, PENDING_CAP);
		u->pending_cap = PENDING_CAP;
		if (!u->pending)
			return;
	}
	app_skt_user_text(u->a, u->pending, u->pending_cap);   /* not what the sockets figures add */
	u->pending_changed = false;
	pending_budget(u);
}

int ui_events_commit(struct ui *u)
{
	struct ev_error err = { 0 };
	char *before;
	int rc;

	if (!u->pending_changed)
		return 0;
	u->pending_changed = false;
	u->fold_seq = (unsigned long long)-1;   /* the model was rebuilt */
	before = ui_colchoose_keys(&u->a->model);
	rc = app_skt_set_events(u->a, u->pending, &err);
	if (rc < 0) {
		if (err.msg[0])
			snprintf(u->status, sizeof(u->status), "events not changed: column %d: %s", err.pos + 1, err.msg);
		else
			snprintf(u->status, sizeof(u->status), "events: %.280s", u->a->msg[0] ? u->a->msg : strerror(-rc));
		u->status_err = true;
	} else {
		app_update_budget(u->a);
		snprintf(u->status, sizeof(u->status), "now counting %d events", u->a->model.nev);
		u->status_err = false;
		ui_colchoose_follow(u, before);
	}
	free(before);
	ui_events_reset_pending(u);
	return rc;
}

/* The set's event list: its own, or the architecture default when empty. */
static const char *set_events(struct ui *u, const struct evset *s)
{
	const struct app *a = u->a;
	static char buf[2048];   /* the architecture default with the machine's LLC events */

	if (s->events && s->events[0])
		return s->events;
	return settings_default_events(&a->reg, a->topo.vendor, a->topo.family, a->topo.model_id,
				       s->name, buf, sizeof(buf));
}

/* PMUs named X_0, X_1, ... collapse to X when perf syntax accepts the prefix
 * (it then opens every instance). Returns the length of the shared prefix, or 0. */
static size_t family_len(const struct pmu_registry *reg, int i)
{
	const char *n = reg->pmus[i].name;
	size_t l = strlen(n), p = l;

	while (p > 0 && isdigit((unsigned char)n[p - 1]))
		p--;
	if (p == l || p < 2 || n[p - 1] != '_')
		return 0;
	return p - 1;
}

static bool parses(struct ui *u, const char *text)
{
	struct ev_list l = { 0 };
	struct ev_error err;
	int rc = evparse(text, &u->a->reg, &u->a->topo, &l, &err);

	if (rc == 0)
		ev_list_free(&l);
	return rc == 0;
}

static void build_items(struct ui *u)
{
	struct app *a = u->a;
	const char *const *names = evparse_builtin_names();
	char buf[512], lab[160];
	size_t pos = 0, st, ln;
	int cap = 0;
	char *keep = NULL;

	/* keep the selection on the same event across rebuilds */
	if (u->items && u->sel[UV_EVENTS] < u->nitems && u->items[u->sel[UV_EVENTS]].label)
		keep = strdup(u->items[u->sel[UV_EVENTS]].label);
	ui_events_free(u);
	item_add(u, &cap, EI_SECTION, NULL, "In the list", NULL);
	while (keylist_next(u->pending, &pos, &st, &ln) == 0) {
		snprintf(buf, sizeof(buf), "%.*s", (int)ln, u->pending + st);
		item_add(u, &cap, EI_EVENT, buf, NULL, NULL);
	}
	if (a->set.nsets) {
		item_add(u, &cap, EI_SECTION, NULL, "Event sets", NULL);
		for (int i = 0; i < a->set.nsets; i++) {
			const struct evset *s = &a->set.sets[i];
			const char *ev = set_events(u, s);
			if (!ev || !ev[0])
				continue;
			snprintf(lab, sizeof(lab), "set %s", s->name);
			snprintf(buf, sizeof(buf), "%s%s%s", s->description ? s->description : "",
				 s->description && s->description[0] ? ": " : "", ev);
			item_add(u, &cap, EI_SET, ev, lab, buf);
		}
	}
	item_add(u, &cap, EI_SECTION, NULL, "Generic, hardware cache and software events", NULL);
	for (int i = 0; names && names[i]; i++)
		item_add(u, &cap, EI_EVENT, names[i], NULL, NULL);
	for (int i = 0; i < a->reg.n; i++) {
		const struct pmu *p = &a->reg.pmus[i];
		const struct pmu_alias *al, *prev;
		size_t fl = family_len(&a->reg, i);
		char fam[64] = "";
		int inst = 1, nal = pmu_aliases(p, &al);
		if (nal == 0)
			continue;
		if (fl) {
			snprintf(fam, sizeof(fam), "%.*s", (int)fl, p->name);
			/* the first of a family stands for all of it */
			if (i > 0 && family_len(&a->reg, i - 1) == fl &&
			    strncmp(a->reg.pmus[i - 1].name, p->name, fl) == 0 &&
			    pmu_aliases(&a->reg.pmus[i - 1], &prev) > 0)
				continue;
			for (int j = i + 1; j < a->reg.n && family_len(&a->reg, j) == fl &&
			     strncmp(a->reg.pmus[j].name, p->name, fl) == 0; j++)
				inst++;
			snprintf(buf, sizeof(buf), "%s/%s/", fam, al[0].name);
			if (inst < 2 || !parses(u, buf))
				fam[0] = '\0';
		}
		if (fam[0])
			snprintf(lab, sizeof(lab), "PMU %s (%d instances): %d event%s", fam, inst, nal,
				 nal == 1 ? "" : "s");
		else
			snprintf(lab, sizeof(lab), "PMU %s: %d event%s", p->name, nal,
				 nal == 1 ? "" : "s");
		item_add(u, &cap, EI_SECTION, NULL, lab, NULL);
		for (int k = 0; k < nal; k++) {
			snprintf(buf, sizeof(buf), "%s/%s/", fam[0] ? fam : p->name, al[k].name);
			item_add(u, &cap, EI_EVENT, buf, NULL, al[k].terms);
		}
	}
	if (keep) {
		for (int i = 0; i < u->nitems; i++)
			if (strcmp(u->items[i].label, keep) == 0) {
				u->sel[UV_EVENTS] = i;
				break;
			}
		free(keep);
	}
}

/* 1 when every item of a set's list is in the pending list. */
static bool set_on(const char *pending, const char *ev)
{
	size_t pos = 0, st, ln;
	char one[512];
	int n = 0;

	while (keylist_next(ev, &pos, &st, &ln) == 0) {
		snprintf(one, sizeof(one), "%.*s", (int)ln, ev + st);
		if (!keylist_has(pending, one))
			return false;
		n++;
	}
	return n > 0;
}

static bool item_on(struct ui *u, const struct ui_evitem *it)
{
	if (it->kind == EI_SET)
		return set_on(u->pending, it->syntax);
	return it->kind == EI_EVENT && keylist_has(u->pending, it->syntax);
}

/* Add every item of text missing from the list (on = true), or remove them all. */
static int pending_apply(struct ui *u, const char *text, bool on)
{
	size_t pos = 0, st, ln;
	char one[512];

	while (keylist_next(text, &pos, &st, &ln) == 0) {
		snprintf(one, sizeof(one), "%.*s", (int)ln, text + st);
		if (keylist_has(u->pending, one) != on &&
		    keylist_toggle(u->pending, u->pending_cap, one) < 0)
			return -ENOSPC;
	}
	u->pending_changed = true;
	pending_budget(u);
	return 0;
}

static int nrows(struct ui *u)
{
	if (!u->items || u->items_stale)
		build_items(u);
	u->items_stale = false;
	return u->nitems;
}

static void draw_add(struct ui *u, WINDOW *w, int y, int wd)
{
	static const char prompt[] = " add> ";
	int plen = (int)sizeof(prompt) - 1, room = wd - plen - 1, off = 0;

	if (room < 1)
		room = 1;
	if (u->addcur > room)
		off = u->addcur - room;
	wmove(w, y, 0);
	wclrtoeol(w);
	ui_put(w, y, 0, wd, ui_attr(u, UP_HEAD), prompt);
	ui_put(w, y, plen, wd - plen, A_NORMAL, u->addbuf + off);
	wmove(w, y + 1, 0);
	wclrtoeol(w);
	if (u->adderr_pos >= 0) {
		int col = plen + u->adderr_pos - off, ml = (int)strlen(u->adderr);
		if (col < 0)
			col = 0;
		if (col >= wd)
			col = wd - 1;
		ui_put(w, y + 1, col, wd - col, ui_attr(u, UP_BAD) | A_BOLD, "^");
		/* the message follows the caret, or ends before it when there is no room */
		if (col + 2 + ml <= wd)
			ui_put(w, y + 1, col + 2, wd - col - 2, ui_attr(u, UP_BAD), u->adderr);
		else
			ui_put(w, y + 1, col - 1 - ml > 0 ? col - 1 - ml : 0, col > 1 ? col - 1 : 0,
			       ui_attr(u, UP_BAD), u->adderr);
	} else {
		ui_put(w, y + 1, 0, wd, ui_attr(u, UP_DIM),
		       " perf syntax, e.g. cpu/event=0x3c,umask=0/ or {cycles,instructions}; Enter adds, Esc cancels");
	}
}

static void draw(struct ui *u, WINDOW *w, int h, int wd)
{
	char buf[512];
	int y = 0, n = nrows(u), list_h, nin = keylist_count(u->pending);

	snprintf(buf, sizeof(buf), " %d event%s in the list%s: %s", nin, nin == 1 ? "" : "s",
		 u->pending_changed ? " (applies at the next refresh)" : "", u->pending);
	ui_put(w, y++, 0, wd, u->pending_changed ? ui_attr(u, UP_WARN) | A_BOLD : A_BOLD, buf);
	for (int i = 0; i < u->npbud && y < h; i++, y++) {
		char d[256];
		budget_describe(&u->pbud[i], d, sizeof(d));
		snprintf(buf, sizeof(buf), " %s%s", u->pbud[i].multiplex && u->pending_changed ?
			 "will multiplex! " : "", d);
		ui_put(w, y, 0, wd, u->pbud[i].multiplex ? ui_attr(u, UP_WARN) : A_NORMAL, buf);
	}
	if (u->pmsg[0] && y < h)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_BAD), u->pmsg);
	if (u->br.open && !u->adding) {
		u->list_h[UV_EVENTS] = 0;   /* the browser keeps its own selection */
		ui_browse_draw(u, w, y, h, wd);
		return;
	}
	list_h = h - y - (u->adding ? 2 : 0);
	if (list_h < 1)
		list_h = 1;
	u->sel[UV_EVENTS] = ui_clamp(u->sel[UV_EVENTS], n);
	u->top[UV_EVENTS] = ui_scroll_top(u->top[UV_EVENTS], u->sel[UV_EVENTS], n, list_h);
	u->list_y[UV_EVENTS] = y;
	u->list_h[UV_EVENTS] = list_h;
	for (int k = u->top[UV_EVENTS]; k < n && y < h - (u->adding ? 2 : 0); k++, y++) {
		const struct ui_evitem *it = &u->items[k];
		attr_t sel = k == u->sel[UV_EVENTS] ? ui_attr(u, UP_SEL) : 0;
		int x;
		if (sel) {
			wattr_on(w, sel, NULL);
			mvwhline(w, y, 0, ' ', wd);
			wattr_off(w, sel, NULL);
		}
		if (it->kind == EI_SECTION) {
			x = ui_put(w, y, 0, wd, sel ? sel : ui_attr(u, UP_LABEL) | A_BOLD, sel ? ">" : " ");
			ui_put(w, y, x, wd - x, sel ? sel : ui_attr(u, UP_LABEL) | A_BOLD, it->label);
			continue;
		}
		/* ">" marks the selection without colour too */
		snprintf(buf, sizeof(buf), " %c [%c] ", sel ? '>' : ' ', item_on(u, it) ? 'x' : ' ');
		x = ui_put(w, y, 0, wd, sel ? sel : item_on(u, it) ? ui_attr(u, UP_OK) : A_NORMAL, buf);
		x += ui_put(w, y, x, wd - x, sel, it->label);
		if (it->desc && x + 3 < wd) {
			x = x < 40 ? 40 : x + 2;
			ui_put(w, y, x, wd - x, sel ? sel : ui_attr(u, UP_DIM), it->desc);
		}
	}
	if (u->adding && h >= 3)
		draw_add(u, w, h - 2, wd);
}

static void add_submit(struct ui *u)
{
	struct ev_list l = { 0 };
	struct ev_error err = { 0 };
	char *t = u->addbuf;
	size_t pos = 0, st, ln;
	bool present = false;
	int cap = u->nitems;

	while (isspace((unsigned char)*t))
		t++;
	if (!*t) {
		u->adding = false;
		return;
	}
	if (evparse(u->addbuf, &u->a->reg, &u->a->topo, &l, &err) < 0) {
		u->adderr_pos = err.pos;
		snprintf(u->adderr, sizeof(u->adderr), "%s", err.msg);
		return;
	}
	ev_list_free(&l);
	if (pending_apply(u, u->addbuf, true) < 0) {
		u->adderr_pos = 0;
		snprintf(u->adderr, sizeof(u->adderr), "the event list is full");
		return;
	}
	/* show it in the list section too, so it can be toggled back */
	while (keylist_next(u->addbuf, &pos, &st, &ln) == 0) {
		char one[512];
		snprintf(one, sizeof(one), "%.*s", (int)ln, u->addbuf + st);
		present = false;
		for (int i = 0; i < u->nitems; i++)
			if (u->items[i].kind == EI_EVENT && strcmp(u->items[i].syntax, one) == 0)
				present = true;
		if (!present) {
			/* insert after the "In the list" items: append then rotate into place */
			int at = 1;
			while (at < u->nitems && u->items[at].kind == EI_EVENT)
				at++;
			item_add(u, &cap, EI_EVENT, one, NULL, NULL);
			if (u->nitems > at + 1) {
				struct ui_evitem tmp = u->items[u->nitems - 1];
				memmove(&u->items[at + 1], &u->items[at],
					sizeof(tmp) * (size_t)(u->nitems - 1 - at));
				u->items[at] = tmp;
			}
		}
	}
	snprintf(u->status, sizeof(u->status), "added %.200s: applies at the next refresh", u->addbuf);
	u->status_err = false;
	u->adding = false;
}

bool ui_events_add_text(struct ui *u, const char *text)
{
	char err[200];

	if (!parses(u, text)) {
		struct ev_list l = { 0 };
		struct ev_error e = { 0 };
		evparse(text, &u->a->reg, &u->a->topo, &l, &e);
		snprintf(err, sizeof(err), "%.80s: %.110s", text, e.msg);
		snprintf(u->status, sizeof(u->status), "not added: %s", err);
		u->status_err = true;
		return false;
	}
	if (keylist_has(u->pending, text)) {
		snprintf(u->status, sizeof(u->status), "%.200s is already in the list", text);
		u->status_err = false;
		return true;
	}
	if (pending_apply(u, text, true) < 0) {
		snprintf(u->status, sizeof(u->status), "the event list is full");
		u->status_err = true;
		return false;
	}
	u->items_stale = true;
	snprintf(u->status, sizeof(u->status), "added %.200s: applies at the next refresh", text);
	u->status_err = false;
	return true;
}

bool ui_events_input(struct ui *u, int ch)
{
	if (!u->adding)
		return ui_browse_input(u, ch);
	switch (ch) {
	case 27:
		u->adding = false;
		break;
	case '\n': case '\r': case KEY_ENTER:
		add_submit(u);
		break;
	case KEY_BACKSPACE: case 127: case 8:
		if (u->addcur > 0) {
			memmove(u->addbuf + u->addcur - 1, u->addbuf + u->addcur,
				(size_t)(u->addlen - u->addcur + 1));
			u->addcur--;
			u->addlen--;
		}
		u->adderr_pos = -1;
		break;
	case KEY_DC:
		if (u->addcur < u->addlen) {
			memmove(u->addbuf + u->addcur, u->addbuf + u->addcur + 1,
				(size_t)(u->addlen - u->addcur));
			u->addlen--;
		}
		u->adderr_pos = -1;
		break;
	case KEY_LEFT:
		if (u->addcur > 0)
			u->addcur--;
		break;
	case KEY_RIGHT:
		if (u->addcur < u->addlen)
			u->addcur++;
		break;
	case KEY_HOME:
		u->addcur = 0;
		break;
	case KEY_END:
		u->addcur = u->addlen;
		break;
	default:
		if (ch >= 32 && ch < 127 && u->addlen + 1 < (int)sizeof(u->addbuf)) {
			memmove(u->addbuf + u->addcur + 1, u->addbuf + u->addcur,
				(size_t)(u->addlen - u->addcur + 1));
			u->addbuf[u->addcur++] = (char)ch;
			u->addlen++;
			u->adderr_pos = -1;
		}
		break;
	}
	return true;
}

static bool key(struct ui *u, int action)
{
	const struct ui_evitem *it;

	switch (action) {
	case UA_ADD:
		u->adding = true;
		u->addbuf[0] = '\0';
		u->addlen = u->addcur = 0;
		u->adderr_pos = -1;
		return true;
	case UA_BROWSE:
		ui_browse_open(u, true);
		return true;
	case UA_TOGGLE:
		if (!u->items || u->sel[UV_EVENTS] >= u->nitems)
			return true;
		it = &u->items[u->sel[UV_EVENTS]];
		if (it->kind == EI_SECTION)
			return true;
		if (pending_apply(u, it->syntax, !item_on(u, it)) < 0) {
			snprintf(u->status, sizeof(u->status), "the event list is full");
			u->status_err = true;
		} else {
			snprintf(u->status, sizeof(u->status), "%s %s: applies at the next refresh",
				 item_on(u, it) ? "added" : "removed", it->label);
			u->status_err = false;
		}
		return true;
	default:
		return false;
	}
}

const struct ui_view ui_view_events = { "Events", draw, nrows, key };
