/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* uncore.c: the uncore view: discovered PMON boxes grouped by socket and type, expandable. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "view.h"

struct ui_ugroup {
	int first, n;      /* boxes[first .. first+n) of the inventory */
	bool open;
};

/* The view's own state: the inventory's boxes in groups, each open or closed. */
struct ui_uncore {
	struct ui_ugroup *groups;
	int ngroups;
};

static struct ui_uncore *st(const struct ui_panel *p)
{
	return p->st;
}

static int init(struct ui *u, struct ui_panel *p)
{
	(void)u;
	return (p->st = calloc(1, sizeof(struct ui_uncore))) ? 0 : -ENOMEM;
}

static void free_state(struct ui *u, struct ui_panel *p)
{
	(void)u;
	if (!st(p))
		return;
	free(st(p)->groups);
	free(p->st);
	p->st = NULL;
}

/* Boxes come sorted by socket, type, box id: a group is a run of one socket and type. */
static void build_groups(struct ui *u, struct ui_panel *p)
{
	const struct disc_inventory *inv = session_inventory(u->a);
	struct ui_uncore *uv = st(p);

	if (uv->groups || inv->nboxes == 0)
		return;
	uv->groups = calloc((size_t)inv->nboxes, sizeof(*uv->groups));
	if (!uv->groups)
		return;
	for (int i = 0; i < inv->nboxes; i++) {
		const struct disc_box *b = &inv->boxes[i];
		if (uv->ngroups > 0) {
			struct ui_ugroup *g = &uv->groups[uv->ngroups - 1];
			const struct disc_box *f = &inv->boxes[g->first];
			if (f->socket == b->socket && f->type == b->type) {
				g->n++;
				continue;
			}
		}
		uv->groups[uv->ngroups++] = (struct ui_ugroup){ i, 1, false };
	}
}

static const char *access_name(int acc)
{
	static const char *const names[] = { "MSR", "MMIO", "PCI", "reserved" };

	return acc >= 0 && acc < 4 ? names[acc] : "?";
}

/* Line k of the list: a group header, or box j of an open group. */
static int line_at(struct ui_panel *p, int k, int *box)
{
	const struct ui_uncore *uv = st(p);

	for (int g = 0; g < uv->ngroups; g++) {
		if (k == 0) {
			*box = -1;
			return g;
		}
		k--;
		if (uv->groups[g].open) {
			if (k < uv->groups[g].n) {
				*box = uv->groups[g].first + k;
				return g;
			}
			k -= uv->groups[g].n;
		}
	}
	return -1;
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	const struct ui_uncore *uv = st(p);
	int n = 0;

	build_groups(u, p);
	for (int g = 0; g < uv->ngroups; g++)
		n += 1 + (uv->groups[g].open ? uv->groups[g].n : 0);
	return n;
}

static void group_text(struct ui *u, const struct ui_ugroup *g, char *buf, size_t len)
{
	const struct disc_box *boxes = session_inventory(u->a)->boxes;
	const struct disc_box *b = &boxes[g->first], *l = &boxes[g->first + g->n - 1];
	char kern[112] = "no kernel PMU";
	int nk = 0;

	for (int i = 0; i < g->n; i++)
		nk += boxes[g->first + i].kernel_pmu[0] != '\0';
	if (nk == g->n && g->n > 1)
		snprintf(kern, sizeof(kern), "kernel %s .. %s", b->kernel_pmu, l->kernel_pmu);
	else if (nk == g->n)
		snprintf(kern, sizeof(kern), "kernel %s", b->kernel_pmu);
	else if (nk)
		snprintf(kern, sizeof(kern), "kernel drives %d of %d", nk, g->n);
	snprintf(buf, len, "%s socket %-2d %-10s %3d box%s  %-4s  %d x %d-bit  %s",
		 g->open ? u->g->expanded : u->g->collapsed, b->socket, b->name, g->n,
		 g->n == 1 ? "  " : "es", access_name(b->access), b->num_counters, b->counter_width, kern);
}

static void box_text(const struct disc_box *b, char *buf, size_t len)
{
	snprintf(buf, len, "      %-10s #%-3d %-4s ctrl 0x%012" PRIx64 "  %d counters x %d-bit"
		 "  ctl +0x%x ctr +0x%x  %s",
		 b->name, b->box_id, access_name(b->access), b->ctrl_addr, b->num_counters,
		 b->counter_width, b->ctrl_offset, b->ctr_offset,
		 b->kernel_pmu[0] ? b->kernel_pmu : "(no kernel PMU)");
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const char *why = session_load_inventory(u->a);
	const struct disc_inventory *inv = session_inventory(u->a);
	const struct ui_uncore *uv = st(p);
	char buf[320];
	int y = 0, n;

	n = nrows(u, p);
	snprintf(buf, sizeof(buf), " uncore PMON discovery: %d box%s in %d group%s, %d DVSEC%s%s%s",
		 inv->nboxes, inv->nboxes == 1 ? "" : "es", uv->ngroups, uv->ngroups == 1 ? "" : "s",
		 inv->ndvsec, inv->ndvsec == 1 ? "" : "s",
		 inv->generation[0] ? ", " : "", inv->generation);
	ui_put(w, y++, 0, wd, ui_attr(u, UP_HEAD), buf);
	if (why[0] && y < h)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_WARN), why);
	if (inv->warning[0] && y < h)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_WARN), inv->warning);
	if (n == 0) {
		if (y < h)
			ui_put(w, y++, 0, wd, A_NORMAL,
			       " no discovered boxes (no Intel PMON discovery device on this machine)");
		for (int i = 0; i < inv->ndvsec && y < h; i++, y++) {
			const struct disc_dvsec *d = &inv->dvsec[i];
			snprintf(buf, sizeof(buf), "   DVSEC %s id %d bir %d  %s", d->bdf, d->id, d->bir, d->note);
			ui_put(w, y, 0, wd, A_NORMAL, buf);
		}
		return;
	}
	p->list.sel = ui_clamp(p->list.sel, n);
	p->list.top = ui_scroll_top(p->list.top, p->list.sel, n, h - y);
	p->list.y = y;
	p->list.h = h - y;
	for (int k = p->list.top; k < n && y < h; k++, y++) {
		int box, g = line_at(p, k, &box);
		attr_t at = k == p->list.sel ? ui_attr(u, UP_SEL) : A_NORMAL;
		if (g < 0)
			break;
		if (box < 0)
			group_text(u, &uv->groups[g], buf, sizeof(buf));
		else
			box_text(&inv->boxes[box], buf, sizeof(buf));
		if (at != A_NORMAL) {
			wattr_on(w, at, NULL);
			mvwhline(w, y, 0, ' ', wd);
			wattr_off(w, at, NULL);
		}
		if (at != A_NORMAL)
			ui_put(w, y, 0, 1, at, ">");   /* the selection, readable without colour */
		ui_put(w, y, 1, wd - 1, at ? at : box < 0 ? A_BOLD : A_NORMAL, buf);
	}
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	(void)u;
	struct ui_ugroup *gr = st(p)->groups;
	int box, g;

	if (action != UA_TOGGLE)
		return false;
	g = line_at(p, p->list.sel, &box);
	if (g < 0)
		return true;
	gr[g].open = !gr[g].open;
	if (box >= 0) {
		/* collapsing from a box line: select its group */
		int k = 0;
		for (int i = 0; i < g; i++)
			k += 1 + (gr[i].open ? gr[i].n : 0);
		p->list.sel = k;
	}
	return true;
}

const struct ui_panel_class ui_panel_uncore = {
	.name = "uncore", .tab = "Uncore", .tabkey = "u", .action = UA_UNCORE,
	.init = init, .free = free_state, .draw = draw, .nrows = nrows, .key = key,
};
