/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* coltitle.c: short column titles that read and stay apart (a pure function over strings). */
#include "coltitle.h"
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The well-known events' short titles (perf's generic names and their aliases), for a column too
 * narrow for the name: none longer than 9 characters, the processes view's width. */
static const struct { const char *name, *title; } known[] = {
	{ "instructions", "instr" },
	{ "cycles", "cycles" }, { "cpu-cycles", "cycles" },
	{ "ref-cycles", "refcycles" }, { "bus-cycles", "buscycles" },
	{ "cache-misses", "cachemiss" }, { "cache-references", "cacherefs" },
	{ "branch-misses", "brmisses" }, { "branches", "branches" }, { "branch-instructions", "branches" },
	{ "stalled-cycles-frontend", "stall-fe" }, { "idle-cycles-frontend", "stall-fe" },
	{ "stalled-cycles-backend", "stall-be" }, { "idle-cycles-backend", "stall-be" },
	{ "context-switches", "ctxsw" }, { "cs", "ctxsw" },
	{ "cpu-migrations", "migr" }, { "migrations", "migr" },
	{ "page-faults", "faults" }, { "faults", "faults" },
	{ "minor-faults", "minflt" }, { "major-faults", "majflt" },
	{ "alignment-faults", "alignflt" }, { "emulation-faults", "emulflt" },
	{ "task-clock", "taskclock" }, { "cpu-clock", "cpuclock" },
};

/* Where names break into words: "ocr.demand_data_rd.l3_miss", "cpu/x/", "cpu-clock:u". */
static bool is_break(char c)
{
	return c && strchr("._-/:,= ", c) != NULL;
}

/* The part of a name that makes its title: without a trailing '/' ("cpu/x/"). */
static size_t eff_len(const char *s)
{
	size_t l = strlen(s);

	return l > 1 && s[l - 1] == '/' ? l - 1 : l;
}

/* The short title of a well-known name, with its modifiers (":u") when they fit; NULL if none. */
static const char *known_title(const char *s, int w, char *buf, size_t len)
{
	size_t base = strcspn(s, ":");

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strlen(known[i].name) == base && !strncmp(s, known[i].name, base)) {
			if (strlen(known[i].title) + strlen(s + base) > (size_t)w)
				return NULL;
			snprintf(buf, len, "%s%s", known[i].title, s + base);
			return buf;
		}
	return NULL;
}

/* Whether t (tl characters) is a whole-word tail of another name than names[self] (at a word
 * start, or the whole name): then it would not tell the two apart. */
static bool tail_of_other(const char *const *names, int n, int self, const char *t, size_t tl)
{
	for (int j = 0; j < n; j++) {
		size_t lj;

		if (j == self || !strcmp(names[j], names[self]))
			continue;
		lj = eff_len(names[j]);
		if (lj >= tl && !strncmp(names[j] + lj - tl, t, tl) && (lj == tl || is_break(names[j][lj - tl - 1])))
			return true;
	}
	return false;
}

/* A long name's title: the longest whole-word tail within w that no other name ends with (as much
 * of the name as fits and still tells it apart); when even the shortest such tail is wider than w,
 * as many of its first words as fit; a single word wider than w is abbreviated with '.'. */
static void tail_title(const char *const *names, int n, int i, int w, char *out, size_t len)
{
	const char *s = names[i];
	size_t le = eff_len(s), start = le, fit = 0, cut;

	/* from the last word back: the tails that tell this name apart; the longest within w, and
	 * the shortest of all (start; the whole name when none does: a repeat, numbered below) */
	for (size_t p = le; p-- > 0;)
		if ((p == 0 || is_break(s[p - 1])) && !tail_of_other(names, n, i, s + p, le - p)) {
			if (le - p <= (size_t)w)
				fit = le - p;
			if (start == le)
				start = p;
		}
	if (fit) {
		snprintf(out, len, "%.*s", (int)fit, s + le - fit);
		return;
	}
	if (start == le)
		start = 0;
	/* that tail's first words, cut before a break */
	for (cut = (size_t)w; cut > 0 && !is_break(s[start + cut]); cut--)
		;
	while (cut > 0 && is_break(s[start + cut - 1]))
		cut--;
	if (cut > 0)
		snprintf(out, len, "%.*s", (int)cut, s + start);
	else   /* one word wider than the column: abbreviated, marked by a '.' as "instr." is */
		snprintf(out, len, "%.*s.", w - 1, s + start);
}

void ui_titles_short(const char *const *names, int n, int w, char **out, size_t len)
{
	if (w < 8)
		w = 8;
	if (len <= (size_t)w)
		w = (int)len - 1;
	for (int i = 0; i < n; i++) {
		char buf[64];

		if ((int)eff_len(names[i]) <= w)
			snprintf(out[i], len, "%.*s", (int)eff_len(names[i]), names[i]);
		else if (known_title(names[i], w, buf, sizeof(buf)))
			snprintf(out[i], len, "%s", buf);
		else
			tail_title(names, n, i, w, out[i], len);
	}
	/* the last resort: a title that repeats an earlier one ends in "#2", "#3"... */
	for (int i = 1; i < n; i++) {
		char base[128], tag[16];
		int k = 2;
		snprintf(base, sizeof(base), "%s", out[i]);
		for (int j = 0; j < i; j++) {
			size_t tl, bl = strlen(base);
			if (strcmp(out[i], out[j]) != 0)
				continue;
			tl = (size_t)snprintf(tag, sizeof(tag), "#%d", k++);
			if (bl + tl > (size_t)w)
				bl = (size_t)w > tl ? (size_t)w - tl : 0;
			snprintf(out[i], len, "%.*s%s", (int)bl, base, tag);
			j = -1;   /* the new title against every earlier one again */
		}
	}
}
