/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay.h: a counter source that plays a `perf stat -a -A -I MS -x SEP` recording (or pmutop's own). */
#ifndef PMUTOP_REPLAY_H
#define PMUTOP_REPLAY_H
#include <stdbool.h>
#include <stddef.h>

struct errmsg;
struct model;
struct replay;

/*
 * The recording format written by `pmutop -b -x SEP -o FILE`
 * ----------------------------------------------------------
 * Comment lines at the top, each starting with "# " (perf's own readers and
 * pmutop skip '#' lines), in this order; any of them may be missing:
 *
 *   # pmutop 1 recording                 magic and format version
 *   # source: <text>                     "live", "SIMULATED: spr-2s", informational
 *   # cpu-model: <text>                  /proc/cpuinfo "model name" (replay_cpu_model)
 *   # interval-ms: <N>                   informational (the time column decides)
 *   # sockets: <N>                       number of sockets, informational
 *   # pmus: <name>,<name>,...            PMUs, informational
 *   # topology: cpu,socket,core          announces the lines below
 *   # cpu <cpu>,<socket>,<core>          one per CPU: CPU number, physical package id, core id
 *                                        (-1 = unknown); these give the replay its sockets
 *   # cpus: <cpulist>                    informational
 *
 * then rows exactly as `perf stat -a -A -I MS -x SEP` prints them:
 *   time SEP CPU<n> SEP value SEP unit SEP event SEP run-time-ns SEP pct-running
 *        SEP metric-value SEP metric-unit
 * with value "<not counted>" / "<not supported>" as perf prints them. Other '#'
 * lines anywhere (perf's "# started on ...") are ignored. An event name that comes
 * back on the same CPU within one interval is the next event of that name (perf
 * -e cycles,cycles): the k-th such row goes to the k-th column of the name.
 */
#define REPLAY_MAGIC "# pmutop 1 recording"

/* Index the file (read in blocks: memory holds the events, CPUs and one offset and time per
 * interval, never the file; a line over LR_MAXLINE is malformed), for a replay that steps back:
 * each interval is read again when it is shown. topology_file (may be NULL) is `lscpu -p` output (or plain
 * lscpu with "NUMA nodeN CPU(s)" lines when nodes == sockets); it is used
 * when the recording has no "# cpu" lines. 0 with the replay in *out (the caller closes it), or a
 * negative errno (-EINVAL for a recording or topology file it cannot use) with what to do in em (may
 * be NULL) and *out NULL. */
int replay_open(const char *path, const char *topology_file, struct replay **out, struct errmsg *em);
/* The same for a replay read once from front to back (batch conversion): each line is read and
 * parsed once, so path may also be a pipe or FIFO ("-" is standard input). It reads the first
 * interval (the CPUs and events of the model) and the first row of the second; a CPU or event
 * first seen later grows the model from that interval on (replay_next). No index is kept:
 * replay_count is the intervals read so far, replay_seek moves nowhere (-ESPIPE), the interval is
 * taken from the first two, and the malformed lines are those read so far. */
int replay_open_stream(const char *path, const char *topology_file, struct replay **out, struct errmsg *em);
void replay_close(struct replay *r);

/* Set up m (model_init with the recording's CPUs ascending and sockets,
 * model_add_event per event column, model_alloc_frame). A generic event found beside a core PMU's
 * own of the same role on one CPU makes that PMU the generic one (model_set_generic_pmu), so the
 * metrics count the counter once. Returns 0 or -errno. */
int replay_setup_model(struct replay *r, struct model *m, int hist_cap);
/* Fill m->cur (CPU rows, t, interval, seq) with the next interval; the caller
 * runs model_derive. Returns 0, 1 at the end, or a negative errno with "FILE: reason" in em (may
 * be NULL). A stream whose interval brings a new event sets m up again first (model_free,
 * replay_setup_model); one that brings only new CPUs grows it (model_set_cpus). */
int replay_next(struct replay *r, struct model *m, struct errmsg *em);
/* How many times a model was set up (replay_setup_model) or its CPU arrays reallocated: a stream
 * whose intervals bring n CPUs one at a time grows its model O(log n) times (a test's check). */
int replay_model_builds(const struct replay *r);
/* Make index the next interval replay_next fills (0 = restart); clamped. */
int replay_seek(struct replay *r, int index);
/* The index of the next interval to be filled. */
int replay_pos(const struct replay *r);
int replay_count(const struct replay *r);
/* The recording's own interval in seconds (median of time differences). */
double replay_interval(const struct replay *r);
/* Malformed lines: returns their count, copies up to n of the first line
 * numbers (1-based) into lines. */
int replay_bad_lines(const struct replay *r, int *lines, int n);
/* "FILE:12: value out of range (0 to 2^64); 3 malformed lines skipped (lines 12, 40, 41)"
 * (the first line's reason) or "" when none; for the user. */
const char *replay_bad_summary(struct replay *r);
/* Where sockets came from: "recording", "topology file", "unknown". */
const char *replay_topology_source(const struct replay *r);
/* "# cpu-model:" of a pmutop recording, "" otherwise. */
const char *replay_cpu_model(const struct replay *r);
char replay_sep(const struct replay *r);

/* Event name helpers (pure): base name for roles ("instructions:D" ->
 * "instructions", "cpu_core/instructions/u" -> "instructions",
 * "uncore_imc_0/cas_count_read/" unchanged), its PMU ("" when none), and
 * whether it counts per socket (uncore) rather than per CPU. */
void replay_event_base(const char *name, char *base, size_t baselen, char *pmu, size_t pmulen);
bool replay_event_uncore(const char *pmu);
#endif
