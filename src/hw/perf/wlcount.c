/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* wlcount.c: the event list counted per task (cpu -1, inherit) and per cgroup (per CPU,
 * PERF_FLAG_PID_CGROUP), one read() per event per target, as perf stat reads them. */
#include "wlcount.h"
#include "counters_impl.h"
#include "base/errmsg.h"
#include "hw/events/evparse.h"
#include "hw/model/model.h"
#include "hw/sys/cpulist.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef PERF_FLAG_PID_CGROUP
#define PERF_FLAG_PID_CGROUP (1UL << 2)
#endif
#ifndef PERF_FLAG_FD_CLOEXEC
#define PERF_FLAG_FD_CLOEXEC (1UL << 3)
#endif

enum { SLOT_FREE, SLOT_TASK, SLOT_CGROUP };
#define UNSUPPORTED (-2)   /* fd value: the kernel refused the event on this target */

struct wl_slot {
	int kind;
	int ncpu;            /* 1 for a task, the CPUs for a cgroup */
	int *fd;             /* [ncpu * nev]: -1 absent (not used, not on that CPU), UNSUPPORTED */
	uint64_t *prev;      /* [ncpu * nev * 3]: value, enabled, running */
	int cgfd;            /* the cgroup's directory, -1 for a task */
};

struct wlc {
	const struct perf_seam *seam;
	struct ev_list evl;  /* its own array of the specs */
	bool *use;           /* [nev] */
	int *cpus, ncpus;
	struct wl_slot *s;
	int ns, cap;
	int nfds;
	long reads;
	bool raised;
	bool user_only;      /* some task event counts user time only (perf_event_paranoid 2) */
};

int wlc_new(const struct ev_list *evl, const bool *use, const int *cpus, int ncpus,
	    const struct perf_seam *seam, struct wlc **out)
{
	struct wlc *w = calloc(1, sizeof(*w));
	int n = evl->n;

	*out = NULL;
	if (!w)
		return -ENOMEM;
	w->seam = seam;
	w->evl = *evl;
	w->evl.ev = malloc(sizeof(*evl->ev) * (size_t)(n ? n : 1));
	w->use = calloc((size_t)(n ? n : 1), sizeof(bool));
	w->cpus = malloc(sizeof(int) * (size_t)(ncpus ? ncpus : 1));
	if (!w->evl.ev || !w->use || !w->cpus) {
		free(w->evl.ev); free(w->use); free(w->cpus); free(w);
		return -ENOMEM;
	}
	memcpy(w->evl.ev, evl->ev, sizeof(*evl->ev) * (size_t)n);
	for (int e = 0; e < n; e++)
		w->use[e] = !use || use[e];
	memcpy(w->cpus, cpus, sizeof(int) * (size_t)ncpus);
	w->ncpus = ncpus;
	*out = w;
	return 0;
}

static int new_slot(struct wlc *w, int kind, int ncpu)
{
	int i, n = ncpu * w->evl.n;
	struct wl_slot *s;

	for (i = 0; i < w->ns && w->s[i].kind != SLOT_FREE; i++)
		;
	if (i == w->ns) {
		if (w->ns == w->cap) {
			int cap = w->cap ? w->cap * 2 : 16;
			struct wl_slot *p = realloc(w->s, sizeof(*p) * (size_t)cap);
			if (!p)
				return -ENOMEM;
			w->s = p;
			w->cap = cap;
		}
		memset(&w->s[w->ns], 0, sizeof(w->s[0]));
		w->ns++;
	}
	s = &w->s[i];
	s->fd = malloc(sizeof(int) * (size_t)(n ? n : 1));
	s->prev = calloc((size_t)(n ? n : 1) * 3, sizeof(uint64_t));
	if (!s->fd || !s->prev) {
		free(s->fd); free(s->prev);
		s->fd = NULL;
		s->prev = NULL;
		return -ENOMEM;
	}
	for (int k = 0; k < n; k++)
		s->fd[k] = -1;
	s->kind = kind;
	s->ncpu = ncpu;
	s->cgfd = -1;
	return i;
}

void wlc_drop(struct wlc *w, int slot)
{
	struct wl_slot *s;

	if (slot < 0 || slot >= w->ns || w->s[slot].kind == SLOT_FREE)
		return;
	s = &w->s[slot];
	for (int k = 0; k < s->ncpu * w->evl.n; k++)
		if (s->fd[k] >= 0) {
			w->seam->close(w->seam->ctx, s->fd[k]);
			w->nfds--;
		}
	if (s->cgfd >= 0)
		close(s->cgfd);
	free(s->fd);
	free(s->prev);
	memset(s, 0, sizeof(*s));
	s->kind = SLOT_FREE;
}

static int paranoid_value(void)
{
	char buf[32];
	return procfs_read("sys/kernel/perf_event_paranoid", buf, sizeof(buf)) > 0 ? atoi(buf) : -99;
}

/* What a refusal means for a task or a cgroup, and what to do. */
static int explain_refusal(struct errmsg *em, int r, const char *what)
{
	int par = paranoid_value();
	char pv[16];

	if (par == -99)
		snprintf(pv, sizeof(pv), "unknown");
	else
		snprintf(pv, sizeof(pv), "%d", par);
	return errmsg_set(em, r, "cannot count %s: %s (perf_event_paranoid is %s). Counting another "
			  "user's processes needs root or CAP_PERFMON; otherwise perf_event_paranoid at most 2 "
			  "and ptrace access to the process (same user, not setuid; kernel.yama.ptrace_scope); "
			  "a cgroup or a process's kernel time needs perf_event_paranoid at most 0 or 1",
			  what, r == -EACCES ? "permission denied" : "operation not permitted", pv);
}

bool wlc_raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= rl.rlim_max || rl.rlim_cur >= WLC_NOFILE_RAISE)
		return false;
	rl.rlim_cur = rl.rlim_max < WLC_NOFILE_RAISE ? rl.rlim_max : WLC_NOFILE_RAISE;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

static bool raise_nofile(struct wlc *w)
{
	if (w->raised)
		return false;
	w->raised = true;
	return wlc_raise_nofile();
}

/* Open the slot's events on one CPU (ci; cpu -1 for a task). 0 or the first hard error. */
static int open_on(struct wlc *w, struct wl_slot *s, int ci, int pid, int cpu, unsigned long flags,
		   bool on_exec)
{
	int n = w->evl.n, *fd = &s->fd[(size_t)ci * n];

	for (int e = 0; e < n; e++) {
		const struct ev_spec *sp = &w->evl.ev[e];
		struct perf_event_attr a;
		int leader = -1, r;

		if (!w->use[e] || (cpu >= 0 && sp->cpus && !cpulist_has(sp->cpus, sp->ncpus, cpu)))
			continue;
		for (int k = 0; k < e; k++)   /* the first of its group that opened leads it */
			if (w->evl.ev[k].group == sp->group && fd[k] >= 0) {
				leader = fd[k];
				break;
			}
		cnt_fill_attr(&a, sp, leader < 0);
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		a.disabled = on_exec && leader < 0;
		a.enable_on_exec = on_exec && leader < 0;
		a.inherit = s->kind == SLOT_TASK;
		r = w->seam->open(w->seam->ctx, &a, pid, cpu, leader, flags | PERF_FLAG_FD_CLOEXEC);
		if ((r == -EMFILE || r == -ENFILE) && raise_nofile(w))
			r = w->seam->open(w->seam->ctx, &a, pid, cpu, leader, flags | PERF_FLAG_FD_CLOEXEC);
		if ((r == -EACCES || r == -EPERM) && !a.exclude_kernel && s->kind == SLOT_TASK) {
			/* perf's fallback where perf_event_paranoid is 2: the task's user time only */
			a.exclude_kernel = a.exclude_hv = 1;
			r = w->seam->open(w->seam->ctx, &a, pid, cpu, leader, flags | PERF_FLAG_FD_CLOEXEC);
			if (r >= 0)
				w->user_only = true;
		}
		if (r >= 0) {
			fd[e] = r;
			w->nfds++;
		} else if (r == -ENOENT || r == -EOPNOTSUPP || r == -EINVAL) {
			fd[e] = UNSUPPORTED;
		} else if (r == -ENODEV && cpu >= 0) {
			continue;   /* the CPU is offline: absent there */
		} else {
			return r;
		}
	}
	return 0;
}

static int add_slot(struct wlc *w, int kind, int pid, int cgfd, bool on_exec, const char *what,
		    struct errmsg *em)
{
	int slot = new_slot(w, kind, kind == SLOT_TASK ? 1 : w->ncpus), r = 0;
	struct wl_slot *s;

	if (slot < 0)
		return errmsg_set(em, slot, "out of memory");
	s = &w->s[slot];
	s->cgfd = cgfd;
	if (kind == SLOT_TASK)
		r = open_on(w, s, 0, pid, -1, 0, on_exec);
	else
		for (int ci = 0; ci < w->ncpus && r == 0; ci++)
			r = open_on(w, s, ci, cgfd, w->cpus[ci], PERF_FLAG_PID_CGROUP, false);
	if (r == 0)
		return slot;
	wlc_drop(w, slot);
	if (r == -ESRCH)
		return errmsg_set(em, r, "%s: gone", what);
	if (r == -EACCES || r == -EPERM)
		return explain_refusal(em, r, what);
	if (r == -EMFILE || r == -ENFILE)
		return errmsg_set(em, -EMFILE, "%s: not counted: file descriptors ran out (%d open; raise "
				  "`ulimit -n`)", what, w->nfds);
	return errmsg_set(em, r, "cannot count %s: %s", what, strerror(-r));
}

int wlc_add_task(struct wlc *w, int tid, bool on_exec, struct errmsg *em)
{
	char what[48];

	snprintf(what, sizeof(what), "task %d", tid);
	return add_slot(w, SLOT_TASK, tid, -1, on_exec, what, em);
}

int wlc_add_cgroup(struct wlc *w, int cgfd, const char *name, struct errmsg *em)
{
	char what[300];
	int fd = dup(cgfd);

	if (fd < 0)
		return errmsg_set(em, -errno, "cgroup %.200s: %s", name, strerror(errno));
	snprintf(what, sizeof(what), "cgroup %.200s", name);
	return add_slot(w, SLOT_CGROUP, -1, fd, false, what, em);
}

int wlc_read(struct wlc *w, int slot, struct ev_val *row)
{
	int n = w->evl.n, rc = 0;
	struct wl_slot *s;

	if (slot < 0 || slot >= w->ns || w->s[slot].kind == SLOT_FREE)
		return -EINVAL;
	s = &w->s[slot];
	for (int e = 0; e < n; e++) {
		uint64_t d[3] = { 0, 0, 0 };
		bool any = false, unsup = false, failed = false;

		for (int ci = 0; ci < s->ncpu; ci++) {
			size_t k = (size_t)ci * n + e;
			uint64_t v[3], *p = &s->prev[k * 3];
			ssize_t got;

			if (s->fd[k] == UNSUPPORTED)
				unsup = true;
			if (s->fd[k] < 0)
				continue;
			w->reads++;
			got = w->seam->read(w->seam->ctx, s->fd[k], v, sizeof(v));
			if (got != (ssize_t)sizeof(v)) {
				failed = true;
				rc = got < 0 ? (int)got : -EIO;
				continue;
			}
			for (int j = 0; j < 3; j++) {
				d[j] += v[j] >= p[j] ? v[j] - p[j] : 0;
				p[j] = v[j];
			}
			any = true;
		}
		memset(&row[e], 0, sizeof(row[e]));
		if (!any) {
			row[e].state = failed ? EVS_NOT_COUNTED : unsup ? EVS_UNSUPPORTED : EVS_ABSENT;
			row[e].value = row[e].pct = NAN;
			continue;
		}
		if (failed) {
			row[e].state = EVS_NOT_COUNTED;
			row[e].value = row[e].pct = NAN;
			continue;
		}
		model_set_value(&row[e], d[0], d[1], d[2], w->evl.ev[e].scale > 0 ? w->evl.ev[e].scale : 1.0);
		if (d[1] == 0) {
			/* enabled time only passes while the task (or cgroup) runs: it did not, and counted
			 * nothing; or a cgroup's clock stood still while its events counted (the kernel
			 * keeps a cgroup's time lazily): its count, unscaled */
			row[e].state = EVS_OK;
			row[e].value = (double)d[0] * (w->evl.ev[e].scale > 0 ? w->evl.ev[e].scale : 1.0);
		}
	}
	return rc;
}

int wlc_fds(const struct wlc *w)
{
	return w->nfds;
}

int wlc_fds_per_task(const struct wlc *w)
{
	int n = 0;

	for (int e = 0; e < w->evl.n; e++)
		n += w->use[e];
	return n;
}

int wlc_fds_per_cgroup(const struct wlc *w)
{
	return wlc_fds_per_task(w) * w->ncpus;
}

bool wlc_user_only(const struct wlc *w)
{
	return w->user_only;
}

long wlc_take_reads(struct wlc *w)
{
	long r = w->reads;

	w->reads = 0;
	return r;
}

void wlc_free(struct wlc *w)
{
	if (!w)
		return;
	for (int i = 0; i < w->ns; i++)
		wlc_drop(w, i);
	free(w->s);
	free(w->evl.ev);
	free(w->use);
	free(w->cpus);
	free(w);
}
