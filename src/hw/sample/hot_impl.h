/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot_impl.h: the hot functions' engine inside: its functions and the window's buckets
 * (hot_window.c), shared with the opening and draining (hot.c). */
#ifndef PMUTOP_HOT_IMPL_H
#define PMUTOP_HOT_IMPL_H
#include "hot.h"
#include "ring.h"
#include "syms.h"

#define HOT_MAX_FUNCS 65536      /* beyond: counted as one "[other]" */
#define HOT_MAX_BUCKETS 4096     /* refreshes the window can span */

struct hfn {
	char *dso, *sym;
	uint64_t off;
	const char *why;         /* static text */
	int pid;                 /* an address seen, for its source line */
	uint64_t ip;
	uint64_t n, v[HOT_MAX_EVENTS];   /* in the window */
	uint64_t seq;            /* the bucket it has an entry in, and where */
	int at;
	char *src;
	bool src_done;
	int id;
	struct hfn *next;        /* hash chain */
};

struct hbent {
	int fid;
	uint64_t n, v[HOT_MAX_EVENTS];
};

struct hbucket {
	double t;                /* when it was closed */
	uint64_t seq;
	struct hbent *e;
	int ne, cap;
	uint64_t samples, counted, thr, unthr, lost, corrupt;   /* counted: with the group's counts */
};

struct hwin {
	struct hfn **fn;         /* by id */
	int nfn, capfn;
	struct hfn **hash;       /* HOT_HASH chains */
	struct hbucket b[HOT_MAX_BUCKETS];
	int first, nb;           /* the window's buckets, oldest first, the last one open */
	uint64_t seq;
	uint64_t samples, counted, thr, unthr, lost, corrupt;   /* in the window */
	uint64_t added;          /* samples ever */
	double last;             /* when the last bucket was closed */
	int nev;
};

int hwin_init(struct hwin *w, int nev);
void hwin_free(struct hwin *w);
/* The function of a resolved address (interned). */
int hwin_fn(struct hwin *w, const struct sym_res *r, int pid, uint64_t ip);
/* One sample of function fid with the members' deltas d (NULL none). */
void hwin_add(struct hwin *w, int fid, const uint64_t *d);
struct hbucket *hwin_cur(struct hwin *w);
/* Close the open bucket at time now and drop those older than now - window. */
void hwin_close(struct hwin *w, double now, double window);
#endif
