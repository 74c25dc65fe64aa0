/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* lineedit.c: the one line editor of every prompt. */
#include "lineedit.h"
#include <stdio.h>
#include <string.h>
#include "draw.h"

#define CTRL(c) ((c) & 0x1f)

void ui_line_init(struct ui_line *l, char *buf, int size, const char *text)
{
	bool (*accept)(int) = l->accept;

	memset(l, 0, sizeof(*l));
	l->accept = accept;
	l->buf = buf;
	l->size = size;
	if (size <= 0)
		return;
	snprintf(buf, (size_t)size, "%s", text ? text : "");
	l->len = l->cur = (int)strlen(buf);
}

/* Remove the characters [from, to) of the text. */
static void cut(struct ui_line *l, int from, int to)
{
	memmove(l->buf + from, l->buf + to, (size_t)(l->len - to + 1));
	l->len -= to - from;
	l->cur = from;
}

enum ui_line_result ui_line_key(struct ui_line *l, int ch)
{
	int p;

	switch (ch) {
	case 27:
		return UI_LINE_CANCEL;
	case '\n': case '\r': case KEY_ENTER:
		return UI_LINE_ENTER;
	case KEY_LEFT: case CTRL('b'):
		if (l->cur > 0)
			l->cur--;
		return UI_LINE_MOVED;
	case KEY_RIGHT: case CTRL('f'):
		if (l->cur < l->len)
			l->cur++;
		return UI_LINE_MOVED;
	case KEY_HOME: case CTRL('a'):
		l->cur = 0;
		return UI_LINE_MOVED;
	case KEY_END: case CTRL('e'):
		l->cur = l->len;
		return UI_LINE_MOVED;
	case KEY_BACKSPACE: case 127: case CTRL('h'):
		if (l->cur == 0)
			return UI_LINE_MOVED;
		cut(l, l->cur - 1, l->cur);
		return UI_LINE_EDITED;
	case KEY_DC: case CTRL('d'):
		if (l->cur == l->len)
			return UI_LINE_MOVED;
		cut(l, l->cur, l->cur + 1);
		return UI_LINE_EDITED;
	case CTRL('u'):
		if (l->cur == 0)
			return UI_LINE_MOVED;
		cut(l, 0, l->cur);
		return UI_LINE_EDITED;
	case CTRL('w'):   /* the blanks before the cursor, then the word before them */
		for (p = l->cur; p > 0 && l->buf[p - 1] == ' '; p--)
			;
		for (; p > 0 && l->buf[p - 1] != ' '; p--)
			;
		if (p == l->cur)
			return UI_LINE_MOVED;
		cut(l, p, l->cur);
		return UI_LINE_EDITED;
	default:
		if (ch < 32 || ch >= 127)
			return UI_LINE_IGNORED;
		if ((l->accept && !l->accept(ch)) || l->len + 1 >= l->size)
			return UI_LINE_MOVED;   /* taken, not inserted */
		memmove(l->buf + l->cur + 1, l->buf + l->cur, (size_t)(l->len - l->cur + 1));
		l->buf[l->cur++] = (char)ch;
		l->len++;
		return UI_LINE_EDITED;
	}
}

int ui_line_draw(WINDOW *win, int y, int x, int w, attr_t at, const struct ui_line *l)
{
	int off = 0;
	char cell[2] = { 0, 0 };

	if (w < 1)
		return 0;
	if (l->cur > w - 1)   /* the cursor's cell on screen, at the right edge at most */
		off = l->cur - (w - 1);
	ui_put(win, y, x, w, at, l->buf + off);
	cell[0] = l->cur < l->len ? l->buf[l->cur] : ' ';
	ui_put(win, y, x + l->cur - off, 1, at | A_REVERSE, cell);
	return off;
}
