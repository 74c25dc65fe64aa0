/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* help.c: the help view: every key from the key table and how to read the cells. */
#include "view.h"
#include <stdio.h>
#include "ui/widgets/keys.h"

static const char *const legend[] = {
	"",
	"Reading the numbers",
	"  12.3K 4.56M 1.20G  thousands, millions, billions; one unit per column",
	"  INSTR/s            counts as rates per second (r: raw counts per interval)",
	"  -                  no value (event not in the list, or not on this CPU)",
	"  n/a                the kernel does not support the event here (e.g. no hardware PMU in a VM)",
	"                     a column that is n/a on every CPU is hidden (F shows it again)",
	"  MHz, IRQ/s         clock (cpufreq, /proc/cpuinfo) and interrupts/s (/proc/interrupts)",
	"  MHz*               /proc/cpuinfo's clock, no cpufreq driver: in a VM its nominal clock, never changing",
	"  rfo.l3_miss/s      a long event name: the whole words where it differs; < > sorting names it in full",
	"  ctxsw/s, instr     short titles of well-known events (context-switches, instructions)",
	"  !nc                opened but never counted in the interval (no counter was free)",
	"  MUX (blank)        every event of the row counted the whole interval: values are measured",
	"  MUX ~63%           multiplexed: the least measured event ran 63% of the time; values are estimates",
	"  MUX !nc            an event of the row was never scheduled: its values are missing",
	"  sort mark          after the sorted column's title: down descending, up ascending (I inverts)",
	"  IPC history        instructions per cycle, newest on the right",
	"  meter [||##@$%]    CPU time: | user  # system  @ irq  $ softirq  % steal (m: meters on/off)",
	"  RD/WR/UPI GB/s     sockets view: memory read, write and UPI data bandwidth; L3HIT%, PKG W, DRAM W",
	"  underlined value   (without colour) an estimate: its event was multiplexed",
	"  all*               a filter (/) is set: the totals still count every CPU, shown or not",
	"  mouse              click a column title to sort (again: invert), a row to select; wheel scrolls",
	NULL,
};

static int nlines(void)
{
	int n = 1;

	for (const struct ui_key *k = ui_keys; k->key; k++)
		n += k->name != NULL;
	for (int i = 0; legend[i]; i++)
		n++;
	return n;
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)p;
	(void)u;
	return nlines();
}

/* The text's lines shown at once: the body less the line saying what is above or below. */
static int page(int h)
{
	return h > 2 ? h - 1 : 1;
}

static int top_max(int h)
{
	return nlines() > page(h) ? nlines() - page(h) : 0;
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	int line = 0, y = 0, top, last;
	char buf[256];

	/* the help scrolls as a page (no selection): Up/Down a line, PgUp/PgDn a page */
	if (p->list.top > top_max(h))
		p->list.top = top_max(h);
	top = p->list.top;
	last = top + page(h) < nlines() ? top + page(h) : nlines();
	if (nlines() > h) {   /* the last line says where the page is and that more follows */
		snprintf(buf, sizeof(buf), " lines %d-%d of %d  %s", top + 1, last, nlines(),
			 last < nlines() ? "more below: PgDn, Down, End" : "end: PgUp, Up, Home");
		ui_put(w, h - 1, 0, wd, ui_attr(u, UP_DIM), buf);
		h--;
	}
	if (line++ >= top && y < h)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_HEAD), " Keys (Esc goes back)");
	for (const struct ui_key *k = ui_keys; k->key; k++) {
		if (!k->name)
			continue;
		if (line++ < top || y >= h)
			continue;
		snprintf(buf, sizeof(buf), "  %-12s %s", k->name, k->help);
		ui_put(w, y++, 0, wd, A_NORMAL, buf);
	}
	for (int i = 0; legend[i]; i++) {
		if (line++ < top || y >= h)
			continue;
		ui_put(w, y++, 0, wd, i == 1 ? ui_attr(u, UP_HEAD) : A_NORMAL, legend[i]);
	}
}

static bool key(struct ui *u, struct ui_panel *p, int action)
{
	int *top = &p->list.top, h = u->lay.body_h;

	switch (action) {
	case UA_UP: (*top)--; break;
	case UA_DOWN: (*top)++; break;
	case UA_PGUP: *top -= page(h); break;
	case UA_PGDN: *top += page(h); break;
	case UA_HOME: *top = 0; break;
	case UA_END: *top = top_max(h); break;
	default: return false;
	}
	if (*top > top_max(h))
		*top = top_max(h);
	if (*top < 0)
		*top = 0;
	u->dirty_body = true;
	return true;
}

const struct ui_panel_class ui_panel_help = {
	.tab = "Help", .tabkey = "h", .action = UA_HELP, .overlay = true, .draw = draw, .nrows = nrows, .key = key,
};
