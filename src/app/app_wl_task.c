/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl_task.c: the processes and threads of -p, -t and -- COMMAND: their facts from /proc, their
 * threads opened (wlcount.c) and each interval's figures (the threads' counts summed, threads and
 * processes that ended followed). The command of -- is app_wl_cmd.c's. */
#include "app.h"
#include "app_wl.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/perf/wlcount.h"
#include "hw/sys/proctask.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app_wl_impl.h"

/* "root", or the uid when it has no name (or the tasks are a tree's: --sim, --sysfs, whose users
 * are not this machine's) */
void wl_user_name(int uid, char *out, size_t n)
{
	static int last_uid = -2;
	static char last[40];
	struct passwd *pw;
	const char *proc = procfs_root();

	if (uid < 0) {
		snprintf(out, n, "?");
		return;
	}
	if (!proc || strcmp(proc, "/proc") != 0) {
		snprintf(out, n, "%d", uid);
		return;
	}
	if (uid != last_uid) {
		pw = getpwuid((uid_t)uid);
		if (pw && pw->pw_name)
			snprintf(last, sizeof(last), "%s", pw->pw_name);
		else
			snprintf(last, sizeof(last), "%d", uid);
		last_uid = uid;
	}
	snprintf(out, n, "%s", last);
}

static int add_thread_slot(struct wl_proc *p, int tid, int slot)
{
	if (p->nt == p->capt) {
		int cap = p->capt ? p->capt * 2 : 4;
		int *s = realloc(p->slot, sizeof(int) * (size_t)cap), *t;

		if (!s)
			return -ENOMEM;
		p->slot = s;
		if (!(t = realloc(p->tid, sizeof(int) * (size_t)cap)))
			return -ENOMEM;
		p->tid = t;
		p->capt = cap;
	}
	p->slot[p->nt] = slot;
	p->tid[p->nt++] = tid;
	return 0;
}

void wl_proc_drop_slots(struct app_wl *w, struct wl_proc *p)
{
	for (int i = 0; i < p->nt; i++)
		wlc_drop(w->cnt, p->slot[i]);
	p->nt = 0;
}

struct busy { unsigned long long ticks; int tid; };

static int busy_cmp(const void *x, const void *y)
{
	const struct busy *a = x, *b = y;

	if (a->ticks != b->ticks)
		return a->ticks < b->ticks ? 1 : -1;
	return (a->tid > b->tid) - (a->tid < b->tid);   /* the idle in their order: the main thread first */
}

/* The max busiest of the n threads of pid in tids (by CPU time) to its front. */
static void busiest_first(int pid, int *tids, int n, int max)
{
	static struct busy b[WL_THREADS_MAX];
	struct proctask t;

	for (int i = 0; i < n; i++)
		b[i] = (struct busy){ proctask_thread_stat(pid, tids[i], &t) == 0 ? t.utime + t.stime : 0, tids[i] };
	qsort(b, (size_t)n, sizeof(b[0]), busy_cmp);
	for (int i = 0; i < max; i++)
		tids[i] = b[i].tid;
}

/* Open p's threads (a thread: itself). 0, or a negative errno with em (p->why) filled. */
int wl_proc_open(struct app_wl *w, struct wl_proc *p, bool on_exec, struct errmsg *em)
{
	static int tids[WL_THREADS_MAX];
	int n = 1, counted = 0, r = 0, max = p->tmax > 0 && p->tmax < WL_THREADS_MAX ? p->tmax : WL_THREADS_MAX;

	tids[0] = p->pid;
	p->left_out = 0;
	if (p->kind == WL_PROCESS && !on_exec) {
		n = proctask_threads(p->pid, tids, WL_THREADS_MAX);
		if (n <= 0)
			return errmsg_set(em, n < 0 ? n : -ESRCH, "process %d: no threads to count", p->pid);
		if (n > max) {   /* the view's budget: the busiest, the rest said */
			busiest_first(p->pid, tids, n, max);
			p->left_out = n - max;
			n = max;
		}
	}
	for (int i = 0; i < n; i++) {
		int slot = wlc_add_task(w->cnt, tids[i], on_exec, em);

		if (slot == -ESRCH)
			continue;   /* a thread that just ended */
		if (slot < 0) {
			r = slot;
			break;
		}
		if ((r = add_thread_slot(p, tids[i], slot)) < 0) {
			wlc_drop(w->cnt, slot);
			errmsg_set(em, r, "out of memory");
			break;
		}
		counted++;
	}
	if (r < 0) {
		wl_proc_drop_slots(w, p);
		return r;
	}
	return counted ? 0 : errmsg_set(em, -ESRCH, "process %d: gone", p->pid);
}

/* comm, user, start time and cgroup of p from /proc. 0 or -ENOENT (no such task). */
static int proc_facts(struct app_wl *w, struct wl_proc *p)
{
	struct proctask t;
	int r = proctask_read(p->pid, &t);

	if (r < 0)
		return r == -ENOENT || r == -EINVAL ? -ENOENT : r;
	snprintf(p->comm, sizeof(p->comm), "%s", t.comm);   /* raw: every output escapes it (model.h) */
	wl_user_name(t.uid, p->user, sizeof(p->user));
	p->start = t.start;
	p->ticks = t.utime + t.stime;
	if (!w->fs.mount[0] || proctask_cgroup(p->pid, w->fs.v1 ? "perf_event" : NULL, p->cgroup,
					       sizeof(p->cgroup)) < 0)
		p->cgroup[0] = '\0';
	return 0;
}

/* A new row for pid; NULL when out of memory. */
static struct wl_proc *proc_new(struct app_wl *w, int pid, int kind)
{
	struct wl_proc *p;

	if (w->np == w->capp) {
		int cap = w->capp ? w->capp * 2 : 8;
		struct wl_proc *n = realloc(w->p, sizeof(*n) * (size_t)cap);

		if (!n)
			return NULL;
		w->p = n;
		w->capp = cap;
	}
	p = &w->p[w->np];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->kind = kind;
	if (!(p->val = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
		return NULL;
	w->np++;
	return p;
}

void wl_proc_free(struct app_wl *w, struct wl_proc *p)
{
	free(p->tval);
	free(p->tm);
	free(p->tcomm);
	free(p->tidle);
	wl_proc_drop_slots(w, p);
	free(p->slot);
	free(p->tid);
	free(p->val);
}

/* Count process (or thread) pid. 0; -ENOENT no such task; a refusal leaves the row, not counted,
 * with why (returned, em filled); other errors drop it. */
int wl_proc_add(struct app_wl *w, int pid, int kind, bool on_exec, int tmax, struct errmsg *em)
{
	struct wl_proc *p = proc_new(w, pid, kind);
	int r;

	if (!p)
		return errmsg_set(em, -ENOMEM, "out of memory");
	p->tmax = tmax;
	if (!on_exec && (r = proc_facts(w, p)) < 0) {
		wl_proc_free(w, p);
		w->np--;
		return errmsg_set(em, r, "%s %d: no such %s", kind == WL_THREAD ? "thread" : "process", pid,
				  kind == WL_THREAD ? "thread" : "process");
	}
	if ((r = wl_proc_open(w, p, on_exec, em)) == 0)
		return 0;
	if (r == -EACCES || r == -EPERM || r == -EMFILE) {
		p->denied = true;
		snprintf(p->why, sizeof(p->why), "%s", errmsg_text(em, r));
		return r;
	}
	wl_proc_free(w, p);
	w->np--;
	return r;
}

/* CPU time in percent of one CPU from a row's enabled times (they pass only while the task runs). */
static double util_of(const struct ev_val *row, int nev, double interval)
{
	double ns = NAN;

	for (int e = 0; e < nev; e++)
		if (row[e].state == EVS_OK && !(ns >= (double)row[e].enabled))
			ns = (double)row[e].enabled;
	return interval > 0 && !isnan(ns) ? 100 * ns / (interval * 1e9) : NAN;
}

/* Room for each thread's own row of the process whose threads are shown. 0 or -ENOMEM. */
static int thread_rows(struct app_wl *w, struct wl_proc *p)
{
	if (p->tcap < p->nt) {
		struct ev_val *v = realloc(p->tval, sizeof(*v) * (size_t)p->nt * (size_t)(w->nev ? w->nev : 1));
		double *m;
		char (*c)[32];
		bool *idle;

		if (!v)
			return -ENOMEM;
		p->tval = v;
		if (!(m = realloc(p->tm, sizeof(double) * NMETRICS * (size_t)p->nt)))
			return -ENOMEM;
		p->tm = m;
		if (!(c = realloc(p->tcomm, sizeof(*c) * (size_t)p->nt)))
			return -ENOMEM;
		p->tcomm = c;
		if (!(idle = realloc(p->tidle, sizeof(*idle) * (size_t)p->nt)))
			return -ENOMEM;
		p->tidle = idle;
		p->tcap = p->nt;
	}
	return 0;
}

/* Thread i of p is gone (its last counts are in): the last takes its place. */
static void thread_drop(struct app_wl *w, struct wl_proc *p, int i, bool rows)
{
	int l = p->nt - 1;

	wlc_drop(w->cnt, p->slot[i]);
	p->slot[i] = p->slot[l];
	p->tid[i] = p->tid[l];
	if (rows) {
		memcpy(&p->tval[(size_t)i * w->nev], &p->tval[(size_t)l * w->nev], sizeof(*p->tval) * (size_t)w->nev);
		memcpy(&p->tm[(size_t)i * NMETRICS], &p->tm[(size_t)l * NMETRICS], sizeof(double) * NMETRICS);
		memcpy(p->tcomm[i], p->tcomm[l], sizeof(p->tcomm[0]));
		p->tidle[i] = p->tidle[l];
	}
	p->nt--;
}

/* One process's figures for the interval: its threads' counts summed (each kept too when its
 * threads are shown); whether it still lives; threads gone dropped (their last counts are in).
 * What did not run reads as perf stat reads it (wl_not_run), its CPU time 0. */
void wl_proc_sample(struct app *a, struct app_wl *w, struct wl_proc *p, double interval)
{
	bool rows = w->threads_of == p->pid && p->kind == WL_PROCESS && thread_rows(w, p) == 0;
	/* the command's end looked at before the reads: once it has ended they hold its last counts */
	bool cmd_gone = p->command && !app_wl_command_running(a);
	struct proctask t;

	p->shown_threads = rows;
	for (int e = 0; e < w->nev; e++) {
		memset(&p->val[e], 0, sizeof(p->val[e]));
		/* refused: as perf shows an event the kernel refused (<not supported>), never as idle */
		p->val[e].state = w->use[e] && p->denied ? EVS_UNSUPPORTED : EVS_ABSENT;
		p->val[e].value = p->val[e].pct = NAN;
	}
	for (int i = 0; i < p->nt; i++) {
		struct ev_val *row = rows ? &p->tval[(size_t)i * w->nev] : w->tmp;

		wlc_read(w->cnt, p->slot[i], row);
		for (int e = 0; e < w->nev; e++)
			model_sum_into(&p->val[e], &row[e]);
		if (rows) {
			p->tidle[i] = wl_not_run(row, w->nev, false);   /* after the sum: it adds the ones that ran */
			model_metrics(&a->model, row, interval, &p->tm[(size_t)i * NMETRICS], true);
			p->tm[(size_t)i * NMETRICS + M_UTIL] = p->tidle[i] ? 0 : util_of(row, w->nev, interval);
			if (proctask_read_stat(p->tid[i], &t) == 0)
				snprintf(p->tcomm[i], sizeof(p->tcomm[i]), "%s", t.comm);
			else
				snprintf(p->tcomm[i], sizeof(p->tcomm[i]), "%.31s", p->comm);
		}
	}
	for (int e = 0; e < w->nev; e++)
		model_sum_finish(&p->val[e]);
	if (p->command)
		p->exited = cmd_gone;
	else if (proctask_read(p->pid, &t) < 0 || t.start != p->start)
		p->exited = true;
	else if (!p->exited)
		snprintf(p->comm, sizeof(p->comm), "%s", t.comm);
	for (int i = 0; i < p->nt && !p->exited && p->kind == WL_PROCESS; i++)
		if (p->tid[i] != p->pid && !proctask_thread_alive(p->pid, p->tid[i]))
			thread_drop(w, p, i--, rows);
	p->idle = wl_not_run(p->val, w->nev, false);
	model_metrics(&a->model, p->val, interval, p->m, true);
	/* the threads' sum: its CPU time. /proc's (utime + stime) where they cannot say all of it:
	 * refused, or some threads not counted (the view's budget: the busiest are), where that is more
	 * (top's figure; the counted threads' alone would read a 16-thread process as its 4 busiest) */
	p->m[M_UTIL] = p->idle ? 0 : util_of(p->val, w->nev, interval);
	if (!p->exited && !p->command) {   /* t: read above */
		unsigned long long now = t.utime + t.stime;
		long hz = sysconf(_SC_CLK_TCK);
		double proc = interval > 0 && hz > 0 && now >= p->ticks ?
			      100.0 * (double)(now - p->ticks) / (double)hz / interval : NAN;

		if (p->denied || (p->left_out > 0 && proc > p->m[M_UTIL]))
			p->m[M_UTIL] = proc;
		p->ticks = now;
	}
}
