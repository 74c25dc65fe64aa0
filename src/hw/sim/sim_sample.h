/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_sample.h: the simulated kernel's sampling (issue 40): a sampling event's ring (ring_map), the
 * samples it owes up to the simulated clock written into it when it is polled (ring_poll), with
 * PERF_EVENT_IOC_SET_OUTPUT, frequency or period mode, the sample_type and read_format (a group read
 * into each sample) the kernel writes, THROTTLE/UNTHROTTLE records past the kernel's samples per
 * tick and LOST records when the reader leaves no room. Samples are drawn from the tasks' profiles
 * (sim_profile.h) in their proportions exactly (smooth weighted round robin), each with the counts
 * of its function's IPC and misses. */
#ifndef PMUTOP_SIM_SAMPLE_H
#define PMUTOP_SIM_SAMPLE_H
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

#define SIMS_MAX_RATE 100000   /* perf_event_max_sample_rate (Linux's default) */
#define SIMS_HZ 250            /* ticks per second: the throttle counts samples per tick */
#define SIMS_GHZ 2.5e9         /* cycles per second of running (as sim_tasks.c counts them) */

struct simt;
struct sims;

/* max_rate: the rate the kernel enforces once sampling (SIMS_MAX_RATE unless a fault lowers it). */
struct sims *sims_new(const struct simt *tasks, int max_rate);
void sims_free(struct sims *s);
/* After an open that succeeded: fd of thread index thr (-1: every task of cpu; with cgroup, the
 * tasks of that cgroup path and those under it on cpu, never the idle loop) on cpu, group_fd its
 * leader or -1, id its PERF_FORMAT_ID. A sampling event (or a member of one) is taken in; 0,
 * or the kernel's error (the caller closes fd): -EINVAL for a frequency above the maximum rate,
 * -EOPNOTSUPP for a sample_type the simulation does not write. */
int sims_opened(struct sims *s, const struct perf_event_attr *a, int fd, int thr, int cpu, int group_fd,
		uint64_t id, const char *cgroup, double now);
void sims_closed(struct sims *s, int fd);
/* ENABLE, DISABLE (noted, return 1: the caller goes on) and SET_OUTPUT (done: 0 or an error). */
int sims_ioctl(struct sims *s, int fd, unsigned long req, unsigned long arg, double now);
void *sims_map(struct sims *s, int fd, size_t len, int *err);
int sims_unmap(struct sims *s, int fd, void *addr, size_t len);
/* Write the records the events writing into fd's ring owe up to now (seconds). */
void sims_poll(struct sims *s, int fd, double now);
#endif
