/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* wlcount.h: the event list counted per workload instead of per CPU: a task with the threads it
 * starts afterwards (perf_event_open(tid, cpu -1) with inherit, as perf stat -p/-t/-- COMMAND), or a
 * cgroup on each CPU (the cgroup directory's fd as pid, PERF_FLAG_PID_CGROUP, as perf stat -G).
 * Each target is a slot; descriptors are counted, and slots are reused, so what is open follows
 * what is counted now, never what ever lived. */
#ifndef PMUTOP_WLCOUNT_H
#define PMUTOP_WLCOUNT_H
#include <stdbool.h>

struct ev_list;
struct ev_val;
struct perf_seam;
struct errmsg;
struct wlc;   /* opaque */

/* Count the events use[e] of evl (the others read as absent; NULL: all) for targets to come.
 * cpus[ncpus]: the CPU numbers a cgroup is counted on. evl's strings must stay while it lives
 * (the specs are copied). 0 or -ENOMEM, with *out set. */
int wlc_new(const struct ev_list *evl, const bool *use, const int *cpus, int ncpus,
	    const struct perf_seam *seam, struct wlc **out);
/* Count task tid from now on (on_exec: from its next exec, a command pmutop started), with
 * inherit. Returns its slot, or a negative errno with em filled: -ESRCH it is gone, -EACCES or
 * -EPERM the kernel refused (paranoid level, ptrace rules: em says which and what to do),
 * -EMFILE descriptors ran out. An event the kernel does not support on it is left out (reads as
 * not supported), as counters_open does. Nothing stays open on failure. */
int wlc_add_task(struct wlc *w, int tid, bool on_exec, struct errmsg *em);
/* Count the cgroup whose directory is open as cgfd (wlc keeps its own duplicate) on every CPU.
 * As wlc_add_task. */
int wlc_add_cgroup(struct wlc *w, int cgfd, const char *name, struct errmsg *em);
/* The slot's counts since its previous read (since it was added, the first time) into
 * row[evl->n]: a task that did not run reads 0, counted, with no enabled time (app_wl.c reads it
 * as perf stat does, not counted); a count whose enabled time stood still, counted, unscaled. 0 or
 * a negative errno (the row then reads not counted). */
int wlc_read(struct wlc *w, int slot, struct ev_val *row);
/* Close a slot's descriptors; the slot is reused. */
void wlc_drop(struct wlc *w, int slot);
/* The most pmutop raises its soft open-file limit to by itself when the workloads' counters run out
 * of descriptors (never to the hard limit, which systemd sets at 524288: each descriptor here is a
 * perf event, kernel memory): past it `ulimit -n` says more. */
#define WLC_NOFILE_RAISE 8192
/* Raise the soft open-file limit towards WLC_NOFILE_RAISE (never lower it, never past the hard
 * limit). Whether it rose. */
bool wlc_raise_nofile(void);
/* Descriptors open now, and per task or per cgroup target. */
int wlc_fds(const struct wlc *w);
int wlc_fds_per_task(const struct wlc *w);
int wlc_fds_per_cgroup(const struct wlc *w);
/* Whether the kernel refused to count a task's kernel time, so that some events count its user time
 * only (perf_event_paranoid 2 without CAP_PERFMON: perf's fallback, events as ":u"). */
bool wlc_user_only(const struct wlc *w);
/* read() calls made by reads since the last call to this. */
long wlc_take_reads(struct wlc *w);
void wlc_free(struct wlc *w);
#endif
