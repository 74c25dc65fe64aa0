/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_sample.c: the simulated kernel's sampling (see sim_sample.h). */
#include "sim_sample.h"
#include "sim_profile.h"
#include "sim_tasks.h"
#include "hw/sample/ring.h"
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIMS_MAXV 8
#define SIMS_ST_KNOWN (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
		       PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | \
		       PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ)

enum { V_CYCLES, V_INSTR, V_MISSES, V_REFS, V_BRANCHES, V_BRMISS, V_CLOCK, V_OTHER };

/* A candidate for the next sample: a thread's function (fn -1: the CPU's idle loop). */
struct scand {
	int thr, fn;
};

struct sev2 {
	bool used, enabled, freq_mode, busy_only, no_kernel, no_user, sid_all;
	int fd, out, thr, cpu;
	char cg[256];                /* a cgroup's: the tasks under this path on its CPU; "" none */
	uint64_t st, rf, id, rate;   /* rate: samples per second (frequency) or the period */
	int nv;
	int role[SIMS_MAXV];
	uint64_t ids[SIMS_MAXV];
	double vals[SIMS_MAXV];
	double run;                  /* seconds it ran while enabled */
	double t_en, last;           /* enabled since, the last (virtual) sample's time */
	uint64_t n;                  /* samples since enabled (frequency mode times) */
	struct scand *cand;
	double *credit, *w;          /* per candidate: its credit, its weight now */
	int ncand;
	long tick;
	int in_tick;
	bool throttled;
	uint64_t lost;               /* samples lost for want of room, not yet said */
};

struct sring {
	int fd;
	void *addr;
	size_t len;
	struct ring r;
};

struct sims {
	const struct simt *tasks;
	int max_rate;
	struct sev2 *ev;
	int nev;
	struct sring *rings;
	int nrings;
};

struct sims *sims_new(const struct simt *tasks, int max_rate)
{
	struct sims *s = calloc(1, sizeof(*s));

	if (s) {
		s->tasks = tasks;
		s->max_rate = max_rate > 0 ? max_rate : SIMS_MAX_RATE;
	}
	return s;
}

void sims_free(struct sims *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->nev; i++)
		free(s->ev[i].cand), free(s->ev[i].credit), free(s->ev[i].w);
	for (int i = 0; i < s->nrings; i++) {
		ring_free(&s->rings[i].r);
		free(s->rings[i].addr);
	}
	free(s->ev);
	free(s->rings);
	free(s);
}

static struct sev2 *ev_of(struct sims *s, int fd)
{
	for (int i = 0; s && i < s->nev; i++)
		if (s->ev[i].used && s->ev[i].fd == fd)
			return &s->ev[i];
	return NULL;
}

static int role_of(const struct perf_event_attr *a)
{
	uint64_t c = a->config;

	if (a->type == PERF_TYPE_HARDWARE) {
		switch (c & 0xffffffffULL) {
		case PERF_COUNT_HW_CPU_CYCLES: case PERF_COUNT_HW_REF_CPU_CYCLES: return V_CYCLES;
		case PERF_COUNT_HW_INSTRUCTIONS: return V_INSTR;
		case PERF_COUNT_HW_CACHE_MISSES: return V_MISSES;
		case PERF_COUNT_HW_CACHE_REFERENCES: return V_REFS;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS: return V_BRANCHES;
		case PERF_COUNT_HW_BRANCH_MISSES: return V_BRMISS;
		default: return V_OTHER;
		}
	}
	if (a->type == PERF_TYPE_SOFTWARE)
		return c == PERF_COUNT_SW_CPU_CLOCK || c == PERF_COUNT_SW_TASK_CLOCK ? V_CLOCK : V_OTHER;
	if (a->type == PERF_TYPE_HW_CACHE && (c & 0xff) == PERF_COUNT_HW_CACHE_LL)
		return (c >> 16 & 0xff) == PERF_COUNT_HW_CACHE_RESULT_MISS ? V_MISSES : V_REFS;
	switch (c & 0xffff) {   /* a core PMU's own encodings (the architectural ones) */
	case 0x3c: return V_CYCLES;
	case 0xc0: return V_INSTR;
	case 0x412e: return V_MISSES;
	case 0x4f2e: return V_REFS;
	case 0xc4: return V_BRANCHES;
	case 0xc5: return V_BRMISS;
	default: return V_OTHER;
	}
}

/* The candidates of e: every function of the threads it samples, then the idle loop. */
static int cands_build(struct sims *s, struct sev2 *e)
{
	int n = simt_nthreads(s->tasks), k = 0;

	e->cand = calloc((size_t)n * SIMP_MAXFN + 1, sizeof(*e->cand));
	e->credit = calloc((size_t)n * SIMP_MAXFN + 1, sizeof(*e->credit));
	e->w = calloc((size_t)n * SIMP_MAXFN + 1, sizeof(*e->w));
	if (!e->cand || !e->credit || !e->w)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		struct simt_thread th;

		simt_thread_at(s->tasks, i, &th);
		if (e->thr >= 0 ? i != e->thr || th.cpu != e->cpu : th.cpu != e->cpu)
			continue;
		if (e->cg[0] && !simt_under(th.cgroup, e->cg))
			continue;
		for (int j = 0; j < simp_of(th.comm)->nfn; j++)
			e->cand[k++] = (struct scand){ i, j };
	}
	if (e->thr < 0 && !e->cg[0])   /* a cgroup's counters stop while none of its tasks runs */
		e->cand[k++] = (struct scand){ -1, -1 };
	e->ncand = k;
	return 0;
}

int sims_opened(struct sims *s, const struct perf_event_attr *a, int fd, int thr, int cpu, int group_fd,
		uint64_t id, const char *cgroup, double now)
{
	struct sev2 *l = group_fd >= 0 ? ev_of(s, group_fd) : NULL, *e, *ne;

	if (l) {   /* a member of a sampling group: read into its leader's samples */
		if (l->nv >= SIMS_MAXV)
			return -EINVAL;
		l->role[l->nv] = role_of(a);
		l->ids[l->nv++] = id;
		return 0;
	}
	if (!a->sample_period)
		return 0;   /* counting only */
	if (a->freq && a->sample_freq > SIMS_MAX_RATE)
		return -EINVAL;   /* as the kernel: above perf_event_max_sample_rate */
	if (a->sample_type & ~(uint64_t)SIMS_ST_KNOWN)
		return -EOPNOTSUPP;   /* callchains, registers, ...: not simulated */
	if (!(ne = realloc(s->ev, sizeof(*ne) * (size_t)(s->nev + 1))))
		return -ENOMEM;
	s->ev = ne;
	e = &s->ev[s->nev];
	memset(e, 0, sizeof(*e));
	*e = (struct sev2){ .used = true, .enabled = !a->disabled, .freq_mode = a->freq, .fd = fd, .out = fd,
			    .thr = thr, .cpu = cpu, .st = a->sample_type, .rf = a->read_format, .id = id,
			    .rate = a->sample_period, .nv = 1, .t_en = now, .last = now, .tick = -1,
			    .no_kernel = a->exclude_kernel, .no_user = a->exclude_user, .sid_all = a->sample_id_all };
	e->role[0] = role_of(a);
	e->ids[0] = id;
	snprintf(e->cg, sizeof(e->cg), "%s", cgroup ? cgroup : "");
	e->busy_only = e->role[0] != V_CLOCK;   /* a halted CPU counts no cycles */
	if (cands_build(s, e)) {
		free(e->cand), free(e->credit), free(e->w);
		return -ENOMEM;
	}
	s->nev++;
	return 0;
}

void sims_closed(struct sims *s, int fd)
{
	struct sev2 *e = ev_of(s, fd);

	if (e) {
		free(e->cand), free(e->credit), free(e->w);
		memmove(e, e + 1, sizeof(*e) * (size_t)(s->nev - (e - s->ev) - 1));
		s->nev--;
	}
}

int sims_ioctl(struct sims *s, int fd, unsigned long req, unsigned long arg, double now)
{
	struct sev2 *e = ev_of(s, fd), *t;

	if (req == PERF_EVENT_IOC_SET_OUTPUT) {
		t = ev_of(s, (int)arg);
		if (!e || (int)arg == -1)
			return e ? (e->out = fd, 0) : -EINVAL;
		if (!t || t->cpu != e->cpu)
			return -EINVAL;   /* the kernel: a ring of another CPU (or no sampling event) */
		e->out = t->out;
		return 0;
	}
	if (e && req == PERF_EVENT_IOC_ENABLE && !e->enabled) {
		e->enabled = true;
		e->t_en = e->last = now;
		e->n = 0;
	} else if (e && req == PERF_EVENT_IOC_DISABLE) {
		e->enabled = false;
	}
	return 1;
}

void *sims_map(struct sims *s, int fd, size_t len, int *err)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	struct sring *nr = NULL, *r;

	*err = 0;
	if (!ev_of(s, fd))
		*err = -EINVAL;   /* only sampling events have a ring here */
	else if (len < 2 * pg || len % pg || ((len / pg - 1) & (len / pg - 2)))
		*err = -EINVAL;   /* one header page and a power of two of data pages */
	else if (!(nr = realloc(s->rings, sizeof(*nr) * (size_t)(s->nrings + 1))))
		*err = -ENOMEM;
	if (*err)
		return NULL;
	s->rings = nr;
	r = &s->rings[s->nrings];
	memset(r, 0, sizeof(*r));
	if (!(r->addr = aligned_alloc(pg, len)) || (memset(r->addr, 0, len), ring_init(&r->r, r->addr, pg, len - pg))) {
		free(r->addr);
		*err = -ENOMEM;
		return NULL;
	}
	((struct perf_event_mmap_page *)r->addr)->data_offset = pg;
	((struct perf_event_mmap_page *)r->addr)->data_size = len - pg;
	r->fd = fd;
	r->len = len;
	s->nrings++;
	return r->addr;
}

int sims_unmap(struct sims *s, int fd, void *addr, size_t len)
{
	(void)fd;
	for (int i = 0; i < s->nrings; i++)
		if (s->rings[i].addr == addr && s->rings[i].len == len) {
			ring_free(&s->rings[i].r);
			free(addr);
			s->rings[i] = s->rings[--s->nrings];
			return 0;
		}
	return -EINVAL;
}

/* --- the records --- */

static struct ring *ring_of(struct sims *s, int fd)
{
	for (int i = 0; i < s->nrings; i++)
		if (s->rings[i].fd == fd)
			return &s->rings[i].r;
	return NULL;
}

/* The sample_id trailer of a record other than a sample (sample_id_all). */
static int put_sid(const struct sev2 *e, uint64_t *o, int pid, int tid, uint64_t tns)
{
	int n = 0;

	if (!e->sid_all)
		return 0;
	if (e->st & PERF_SAMPLE_TID)
		o[n++] = (uint64_t)(uint32_t)pid | (uint64_t)(uint32_t)tid << 32;
	if (e->st & PERF_SAMPLE_TIME)
		o[n++] = tns;
	if (e->st & PERF_SAMPLE_ID)
		o[n++] = e->id;
	if (e->st & PERF_SAMPLE_STREAM_ID)
		o[n++] = e->id;
	if (e->st & PERF_SAMPLE_CPU)
		o[n++] = (uint64_t)(uint32_t)e->cpu;
	if (e->st & PERF_SAMPLE_IDENTIFIER)
		o[n++] = e->id;
	return n;
}

/* The header word of a record (its size filled in by emit). */
static uint64_t hdr_word(uint32_t type, uint16_t misc)
{
	struct perf_event_header h = { type, misc, 0 };
	uint64_t w;

	memcpy(&w, &h, sizeof(w));
	return w;
}

/* Write n words (o[0] the header, its size filled here) into r; a sample that finds no room is
 * lost, said by a LOST record once there is. */
static void emit(struct sev2 *e, struct ring *r, uint64_t *o, int n, bool sample, uint64_t tns, int pid, int tid)
{
	struct perf_event_header h;

	if (!r)
		return;   /* not mapped: the kernel has nowhere to write */
	if (e->lost) {
		uint64_t l[16] = { 0 };
		int k = 1;

		l[k++] = e->id;
		l[k++] = e->lost;
		k += put_sid(e, l + k, pid, tid, tns);
		l[0] = hdr_word(PERF_RECORD_LOST, 0);
		memcpy(&h, l, sizeof(h));
		h.size = (uint16_t)(k * 8);
		memcpy(l, &h, sizeof(h));
		if (ring_write(r, l, (size_t)k * 8) == 0)
			e->lost = 0;
	}
	memcpy(&h, o, sizeof(h));
	h.size = (uint16_t)(n * 8);
	memcpy(o, &h, sizeof(h));
	if ((e->lost || ring_write(r, o, (size_t)n * 8)) && sample)
		e->lost++;
}

/* A THROTTLE or UNTHROTTLE record; its sample_id names the task the event is of (Linux names the
 * task running then: for a thread's event, that thread). */
static void put_throttle(struct sims *s, struct sev2 *e, uint32_t type, double t)
{
	uint64_t o[16] = { 0 }, tns = (uint64_t)llround(t * 1e9);
	struct simt_thread th = { 0 };
	int n = 1;

	if (e->thr >= 0)
		simt_thread_at(s->tasks, e->thr, &th);
	o[n++] = tns;
	o[n++] = e->id;
	o[n++] = e->id;
	n += put_sid(e, o + n, th.pid, th.tid, tns);
	o[0] = hdr_word(type, 0);
	emit(e, ring_of(s, e->out), o, n, false, tns, 0, 0);
}

static void put_sample(struct sims *s, struct sev2 *e, const struct scand *c, double t, uint64_t period)
{
	uint64_t o[64] = { 0 }, tns = (uint64_t)llround(t * 1e9), ip;
	const struct simp *p = NULL;
	struct simt_thread th = { 0 };
	bool kern;
	int n = 1;

	if (c->thr >= 0) {
		simt_thread_at(s->tasks, c->thr, &th);
		p = simp_of(th.comm);
	}
	kern = !p || p->fn[c->fn].kernel;
	ip = simp_addr(p, c->fn) + 0x10 + 8 * (e->n % 64);   /* a few addresses inside the function */
	if (e->st & PERF_SAMPLE_IDENTIFIER)
		o[n++] = e->id;
	if (e->st & PERF_SAMPLE_IP)
		o[n++] = ip;
	if (e->st & PERF_SAMPLE_TID)
		o[n++] = (uint64_t)(uint32_t)th.pid | (uint64_t)(uint32_t)th.tid << 32;
	if (e->st & PERF_SAMPLE_TIME)
		o[n++] = tns;
	if (e->st & PERF_SAMPLE_ADDR)
		o[n++] = 0;
	if (e->st & PERF_SAMPLE_ID)
		o[n++] = e->id;
	if (e->st & PERF_SAMPLE_STREAM_ID)
		o[n++] = e->id;
	if (e->st & PERF_SAMPLE_CPU)
		o[n++] = (uint64_t)(uint32_t)e->cpu;
	if (e->st & PERF_SAMPLE_PERIOD)
		o[n++] = period;
	if (e->st & PERF_SAMPLE_READ) {
		uint64_t run = (uint64_t)llround(e->run * 1e9);
		bool grp = e->rf & PERF_FORMAT_GROUP;

		if (grp)
			o[n++] = (uint64_t)e->nv;
		else
			o[n++] = (uint64_t)floor(e->vals[0]);
		if (e->rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			o[n++] = run;
		if (e->rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			o[n++] = run;
		for (int i = 0; i < (grp ? e->nv : 1); i++) {
			if (grp)
				o[n++] = (uint64_t)floor(e->vals[i]);
			if (e->rf & PERF_FORMAT_ID)
				o[n++] = e->ids[i];
			if (e->rf & PERF_FORMAT_LOST)
				o[n++] = 0;
		}
	}
	o[0] = hdr_word(PERF_RECORD_SAMPLE, kern ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER);
	emit(e, ring_of(s, e->out), o, n, true, tns, th.pid, th.tid);
}

/* --- what the samples owe --- */

/* Events of role v per second of running in function f at phase ph (the idle loop: f NULL). */
static double rate_of(int v, const struct simp_fn *f, double ph)
{
	double instr = f ? simp_ipc(f, ph) * SIMS_GHZ : 0, miss = f ? simp_mpki(f, ph) * instr / 1000 : 0;

	switch (v) {
	case V_CYCLES: return f ? SIMS_GHZ : 0;
	case V_INSTR: return instr;
	case V_MISSES: return miss;
	case V_REFS: return miss * 2.5 + instr / 200;
	case V_BRANCHES: return instr * 0.18;
	case V_BRMISS: return instr * 0.18 * 0.01;
	case V_CLOCK: return 1e9;
	default: return instr / 100;
	}
}

/* Candidate c's function (NULL the idle loop) and its weight at phase ph; *busy its thread's share. */
static double cand_weight(struct sims *s, const struct sev2 *e, const struct scand *c, double ph,
			  const struct simp_fn **f)
{
	struct simt_thread th;
	double w;

	*f = NULL;
	if (c->thr < 0)
		return 0;   /* the idle loop's weight is what the tasks leave */
	simt_thread_at(s->tasks, c->thr, &th);
	*f = &simp_of(th.comm)->fn[c->fn];
	if (((*f)->kernel && e->no_kernel) || (!(*f)->kernel && e->no_user))
		return 0;
	w = simp_weight(*f, ph);
	return (w > 0 ? w : 0) * (e->thr >= 0 ? 1 : th.share);
}

/* The next sample's candidate (smooth weighted round robin: each gains its weight, the richest is
 * chosen and pays the total, so n samples give each n x its share within one, exactly where that is
 * whole). *frac: the running fraction of the wall time. -1: nothing runs. */
static int pick(struct sims *s, struct sev2 *e, double ph, double *frac, bool commit)
{
	double *w = e->w, tot = 0, busy = 0, best = -1;
	int at = -1, n = e->ncand;

	for (int i = 0; i < n; i++) {
		const struct simp_fn *f;

		w[i] = cand_weight(s, e, &e->cand[i], ph, &f);
		tot += w[i];
	}
	if (e->thr >= 0) {
		struct simt_thread th;

		simt_thread_at(s->tasks, e->thr, &th);
		busy = th.share;
	} else {
		for (int i = 0; i < n; i++)
			if (e->cand[i].thr >= 0 && (i == 0 || e->cand[i].thr != e->cand[i - 1].thr)) {
				struct simt_thread th;

				simt_thread_at(s->tasks, e->cand[i].thr, &th);
				busy += th.share;
			}
		if (!e->busy_only && !e->no_kernel && !e->cg[0] && busy < 1) {   /* cpu-clock samples the idle loop too */
			w[n - 1] = 1 - busy;
			tot += w[n - 1];
		}
	}
	*frac = e->thr >= 0 || e->busy_only || e->cg[0] ? busy : 1;
	if (tot <= 0 || *frac <= 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (w[i] > 0 && e->credit[i] + w[i] > best)
			best = e->credit[i] + w[i], at = i;
	if (commit) {
		for (int i = 0; i < n; i++)
			e->credit[i] += w[i];
		e->credit[at] -= tot;
	}
	return at;
}

/* Add what function f (NULL idle) counts in run seconds to e's counters. A throttled leader is
 * stopped and its members go on counting, as Linux before 6.16 does (it throttles the group since). */
static void accrue(struct sev2 *e, const struct simp_fn *f, double ph, double run)
{
	for (int i = e->throttled ? 1 : 0; i < e->nv; i++)
		e->vals[i] += rate_of(e->role[i], f, ph) * run;
	e->run += run;
}

static const struct simp_fn *cand_fn(struct sims *s, const struct scand *c)
{
	struct simt_thread th;

	if (c->thr < 0)
		return NULL;
	simt_thread_at(s->tasks, c->thr, &th);
	return &simp_of(th.comm)->fn[c->fn];
}

static void gen(struct sims *s, struct sev2 *e, double now)
{
	int per_tick = (s->max_rate + SIMS_HZ - 1) / SIMS_HZ;

	for (long steps = 0; e->enabled && steps < 10000000; steps++) {
		double ph = simt_phase(e->last), frac, run, t;
		int at = pick(s, e, ph, &frac, false);
		const struct simp_fn *f;
		long tick;

		if (at < 0)
			break;
		f = cand_fn(s, &e->cand[at]);
		run = e->freq_mode ? 1.0 / (double)e->rate : (double)e->rate / fmax(rate_of(e->role[0], f, ph), 1);
		t = e->freq_mode ? e->t_en + (double)(e->n + 1) * run / frac : e->last + run / frac;
		if (t > now + 1e-9)
			break;
		tick = (long)floor(t * SIMS_HZ + 1e-9);
		if (tick != e->tick) {
			/* at the tick, never after the sample it lets through: t can round to just
			 * below tick / HZ, which the +1e-9 above counts in this tick */
			if (e->throttled)
				put_throttle(s, e, PERF_RECORD_UNTHROTTLE, fmin((double)tick / SIMS_HZ, t));
			e->throttled = false;
			e->tick = tick;
			e->in_tick = 0;
		}
		pick(s, e, ph, &frac, true);
		accrue(e, f, ph, run);
		e->last = t;
		e->n++;
		if (!e->throttled && e->in_tick >= per_tick) {   /* too many interrupts in this tick */
			put_throttle(s, e, PERF_RECORD_THROTTLE, t);
			e->throttled = true;
		}
		if (!e->throttled) {
			put_sample(s, e, &e->cand[at], t, (uint64_t)llround(rate_of(e->role[0], f, ph) * run));
			e->in_tick++;
		}
	}
}

void sims_poll(struct sims *s, int fd, double now)
{
	for (int i = 0; s && i < s->nev; i++)
		if (s->ev[i].out == fd)
			gen(s, &s->ev[i], now);
}
