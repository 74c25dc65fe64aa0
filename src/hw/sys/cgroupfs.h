/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cgroupfs.h: the cgroup file system perf counts cgroups through: its mount found as perf's
 * cgroupfs_find_mountpoint does (the perf_event controller's v1 mount, else the cgroup2 mount, from
 * the procfs root's self/mountinfo), cgroup paths given by the user, and cpu.stat. */
#ifndef PMUTOP_CGROUPFS_H
#define PMUTOP_CGROUPFS_H
#include <stddef.h>
#include <stdint.h>

struct errmsg;

struct cgroupfs {
	char mount[1024];   /* the mount point */
	int v1;             /* 1: a v1 hierarchy with the perf_event controller; 0: cgroup2 */
};

/* Find the mount in the text of a mountinfo file: a cgroup (v1) mount whose super options hold
 * perf_event wins, else the first cgroup2 mount. Octal escapes (\040) in the mount point are
 * undone. Pure. 0 or -ENOENT. */
int cgroupfs_parse_mountinfo(const char *text, struct cgroupfs *fs);
/* The same from the procfs root's self/mountinfo; em says what to do when there is none. */
int cgroupfs_find(struct cgroupfs *fs, struct errmsg *em);
/* A cgroup the user named (-G): relative to the mount ("system.slice/x.service", "/" the root)
 * or absolute under it ("/sys/fs/cgroup/unified/x"), as a path from the mount ("/x", "/" for the
 * root) in rel. Refused: "." or ".." parts, a path outside the mount, a cgroup that is not there.
 * 0 or a negative errno with em filled. */
int cgroupfs_resolve(const struct cgroupfs *fs, const char *arg, char *rel, size_t n, struct errmsg *em);
/* Open the cgroup's directory (what perf_event_open takes with PERF_FLAG_PID_CGROUP). fd or a
 * negative errno. */
int cgroupfs_open(const struct cgroupfs *fs, const char *rel);
/* usage_usec of the cgroup's cpu.stat (CPU time used, microseconds). 0 or a negative errno. */
int cgroupfs_usage(const struct cgroupfs *fs, const char *rel, uint64_t *usec);
/* Pure: usage_usec from the text of a cpu.stat file. 0 or -EINVAL. */
int cgroupfs_parse_usage(const char *text, uint64_t *usec);
#endif
