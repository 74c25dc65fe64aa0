/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl.h: the workloads counted as wholes (issue 28): the processes of -p, the threads of -t, the
 * command after --, the cgroups of -G. Their counters (hw/perf/wlcount.h) count the user's
 * events (EVO_USER, uncore left out); each sample their rows go into the frame (frame.wl). */
#ifndef PMUTOP_APP_WL_H
#define PMUTOP_APP_WL_H
#include <stdbool.h>

struct app;

/* struct app_wl_opts (the command line's targets) is in app.h, beside the other options. */

/* Whether the command line names workloads. */
bool app_wl_wanted(const struct app *a);
/* Whether the command line names only tasks (-p, -t, --: no cgroup), which one's own user may
 * count where counting every CPU is refused. */
bool app_wl_tasks_only(const struct app *a);
/* After app_open_events: find the targets, start the command (held at its exec until its
 * counters are open), open their counters. 0, or an exit status with the message printed: 2 for
 * a target that is not there, 1 when none of them can be counted, 127 when the command cannot
 * be started. A target the kernel refuses while others count is said on stderr and its row
 * reads not counted, with why. */
int app_wl_open(struct app *a);
/* Each sample, after the model's figures: read the targets, follow the ones that exited (their
 * last counts shown once, marked exited), fill a->model.cur.wl. */
void app_wl_sample(struct app *a);
/* The event list changed (app_events_apply): count the new one for every workload from now on. */
void app_wl_events_changed(struct app *a);
/* Whether the command is still running (it is polled, not reaped twice); false without one. */
bool app_wl_command_running(struct app *a);
/* When the command has ended: 1 and its exit status as a shell gives it (128 + signal); else 0. */
int app_wl_command_status(const struct app *a, int *status);
/* The command's whole run, as perf stat -- COMMAND sums it: its counts from its exec to its end (an
 * event added to the list later, from then: since, seconds into the run, 0 when none was), its
 * wall-clock time and its CPU time as wait4 gives them. */
struct ev_val;
struct app_wl_run {
	const struct ev_val *tot;   /* [nev], the model's events */
	int nev;
	double elapsed, since;      /* seconds */
	double user, sys;           /* seconds */
	int status;                 /* as app_wl_command_status */
};
/* 1 and *out filled once the command has ended (its last counts read now), else 0. */
int app_wl_command_run(struct app *a, struct app_wl_run *out);
/* Whether every process and thread named by -p and -t has ended and been sampled (no cgroup and no
 * command named): batch mode then ends, as perf stat -p does. */
bool app_wl_targets_ended(const struct app *a);
/* The processes view (procs) and the cgroups view (cgroups) while shown: each refresh the busiest
 * processes (CPU time from /proc) and the busiest cgroups (cpu.stat) are counted, beside those the
 * command line named, within a descriptor budget. 0, -ENOMEM, or -EOPNOTSUPP for a recording. */
int app_wl_pick(struct app *a, bool procs, bool cgroups);
/* Rows of their own for the threads of process pid (0: none), from the next sample. */
void app_wl_threads_of(struct app *a, int pid);
/* The exporter's cgroups: the whole tree looked at each refresh, the root's processes too, each
 * cgroup by its own CPU time (cpu.stat's, less its children's); the busiest counted, their rows'
 * CPU use (M_UTIL) their own, the frame's wl_tree_s the whole tree's (app_wl_auto.c). The events
 * of the root and of a cgroup with cgroups under it are not counted (the kernel counts a cgroup's
 * events with its children's, the root's with the idle task's). 0 or -ENOMEM. */
int app_wl_pick_tree(struct app *a);
/* What the last choice saw: tasks or cgroups looked at; of the rows in the frame, those counted
 * and those the kernel refused (left_out, with those given no row for want of descriptors), why. */
struct wl_pick_info {
	int seen, counted, left_out;
	bool looked;                  /* a look was made (seen 0 after it: nothing there to count) */
	int threads_left;             /* threads of the processes counted that are not: past */
	int threads_each;             /* the busiest threads_each of a process (all on H) */
	char why[160];                /* why some were left out, "" none */
};
void app_wl_pick_info(const struct app *a, bool cgroups, struct wl_pick_info *out);
/* Descriptors the workload counters hold, and read() calls since the last call. */
int app_wl_fds(const struct app *a);
long app_wl_take_reads(struct app *a);
/* Stop the command if it still runs (SIGTERM, then SIGKILL after GUARD_CHILD_GRACE_MS: app/guard.h),
 * close everything. */
void app_wl_close(struct app *a);
#endif
