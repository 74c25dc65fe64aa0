/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_snap.c: the shared, reference-counted expositions the server sends. A scrape never waits for
 * a refresh, a refresh never waits for a client; a stalled client pins only the snapshot it started with. */
#include "exporter_snap.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void account(struct snap *s, size_t n)
{
	__atomic_add_fetch(&s->bytes, n, __ATOMIC_RELAXED);
}

void snap_slot_init(struct snap_slot *sl)
{
	memset(sl, 0, sizeof(*sl));
	pthread_mutex_init(&sl->lock, NULL);
}

void snap_slot_fini(struct snap_slot *sl)
{
	snap_unref(sl->cur);
	sl->cur = NULL;
	pthread_mutex_destroy(&sl->lock);
}

struct snap *snap_new(void)
{
	struct snap *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->refs = 1;
	pthread_mutex_init(&s->gz_lock, NULL);
	return s;
}

void snap_unref(void *p)
{
	struct snap *s = p;

	if (!s || __atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	for (int f = 0; f < 2; f++) {
		ob_free(&s->body[f]);
		free(s->gz[f]);
	}
	pthread_mutex_destroy(&s->gz_lock);
	free(s);
}

struct snap *snap_get(struct snap_slot *sl)
{
	struct snap *s;

	pthread_mutex_lock(&sl->lock);
	s = sl->cur;
	if (s)
		__atomic_add_fetch(&s->refs, 1, __ATOMIC_ACQ_REL);
	pthread_mutex_unlock(&sl->lock);
	return s;
}

void snap_publish(struct snap_slot *sl, struct snap *s)
{
	struct snap *old;

	account(s, s->body[0].len + s->body[1].len);
	pthread_mutex_lock(&sl->lock);
	old = sl->cur;
	s->seq = ++sl->seq;
	sl->cur = s;
	pthread_mutex_unlock(&sl->lock);
	snap_unref(old);
}

uint64_t snap_current_seq(struct snap_slot *sl)
{
	uint64_t seq;

	pthread_mutex_lock(&sl->lock);
	seq = sl->seq;
	pthread_mutex_unlock(&sl->lock);
	return seq;
}

const char *snap_gzip(struct snap *s, int fmt, size_t *len)
{
	pthread_mutex_lock(&s->gz_lock);
	if (!s->gz_done[fmt]) {
		z_stream z;
		memset(&z, 0, sizeof(z));
		s->gz_done[fmt] = true;
		/* windowBits 15 + 16: a gzip wrapper; level 1: scrapes are frequent, the text repetitive */
		if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK) {
			uLong cap = deflateBound(&z, (uLong)s->body[fmt].len);
			s->gz[fmt] = malloc(cap);
			z.next_in = (Bytef *)s->body[fmt].p;
			z.avail_in = (uInt)s->body[fmt].len;
			z.next_out = (Bytef *)s->gz[fmt];
			z.avail_out = (uInt)cap;
			if (!s->gz[fmt] || deflate(&z, Z_FINISH) != Z_STREAM_END) {
				free(s->gz[fmt]);
				s->gz[fmt] = NULL;
			} else {
				/* the bound was allocated; keep what the text needs */
				char *fit = realloc(s->gz[fmt], z.total_out ? z.total_out : 1);
				if (fit)
					s->gz[fmt] = fit;
				s->gzlen[fmt] = z.total_out;
				account(s, z.total_out);
			}
			deflateEnd(&z);
		}
	}
	pthread_mutex_unlock(&s->gz_lock);
	*len = s->gzlen[fmt];
	return s->gz[fmt];
}
