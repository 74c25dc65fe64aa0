/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prec.c: perf records taken apart, every length checked (see prec.h). */
#include "prec.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>

struct cur {
	const unsigned char *p;
	size_t left;
};

static int take(struct cur *c, void *dst, size_t n)
{
	if (c->left < n)
		return -EINVAL;
	memcpy(dst, c->p, n);
	c->p += n;
	c->left -= n;
	return 0;
}

static int u64(struct cur *c, uint64_t *v)
{
	return take(c, v, 8);
}

/* A NUL-terminated string filling the rest of the record (padded to 8): its start, or NULL. */
static const char *str_rest(struct cur *c)
{
	const char *s = (const char *)c->p;

	if (!c->left || !memchr(s, '\0', c->left))
		return NULL;
	return s;
}

static int read_group(struct cur *c, uint64_t rf, struct prec *o)
{
	uint64_t nr, v, skip;

	if (!(rf & PERF_FORMAT_GROUP)) {   /* one value */
		if (u64(c, &v))
			return -EINVAL;
		o->vals[0] = v;
		o->nvals = 1;
		skip = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) + !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING) +
		       !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
		for (uint64_t i = 0; i < skip; i++)
			if (u64(c, &v))
				return -EINVAL;
		return 0;
	}
	if (u64(c, &nr) || nr == 0 || nr > PREC_MAXVALS)
		return -EINVAL;
	skip = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) + !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	for (uint64_t i = 0; i < skip; i++)
		if (u64(c, &v))
			return -EINVAL;
	for (uint64_t i = 0; i < nr; i++) {
		if (u64(c, &o->vals[i]))
			return -EINVAL;
		skip = !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
		for (uint64_t k = 0; k < skip; k++)
			if (u64(c, &v))
				return -EINVAL;
	}
	o->nvals = (int)nr;
	return 0;
}

static int sample(struct cur *c, uint64_t st, uint64_t rf, struct prec *o)
{
	uint32_t pt[2];
	uint64_t v;

	if (st & ~PREC_SAMPLE_TYPE_KNOWN)
		return -ENOTSUP;
	if ((st & PERF_SAMPLE_IDENTIFIER) && u64(c, &v))
		return -EINVAL;
	if ((st & PERF_SAMPLE_IP) && u64(c, &o->ip))
		return -EINVAL;
	if (st & PERF_SAMPLE_TID) {
		if (take(c, pt, 8))
			return -EINVAL;
		o->pid = pt[0], o->tid = pt[1];
	}
	if ((st & PERF_SAMPLE_TIME) && u64(c, &o->time))
		return -EINVAL;
	if ((st & PERF_SAMPLE_ADDR) && u64(c, &v))
		return -EINVAL;
	if ((st & PERF_SAMPLE_ID) && u64(c, &v))
		return -EINVAL;
	if ((st & PERF_SAMPLE_STREAM_ID) && u64(c, &v))
		return -EINVAL;
	if (st & PERF_SAMPLE_CPU) {
		if (take(c, pt, 8))
			return -EINVAL;
		o->cpu = pt[0];
	}
	if ((st & PERF_SAMPLE_PERIOD) && u64(c, &o->period))
		return -EINVAL;
	if ((st & PERF_SAMPLE_READ) && read_group(c, rf, o))
		return -EINVAL;
	return 0;
}

static int mmap2(struct cur *c, uint16_t misc, struct prec *o)
{
	uint32_t pt[2];
	unsigned char u[24];

	if (take(c, pt, 8) || u64(c, &o->addr) || u64(c, &o->len) || u64(c, &o->pgoff) || take(c, u, 24))
		return -EINVAL;
	o->pid = pt[0], o->tid = pt[1];
	if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		o->build_id_size = u[0] > 20 ? 20 : u[0];
		memcpy(o->build_id, u + 4, 20);
	} else {
		memcpy(&o->maj, u, 4);
		memcpy(&o->min, u + 4, 4);
		memcpy(&o->ino, u + 8, 8);
	}
	if (take(c, &o->prot, 4) || take(c, &o->flags, 4))
		return -EINVAL;
	if (o->len == 0 || o->addr + o->len < o->addr)
		return -EINVAL;
	return (o->name = str_rest(c)) ? 0 : -EINVAL;
}

int prec_parse(const void *rec, size_t len, uint64_t st, uint64_t rf, struct prec *o)
{
	struct perf_event_header h;
	struct cur c = { rec, len };
	uint32_t v[4];
	uint64_t x;

	memset(o, 0, sizeof(*o));
	if (take(&c, &h, sizeof(h)) || h.size != len)
		return -EINVAL;
	o->type = h.type;
	o->misc = h.misc;
	switch (h.type) {
	case PERF_RECORD_SAMPLE:
		return sample(&c, st, rf, o);
	case PERF_RECORD_MMAP2:
		return mmap2(&c, h.misc, o);
	case PERF_RECORD_COMM:
		if (take(&c, v, 8))
			return -EINVAL;
		o->pid = v[0], o->tid = v[1];
		return (o->name = str_rest(&c)) ? 0 : -EINVAL;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		if (take(&c, v, 16) || u64(&c, &o->time))
			return -EINVAL;
		o->pid = v[0], o->ppid = v[1], o->tid = v[2], o->ptid = v[3];
		return 0;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		if (u64(&c, &o->time))
			return -EINVAL;
		/* id, stream_id, then (sample_id_all) the sample_id, whose first field is TID */
		if ((st & PERF_SAMPLE_TID) && c.left >= 24) {
			uint64_t id[2];

			if (take(&c, id, 16) || take(&c, v, 8))
				return -EINVAL;
			o->pid = v[0], o->tid = v[1];
		}
		return 0;
	case PERF_RECORD_LOST:
		return u64(&c, &x) || u64(&c, &o->lost) ? -EINVAL : 0;
	case PERF_RECORD_LOST_SAMPLES:
		return u64(&c, &o->lost);
	default:
		return -ENOTSUP;
	}
}
