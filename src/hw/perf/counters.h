/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* counters.h: perf_event groups per CPU through the seam; one read() per group per CPU per refresh. */
#ifndef PMUTOP_COUNTERS_H
#define PMUTOP_COUNTERS_H
#include <stdbool.h>
#include <stdint.h>

struct ev_list;
struct topology;
struct perf_seam;
struct model;
struct errmsg;

struct counters;  /* opaque: fds [cpu][event] starting at -1, read buffers, previous values */

/* Open every group of evl on every CPU it covers: plan[evl->n] (budget_pack's, NULL for the user's
 * groups) says which events share a group. A planned group is weak, as perf's {...}:W: where the
 * kernel refuses one of its events, or it has been enabled a second without ever running (more
 * than the counters), its events are opened as groups of their own on that CPU.
 * reuse (may be NULL): the counters open until now. A group of reuse that is open on a CPU with the
 * same members (the same attributes, in the same order) moves over as it is, with its descriptors
 * and its last values, instead of being opened again: a change of the list reopens only what changed.
 * The rest of reuse is closed before anything opens (its descriptors may be needed); on failure
 * the groups moved over go back to reuse, and the caller opens its list again with reuse to count
 * what it counted before (the groups still open carry over).
 * evl's strings and CPU lists must stay while open (the array of specs is copied). Events the kernel
 * refuses (ENOENT/EOPNOTSUPP/EINVAL) are marked unsupported on that PMU and skipped.
 * EACCES/EPERM stops with a message. EMFILE raises RLIMIT_NOFILE and retries once; if
 * descriptors still run out, the whole groups already open are kept and counted, and the note
 * (counters_open_note, and em with -EMFILE) says how many of the events x CPUs count, which CPUs
 * have none, and the `ulimit -n` that would be enough. A CPU offline at start (ENODEV) is dropped
 * and named likewise (-ENODEV). Returns 0 with *out set, counting (em, when given, then holds what
 * was left out, if anything, em->code its errno), or a negative errno with *out NULL and em filled
 * when nothing can run. */
int counters_open(const struct ev_list *evl, const int *plan, const struct topology *topo,
		  const struct perf_seam *seam, struct counters *reuse, struct counters **out,
		  struct errmsg *em);
/* The perf_event_attr counters_open first tries for each event of evl (attr[evl->n]), every field:
 * a group's leader is disabled, pinned when asked (":D") or when the group holds only fixed-counter
 * events, exclusive when asked; exclude_guest as perf sets it (dropped at open where the PMU refuses
 * it and the user did not write G or H). 0 or -ENOMEM. */
struct perf_event_attr;
int counters_plan_attrs(const struct ev_list *evl, const int *plan, struct perf_event_attr *attr);
/* Each event's group as counters_open forms it from plan (group[evl->n]): -ENOMEM or 0. */
int counters_plan(const struct ev_list *evl, const int *plan, int *group);
/* Weak groups split on some CPU so far (see counters_open). */
int counters_splits(const struct counters *c);
/* Read each group once and fill m->cur.cpu rows with deltas since the previous
 * read (the first call sets the baseline and returns 0 without deltas meaning
 * anything). A CPU that went offline (its counters' times stand still or their groups
 * broke up, or read answers ENODEV) is dropped (m->cur.online false) and tried again on
 * each read: back online, it counts from the read after. Returns 0 or a negative errno. */
int counters_read(struct counters *c, struct model *m);
/* What counters_open could not open (descriptors ran out, CPUs offline), "" when everything. */
const char *counters_open_note(const struct counters *c);
/* What the last counters_read found that was not reported before, each cause said once per CPU:
 * CPUs gone offline or back online, reads that failed (with the errno) or came back short. "" when
 * nothing new. */
const char *counters_read_note(const struct counters *c);
/* Number of read() calls made by the last counters_read. */
int counters_last_reads(const struct counters *c);
/* Group reads that failed or came back short in the last counters_read (their events show
 * as not counted for that interval). */
int counters_last_errors(const struct counters *c);
void counters_close(struct counters *c);
#endif
