/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* lineedit.h: the one line editor of every prompt (add event, filter, save as, browser search):
 * one set of keys, the text in the caller's buffer. */
#ifndef PMUTOP_UI_LINEEDIT_H
#define PMUTOP_UI_LINEEDIT_H
#include <stdbool.h>
#include <stddef.h>
#include <curses.h>

struct ui_line {
	char *buf;                 /* the caller's, NUL-terminated */
	int size;                  /* its bytes: at most size - 1 characters */
	int len, cur;              /* characters in it; the cursor (0..len) */
	bool (*accept)(int ch);    /* which printable characters it takes; NULL: every one */
};

/* What a key did. */
enum ui_line_result {
	UI_LINE_IGNORED,   /* not an editing key: the caller's (Up, Down, PgUp...) */
	UI_LINE_MOVED,     /* the cursor moved, the text is the same */
	UI_LINE_EDITED,    /* the text changed */
	UI_LINE_ENTER,     /* Enter */
	UI_LINE_CANCEL,    /* Esc */
};

/* Edit buf (size bytes) starting from text (NULL: empty), the cursor at its end. */
void ui_line_init(struct ui_line *l, char *buf, int size, const char *text);
/* The keys: Left/Right (Ctrl-B/Ctrl-F) a character, Home/End (Ctrl-A/Ctrl-E) the ends,
 * Backspace (Ctrl-H) and Delete (Ctrl-D) a character, Ctrl-U everything before the cursor,
 * Ctrl-W the word before it, Enter, Esc; a printable ASCII character is inserted. */
enum ui_line_result ui_line_key(struct ui_line *l, int ch);
/* Draw the text at (y, x) in w columns, scrolled so the cursor shows, the cursor's cell in
 * reverse video. Returns the offset of the first character shown (for marks under the text). */
int ui_line_draw(WINDOW *win, int y, int x, int w, attr_t at, const struct ui_line *l);
#endif
