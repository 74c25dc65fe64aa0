/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_draw.c: ui_put writes the same cells, attributes and cursor as waddnstr did, whether it
 * takes its cell-array path (printable, one column wide, room before the edge) or not; and
 * ui_put_wrapped breaks a text at its spaces, never inside a word, within its lines. */
#include "t.h"
#include <locale.h>
#include "ui/widgets/draw.h"

/* ui_put as it was: attributes on, waddnstr of the bytes that fit in maxw columns, off. */
static int ref_put(WINDOW *w, int y, int x, int maxw, attr_t at, const char *s)
{
	int cols = 0;
	size_t n = 0;

	if (maxw <= 0 || !s)
		return 0;
	while (s[n]) {
		if (((unsigned char)s[n] & 0xC0) != 0x80) {
			if (cols == maxw)
				break;
			cols++;
		}
		n++;
	}
	if (n == 0)
		return 0;
	wattr_on(w, at, NULL);
	mvwaddnstr(w, y, x, s, (int)n);
	wattr_off(w, at, NULL);
	return cols;
}

static SCREEN *scr;
static bool utf8;

static bool start_screen(void)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");

	if (!out || !in)
		return false;
	scr = newterm("xterm", out, in);
	return scr != NULL;
}

/* Both ways on two fresh windows of 3 x 20, then every cell and the cursor compared. */
static void same(const char *what, int y, int x, int maxw, attr_t at, attr_t pre, const char *s)
{
	WINDOW *a = newwin(3, 20, 0, 0), *b = newwin(3, 20, 0, 0);
	int ra, rb;

	if (!a || !b) {
		CHECK(0, "%s: no window", what);
		return;
	}
	wattr_on(a, pre, NULL);
	wattr_on(b, pre, NULL);
	ra = ui_put(a, y, x, maxw, at, s);
	rb = ref_put(b, y, x, maxw, at, s);
	CHECK(ra == rb, "%s: returned %d, waddnstr way %d", what, ra, rb);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 20; c++) {
			cchar_t ca, cb;
			wchar_t wa[CCHARW_MAX + 1], wb[CCHARW_MAX + 1];
			attr_t aa, ab;
			short pa, pb;
			mvwin_wch(a, r, c, &ca);
			mvwin_wch(b, r, c, &cb);
			getcchar(&ca, wa, &aa, &pa, NULL);
			getcchar(&cb, wb, &ab, &pb, NULL);
			CHECK(wcscmp(wa, wb) == 0 && aa == ab && pa == pb,
			      "%s: cell %d,%d differs (U+%04X attr %#lx pair %d, waddnstr way U+%04X %#lx %d)",
			      what, r, c, (unsigned)wa[0], (unsigned long)aa, pa, (unsigned)wb[0],
			      (unsigned long)ab, pb);
		}
	delwin(a);
	delwin(b);
}

/* The cursor after a write: where the next waddnstr would go. */
static void same_cursor(const char *what, int y, int x, int maxw, const char *s)
{
	WINDOW *a = newwin(3, 20, 0, 0), *b = newwin(3, 20, 0, 0);
	int ya, xa, yb, xb;

	if (!a || !b)
		return;
	ui_put(a, y, x, maxw, A_BOLD, s);
	ref_put(b, y, x, maxw, A_BOLD, s);
	getyx(a, ya, xa);
	getyx(b, yb, xb);
	CHECK(ya == yb && xa == xb, "%s: cursor %d,%d, waddnstr way %d,%d", what, ya, xa, yb, xb);
	delwin(a);
	delwin(b);
}

TEST(ascii_same_as_waddnstr)
{
	if (!scr)
		T_SKIP("no screen (newterm for xterm on /dev/null failed)");
	same("plain", 0, 0, 20, A_NORMAL, A_NORMAL, "hello world");
	same("bold colour pair", 1, 3, 10, COLOR_PAIR(3) | A_BOLD, A_NORMAL, "12.5M  0.75");
	same("cut by maxw", 1, 2, 4, A_REVERSE, A_NORMAL, "abcdefgh");
	same("to the right edge", 0, 15, 10, A_NORMAL, A_NORMAL, "abcde");
	same("past the right edge (wraps)", 0, 15, 10, A_DIM, A_NORMAL, "abcdefgh");
	same("on the last line's edge", 2, 16, 10, A_NORMAL, A_NORMAL, "wxyz");
	same("a tab and a newline", 0, 2, 15, A_NORMAL, A_NORMAL, "a\tb\nc");
	same("window attribute already on", 0, 0, 20, COLOR_PAIR(2), A_UNDERLINE, "under");
	same("window colour already on", 0, 0, 20, COLOR_PAIR(2), COLOR_PAIR(1), "pairs");
	same("window colour, none given", 0, 0, 20, A_BOLD, COLOR_PAIR(1) | A_DIM, "pairs");
	same("empty", 1, 1, 5, A_BOLD, A_NORMAL, "");
	same_cursor("cursor after ascii", 1, 2, 10, "abc");
	same_cursor("cursor after the edge", 1, 17, 10, "abc");
}

TEST(utf8_same_as_waddnstr)
{
	if (!scr)
		T_SKIP("no screen (newterm for xterm on /dev/null failed)");
	if (!utf8)
		T_SKIP("no C.UTF-8 locale");
	same("sparkline", 1, 2, 16, COLOR_PAIR(5), A_NORMAL, "\xe2\x96\x81\xe2\x96\x82\xe2\x96\x88 \xe2\x96\x85");
	same("sort mark", 0, 3, 1, A_BOLD, A_NORMAL, "\xe2\x96\xb4");
	same("sparkline to the edge", 0, 16, 8, A_NORMAL, A_NORMAL, "\xe2\x96\x81\xe2\x96\x82\xe2\x96\x83\xe2\x96\x84");
	same("a wide character", 0, 0, 10, A_NORMAL, A_NORMAL, "a\xe6\xbc\xa2" "b");
	same("invalid UTF-8", 0, 0, 10, A_NORMAL, A_NORMAL, "a\xff" "b");
	same("cut inside a character", 0, 0, 10, A_NORMAL, A_NORMAL, "ab\xe2\x96");
	same_cursor("cursor after UTF-8", 2, 1, 10, "\xe2\x96\x81\xe2\x96\x82");
}

/* Line y of w from column 0, its trailing spaces dropped. */
static void line_text(WINDOW *w, int y, char *buf, int len)
{
	int n = mvwinnstr(w, y, 0, buf, len - 1);

	buf[n > 0 ? n : 0] = '\0';
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
}

TEST(wrapped_at_words)
{
	WINDOW *w;
	char l[3][32];
	int n;

	if (!scr)
		T_SKIP("no screen (newterm for xterm on /dev/null failed)");
	if (!(w = newwin(4, 20, 0, 0))) {
		CHECK(0, "no window");
		return;
	}
	/* 19 columns from x 1: "alpha beta gamma" fits (16), "delta" would end at 22 */
	n = ui_put_wrapped(w, 0, 4, UI_WRAP_MAX, 1, 20, A_NORMAL, "alpha beta gamma delta epsilon zeta");
	CHECK_EQ_INT(n, 2);
	for (int i = 0; i < 3; i++)
		line_text(w, i, l[i], sizeof(l[i]));
	CHECK_EQ_STR(l[0], " alpha beta gamma");
	CHECK_EQ_STR(l[1], " delta epsilon zeta");
	CHECK_EQ_STR(l[2], "");
	/* one line allowed: the rest is left out, no word is cut */
	werase(w);
	n = ui_put_wrapped(w, 2, 3, UI_WRAP_MAX, 1, 20, A_NORMAL, "alpha beta gamma delta epsilon zeta");
	CHECK_EQ_INT(n, 1);
	line_text(w, 2, l[0], sizeof(l[0]));
	line_text(w, 3, l[1], sizeof(l[1]));
	CHECK_EQ_STR(l[0], " alpha beta gamma");
	CHECK_EQ_STR(l[1], "");
	/* no room: nothing written */
	CHECK_EQ_INT(ui_put_wrapped(w, 3, 3, UI_WRAP_MAX, 1, 20, A_NORMAL, "x"), 0);
	CHECK_EQ_INT(ui_put_wrapped(w, 0, 4, UI_WRAP_MAX, 20, 20, A_NORMAL, "x"), 0);
	delwin(w);
}

int main(void)
{
	/* as pmutop runs: the locale first, then the screen */
	utf8 = setlocale(LC_ALL, "C.UTF-8") || setlocale(LC_ALL, "C.utf8");
	start_screen();
	RUN(ascii_same_as_waddnstr);
	RUN(utf8_same_as_waddnstr);
	RUN(wrapped_at_words);
	if (scr) {
		endwin();
		delscreen(scr);
	}
	T_DONE();
}
