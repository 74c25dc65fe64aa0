/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_lineedit.c: the one line editor every prompt uses: its keys, the buffer's bound, the
 * accept filter, and what each key reports. */
#include "t.h"
#include <ctype.h>
#include "ui/widgets/lineedit.h"

#define CTRL(c) ((c) & 0x1f)

static void type(struct ui_line *l, const char *s)
{
	while (*s)
		ui_line_key(l, (unsigned char)*s++);
}

TEST(keys)
{
	char buf[32];
	struct ui_line l = { 0 };

	ui_line_init(&l, buf, sizeof(buf), "cycles");
	CHECK_EQ_INT(l.cur, 6);
	CHECK_EQ_INT(ui_line_key(&l, KEY_HOME), UI_LINE_MOVED);
	type(&l, "{");
	CHECK_EQ_STR(buf, "{cycles");
	CHECK_EQ_INT(ui_line_key(&l, KEY_END), UI_LINE_MOVED);
	type(&l, ",instructions}");
	CHECK_EQ_STR(buf, "{cycles,instructions}");
	ui_line_key(&l, KEY_LEFT);
	CHECK_EQ_INT(ui_line_key(&l, KEY_BACKSPACE), UI_LINE_EDITED);
	CHECK_EQ_STR(buf, "{cycles,instruction}");
	CHECK_EQ_INT(ui_line_key(&l, KEY_DC), UI_LINE_EDITED);
	CHECK_EQ_STR(buf, "{cycles,instruction");
	CHECK_EQ_INT(ui_line_key(&l, KEY_DC), UI_LINE_MOVED);   /* nothing after the cursor */
	ui_line_key(&l, CTRL('a'));
	ui_line_key(&l, KEY_RIGHT);
	ui_line_key(&l, CTRL('f'));
	ui_line_key(&l, CTRL('b'));
	CHECK_EQ_INT(l.cur, 1);
	CHECK_EQ_INT(ui_line_key(&l, CTRL('u')), UI_LINE_EDITED);
	CHECK_EQ_STR(buf, "cycles,instruction");
	CHECK_EQ_INT(l.cur, 0);
	ui_line_key(&l, CTRL('e'));
	type(&l, " page-faults  ");
	CHECK_EQ_INT(ui_line_key(&l, CTRL('w')), UI_LINE_EDITED);   /* the blanks and the word before */
	CHECK_EQ_STR(buf, "cycles,instruction ");
	CHECK_EQ_INT(ui_line_key(&l, 127), UI_LINE_EDITED);
	CHECK_EQ_INT(ui_line_key(&l, 8), UI_LINE_EDITED);
	CHECK_EQ_STR(buf, "cycles,instructio");
	CHECK_EQ_INT(ui_line_key(&l, '\n'), UI_LINE_ENTER);
	CHECK_EQ_INT(ui_line_key(&l, KEY_ENTER), UI_LINE_ENTER);
	CHECK_EQ_INT(ui_line_key(&l, 27), UI_LINE_CANCEL);
	CHECK_EQ_INT(ui_line_key(&l, KEY_UP), UI_LINE_IGNORED);
	CHECK_EQ_INT(ui_line_key(&l, KEY_NPAGE), UI_LINE_IGNORED);
	CHECK_EQ_INT(ui_line_key(&l, 0x80), UI_LINE_IGNORED);   /* no byte outside printable ASCII */
	CHECK_EQ_STR(buf, "cycles,instructio");
}

TEST(bounded)
{
	char buf[8];
	struct ui_line l = { 0 };

	ui_line_init(&l, buf, sizeof(buf), "a much longer text than the buffer");
	CHECK_EQ_STR(buf, "a much ");
	CHECK_EQ_INT(l.len, 7);
	CHECK_EQ_INT(ui_line_key(&l, 'x'), UI_LINE_MOVED);   /* full: taken, not inserted */
	CHECK_EQ_STR(buf, "a much ");
	ui_line_key(&l, KEY_HOME);
	for (int i = 0; i < 20; i++)
		ui_line_key(&l, KEY_LEFT);
	CHECK_EQ_INT(l.cur, 0);
	for (int i = 0; i < 20; i++)
		ui_line_key(&l, KEY_BACKSPACE);
	CHECK_EQ_STR(buf, "a much ");
	for (int i = 0; i < 20; i++)
		ui_line_key(&l, KEY_DC);
	CHECK_EQ_STR(buf, "");
	CHECK_EQ_INT(l.len, 0);
	CHECK_EQ_INT(ui_line_key(&l, CTRL('w')), UI_LINE_MOVED);
	CHECK_EQ_INT(ui_line_key(&l, CTRL('u')), UI_LINE_MOVED);
}

static bool name_char(int ch)
{
	return isalnum(ch) || ch == '_';
}

TEST(accept)
{
	char buf[16];
	struct ui_line l = { .accept = name_char };

	ui_line_init(&l, buf, sizeof(buf), NULL);
	CHECK(l.accept == name_char, "init keeps the accept filter");
	type(&l, "my set/1");
	CHECK_EQ_STR(buf, "myset1");
}

int main(void)
{
	RUN(keys);
	RUN(bounded);
	RUN(accept);
	T_DONE();
}
