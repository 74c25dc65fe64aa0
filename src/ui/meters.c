/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* meters.c: the header's meters: utilisation bars split into user, system, irq, softirq and steal
 * (from /proc/stat, through the model's M_UTIL_* metrics), then a line of IPC, memory and UPI
 * bandwidth and package and DRAM power. Drawing uses the stack only: no allocation per frame. */
#include "meters.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/session.h"
#include "hw/model/metrics.h"
#include "ui/views/view.h"

const char ui_meter_glyphs[5] = { '|', '#', '@', '$', '%' };
static const int part_metric[5] = { M_UTIL_USER, M_UTIL_SYS, M_UTIL_IRQ, M_UTIL_SOFTIRQ, M_UTIL_STEAL };
static const int part_pair[5] = { UP_OK, UP_BAD, UP_WARN, UP_LABEL, UP_DIM };

#define CELL_MIN 16      /* "S0[||||  45.2%]" still reads */
#define CELL_MAX 48
#define PER_CPU_MAX 32   /* beyond this, one bar per socket */

int ui_meters_budget(int rows)
{
	int b;

	if (rows < UI_FULL_ROWS)
		return 0;
	if (rows < 20)
		return 1;
	b = (rows - 16) / 2 + 1;   /* 80x24: 5 lines; 200x50: 17 */
	return b > 17 ? 17 : b;
}

/* Columns of cells of at least CELL_MIN for n bars in at most lines lines; 0 when they do not fit. */
static int fit_cols(int n, int lines, int cols, int *cellw)
{
	int ncol, maxcol = cols / CELL_MIN;

	if (n <= 0 || lines <= 0 || maxcol < 1)
		return 0;
	/* as few columns as fit (wide bars read best), never more than the bars */
	ncol = (n + lines - 1) / lines;
	if (ncol < cols / CELL_MAX)
		ncol = cols / CELL_MAX;
	if (ncol > n)
		ncol = n;
	if (ncol < 1)
		ncol = 1;
	if (ncol > maxcol)
		return 0;
	*cellw = cols / ncol;
	if (*cellw > CELL_MAX * 2)
		*cellw = CELL_MAX * 2;
	return ncol;
}

void ui_meters_fit(int ncpus, int nsock, int budget, int cols, struct ui_meters *m)
{
	/* with one line the figures take the right half of it */
	int bl = budget >= 2 ? budget - 1 : budget, cw = 0, nc, bcols = budget >= 2 || cols / 2 < CELL_MIN ? cols : cols / 2;

	m->lines = m->bar_lines = m->nbars = m->ncol = m->cellw = 0;
	m->figs = m->figs_inline = false;
	m->per = UM_TOTAL;
	if (budget <= 0 || cols < CELL_MIN)
		return;
	if (ncpus > 0 && ncpus <= PER_CPU_MAX && (nc = fit_cols(ncpus, bl, bcols, &cw)) > 0) {
		m->per = UM_CPU;
		m->nbars = ncpus;
	} else if (nsock > 1 && (nc = fit_cols(nsock, bl, bcols, &cw)) > 0) {
		m->per = UM_SOCKET;
		m->nbars = nsock;
	} else {
		m->per = UM_TOTAL;
		m->nbars = 1;
		nc = 1;
		cw = bcols < CELL_MAX * 2 ? bcols : CELL_MAX * 2;
	}
	m->ncol = nc;
	m->cellw = cw;
	m->bar_lines = (m->nbars + nc - 1) / nc;
	m->lines = m->bar_lines;
	if (budget >= 2) {
		m->figs = true;
		m->lines++;
	} else {
		m->figs_inline = true;
	}
}

void ui_meters_split(const double *pct, int nparts, int bw, int *n)
{
	double cum = 0;
	int done = 0;

	for (int k = 0; k < nparts; k++) {
		int upto;
		if (!isnan(pct[k]) && pct[k] > 0)
			cum += pct[k];
		upto = (int)lround(cum / 100.0 * bw);
		if (upto > bw)
			upto = bw;
		n[k] = upto > done ? upto - done : 0;
		done += n[k];
	}
}

static bool model_has_role(const struct model *m, int role)
{
	for (int e = 0; e < m->nev; e++)
		if (m->ev[e].role == role)
			return true;
	return false;
}

int ui_meters_init(struct ui *u)
{
	return (u->met = calloc(1, sizeof(*u->met))) ? 0 : -ENOMEM;
}

void ui_meters_free(struct ui *u)
{
	free(u->met);
	u->met = NULL;
}

int ui_meters_lines(const struct ui *u)
{
	return u->met->lines;
}

void ui_meters_plan(struct ui *u)
{
	struct app *a = u->a;
	struct ui_meters *m = u->met;
	const struct model *md = session_model(a);
	const struct budget *bud;
	unsigned want = SKT_MEM | SKT_UPI | SKT_PWR | SKT_DRAM;

	memset(m, 0, sizeof(*m));
	if (!session_settings(a)->meters)
		return;
	ui_meters_fit(md->ncpus, md->nsock, ui_meters_budget(u->rows), u->cols, m);
	if (m->lines == 0)
		return;
	if (!session_replaying(a)) {
		m->show = session_skt_figures(a) & want;
	} else {   /* a recording has what it recorded */
		m->show |= model_has_role(md, ROLE_MEM_READ) || model_has_role(md, ROLE_MEM_RW) ? SKT_MEM : 0;
		m->show |= model_has_role(md, ROLE_UPI) || model_has_role(md, ROLE_UPI_FLITS) ? SKT_UPI : 0;
		m->show |= model_has_role(md, ROLE_ENERGY_PKG) ? SKT_PWR : 0;
		m->show |= model_has_role(md, ROLE_ENERGY_RAM) ? SKT_DRAM : 0;
	}
	if (session_budgets(a, &bud) > 0 && !session_hw_reason(a)[0])
		m->show |= UM_IPC;
	if (session_rdt(a))
		m->show |= UM_RDT;
	if (!m->show) {   /* nothing to put on the figures line (a VM without a PMU) */
		m->lines -= m->figs;
		m->figs = m->figs_inline = false;
	}
}

void ui_meters_sync(struct ui *u)
{
	struct app *a = u->a;
	const struct ui_meters *m = u->met;
	bool want = u->cur->cls->skt_figs || (m->lines > 0 && (m->show & (SKT_MEM | SKT_UPI | SKT_PWR | SKT_DRAM)));
	bool was = session_skt_counting(a);

	session_rdt_show(a, u->cur->cls->skt_figs || (m->lines > 0 && (m->show & UM_RDT)));
	/* a recording has only what it recorded; edits not yet applied in the events view win */
	if (session_replaying(a) || u->evl_edits)
		return;
	if (session_skt_show(a, want) < 0) {
		snprintf(u->status, sizeof(u->status), "%.*s", (int)sizeof(u->status) - 1, session_msg(a));
		u->status_err = true;
	}
	if (session_skt_counting(a) != was) {   /* the event list changed: every view shows it anew */
		for (int i = 0; i < u->npanels; i++)
			if (u->panels[i].cls->evl_changed)
				u->panels[i].cls->evl_changed(u, &u->panels[i]);
		u->model_gen++;
		u->dirty_hdr = u->dirty_body = u->dirty_foot = true;
	}
}

/* One bar: label, then [glyphs ... pct%] in cw columns. */
static void draw_bar(struct ui *u, WINDOW *w, int y, int x, int cw, const char *label, const double *met)
{
	char pct[16], seg[CELL_MAX * 2 + 1];
	double parts[5];
	int n[5], lw = (int)strlen(label), bw = cw - lw - 3, px = x + lw + 1, tl;

	if (bw < 4)
		return;
	ui_put(w, y, x, lw, ui_attr(u, UP_LABEL), label);
	ui_put(w, y, x + lw, 1, A_BOLD, "[");
	for (int k = 0; k < 5; k++)
		parts[k] = met ? met[part_metric[k]] : NAN;
	ui_meters_split(parts, 5, bw, n);
	for (int k = 0; k < 5; k++) {
		if (n[k] <= 0)
			continue;
		memset(seg, ui_meter_glyphs[k], (size_t)n[k]);
		seg[n[k]] = '\0';
		ui_put(w, y, px, n[k], ui_attr(u, part_pair[k]) | A_BOLD, seg);
		px += n[k];
	}
	if (!met || isnan(met[M_UTIL]))
		snprintf(pct, sizeof(pct), "-");
	else
		snprintf(pct, sizeof(pct), "%.1f%%", met[M_UTIL]);
	tl = (int)strlen(pct);
	if (tl < bw)   /* the figure over the bar's right end, as htop */
		ui_put(w, y, x + lw + 1 + bw - tl, tl, A_BOLD, pct);
	ui_put(w, y, x + lw + 1 + bw, 1, A_BOLD, "]");
}

static int put_fig(struct ui *u, WINDOW *w, int y, int x, int wd, const char *name, double v, int prec,
		   const char *unit)
{
	char buf[48];

	if (isnan(v))
		snprintf(buf, sizeof(buf), " -%s%s  ", unit[0] ? " " : "", unit);
	else
		snprintf(buf, sizeof(buf), " %.*f%s%s  ", prec, v, unit[0] ? " " : "", unit);
	/* a figure shows whole or not at all (its two trailing spaces may fall off the edge) */
	if (x + (int)(strlen(name) + strlen(buf)) - 2 > wd)
		return wd;
	x += ui_put(w, y, x, wd - x, ui_attr(u, UP_LABEL), name);
	return x + ui_put(w, y, x, wd - x, A_BOLD, buf);
}

static void draw_figs(struct ui *u, WINDOW *w, int y, int x, int wd)
{
	const struct ui_meters *m = u->met;
	const struct frame *f = session_frame(u->a);
	double nan = NAN;
	const double *v = f->sys_m && f->seq > 0 ? f->sys_m : NULL;

	x += ui_put(w, y, x, wd - x, A_NORMAL, " ");
	if (m->show & UM_IPC)
		x = put_fig(u, w, y, x, wd, metric_defs[M_IPC].label, v ? v[M_IPC] : nan, metric_defs[M_IPC].prec, "");
	/* the header's short words, one decimal fewer than the columns; the units the metric table's */
	if (m->show & SKT_MEM) {
		x = put_fig(u, w, y, x, wd, "MEM rd", v ? v[M_MEM_RD_GBS] : nan, 1, "");
		x = put_fig(u, w, y, x, wd, "wr", v ? v[M_MEM_WR_GBS] : nan, 1, metric_defs[M_MEM_WR_GBS].unit);
	}
	if (m->show & SKT_UPI)
		x = put_fig(u, w, y, x, wd, "UPI", v ? v[M_UPI_GBS] : nan, 1, metric_defs[M_UPI_GBS].unit);
	if (m->show & SKT_PWR)
		x = put_fig(u, w, y, x, wd, "PKG", v ? v[M_PKG_W] : nan, 0, metric_defs[M_PKG_W].unit);
	if (m->show & SKT_DRAM)
		x = put_fig(u, w, y, x, wd, "DRAM", v ? v[M_DRAM_W] : nan, 0, metric_defs[M_DRAM_W].unit);
	if (m->show & UM_RDT) {   /* resctrl's, summed over the L3 domains */
		const struct app_rdt *r = session_rdt(u->a);
		bool have = r && r->seq > 0;

		x = put_fig(u, w, y, x, wd, "L3occ", have ? r->sys.occ / 1048576 : nan, 0, "MiB");
		x = put_fig(u, w, y, x, wd, "MBM", have ? r->sys.total / 1e9 : nan, 1, "GB/s");
	}
	(void)x;
}

int ui_meters_draw(struct ui *u, WINDOW *w, int y, int maxy, int wd)
{
	const struct ui_meters *m = u->met;
	const struct model *md = session_model(u->a);
	const struct frame *f = &md->cur;
	bool have = f->seq > 0;
	char label[16];
	int lw = 1, drawn = 0;

	if (m->lines == 0)
		return 0;
	if (m->per == UM_CPU)   /* every label as wide as the widest CPU number */
		for (int c = 0; c < md->ncpus; c++) {
			int l = snprintf(label, sizeof(label), "%d", md->cpu_ids[c]);
			lw = l > lw ? l : lw;
		}
	for (int i = 0; i < m->nbars; i++) {
		int row = i / m->ncol, col = i % m->ncol;
		const double *met = NULL;
		if (y + row >= maxy)
			break;
		switch (m->per) {
		case UM_CPU:
			snprintf(label, sizeof(label), "%*d", lw, md->cpu_ids[i]);
			met = have && f->cpu_m ? &f->cpu_m[(size_t)i * NMETRICS] : NULL;
			break;
		case UM_SOCKET:
			snprintf(label, sizeof(label), "S%d", md->sock_ids[i] >= 0 ? md->sock_ids[i] : i);
			met = have && f->sock_m ? &f->sock_m[(size_t)i * NMETRICS] : NULL;
			break;
		default:
			snprintf(label, sizeof(label), "CPU");
			met = have ? f->sys_m : NULL;
		}
		draw_bar(u, w, y + row, col * m->cellw, m->cellw - 1, label, met);
		drawn = row + 1;
	}
	if (m->figs_inline && drawn > 0)
		draw_figs(u, w, y, m->ncol * m->cellw, wd);
	else if (m->figs && y + drawn < maxy) {
		draw_figs(u, w, y + drawn, 0, wd);
		drawn++;
	}
	return drawn;
}
