/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app_wl.c: the workloads of -p, -t, -G and -- COMMAND: targets found in /proc and the cgroup
 * file system, counted per task or per cgroup (wlcount.c), followed as they exit, and their rows
 * in the frame. */
#include "app.h"
#include "app_wl.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/perf/counters.h"
#include "hw/perf/wlcount.h"
#include "hw/sys/cgroupfs.h"
#include "hw/sys/proctask.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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
			printable(last, sizeof(last), pw->pw_name);
		else
			snprintf(last, sizeof(last), "%d", uid);
		last_uid = uid;
	}
	snprintf(out, n, "%s", last);
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

static void proc_drop_slots(struct app_wl *w, struct wl_proc *p)
{
	for (int i = 0; i < p->nt; i++)
		wlc_drop(w->cnt, p->slot[i]);
	p->nt = 0;
}

/* Open p's threads (a thread: itself). 0, or a negative errno with em (p->why) filled. */
static int proc_open(struct app_wl *w, struct wl_proc *p, bool on_exec, struct errmsg *em)
{
	static int tids[WL_THREADS_MAX];
	int n = 1, counted = 0, r = 0;

	tids[0] = p->pid;
	if (p->kind == WL_PROCESS && !on_exec) {
		n = proctask_threads(p->pid, tids, WL_THREADS_MAX);
		if (n <= 0)
			return errmsg_set(em, n < 0 ? n : -ESRCH, "process %d: no threads to count", p->pid);
		p->left_out = 0;
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
		proc_drop_slots(w, p);
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
	printable(p->comm, sizeof(p->comm), t.comm);
	wl_user_name(t.uid, p->user, sizeof(p->user));
	p->start = t.start;
	if (!w->fs.mount[0] || proctask_cgroup(p->pid, w->fs.v1 ? "perf_event" : NULL, p->cgroup,
					       sizeof(p->cgroup)) < 0)
		p->cgroup[0] = '\0';
	else
		printable_inplace(p->cgroup, sizeof(p->cgroup));
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
	proc_drop_slots(w, p);
	free(p->slot);
	free(p->tid);
	free(p->val);
}

/* Count process (or thread) pid. 0; -ENOENT no such task; a refusal leaves the row, not counted,
 * with why (returned, em filled); other errors drop it. */
int wl_proc_add(struct app_wl *w, int pid, int kind, bool on_exec, struct errmsg *em)
{
	struct wl_proc *p = proc_new(w, pid, kind);
	int r;

	if (!p)
		return errmsg_set(em, -ENOMEM, "out of memory");
	if (!on_exec && (r = proc_facts(w, p)) < 0) {
		wl_proc_free(w, p);
		w->np--;
		return errmsg_set(em, r, "%s %d: no such %s", kind == WL_THREAD ? "thread" : "process", pid,
				  kind == WL_THREAD ? "thread" : "process");
	}
	if ((r = proc_open(w, p, on_exec, em)) == 0)
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

int wl_cg_add(struct app_wl *w, const char *arg, struct errmsg *em)
{
	struct wl_cg *g;
	int fd, r;

	if (w->ng == w->capg) {
		int cap = w->capg ? w->capg * 2 : 8;
		struct wl_cg *n = realloc(w->g, sizeof(*n) * (size_t)cap);

		if (!n)
			return errmsg_set(em, -ENOMEM, "out of memory");
		w->g = n;
		w->capg = cap;
	}
	g = &w->g[w->ng];

	memset(g, 0, sizeof(*g));
	g->slot = -1;
	if ((r = cgroupfs_resolve(&w->fs, arg, g->path, sizeof(g->path), em)) < 0)
		return r;
	if (!(g->val = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
		return errmsg_set(em, -ENOMEM, "out of memory");
	w->ng++;
	if ((fd = cgroupfs_open(&w->fs, g->path)) < 0)
		r = errmsg_set(em, fd, "cgroup %s: %s", g->path, strerror(-fd));
	else
		r = g->slot = wlc_add_cgroup(w->cnt, fd, g->path, em);
	if (fd >= 0)
		close(fd);
	if (r < 0) {
		g->denied = true;
		snprintf(g->why, sizeof(g->why), "%s", errmsg_text(em, r));
		return r;
	}
	g->have_usage = cgroupfs_usage(&w->fs, g->path, &g->usage) == 0;
	return 0;
}

/* The child: wait for the word to go (the counters are open), then exec; a failed exec sends
 * its errno back through the close-on-exec pipe. */
static void child_run(char **argv, int go, int fail, bool quiet)
{
	char c;
	int e;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	if (read(go, &c, 1) != 1)
		_exit(127);   /* pmutop gave up before counting: the command is not run */
	if (quiet) {
		int null = open("/dev/null", O_RDWR);

		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
			if (null > 2)
				close(null);
		}
	}
	execvp(argv[0], argv);
	e = errno;
	if (write(fail, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* Start the command held before its exec, count it from the exec (enable_on_exec, inherit),
 * then let it go. 0 or an exit status with the message printed. */
static int command_start(struct app *a, struct app_wl *w)
{
	char **argv = a->opt.wl.command;
	int go[2], fail[2], e = 0, r;
	struct errmsg em = { 0 };
	struct wl_proc *p;
	ssize_t got;

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(fail, O_CLOEXEC) < 0) {
		printable_eprintf("pmutop: cannot start %s: %s\n", argv[0], strerror(errno));
		return 1;
	}
	fflush(NULL);
	if ((w->child = fork()) < 0) {
		printable_eprintf("pmutop: cannot start %s: %s\n", argv[0], strerror(errno));
		return 1;
	}
	if (w->child == 0)
		child_run(argv, go[0], fail[1], a->opt.wl.command_quiet);
	close(go[0]);
	close(fail[1]);
	r = wl_proc_add(w, w->child, WL_PROCESS, true, &em);
	if (r < 0) {
		close(go[1]);   /* the child exits without running the command */
		close(fail[0]);
		waitpid(w->child, NULL, 0);
		w->child = 0;
		printable_eprintf("pmutop: cannot count %s: %s\n", argv[0], errmsg_text(&em, r));
		return 1;
	}
	p = &w->p[w->np - 1];
	p->command = true;
	printable(p->comm, sizeof(p->comm), strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0]);
	wl_user_name((int)getuid(), p->user, sizeof(p->user));
	r = (int)write(go[1], "g", 1);
	close(go[1]);
	got = read(fail[0], &e, sizeof(e));
	close(fail[0]);
	if (r != 1 || got == (ssize_t)sizeof(e)) {
		waitpid(w->child, NULL, 0);
		w->child = 0;
		printable_eprintf("pmutop: cannot run %s: %s\n", argv[0], strerror(r != 1 ? errno : e));
		return 127;
	}
	return 0;
}

bool app_wl_command_running(struct app *a)
{
	struct app_wl *w = a->wl;
	int st;

	if (!w || !w->child || w->child_done)
		return false;
	if (waitpid(w->child, &st, WNOHANG) != w->child)
		return true;
	w->child_done = true;
	w->child_status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
	return false;
}

int app_wl_command_status(const struct app *a, int *status)
{
	if (!a->wl || !a->wl->child || !a->wl->child_done)
		return 0;
	*status = a->wl->child_status;
	return 1;
}

/* One process's figures for the interval: its threads' counts summed; whether it still lives;
 * threads gone dropped (their last counts are in). */
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

		if (!v)
			return -ENOMEM;
		p->tval = v;
		if (!(m = realloc(p->tm, sizeof(double) * NMETRICS * (size_t)p->nt)))
			return -ENOMEM;
		p->tm = m;
		if (!(c = realloc(p->tcomm, sizeof(*c) * (size_t)p->nt)))
			return -ENOMEM;
		p->tcomm = c;
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
	}
	p->nt--;
}

/* One process's figures for the interval: its threads' counts summed (each kept too when its
 * threads are shown); whether it still lives; threads gone dropped (their last counts are in). */
static void proc_sample(struct app *a, struct app_wl *w, struct wl_proc *p, double interval)
{
	bool rows = w->threads_of == p->pid && p->kind == WL_PROCESS && thread_rows(w, p) == 0;
	struct proctask t;

	p->shown_threads = rows;
	for (int e = 0; e < w->nev; e++) {
		memset(&p->val[e], 0, sizeof(p->val[e]));
		p->val[e].state = w->use[e] && p->denied ? EVS_NOT_COUNTED : EVS_ABSENT;
		p->val[e].value = p->val[e].pct = NAN;
	}
	for (int i = 0; i < p->nt; i++) {
		struct ev_val *row = rows ? &p->tval[(size_t)i * w->nev] : w->tmp;

		wlc_read(w->cnt, p->slot[i], row);
		for (int e = 0; e < w->nev; e++)
			model_sum_into(&p->val[e], &row[e]);
		if (rows) {
			model_metrics(&a->model, row, interval, &p->tm[(size_t)i * NMETRICS], true);
			p->tm[(size_t)i * NMETRICS + M_UTIL] = util_of(row, w->nev, interval);
			if (proctask_read_stat(p->tid[i], &t) == 0)
				printable(p->tcomm[i], sizeof(p->tcomm[i]), t.comm);
			else
				snprintf(p->tcomm[i], sizeof(p->tcomm[i]), "%.31s", p->comm);
		}
	}
	for (int e = 0; e < w->nev; e++)
		model_sum_finish(&p->val[e]);
	if (p->command)
		p->exited = !app_wl_command_running(a);
	else if (proctask_read(p->pid, &t) < 0 || t.start != p->start)
		p->exited = true;
	else if (!p->exited)
		printable(p->comm, sizeof(p->comm), t.comm);
	for (int i = 0; i < p->nt && !p->exited && p->kind == WL_PROCESS; i++)
		if (p->tid[i] != p->pid && !proctask_thread_alive(p->pid, p->tid[i]))
			thread_drop(w, p, i--, rows);
	model_metrics(&a->model, p->val, interval, p->m, true);
	p->m[M_UTIL] = util_of(p->val, w->nev, interval);   /* the threads' sum: its CPU time */
}

static void cg_sample(struct app *a, struct app_wl *w, struct wl_cg *g, double interval)
{
	uint64_t usage;

	if (g->slot >= 0)
		wlc_read(w->cnt, g->slot, g->val);
	else
		for (int e = 0; e < w->nev; e++) {
			memset(&g->val[e], 0, sizeof(g->val[e]));
			g->val[e].state = w->use[e] ? EVS_NOT_COUNTED : EVS_ABSENT;
			g->val[e].value = g->val[e].pct = NAN;
		}
	model_metrics(&a->model, g->val, interval, g->m, true);
	g->m[M_UTIL] = NAN;
	if (cgroupfs_usage(&w->fs, g->path, &usage) == 0) {
		if (g->have_usage && usage >= g->usage && interval > 0)
			g->m[M_UTIL] = 100 * (double)(usage - g->usage) / (interval * 1e6);
		g->usage = usage;
		g->have_usage = true;
		return;
	}
	/* no cpu.stat (cgroup v1, a simulated machine): the events' enabled time, which passes while
	 * the cgroup runs on a CPU (for the root, always) */
	for (int e = 0; e < w->nev && interval > 0; e++)
		if (g->val[e].state == EVS_OK && !(g->m[M_UTIL] >= 100 * (double)g->val[e].enabled / (interval * 1e9)))
			g->m[M_UTIL] = 100 * (double)g->val[e].enabled / (interval * 1e9);
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
	for (int i = 0; i < w->np; i++)
		proc_drop_slots(w, &w->p[i]);
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
	return 0;
}

/* Read every target once, discarding the counts: their intervals all start now (opening many
 * takes a while, and the first opened would count the longest). */
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
		int r = p->exited ? 0 : proc_open(w, p, false, &em);

		p->denied = r < 0;
		if (r < 0)
			snprintf(p->why, sizeof(p->why), "%s", errmsg_text(&em, r));
	}
	for (int i = 0; i < w->ng; i++) {
		struct wl_cg *g = &w->g[i];
		int fd = cgroupfs_open(&w->fs, g->path), r = fd;

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
			.user = p->user, .cgroup = p->cgroup, .nthreads = p->nt, .exited = p->exited,
			.why = p->denied ? p->why : NULL, .ev = p->val, .m = p->m };
		for (int k = 0; p->shown_threads && k < p->nt; k++)   /* its threads, under it */
			w->rows[n++] = (struct wl_row){ .kind = WL_THREAD, .pid = p->tid[k], .tgid = p->pid,
				.comm = p->tcomm[k], .user = p->user, .cgroup = p->cgroup, .nthreads = 1,
				.exited = p->exited, .ev = &p->tval[(size_t)k * w->nev], .m = &p->tm[(size_t)k * NMETRICS] };
	}
	for (int i = 0; i < w->ng; i++) {
		const struct wl_cg *g = &w->g[i];

		if (g->fresh)
			continue;
		w->rows[n++] = (struct wl_row){ .kind = WL_CGROUP, .comm = "", .user = "", .cgroup = g->path,
			.why = g->denied ? g->why : NULL, .ev = g->val, .m = g->m };
	}
	a->model.cur.wl = w->rows;
	a->model.cur.nwl = n;
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
	for (int i = 0; i < w->np; i++)
		proc_sample(a, w, &w->p[i], interval);
	for (int i = 0; i < w->ng; i++)
		cg_sample(a, w, &w->g[i], interval);
	/* the views' choice, after the reads: what it opens counts from now, shown from the next */
	if (w->pick & WL_PICK_PROCS)
		wl_auto_procs(a, w);
	if (w->pick & WL_PICK_CGROUPS)
		wl_auto_cgroups(a, w);
	fill_rows(a, w);
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

		r = wl_proc_add(w, id, thr ? WL_THREAD : WL_PROCESS, false, &em);
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

		r = wl_cg_add(w, o->cgroups[i], &em);
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
	if (o->command && (r = command_start(a, w)))
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
	 * workloads' (finding and opening them took a while) */
	if (a->cnt)
		counters_read(a->cnt, &a->model);
	app_util_baseline(a);
	wl_baseline(a, w);
	a->last_sample = w->t_last;
	return 0;
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
	cgroups |= a->wl->cg_level > 0;   /* the exporter's go on */
	a->wl->pick = (procs ? WL_PICK_PROCS : 0) | (cgroups ? WL_PICK_CGROUPS : 0);
	wl_unpick(a->wl, !procs, !cgroups);
	return 0;
}

int app_wl_pick_level(struct app *a, int level)
{
	if (wl_create(a) < 0)
		return -ENOMEM;
	a->wl->cg_level = level;
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
	if (w->child && app_wl_command_running(a)) {
		kill(w->child, SIGTERM);
		waitpid(w->child, NULL, 0);
	}
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
	free(w);
	a->wl = NULL;
	a->on_events = NULL;
}
