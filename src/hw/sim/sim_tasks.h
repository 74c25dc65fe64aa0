/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_tasks.h: a simulated machine's tasks and cgroups (issue 28): a few services and containers
 * with phases, among them an antagonist whose cache misses rise while its neighbour's IPC falls.
 * Their /proc and cgroup files go into the machine's tree; the simulated kernel counts them per
 * task (perf_event_open(tid, -1)) and per cgroup (PERF_FLAG_PID_CGROUP) through these functions,
 * with descriptors of their own range. */
#ifndef PMUTOP_SIM_TASKS_H
#define PMUTOP_SIM_TASKS_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/perf_event.h>

struct sim_machine;
struct fsat;
struct simt;

#define SIMT_FD_BASE 500000
/* the cgroup2 line of proc/self/mountinfo (the tree writes one file for every mount) */
#define SIMT_MOUNTINFO "25 1 0:22 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw\n"

/* The tasks of machine m, placed on its CPUs. NULL when out of memory. */
struct simt *simt_new(const struct sim_machine *m);
void simt_free(struct simt *s);
/* Whether fd is one of the task events'. */
bool simt_owns(int fd);
/* perf_event_open of a task (pid, cpu -1) or a cgroup (pid the cgroup directory's fd, flags
 * PERF_FLAG_PID_CGROUP, cpu >= 0), at time now (seconds): the event already resolved by the
 * kernel (its PMU exists). fd, or -ESRCH (no such task), -EBADF (not a cgroup of the tree),
 * -EINVAL (a bad combination), -ENOMEM. */
int simt_open(struct simt *s, const struct perf_event_attr *a, pid_t pid, int cpu, int group_fd,
	      unsigned long flags, double now);
ssize_t simt_read(struct simt *s, int fd, void *buf, size_t len, double now);
int simt_ioctl(struct simt *s, int fd, unsigned long req, double now);
int simt_close(struct simt *s, int fd);
/* A thread of the tasks (for the sampling of sim_sample.c): its process id, thread id, CPU, share
 * of that CPU, process name, cgroup path and the index of its process (0..). */
struct simt_thread {
	int pid, tid, cpu, proc;
	double share;
	const char *comm, *cgroup;
};
int simt_nthreads(const struct simt *s);
void simt_thread_at(const struct simt *s, int i, struct simt_thread *out);
/* Whether cgroup path is cg or under it. */
bool simt_under(const char *path, const char *cg);
/* The cgroup path of a cgroup event fd (PERF_FLAG_PID_CGROUP), NULL for any other. */
const char *simt_event_cgroup(const struct simt *s, int fd);
/* The thread index of tid, -1 none. */
int simt_find(const struct simt *s, int tid);
/* 0 .. 1: how hard the antagonist streams at t seconds (its neighbour's IPC falls with it). */
double simt_phase(double t);
/* Open task events (for the fault that limits descriptors). */
int simt_nopen(const struct simt *s);
/* The tree: proc/PID/{stat,status,cgroup,comm}, proc/PID/task/TID/stat, proc/self/mountinfo (a
 * cgroup2 mount at /sys/fs/cgroup, inside the tree) and sys/fs/cgroup/PATH/cgroup.procs. */
int simt_write_tree(const struct sim_machine *m, struct fsat *t);
#endif
