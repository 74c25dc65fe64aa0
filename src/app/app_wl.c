/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl.c: the workloads of -p, -t, -G and -- COMMAND: the command line's targets opened, their
 * counters made for the event list (and again when it changes), each sample's reads and the rows
 * in the frame, the views' choice switched on and off, the end. The processes and the command are
 * app_wl_task.c's, the cgroups app_wl_cgroup.c's, the views' choice app_wl_auto.c's. */
#include "app.h"
#include "app_wl.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/perf/counters.h"
#include "hw/perf/wlcount.h"
#include "hw/sys/cgroupfs.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app_wl_impl.h"

bool app_wl_wanted(const struct app *a)
{
	const struct app_wl_opts *o = &a->opt.wl;

	return o->npids || o->ntids || o->ncgroups || o->command;
}

bool app_wl_tasks_only(const struct app *a)
{
	const struct app_wl_opts *o = &a->opt.wl;

	return (o->npids || o->ntids || o->command) && !o->ncgroups;
}

/* The events counted per workload: the user's, not uncore (a box counts no task). */
bool *wl_events_used(struct app *a)
{
	int n, *own = evlist_owned(&a->evl, EVO_USER, &n);
	bool *use = calloc((size_t)(a->evl.flat.n ? a->evl.flat.n : 1), sizeof(bool));

	if (!own || !use) {
		free(own);
		free(use);
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		int cnt, first = evlist_flat_of(&a->evl, a->evl.e[own[i]].id, &cnt);

		for (int k = 0; first >= 0 && k < cnt; k++)
			use[first + k] = !a->model.ev[first + k].uncore;
	}
	free(own);
	return use;
}

/* The counters for the event list now counted: (re)made, and every target opened again on a
 * change of the list (the command only while it runs). 0 or -ENOMEM. */
static int wl_count_list(struct app *a, struct app_wl *w)
{
	struct wlc *c;
	bool *use = wl_events_used(a);
	int *cpus = malloc(sizeof(int) * (size_t)(a->model.ncpus ? a->model.ncpus : 1)), r;

	if (!use || !cpus) {
		free(use);
		free(cpus);
		return -ENOMEM;
	}
	memcpy(cpus, a->model.cpu_ids, sizeof(int) * (size_t)a->model.ncpus);
	r = wlc_new(&a->evl.flat, use, cpus, a->model.ncpus, a->seam, &c);
	free(cpus);
	if (r < 0) {
		free(use);
		return r;
	}
	wl_command_totals_flush(w);   /* its counters go: their last counts into its run */
	for (int i = 0; i < w->np; i++)
		wl_proc_drop_slots(w, &w->p[i]);
	for (int i = 0; i < w->ng; i++)
		w->g[i].slot = -1;
	wlc_free(w->cnt);
	w->cnt = c;
	free(w->use);
	w->use = use;
	w->gen = a->evl_gen + 1;
	if (w->nev != a->evl.flat.n) {
		w->nev = a->evl.flat.n;
		free(w->tmp);
		if (!(w->tmp = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
			return -ENOMEM;
		for (int i = 0; i < w->np; i++) {
			free(w->p[i].val);
			if (!(w->p[i].val = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
				return -ENOMEM;
		}
		for (int i = 0; i < w->ng; i++) {
			free(w->g[i].val);
			if (!(w->g[i].val = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
				return -ENOMEM;
		}
	}
	if (a->opt.wl.command)   /* the command's run follows the new list */
		wl_command_totals_reset(a, w);
	return 0;
}

bool wl_not_run(struct ev_val *row, int nev, bool cgroup)
{
	int ran = 0, still = 0, failed = 0, zero = 0;

	for (int e = 0; e < nev; e++) {
		const struct ev_val *v = &row[e];

		if (v->state == EVS_NOT_COUNTED && v->enabled == 0) {
			failed++;   /* its read failed (wlc_read), or the row is refused */
		} else if (v->state == EVS_NOT_COUNTED) {
			/* enabled, never on a counter: a task ran, its counters were taken; a cgroup's
			 * enabled time may pass while it does not run (the kernel's cgroup clock) */
			if (cgroup)
				still++;
			else
				ran++;
		} else if (v->state == EVS_OK && v->enabled == 0 && v->raw == 0) {
			zero++;     /* counted nothing while its time stood */
		} else if (v->state == EVS_OK) {
			ran++;
		}
	}
	/* Nothing ran: as perf, <not counted>, 0 ns run, 100.00%. A row that ran elsewhere keeps its
	 * zeros: a cgroup's clock may stand while its events count (the kernel keeps it lazily), and
	 * an event of a busy cgroup that counted nothing (a loop's context switches) counted 0. */
	for (int e = 0; !ran && zero && e < nev; e++) {
		struct ev_val *v = &row[e];

		if (v->state == EVS_OK && v->enabled == 0 && v->raw == 0) {
			v->state = EVS_NOT_COUNTED;
			v->value = v->pct = NAN;
		}
	}
	still += ran ? 0 : zero;
	return still && !ran && !failed;
}

/* Read every target once, discarding the counts: their intervals all start now (opening many
 * takes a while, and the first opened would count the longest). The command, held before its
 * exec, has counted nothing yet: it counts from its exec, as perf stat's, its start-up included
 * (a short command does all its work there). */
static void wl_baseline(struct app *a, struct app_wl *w)
{
	/* the clock before the reads, as app_wl_sample takes it: each target's window then starts
	 * and ends the same time after it, however long reading the others takes */
	w->t_last = app_clock(a);
	for (int i = 0; i < w->np; i++)
		for (int k = 0; k < w->p[i].nt; k++)
			wlc_read(w->cnt, w->p[i].slot[k], w->tmp);
	for (int i = 0; i < w->ng; i++)
		if (w->g[i].slot >= 0)
			wlc_read(w->cnt, w->g[i].slot, w->tmp);
}

/* After the event list changed: open every target again with the new events. */
static void wl_reopen(struct app *a, struct app_wl *w)
{
	struct errmsg em = { 0 };

	if (wl_count_list(a, w) < 0) {
		snprintf(a->msg, sizeof(a->msg), "out of memory counting the workloads");
		return;
	}
	for (int i = 0; i < w->np; i++) {
		struct wl_proc *p = &w->p[i];
		int r = p->exited ? 0 : wl_proc_open(w, p, false, &em);

		p->denied = r < 0;
		if (r < 0)
			snprintf(p->why, sizeof(p->why), "%s", errmsg_text(&em, r));
	}
	for (int i = 0; i < w->ng; i++) {
		struct wl_cg *g = &w->g[i];
		int fd = g->cpu_only ? -1 : cgroupfs_open(&w->fs, g->path), r = g->cpu_only ? 0 : fd;

		if (fd >= 0) {
			r = g->slot = wlc_add_cgroup(w->cnt, fd, g->path, &em);
			close(fd);
		}
		g->denied = r < 0;
		if (r < 0)
			snprintf(g->why, sizeof(g->why), "%s", errmsg_text(&em, r));
	}
	wl_baseline(a, w);
}

static void fill_rows(struct app *a, struct app_wl *w)
{
	int n = 0;

	int want = w->np + w->ng;

	for (int i = 0; i < w->np; i++)
		want += w->p[i].shown_threads ? w->p[i].nt : 0;
	if (w->caprows < want) {
		struct wl_row *r = realloc(w->rows, sizeof(*r) * (size_t)want);

		if (!r) {
			a->model.cur.wl = NULL;
			a->model.cur.nwl = 0;
			return;
		}
		w->rows = r;
		w->caprows = want;
	}
	for (int i = 0; i < w->np; i++) {
		const struct wl_proc *p = &w->p[i];

		if (p->fresh)
			continue;
		w->rows[n++] = (struct wl_row){ .kind = p->kind, .pid = p->pid, .comm = p->comm,
			.user = p->user, .cgroup = p->cgroup, .name = p->comm, .nthreads = p->nt,
			.threads_left = p->left_out,
			.exited = p->exited, .idle = p->idle, .why = p->denied ? p->why : NULL, .ev = p->val,
			.m = p->m };
		for (int k = 0; p->shown_threads && k < p->nt; k++)   /* its threads, under it */
			w->rows[n++] = (struct wl_row){ .kind = WL_THREAD, .pid = p->tid[k], .tgid = p->pid,
				.comm = p->tcomm[k], .user = p->user, .cgroup = p->cgroup, .name = p->tcomm[k],
				.nthreads = 1, .exited = p->exited, .idle = p->tidle[k],
				.ev = &p->tval[(size_t)k * w->nev], .m = &p->tm[(size_t)k * NMETRICS] };
	}
	for (int i = 0; i < w->ng; i++) {
		const struct wl_cg *g = &w->g[i];

		if (g->fresh)
			continue;
		w->rows[n++] = (struct wl_row){ .kind = WL_CGROUP, .comm = "", .user = "", .cgroup = g->path,
			.name = g->name, .idle = g->idle, .why = g->denied ? g->why : NULL, .ev = g->val,
			.m = g->m };
	}
	a->model.cur.wl = w->rows;
	a->model.cur.nwl = n;
	wl_pick_tally(w, w->rows, n);
	a->model.cur.wl_tree = w->cg_tree && w->tree_s >= 0;
	a->model.cur.wl_tree_s = w->tree_s;
}

void app_wl_sample(struct app *a)
{
	struct app_wl *w = a->wl;
	double now = app_clock(a), interval;
	int k = 0;

	if (!w)
		return;
	/* the workloads' interval runs from their last read, not the CPUs': reading the CPUs came
	 * between (on a large machine it takes a while) */
	interval = now - w->t_last;
	w->t_last = now;
	for (int i = 0; i < w->np; i++) {   /* rows that showed their end last time go */
		if (w->p[i].exited)
			wl_proc_free(w, &w->p[i]);
		else
			w->p[k++] = w->p[i];
	}
	w->np = k;
	if (w->gen != a->evl_gen + 1) {   /* not told by app_wl_events_changed */
		wl_reopen(a, w);
		interval = 0;
	}
	for (int i = 0; i < w->np; i++)
		w->p[i].fresh = false;
	for (int i = 0; i < w->ng; i++)
		w->g[i].fresh = false;
	for (int i = 0; i < w->np; i++) {
		wl_proc_sample(a, w, &w->p[i], interval);
		if (w->p[i].command)
			wl_command_totals_add(w, w->p[i].val);
	}
	for (int i = 0; i < w->ng; i++)
		wl_cg_sample(a, w, &w->g[i], interval);
	/* the views' choice, after the reads: what it opens counts from now, shown from the next */
	if (w->pick & WL_PICK_PROCS)
		wl_auto_procs(a, w);
	if (w->pick & WL_PICK_CGROUPS)
		wl_auto_cgroups(a, w);
	fill_rows(a, w);
}

bool app_wl_targets_ended(const struct app *a)
{
	const struct app_wl_opts *o = &a->opt.wl;
	const struct app_wl *w = a->wl;

	if (!w || !(o->npids || o->ntids) || o->ncgroups || o->command)
		return false;
	for (int i = 0; i < w->np; i++)
		if (!w->p[i].picked && !w->p[i].exited)
			return false;
	return true;
}

/* Open every target of the command line; 0 or an exit status (said on stderr). */
static int open_targets(struct app *a, struct app_wl *w)
{
	const struct app_wl_opts *o = &a->opt.wl;
	struct errmsg em = { 0 };
	int r, counted = 0, refused = 0;

	for (int i = 0; i < o->npids + o->ntids; i++) {
		bool thr = i >= o->npids;
		int id = thr ? o->tids[i - o->npids] : o->pids[i];

		r = wl_proc_add(w, id, thr ? WL_THREAD : WL_PROCESS, false, 0, &em);
		if (r == -ENOENT) {
			printable_eprintf("pmutop: %s %d: no such %s\n", thr ? "-t" : "-p", id, thr ? "thread" : "process");
			return 2;
		}
		if (r < 0) {
			printable_eprintf("pmutop: %s\n", errmsg_text(&em, r));
			refused++;
		} else {
			counted++;
		}
	}
	if (o->ncgroups && !w->fs.mount[0]) {
		cgroupfs_find(&w->fs, &em);
		printable_eprintf("pmutop: -G: %s\n", errmsg_text(&em, em.code));
		return 2;
	}
	for (int i = 0; i < o->ncgroups; i++) {
		int had = w->ng;

		r = wl_cg_add(w, o->cgroups[i], true, &em);
		if (r < 0 && w->ng == had) {   /* not a cgroup: nothing to show */
			printable_eprintf("pmutop: -G %s: %s\n", o->cgroups[i], errmsg_text(&em, r));
			return 2;
		}
		if (r < 0) {
			printable_eprintf("pmutop: %s\n", errmsg_text(&em, r));
			refused++;
		} else {
			counted++;
		}
	}
	if (o->command && (r = wl_command_start(a, w)))
		return r;
	if (wlc_user_only(w->cnt))
		printable_eprintf("pmutop: note: perf_event_paranoid keeps the processes' kernel time out: their "
				  "events count user time only (as perf's :u); root or CAP_PERFMON counts both\n");
	if (!counted && refused && !o->command) {
		printable_eprintf("pmutop: none of the processes or cgroups named can be counted\n");
		return 1;
	}
	return 0;
}

/* a->wl made, counting the event list, with nothing in it yet. 0 or -ENOMEM. */
static int wl_create(struct app *a)
{
	struct app_wl *w;

	if (a->wl)
		return 0;
	if (!(w = a->wl = calloc(1, sizeof(*w))))
		return -ENOMEM;
	w->go_fd = w->fail_fd = -1;
	cgroupfs_find(&w->fs, NULL);   /* -G's, and the processes' cgroups */
	if (wl_count_list(a, w) < 0)
		return -ENOMEM;
	w->t_last = app_clock(a);
	a->on_events = app_wl_events_changed;
	return 0;
}

int app_wl_open(struct app *a)
{
	struct app_wl *w;
	int r;

	if (!app_wl_wanted(a))
		return 0;
	if (wl_create(a) < 0) {
		fprintf(stderr, "pmutop: out of memory\n");
		return 1;
	}
	w = a->wl;
	if ((r = open_targets(a, w)))
		return r;
	/* the first interval starts now for the CPUs too, so that the frames' intervals are the
	 * workloads' (finding and opening them took a while); the command goes after it has started,
	 * so that the interval holds all of its run */
	if (a->cnt)
		counters_read(a->cnt, &a->model);
	app_util_baseline(a);
	wl_baseline(a, w);
	a->last_sample = w->t_last;
	return w->go_fd >= 0 ? wl_command_go(a, w) : 0;
}

/* Stop counting what the views chose: their processes (procs), their cgroups. */
static void wl_unpick(struct app_wl *w, bool procs, bool cgroups)
{
	int k = 0;

	for (int i = 0; i < w->np; i++) {
		if (procs && w->p[i].picked)
			wl_proc_free(w, &w->p[i]);
		else
			w->p[k++] = w->p[i];
	}
	w->np = k;
	k = 0;
	for (int i = 0; i < w->ng; i++) {
		if (cgroups && w->g[i].picked) {
			wlc_drop(w->cnt, w->g[i].slot);
			free(w->g[i].val);
		} else {
			w->g[k++] = w->g[i];
		}
	}
	w->ng = k;
}

int app_wl_pick(struct app *a, bool procs, bool cgroups)
{
	if (!procs && !cgroups && !a->wl)
		return 0;
	if (!a->seam || (a->src && !a->src->count))
		return -EOPNOTSUPP;   /* a recording: no process to count */
	if (wl_create(a) < 0)
		return -ENOMEM;
	cgroups |= a->wl->cg_tree;   /* the exporter's go on */
	a->wl->pick = (procs ? WL_PICK_PROCS : 0) | (cgroups ? WL_PICK_CGROUPS : 0);
	wl_unpick(a->wl, !procs, !cgroups);
	return 0;
}

int app_wl_pick_tree(struct app *a)
{
	if (wl_create(a) < 0)
		return -ENOMEM;
	a->wl->cg_tree = true;
	a->wl->tree_s = -1;
	a->wl->pick |= WL_PICK_CGROUPS;
	wl_auto_cgroups(a, a->wl);   /* counting from now: the first frame has them */
	wl_baseline(a, a->wl);
	for (int i = 0; i < a->wl->ng; i++)
		a->wl->g[i].fresh = false;
	return 0;
}

void app_wl_threads_of(struct app *a, int pid)
{
	if (a->wl)
		a->wl->threads_of = pid;
}

void app_wl_pick_info(const struct app *a, bool cgroups, struct wl_pick_info *out)
{
	memset(out, 0, sizeof(*out));
	if (a->wl)
		*out = a->wl->info[cgroups];
}

void app_wl_events_changed(struct app *a)
{
	if (a->wl && a->wl->gen != a->evl_gen + 1)
		wl_reopen(a, a->wl);
}

int app_wl_fds(const struct app *a)
{
	return a->wl && a->wl->cnt ? wlc_fds(a->wl->cnt) : 0;
}

long app_wl_take_reads(struct app *a)
{
	return a->wl && a->wl->cnt ? wlc_take_reads(a->wl->cnt) : 0;
}

void app_wl_close(struct app *a)
{
	struct app_wl *w = a->wl;

	if (!w)
		return;
	if (w->go_fd >= 0) {   /* never let go: it exits without running the command */
		close(w->go_fd);
		close(w->fail_fd);
	}
	if (w->child && app_wl_command_running(a))
		wl_command_end(w);
	for (int i = 0; i < w->np; i++)
		wl_proc_free(w, &w->p[i]);
	for (int i = 0; i < w->ng; i++)
		free(w->g[i].val);
	wlc_free(w->cnt);
	free(w->p);
	free(w->g);
	free(w->rows);
	free(w->use);
	free(w->tmp);
	free(w->seen);
	free(w->cgseen);
	wl_command_totals_free(w);
	free(w);
	a->wl = NULL;
	a->on_events = NULL;
}
