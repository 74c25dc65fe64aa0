/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot.h: the hot functions of CPUs, a process or a cgroup (issue 40): sampling in frequency mode
 * through the perf seam, one mmap ring per CPU (a process's threads, inherited, each on every CPU
 * writing into that CPU's ring), drained at
 * each refresh into a sliding window aggregated per function; with a group sampled through its
 * leader (PERF_SAMPLE_READ), each function's own counts of the members, so its IPC and MPKI.
 * The rows share one field table (hot_fields) with the outputs and the screen.
 *
 *   hot_open(seam, target, opts, &h, em)   the events opened and enabled
 *   hot_drain(h)                           each refresh: the rings read, the window moved on
 *   hot_top(h, rows, max)                  the window's functions, most samples first
 *   hot_info(h)                            what is sampled, how, and the window's losses
 *   hot_close(h) */
#ifndef PMUTOP_HOT_H
#define PMUTOP_HOT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct perf_seam;
struct errmsg;
struct hot;

#define HOT_MAX_EVENTS 4        /* the sampled event and up to three more read with it */
#define HOT_DEFAULT_FREQ 1000
#define HOT_DEFAULT_WINDOW 10.0 /* seconds */

enum hot_role { HOT_R_OTHER, HOT_R_CYCLES, HOT_R_INSTRUCTIONS, HOT_R_MISSES };

struct hot_event {
	uint32_t type;
	uint64_t config, config1, config2;
	char name[64];
	int role;               /* enum hot_role: which ratios it makes */
};

enum hot_kind { HOT_CPUS, HOT_PID, HOT_CGROUP };

struct hot_target {
	int kind;               /* enum hot_kind */
	const int *cpus;        /* the CPUs (a process: those it is sampled on, every online one) */
	int ncpus;
	int pid;                /* HOT_PID: the process (its threads now, and what they start) */
	int cgroup_fd;          /* HOT_CGROUP: the cgroup directory, open */
};

struct hot_opts {
	struct hot_event ev[HOT_MAX_EVENTS];
	int nev;                /* 1: one event; more: a group sampled through its leader */
	bool fallback;          /* a refused hardware event: sample cpu-clock instead, saying so */
	unsigned freq;          /* samples per second per CPU or thread (0: HOT_DEFAULT_FREQ) */
	double window;          /* seconds (0: HOT_DEFAULT_WINDOW) */
	size_t ring_pages;      /* data pages per ring, a power of two (0: 32) */
	size_t cache_bytes;     /* the symbol cache's bound (0: 32 MiB) */
};

/* The fields of a row: one table for JSON, CSV, text and the screen. */
enum hot_field { HF_OVERHEAD, HF_SAMPLES, HF_DSO, HF_SYMBOL, HF_WHY, HF_IPC, HF_MPKI, HF_CYCLES,
		 HF_INSTRUCTIONS, HF_MISSES, HF_SOURCE, HF_COUNT };
struct hot_field_def {
	const char *key;        /* JSON key, CSV column */
	const char *title;      /* column title */
	const char *unit;       /* "%", "samples", "" */
	bool group;             /* only when a group is sampled */
};
extern const struct hot_field_def hot_fields[HF_COUNT];

struct hot_row {
	const char *dso;        /* raw text from files: escape before printing */
	const char *symbol;     /* NULL: not named: shown as dso+0xoff, why says why */
	uint64_t off;
	const char *why;
	uint64_t samples;
	double share;           /* of the window's samples, 0..1 */
	uint64_t vals[HOT_MAX_EVENTS];   /* a group: each member's count while this function ran */
	double ipc, mpki;       /* NAN when not sampled as a group with those events */
	const char *source;     /* "file:line" of the hottest address where known, else NULL */
};

struct hot_info {
	char event[160];        /* what is sampled ("cpu-clock", "{cycles,instructions,cache-misses}:S") */
	char note[512];         /* what the user should know: fallback, a lowered frequency, no READ, ... */
	unsigned freq;          /* samples per second asked of the kernel */
	unsigned max_rate;      /* perf_event_max_sample_rate, 0 unknown */
	int nrings;
	double window;          /* seconds the window spans now */
	uint64_t samples;       /* in the window */
	uint64_t throttled, unthrottled, lost, corrupt;   /* in the window: records, lost samples, bytes */
	bool group;             /* the members' counts come with each sample */
	uint64_t counted;       /* group: the window's samples that brought the members' counts */
	char wnote[256];        /* what the window lacks and why ("" nothing): a group's counts in
				 * few samples or none */
	int nev;                /* the events, leader first, and their names */
	const char *names[HOT_MAX_EVENTS];
	size_t sym_bytes;       /* symbols' memory */
	int ndso;
};

/* Open and enable the sampling of t. 0 with *out, or a negative errno with em saying why and what
 * to do (perf_event_paranoid, a missing PMU). */
int hot_open(const struct perf_seam *seam, const struct hot_target *t, const struct hot_opts *o,
	     struct hot **out, struct errmsg *em);
/* Read every ring, move the window on to the seam's clock: the samples taken in, or a negative errno. */
long hot_drain(struct hot *h);
/* Up to max rows of the window, most samples first (ties by name): the number filled. With
 * sources, the rows' source lines are looked up (once per function). Valid until the next drain. */
int hot_top(struct hot *h, struct hot_row *rows, int max, bool sources);
const struct hot_info *hot_info(struct hot *h);
void hot_close(struct hot *h);
/* What perf_event_paranoid and kptr_restrict allow this user for target t, "" when nothing is in
 * the way: written into buf. */
void hot_permissions(const struct hot_target *t, char *buf, size_t n);
/* The symbols (for tests and make bench). */
struct syms *hot_syms(struct hot *h);
#endif
