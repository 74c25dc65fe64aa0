/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* draw.c: small drawing helpers shared by the views: clipped text, titles (colours: palette.c). */
#include "draw.h"
#include <string.h>
#include <wchar.h>
#include "cols.h"
#include "format.h"

/* A string of n bytes and cols columns written as one cell array: waddnstr converts a UTF-8 string
 * byte by byte through mbrtowc and costs about 1,000 instructions a character (a sparkline row
 * 17,000), the array a few tens. Taken only where the result is the same cells and cursor as
 * waddnstr's (wadd_wchnstr merges the window's attributes as waddnstr does): printable characters
 * one column wide and room before the right edge, where waddnstr would wrap. Returns false to
 * leave it to waddnstr. tests/unit/test_ui_draw.c compares the two. */
#define PUT_FAST_MAX 512
static bool put_cells(WINDOW *w, int y, int x, attr_t at, const char *s, size_t n, int cols)
{
	cchar_t cells[PUT_FAST_MAX];
	mbstate_t st;
	int k = 0;

	if (cols > PUT_FAST_MAX || x < 0 || x + cols >= getmaxx(w) || y < 0 || y >= getmaxy(w))
		return false;
	memset(&st, 0, sizeof(st));
	for (size_t i = 0; i < n;) {
		wchar_t wc[2] = { 0, 0 };
		unsigned char b = (unsigned char)s[i];
		size_t len = 1;

		if (b >= 0x20 && b < 0x7f) {
			wc[0] = b;
		} else {
			len = mbrtowc(&wc[0], s + i, n - i, &st);
			if (len == 0 || len > n - i || wcwidth(wc[0]) != 1)
				return false;   /* invalid, incomplete, a control or a wide character */
		}
		if (k == cols || setcchar(&cells[k], wc, at & ~A_COLOR, (short)PAIR_NUMBER(at), NULL) == ERR)
			return false;
		k++;
		i += len;
	}
	if (k != cols || mvwadd_wchnstr(w, y, x, cells, k) == ERR)
		return false;
	wmove(w, y, x + k);
	return true;
}

int ui_put(WINDOW *w, int y, int x, int maxw, attr_t at, const char *s)
{
	int cols = 0;
	size_t n = 0;

	if (maxw <= 0 || !s)
		return 0;
	while (s[n]) {
		/* a UTF-8 lead byte starts a new column */
		if (((unsigned char)s[n] & 0xC0) != 0x80) {
			if (cols == maxw)
				break;
			cols++;
		}
		n++;
	}
	if (n == 0)
		return 0;
	if (put_cells(w, y, x, at, s, n, cols))
		return cols;
	wattr_on(w, at, NULL);
	mvwaddnstr(w, y, x, s, (int)n);
	wattr_off(w, at, NULL);
	return cols;
}

int ui_put_wrapped(WINDOW *w, int y, int yend, int maxl, int x, int wd, attr_t at, const char *s)
{
	int st[UI_WRAP_MAX], ln[UI_WRAP_MAX], n, k;
	char line[512];

	if (maxl > UI_WRAP_MAX)
		maxl = UI_WRAP_MAX;
	if (!s || wd - x < 1 || y >= yend || maxl < 1)
		return 0;
	n = ui_wrap(s, wd - x, st, ln, maxl);
	for (k = 0; k < n && k < maxl && y + k < yend; k++) {
		snprintf(line, sizeof(line), "%.*s", ln[k], s + st[k]);
		ui_put(w, y + k, x, wd - x, at, line);
	}
	return k;
}

void ui_put_right(WINDOW *w, int y, int x, int cw, attr_t at, const char *s)
{
	int len = 0;

	for (const char *p = s; *p; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			len++;
	if (len > cw)
		len = cw;
	ui_put(w, y, x + cw - len, len, at, s);
}

