/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* symcache.c: the DSOs read so far, bounded (see symcache.h). */
#include "symcache.h"
#include "dso.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void symcache_init(struct symcache *c, size_t limit)
{
	memset(c, 0, sizeof(*c));
	c->limit = limit;
}

void symcache_free(struct symcache *c)
{
	for (int i = 0; i < c->n; i++)
		dso_free(c->e[i].d);
	free(c->e);
	memset(c, 0, sizeof(*c));
}

static int key_eq(const struct symkey *a, const struct symkey *b)
{
	/* the same build-id is the same file whatever its path or container; else the same inode,
	 * unchanged since */
	if (a->bidlen && b->bidlen)
		return a->bidlen == b->bidlen && memcmp(a->bid, b->bid, (size_t)a->bidlen) == 0;
	return a->ino && a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime == b->mtime;
}

int symcache_find(struct symcache *c, const struct symkey *k)
{
	for (int i = 0; i < c->n; i++)
		if (c->e[i].busy && key_eq(&c->e[i].key, k))
			return i;
	return -1;
}

static size_t ent_bytes(const struct symcache_ent *e)
{
	return sizeof(*e) + (e->d ? e->d->bytes : 0);
}

static void drop(struct symcache *c, int i)
{
	c->bytes -= ent_bytes(&c->e[i]);
	dso_free(c->e[i].d);
	c->e[i].d = NULL;
	c->e[i].busy = 0;
	c->e[i].gen++;
	c->evicted++;
}

int symcache_put(struct symcache *c, const struct symkey *k, struct dso_syms *d, const char *why)
{
	size_t need = sizeof(struct symcache_ent) + (d ? d->bytes : 0);
	int slot = -1;

	while (c->bytes + need > c->limit) {   /* the least recently used go first */
		int old = -1;

		for (int i = 0; i < c->n; i++)
			if (c->e[i].busy && (old < 0 || c->e[i].used < c->e[old].used))
				old = i;
		if (old < 0)
			break;   /* one file larger than the whole cache: kept alone */
		drop(c, old);
	}
	for (int i = 0; i < c->n && slot < 0; i++)
		if (!c->e[i].busy)
			slot = i;
	if (slot < 0) {
		if (c->n == c->cap) {
			int nc = c->cap ? c->cap * 2 : 64;
			struct symcache_ent *ne = realloc(c->e, (size_t)nc * sizeof(*ne));

			if (!ne) {
				dso_free(d);
				return -ENOMEM;
			}
			memset(ne + c->cap, 0, (size_t)(nc - c->cap) * sizeof(*ne));
			c->e = ne, c->cap = nc;
		}
		slot = c->n++;
	}
	c->e[slot].key = *k;
	c->e[slot].d = d;
	snprintf(c->e[slot].why, sizeof(c->e[slot].why), "%s", why ? why : "");
	c->e[slot].used = ++c->tick;
	c->e[slot].busy = 1;
	c->bytes += need;
	return slot;
}

struct symcache_ent *symcache_get(struct symcache *c, int i, uint32_t gen)
{
	if (i < 0 || i >= c->n || !c->e[i].busy || c->e[i].gen != gen)
		return NULL;
	c->e[i].used = ++c->tick;
	return &c->e[i];
}
