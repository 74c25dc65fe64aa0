/* SPDX-License-Identifier: GPL-2.0-or-later */
/* events.c: the events view: every available event with a checkbox, event sets, adding by syntax. */
#include "view.h"
#include "app/app.h"
#include "colchoose.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/events/evparse.h"
#include "hw/events/evlist.h"
#include "base/errmsg.h"

enum { EI_SECTION, EI_EVENT, EI_SET };

struct ui_evitem {
	int kind;
	char *syntax;      /* what goes into the event list (events and sets) */
	char *label;       /* what the list shows */
	char *desc;
};

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

/* Recompute what the pending list needs before it is applied: every owner's events, as they will
 * be counted. */
static void pending_budget(struct ui *u)
{
	struct app *a = u->a;

	u->pmsg[0] = '\0';
	u->npbud = a->nbudget < 8 ? a->nbudget : 8;
	memcpy(u->pbud, a->budget, sizeof(u->pbud[0]) * (size_t)u->npbud);
	budget_need(u->pbud, u->npbud, &a->reg, &u->pending.flat);
}

void ui_events_reset_pending(struct ui *u)
{
	evlist_free(&u->pending);
	if (evlist_copy(&u->pending, &u->a->evl) < 0)
		snprintf(u->pmsg, sizeof(u->pmsg), "out of memory");
	u->pending_changed = false;
	pending_budget(u);
}

int ui_events_commit(struct ui *u)
{
	struct errmsg em = { 0 };
	struct evlist next;
	char *before;
	int rc;

	if (!u->pending_changed)
		return 0;
	u->pending_changed = false;
	u->model_gen++;   /* the model was rebuilt */
	before = ui_colchoose_keys(&u->a->model);
	/* the user's entries as edited; the sockets' and top-down's as they are now */
	rc = evlist_copy(&next, &u->a->evl);
	if (rc == 0 && (rc = evlist_take(&next, EVO_USER, &u->pending)) < 0)
		evlist_free(&next);
	if (rc == 0)
		rc = app_events_apply(u->a, &next, &em);
	if (rc < 0) {
		snprintf(u->status, sizeof(u->status), "events not changed: %.280s", errmsg_text(&em, rc));
		u->status_err = true;
	} else {
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
	int cap = 0, *mine, nmine = 0;
	char *keep = NULL;

	/* keep the selection on the same event across rebuilds */
	if (u->items && u->sel[UV_EVENTS] < u->nitems && u->items[u->sel[UV_EVENTS]].label)
		keep = strdup(u->items[u->sel[UV_EVENTS]].label);
	ui_events_free(u);
	item_add(u, &cap, EI_SECTION, NULL, "In the list", NULL);
	mine = evlist_owned(&u->pending, EVO_USER, &nmine);
	for (int i = 0; mine && i < nmine; i++)
		item_add(u, &cap, EI_EVENT, u->pending.e[mine[i]].text, NULL, NULL);
	free(mine);
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

/* Whether the pending list holds (on) or lacks (!on) every item of text, parsed by the syntax
 * parser; false when text does not parse. */
static bool pending_all(struct ui *u, const char *text, bool on)
{
	struct evs_span *it;
	struct ev_error err;
	int n = evs_items(text, &it, &err);
	bool all = n > 0;
	char *one;

	for (int i = 0; i < n && all; i++) {
		if (!(one = strndup(text + it[i].pos, (size_t)(it[i].end - it[i].pos))))
			all = false;
		else
			all = (evlist_find(&u->pending, EVO_USER, one) >= 0) == on;
		free(one);
	}
	free(it);
	return all;
}

static bool item_on(struct ui *u, const struct ui_evitem *it)
{
	if (it->kind == EI_SET)
		return pending_all(u, it->syntax, true);
	return it->kind == EI_EVENT && evlist_find(&u->pending, EVO_USER, it->syntax) >= 0;
}

/* Add to the pending list every item of text it lacks (on), or drop them all (!on). 0, or a
 * negative errno with err filled (err->pos in text) and the pending list unchanged. */
static int pending_apply(struct ui *u, const char *text, bool on, struct ev_error *err)
{
	struct evs_span *it;
	struct evlist next;
	int n = evs_items(text, &it, err), r = 0;

	if (n < 0)
		return n;
	if ((r = evlist_copy(&next, &u->pending)) < 0) {
		free(it);
		return r;
	}
	for (int i = 0; i < n && r >= 0; i++) {
		char *one = strndup(text + it[i].pos, (size_t)(it[i].end - it[i].pos));
		int k = one ? evlist_find(&next, EVO_USER, one) : -1;

		if (!one)
			r = -ENOMEM;
		else if (on && k < 0 && (r = evlist_add(&next, EVO_USER, one, false, &u->a->reg, &u->a->topo,
							 NULL, 0, err)) < 0)
			err->pos += it[i].pos;
		else if (!on && k >= 0)
			r = evlist_drop(&next, EVO_USER, next.e[k].id);
		free(one);
	}
	free(it);
	if (r < 0) {
		evlist_free(&next);
		return r;
	}
	evlist_free(&u->pending);
	u->pending = next;
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
	char buf[512], *text = evlist_text(&u->pending, EVO_BIT(EVO_USER));
	int y = 0, n = nrows(u), list_h, nin = evlist_count(&u->pending, EVO_USER);

	snprintf(buf, sizeof(buf), " %d event%s in the list%s: %s", nin, nin == 1 ? "" : "s",
		 u->pending_changed ? " (applies at the next refresh)" : "", text ? text : "");
	free(text);
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
	struct ev_error err = { 0 };
	char *t = u->addbuf;

	while (isspace((unsigned char)*t))
		t++;
	if (!*t) {
		u->adding = false;
		return;
	}
	if (pending_apply(u, u->addbuf, true, &err) < 0) {
		u->adderr_pos = err.pos;
		snprintf(u->adderr, sizeof(u->adderr), "%s", err.msg[0] ? err.msg : "out of memory");
		return;
	}
	u->items_stale = true;   /* the list section shows it, so it can be toggled back */
	snprintf(u->status, sizeof(u->status), "added %.200s: applies at the next refresh", u->addbuf);
	u->status_err = false;
	u->adding = false;
}

bool ui_events_add_text(struct ui *u, const char *text)
{
	struct ev_error err = { 0 };

	if (pending_all(u, text, true)) {
		snprintf(u->status, sizeof(u->status), "%.200s is already in the list", text);
		u->status_err = false;
		return true;
	}
	if (pending_apply(u, text, true, &err) < 0) {
		snprintf(u->status, sizeof(u->status), "not added: %.80s: %.110s", text,
			 err.msg[0] ? err.msg : "out of memory");
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
	struct ev_error err = { 0 };

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
		if (pending_apply(u, it->syntax, !item_on(u, it), &err) < 0) {
			snprintf(u->status, sizeof(u->status), "not changed: %.80s: %.110s", it->label,
				 err.msg[0] ? err.msg : "out of memory");
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
