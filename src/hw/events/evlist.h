/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evlist.h: the event list as an object (libperf's evlist/evsel): entries parsed once and marked by
 * the owners that asked for them, added and dropped by owner, and the flat list of events that the
 * counters, the model and the budget use. Text only to show or save it. */
#ifndef PMUTOP_EVLIST_H
#define PMUTOP_EVLIST_H
#include <stdbool.h>
#include "evparse.h"

/* Who asked for an entry, in the order their events come in the flat list. */
enum evl_owner {
	EVO_USER,       /* -e, -E, the config's event set, the events view */
	EVO_SOCKETS,    /* the sockets' memory, interconnect and power figures while shown */
	EVO_TOPDOWN,    /* the top-down method's groups */
	EVO_NOWNERS
};
#define EVO_BIT(o) (1u << (o))
#define EVO_ALL ((1u << EVO_NOWNERS) - 1)

/* One top-level item: an event or a {group} with its modifiers. */
struct evl_entry {
	int id;                      /* its handle: unique for the life of the list, kept by copies */
	unsigned owners;             /* EVO_BIT of each owner holding it */
	unsigned seq[EVO_NOWNERS];   /* its place in each owner's order */
	char *text;                  /* as written: "cycles", "{slots,topdown-retiring}:S" */
	struct ev_list ev;           /* its events, resolved once (group numbers from 0) */
};

struct evlist {
	struct evl_entry *e;
	int n, cap;
	int next_id;
	unsigned next_seq;
	/* Every entry's events, by owner (the user's first) and then in each owner's order, groups
	 * numbered anew. Its specs share the entries' strings: valid until the list next changes, and
	 * never passed to ev_list_free. Rebuilt by every function below that changes the list. */
	struct ev_list flat;
	int *flat_first;             /* [n]: each entry's first event in flat */
	bool no_autopin;             /* flat.no_autopin: set by an owner whose groups need the counters */
};

/* Add every top-level item of text as an entry of owner, parsed once. An item another owner
 * already holds, written the same, is shared instead (its owner mark added). skip_missing: an item
 * this machine cannot resolve is left out rather than failing the whole text. ids (may be NULL)
 * receives up to maxids handles, in order. Returns the number of items taken, or a negative errno
 * with err filled (err->pos in text) and the list unchanged. */
int evlist_add(struct evlist *l, int owner, const char *text, bool skip_missing,
	       const struct pmu_registry *reg, const struct topology *topo, int *ids, int maxids,
	       struct ev_error *err);
/* Take owner's mark off entry id; an entry nobody holds any more leaves the list. 0 or -ENOENT. */
int evlist_drop(struct evlist *l, int owner, int id);
/* Take owner's mark off every entry. */
void evlist_drop_owner(struct evlist *l, int owner);
/* Make owner hold in dst exactly the entries it holds in src, in src's order (the entries are
 * copied, not parsed again; an entry another owner holds in dst, written the same, is shared).
 * 0 or -ENOMEM (dst may then hold part of them). */
int evlist_take(struct evlist *dst, int owner, const struct evlist *src);
/* A deep copy (handles kept). 0 or -ENOMEM with dst empty. */
int evlist_copy(struct evlist *dst, const struct evlist *src);
void evlist_free(struct evlist *l);
/* Index in l->e of the first entry owner holds written as text (owner < 0: any owner), or -1. */
int evlist_find(const struct evlist *l, int owner, const char *text);
/* Index in l->e of the entry with handle id, or -1. */
int evlist_index(const struct evlist *l, int id);
/* The indices in l->e of the entries owner holds, in owner's order: malloc'd (*n of them), NULL
 * when out of memory. */
int *evlist_owned(const struct evlist *l, int owner, int *n);
/* Entries owner holds. */
int evlist_count(const struct evlist *l, int owner);
/* The flat events of entry id: the first one's index in l->flat, and how many (*n). -1 when the
 * entry is gone. */
int evlist_flat_of(const struct evlist *l, int id, int *n);
/* The entries any of owners (EVO_BIT mask) holds as perf syntax, in flat order, joined by commas:
 * malloc'd, NULL when out of memory. */
char *evlist_text(const struct evlist *l, unsigned owners);
/* The same joined by sep (", " for a screen, which wraps it at the spaces). */
char *evlist_text_sep(const struct evlist *l, unsigned owners, const char *sep);
#endif
