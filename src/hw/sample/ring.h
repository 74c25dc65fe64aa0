/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* ring.h: reading a perf_event mmap ring buffer (issue 40): the records between the kernel's
 * data_head and our data_tail, each handed whole (one that wraps round the end is copied into a
 * buffer of its own), the tail moved on after. Nothing in the ring is trusted: a record whose
 * size is under a header's or runs past what was written, or a head more than the ring ahead of
 * the tail, ends the read there and the rest is skipped and counted (corrupt). */
#ifndef PMUTOP_RING_H
#define PMUTOP_RING_H
#include <stddef.h>
#include <stdint.h>

#define RING_REC_MAX 65536   /* a record's size is 16 bits */

struct ring {
	void *base;          /* the mapping: the header page, then the data */
	size_t page;         /* header bytes (the page size) */
	size_t size;         /* data bytes, a power of two */
	uint64_t corrupt;    /* bytes skipped because a record made no sense */
	uint64_t records;    /* records handed out */
	unsigned char *buf;  /* RING_REC_MAX bytes for a record that wraps (8-aligned) */
};

/* A ring over base (page + size bytes, size a power of two): 0 or -EINVAL, -ENOMEM. */
int ring_init(struct ring *r, void *base, size_t page, size_t size);
void ring_free(struct ring *r);
/* Hand each record written since the last drain to cb(ctx, rec, len) (rec 8-byte aligned, len
 * its header's size, at least 8) and give the space back to the kernel. At most max_bytes are read
 * (the rest waits for the next drain; 0: no limit). Returns the number of records. */
typedef void (*ring_cb)(void *ctx, const void *rec, size_t len);
long ring_drain(struct ring *r, ring_cb cb, void *ctx, size_t max_bytes);
/* The head and tail as a writer of the ring sees them (the simulated kernel, tests). */
uint64_t ring_head(const struct ring *r);
uint64_t ring_tail(const struct ring *r);
/* Write len bytes at the head as a kernel would (wrapping), moving it on: 0, or -ENOSPC when the
 * reader has not left room (nothing written). */
int ring_write(struct ring *r, const void *rec, size_t len);
#endif
