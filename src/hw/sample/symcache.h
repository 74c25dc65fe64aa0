/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* symcache.h: the DSOs read so far, by build-id (or, for a file without one, by device, inode,
 * size and change time), bounded in bytes: the least recently used are dropped first (issue 40).
 * A file that could not be read is remembered too, with why, so it is not tried at every sample. */
#ifndef PMUTOP_SYMCACHE_H
#define PMUTOP_SYMCACHE_H
#include <stddef.h>
#include <stdint.h>

struct dso_syms;

struct symkey {
	uint8_t bid[20];
	int bidlen;
	uint64_t dev, ino, size, mtime;   /* when bidlen is 0 */
};

struct symcache_ent {
	struct symkey key;
	struct dso_syms *d;      /* NULL: it could not be read, why says so */
	char why[48];
	uint64_t used;           /* last use (a tick) */
	uint32_t gen;            /* changes when the slot is reused */
	int busy;
};

struct symcache {
	struct symcache_ent *e;
	int n, cap;
	size_t bytes, limit;
	uint64_t tick;
	uint64_t evicted;
};

void symcache_init(struct symcache *c, size_t limit);
void symcache_free(struct symcache *c);
/* The slot holding key (the same build-id when both have one, else the same inode, size and
 * change time), or -1. */
int symcache_find(struct symcache *c, const struct symkey *k);
/* Put d (may be NULL, with why) under key, dropping the least recently used until the bytes fit:
 * the slot (its gen to check later), or -ENOMEM. The cache owns d afterwards. */
int symcache_put(struct symcache *c, const struct symkey *k, struct dso_syms *d, const char *why);
/* Slot i when it still holds generation gen: its entry (marked used), else NULL. */
struct symcache_ent *symcache_get(struct symcache *c, int i, uint32_t gen);
#endif
