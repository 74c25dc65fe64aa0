/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl_impl.h: the state the workloads keep (app_wl.c), shared with the files that hold their
 * processes (app_wl_task.c), their cgroups (app_wl_cgroup.c) and the views' choice (app_wl_auto.c)
 * only (not an API). */
#ifndef PMUTOP_APP_WL_IMPL_H
#define PMUTOP_APP_WL_IMPL_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "hw/model/model.h"
#include "hw/sys/cgroupfs.h"
#include "base/errmsg.h"
#include "app_wl.h"

struct app;
struct wlc;

#define WL_THREADS_MAX 4096   /* threads of one process counted; the rest said in its row */
/* The processes view's cost is bounded by what it shows (issue 37: one user's process of 4,000
 * sleeping threads made root's view hold 16,188 perf events): a process the view picked has its
 * WL_PICK_THREADS busiest threads counted, every thread (up to WL_THREADS_MAX) only while H shows
 * its threads, and the view holds at most WL_VIEW_EVENTS perf events in all; the threads and the
 * processes left out are said on its info line. */
#define WL_PICK_THREADS 4
#define WL_VIEW_EVENTS 4096

struct wl_proc {
	int pid, kind;                /* WL_PROCESS or WL_THREAD */
	unsigned long long start;
	char comm[72], user[40], cgroup[512];
	int *slot, *tid, nt, capt;
	int left_out;                 /* threads not counted (past tmax) */
	int tmax;                     /* threads counted at most: 0 WL_THREADS_MAX, the busiest first */
	bool exited, command;
	bool picked;                  /* chosen by the processes view (not named by -p, -t, --) */
	bool fresh;                   /* opened since the last read: its row from the next one */
	unsigned long long ticks;     /* utime + stime at the last look: a refused one's CPU time */
	bool denied;
	char why[512];
	struct ev_val *val;           /* [nev] */
	double m[NMETRICS];
	/* its threads' own rows while they are shown (app_wl_threads_of): [tcap * nev], [tcap * NMETRICS] */
	bool shown_threads;
	struct ev_val *tval;
	double *tm;
	char (*tcomm)[32];
	bool *tidle;
	int tcap;
	bool idle;                    /* it did not run in the interval (wl_not_run) */
};

struct wl_cg {
	char path[512];
	char name[512];               /* as -G gave it (perf stat -G's column), else the path */
	int slot;
	uint64_t usage;
	bool have_usage;
	bool picked;                  /* chosen by the cgroups view (not named by -G) */
	bool fresh;
	bool denied;
	bool idle;                    /* it did not run in the interval (wl_not_run) */
	bool cpu_only;                /* its events not counted (the exporter's root, or one with
				       * cgroups under it): its CPU time only */
	char why[512];
	struct ev_val *val;
	double m[NMETRICS];
};

struct wl_seen {
	int pid;
	unsigned long long start, ticks;
};

enum { WL_PICK_PROCS = 1, WL_PICK_CGROUPS = 2 };
/* how many are counted, and how deep the cgroup tree is walked: [workloads] in the settings */
#define WL_PICK_SCAN_MAX 65536    /* processes (cgroups) looked at per refresh */
#define WL_CG_TREE_DEPTH 64       /* levels of the cgroup tree the exporter's measure looks at */

struct app_wl {
	struct cgroupfs fs;
	struct wlc *cnt;
	int nev;
	struct wl_proc *p;
	int np, capp;
	struct wl_cg *g;
	int ng, capg;
	struct wl_row *rows;
	int caprows;
	bool *use;                    /* [nev]: the events counted per workload */
	struct ev_val *tmp;           /* [nev]: one slot's read */
	unsigned gen;                 /* the event list's generation counted, + 1 */
	double t_last;                /* the clock at the last read: the workloads' own interval */
	pid_t child;                  /* the command, 0 none */
	int go_fd, fail_fd;           /* the command held before its exec (wl_command_go), -1 none */
	/* the views' choice (app_wl_auto.c) */
	unsigned pick;                /* WL_PICK_* */
	int threads_of;               /* the process whose threads get rows of their own, 0 none */
	/* the exporter's measure (app_wl_pick_tree): the whole tree, each cgroup by its own CPU time */
	bool cg_tree;
	double cg_t;                  /* the clock at the last look */
	double tree_s;                /* the whole tree's CPU seconds between the last two looks, < 0 none */
	struct wl_seen *seen;         /* every process at the last look, by PID: rebuilt each time */
	int nseen;
	struct wl_seen *cgseen;       /* every cgroup at the last look, by the hash of its path */
	int ncgseen;
	struct wl_pick_info info[2];  /* processes, cgroups */
	bool child_done;
	int child_status;
	double child_t0, child_t1;    /* the command's start (its exec) and end, monotonic seconds */
	double child_user, child_sys; /* its CPU time (wait4's), seconds */
	struct ev_val *cmd_tot;       /* [cmd_tot_n]: its counts summed over its run (app_wl_cmd.c) */
	char **cmd_keys;              /* [cmd_tot_n]: their events' keys, to follow a change of the list */
	int cmd_tot_n;
	double cmd_since;             /* seconds after its start an event was added to the list, 0 none */
};

/* The events counted per workload (the user's, not uncore): malloc'd [flat.n], NULL out of memory. */
bool *wl_events_used(struct app *a);
/* A row that did not run in the interval, read as perf stat reads it: when no event ran, each
 * event that counted nothing while its enabled time did not pass (it passes only while the task,
 * or the cgroup, runs) becomes not counted; beside an event that ran, it counted 0.
 * Whether the row did not run at all: no event ran and none failed (then its CPU time is 0); for
 * a cgroup (cgroup), an event enabled but never running did not run either. */
bool wl_not_run(struct ev_val *row, int nev, bool cgroup);
/* "root", or the uid as text. */
void wl_user_name(int uid, char *out, size_t n);
/* Count process (kind WL_PROCESS) or thread pid, at most tmax of its threads (0: WL_THREADS_MAX).
 * 0; -ENOENT no such task; a refusal (or descriptors run out) leaves the row, not counted, with why;
 * other errors drop it. */
int wl_proc_add(struct app_wl *w, int pid, int kind, bool on_exec, int tmax, struct errmsg *em);
void wl_proc_free(struct app_wl *w, struct wl_proc *p);
/* Open p's threads (a thread: itself; past p->tmax the busiest, the others in p->left_out). 0, or a
 * negative errno with em filled. */
int wl_proc_open(struct app_wl *w, struct wl_proc *p, bool on_exec, struct errmsg *em);
/* Close p's threads' counters (the row stays). */
void wl_proc_drop_slots(struct app_wl *w, struct wl_proc *p);
/* p's figures for the interval (its threads' summed); whether it still lives. */
void wl_proc_sample(struct app *a, struct app_wl *w, struct wl_proc *p, double interval);
/* Start the command of --, held before its exec, its counters open (counted from its exec); then
 * let it go (wl_command_go) once the first interval has started. 0 or an exit status with the
 * message printed. */
int wl_command_start(struct app *a, struct app_wl *w);
int wl_command_go(struct app *a, struct app_wl *w);
/* End the command if it still runs: SIGTERM, SIGKILL after the guard's grace; reaped. */
void wl_command_end(struct app_wl *w);
/* Before the command's counters are dropped: what they counted since the last read, into its
 * totals. */
void wl_command_totals_flush(struct app_wl *w);
/* The command's totals for the event list counted now (w->nev events, the model's): an event counted
 * before keeps its sum (by its key), one new to the list starts at 0 from now (cmd_since). */
void wl_command_totals_reset(struct app *a, struct app_wl *w);
void wl_command_totals_free(struct app_wl *w);
/* Add one read of the command (row[w->nev]) to its totals. */
void wl_command_totals_add(struct app_wl *w, const struct ev_val *row);
/* Count the cgroup arg (a path as -G takes it), its events only when count (else its CPU time
 * only, cpu_only). 0, or a negative errno: with a row (not counted,
 * why) when the kernel refused, without one when it is no cgroup. */
int wl_cg_add(struct app_wl *w, const char *arg, bool count, struct errmsg *em);
/* g's figures for the interval, and its CPU time (cpu.stat, else its events' enabled time). */
void wl_cg_sample(struct app *a, struct app_wl *w, struct wl_cg *g, double interval);
/* The views' choice of processes and cgroups for this refresh (app_wl_auto.c). */
void wl_auto_procs(struct app *a, struct app_wl *w);
void wl_auto_cgroups(struct app *a, struct app_wl *w);
/* After them, what the views' header says is counted and refused, told from the rows shown (n of
 * rows, the frame's): each process or cgroup row counted or refused (why), by the kernel's answer. */
void wl_pick_tally(struct app_wl *w, const struct wl_row *rows, int n);
#endif
