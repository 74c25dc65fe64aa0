/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot.c: the hot functions' sampling: opening, the rings drained each refresh, the ranked rows
 * (see hot.h). */
#include "hot_impl.h"
#include "prec.h"
#include "base/errmsg.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HOT_MAX_RINGS 4096
#define HOT_MAX_THREADS 1024

const struct hot_field_def hot_fields[HF_COUNT] = {
	[HF_OVERHEAD] = { "overhead", "Overhead", "%", false },
	[HF_SAMPLES] = { "samples", "Samples", "samples", false },
	[HF_DSO] = { "dso", "Shared Object", "", false },
	[HF_SYMBOL] = { "symbol", "Symbol", "", false },
	[HF_WHY] = { "unresolved", "Unresolved", "", false },
	[HF_IPC] = { "ipc", "IPC", "", true },
	[HF_MPKI] = { "mpki", "MPKI", "", true },
	[HF_CYCLES] = { "cycles", "Cycles", "", true },
	[HF_INSTRUCTIONS] = { "instructions", "Instructions", "", true },
	[HF_MISSES] = { "misses", "Misses", "", true },
	[HF_SOURCE] = { "source", "Source", "", false },
};

/* One ring: the groups that write into it, nev descriptors each, the first group's leader owning
 * the mapping (the other threads' groups on that CPU are redirected to it, PERF_EVENT_IOC_SET_OUTPUT,
 * as perf record -p does: the kernel maps no inherited per-task event). */
struct hring {
	int *fds;
	int nfds, capfds;
	void *map;
	size_t maplen;
	struct ring r;
};

/* The members' last values read with a sample, per ring and thread (a CPU's counter is one per ring;
 * a process's per thread). */
#define HOT_PREV 8192
struct hprev {
	uint64_t key;            /* 0 free */
	uint64_t v[HOT_MAX_EVENTS];
	bool gap;                /* unthrottled since: the next sample's deltas span the throttled time */
};

struct hot {
	const struct perf_seam *seam;
	struct hot_opts o;
	struct hot_info info;
	struct hring *rings;
	int nr;
	uint64_t sample_type, read_format;
	struct syms *syms;
	struct hwin w;
	int role_at[4];             /* the member index of each role, -1 none */
	double t0;
	int cur_i;                  /* the ring of the record being handled */
	bool per_thread;            /* a process: counters per thread */
	bool user_only;             /* kernel code left out (perf_event_paranoid 2 refused it) */
	struct hprev *prev;         /* HOT_PREV */
};

static double now_s(const struct hot *h)
{
	return (double)h->seam->clock_ns(h->seam->ctx) / 1e9;
}

static void attr_of(const struct hot *h, const struct hot_event *e, bool leader, bool inherit, bool bid,
		    struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = e->type;
	a->config = e->config, a->config1 = e->config1, a->config2 = e->config2;
	a->disabled = leader;
	a->inherit = inherit;
	a->exclude_kernel = a->exclude_hv = h->user_only;   /* perf's :u, every member as the leader */
	if (!leader)
		return;   /* members count; the leader samples and reads them */
	a->freq = 1;
	a->sample_freq = h->info.freq;
	a->sample_type = h->sample_type;
	a->read_format = h->read_format;
	a->mmap = 1, a->mmap2 = 1, a->comm = 1, a->comm_exec = 1, a->task = 1;
	a->build_id = bid;
	a->sample_id_all = 1;   /* every record says when: the rings are merged in time order */
}

/* Open one group on (pid, cpu) into fds: 0 or the kernel's error. */
static int open_group(struct hot *h, int pid, int cpu, unsigned long flags, bool inherit, int *fds)
{
	struct perf_event_attr a;

	for (int i = 0; i < h->o.nev; i++) {
		int fd = -EINVAL;

		for (int bid = i == 0; bid >= 0; bid--) {   /* build-ids in MMAP2 since Linux 5.12 */
			attr_of(h, &h->o.ev[i], i == 0, inherit, bid, &a);
			fd = h->seam->open(h->seam->ctx, &a, pid, cpu, i ? fds[0] : -1, flags);
			if (fd != -EINVAL || i)
				break;
		}
		if (fd < 0) {
			while (i-- > 0)
				h->seam->close(h->seam->ctx, fds[i]);
			return fd;
		}
		fds[i] = fd;
	}
	return 0;
}

static void close_fds(struct hot *h, const int *fds, int n)
{
	for (int k = n - 1; k >= 0; k--)
		h->seam->close(h->seam->ctx, fds[k]);
}

/* Add a group to ring r: the first maps the ring, the others write into it. 0 or a negative errno
 * (the group closed). */
static int ring_add(struct hot *h, struct hring *r, const int *fds)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	int err = 0;

	if (r->nfds + h->o.nev > r->capfds) {
		int nc = r->capfds ? r->capfds * 2 : 4 * h->o.nev;
		int *nf = realloc(r->fds, (size_t)nc * sizeof(int));

		if (!nf)
			return close_fds(h, fds, h->o.nev), -ENOMEM;
		r->fds = nf, r->capfds = nc;
	}
	if (!r->nfds) {
		r->maplen = (1 + h->o.ring_pages) * pg;
		if (!(r->map = h->seam->ring_map(h->seam->ctx, fds[0], r->maplen, &err)) ||
		    ring_init(&r->r, r->map, pg, h->o.ring_pages * pg)) {
			if (r->map)
				h->seam->ring_unmap(h->seam->ctx, fds[0], r->map, r->maplen);
			r->map = NULL;
			close_fds(h, fds, h->o.nev);
			return err ? err : -ENOMEM;
		}
	} else if ((err = h->seam->ioctl(h->seam->ctx, fds[0], PERF_EVENT_IOC_SET_OUTPUT,
					 (unsigned long)r->fds[0])) < 0) {
		close_fds(h, fds, h->o.nev);
		return err;
	}
	memcpy(r->fds + r->nfds, fds, sizeof(int) * (size_t)h->o.nev);
	r->nfds += h->o.nev;
	return 0;
}

/* The threads of pid (the process's own first): how many, at most max. */
static int threads_of(int pid, int *tids, int max)
{
	char path[4200];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%d/task", procfs_root() ? procfs_root() : "/proc", pid);
	tids[n++] = pid;
	if (!(d = opendir(path)))
		return n;
	while ((de = readdir(d)) && n < max) {
		char *end;
		long t = strtol(de->d_name, &end, 10);

		if (*end || t <= 0 || t == pid || t > INT32_MAX)
			continue;
		tids[n++] = (int)t;
	}
	closedir(d);
	return n;
}

static void close_rings(struct hot *h)
{
	for (int i = 0; i < h->nr; i++) {
		struct hring *r = &h->rings[i];

		ring_free(&r->r);
		if (r->map)
			h->seam->ring_unmap(h->seam->ctx, r->fds[0], r->map, r->maplen);
		close_fds(h, r->fds, r->nfds);
		free(r->fds);
	}
	free(h->rings);
	h->rings = NULL;
	h->nr = 0;
}

static void note(struct hot *h, const char *s)
{
	size_t l = strlen(h->info.note);

	snprintf(h->info.note + l, sizeof(h->info.note) - l, "%s%s", l ? "; " : "", s);
}

/* A process: every thread on every CPU, one ring per CPU. 0 or the first refusal that mattered. */
static int open_pid(struct hot *h, const struct hot_target *t)
{
	int tids[HOT_MAX_THREADS], n = threads_of(t->pid, tids, HOT_MAX_THREADS), fds[HOT_MAX_EVENTS], r;
	bool inherit = true;

	for (int c = 0; c < t->ncpus; c++) {
		struct hring *rg = &h->rings[h->nr];

		for (int i = 0; i < n; i++) {
			r = open_group(h, tids[i], t->cpus[c], 0, inherit, fds);
			if (r == -EINVAL && inherit && h->o.nev > 1) {   /* a kernel that cannot inherit READ */
				inherit = false;
				note(h, "this kernel cannot read a group with samples of inherited events: threads "
				     "started from now on are not sampled");
				r = open_group(h, tids[i], t->cpus[c], 0, false, fds);
			}
			if (r == -ESRCH && i > 0)
				continue;   /* a thread that ended meanwhile */
			if (r == -ENODEV)
				break;      /* an offline CPU */
			if (r < 0 || (r = ring_add(h, rg, fds)) < 0)
				return r;
		}
		if (rg->nfds)
			h->nr++;
	}
	return h->nr ? 0 : -ENODEV;
}

/* Every ring of target t: 0 or the first refusal that mattered. */
static int open_all(struct hot *h, const struct hot_target *t)
{
	int fds[HOT_MAX_EVENTS], r;

	if (t->ncpus <= 0 || t->ncpus > HOT_MAX_RINGS)
		return -EINVAL;
	if (!(h->rings = calloc((size_t)t->ncpus, sizeof(*h->rings))))
		return -ENOMEM;
	h->per_thread = t->kind == HOT_PID;
	if (t->kind == HOT_PID)
		return open_pid(h, t);
	for (int i = 0; i < t->ncpus; i++) {
		r = open_group(h, t->kind == HOT_CGROUP ? t->cgroup_fd : -1, t->cpus[i],
			       t->kind == HOT_CGROUP ? PERF_FLAG_PID_CGROUP : 0, false, fds);
		if (r == -ENODEV)
			continue;   /* an offline CPU */
		if (r < 0 || (r = ring_add(h, &h->rings[h->nr], fds)) < 0)
			return r;
		h->nr++;
	}
	return h->nr ? 0 : -ENODEV;
}

static void set_event_text(struct hot *h)
{
	size_t l = 0;

	if (h->o.nev > 1)
		l += (size_t)snprintf(h->info.event, sizeof(h->info.event), "{");
	for (int i = 0; i < h->o.nev && l < sizeof(h->info.event); i++)
		l += (size_t)snprintf(h->info.event + l, sizeof(h->info.event) - l, "%s%s", i ? "," : "", h->o.ev[i].name);
	if (h->o.nev > 1 && l < sizeof(h->info.event))
		snprintf(h->info.event + l, sizeof(h->info.event) - l, "}:S");
}

static int open_err(struct hot *h, int r, struct errmsg *em)
{
	if (r == -EACCES || r == -EPERM)
		return errmsg_set(em, r, "the kernel refused to sample %s (%s): see perf_event_paranoid "
				  "(/proc/sys/kernel/perf_event_paranoid), run as root or with CAP_PERFMON",
				  h->info.event, strerror(-r));
	if (r == -ENOENT || r == -EOPNOTSUPP || r == -ENODEV)
		return errmsg_set(em, r, "%s cannot be sampled here (%s): choose another event with -e "
				  "(cpu-clock always samples)", h->info.event, strerror(-r));
	return errmsg_set(em, r, "cannot sample %s: %s", h->info.event, strerror(-r));
}

int hot_open(const struct perf_seam *seam, const struct hot_target *t, const struct hot_opts *o,
	     struct hot **out, struct errmsg *em)
{
	struct hot *h;
	long long max = 0;
	char buf[32];
	int r;

	*out = NULL;
	if (o->nev < 1 || o->nev > HOT_MAX_EVENTS)
		return errmsg_set(em, -EINVAL, "sample one event or a group of up to %d", HOT_MAX_EVENTS);
	if (!seam->ring_map)
		return errmsg_set(em, -EOPNOTSUPP, "the %s kernel does not sample yet: --hot needs this "
				  "machine's kernel (a simulated machine has no sampling yet)", seam->name);
	if (!(h = calloc(1, sizeof(*h))))
		return -ENOMEM;
	h->seam = seam;
	h->o = *o;
	if (!h->o.freq)
		h->o.freq = HOT_DEFAULT_FREQ;
	if (h->o.window <= 0)
		h->o.window = HOT_DEFAULT_WINDOW;
	if (!h->o.ring_pages || (h->o.ring_pages & (h->o.ring_pages - 1)) || h->o.ring_pages > 4096)
		h->o.ring_pages = 32;
	h->info.freq = h->o.freq;
	if (procfs_read("sys/kernel/perf_event_max_sample_rate", buf, sizeof(buf)) > 0 &&
	    (max = strtoll(buf, NULL, 10)) > 0 && max < UINT32_MAX) {
		h->info.max_rate = (unsigned)max;
		if (h->info.freq > max) {
			snprintf(buf, sizeof(buf), "%lld", max);
			note(h, "the frequency is lowered to perf_event_max_sample_rate");
			h->info.freq = (unsigned)max;
		}
	}
	for (int i = 0; i < 4; i++)
		h->role_at[i] = -1;
	for (int i = 0; i < h->o.nev; i++)
		if (h->o.ev[i].role > 0 && h->o.ev[i].role < 4 && h->role_at[h->o.ev[i].role] < 0)
			h->role_at[h->o.ev[i].role] = i;
	if (!(h->syms = syms_new(o->cache_bytes)) || hwin_init(&h->w, h->o.nev) ||
	    !(h->prev = calloc(HOT_PREV, sizeof(*h->prev)))) {
		hot_close(h);
		return -ENOMEM;
	}
	for (;;) {
		h->info.group = h->o.nev > 1;
		h->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
				 (h->info.group ? PERF_SAMPLE_READ : 0);
		h->read_format = h->info.group ? PERF_FORMAT_GROUP : 0;
		set_event_text(h);
		r = open_all(h, t);
		/* perf_event_paranoid 2 refuses kernel code to a user: its own process's user space
		 * is still there to sample, as perf record falls back to */
		if ((r == -EACCES || r == -EPERM) && !h->user_only && t->kind == HOT_PID) {
			close_rings(h);
			h->user_only = true;
			note(h, "kernel code is not sampled: perf_event_paranoid allows user space only (1 or "
			     "less, or CAP_PERFMON, adds the kernel's functions)");
			continue;
		}
		if (!r || !h->o.fallback || (r != -ENOENT && r != -EOPNOTSUPP && r != -ENODEV) ||
		    (h->o.ev[0].type == PERF_TYPE_SOFTWARE && h->o.ev[0].config == PERF_COUNT_SW_CPU_CLOCK))
			break;
		close_rings(h);
		note(h, "no hardware PMU here: sampling cpu-clock (time on CPU), no counts per function");
		h->o.nev = 1;
		h->o.ev[0] = (struct hot_event){ .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
						 .name = "cpu-clock" };
		h->w.nev = 1;
		for (int i = 0; i < 4; i++)
			h->role_at[i] = -1;
	}
	if (r) {
		open_err(h, r, em);
		hot_close(h);
		return r;
	}
	for (int i = 0; i < h->nr; i++)
		for (int k = 0; k < h->rings[i].nfds; k += h->o.nev)
			seam->ioctl(seam->ctx, h->rings[i].fds[k], PERF_EVENT_IOC_ENABLE, 0);
	h->info.nrings = h->nr;
	h->info.nev = h->o.nev;
	for (int i = 0; i < h->o.nev; i++)
		h->info.names[i] = h->o.ev[i].name;
	h->t0 = now_s(h);
	*out = h;
	return 0;
}

/* The counter of a record: its ring, and its thread for a process. */
static uint64_t prev_key(const struct hot *h, const struct prec *p)
{
	return (uint64_t)(h->cur_i + 1) << 32 | (h->per_thread ? p->tid : 0);
}

/* The slot of key (its own, or a free one to take), NULL when the table is full there. */
static struct hprev *prev_of(struct hot *h, uint64_t key)
{
	for (uint64_t i = 0, at = key * 11400714819323198485ULL >> 51; i < 16; i++) {
		struct hprev *e = &h->prev[(at + i) % HOT_PREV];

		if (e->key == key || !e->key)
			return e;
	}
	return NULL;
}

/* An unthrottled group counter: before Linux 6.16 the kernel stops only the leader while throttled
 * and the members go on counting, so the next sample's deltas of the members span time the
 * leader's do not (under QEMU's PMU, IPC 1.1 where it is 1.0). That sample gives no counts. */
static void on_unthrottle(struct hot *h, const struct prec *p)
{
	struct hprev *pv;
	uint64_t key;

	if (!h->info.group || !h->prev)
		return;
	key = prev_key(h, p);
	if ((pv = prev_of(h, key)) && pv->key == key)
		pv->gap = true;
}

static void on_sample(struct hot *h, const struct prec *p)
{
	bool kernel = (p->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
	uint64_t d[HOT_MAX_EVENTS] = { 0 };
	struct sym_res res;
	bool have = false;
	int fid;

	syms_resolve(h->syms, (int)p->pid, p->ip, kernel, &res);
	if ((fid = hwin_fn(&h->w, &res, (int)p->pid, p->ip)) < 0)
		return;
	if (h->info.group && p->nvals == h->o.nev && h->prev) {
		/* the members' counts since this counter's last sample went to this function (as perf's :S) */
		uint64_t key = prev_key(h, p);
		struct hprev *pv = prev_of(h, key);

		if (pv && pv->key == key && !pv->gap) {
			for (int k = 0; k < h->o.nev; k++)
				d[k] = p->vals[k] >= pv->v[k] ? p->vals[k] - pv->v[k] : 0;
			have = true;
		}
		if (pv) {
			pv->key = key;
			pv->gap = false;
			memcpy(pv->v, p->vals, sizeof(pv->v));
		}
	}
	hwin_add(&h->w, fid, have ? d : NULL);
}

static void on_record(void *ctx, const void *rec, size_t len)
{
	struct hot *h = ctx;
	struct hbucket *b = hwin_cur(&h->w);
	struct prec p;
	int r = prec_parse(rec, len, h->sample_type, h->read_format, &p);

	if (r == -EINVAL)
		b->corrupt += len;
	if (r)
		return;
	switch (p.type) {
	case PERF_RECORD_SAMPLE:
		on_sample(h, &p);
		break;
	case PERF_RECORD_MMAP2: case PERF_RECORD_COMM: case PERF_RECORD_FORK: case PERF_RECORD_EXIT:
		syms_record(h->syms, &p);
		break;
	case PERF_RECORD_THROTTLE:
		b->thr++;
		break;
	case PERF_RECORD_UNTHROTTLE:
		b->unthr++;
		on_unthrottle(h, &p);
		break;
	case PERF_RECORD_LOST: case PERF_RECORD_LOST_SAMPLES:
		b->lost += p.lost;
		break;
	}
}

/* A record copied out of its ring, to be handled in time order with the other rings' (the COMM
 * of an exec on one CPU before the MMAP2 records and samples that follow it on another). */
struct hpend {
	uint64_t time, seq;
	size_t off, len;
	int ring;
};

struct hgather {
	struct hot *h;
	struct hpend *v;
	size_t n, cap;
	unsigned char *buf;
	size_t len, bcap;
	int ring;
};

static void gather(void *ctx, const void *rec, size_t len)
{
	struct hgather *g = ctx;
	const unsigned char *p = rec;
	uint64_t t = 0;

	if (g->n == g->cap) {
		size_t nc = g->cap ? g->cap * 2 : 4096;
		struct hpend *nv = realloc(g->v, nc * sizeof(*nv));

		if (!nv)
			return;
		g->v = nv, g->cap = nc;
	}
	if (g->len + len > g->bcap) {
		size_t nc = g->bcap ? g->bcap * 2 : 1 << 20;
		unsigned char *nb;

		while (nc < g->len + len)
			nc *= 2;
		if (!(nb = realloc(g->buf, nc)))
			return;
		g->buf = nb, g->bcap = nc;
	}
	/* a sample's time follows its IP and TID; any other record's is in its sample_id trailer
	 * (TID, TIME, CPU: 24 bytes) */
	if (((const struct perf_event_header *)rec)->type == PERF_RECORD_SAMPLE) {
		if (len >= 32)
			memcpy(&t, p + 24, 8);
	} else if (len >= 8 + 24) {
		memcpy(&t, p + len - 16, 8);
	}
	memcpy(g->buf + g->len, rec, len);
	g->v[g->n] = (struct hpend){ t, g->n, g->len, len, g->ring };
	g->n++;
	g->len += len;
}

static int by_time(const void *a, const void *b)
{
	const struct hpend *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

long hot_drain(struct hot *h)
{
	struct hgather g = { .h = h };
	uint64_t before = h->w.added;

	for (int i = 0; i < h->nr; i++) {
		struct hring *rg = &h->rings[i];
		uint64_t c0 = rg->r.corrupt;

		if (h->seam->ring_poll)
			h->seam->ring_poll(h->seam->ctx, rg->fds[0]);
		g.ring = i;
		ring_drain(&rg->r, gather, &g, 0);
		hwin_cur(&h->w)->corrupt += rg->r.corrupt - c0;
	}
	if (g.n)
		qsort(g.v, g.n, sizeof(*g.v), by_time);
	for (size_t i = 0; i < g.n; i++) {
		h->cur_i = g.v[i].ring;
		on_record(h, g.buf + g.v[i].off, g.v[i].len);
	}
	free(g.v);
	free(g.buf);
	syms_reap(h->syms);
	hwin_close(&h->w, now_s(h), h->o.window);
	return (long)(h->w.added - before);
}

static int by_samples(const void *a, const void *b)
{
	const struct hfn *x = *(struct hfn *const *)a, *y = *(struct hfn *const *)b;
	int c;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	if ((c = strcmp(x->sym ? x->sym : "", y->sym ? y->sym : "")))
		return c;
	if ((c = strcmp(x->dso, y->dso)))
		return c;
	return x->off < y->off ? -1 : x->off > y->off;
}

static void row_of(struct hot *h, struct hfn *f, struct hot_row *r, bool sources)
{
	int ic = h->role_at[HOT_R_CYCLES], ii = h->role_at[HOT_R_INSTRUCTIONS], im = h->role_at[HOT_R_MISSES];

	memset(r, 0, sizeof(*r));
	r->dso = f->dso, r->symbol = f->sym, r->off = f->off, r->why = f->why;
	r->samples = f->n;
	r->share = h->w.samples ? (double)f->n / (double)h->w.samples : 0;
	memcpy(r->vals, f->v, sizeof(r->vals));
	r->ipc = r->mpki = NAN;
	if (h->info.group && ic >= 0 && ii >= 0 && f->v[ic])
		r->ipc = (double)f->v[ii] / (double)f->v[ic];
	if (h->info.group && ii >= 0 && im >= 0 && f->v[ii])
		r->mpki = (double)f->v[im] * 1000.0 / (double)f->v[ii];
	if (sources && f->sym && !f->src_done) {
		char file[4096];
		int line = 0;

		f->src_done = true;
		if (syms_srcline(h->syms, f->pid, f->ip, file, sizeof(file), &line) == 0) {
			size_t n = strlen(file) + 16;

			if ((f->src = malloc(n)))
				snprintf(f->src, n, "%s:%d", file, line);
		}
	}
	r->source = f->src;
}

int hot_top(struct hot *h, struct hot_row *rows, int max, bool sources)
{
	struct hfn **v;
	int n = 0;

	if (max <= 0)
		return 0;
	if (!(v = malloc((size_t)(h->w.nfn ? h->w.nfn : 1) * sizeof(*v))))
		return -ENOMEM;
	for (int i = 0; i < h->w.nfn; i++)
		if (h->w.fn[i]->n)
			v[n++] = h->w.fn[i];
	qsort(v, (size_t)n, sizeof(*v), by_samples);
	if (n > max)
		n = max;
	for (int i = 0; i < n; i++)
		row_of(h, v[i], &rows[i], sources);
	free(v);
	return n;
}

const struct hot_info *hot_info(struct hot *h)
{
	struct hwin *w = &h->w;
	double t = now_s(h) - h->t0;

	h->info.samples = w->samples;
	h->info.throttled = w->thr, h->info.unthrottled = w->unthr, h->info.lost = w->lost;
	h->info.corrupt = w->corrupt;
	h->info.counted = w->counted;
	/* the first sample after an unthrottle brings no counts (on_unthrottle): at one sample per tick
	 * (the kernel's limit at or below its HZ) almost none does (the first ticks' can), and the
	 * functions' IPC is missing or rests on a few samples */
	if (!(h->info.group && w->samples && w->unthr && w->counted * 10 < w->samples))
		h->info.wnote[0] = '\0';
	else if (!w->counted)
		snprintf(h->info.wnote, sizeof(h->info.wnote), "no group counts (IPC, MPKI): every sample of "
			 "the window came first after a throttle, which brings none; lower [sample] freq "
			 "or raise perf_event_max_sample_rate");
	else
		snprintf(h->info.wnote, sizeof(h->info.wnote), "group counts (IPC, MPKI) from only %" PRIu64
			 " of %" PRIu64 " samples: the others came first after a throttle, which brings none; "
			 "lower [sample] freq or raise perf_event_max_sample_rate", w->counted, w->samples);
	h->info.window = t < h->o.window ? t : h->o.window;
	h->info.sym_bytes = syms_bytes(h->syms, &h->info.ndso);
	return &h->info;
}

struct syms *hot_syms(struct hot *h)
{
	return h->syms;
}

void hot_close(struct hot *h)
{
	if (!h)
		return;
	close_rings(h);
	syms_free(h->syms);
	hwin_free(&h->w);
	free(h->prev);
	free(h);
}

void hot_permissions(const struct hot_target *t, char *buf, size_t n)
{
	char p[16] = "", k[16] = "";
	long par;
	bool root = geteuid() == 0;

	buf[0] = '\0';
	procfs_read("sys/kernel/perf_event_paranoid", p, sizeof(p));
	procfs_read("sys/kernel/kptr_restrict", k, sizeof(k));
	par = p[0] ? strtol(p, NULL, 10) : 2;
	if (!root && t->kind != HOT_PID && par > 0)
		snprintf(buf, n, "perf_event_paranoid is %ld: sampling CPUs or a cgroup needs root or CAP_PERFMON "
			 "(or perf_event_paranoid 0 or less)", par);
	else if (!root && par >= 2)
		snprintf(buf, n, "perf_event_paranoid is %ld: only your own processes, and only their user-space "
			 "code (kernel functions need perf_event_paranoid 1 or less)", par);
	else if (!root && k[0] && strtol(k, NULL, 10) >= 1)
		snprintf(buf, n, "kptr_restrict is %s: kernel functions are shown as [kernel.kallsyms]+0xADDRESS", k);
	else if (k[0] && strtol(k, NULL, 10) >= 2)
		snprintf(buf, n, "kptr_restrict is 2: kernel functions are shown as [kernel.kallsyms]+0xADDRESS");
}
