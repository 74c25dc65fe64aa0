/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* keys.c: the key table (data) and its lookup. */
#include "keys.h"
#include <curses.h>
#include <stdio.h>

#define CTRL(c) ((c) & 0x1f)

const struct ui_key ui_keys[] = {
	{ 'q',           UA_QUIT,      "q",          "quit" },
	{ 'h',           UA_HELP,      "h ? F1",     "this help" },
	{ '?',           UA_HELP,      NULL,         NULL },
	{ KEY_F(1),      UA_HELP,      NULL,         NULL },
	{ 'c',           UA_CORES,     "c",          "cores view: one row per CPU (or per core)" },
	{ 's',           UA_SOCKETS,   "s",          "sockets view: per-socket totals and uncore figures" },
	{ 'u',           UA_UNCORE,    "u",          "uncore view: discovered PMON boxes" },
	{ 'e',           UA_EVENTS,    "e",          "events view: choose the events counted" },
	{ 'P',           UA_PROCS,     "P",          "processes view: the busiest processes' counts (IPC, misses...), counted per task" },
	{ 'G',           UA_CGROUPS,   "G",          "cgroups view: the busiest cgroups (services, containers), counted per cgroup" },
	{ 'H',           UA_THREADS,   "H",          "processes view: the selected process's threads, each a row, on / off" },
	{ 'o',           UA_HOT,       "o",          "hot functions of the selected row (cores, processes, cgroups, top-down views), sampled" },
	{ 'w',           UA_WINDOW,    "w",          "hot functions: the window ranked over (2, 5, 10, 30, 60 s)" },
	{ 'N',           UA_FLEET,     "N",          "fleet view: the hosts of a Prometheus (--fleet URL), one row each" },
	{ 'T',           UA_TOPDOWN,   "T",          "top-down view: where each CPU's pipeline slots go (opens its events)" },
	{ ' ',           UA_TOGGLE,    "space Enter", "toggle the selected event / expand the selected group" },
	{ '\n',          UA_TOGGLE,    NULL,         NULL },
	{ '\r',          UA_TOGGLE,    NULL,         NULL },
	{ KEY_ENTER,     UA_TOGGLE,    NULL,         NULL },
	{ '/',           UA_BROWSE,    "/",          "filter the rows: CPU list 0-3,8, socket s1, type P/E, or text (Esc clears); events view: browse named events" },
	{ 'a',           UA_ADD,       "a",          "add an event by perf syntax (events view); the event sampled (hot functions)" },
	{ 'p',           UA_PAUSE,     "p",          "pause / resume sampling" },
	{ '+',           UA_FASTER,    "+ =",        "halve the interval (refresh faster)" },
	{ '=',           UA_FASTER,    NULL,         NULL },
	{ '-',           UA_SLOWER,    "-",          "double the interval (refresh slower)" },
	{ KEY_UP,        UA_UP,        "Up Down j k", "move the selection" },
	{ 'k',           UA_UP,        NULL,         NULL },
	{ KEY_DOWN,      UA_DOWN,      NULL,         NULL },
	{ 'j',           UA_DOWN,      NULL,         NULL },
	{ KEY_LEFT,      UA_LEFT,      "Left Right", "scroll the columns sideways" },
	{ KEY_RIGHT,     UA_RIGHT,     NULL,         NULL },
	{ KEY_PPAGE,     UA_PGUP,      "PgUp PgDn",  "scroll a page" },
	{ KEY_NPAGE,     UA_PGDN,      NULL,         NULL },
	{ KEY_HOME,      UA_HOME,      "Home End",   "first / last row (Home also restarts a replay)" },
	{ KEY_END,       UA_END,       NULL,         NULL },
	{ '<',           UA_SORT_PREV, "< >",        "sort by the previous / next column" },
	{ '>',           UA_SORT_NEXT, NULL,         NULL },
	{ 'I',           UA_REVERSE,   "I",          "invert the sort order (numbers sort busiest first)" },
	{ 'r',           UA_RAW,       "r",          "rates per second / raw counts per interval" },
	{ 'm',           UA_METERS,    "m",          "header meters on / off (utilisation bars, IPC, bandwidth, power)" },
	{ 't',           UA_FOLD,      "t",          "fold SMT siblings into one row per core" },
	{ 27,            UA_BACK,      "Esc",        "back to the previous view / cancel" },
	{ 'S',           UA_SAVE,      "S",          "save settings, and the events as a named event set" },
	{ ',',           UA_STEP_BACK, ", .",        "replay: step one interval back / forward" },
	{ '.',           UA_STEP_FWD,  NULL,         NULL },
	{ 'F',           UA_COLUMNS,   "F f",        "column chooser: show, hide and reorder the view's columns (cores, processes, cgroups; saved)" },
	{ 'f',           UA_COLUMNS,   NULL,         NULL },
	{ CTRL('l'),     UA_REDRAW,    "Ctrl-L",     "redraw the screen" },
	{ 0, 0, NULL, NULL },
};

int ui_key_action(int key)
{
	for (const struct ui_key *k = ui_keys; k->key; k++)
		if (k->key == key)
			return k->action;
	return UA_NONE;
}

const char *ui_key_label(int key, char *buf, size_t n)
{
	static const struct {
		int key;
		const char *label;
	} named[] = {
		{ ' ', "space" }, { '\n', "Enter" }, { '\r', "Enter" }, { KEY_ENTER, "Enter" }, { 27, "Esc" },
		{ KEY_UP, "Up" }, { KEY_DOWN, "Down" }, { KEY_LEFT, "Left" }, { KEY_RIGHT, "Right" },
		{ KEY_PPAGE, "PgUp" }, { KEY_NPAGE, "PgDn" }, { KEY_HOME, "Home" }, { KEY_END, "End" },
	};

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (named[i].key == key)
			return named[i].label;
	if (key > ' ' && key < 127)
		snprintf(buf, n, "%c", key);
	else if (key >= KEY_F(1) && key <= KEY_F(12))
		snprintf(buf, n, "F%d", key - KEY_F0);
	else if (key >= CTRL('a') && key <= CTRL('z'))
		snprintf(buf, n, "Ctrl-%c", 'A' + key - 1);
	else
		return NULL;
	return buf;
}
