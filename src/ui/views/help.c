/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* help.c: the help view: every key from the key table and how to read the cells. */
#include "view.h"
#include <stdio.h>
#include <string.h>
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

/* Put text at (y, x) in room cells, wrapped at spaces; continuation lines start at x too. Lines
 * before first are counted, not drawn; drawing stops at line last. Returns the lines it takes. */
static int put_wrapped(WINDOW *w, int *line, int first, int last, int *y, int x, int room, attr_t at,
		       const char *text)
{
	int n = 0;

	do {
		int len = (int)strlen(text), cut = len;
		char part[256];

		if (room < 8)
			room = 8;
		if (len > room) {   /* the last space that leaves the line within room */
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		snprintf(part, sizeof(part), "%.*s", cut, text);
		if (w && *line >= first && *line < last)
			ui_put(w, (*y)++, x, room, at, part);
		(*line)++;
		n++;
		text += cut;
		while (*text == ' ')
			text++;
	} while (*text);
	return n;
}

/* One entry: a left column (a key's name, a legend's term) and its text, wrapped beside it. */
static void put_entry(WINDOW *w, int wd, int *line, int first, int last, int *y, const char *left, int lw,
		      attr_t at, const char *text)
{
	int l0 = *line, y0 = *y;

	put_wrapped(w, line, first, last, y, lw, wd - lw, at, text);
	if (w && lw > 0 && l0 >= first && l0 < last)   /* its first line shows: the left column there */
		ui_put(w, y0, 0, lw, at, left);
}

/* Lay the help out at width wd: count its lines, and draw those from first to last (w not NULL)
 * at y from 0. Returns the count. */
static int layout(struct ui *u, WINDOW *w, int wd, int first, int last)
{
	int line = 0, y = 0;
	char name[32];

	if (w && line >= first && line < last)
		ui_put(w, y++, 0, wd, ui_attr(u, UP_HEAD), " Keys (Esc goes back)");
	line++;
	for (const struct ui_key *k = ui_keys; k->key; k++) {
		if (!k->name)
			continue;
		snprintf(name, sizeof(name), "  %-12s ", k->name);
		put_entry(w, wd, &line, first, last, &y, name, 15, A_NORMAL, k->help);
	}
	for (int i = 0; legend[i]; i++) {
		const char *l = legend[i];
		int lw = (int)strlen(l) > 21 && l[0] == ' ' && l[1] == ' ' ? 21 : 0;
		char left[32];

		snprintf(left, sizeof(left), "%.*s", lw, l);
		put_entry(w, wd, &line, first, last, &y, left, lw, i == 1 ? ui_attr(u, UP_HEAD) : A_NORMAL,
			  l[lw] ? l + lw : " ");
	}
	return line;
}

static int nlines(struct ui *u)
{
	return layout(u, NULL, u->cols, 0, 0);
}

static int nrows(struct ui *u, struct ui_panel *p)
{
	(void)p;
	return nlines(u);
}

/* The text's lines shown at once: the body less the line saying what is above or below. */
static int page(int h)
{
	return h > 2 ? h - 1 : 1;
}

static int top_max(struct ui *u, int h)
{
	return nlines(u) > page(h) ? nlines(u) - page(h) : 0;
}

static void draw(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd)
{
	int top, last, n = nlines(u);
	char buf[256];

	/* the help scrolls as a page (no selection): Up/Down a line, PgUp/PgDn a page; long lines wrap */
	if (p->list.top > top_max(u, h))
		p->list.top = top_max(u, h);
	top = p->list.top;
	last = top + page(h) < n ? top + page(h) : n;
	if (n > h) {   /* the last line says where the page is and that more follows */
		snprintf(buf, sizeof(buf), " lines %d-%d of %d  %s", top + 1, last, n,
			 last < n ? "more below: PgDn, Down, End" : "end: PgUp, Up, Home");
		ui_put(w, h - 1, 0, wd, ui_attr(u, UP_DIM), buf);
		h--;
	}
	layout(u, w, wd, top, top + h);
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
	case UA_END: *top = top_max(u, h); break;
	default: return false;
	}
	if (*top > top_max(u, h))
		*top = top_max(u, h);
	if (*top < 0)
		*top = 0;
	u->dirty_body = true;
	return true;
}

const struct ui_panel_class ui_panel_help = {
	.tab = "Help", .tabkey = "h", .action = UA_HELP, .overlay = true, .draw = draw, .nrows = nrows, .key = key,
};
