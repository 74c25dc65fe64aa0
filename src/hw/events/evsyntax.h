/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evsyntax.h: the `perf stat -e` grammar parsed into a syntax tree with source columns (no I/O, no PMUs). */
#ifndef PMUTOP_EVSYNTAX_H
#define PMUTOP_EVSYNTAX_H
#include <stdbool.h>
#include <stdint.h>

struct ev_error {
	int pos;          /* byte offset in the input string (the column is pos + 1) */
	char msg[160];
};

/* One `key=value` or bare `key` between a PMU's slashes (or in an alias file). */
struct evs_term {
	char *key;        /* "event", "config1", "name", "cas_count_read", "r3c" */
	char *val;        /* the value text, NULL when the term has none */
	int kpos, vpos;   /* offsets of key and value in the parsed text */
};

/* Modifier letters after ':' (or straight after a PMU event's closing slash). */
#define EVS_MODS_MAX 15   /* "ukhGHpppPSDIWeb": each letter once, p up to three times */
struct evs_mods {
	char letters[EVS_MODS_MAX + 1];   /* as written; "" when none */
	int pos;                          /* offset of the first letter; -1 when none */
};

enum evs_kind {
	EVS_NAME,         /* cycles, L1-dcache-loads, r3c, cas_count_read */
	EVS_PMU,          /* pmu/terms/ */
	EVS_TRACEPOINT,   /* sys:event, either side may hold * ? [ ] globs */
};

struct evs_event {
	enum evs_kind kind;
	char *name;       /* NAME: the event; PMU: the PMU; TRACEPOINT: the subsystem */
	char *tp;         /* TRACEPOINT: the event name; else NULL */
	int pos, end;     /* the event's text, modifiers included: [pos, end) */
	int name_pos, tp_pos;
	int terms_pos, terms_end; /* PMU: the text between the slashes: [terms_pos, terms_end) */
	struct evs_term *terms;   /* PMU: the terms in written order */
	int nterms;
	struct evs_mods mods;
};

struct evs_group {
	struct evs_event *ev;
	int nev;
	bool braced;      /* written as {...}: group modifiers apply, members share a leader */
	int pos;          /* offset of '{' (or of the single event) */
	int end;          /* offset just past the group's text: its '}' and modifiers, or the event */
	struct evs_mods mods;   /* the group's modifiers (braced only) */
};

struct evs_tree {
	struct evs_group *g;
	int ng;
};

/* Parse a comma separated list of events and {groups}. Spaces after commas
 * are allowed. Returns 0, -EINVAL with err (position and reason), or -ENOMEM.
 * On error the tree is empty. */
int evs_parse(const char *s, struct evs_tree *t, struct ev_error *err);
/* Fill err with the column pos and the message; returns -EINVAL (for parser and resolver alike). */
int evs_fail(struct ev_error *err, int pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void evs_free(struct evs_tree *t);
/* The top-level items of s (each event or {group} with its modifiers) as spans [pos, end) of s.
 * Returns how many (*items malloc'd, free it), or a negative errno with err filled. */
struct evs_span { int pos, end; };
int evs_items(const char *s, struct evs_span **items, struct ev_error *err);

/* Parse a term list ("event=0x3c,umask=1" or the text between a PMU's
 * slashes). Offsets in the terms and err are s - base + i, so a caller can
 * report columns in a larger string. Returns 0, -EINVAL or -ENOMEM. */
int evs_parse_terms(const char *s, int len, int base, struct evs_term **terms, int *nterms,
		    struct ev_error *err);
void evs_terms_free(struct evs_term *t, int n);

/* A decimal or 0x-hex unsigned 64-bit number, the whole string. Returns 0 or -EINVAL. */
int evs_number(const char *s, uint64_t *v);

/* Is c one of perf's modifier letters? */
bool evs_mod_letter(char c);
#endif
