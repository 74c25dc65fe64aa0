/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* header.c: the header: host, CPU, kernel, source, interval, elapsed, budget, paranoid, hw reason, tabs. */
#include "header.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "app/session.h"
#include "ui/widgets/cols.h"
#include "ui/widgets/draw.h"
#include "ui/widgets/format.h"
#include "meters.h"
#include "ui/views/view.h"

#define COUNTERS " counters "
#define BUDGET_LINES 2   /* a budget wraps at words over at most this many lines */

/* The lines the budget b takes at width wd after the label, its text into buf. */
static int budget_lines(const struct budget *b, int wd, char *buf, size_t len)
{
	int st[BUDGET_LINES], ln[BUDGET_LINES], n;

	budget_describe(b, buf, len);
	n = ui_wrap(buf, wd - (int)strlen(COUNTERS), st, ln, BUDGET_LINES);
	return n < 1 ? 1 : n > BUDGET_LINES ? BUDGET_LINES : n;
}

int ui_header_lines(const struct ui *u)
{
	const struct budget *b;
	int nb = session_budgets(u->a, &b), lines = nb > 0 ? 0 : 1;
	char buf[512];

	for (int i = 0; i < nb; i++)
		lines += budget_lines(&b[i], u->cols, buf, sizeof(buf));
	/* title, source line, budget lines, paranoid/hw reason, tabs */
	return 2 + lines + 1 + 1 + ui_meters_lines(u);
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
	x += 2;
	snprintf(buf, sizeof(buf), "%s  %s  kernel %s", h->host[0] ? h->host : "?",
		 h->cpu_model[0] ? h->cpu_model : "unknown CPU", h->kernel[0] ? h->kernel : "?");
	if (x + (int)strlen(buf) > wd)   /* narrow: the kernel goes rather than half of it */
		*strstr(buf, "  kernel ") = '\0';
	ui_put_wrapped(w, y, y + 1, 1, x, wd, A_BOLD, buf);   /* whole words of the model, what fits */
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
		if (x + (int)strlen(buf) > wd)   /* narrow: the split goes (the meters show it) */
			snprintf(buf, sizeof(buf), "busy %.1f%%  ", sm[M_UTIL]);
		x += ui_put(w, y, x, wd - x, A_NORMAL, buf);
	}
	if (session_paused(u->a))
		x += ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD | A_REVERSE, " PAUSED ");
	if (u->ended)
		ui_put(w, y, x, wd - x, ui_attr(u, UP_WARN) | A_BOLD, " end of recording ");
}

/* The header's words without a hardware PMU: one paragraph, each piece in its attribute, wrapped
 * at spaces over its lines (pieces after the first follow their sep). */
struct piece {
	const char *sep, *text;
	attr_t at;
};

#define PARA_MAX 6

/* Lines the pieces need at width wd (a margin of one column); drawn from line y when nl > 0. */
static int put_para(WINDOW *w, int y, int nl, int wd, const struct piece *pc, int np)
{
	char buf[1024];
	int from[PARA_MAX + 1], o = 0, st[4], ln[4], need;

	for (int i = 0; i < np && i < PARA_MAX; i++) {
		o += snprintf(buf + o, sizeof(buf) - (size_t)o, "%s", i ? pc[i].sep : "");
		from[i] = o < (int)sizeof(buf) ? o : (int)sizeof(buf) - 1;
		o += snprintf(buf + from[i], sizeof(buf) - (size_t)from[i], "%s", pc[i].text);
		o = o < (int)sizeof(buf) ? o : (int)sizeof(buf) - 1;
	}
	from[np] = o;
	need = ui_wrap(buf, wd - 1, st, ln, 4);
	for (int k = 0; k < nl && k < need && k < 4; k++)
		for (int i = 0; i < np; i++) {
			/* the part of piece i on line k (separators in the piece before's attribute) */
			int a = from[i] > st[k] ? from[i] : st[k];
			int b = from[i + 1] < st[k] + ln[k] ? from[i + 1] : st[k] + ln[k];
			if (b > a)
				ui_put(w, y + k, 1 + a - st[k], b - a, pc[i].at, buf + a);
		}
	return need;
}

/* Without a hardware PMU: why, once, fitted to nl lines from y: the longest wording that fits
 * with perf_event_paranoid, then where MHz comes from when it fits too, then what counting
 * dropped. Returns the next line. */
static int draw_nopmu(struct ui *u, WINDOW *w, int y, int nl, int wd, const struct session_host *h)
{
	const char *why = session_hw_reason(u->a), *clk = session_clock_source(u->a);
	bool hidden = !ui_cols_is_layout(session_settings(u->a)->columns);
	char reason[256], par[48];
	const char *hide[] = { "hardware columns hidden: run on bare metal or enable the hypervisor's virtual PMU",
			       "hardware columns hidden" };
	struct piece pc[PARA_MAX];
	int np = 0;

	if (h->paranoid == -99)
		snprintf(par, sizeof(par), "perf_event_paranoid ?");
	else
		snprintf(par, sizeof(par), "perf_event_paranoid %d", h->paranoid);
	/* the whole reason, then without its last clause, then the words alone */
	for (int v = 0; v < 4; v++) {
		snprintf(reason, sizeof(reason), "%.*s", v == 0 ? (int)strlen(why) : v == 1 ? (int)strcspn(why, ";") :
			 (int)strcspn(why, ":"), why);
		np = 0;
		pc[np++] = (struct piece){ "", reason, ui_attr(u, UP_BAD) };
		if (hidden)
			pc[np++] = (struct piece){ "; ", hide[v == 3], ui_attr(u, UP_WARN) };
		pc[np++] = (struct piece){ "  ", par, A_NORMAL };
		if (put_para(w, y, 0, wd, pc, np) <= nl)
			break;
	}
	if (clk && strcmp(clk, "cpuinfo") == 0) {
		pc[np++] = (struct piece){ "  ", "MHz*: /proc/cpuinfo's clock", ui_attr(u, UP_DIM) };
		if (put_para(w, y, 0, wd, pc, np) > nl)
			np--;
	}
	if (h->run_note[0])   /* what counting dropped: descriptors, offline CPUs, failed reads */
		pc[np++] = (struct piece){ "  ", h->run_note, ui_attr(u, UP_WARN) };
	put_para(w, y, nl, wd, pc, np);
	return y + nl;
}

/* The counter budget per core PMU, from line y below info; returns the next line. */
static int draw_budget(struct ui *u, WINDOW *w, int y, int info, int wd)
{
	const struct budget *b;
	int nb = session_budgets(u->a, &b), x;
	char buf[512];

	if (nb == 0 && y < info) {   /* a recording: no PMU of this machine counts it */
		ui_put(w, y, 0, wd, ui_attr(u, UP_DIM), " counters: no core PMU");
		y++;
	}
	for (int i = 0; i < nb && y < info; i++) {
		int n = budget_lines(&b[i], wd, buf, sizeof(buf));

		x = ui_put(w, y, 0, wd, ui_attr(u, UP_LABEL), COUNTERS);
		n = ui_put_wrapped(w, y, info, n, x, wd,
				   b[i].multiplex ? ui_attr(u, UP_WARN) : A_NORMAL, buf);
		y += n > 0 ? n : 1;
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

/* The view tabs on line y: " k:Name " with room between them where the line has it, "k:Name" one
 * space apart where not, the keys alone on the narrowest; the view on screen highlighted. */
static void draw_tabs(struct ui *u, WINDOW *w, int y, int wd)
{
	static const struct { const char *fmt; int sep; } styles[] = {
		{ " %s:%s ", 2 }, { " %s:%s ", 0 }, { "%s:%s", 1 }, { "%s", 1 },
	};
	char buf[48];
	int x = 0, st = 0;
	static int last_wd = -1, last_st;   /* the style chosen for this width (the tabs are fixed) */

	if (wd == last_wd)
		st = last_st;
	else for (; st < (int)(sizeof(styles) / sizeof(styles[0])) - 1; st++) {
		int need = 0, n = 0;
		for (int i = 0; i < u->npanels; i++)
			if (u->panels[i].cls->tab)
				need += snprintf(buf, sizeof(buf), styles[st].fmt, u->panels[i].cls->tabkey,
						 u->panels[i].cls->tab) + (n++ ? styles[st].sep : 0);
		if (need <= wd)
			break;
	}
	last_wd = wd;
	last_st = st;
	wmove(w, y, 0);
	wclrtoeol(w);
	for (int i = 0; i < u->npanels && x < wd; i++) {
		const struct ui_panel_class *c = u->panels[i].cls;
		bool on = &u->panels[i] == u->cur;
		if (!c->tab)
			continue;
		if (x > 0)
			x += ui_put(w, y, x, wd - x, A_NORMAL, styles[st].sep == 2 ? "  " : styles[st].sep ? " " : "");
		snprintf(buf, sizeof(buf), styles[st].fmt, c->tabkey, c->tab);
		x += ui_put(w, y, x, wd - x, on ? ui_attr(u, UP_SEL) : ui_attr(u, UP_DIM), buf);
	}
}

void ui_header_draw(struct ui *u, WINDOW *w, int h, int wd)
{
	struct session_host host;
	const struct budget *b;
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
	if (session_budgets(u->a, &b) == 0 && session_hw_reason(u->a)[0] && y < info) {
		/* the budget's line and the reasons' are one paragraph: why there is no PMU, once */
		y = draw_nopmu(u, w, y, info - y < 2 ? info - y : 2, wd, &host);
	} else {
		y = draw_budget(u, w, y, info, wd);
		if (y < info)
			draw_reasons(u, w, y++, wd, &host);
	}
	/* view tabs on the last header line */
	if (h >= 2)
		draw_tabs(u, w, h - 1, wd);
}
