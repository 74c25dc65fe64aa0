/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* proctask.h: a task's facts from procfs (PID/stat, PID/status, PID/cgroup, PID/task/) under the
 * procfs root, and PID lists from the command line. Every file is hostile: comm may hold any byte
 * but NUL (and a ')'), counts are bounded, PIDs range-checked. */
#ifndef PMUTOP_PROCTASK_H
#define PMUTOP_PROCTASK_H
#include <stddef.h>

#define PROCTASK_PID_MAX 4194304   /* the kernel's PID_MAX_LIMIT */

struct proctask {
	int pid, ppid;
	char state;                     /* R, S, D, Z, ... */
	char comm[32];                  /* as the kernel gave it (raw bytes: make it printable to show) */
	unsigned long long utime, stime;   /* clock ticks */
	unsigned long long start;       /* ticks after boot when it started: a reused PID differs */
	int nthreads;
	int uid;                        /* real uid, -1 unknown */
};

/* Parse the text of PID/stat (comm is between the first '(' and the last ')'). Pure. 0 or -EINVAL. */
int proctask_parse_stat(const char *text, struct proctask *t);
/* The real uid from the text of PID/status ("Uid:\t0\t0\t0\t0"): >= 0, or -EINVAL. Pure. */
int proctask_parse_uid(const char *text);
/* The cgroup path of a task from the text of PID/cgroup: the v2 line "0::/path", or when v1 is
 * given (NULL for none) the line of that controller ("5:perf_event:/path"). Pure. 0 or -ENOENT. */
int proctask_parse_cgroup(const char *text, const char *v1, char *out, size_t n);
/* A PID: decimal digits, 1..PROCTASK_PID_MAX. 0 or -EINVAL. */
int proctask_parse_pid(const char *s, int *pid);
/* A comma-separated list of PIDs ("12,34"), appended to out (*n of max so far). 0, -EINVAL (the
 * item's offset in *bad), or -E2BIG. */
int proctask_parse_list(const char *s, int *out, int *n, int max, int *bad);

/* Read PID/stat and the uid from PID/status. 0, -ENOENT when there is no such task (it
 * exited), or a negative errno. */
int proctask_read(int pid, struct proctask *t);
/* PID/stat only (no uid): what ranking every process by CPU time needs. */
int proctask_read_stat(int pid, struct proctask *t);
/* The stat of thread tid of process pid, its own times (PID/task/TID/stat; TID/stat holds the
 * whole process's). 0, -ENOENT, -EINVAL. */
int proctask_thread_stat(int pid, int tid, struct proctask *t);
/* The task's cgroup (as proctask_parse_cgroup) from PID/cgroup. */
int proctask_cgroup(int pid, const char *v1, char *out, size_t n);
/* Thread ids of process pid (PID/task/), up to max, ascending. Count or a negative errno. */
int proctask_threads(int pid, int *tids, int max);
/* Whether thread tid of process pid still exists (PID/task/TID). */
int proctask_thread_alive(int pid, int tid);
/* Every process ID under the procfs root, up to max (the rest counted in *more). Count or a
 * negative errno. */
int proctask_pids(int *pids, int max, int *more);
#endif
