/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* ring.c: reading a perf_event mmap ring buffer (see ring.h). */
#include "ring.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

static struct perf_event_mmap_page *hdr(const struct ring *r)
{
	return r->base;
}

int ring_init(struct ring *r, void *base, size_t page, size_t size)
{
	memset(r, 0, sizeof(*r));
	if (!base || page < sizeof(struct perf_event_mmap_page) || size < 8 || (size & (size - 1)))
		return -EINVAL;
	if (!(r->buf = aligned_alloc(8, RING_REC_MAX)))
		return -ENOMEM;
	r->base = base;
	r->page = page;
	r->size = size;
	return 0;
}

void ring_free(struct ring *r)
{
	free(r->buf);
	r->buf = NULL;
}

uint64_t ring_head(const struct ring *r)
{
	return __atomic_load_n(&hdr(r)->data_head, __ATOMIC_ACQUIRE);
}

uint64_t ring_tail(const struct ring *r)
{
	return __atomic_load_n(&hdr(r)->data_tail, __ATOMIC_ACQUIRE);
}

/* Copy len bytes from the ring at position pos (wrapping) into dst. */
static void copy_out(const struct ring *r, uint64_t pos, void *dst, size_t len)
{
	const unsigned char *data = (const unsigned char *)r->base + r->page;
	size_t off = (size_t)(pos & (r->size - 1)), first = r->size - off;

	if (first >= len) {
		memcpy(dst, data + off, len);
	} else {
		memcpy(dst, data + off, first);
		memcpy((unsigned char *)dst + first, data, len - first);
	}
}

long ring_drain(struct ring *r, ring_cb cb, void *ctx, size_t max_bytes)
{
	unsigned char *data = (unsigned char *)r->base + r->page;
	uint64_t head = ring_head(r), tail = __atomic_load_n(&hdr(r)->data_tail, __ATOMIC_RELAXED);
	uint64_t start;
	long n = 0;

	if (head - tail > r->size) {   /* a head behind the tail or a ring's worth ahead: nothing to trust */
		r->corrupt += head - tail;
		tail = head;
	}
	start = tail;
	while (tail != head) {
		struct perf_event_header h;
		uint64_t avail = head - tail;
		size_t off = (size_t)(tail & (r->size - 1));
		const void *rec;

		if (max_bytes && tail - start >= max_bytes)
			break;
		if (avail < sizeof(h)) {
			r->corrupt += avail;
			tail = head;
			break;
		}
		copy_out(r, tail, &h, sizeof(h));
		if (h.size < sizeof(h) || h.size > avail || (h.size & 7)) {
			r->corrupt += avail;
			tail = head;
			break;
		}
		if (off + h.size <= r->size && !(off & 7)) {
			rec = data + off;
		} else {
			copy_out(r, tail, r->buf, h.size);
			rec = r->buf;
		}
		cb(ctx, rec, h.size);
		r->records++;
		n++;
		tail += h.size;
	}
	__atomic_store_n(&hdr(r)->data_tail, tail, __ATOMIC_RELEASE);
	return n;
}

int ring_write(struct ring *r, const void *rec, size_t len)
{
	unsigned char *data = (unsigned char *)r->base + r->page;
	uint64_t head = hdr(r)->data_head, tail = ring_tail(r);
	size_t off, first;

	if (len > r->size || head - tail > r->size - len)
		return -ENOSPC;
	off = (size_t)(head & (r->size - 1));
	first = r->size - off;
	if (first >= len) {
		memcpy(data + off, rec, len);
	} else {
		memcpy(data + off, rec, first);
		memcpy(data, (const unsigned char *)rec + first, len - first);
	}
	__atomic_store_n(&hdr(r)->data_head, head + len, __ATOMIC_RELEASE);
	return 0;
}
