/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_snap.h: the exposition of one interval, written once by the refresh path and shared by every
 * request that starts while it is the current one (issue 26: each reader pinning a copy of its own took
 * 128 slow readers of a 1024-CPU machine to 620 MB). Reference-counted; each knows the bytes it holds and
 * its place in the order of publication, so the server can cut off the slow readers that pin old ones
 * (exporter_conn.h). */
#ifndef PMUTOP_EXPORTER_SNAP_H
#define PMUTOP_EXPORTER_SNAP_H
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "outbuf.h"

struct snap {
	int refs;                  /* atomic */
	uint64_t seq;              /* publication order, from 1 */
	size_t bytes;              /* held: both bodies, and the gzip forms once made (atomic) */
	pthread_mutex_t gz_lock;   /* the first gzip request of a format compresses, once */
	struct outbuf body[2];     /* [enum prom_format] */
	char *gz[2];
	size_t gzlen[2];
	bool gz_done[2];
};

/* The current snapshot, swapped under a lock held for a pointer copy and a reference. */
struct snap_slot {
	pthread_mutex_t lock;
	struct snap *cur;
	uint64_t seq;
};

void snap_slot_init(struct snap_slot *sl);
/* Drops the current snapshot (requests may still hold theirs). */
void snap_slot_fini(struct snap_slot *sl);
/* A new snapshot with one reference (the caller's); NULL when out of memory. */
struct snap *snap_new(void);
/* Drop a reference; the last one frees it. A void * for libmicrohttpd's free callback. */
void snap_unref(void *s);
/* A reference to the current snapshot (NULL when none yet). */
struct snap *snap_get(struct snap_slot *sl);
/* Make s (its bodies written) the current one, taking over the caller's reference. */
void snap_publish(struct snap_slot *sl, struct snap *s);
/* The gzip form of one format, made by the first request that asks for it. NULL when zlib fails
 * (the caller then sends it uncompressed). */
const char *snap_gzip(struct snap *s, int fmt, size_t *len);
/* The current snapshot's sequence number (0: none yet). */
uint64_t snap_current_seq(struct snap_slot *sl);
#endif
