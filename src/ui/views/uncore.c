/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* uncore.c: the uncore view: discovered PMON boxes grouped by socket and type, expandable. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/table.h"
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

/* The table's columns: a group's row (a socket's boxes of one type) and each box's row share them. */
enum { UC_TREE, UC_SKT, UC_BOX, UC_N, UC_ACCESS, UC_CTRS, UC_KERNEL, UC_CTRL, UC_CTL, UC_CTR, UC_NCOLS };

static const struct ui_tcol cols[UC_NCOLS] = {
	[UC_TREE] = { 2, true, true, false }, [UC_SKT] = { 3, false, true, false },
	[UC_BOX] = { 10, true, true, false }, [UC_N] = { 5, false, false, false },
	[UC_ACCESS] = { 6, true, false, false }, [UC_CTRS] = { 10, true, false, false },
	[UC_CTRL] = { 14, false, false, false }, [UC_CTL] = { 5, false, false, false },
	[UC_CTR] = { 5, false, false, false }, [UC_KERNEL] = { 32, true, false, false },
};
static const char *const titles[UC_NCOLS] = {
	"", "SKT", "BOX", "N/#", "ACCESS", "COUNTERS", "KERNEL PMU", "CTRL", "CTL", "CTR",
};

/* Cell c of a group's row (box < 0) or of one box's row. */
static void cell_text(struct ui *u, const struct ui_ugroup *g, int box, int c, bool sel, char *buf, size_t len)
{
	const struct disc_box *boxes = session_inventory(u->a)->boxes;
	const struct disc_box *b = box >= 0 ? &boxes[box] : &boxes[g->first], *l = &boxes[g->first + g->n - 1];
	int nk = 0;

	buf[0] = '\0';
	switch (c) {
	case UC_TREE:   /* ">" marks the selection without colour too */
		snprintf(buf, len, "%s%s", sel ? ">" : box < 0 ? " " : "", box >= 0 ? "" : g->open ? u->g->expanded :
			 u->g->collapsed);
		break;
	case UC_SKT: snprintf(buf, len, "%d", b->socket); break;
	case UC_BOX: snprintf(buf, len, "%s%s", box >= 0 ? "  " : "", b->name); break;
	case UC_N: snprintf(buf, len, box >= 0 ? "#%d" : "%d", box >= 0 ? b->box_id : g->n); break;
	case UC_ACCESS: snprintf(buf, len, "%s", access_name(b->access)); break;
	case UC_CTRS: snprintf(buf, len, "%d x %d-bit", b->num_counters, b->counter_width); break;
	case UC_CTRL:
		if (box >= 0)
			snprintf(buf, len, "0x%012" PRIx64, b->ctrl_addr);
		break;
	case UC_CTL: if (box >= 0) snprintf(buf, len, "+0x%x", b->ctrl_offset); break;
	case UC_CTR: if (box >= 0) snprintf(buf, len, "+0x%x", b->ctr_offset); break;
	default:
		if (box >= 0) {
			snprintf(buf, len, "%s", b->kernel_pmu[0] ? b->kernel_pmu : "none");
			break;
		}
		for (int i = 0; i < g->n; i++)
			nk += boxes[g->first + i].kernel_pmu[0] != '\0';
		if (nk == g->n && g->n > 1)
			snprintf(buf, len, "%s .. %s", b->kernel_pmu, l->kernel_pmu);
		else if (nk == g->n)
			snprintf(buf, len, "%s", b->kernel_pmu);
		else
			snprintf(buf, len, nk ? "drives %d of %d" : "none", nk, g->n);
		break;
	}
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	const char *why = session_load_inventory(u->a);
	const struct disc_inventory *inv = session_inventory(u->a);
	const struct ui_uncore *uv = st(p);
	char buf[320];
	int y = 0, n;
	struct ui_tfit fit;

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
	if (y < h) {
		ui_table_fit(cols, UC_NCOLS, &p->list.hoff, wd, &fit);
		ui_table_titles(w, y++, wd, cols, titles, &fit, -1, NULL, ui_attr(u, UP_HEAD));
	}
	ui_list_fit(&p->list, n, h - y);
	p->list.y = y;
	p->list.h = h - y;
	for (int k = p->list.top; k < n && y < h; k++, y++) {
		int box, g = line_at(p, k, &box);
		attr_t at = k == p->list.sel ? ui_attr(u, UP_SEL) : A_NORMAL;
		if (g < 0)
			break;
		if (at != A_NORMAL) {
			wattr_on(w, at, NULL);
			mvwhline(w, y, 0, ' ', wd);
			wattr_off(w, at, NULL);
		}
		for (int c = 0; c < fit.n; c++) {
			cell_text(u, &uv->groups[g], box, fit.col[c], at != A_NORMAL, buf, sizeof(buf));
			ui_table_cell(w, y, wd, cols, &fit, c, at ? at : box < 0 ? A_BOLD : A_NORMAL, buf);
		}
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
