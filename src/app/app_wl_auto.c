/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl_auto.c: the processes and cgroups views' choice: each refresh every process's CPU time
 * (PID/stat) and every cgroup's (cpu.stat, to a bounded depth) is looked at, the busiest are
 * counted within a descriptor budget, and the ones that fell well behind are closed. What is kept
 * from one look to the next is what exists now, never what ever lived. */
#include "app.h"
#include "app_wl_impl.h"
#include "hw/perf/wlcount.h"
#include "hw/sys/proctask.h"
#include "hw/sys/cgroupfs.h"
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

struct rank {
	unsigned long long busy;   /* CPU time since the last look (at the first, so far) */
	int i;                     /* index in the look */
};

static int rank_cmp(const void *x, const void *y)
{
	const struct rank *a = x, *b = y;

	return (a->busy < b->busy) - (a->busy > b->busy);
}

static int seen_cmp(const void *x, const void *y)
{
	const struct wl_seen *a = x, *b = y;

	return (a->pid > b->pid) - (a->pid < b->pid);
}

/* Descriptors the workloads may still take: the soft limit (raised once, to WLC_NOFILE_RAISE at
 * most) less what the CPUs' counters and the rest of the program hold (a quarter kept back). */
static long fd_room(struct app_wl *w)
{
	struct rlimit rl;
	static bool raised;

	if (!raised)
		wlc_raise_nofile();
	raised = true;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		return 1 << 20;
	return (long)(rl.rlim_cur * 3 / 4) - wlc_fds(w->cnt);
}

/* The index of pid among the processes counted, -1 none. */
static int counted_at(const struct app_wl *w, int pid)
{
	for (int i = 0; i < w->np; i++)
		if (w->p[i].pid == pid && w->p[i].kind == WL_PROCESS)
			return i;
	return -1;
}

static void drop_proc(struct app_wl *w, int i)
{
	wl_proc_free(w, &w->p[i]);
	memmove(&w->p[i], &w->p[i + 1], sizeof(w->p[0]) * (size_t)(w->np - i - 1));
	w->np--;
}

/* The perf events the view's processes hold. */
static long view_events(const struct app_wl *w, int per)
{
	long n = 0;

	for (int i = 0; i < w->np; i++)
		n += w->p[i].picked ? (long)w->p[i].nt * per : 0;
	return n;
}

/* Threads on demand: the process whose threads H shows has them all counted (within the view's
 * budget), the others their WL_PICK_THREADS busiest. A process whose set changes is opened
 * anew, shown from the next refresh. The perf events the view holds after. */
static long threads_on_demand(struct app_wl *w, int per)
{
	long view = view_events(w, per);

	for (int i = 0; i < w->np && per > 0; i++) {
		struct wl_proc *p = &w->p[i];
		long room = WL_VIEW_EVENTS - view + (long)p->nt * per;
		int want = WL_PICK_THREADS;
		struct errmsg em = { 0 };

		if (!p->picked || p->denied || p->exited)
			continue;
		if (p->pid == w->threads_of && room / per > WL_PICK_THREADS)
			want = room / per < WL_THREADS_MAX ? (int)(room / per) : WL_THREADS_MAX;
		if (want == p->tmax || !((want > p->tmax && p->left_out) || want < p->nt)) {
			p->tmax = want;
			continue;
		}
		view -= (long)p->nt * per;
		wl_proc_drop_slots(w, p);
		p->tmax = want;
		if (wl_proc_open(w, p, false, &em) < 0) {
			p->denied = true;
			snprintf(p->why, sizeof(p->why), "%s", errmsg_text(&em, em.code));
		}
		view += (long)p->nt * per;
		p->fresh = true;
	}
	return view;
}

void wl_auto_procs(struct app *a, struct app_wl *w)
{
	static int pids[WL_PICK_SCAN_MAX];
	struct wl_pick_info *in = &w->info[0];
	int more = 0, n = proctask_pids(pids, WL_PICK_SCAN_MAX, &more), k = 0, per = wlc_fds_per_task(w->cnt);
	struct wl_seen *now = malloc(sizeof(*now) * (size_t)(n > 0 ? n : 1));
	struct rank *r = malloc(sizeof(*r) * (size_t)(n > 0 ? n : 1));
	struct errmsg em = { 0 };
	long room = fd_room(w), view;

	memset(in, 0, sizeof(*in));
	if (n < 0 || !now || !r) {
		free(now);
		free(r);
		return;
	}
	/* each process's CPU time since the last look; one not seen then (the first look, or it
	 * started since), all it has used: the busiest are counted from the first look */
	for (int i = 0; i < n; i++) {
		struct proctask t;
		struct wl_seen key = { .pid = pids[i] }, *old;

		if (proctask_read_stat(pids[i], &t) < 0)
			continue;
		now[k] = (struct wl_seen){ pids[i], t.start, t.utime + t.stime };
		old = w->seen ? bsearch(&key, w->seen, (size_t)w->nseen, sizeof(key), seen_cmp) : NULL;
		if (old && old->start == t.start)
			r[k].busy = now[k].ticks >= old->ticks ? now[k].ticks - old->ticks : 0;
		else
			r[k].busy = now[k].ticks;
		r[k].i = k;
		k++;
	}
	free(w->seen);
	w->seen = now;   /* sorted: the PIDs came in order */
	w->nseen = k;
	qsort(r, (size_t)k, sizeof(*r), rank_cmp);
	/* the picked ones that fell out of the busiest twice over go */
	for (int i = w->np - 1; i >= 0; i--) {
		bool keep = false;

		for (int j = 0; j < k && j < 2 * a->set.wl_processes && !keep; j++)
			keep = now[r[j].i].pid == w->p[i].pid;
		if (w->p[i].picked && !keep && !w->p[i].exited)
			drop_proc(w, i);
	}
	/* counted and refused are told from the rows (wl_pick_tally); here, what got no row */
	in->seen = k + more;
	in->looked = true;
	view = threads_on_demand(w, per);
	for (int j = 0; j < k && j < a->set.wl_processes; j++) {
		int pid = now[r[j].i].pid;

		if (counted_at(w, pid) >= 0)
			continue;
		if (WL_VIEW_EVENTS - view < (long)per * WL_PICK_THREADS) {
			in->left_out++;
			snprintf(in->why, sizeof(in->why), "the view's budget of %d perf events", WL_VIEW_EVENTS);
			continue;
		}
		if (room < (long)per * 2) {   /* a process has a thread at least: two, most of them */
			in->left_out++;
			snprintf(in->why, sizeof(in->why), "file descriptors (%d open; raise `ulimit -n`)", wlc_fds(w->cnt));
			continue;
		}
		if (wl_proc_add(w, pid, WL_PROCESS, false, WL_PICK_THREADS, &em) == 0 ||
		    (w->np && w->p[w->np - 1].pid == pid)) {
			w->p[w->np - 1].picked = w->p[w->np - 1].fresh = true;
			view += (long)w->p[w->np - 1].nt * per;
			room = fd_room(w);
		}
	}
	in->threads_each = WL_PICK_THREADS;
	for (int i = 0; i < w->np; i++)
		in->threads_left += w->p[i].picked && !w->p[i].denied ? w->p[i].left_out : 0;
	free(r);
}

void wl_pick_tally(struct app_wl *w, const struct wl_row *rows, int n)
{
	for (int i = 0; i < n; i++) {
		struct wl_pick_info *in = &w->info[rows[i].kind == WL_CGROUP];

		if (rows[i].tgid || !(w->pick & (rows[i].kind == WL_CGROUP ? WL_PICK_CGROUPS : WL_PICK_PROCS)))
			continue;   /* a thread under its process; a view not shown */
		if (!rows[i].why) {
			in->counted++;
			continue;
		}
		in->left_out++;
		if (!in->why[0])   /* the look's reason (descriptors) first, else the first refusal's */
			snprintf(in->why, sizeof(in->why), "%.150s", rows[i].why);
	}
}

/* --- cgroups --- */

static uint64_t path_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h & 0x7fffffff;   /* a wl_seen's pid field: compared as an int */
}

struct cgwalk {
	char (*path)[512];
	int *parent;                 /* [cap]: the index of each one's parent in the walk, -1 none */
	int n, cap;
};

/* The cgroups under rel (a path from the mount, index up in the walk, -1 none), depth levels
 * down, into c (at most cap): each one's children right after it. */
static void walk(const struct cgroupfs *fs, const char *rel, int up, int depth, struct cgwalk *c)
{
	char dir[2048];
	struct dirent *d;
	DIR *dp;

	if (depth <= 0 || c->n >= c->cap)
		return;
	snprintf(dir, sizeof(dir), "%s%s", fs->mount, rel);
	if (!(dp = opendir(dir)))
		return;
	while ((d = readdir(dp)) && c->n < c->cap) {
		if (d->d_type != DT_DIR || d->d_name[0] == '.')
			continue;
		if (snprintf(c->path[c->n], sizeof(c->path[0]), "%s%s%s", strcmp(rel, "/") ? rel : "", "/",
			     d->d_name) >= (int)sizeof(c->path[0]))
			continue;
		c->parent[c->n] = up;
		c->n++;
		walk(fs, c->path[c->n - 1], c->n - 1, depth - 1, c);
	}
	closedir(dp);
}

static int counted_cg(const struct app_wl *w, const char *path)
{
	for (int i = 0; i < w->ng; i++)
		if (strcmp(w->g[i].path, path) == 0)
			return i;
	return -1;
}

/* The exporter's measure (w->cg_tree): each cgroup's own CPU time since the last look, its
 * processes' and not its children's (cpu.stat's usage holds its children's): its usage's growth
 * less its children's (a child that went takes its time with it; one born since counts from 0).
 * The rows counted get it as their CPU use (M_UTIL), the whole tree's (the root's) goes in
 * w->tree_s; busy[] gets each one's (kids[]: room for c->n). */
static void own_time(struct app *a, struct app_wl *w, const struct cgwalk *c, const uint64_t *u,
		     const struct wl_seen *const *old, bool looked, unsigned long long *busy,
		     unsigned long long *kids)
{
	double now = app_clock(a), iv = now - w->cg_t;

	for (int i = 0; i < c->n; i++)   /* its usage's growth; a new one's since it was made */
		busy[i] = old[i] ? (u[i] >= old[i]->ticks ? u[i] - old[i]->ticks : 0) : looked ? u[i] : 0;
	w->tree_s = looked && c->n ? (double)busy[0] / 1e6 : -1;   /* [0] is the root */
	for (int i = 0; i < c->n; i++)   /* its children's growth (each holds its own children's) */
		kids[i] = 0;
	for (int i = 1; i < c->n; i++)
		kids[c->parent[i]] += busy[i];
	for (int i = 0; i < c->n; i++)   /* less its children's */
		busy[i] = busy[i] >= kids[i] ? busy[i] - kids[i] : 0;
	for (int k = 0; k < w->ng; k++) {
		struct wl_cg *g = &w->g[k];

		if (!g->picked)
			continue;
		g->m[M_UTIL] = NAN;
		for (int i = 0; i < c->n && looked && iv > 0; i++)
			if (strcmp(c->path[i], g->path) == 0)
				g->m[M_UTIL] = 100 * (double)busy[i] / (iv * 1e6);
	}
	w->cg_t = now;
}

/* A cgroup counted by the exporter's measure: its events only when it has no child cgroup (the
 * kernel counts a cgroup's events with those of every cgroup under it), never the root's (with
 * the idle task's). Without the root's cpu.stat (cgroup v1, a simulated machine) there is no own
 * time: the leaves alone are counted (none holds another), by their events' enabled time. */
static bool tree_events(const struct cgwalk *c, int i)
{
	return i > 0 && (i + 1 >= c->n || c->parent[i + 1] != i);
}

void wl_auto_cgroups(struct app *a, struct app_wl *w)
{
	struct wl_pick_info *in = &w->info[1];
	struct cgwalk c = { .cap = 4096 };
	struct wl_seen *now;
	const struct wl_seen **old;
	uint64_t *u;
	unsigned long long *busy, *kids;
	struct rank *r;
	struct errmsg em = { 0 };
	long room = fd_room(w), per = wlc_fds_per_cgroup(w->cnt);
	int want = a->set.wl_cgroups;
	bool looked = w->cgseen != NULL, stat = false;

	if (!w->fs.mount[0])
		return;
	if (w->cg_tree && a->opt.export_cgroups > want)
		want = a->opt.export_cgroups;
	c.path = malloc(sizeof(*c.path) * (size_t)c.cap);
	c.parent = malloc(sizeof(*c.parent) * (size_t)c.cap);
	now = malloc(sizeof(*now) * (size_t)c.cap);
	old = malloc(sizeof(*old) * (size_t)c.cap);
	u = malloc(sizeof(*u) * (size_t)c.cap);
	busy = malloc(sizeof(*busy) * (size_t)c.cap);
	kids = malloc(sizeof(*kids) * (size_t)c.cap);
	r = malloc(sizeof(*r) * (size_t)c.cap);
	if (c.path && c.parent && now && old && u && busy && kids && r) {
		if (w->cg_tree) {   /* the whole tree, the root (its processes) first */
			snprintf(c.path[0], sizeof(c.path[0]), "/");
			c.parent[c.n++] = -1;
			walk(&w->fs, "/", 0, WL_CG_TREE_DEPTH, &c);
		} else {
			walk(&w->fs, "/", -1, a->set.wl_cgroup_depth, &c);
		}
	}
	for (int i = 0; i < c.n; i++) {   /* CPU time now, 0 without cpu.stat */
		struct wl_seen key = { .pid = (int)path_hash(c.path[i]) };

		u[i] = 0;
		if (cgroupfs_usage(&w->fs, c.path[i], &u[i]) == 0 && i == 0 && w->cg_tree)
			stat = true;   /* the root's: own time can be told */
		old[i] = w->cgseen ? bsearch(&key, w->cgseen, (size_t)w->ncgseen, sizeof(key), seen_cmp) : NULL;
		busy[i] = old[i] && u[i] >= old[i]->ticks ? u[i] - old[i]->ticks : 0;
	}
	if (w->cg_tree && stat)
		own_time(a, w, &c, u, old, looked, busy, kids);
	else
		w->tree_s = -1;
	for (int i = 0; i < c.n; i++) {
		now[i] = (struct wl_seen){ (int)path_hash(c.path[i]), 0, u[i] };
		r[i] = (struct rank){ busy[i], i };
	}
	if (now)
		qsort(now, (size_t)c.n, sizeof(*now), seen_cmp);   /* by hash, for the next look */
	free(w->cgseen);
	w->cgseen = now;
	w->ncgseen = c.n;
	if (r)
		qsort(r, (size_t)c.n, sizeof(*r), rank_cmp);
	for (int i = w->ng - 1; i >= 0; i--) {   /* the picked ones far behind, or gone, go */
		bool keep = false;

		for (int j = 0; j < c.n && j < 2 * want && !keep; j++)
			keep = strcmp(c.path[r[j].i], w->g[i].path) == 0 &&
			       !(w->cg_tree && w->g[i].slot >= 0 && !tree_events(&c, r[j].i));   /* now with children */
		if (w->g[i].picked && !keep) {
			wlc_drop(w->cnt, w->g[i].slot);
			free(w->g[i].val);
			memmove(&w->g[i], &w->g[i + 1], sizeof(w->g[0]) * (size_t)(w->ng - i - 1));
			w->ng--;
		}
	}
	memset(in, 0, sizeof(*in));   /* counted and refused: from the rows (wl_pick_tally) */
	in->seen = c.n;
	in->looked = true;
	for (int j = 0; j < c.n && j < want; j++) {
		const char *path = c.path[r[j].i];
		bool count = !w->cg_tree || tree_events(&c, r[j].i);

		if (!count && !stat)   /* no own time to tell it by: the leaves only, apart */
			continue;
		if (counted_cg(w, path) >= 0)
			continue;
		if (count && room < per) {
			in->left_out++;
			snprintf(in->why, sizeof(in->why), "file descriptors (%d open; raise `ulimit -n`)", wlc_fds(w->cnt));
			continue;
		}
		if (wl_cg_add(w, path, count, &em) == 0 || (w->ng && strcmp(w->g[w->ng - 1].path, path) == 0)) {
			w->g[w->ng - 1].picked = w->g[w->ng - 1].fresh = true;
			room = fd_room(w);
		}
	}
	free(c.path);
	free(c.parent);
	free(old);
	free(u);
	free(busy);
	free(kids);
	free(r);
}
