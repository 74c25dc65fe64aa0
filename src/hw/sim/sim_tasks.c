/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_tasks.c: a simulated machine's services and containers, their /proc and cgroup files, and
 * their counts per task and per cgroup (see sim_tasks.h). */
#include "sim_tasks.h"
#include "sim_desc.h"
#include "sim_profile.h"
#include "hw/sys/fsat.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { K_PLAIN, K_ANTAGONIST, K_NEIGHBOUR };

/* A process: its threads each run share of a CPU at ipc instructions per cycle, mpki LLC misses
 * per 1000 instructions. The antagonist's misses follow the phase (0..1); its neighbour's IPC falls
 * and its misses rise with it. */
static const struct simt_def {
	const char *comm;
	int uid;
	const char *cgroup;
	int threads;
	double share, ipc, mpki, brmiss_pct, cs_per_s;
	int kind;
} defs[] = {
	{ "systemd", 0, "/init.scope", 1, 0.004, 0.8, 3.0, 2.5, 40, K_PLAIN },
	{ "systemd-journal", 0, "/system.slice/systemd-journald.service", 1, 0.02, 1.1, 2.0, 1.8, 200, K_PLAIN },
	{ "sshd", 0, "/system.slice/ssh.service", 1, 0.003, 0.9, 2.5, 2.0, 10, K_PLAIN },
	{ "cron", 0, "/system.slice/cron.service", 1, 0.001, 0.7, 3.5, 3.0, 2, K_PLAIN },
	{ "containerd", 0, "/system.slice/containerd.service", 8, 0.02, 1.0, 2.2, 2.2, 300, K_PLAIN },
	{ "nginx", 33, "/system.slice/nginx.service", 4, 0.25, 1.6, 4.0, 1.5, 2500, K_PLAIN },
	{ "postgres", 110, "/system.slice/postgresql.service", 6, 0.35, 1.2, 8.0, 1.2, 1200, K_PLAIN },
	{ "redis-server", 999, "/kubepods.slice/pod-cache/redis", 4, 0.6, 2.2, 1.5, 0.8, 5000, K_NEIGHBOUR },
	{ "stream", 1000, "/kubepods.slice/pod-batch/stream", 4, 0.95, 0.6, 2.0, 0.3, 20, K_ANTAGONIST },
	{ "java", 1001, "/kubepods.slice/pod-web/app", 16, 0.3, 1.4, 5.0, 1.0, 800, K_PLAIN },
	{ "node", 1001, "/kubepods.slice/pod-web/frontend", 2, 0.2, 1.8, 3.0, 2.0, 600, K_PLAIN },
	{ "python3", 1000, "/user.slice/user-1000.slice/session-3.scope", 1, 0.5, 2.5, 0.5, 0.5, 50, K_PLAIN },
	{ "bash", 1000, "/user.slice/user-1000.slice/session-3.scope", 1, 0.0005, 0.9, 2.0, 3.0, 1, K_PLAIN },
	{ "kworker/0:1", 0, "/", 1, 0.005, 0.7, 4.0, 2.0, 500, K_PLAIN },
};
#define NDEFS ((int)(sizeof(defs) / sizeof(defs[0])))
#define GHZ 2.5e9        /* cycles per second of running */
#define PERIOD_S 40.0    /* the antagonist's cycle */
#define STEP_S 0.25      /* integration step */

static int pid_of(int i)
{
	return i == 0 ? 1 : 400 + 37 * i;
}

struct thr {
	int proc, tid, cpu;
	double share;        /* of its CPU, scaled so that no CPU is over-full */
};

struct tev {
	bool used;
	int role;            /* the event's place in rate_of() */
	uint64_t hash;       /* for events without a role */
	int thr;             /* a task: its thread index; -1 a cgroup */
	char cg[256];        /* a cgroup: its path */
	int cpu;             /* a cgroup: the CPU */
	bool enabled;
	double since, en;    /* enabled since, and enabled time banked (seconds of running) */
	double val;          /* count banked */
	double t;            /* integrated up to */
	uint64_t read_format;
	bool sampling;       /* a sampling group's: read through its samples (sim_sample.c) */
};

struct simt {
	const struct sim_machine *m;
	struct thr *thr;
	int nthr;
	struct tev *ev;
	int nev, cap, nopen;
};

/* 0 .. 1: how hard the antagonist streams at time t (it starts half way up) */
static double phase(double t)
{
	return 0.5 - 0.5 * cos(2 * M_PI * (t + PERIOD_S / 4) / PERIOD_S);
}

double simt_phase(double t)
{
	return phase(t);
}

int simt_nthreads(const struct simt *s)
{
	return s ? s->nthr : 0;
}

void simt_thread_at(const struct simt *s, int i, struct simt_thread *out)
{
	const struct thr *th = &s->thr[i];

	*out = (struct simt_thread){ .pid = pid_of(th->proc), .tid = th->tid, .cpu = th->cpu, .proc = th->proc,
				     .share = th->share, .comm = defs[th->proc].comm, .cgroup = defs[th->proc].cgroup };
}

int simt_find(const struct simt *s, int tid)
{
	for (int i = 0; s && i < s->nthr; i++)
		if (s->thr[i].tid == tid)
			return i;
	return -1;
}

struct simt *simt_new(const struct sim_machine *m)
{
	struct simt *s = calloc(1, sizeof(*s));
	double *load;
	int n = 0, k = 0;

	if (!s)
		return NULL;
	s->m = m;
	for (int i = 0; i < NDEFS; i++)
		n += defs[i].threads;
	s->thr = calloc((size_t)n, sizeof(*s->thr));
	load = calloc((size_t)(m->ncpus > 0 ? m->ncpus : 1), sizeof(double));
	if (!s->thr || !load) {
		free(load);
		simt_free(s);
		return NULL;
	}
	for (int i = 0; i < NDEFS; i++)
		for (int j = 0; j < defs[i].threads; j++, k++) {
			s->thr[k] = (struct thr){ .proc = i, .tid = pid_of(i) + j, .cpu = m->ncpus > 0 ? k % m->ncpus : 0,
						  .share = defs[i].share };
			load[s->thr[k].cpu] += defs[i].share;
		}
	s->nthr = n;
	for (k = 0; k < n; k++)   /* a small machine: its CPUs shared out, none over 95% */
		if (load[s->thr[k].cpu] > 0.95)
			s->thr[k].share *= 0.95 / load[s->thr[k].cpu];
	free(load);
	return s;
}

void simt_free(struct simt *s)
{
	if (!s)
		return;
	free(s->thr);
	free(s->ev);
	free(s);
}

bool simt_owns(int fd)
{
	return fd >= SIMT_FD_BASE;
}

int simt_nopen(const struct simt *s)
{
	return s ? s->nopen : 0;
}

enum { R_CYCLES, R_INSTR, R_REFS, R_MISSES, R_BRANCHES, R_BRMISS, R_CLOCK, R_CS, R_FAULTS, R_MIGR, R_OTHER };

static int role_of(const struct perf_event_attr *a)
{
	uint64_t id = a->config & 0xffffffffULL;

	if (a->type == PERF_TYPE_HARDWARE)
		switch (id) {
		case PERF_COUNT_HW_CPU_CYCLES: case PERF_COUNT_HW_REF_CPU_CYCLES: return R_CYCLES;
		case PERF_COUNT_HW_INSTRUCTIONS: return R_INSTR;
		case PERF_COUNT_HW_CACHE_REFERENCES: return R_REFS;
		case PERF_COUNT_HW_CACHE_MISSES: return R_MISSES;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS: return R_BRANCHES;
		case PERF_COUNT_HW_BRANCH_MISSES: return R_BRMISS;
		default: return R_OTHER;
		}
	if (a->type == PERF_TYPE_SOFTWARE)
		switch (id) {
		case PERF_COUNT_SW_CPU_CLOCK: case PERF_COUNT_SW_TASK_CLOCK: return R_CLOCK;
		case PERF_COUNT_SW_CONTEXT_SWITCHES: return R_CS;
		case PERF_COUNT_SW_PAGE_FAULTS: return R_FAULTS;
		case PERF_COUNT_SW_CPU_MIGRATIONS: return R_MIGR;
		default: return R_OTHER;
		}
	if (a->type == PERF_TYPE_HW_CACHE && (id & 0xff) == PERF_COUNT_HW_CACHE_LL)
		return (id >> 16 & 0xff) == PERF_COUNT_HW_CACHE_RESULT_MISS ? R_MISSES : R_REFS;
	return R_OTHER;
}

/* Events per second of running of process d at time t. */
static double rate_of(const struct simt_def *d, int role, uint64_t hash, double t)
{
	double ph = phase(t), ipc = d->ipc, mpki = d->mpki, instr;

	if (d->kind == K_ANTAGONIST)
		mpki = 2 + 38 * ph;
	else if (d->kind == K_NEIGHBOUR) {
		ipc = d->ipc * (1 - 0.6 * ph);
		mpki = d->mpki + 6 * ph;
	}
	instr = ipc * GHZ;
	switch (role) {
	case R_CYCLES: return GHZ;
	case R_INSTR: return instr;
	case R_MISSES: return mpki * instr / 1000;
	case R_REFS: return mpki * instr / 1000 * 2.5 + instr / 200;
	case R_BRANCHES: return instr * 0.18;
	case R_BRMISS: return instr * 0.18 * d->brmiss_pct / 100;
	case R_CLOCK: return 1e9;
	case R_CS: return d->cs_per_s;
	case R_FAULTS: return d->cs_per_s / 10;
	case R_MIGR: return d->cs_per_s / 50;
	default: return 1e6 + (double)(hash % 100000000);
	}
}

bool simt_under(const char *path, const char *cg)
{
	size_t n = strlen(cg);

	return strcmp(cg, "/") == 0 || (strncmp(path, cg, n) == 0 && (path[n] == '\0' || path[n] == '/'));
}

/* Bring e's count and running time up to now. */
static void integrate(struct simt *s, struct tev *e, double now)
{
	for (double a = e->t; e->enabled && a < now;) {
		double b = fmin(now, a + STEP_S), mid = (a + b) / 2, dt = b - a;

		for (int k = 0; k < s->nthr; k++) {
			const struct thr *th = &s->thr[k];
			const struct simt_def *d = &defs[th->proc];

			if (e->thr >= 0 ? k != e->thr : th->cpu != e->cpu || !simt_under(d->cgroup, e->cg))
				continue;
			e->val += rate_of(d, e->role, e->hash, mid) * th->share * dt;
			e->en += th->share * dt;
		}
		a = b;
	}
	e->t = now;
}

static struct tev *ev_of(struct simt *s, int fd)
{
	int i = fd - SIMT_FD_BASE;

	return s && i >= 0 && i < s->nev && s->ev[i].used ? &s->ev[i] : NULL;
}

const char *simt_event_cgroup(const struct simt *s, int fd)
{
	int i = fd - SIMT_FD_BASE;

	return s && i >= 0 && i < s->nev && s->ev[i].used && s->ev[i].thr < 0 ? s->ev[i].cg : NULL;
}

/* The cgroup path of a directory fd: the part of its path after /sys/fs/cgroup. */
static int cgroup_of(int fd, char *out, size_t n)
{
	char link[64], path[4096];
	const char *p, *q;
	ssize_t len;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	if ((len = readlink(link, path, sizeof(path) - 1)) < 0)
		return -EBADF;
	path[len] = '\0';
	for (p = NULL, q = path; (q = strstr(q, "/sys/fs/cgroup")); q++)
		p = q;
	if (!p || (p[14] != '\0' && p[14] != '/'))
		return -EBADF;
	snprintf(out, n, "%s", p[14] ? p + 14 : "/");
	return 0;
}

int simt_open(struct simt *s, const struct perf_event_attr *a, pid_t pid, int cpu, int group_fd,
	      unsigned long flags, double now)
{
	struct tev e = { .thr = -1, .cpu = cpu };
	int i;

	/* a sampling group (sim_sample.c) reads its members into its samples, and samples a task on
	 * one CPU: only those; group reads of counting task events are not simulated */
	bool sampling = a->sample_period || (group_fd != -1 && ev_of(s, group_fd) && ev_of(s, group_fd)->sampling);

	if (!s || ((a->read_format & PERF_FORMAT_GROUP) && !sampling))
		return -EINVAL;
	if (group_fd != -1 && !ev_of(s, group_fd))
		return -EINVAL;
	if (flags & PERF_FLAG_PID_CGROUP) {
		if (cpu < 0 || cpu >= s->m->ncpus)
			return cpu < 0 ? -EINVAL : -ENODEV;
		if (cgroup_of(pid, e.cg, sizeof(e.cg)) < 0)
			return -EBADF;
	} else {
		if (cpu != -1 && !sampling)
			return -EINVAL;   /* a task counted on one CPU is not simulated */
		for (i = 0; i < s->nthr && s->thr[i].tid != pid; i++)
			;
		if (i == s->nthr)
			return -ESRCH;
		e.thr = i;
	}
	e.used = true;
	e.role = role_of(a);
	e.hash = (uint64_t)a->type * 0x9e3779b97f4a7c15ULL ^ a->config;
	e.enabled = !a->disabled;   /* enable_on_exec: these tasks exec'd long ago */
	e.t = e.since = now;
	e.read_format = a->read_format;
	e.sampling = sampling;
	for (i = 0; i < s->nev && s->ev[i].used; i++)
		;
	if (i == s->nev) {
		if (s->nev == s->cap) {
			int cap = s->cap ? s->cap * 2 : 64;
			struct tev *n = realloc(s->ev, sizeof(*n) * (size_t)cap);

			if (!n)
				return -ENOMEM;
			s->ev = n;
			s->cap = cap;
		}
		s->nev++;
	}
	s->ev[i] = e;
	s->nopen++;
	return SIMT_FD_BASE + i;
}

ssize_t simt_read(struct simt *s, int fd, void *buf, size_t len, double now)
{
	struct tev *e = ev_of(s, fd);
	uint64_t out[5], *o = out, en;
	size_t need;

	if (!e)
		return -EBADF;
	if (e->read_format & PERF_FORMAT_GROUP)
		return -EINVAL;   /* a sampling group's counts come with its samples */
	integrate(s, e, now);
	en = e->en > 0 ? (uint64_t)llround(e->en * 1e9) : 0;
	*o++ = e->role == R_CLOCK ? en : (uint64_t)floor(e->val);
	if (e->read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
		*o++ = en;   /* a task's (a cgroup's) events are enabled only while it runs */
	if (e->read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
		*o++ = en;
	if (e->read_format & PERF_FORMAT_ID)
		*o++ = (uint64_t)fd;
	if (e->read_format & PERF_FORMAT_LOST)
		*o++ = 0;
	need = (size_t)(o - out) * sizeof(uint64_t);
	if (len < need)
		return -ENOSPC;
	memcpy(buf, out, need);
	return (ssize_t)need;
}

int simt_ioctl(struct simt *s, int fd, unsigned long req, double now)
{
	struct tev *e = ev_of(s, fd);

	if (!e)
		return -EBADF;
	integrate(s, e, now);
	if (req == PERF_EVENT_IOC_ENABLE)
		e->enabled = true;
	else if (req == PERF_EVENT_IOC_DISABLE)
		e->enabled = false;
	else if (req == PERF_EVENT_IOC_RESET)
		e->val = 0;
	else
		return -ENOTTY;
	return 0;
}

int simt_close(struct simt *s, int fd)
{
	struct tev *e = ev_of(s, fd);

	if (!e)
		return -EBADF;
	e->used = false;
	s->nopen--;
	return 0;
}

/* --- the tree --- */

static int put(struct fsat *t, const char *rel, const char *text)
{
	return fsat_write(t, rel, text, strlen(text), 0);
}

static int write_stat(struct fsat *t, const char *rel, const struct simt_def *d, int pid, int tid)
{
	char text[512];
	/* utime and stime: what it used in the 1000 s since it started, in ticks */
	unsigned long long ticks = (unsigned long long)(d->share * 1000 * 100), start = 100 + (unsigned)pid;

	snprintf(text, sizeof(text), "%d (%s) S 1 %d %d 0 -1 4194560 100 0 0 0 %llu %llu 0 0 20 0 %d 0 %llu "
		 "10000000 500 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0\n",
		 tid, d->comm, pid, pid, ticks * 8 / 10, ticks * 2 / 10, d->threads, start);
	return put(t, rel, text);
}

/* proc/PID's files, then its task/TID folders: each folder's files in one run (fsat keeps it open) */
static int write_proc(struct fsat *t, const struct simt_def *d, int pid)
{
	char rel[128], text[512];
	int r;

	snprintf(rel, sizeof(rel), "proc/%d/stat", pid);
	r = write_stat(t, rel, d, pid, pid);
	snprintf(rel, sizeof(rel), "proc/%d/status", pid);
	snprintf(text, sizeof(text), "Name:\t%s\nState:\tS (sleeping)\nTgid:\t%d\nPid:\t%d\nUid:\t%d\t%d\t%d\t%d\n"
		 "Threads:\t%d\n", d->comm, pid, pid, d->uid, d->uid, d->uid, d->uid, d->threads);
	r = r ? r : put(t, rel, text);
	snprintf(rel, sizeof(rel), "proc/%d/cgroup", pid);
	snprintf(text, sizeof(text), "0::%s\n", d->cgroup);
	r = r ? r : put(t, rel, text);
	snprintf(rel, sizeof(rel), "proc/%d/comm", pid);
	snprintf(text, sizeof(text), "%s\n", d->comm);
	r = r ? r : put(t, rel, text);
	r = r ? r : simp_write_maps(t, pid, d->comm);   /* its program's text (sim_profile.c) */
	for (int j = 0; j < d->threads && r == 0; j++) {
		snprintf(rel, sizeof(rel), "proc/%d/task/%d/stat", pid, pid + j);
		r = write_stat(t, rel, d, pid, pid + j);
	}
	return r;
}

/* sys/fs/cgroup/PATH/cgroup.procs of def i's cgroup, with every process in it (written once, by
 * the first def in it) */
static int write_cgroup(struct fsat *t, int i)
{
	char rel[512], text[512];
	size_t o = 0;

	for (int k = 0; k < i; k++)
		if (strcmp(defs[k].cgroup, defs[i].cgroup) == 0)
			return 0;
	for (int k = i; k < NDEFS; k++)
		if (strcmp(defs[k].cgroup, defs[i].cgroup) == 0 && o < sizeof(text) - 16)
			o += (size_t)snprintf(text + o, sizeof(text) - o, "%d\n", pid_of(k));
	snprintf(rel, sizeof(rel), "sys/fs/cgroup%s%scgroup.procs", defs[i].cgroup, strcmp(defs[i].cgroup, "/") ? "/" : "");
	return put(t, rel, text);
}

int simt_write_tree(const struct sim_machine *m, struct fsat *t)
{
	int r = 0;   /* the cgroup2 line of proc/self/mountinfo: simm_write_tree_at (SIMT_MOUNTINFO) */

	(void)m;
	for (int i = 0; i < NDEFS && r == 0; i++)
		r = write_proc(t, &defs[i], pid_of(i));
	for (int i = 0; i < NDEFS && r == 0; i++)   /* what they run: their functions' names */
		r = simp_write_perfmap(t, pid_of(i), defs[i].comm);
	r = r ? r : simp_write_kallsyms(t);
	for (int i = 0; i < NDEFS && r == 0; i++)
		r = write_cgroup(t, i);
	return r;
}
