/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evtables.c: the tables of perf's built-in event names (linux/perf_event.h numbers, perf's spellings). */
#include "evtables.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

struct named { const char *name, *base; uint32_t type; uint64_t config; };

/* Spellings perf accepts; base is the name perf lists first for the event. */
static const struct named legacy[] = {
	{ "cycles",                  "cycles",                  PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cpu-cycles",              "cycles",                  PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions",            "instructions",            PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references",        "cache-references",        PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses",            "cache-misses",            PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branches",                "branches",                PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-instructions",     "branches",                PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses",           "branch-misses",           PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles",              "bus-cycles",              PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", "stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "idle-cycles-frontend",    "stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend",  "stalled-cycles-backend",  PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "idle-cycles-backend",     "stalled-cycles-backend",  PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles",              "ref-cycles",              PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock",               "cpu-clock",               PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock",              "task-clock",              PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults",             "page-faults",             PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults",                  "page-faults",             PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches",        "context-switches",        PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs",                      "context-switches",        PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations",          "cpu-migrations",          PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations",              "cpu-migrations",          PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults",            "minor-faults",            PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults",            "major-faults",            PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults",        "alignment-faults",        PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults",        "emulation-faults",        PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy",                   "dummy",                   PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
	{ "bpf-output",              "bpf-output",              PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
	{ "cgroup-switches",         "cgroup-switches",         PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CGROUP_SWITCHES },
};
#define NLEGACY (sizeof(legacy) / sizeof(legacy[0]))

/* Hardware caches and the operations perf allows on each (evsel__hw_cache_stat). */
#define OP(x) (1u << PERF_COUNT_HW_CACHE_OP_##x)
static const struct { const char *name; int id; unsigned ops; } caches[] = {
	{ "L1-dcache", PERF_COUNT_HW_CACHE_L1D,  OP(READ) | OP(WRITE) | OP(PREFETCH) },
	{ "L1-icache", PERF_COUNT_HW_CACHE_L1I,  OP(READ) | OP(PREFETCH) },
	{ "LLC",       PERF_COUNT_HW_CACHE_LL,   OP(READ) | OP(WRITE) | OP(PREFETCH) },
	{ "dTLB",      PERF_COUNT_HW_CACHE_DTLB, OP(READ) | OP(WRITE) | OP(PREFETCH) },
	{ "iTLB",      PERF_COUNT_HW_CACHE_ITLB, OP(READ) },
	{ "branch",    PERF_COUNT_HW_CACHE_BPU,  OP(READ) },
	{ "node",      PERF_COUNT_HW_CACHE_NODE, OP(READ) | OP(WRITE) | OP(PREFETCH) },
};
#define NCACHES (sizeof(caches) / sizeof(caches[0]))

/* The suffix after "<cache>-": operation and result. */
static const struct { const char *suffix; int op, result; } cache_suffixes[] = {
	{ "loads",           PERF_COUNT_HW_CACHE_OP_READ,     PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "load-misses",     PERF_COUNT_HW_CACHE_OP_READ,     PERF_COUNT_HW_CACHE_RESULT_MISS },
	{ "stores",          PERF_COUNT_HW_CACHE_OP_WRITE,    PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "store-misses",    PERF_COUNT_HW_CACHE_OP_WRITE,    PERF_COUNT_HW_CACHE_RESULT_MISS },
	{ "prefetches",      PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "prefetch-misses", PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_MISS },
};
#define NSUFFIXES (sizeof(cache_suffixes) / sizeof(cache_suffixes[0]))

/* Canonical cache names, built once: "L1-dcache-load-misses". */
static char cache_names[NCACHES * NSUFFIXES][32];
static const char *all_names[NLEGACY + NCACHES * NSUFFIXES + 1];
static int names_built;

static void build_names(void)
{
	size_t n = 0;

	if (names_built)
		return;
	for (size_t i = 0; i < NLEGACY; i++)
		if (strcmp(legacy[i].name, legacy[i].base) == 0)
			all_names[n++] = legacy[i].name;
	for (size_t c = 0; c < NCACHES; c++) {
		for (size_t s = 0; s < NSUFFIXES; s++) {
			char *dst = cache_names[c * NSUFFIXES + s];

			snprintf(dst, sizeof(cache_names[0]), "%s-%s", caches[c].name, cache_suffixes[s].suffix);
			if (caches[c].ops & (1u << cache_suffixes[s].op))
				all_names[n++] = dst;
		}
	}
	all_names[n] = NULL;
	names_built = 1;
}

/* perf's other spellings (evsel__hw_cache*, matched exactly as its lexer does):
 * a cache name, then up to two of operation and result in either order;
 * operation defaults to read, result to access. */
static const char *const cache_alias[NCACHES][5] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};
static const char *const op_alias[3][4] = {
	{ "load", "loads", "read" },                                /* PERF_COUNT_HW_CACHE_OP_READ */
	{ "store", "stores", "write" },                             /* OP_WRITE */
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },   /* OP_PREFETCH */
};
static const char *const result_alias[2][4] = {
	{ "refs", "Reference", "ops", "access" },                   /* RESULT_ACCESS */
	{ "misses", "miss" },                                       /* RESULT_MISS */
};

static int word_in(const char *const *row, int n, const char *w, size_t len)
{
	for (int i = 0; i < n && row[i]; i++)
		if (strlen(row[i]) == len && strncmp(row[i], w, len) == 0)
			return 1;
	return 0;
}

/* Index of the operation (kind 0) or result (kind 1) word w[0..len), or -1. */
static int op_or_result(int kind, const char *w, size_t len)
{
	if (kind == 0) {
		for (int i = 0; i < 3; i++)
			if (word_in(op_alias[i], 4, w, len))
				return i;
	} else {
		for (int i = 0; i < 2; i++)
			if (word_in(result_alias[i], 4, w, len))
				return i;
	}
	return -1;
}

static int is_op_result(const char *w, size_t len)
{
	return op_or_result(0, w, len) >= 0 || op_or_result(1, w, len) >= 0;
}

/* perf's parse_events_add_cache() over the words after the cache name. */
static int cache_build(size_t c, const char *const *words, const size_t *lens, int nw, struct evtab_event *out)
{
	int op = -1, result = -1;

	for (int i = 0; i < nw; i++) {
		if (op < 0 && (op = op_or_result(0, words[i], lens[i])) >= 0) {
			if (!(caches[c].ops & (1u << op)))
				return -ENOENT;
			continue;
		}
		if (result < 0)
			result = op_or_result(1, words[i], lens[i]);
	}
	if (op < 0)
		op = PERF_COUNT_HW_CACHE_OP_READ;
	if (result < 0)
		result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
	if (!(caches[c].ops & (1u << op)))
		return -ENOENT;
	build_names();
	for (size_t s = 0; s < NSUFFIXES; s++)
		if (cache_suffixes[s].op == op && cache_suffixes[s].result == result)
			out->base = cache_names[c * NSUFFIXES + s];
	out->type = PERF_TYPE_HW_CACHE;
	out->config = (uint64_t)caches[c].id | (uint64_t)op << 8 | (uint64_t)result << 16;
	out->scale = 1.0;
	out->unit = "";
	return 0;
}

static int lookup_cache(const char *name, size_t len, struct evtab_event *out)
{
	for (size_t c = 0; c < NCACHES; c++) {
		for (int a = 0; a < 5 && cache_alias[c][a]; a++) {
			size_t al = strlen(cache_alias[c][a]);
			const char *rest = name + al + 1, *words[2] = { NULL, NULL };
			size_t rl = len - al - 1, lens[2] = { 0, 0 };

			if (len < al || strncmp(name, cache_alias[c][a], al) != 0)
				continue;
			if (len == al)
				return cache_build(c, words, lens, 0, out);
			if (name[al] != '-' || rl == 0)
				continue;
			if (is_op_result(rest, rl)) {
				words[0] = rest;
				lens[0] = rl;
				return cache_build(c, words, lens, 1, out);
			}
			/* two words: try every '-' as the split ("speculative-read-misses") */
			for (size_t k = 1; k + 1 < rl; k++) {
				if (rest[k] != '-' || !is_op_result(rest, k) || !is_op_result(rest + k + 1, rl - k - 1))
					continue;
				words[0] = rest;
				lens[0] = k;
				words[1] = rest + k + 1;
				lens[1] = rl - k - 1;
				return cache_build(c, words, lens, 2, out);
			}
		}
	}
	return -ENOENT;
}

int evtab_lookup(const char *name, size_t len, struct evtab_event *out)
{
	for (size_t i = 0; i < NLEGACY; i++) {
		if (strlen(legacy[i].name) != len || strncmp(legacy[i].name, name, len) != 0)
			continue;
		out->base = legacy[i].base;
		out->type = legacy[i].type;
		out->config = legacy[i].config;
		/* perf reports the software clocks in msec: the count is ns. */
		if (legacy[i].type == PERF_TYPE_SOFTWARE &&
		    (legacy[i].config == PERF_COUNT_SW_CPU_CLOCK || legacy[i].config == PERF_COUNT_SW_TASK_CLOCK)) {
			out->scale = 1e-6;
			out->unit = "msec";
		} else {
			out->scale = 1.0;
			out->unit = "";
		}
		return 0;
	}
	return lookup_cache(name, len, out);
}

const char *const *evtab_names(void)
{
	build_names();
	return all_names;
}
