/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* events.c: the events view: every available event with a checkbox, event sets, adding by syntax. */
#include "ui/widgets/table.h"
#include "view.h"
#include "evbrowse.h"
#include "hw/catalog/catalog.h"
#include "app/app.h"
#include "colchoose.h"
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/events/evparse.h"
#include "hw/events/evlist.h"
#include "hw/model/budget.h"
#include "base/errmsg.h"
#include "ui/widgets/lineedit.h"
#include "config/keylist.h"

enum { EI_SECTION, EI_EVENT, EI_SET };

struct ui_evitem {
	int kind;
	char *syntax;      /* what goes into the event list (events and sets) */
	char *label;       /* what the list shows */
	char *desc;
};

/* The events view's own state. */
struct ui_events {
	struct ui_evitem *items;
	int nitems;
	bool items_stale;          /* rebuild from the current list before the next draw */
	struct evlist pending;     /* the event list to apply at the next refresh: a copy of the app's,
				    * whose user's entries the view edits */
	bool pending_changed;
	struct budget pbud[8];
	int npbud;
	char pmsg[256];            /* why the pending list could not be made */
	bool adding;               /* a: the prompt is open */
	char addbuf[512];
	struct ui_line add;        /* the add prompt's editor over addbuf */
	int adderr_pos;            /* -1 none */
	char adderr[192];
	struct ui_browse br;       /* the event browser (evbrowse.c) */
	/* what the kernel refused on every CPU when opened, as the list showed it: ticked again, it
	 * is refused at once (a ring of the last few) */
	char refused[8][128];
	int nrefused;
};

static struct ui_events *st(const struct ui_panel *p)
{
	return p->st;
}

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!(p->st = calloc(1, sizeof(struct ui_events))))
		return -ENOMEM;
	st(p)->adderr_pos = -1;
	return 0;
}

static void items_free(struct ui_panel *p)
{
	for (int i = 0; i < st(p)->nitems; i++) {
		free(st(p)->items[i].syntax);
		free(st(p)->items[i].label);
		free(st(p)->items[i].desc);
	}
	free(st(p)->items);
	st(p)->items = NULL;
	st(p)->nitems = 0;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!st(p))
		return;
	items_free(p);
	evlist_free(&st(p)->pending);
	ui_browse_free(&st(p)->br);
	free(p->st);
	p->st = NULL;
}

static void reset_pending(struct ui *u, struct ui_panel *p);

/* The event list changed under the view (the sockets' figures came or went): its rows are made
 * anew before the next draw, edits not applied are dropped. */
static void evl_changed(struct ui *u, struct ui_panel *p)
{
	st(p)->items_stale = true;
	reset_pending(u, p);
}

/* Shown: the list as counted now (unless edits wait), its rows rebuilt on the first draw. */
static void enter(struct ui *u, struct ui_panel *p)
{
	if (!st(p)->pending_changed)
		reset_pending(u, p);
	st(p)->items_stale = true;
}

static void item_add(struct ui_panel *p, int *cap, int kind, const char *syntax, const char *label,
		     const char *desc)
{
	struct ui_evitem *it;

	if (st(p)->nitems == *cap) {
		int nc = *cap ? *cap * 2 : 256;
		struct ui_evitem *ni = realloc(st(p)->items, sizeof(*ni) * (size_t)nc);
		if (!ni)
			return;
		st(p)->items = ni;
		*cap = nc;
	}
	it = &st(p)->items[st(p)->nitems];
	it->kind = kind;
	it->syntax = syntax ? strdup(syntax) : NULL;
	it->label = strdup(label ? label : syntax ? syntax : "");
	it->desc = desc ? strdup(desc) : NULL;
	st(p)->nitems++;
}

/* An event just added that counts the interval on every CPU (task-clock, cpu-clock) has no column
 * unless the columns setting names it (ui_cols_arrange): say so, rather than nothing appearing. */
static void say_hidden_clock(struct ui *u, const char *before)
{
	const struct model *m = &u->a->model;
	const char *cols = u->a->set.columns;
	size_t o = strlen(u->status);

	if (!before)   /* the list before could not be kept (out of memory): nothing to tell new from old */
		return;
	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];
		int role = model_role_of(ev->name);

		if ((role != ROLE_CPU_CLOCK && role != ROLE_TASK_CLOCK) || ui_colchoose_listed(before, ev->key) ||
		    keylist_has(cols, ev->key) || keylist_has(cols, ev->name) || o >= sizeof(u->status))
			continue;
		o += (size_t)snprintf(u->status + o, sizeof(u->status) - o, "; %.60s counts the interval on every "
				      "CPU, so its column is hidden (F shows it)", ev->name);
	}
}

/* Recompute what the pending list needs before it is applied: every owner's events, as they will
 * be counted. */
static void pending_budget(struct ui *u, struct ui_panel *p)
{
	struct app *a = u->a;

	st(p)->pmsg[0] = '\0';
	st(p)->npbud = a->nbudget < 8 ? a->nbudget : 8;
	memcpy(st(p)->pbud, a->budget, sizeof(st(p)->pbud[0]) * (size_t)st(p)->npbud);
	budget_need(st(p)->pbud, st(p)->npbud, &a->reg, &st(p)->pending.flat);
}

static void reset_pending(struct ui *u, struct ui_panel *p)
{
	evlist_free(&st(p)->pending);
	if (evlist_copy(&st(p)->pending, &u->a->evl) < 0)
		snprintf(st(p)->pmsg, sizeof(st(p)->pmsg), "out of memory");
	st(p)->pending_changed = u->evl_edits = false;
	pending_budget(u, p);
}

/* Apply the pending event list instead of a refresh; true when there was one to apply. */
static bool commit(struct ui *u, struct ui_panel *p)
{
	struct errmsg em = { 0 };
	struct evlist next;
	char *before;
	int rc;

	if (!st(p)->pending_changed)
		return false;
	st(p)->pending_changed = u->evl_edits = false;
	u->model_gen++;   /* the model was rebuilt */
	before = ui_colchoose_keys(&u->a->model);
	/* the user's entries as edited; the sockets' and top-down's as they are now */
	rc = evlist_copy(&next, &u->a->evl);
	if (rc == 0 && (rc = evlist_take(&next, EVO_USER, &st(p)->pending)) < 0)
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
		say_hidden_clock(u, before);
	}
	free(before);
	reset_pending(u, p);
	return true;
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

static void build_items(struct ui *u, struct ui_panel *p)
{
	struct app *a = u->a;
	const char *const *names = evparse_builtin_names();
	char buf[512], lab[160];
	int cap = 0, *mine, nmine = 0;
	char *keep = NULL;

	/* keep the selection on the same event across rebuilds */
	if (st(p)->items && p->list.sel < st(p)->nitems && st(p)->items[p->list.sel].label)
		keep = strdup(st(p)->items[p->list.sel].label);
	items_free(p);
	item_add(p, &cap, EI_SECTION, NULL, "In the list", NULL);
	mine = evlist_owned(&st(p)->pending, EVO_USER, &nmine);
	for (int i = 0; mine && i < nmine; i++)
		item_add(p, &cap, EI_EVENT, st(p)->pending.e[mine[i]].text, NULL, NULL);
	free(mine);
	if (a->set.nsets) {
		item_add(p, &cap, EI_SECTION, NULL, "Event sets", NULL);
		for (int i = 0; i < a->set.nsets; i++) {
			const struct evset *s = &a->set.sets[i];
			const char *ev = set_events(u, s);
			if (!ev || !ev[0])
				continue;
			snprintf(lab, sizeof(lab), "set %s", s->name);
			snprintf(buf, sizeof(buf), "%s%s%s", s->description ? s->description : "",
				 s->description && s->description[0] ? ": " : "", ev);
			item_add(p, &cap, EI_SET, ev, lab, buf);
		}
	}
	item_add(p, &cap, EI_SECTION, NULL, "Generic, hardware cache and software events", NULL);
	for (int i = 0; names && names[i]; i++)
		item_add(p, &cap, EI_EVENT, names[i], NULL, NULL);
	for (int i = 0; i < a->reg.n; i++) {
		const struct pmu *pm = &a->reg.pmus[i];
		const struct pmu_alias *al, *prev;
		size_t fl = family_len(&a->reg, i);
		char fam[64] = "";
		int inst = 1, nal = pmu_aliases(pm, &al);
		if (nal == 0)
			continue;
		if (fl) {
			snprintf(fam, sizeof(fam), "%.*s", (int)fl, pm->name);
			/* the first of a family stands for all of it */
			if (i > 0 && family_len(&a->reg, i - 1) == fl &&
			    strncmp(a->reg.pmus[i - 1].name, pm->name, fl) == 0 &&
			    pmu_aliases(&a->reg.pmus[i - 1], &prev) > 0)
				continue;
			for (int j = i + 1; j < a->reg.n && family_len(&a->reg, j) == fl &&
			     strncmp(a->reg.pmus[j].name, pm->name, fl) == 0; j++)
				inst++;
			snprintf(buf, sizeof(buf), "%s/%s/", fam, al[0].name);
			if (inst < 2 || !parses(u, buf))
				fam[0] = '\0';
		}
		if (fam[0])
			snprintf(lab, sizeof(lab), "PMU %s (%d instances): %d event%s", fam, inst, nal,
				 nal == 1 ? "" : "s");
		else
			snprintf(lab, sizeof(lab), "PMU %s: %d event%s", pm->name, nal,
				 nal == 1 ? "" : "s");
		item_add(p, &cap, EI_SECTION, NULL, lab, NULL);
		for (int k = 0; k < nal; k++) {
			snprintf(buf, sizeof(buf), "%s/%s/", fam[0] ? fam : pm->name, al[k].name);
			item_add(p, &cap, EI_EVENT, buf, NULL, al[k].terms);
		}
	}
	if (keep) {
		for (int i = 0; i < st(p)->nitems; i++)
			if (strcmp(st(p)->items[i].label, keep) == 0) {
				p->list.sel = i;
				break;
			}
		free(keep);
	}
}

/* Whether the pending list holds (on) or lacks (!on) every item of text, parsed by the syntax
 * parser; false when text does not parse. */
static bool pending_all(struct ui_panel *p, const char *text, bool on)
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
			all = (evlist_find(&st(p)->pending, EVO_USER, one) >= 0) == on;
		free(one);
	}
	free(it);
	return all;
}

static bool item_on(struct ui_panel *p, const struct ui_evitem *it)
{
	if (it->kind == EI_SET)
		return pending_all(p, it->syntax, true);
	return it->kind == EI_EVENT && evlist_find(&st(p)->pending, EVO_USER, it->syntax) >= 0;
}

/* Whether event e of the model was refused by the kernel on every CPU it was opened on (and
 * counted nowhere), as the last frame read says. */
static bool refused_everywhere(const struct model *m, int e)
{
	bool refused = false;

	if (!m->cur.cpu || m->cur.seq == 0)
		return false;
	for (int c = 0; c < m->ncpus; c++) {
		int st = m->cur.cpu[(size_t)c * m->nev + e].state;
		if (st != EVS_UNSUPPORTED && st != EVS_ABSENT)
			return false;
		refused = refused || st == EVS_UNSUPPORTED;
	}
	return refused;
}

/* Whether the entry written text, counted now (by any owner), has every event refused on every
 * CPU: the model's events are the counted list's flat events, in order. */
static bool entry_refused(struct ui *u, const char *text)
{
	const struct evlist *l = &u->a->evl;
	int k = evlist_find(l, -1, text), n = 0, first;

	if (k < 0 || (first = evlist_flat_of(l, l->e[k].id, &n)) < 0 || n == 0 ||
	    first + n > u->a->model.nev)
		return false;
	for (int i = first; i < first + n; i++)
		if (!refused_everywhere(&u->a->model, i))
			return false;
	return true;
}

/* Keep text among the entries the kernel refused (once). */
static void remember_refused(struct ui_panel *p, const char *text)
{
	struct ui_events *ev = st(p);

	for (int i = 0; i < ev->nrefused && i < 8; i++)
		if (strcmp(ev->refused[i], text) == 0)
			return;
	snprintf(ev->refused[ev->nrefused % 8], sizeof(ev->refused[0]), "%s", text);
	ev->nrefused++;
}

static bool was_refused(struct ui_panel *p, const char *text)
{
	for (int i = 0; i < st(p)->nrefused && i < 8; i++)
		if (strcmp(st(p)->refused[i], text) == 0)
			return true;
	return false;
}

/* Whether the events of an entry cannot count on this machine, and why (into why): the PMU
 * registry's word (the kernel sends hardware, cache and raw events to the core PMU, and there is
 * none), else what the kernel answered when the program opened the same entry (refused on every
 * CPU: counted now, or shown so in the list before). */
static bool cannot_count(struct ui *u, struct ui_panel *p, const char *text, const struct ev_list *evs, char *why, size_t len)
{
	for (int i = 0; i < evs->n; i++) {
		const struct ev_spec *s = &evs->ev[i];
		if ((s->type == PERF_TYPE_HARDWARE || s->type == PERF_TYPE_HW_CACHE || s->type == PERF_TYPE_RAW) &&
		    u->a->reg.ncore == 0) {
			snprintf(why, len, "no hardware PMU: the kernel has no cpu PMU for it (ENOENT)");
			return true;
		}
	}
	if (entry_refused(u, text) || was_refused(p, text)) {
		snprintf(why, len, "the kernel refused it on every CPU when opened");
		return true;
	}
	return false;
}

/* Add to the pending list every item of text it lacks (on), or drop them all (!on). 0, or a
 * negative errno with err filled (err->pos in text) and the pending list unchanged: an event
 * that cannot count here (cannot_count) is refused with its reason. */
static int pending_apply(struct ui *u, struct ui_panel *p, const char *text, bool on, struct ev_error *err)
{
	struct evs_span *it;
	struct evlist next;
	int n = evs_items(text, &it, err), r = 0;

	if (n < 0)
		return n;
	if ((r = evlist_copy(&next, &st(p)->pending)) < 0) {
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
		else if (on && k < 0 && (k = evlist_find(&next, EVO_USER, one)) >= 0 &&
			 cannot_count(u, p, one, &next.e[k].ev, err->msg, sizeof(err->msg))) {
			err->pos = it[i].pos;
			r = -EOPNOTSUPP;
		}
		else if (!on && k >= 0)
			r = evlist_drop(&next, EVO_USER, next.e[k].id);
		free(one);
	}
	free(it);
	if (r < 0) {
		evlist_free(&next);
		return r;
	}
	evlist_free(&st(p)->pending);
	st(p)->pending = next;
	st(p)->pending_changed = u->evl_edits = true;
	pending_budget(u, p);
	return 0;
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	if (!st(p)->items || st(p)->items_stale)
		build_items(u, p);
	st(p)->items_stale = false;
	return st(p)->nitems;
}

/* Whether an event item in the list is counted now and was refused on every CPU. */
static bool item_refused(struct ui *u, struct ui_panel *p, const struct ui_evitem *it)
{
	if (it->kind != EI_EVENT || !item_on(p, it) || !entry_refused(u, it->syntax))
		return false;
	remember_refused(p, it->syntax);
	return true;
}

static void draw_add(struct ui *u, struct ui_panel *p, WINDOW *w, int y, int wd)
{
	static const char prompt[] = " add> ";
	int plen = (int)sizeof(prompt) - 1, room = wd - plen - 1, off = 0;

	if (room < 1)
		room = 1;
	wmove(w, y, 0);
	wclrtoeol(w);
	ui_put(w, y, 0, wd, ui_attr(u, UP_HEAD), prompt);
	off = ui_line_draw(w, y, plen, room + 1, A_NORMAL, &st(p)->add);
	wmove(w, y + 1, 0);
	wclrtoeol(w);
	if (st(p)->adderr_pos >= 0) {
		int col = plen + st(p)->adderr_pos - off, ml = (int)strlen(st(p)->adderr);
		if (col < 0)
			col = 0;
		if (col >= wd)
			col = wd - 1;
		ui_put(w, y + 1, col, wd - col, ui_attr(u, UP_BAD) | A_BOLD, "^");
		/* the message follows the caret, or ends before it when there is no room */
		if (col + 2 + ml <= wd)
			ui_put(w, y + 1, col + 2, wd - col - 2, ui_attr(u, UP_BAD), st(p)->adderr);
		else
			ui_put(w, y + 1, col - 1 - ml > 0 ? col - 1 - ml : 0, col > 1 ? col - 1 : 0,
			       ui_attr(u, UP_BAD), st(p)->adderr);
	} else {
		ui_put(w, y + 1, 0, wd, ui_attr(u, UP_DIM),
		       " perf syntax, e.g. cpu/event=0x3c,umask=0/ or {cycles,instructions}; Enter adds, Esc cancels");
	}
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	char buf[2048], *text = evlist_text_sep(&st(p)->pending, EVO_BIT(EVO_USER), ", ");
	int y = 0, n = nrows(u, p), list_h, nin = evlist_count(&st(p)->pending, EVO_USER);
	struct ui_tcol tc[3] = { { .width = 6, .left = true, .fixed = true }, { .width = 32, .left = true, .fixed = true },
				 { .width = 20, .left = true, .fill = true } };
	struct ui_tfit fit;

	snprintf(buf, sizeof(buf), " %d event%s in the list%s: %s", nin, nin == 1 ? "" : "s",
		 st(p)->pending_changed ? " (applies at the next refresh)" : "", text ? text : "");
	free(text);
	/* wrapped at words, the list over up to three lines and each budget over up to two */
	y += ui_put_wrapped(w, y, h, 3, 1, wd, st(p)->pending_changed ?
			    ui_attr(u, UP_WARN) | A_BOLD : A_BOLD, buf + 1);
	for (int i = 0; i < st(p)->npbud && y < h; i++) {
		char d[256];
		budget_describe(&st(p)->pbud[i], d, sizeof(d));
		snprintf(buf, sizeof(buf), "%s%s", st(p)->pbud[i].multiplex && st(p)->pending_changed ?
			 "will multiplex! " : "", d);
		y += ui_put_wrapped(w, y, h, 2, 1, wd, st(p)->pbud[i].multiplex ?
				    ui_attr(u, UP_WARN) : A_NORMAL, buf);
	}
	if (st(p)->pmsg[0] && y < h)
		y += ui_put_wrapped(w, y, h, 2, 1, wd, ui_attr(u, UP_BAD), st(p)->pmsg);
	if (st(p)->br.open && !st(p)->adding) {
		p->list.h = 0;   /* the browser keeps its own selection */
		ui_browse_draw(u, &st(p)->br, w, y, h, wd);
		return;
	}
	list_h = h - y - (st(p)->adding ? 2 : 0);
	if (list_h < 1)
		list_h = 1;
	p->list.sel = ui_clamp(p->list.sel, n);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, n, list_h);
	p->list.y = y;
	p->list.h = list_h;
	/* the table: the mark and box, the event (as wide as the longest shown), what is known of it */
	for (int k = p->list.top; k < n && k < p->list.top + list_h; k++)
		if (st(p)->items[k].kind != EI_SECTION && (int)strlen(st(p)->items[k].label) > tc[1].width)
			tc[1].width = (int)strlen(st(p)->items[k].label);
	if (tc[1].width > wd - 18)
		tc[1].width = wd - 18 > 32 ? wd - 18 : 32;
	ui_table_fit(tc, 3, &p->list.hoff, wd, &fit);
	for (int k = p->list.top; k < n && y < h - (st(p)->adding ? 2 : 0); k++, y++) {
		const struct ui_evitem *it = &st(p)->items[k];
		attr_t sel = k == p->list.sel ? ui_attr(u, UP_SEL) : 0;
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
		snprintf(buf, sizeof(buf), " %c [%c]", sel ? '>' : ' ', item_on(p, it) ? 'x' : ' ');
		for (int c = 0; c < fit.n; c++) {
			bool refused = fit.col[c] == 2 && item_refused(u, p, it);
			if (fit.col[c] == 2)   /* what opening it taught: it counts nowhere */
				snprintf(buf, sizeof(buf), "%s%s%s", refused ? "refused by the kernel on every CPU" : "",
					 refused && it->desc ? "; " : "", it->desc ? it->desc : "");
			x = fit.col[c];
			ui_table_cell(w, y, wd, tc, &fit, c, sel ? sel : x == 0 && item_on(p, it) ? ui_attr(u, UP_OK) :
				      refused ? ui_attr(u, UP_BAD) : x == 2 ? ui_attr(u, UP_DIM) : A_NORMAL,
				      x == 1 ? it->label : buf);
		}
	}
	if (st(p)->adding && h >= 3)
		draw_add(u, p, w, h - 2, wd);
}

static void add_submit(struct ui *u, struct ui_panel *p)
{
	struct ev_error err = { 0 };
	char *t = st(p)->addbuf;

	while (isspace((unsigned char)*t))
		t++;
	if (!*t) {
		st(p)->adding = false;
		return;
	}
	if (pending_apply(u, p, st(p)->addbuf, true, &err) < 0) {
		st(p)->adderr_pos = err.pos;
		snprintf(st(p)->adderr, sizeof(st(p)->adderr), "%s", err.msg[0] ? err.msg : "out of memory");
		return;
	}
	st(p)->items_stale = true;   /* the list section shows it, so it can be toggled back */
	snprintf(u->status, sizeof(u->status), "added %.200s: applies at the next refresh", st(p)->addbuf);
	u->status_err = false;
	st(p)->adding = false;
}

static bool add_text(struct ui *u, struct ui_panel *p, const char *text)
{
	struct ev_error err = { 0 };

	if (pending_all(p, text, true)) {
		snprintf(u->status, sizeof(u->status), "%.200s is already in the list", text);
		u->status_err = false;
		return true;
	}
	if (pending_apply(u, p, text, true, &err) < 0) {
		snprintf(u->status, sizeof(u->status), "not added: %.80s: %.110s", text,
			 err.msg[0] ? err.msg : "out of memory");
		u->status_err = true;
		return false;
	}
	st(p)->items_stale = true;
	snprintf(u->status, sizeof(u->status), "added %.200s: applies at the next refresh", text);
	u->status_err = false;
	return true;
}

/* Keys for the browser; an event picked there joins the pending list. */
static bool browse_input(struct ui *u, struct ui_panel *p, int ch)
{
	char picked[CAT_NAME_MAX + 64] = "";
	bool used = ui_browse_input(u, &st(p)->br, ch, picked, sizeof(picked));

	if (picked[0])
		add_text(u, p, picked);
	return used;
}

static bool input(struct ui *u, struct ui_panel *p, int ch)
{
	if (!st(p)->adding)
		return browse_input(u, p, ch);
	switch (ui_line_key(&st(p)->add, ch)) {
	case UI_LINE_CANCEL:
		st(p)->adding = false;
		break;
	case UI_LINE_ENTER:
		add_submit(u, p);
		break;
	case UI_LINE_EDITED:
		st(p)->adderr_pos = -1;   /* the caret pointed into the old text */
		break;
	default:
		break;   /* the prompt takes every key while open */
	}
	return true;
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	const struct ui_evitem *it;
	struct ev_error err = { 0 };

	switch (action) {
	case UA_ADD:
		st(p)->adding = true;
		ui_line_init(&st(p)->add, st(p)->addbuf, (int)sizeof(st(p)->addbuf), NULL);
		st(p)->adderr_pos = -1;
		return true;
	case UA_BROWSE:
		ui_browse_open(u, &st(p)->br, true);
		return true;
	case UA_TOGGLE:
		if (!st(p)->items || p->list.sel >= st(p)->nitems)
			return true;
		it = &st(p)->items[p->list.sel];
		if (it->kind == EI_SECTION)
			return true;
		if (pending_apply(u, p, it->syntax, !item_on(p, it), &err) < 0) {
			snprintf(u->status, sizeof(u->status), "not %s: %.80s: %.110s", item_on(p, it) ? "changed" :
				 "added", it->label, err.msg[0] ? err.msg : "out of memory");
			u->status_err = true;
		} else {
			snprintf(u->status, sizeof(u->status), "%s %s: applies at the next refresh",
				 item_on(p, it) ? "added" : "removed", it->label);
			u->status_err = false;
		}
		return true;
	default:
		return false;
	}
}

const struct ui_panel_class ui_panel_events = {
	.name = "events", .tab = "Events", .tabkey = "e", .action = UA_EVENTS,
	.init = init, .free = free_state, .enter = enter, .draw = draw, .nrows = nrows, .key = key,
	.input = input, .tick = commit, .evl_changed = evl_changed,
};
