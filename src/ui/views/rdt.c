/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* rdt.c: the sockets view's RDT/PQoS section: L3 domains, then resctrl groups. */
#include "rdt.h"
#include <math.h>
#include <stdio.h>
#include "app/session.h"
#include "base/printable.h"
#include "view.h"
#include "ui/widgets/format.h"

void ui_rdt_bytes(double v, char *buf, int n)
{
	ui_fmt_amount(v, 1, "", buf, (size_t)n);   /* "512K", "2.1M", "1.23G", "18.45E" */
}

void ui_rdt_rate(double v, char *buf, int n)
{
	ui_fmt_amount(v, 2, "/s", buf, (size_t)n);   /* "0.0M/s", "1.23G/s" */
}

/* NAME, then occupancy and the two bandwidths right-aligned in columns of 10. */
static void row(struct ui *u, WINDOW *w, int y, int wd, attr_t at, const char *name, const char *extra,
		const struct rdt_fig *f)
{
	char b[3][24];
	int x = wd - 33 > 26 ? 26 : wd - 33;

	if (x < 8)
		return;
	ui_rdt_bytes(f->occ, b[0], sizeof(b[0]));
	ui_rdt_rate(f->total, b[1], sizeof(b[1]));
	ui_rdt_rate(f->local, b[2], sizeof(b[2]));
	ui_put(w, y, 1, x - 7, at, name);
	ui_put_right(w, y, x - 6, 5, ui_attr(u, UP_DIM), extra);
	for (int k = 0; k < 3; k++)
		ui_put_right(w, y, x + k * 11, 10, at, b[k]);
}

static void heading(struct ui *u, WINDOW *w, int y, int wd, const char *first, const char *second)
{
	int x = wd - 33 > 26 ? 26 : wd - 33;

	wattr_on(w, ui_attr(u, UP_HEAD), NULL);
	mvwhline(w, y, 0, ' ', wd);
	wattr_off(w, ui_attr(u, UP_HEAD), NULL);
	if (x < 8)
		return;
	ui_put(w, y, 1, x - 7, ui_attr(u, UP_HEAD), first);
	ui_put_right(w, y, x - 6, 5, ui_attr(u, UP_HEAD), second);
	ui_put_right(w, y, x, 10, ui_attr(u, UP_HEAD), "L3 OCC");
	ui_put_right(w, y, x + 11, 10, ui_attr(u, UP_HEAD), "MEM BW");
	ui_put_right(w, y, x + 22, 10, ui_attr(u, UP_HEAD), "LOCAL BW");
}

int ui_rdt_draw(struct ui *u, WINDOW *w, int y, int maxh, int wd)
{
	static const char *const kinds[] = { "", "ctrl", "mon" };
	const struct app_rdt *r = session_rdt(u->a);
	const struct model *m = session_model(u->a);
	char name[RDT_REL_MAX + 16], ext[16];
	int n = 0;

	if (maxh <= 0)
		return 0;
	if (!r) {   /* said once, where the section would be */
		const char *why = session_rdt_why(u->a);

		if (!why[0])
			return 0;
		printable(name, sizeof(name), why);
		ui_put(w, y, 1, wd - 1, ui_attr(u, UP_DIM), name);
		return 1;
	}
	heading(u, w, y + n++, wd, "RDT L3 DOMAIN", "SKT");
	for (int d = 0; d < r->rc.ndom && n < maxh; d++) {
		int s = r->dom_sock[d];

		if (n == maxh - 1 && d < r->rc.ndom - 1) {   /* the last line says what did not fit */
			snprintf(name, sizeof(name), "... %d more L3 domains (--json and the exporter have all)",
				 r->rc.ndom - d);
			ui_put(w, y + n++, 1, wd - 1, ui_attr(u, UP_DIM), name);
			break;
		}

		snprintf(name, sizeof(name), "L3 %d", r->rc.dom[d]);
		if (s >= 0 && s < m->nsock && m->sock_ids[s] >= 0)
			snprintf(ext, sizeof(ext), "%d", m->sock_ids[s]);
		else
			snprintf(ext, sizeof(ext), "?");
		row(u, w, y + n++, wd, A_NORMAL, name, ext, &r->dom[d]);
	}
	if (n < maxh)
		heading(u, w, y + n++, wd, "RESCTRL GROUP", "KIND");
	for (int i = 0; i < r->ngrp && n < maxh; i++) {
		const struct rdt_grp *g = &r->grp[i];

		if (n == maxh - 1 && i < r->ngrp - 1) {   /* the last line says what did not fit */
			snprintf(name, sizeof(name), "... %d more groups (--json and the exporter have all)", r->ngrp - i);
			ui_put(w, y + n++, 1, wd - 1, ui_attr(u, UP_DIM), name);
			break;
		}
		printable(name, sizeof(name), g->g.name);   /* plain names already; printable all the same */
		if (g->cpu >= 0)
			snprintf(ext, sizeof(ext), "cpu");
		else
			snprintf(ext, sizeof(ext), "%s", kinds[g->g.kind]);
		row(u, w, y + n++, wd, g->g.kind == RDT_DEFAULT ? A_BOLD : A_NORMAL, name, ext, &g->all);
	}
	return n;
}
