/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_layout.c: column fitting, scrolling, screen regions and event list text editing. */
#include "t.h"
#include <errno.h>
#include "config/keylist.h"
#include "ui/widgets/layout.h"

TEST(cols_fixed_and_scrolled)
{
	int w[] = { 4, 3, 4, 5, 6, 6, 6 }, vis[7], n;

	/* everything fits in 80 */
	n = ui_cols_fit(w, 7, 3, 0, 80, vis);
	CHECK_EQ_INT(n, 7);
	/* 4+1+3+1+4+1 = 14 fixed, then 5+1, 6: 26 columns fit up to col 4 */
	n = ui_cols_fit(w, 7, 3, 0, 26, vis);
	CHECK_EQ_INT(n, 5);
	/* scrolled by 2: the fixed three, then columns 5 and 6 */
	n = ui_cols_fit(w, 7, 3, 2, 80, vis);
	CHECK_EQ_INT(n, 5);
	CHECK_EQ_INT(vis[2], 2);
	CHECK_EQ_INT(vis[3], 5);
	CHECK_EQ_INT(vis[4], 6);
	/* a 40-column terminal never gets a column past its edge */
	n = ui_cols_fit(w, 7, 3, 0, 10, vis);
	CHECK_EQ_INT(n, 2);
}

TEST(scroll_keeps_selection_visible)
{
	CHECK_EQ_INT(ui_scroll_top(0, 5, 224, 10), 0);
	CHECK_EQ_INT(ui_scroll_top(0, 10, 224, 10), 1);
	CHECK_EQ_INT(ui_scroll_top(50, 20, 224, 10), 20);
	CHECK_EQ_INT(ui_scroll_top(0, 223, 224, 10), 214);
	/* a list shorter than the window starts at 0 */
	CHECK_EQ_INT(ui_scroll_top(7, 3, 5, 10), 0);
	/* after a resize to more rows, the end of the list still fills the window */
	CHECK_EQ_INT(ui_scroll_top(214, 223, 224, 30), 194);
	CHECK_EQ_INT(ui_clamp(-3, 10), 0);
	CHECK_EQ_INT(ui_clamp(12, 10), 9);
	CHECK_EQ_INT(ui_clamp(4, 0), 0);
}

TEST(layout_regions)
{
	struct ui_layout l;

	ui_layout_compute(12, 60, 6, &l);
	CHECK_EQ_INT(l.small, 0);
	ui_layout_compute(11, 60, 6, &l);
	CHECK_EQ_INT(l.small, 1);
	ui_layout_compute(12, 59, 6, &l);
	CHECK_EQ_INT(l.small, 1);
	ui_layout_compute(50, 200, 6, &l);
	CHECK_EQ_INT(l.hdr_h, 6);
	CHECK_EQ_INT(l.body_y, 6);
	CHECK_EQ_INT(l.body_h, 43);
	CHECK_EQ_INT(l.foot_y, 49);
	CHECK_EQ_INT(l.small, 0);
	/* 40x10 with a 7-line header: the header shrinks so 3 body rows remain */
	ui_layout_compute(10, 40, 7, &l);
	CHECK_EQ_INT(l.hdr_h + l.body_h + 1, 10);
	CHECK(l.body_h >= 3, "body %d", l.body_h);
	CHECK_EQ_INT(l.small, 1);
	/* 5x30: still something, and says it is small */
	ui_layout_compute(5, 30, 6, &l);
	CHECK(l.hdr_h >= 1 && l.body_h >= 0 && l.foot_y == 4, "hdr %d body %d", l.hdr_h, l.body_h);
	CHECK_EQ_INT(l.small, 1);
}

TEST(evtext_items_respect_terms_and_groups)
{
	const char *s = "cycles, cpu/event=0x3c,umask=0x0/,{instructions,branches}:S,r01c2";
	size_t pos = 0, st, ln;
	char items[8][64];
	int n = 0;

	while (n < 8 && keylist_next(s, &pos, &st, &ln) == 0) {
		snprintf(items[n], sizeof(items[n]), "%.*s", (int)ln, s + st);
		n++;
	}
	CHECK_EQ_INT(n, 4);
	CHECK_EQ_STR(items[0], "cycles");
	CHECK_EQ_STR(items[1], "cpu/event=0x3c,umask=0x0/");
	CHECK_EQ_STR(items[2], "{instructions,branches}:S");
	CHECK_EQ_STR(items[3], "r01c2");
	CHECK_EQ_INT(keylist_count(s), 4);
	CHECK_EQ_INT(keylist_count(""), 0);
	CHECK(keylist_has(s, "r01c2"), "has last");
	CHECK(!keylist_has(s, "instructions"), "a group member is not a top-level item");
	CHECK(!keylist_has(s, "cycle"), "no prefix match");
}

TEST(evtext_toggle)
{
	char b[64] = "cycles,instructions,cpu-clock";

	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "instructions"), 0);
	CHECK_EQ_STR(b, "cycles,cpu-clock");
	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "cpu-clock"), 0);
	CHECK_EQ_STR(b, "cycles");
	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "page-faults"), 1);
	CHECK_EQ_STR(b, "cycles,page-faults");
	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "cycles"), 0);
	CHECK_EQ_STR(b, "page-faults");
	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "page-faults"), 0);
	CHECK_EQ_STR(b, "");
	CHECK_EQ_INT(keylist_toggle(b, sizeof(b), "cpu/event=0x3c,umask=0/"), 1);
	CHECK_EQ_STR(b, "cpu/event=0x3c,umask=0/");
	/* no room: unchanged */
	{
		char s[12] = "cycles";
		CHECK_EQ_INT(keylist_toggle(s, sizeof(s), "instructions"), -ENOSPC);
		CHECK_EQ_STR(s, "cycles");
	}
}

int main(void)
{
	RUN(cols_fixed_and_scrolled);
	RUN(scroll_keeps_selection_visible);
	RUN(layout_regions);
	RUN(evtext_items_respect_terms_and_groups);
	RUN(evtext_toggle);
	T_DONE();
}
