/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* counters_impl.h: the state counters.c keeps, shared with counters_note.c only (not an API). */
#ifndef PMUTOP_COUNTERS_IMPL_H
#define PMUTOP_COUNTERS_IMPL_H
#include "counters.h"
#include "base/errmsg.h"
#include "hw/events/evparse.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { CS_ABSENT, CS_UNSUPPORTED, CS_OPEN };

struct counters {
	const struct perf_seam *seam;
	int ncpus, nev, ngroups, maxmemb;
	int nplan;                   /* groups as planned; ngroups = nplan + nev: group nplan + e holds event
				      * e alone where its weak group was split (see split_group) */
	bool *weak;                  /* [group]: formed by budget_pack, split when it cannot run */
	struct ev_list evl;          /* what was opened: its own array of the specs, whose strings and
				      * CPU lists the caller keeps while open */
	int *cpu_ids;                /* [cpu_idx]: CPU number */
	int splits;                  /* weak groups split on some CPU (open or read) */
	double *scale;               /* [ev]: alias scale (MiB per count, msec per ns) */
	int *fd;                     /* [cpu_idx * nev + ev], -1 when not open */
	uint8_t *st;                 /* [cpu_idx * nev + ev], CS_* */
	bool *refused;               /* [cpu_idx * nev + ev]: a member of the user's group the kernel
				      * refused with EINVAL (its group check) */
	int *lfd;                    /* [cpu_idx * ngroups + g] leader fd, -1 when the group is not open */
	int *memb;                   /* [(cpu_idx * ngroups + g) * maxmemb + k]: event index in read order */
	int *nmemb;                  /* [cpu_idx * ngroups + g] */
	int *taken;                  /* [cpu_idx * ngroups + g]: the group of the reused counters it was
				      * moved over from (cpu_idx * their ngroups + g'), -1 when opened here */
	uint64_t *prev;              /* [(cpu_idx * nev + ev) * 3]: raw, enabled, running */
	bool *gone;                  /* [cpu_idx]: dropped after ENODEV */
	bool have_prev;
	bool *pin;                   /* [group]: made only of fixed-counter events, opened pinned */
	int *geff;                   /* [ev]: the group it is opened in (see plan_groups) */
	int last_errors;             /* failed or short group reads in the last refresh */
	uint64_t *buf;
	size_t buflen;
	int last_reads;
	uint8_t *told;               /* [cpu_idx]: TOLD_* causes already reported for that CPU */
	uint32_t noexcl[8];          /* PMU types that refused perf's default exclude_guest: opened */
	int nnoexcl;                 /* without it from then on (one refusal per PMU, not per CPU) */
	char open_note[400];         /* what counters_open could not open, "" when everything */
	char read_note[400];         /* what the last counters_read found that was not said before */
};

enum { TOLD_GONE = 1, TOLD_FAIL = 2, TOLD_SHORT = 4 };

/* A weak group enabled this long (ns) without ever running cannot fit: the kernel rotates every
 * group that fits alone to the front within a few multiplexing intervals (4 ms by default). */
#define WEAK_NEVER_NS 1000000000ULL
#define NO_BASELINE UINT64_MAX   /* prev enabled time of a counter opened between two reads */

/* Shared by opening (counters.c) and reading (counters_read.c). */
/* Close every counter of a CPU; returns how many were open. */
int cnt_close_cpu(struct counters *c, int ci);
/* perf's weak group ({...}:W): group g's events on CPU index ci opened each as a group of its own,
 * enabled when enable says. Returns the change in open events. */
int cnt_split_group(struct counters *c, int ci, int g, bool enable, bool *raised);
/* Open CPU index ci's counters again and start them (it came back online): 0, or the open's error
 * (-ENODEV: still offline). */
int cnt_reopen_cpu(struct counters *c, int ci);

/* The attributes counters_open opens event e with (read_format with GROUP and ID; disabled when
 * a leader): wlcount.c counts the same events per task and per cgroup. */
struct perf_event_attr;
void cnt_fill_attr(struct perf_event_attr *a, const struct ev_spec *e, bool leader);

/* The notes (counters_note.c): what opening or reading could not count, said once, CPUs by number. */
/* "CPU 5 went offline ..." appended to out for the CPUs dropped at open. */
void cnt_gone_note(struct counters *c, char *out, size_t len);
/* Descriptors ran out at CPU index stop with opened counters open of want events x CPUs: the open
 * note and em say what is counted, what is not, and the limit that would be enough. Returns r. */
int cnt_nofile_note(struct counters *c, int stop, int opened, unsigned long long want, int r,
		    struct errmsg *em);
/* "the kernel refused r08 in its group of 7 on CPUs 0-1 ..." appended to out for the members of
 * the user's groups refused at open. */
void cnt_refused_note(struct counters *c, char *out, size_t len);
/* Append to the read note: the CPUs marked in pick, and what happened to them. */
void cnt_read_note_add(struct counters *c, const bool *pick, const char *what);
#endif
