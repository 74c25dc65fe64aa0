/* SPDX-License-Identifier: GPL-2.0-or-later */
/* header.c: the header: host, CPU, kernel, source, interval, elapsed, budget, paranoid, hw reason, tabs. */
#include "view.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cols.h"
#include "format.h"

static const struct { int view; const char *key, *name; } tabs[] = {
	{ UV_CORES, "c", "Cores" }, { UV_SOCKETS, "s", "Sockets" }, { UV_UNCORE, "u", "Uncore" },
	{ UV_EVENTS, "e", "Events" }, { UV_TOPDOWN, "T", "Top-down" }, { UV_HELP, "h", "Help" },
};

int ui_header_lines(const struct ui *u)
{
	/* title, source line, budget lines, paranoid/hw reason, tabs */
	int n = 2 + (u->a->nbudget > 0 ? u->a->nbudget : 1) + 1 + 1 + u->met.lines;

	return n;
}

void ui_header_draw(struct ui *u, WINDOW *w, int h, int wd)
{
	struct app *a = u->a;
	char buf[512], el[32];
	int y = 0, x, info;
	bool sim = strncmp(a->source_label, "SIMULATED", 9) == 0;

	if (h <= 0)
		return;
	info = h > 1 ? h - 1 : h;   /* lines above the tabs (a 1-line header keeps the source) */
	/* line 1: the source first, plainly visible, then the machine */
	if (y < info) {
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_TITLE), " pmutop ");
		x += ui_put(w, y, x, wd - x, A_NORMAL, " ");
		snprintf(buf, sizeof(buf), " %s ", a->source_label[0] ? a->source_label : "live");
		x += ui_put(w, y, x, wd - x, ui_attr(u, sim ? UP_SIM : UP_LABEL) | (sim ? A_BOLD : 0), buf);
		snprintf(buf, sizeof(buf), "  %s  %s  kernel %s", a->host[0] ? a->host : "?",
			 a->topo.model[0] ? a->topo.model : "unknown CPU", a->kernel[0] ? a->kernel : "?");
		ui_put(w, y, x, wd - x, A_BOLD, buf);
		y++;
	}
	/* line 2: timing */
	if (y < info) {
		ui_fmt_elapsed(a->model.cur.t > 0 ? a->model.cur.t : app_now() - a->t0, el, sizeof(el));
		if (a->model.nsock == 1 && a->model.sock_ids && a->model.sock_ids[0] < 0)
			snprintf(buf, sizeof(buf), " interval %.3gs  elapsed %s  %d CPUs  topology unknown  ",
				 a->interval, el, a->model.ncpus);
		else
			snprintf(buf, sizeof(buf), " interval %.3gs  elapsed %s  %d CPUs  %d socket%s  ",
				 a->interval, el, a->model.ncpus, a->model.nsock, a->model.nsock == 1 ? "" : "s");
		x = ui_put(w, y, 0, wd, A_NORMAL, buf);
		{   /* the CPU time of the interval, split as top's %Cpu(s) line */
			const double *sm = a->model.cur.sys_m;
			if (sm && !isnan(sm[M_UTIL])) {
				snprintf(buf, sizeof(buf), "busy %.1f%% (usr %.1f sys %.1f irq %.1f sirq %.1f steal %.1f)  ",
					 sm[M_UTIL], sm[M_UTIL_USER], sm[M_UTIL_SYS], sm[M_UTIL_IRQ],
					 sm[M_UTIL_SOFTIRQ], sm[M_UTIL_STEAL]);
				x += ui_put(w, y, x, wd - x, A_NORMAL, buf);
			}
		}
		if (a->paused)
			x += ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD | A_REVERSE, " PAUSED ");
		if (u->ended)
			ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD, " end of recording ");
		y++;
	}

	y += ui_meters_draw(u, w, y, info, wd);
	/* counter budget per core PMU */
	if (a->nbudget == 0 && y < info) {
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), " counters: no core PMU");
		/* said once here, not as a column of n/a on every row (ui_cols_arrange) */
		if (a->hw_reason[0] && !ui_cols_is_layout(a->set.columns))
			ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN), "; hardware columns hidden: run on bare "
			       "metal or enable the hypervisor's virtual PMU");
		y++;
	}
	for (int i = 0; i < a->nbudget && y < info; i++, y++) {
		budget_describe(&a->budget[i], buf, sizeof(buf));
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL), " counters ");
		ui_put(w, y, x, wd - x, a->budget[i].multiplex ? ui_attr(u, UP_WARN) : A_NORMAL, buf);
	}

	/* permissions and why hardware events are missing */
	if (y < info) {
		if (a->paranoid == -99)
			snprintf(buf, sizeof(buf), "perf_event_paranoid ?");
		else
			snprintf(buf, sizeof(buf), "perf_event_paranoid %d", a->paranoid);
		x = ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL), " ");
		x += ui_put(w, y, x, wd - x, A_NORMAL, buf);
		if (a->hw_reason[0]) {
			x += ui_put(w, y, x, wd - x, A_NORMAL, "  ");
			x += ui_put(w, y, x, wd - x, ui_attr(u, UP_BAD), a->hw_reason);
		}
		if (a->run_note[0]) {   /* what counting dropped: descriptors, offline CPUs, failed reads */
			x += ui_put(w, y, x, wd - x, A_NORMAL, "  ");
			ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN), a->run_note);
		}
		y++;
	}
	/* view tabs on the last header line */
	if (h < 2)
		return;
	y = h - 1;
	wmove(w, y, 0);
	wclrtoeol(w);
	x = 0;
	for (size_t i = 0; i < sizeof(tabs) / sizeof(tabs[0]) && x < wd; i++) {
		bool on = tabs[i].view == u->view;
		snprintf(buf, sizeof(buf), " %s:%s ", tabs[i].key, tabs[i].name);
		x += ui_put(w, y, x, wd - x, on ? ui_attr(u, UP_SEL) : ui_attr(u, UP_DIM), buf);
		x += ui_put(w, y, x, wd - x, A_NORMAL, " ");
	}
}
