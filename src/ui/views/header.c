/* SPDX-License-Identifier: GPL-2.0-or-later */
/* header.c: the header: host, CPU, kernel, source, interval, elapsed, budget, paranoid, hw reason, tabs. */
#include "header.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/cols.h"
#include "ui/widgets/format.h"
#include "meters.h"
#include "view.h"

static const struct { int view; const char *key, *name; } tabs[] = {
	{ UV_CORES, "c", "Cores" }, { UV_SOCKETS, "s", "Sockets" }, { UV_UNCORE, "u", "Uncore" },
	{ UV_EVENTS, "e", "Events" }, { UV_TOPDOWN, "T", "Top-down" }, { UV_PROCS, "P", "Procs" },
	{ UV_CGROUPS, "G", "Cgroups" }, { UV_HELP, "h", "Help" },
};

int ui_header_lines(const struct ui *u)
{
	const struct budget *b;
	int nb = session_budgets(u->a, &b);

	/* title, source line, budget lines, paranoid/hw reason, tabs */
	return 2 + (nb > 0 ? nb : 1) + 1 + 1 + ui_meters_lines(u);
}

/* Line 1: the source first, plainly visible, then the machine. */
static void draw_source(struct ui *u, WINDOW *w, int y, int wd, const struct session_host *h)
{
	bool sim = strncmp(h->label, "SIMULATED", 9) == 0;
	char buf[512];
	int x;

	x = ui_put(w, y, 0, wd, ui_attr(u, UP_TITLE), " pmutop ");
	x += ui_put(w, y, x, wd - x, A_NORMAL, " ");
	snprintf(buf, sizeof(buf), " %s ", h->label[0] ? h->label : "live");
	x += ui_put(w, y, x, wd - x, ui_attr(u, sim ? UP_SIM : UP_LABEL) | (sim ? A_BOLD : 0), buf);
	snprintf(buf, sizeof(buf), "  %s  %s  kernel %s", h->host[0] ? h->host : "?",
		 h->cpu_model[0] ? h->cpu_model : "unknown CPU", h->kernel[0] ? h->kernel : "?");
	ui_put(w, y, x, wd - x, A_BOLD, buf);
}

/* Line 2: interval, elapsed, CPUs and sockets, the CPU time split, paused or ended. */
static void draw_timing(struct ui *u, WINDOW *w, int y, int wd)
{
	const struct model *m = session_model(u->a);
	const double *sm = m->cur.sys_m;
	double iv = session_interval(u->a);
	char buf[512], el[32];
	int x;

	ui_fmt_elapsed(session_elapsed(u->a), el, sizeof(el));
	if (m->nsock == 1 && m->sock_ids && m->sock_ids[0] < 0)
		snprintf(buf, sizeof(buf), " interval %.3gs  elapsed %s  %d CPUs  topology unknown  ",
			 iv, el, m->ncpus);
	else
		snprintf(buf, sizeof(buf), " interval %.3gs  elapsed %s  %d CPUs  %d socket%s  ",
			 iv, el, m->ncpus, m->nsock, m->nsock == 1 ? "" : "s");
	x = ui_put(w, y, 0, wd, A_NORMAL, buf);
	/* the CPU time of the interval, split as top's %Cpu(s) line */
	if (sm && !isnan(sm[M_UTIL])) {
		snprintf(buf, sizeof(buf), "busy %.1f%% (usr %.1f sys %.1f irq %.1f sirq %.1f steal %.1f)  ",
			 sm[M_UTIL], sm[M_UTIL_USER], sm[M_UTIL_SYS], sm[M_UTIL_IRQ],
			 sm[M_UTIL_SOFTIRQ], sm[M_UTIL_STEAL]);
		x += ui_put(w, y, x, wd - x, A_NORMAL, buf);
	}
	if (session_paused(u->a))
		x += ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD | A_REVERSE, " PAUSED ");
	if (u->ended)
		ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD, " end of recording ");
}

/* The counter budget per core PMU, from line y below info; returns the next line. */
static int draw_budget(struct ui *u, WINDOW *w, int y, int info, int wd)
{
	const struct budget *b;
	const char *why = session_hw_reason(u->a);
	int nb = session_budgets(u->a, &b), x;
	char buf[512];

	if (nb == 0 && y < info) {
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), " counters: no core PMU");
		/* said once here, not as a column of n/a on every row (ui_cols_arrange) */
		if (why[0] && !ui_cols_is_layout(session_settings(u->a)->columns))
			ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN), "; hardware columns hidden: run on bare "
			       "metal or enable the hypervisor's virtual PMU");
		y++;
	}
	for (int i = 0; i < nb && y < info; i++, y++) {
		budget_describe(&b[i], buf, sizeof(buf));
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL), " counters ");
		ui_put(w, y, x, wd - x, b[i].multiplex ? ui_attr(u, UP_WARN) : A_NORMAL, buf);
	}
	return y;
}

/* Permissions, why hardware events are missing, what counting dropped. */
static void draw_reasons(struct ui *u, WINDOW *w, int y, int wd, const struct session_host *h)
{
	const char *why = session_hw_reason(u->a);
	char buf[64];
	int x;

	if (h->paranoid == -99)
		snprintf(buf, sizeof(buf), "perf_event_paranoid ?");
	else
		snprintf(buf, sizeof(buf), "perf_event_paranoid %d", h->paranoid);
	x = ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL), " ");
	x += ui_put(w, y, x, wd - x, A_NORMAL, buf);
	if (why[0]) {
		x += ui_put(w, y, x, wd - x, A_NORMAL, "  ");
		x += ui_put(w, y, x, wd - x, ui_attr(u, UP_BAD), why);
	}
	if (h->run_note[0]) {   /* what counting dropped: descriptors, offline CPUs, failed reads */
		x += ui_put(w, y, x, wd - x, A_NORMAL, "  ");
		ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN), h->run_note);
	}
}

/* The view tabs on line y. */
static void draw_tabs(struct ui *u, WINDOW *w, int y, int wd)
{
	char buf[32];
	int x = 0;

	wmove(w, y, 0);
	wclrtoeol(w);
	for (size_t i = 0; i < sizeof(tabs) / sizeof(tabs[0]) && x < wd; i++) {
		bool on = tabs[i].view == u->view;
		snprintf(buf, sizeof(buf), " %s:%s ", tabs[i].key, tabs[i].name);
		x += ui_put(w, y, x, wd - x, on ? ui_attr(u, UP_SEL) : ui_attr(u, UP_DIM), buf);
		x += ui_put(w, y, x, wd - x, A_NORMAL, " ");
	}
}

void ui_header_draw(struct ui *u, WINDOW *w, int h, int wd)
{
	struct session_host host;
	int y = 0, info;

	if (h <= 0)
		return;
	session_host(u->a, &host);
	info = h > 1 ? h - 1 : h;   /* lines above the tabs (a 1-line header keeps the source) */
	if (y < info)
		draw_source(u, w, y++, wd, &host);
	if (y < info)
		draw_timing(u, w, y++, wd);
	y += ui_meters_draw(u, w, y, info, wd);
	y = draw_budget(u, w, y, info, wd);
	if (y < info)
		draw_reasons(u, w, y++, wd, &host);
	/* view tabs on the last header line */
	if (h >= 2)
		draw_tabs(u, w, h - 1, wd);
}
