/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_layout.c: the table's column fitting, scrolling, screen regions and event list text editing. */
#include "t.h"
#include <errno.h>
#include "config/keylist.h"
#include "ui/widgets/layout.h"
#include "ui/widgets/table.h"

static void cols7(struct ui_tcol *c)
{
	static const int w[] = { 4, 3, 4, 5, 6, 6, 6 };

	for (int i = 0; i < 7; i++)
		c[i] = (struct ui_tcol){ .width = w[i], .fixed = i < 3 };
}

TEST(table_fixed_and_scrolled)
{
	struct ui_tcol c[7];
	struct ui_tfit f;
	int hoff = 0;

	cols7(c);
	/* everything fits in 80: no off-screen mark */
	ui_table_fit(c, 7, &hoff, 80, &f);
	CHECK_EQ_INT(f.n, 7);
	CHECK(!f.more_left && !f.more_right, "off-screen marks");
	CHECK_EQ_INT(f.x[3], 14);
	/* 4+1+3+1+4+1 = 14 fixed, then 5+1, 6: 26 columns fit up to column 4; more to the right */
	ui_table_fit(c, 7, &hoff, 26, &f);
	CHECK_EQ_INT(f.n, 5);
	CHECK(f.more_right && !f.more_left, "off-screen marks");
	/* scrolled by 2: the fixed three, then columns 5 and 6; more to the left */
	hoff = 2;
	ui_table_fit(c, 7, &hoff, 28, &f);
	CHECK_EQ_INT(f.n, 5);
	CHECK_EQ_INT(f.col[2], 2);
	CHECK_EQ_INT(f.col[3], 5);
	CHECK_EQ_INT(f.col[4], 6);
	CHECK(f.more_left && !f.more_right, "off-screen marks");
	/* Right pressed past the end stops where the last columns fill the room: at 26 columns the
	 * fixed ones take 14, one 6-wide column fits beside them */
	hoff = 40;
	ui_table_fit(c, 7, &hoff, 26, &f);
	CHECK_EQ_INT(hoff, 3);
	CHECK_EQ_INT(f.col[f.n - 1], 6);
	CHECK(f.more_left && !f.more_right, "off-screen marks");
	/* where everything fits, there is nothing to scroll */
	hoff = 2;
	ui_table_fit(c, 7, &hoff, 200, &f);
	CHECK_EQ_INT(hoff, 0);
	CHECK_EQ_INT(f.n, 7);
	/* a 10-column terminal never gets a column past its edge */
	hoff = 0;
	ui_table_fit(c, 7, &hoff, 10, &f);
	CHECK_EQ_INT(f.n, 2);
	for (int k = 0; k < f.n; k++)
		CHECK(f.x[k] + f.w[k] <= 10, "column %d ends at %d", k, f.x[k] + f.w[k]);
	/* a click at x lands in the column drawn there */
	ui_table_fit(c, 7, &hoff, 80, &f);
	CHECK_EQ_INT(ui_table_at(&f, 16), 3);
	CHECK_EQ_INT(ui_table_at(&f, 79), -1);
}

TEST(table_sort_steps_round)
{
	int cols[] = { 4, 7, 9 };

	CHECK_EQ_INT(ui_table_sort_step(cols, 3, 7, 1), 9);
	CHECK_EQ_INT(ui_table_sort_step(cols, 3, 9, 1), 4);    /* round the end */
	CHECK_EQ_INT(ui_table_sort_step(cols, 3, 4, -1), 9);   /* and the start */
	CHECK_EQ_INT(ui_table_sort_step(cols, 3, 5, 1), 7);    /* a key no longer shown: from the first */
	CHECK_EQ_INT(ui_table_sort_step(cols, 0, 5, 1), 5);
}

TEST(table_fill_takes_the_rest)
{
	struct ui_tcol c[3] = { { .width = 7, .fixed = true }, { .width = 15, .left = true, .fixed = true },
				{ .width = 34, .left = true, .fill = true } };
	struct ui_tfit f;
	int hoff = 0;

	/* a name at the end takes the rest of a wide line, and what is left of a narrow one */
	ui_table_fit(c, 3, &hoff, 120, &f);
	CHECK_EQ_INT(f.n, 3);
	CHECK_EQ_INT(f.w[2], 120 - 24);
	ui_table_fit(c, 3, &hoff, 40, &f);
	CHECK_EQ_INT(f.n, 3);
	CHECK_EQ_INT(f.x[2] + f.w[2], 40);
	CHECK(!f.more_right, "off-screen marks");
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
	RUN(table_fixed_and_scrolled);
	RUN(table_fill_takes_the_rest);
	RUN(table_sort_steps_round);
	RUN(scroll_keeps_selection_visible);
	RUN(layout_regions);
	RUN(evtext_items_respect_terms_and_groups);
	RUN(evtext_toggle);
	T_DONE();
}
