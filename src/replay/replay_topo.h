/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_topo.h: CPU -> socket/core for a replay, from pmutop's "# cpu" lines or lscpu output. */
#ifndef PMUTOP_REPLAY_TOPO_H
#define PMUTOP_REPLAY_TOPO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct errmsg;

struct rtopo {
	int n, cap;
	int *cpu, *sock, *core;   /* [n]: CPU number, physical socket id, core id (-1 unknown) */
	int *idx, idx_len;        /* [idx_len]: CPU number -> position, -1 (NULL when empty) */
	/* rtopo_map's cache, made again after a change: the distinct socket ids ascending, each
	 * position's rank among them, and a scratch mark per rank */
	int *sorted, nsorted, *rank, *mark;
	bool ranked;
};

/* Add or update a CPU (0..CPULIST_MAX_CPU, else -EINVAL), in constant time. */
int rtopo_add(struct rtopo *t, int cpu, int sock, int core);
/* Read `lscpu -p` output (columns named by its "# CPU,Core,Socket,..." line,
 * else CPU,Core,Socket), or plain `lscpu` output when its NUMA nodes are the
 * sockets ("Socket(s): N", "NUMA node(s): N", "NUMA nodeK CPU(s): LIST").
 * Returns 0, or a negative errno (-EINVAL for text it cannot use) with "PATH[:LINE]: why" in em
 * (may be NULL). Only a regular file is read (a FIFO is refused without waiting). CPU, core and
 * socket numbers above CPULIST_MAX_CPU are refused. */
int rtopo_load(struct rtopo *t, const char *path, struct errmsg *em);
/* The parser behind rtopo_load, over an open stream (it may rewind it); path names it in messages. */
int rtopo_parse(struct rtopo *t, FILE *fp, const char *path, struct errmsg *em);
/* For cpus[0..ncpus): socket index (0.. in ascending physical id), core id,
 * and sock_ids[index] = physical id. Returns the socket count, or -(k+1)
 * when cpus[k] is not in the topology. Linear in ncpus and the topology's sockets (the sockets are
 * sorted once per change of t): a stream maps its CPUs again at every new one. */
int rtopo_map(struct rtopo *t, const int *cpus, int ncpus, int *sock_idx, int *core, int *sock_ids);
void rtopo_free(struct rtopo *t);
#endif
