/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* keys.h: the key table: every key, the action it triggers and its help text. */
#ifndef PMUTOP_UI_KEYS_H
#define PMUTOP_UI_KEYS_H
#include <stddef.h>

enum ui_action {
	UA_NONE, UA_QUIT, UA_HELP, UA_CORES, UA_SOCKETS, UA_UNCORE, UA_EVENTS,
	UA_TOGGLE, UA_ADD, UA_PAUSE, UA_FASTER, UA_SLOWER,
	UA_UP, UA_DOWN, UA_LEFT, UA_RIGHT, UA_PGUP, UA_PGDN, UA_HOME, UA_END,
	UA_SORT_PREV, UA_SORT_NEXT, UA_REVERSE, UA_FOLD, UA_BACK, UA_SAVE,
	UA_STEP_BACK, UA_STEP_FWD, UA_REDRAW, UA_RAW, UA_TOPDOWN, UA_BROWSE,
	UA_COLUMNS, UA_METERS, UA_PROCS, UA_CGROUPS, UA_THREADS, UA_HOT, UA_FLEET, UA_WINDOW,
};

struct ui_key {
	int key;            /* curses key code or character */
	int action;         /* enum ui_action */
	const char *name;   /* as the help view shows it; NULL for a second key of the row above */
	const char *help;
};

/* The table, ended by a row with key 0. */
extern const struct ui_key ui_keys[];
/* The action of a key, UA_NONE when unbound. */
int ui_key_action(int key);
/* A key as the help view, the man page and the README name it ("q", "space", "PgUp", "F1",
 * "Ctrl-L"), in buf (n bytes) or a constant; NULL for a key that has no name here. */
const char *ui_key_label(int key, char *buf, size_t n);
#endif
