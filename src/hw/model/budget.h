/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* budget.h: counter slots per core PMU and what the requested events need. */
#ifndef PMUTOP_BUDGET_H
#define PMUTOP_BUDGET_H
#include <stdbool.h>
#include <stddef.h>

struct pmu_registry;
struct ev_list;
struct perf_seam;
struct topology;

struct budget {
	char pmu[48];      /* core PMU name */
	int gp, fixed;     /* counters per logical CPU, -1 when unknown */
	int width;         /* counter width in bits, 0 when unknown */
	bool nmi_watchdog; /* the NMI watchdog is on: a pinned cycles event on every CPU */
	bool watchdog_gp;  /* ... which holds a GP counter (no fixed cycles counter, as on AMD);
			    * else it holds the fixed cycles counter and a user's cycles needs a GP */
	int need_gp;       /* GP counters the largest group set needs on one CPU */
	int need_fixed;
	int chained;       /* of the events need_gp counts, those that take a pair (Arm long, 32-bit) */
	int offcore;       /* distinct offcore response masks (config1) requested: 2 MSRs per CPU */
	int ldlat, frontend;  /* distinct load-latency thresholds, frontend values: 1 MSR each */
	char xwhy[192];    /* the extra registers that do not suffice and the events that want them, "" none */
	int unplaced;      /* events limited to counters (the catalog's Counter) that find none free */
	int over_n, over_gp;  /* the largest of the user's groups that needs more GP counters than the
			       * PMU has: its events and the GP counters it needs (0: none) */
	bool multiplex;    /* the set will not fit */
	char source[32];   /* "CPUID 0x0A", "CPUID 0x80000022", "kernel (a group of 6)", "table" */
};

/* One budget per core PMU in the registry (budget_probe.c): CPUID on x86; on Arm (armv8_*, armv9_*)
 * the kernel's answer, once per PMU, to a group of SW_INCR events and to one of `long` events,
 * which gives its general counters and their width; else a table. Returns how many were written. */
int budget_probe(const struct pmu_registry *reg, const struct topology *topo,
		 const struct perf_seam *seam, struct budget *out, int max);
/* An Arm PMUv3 core PMU: armv8_pmuv3, armv8_cortex_a53, armv9_neoverse_n2, ... */
bool budget_is_arm(const char *pmu);
/* Count what evl needs on each budget's PMU and decide whether it multiplexes. */
void budget_need(struct budget *b, int n, const struct pmu_registry *reg, const struct ev_list *evl);
/* The GP counters a catalog Counter field allows ("0,1,2,3", "0-3"), as a bit mask;
 * 0 when it names none (fixed counters, empty, unknown: any GP counter). */
unsigned long long budget_counter_mask(const char *counter);
/* Fit lone events into as few groups as the counters allow, so a refresh costs one read() per
 * group: per core PMU, its cycles, instructions and ref-cycles in one group (counters_open pins it),
 * then its other lone counter events in groups of as many as the GP counters left beside that
 * group hold (the NMI watchdog's, the catalog's counter constraints, 2 offcore MSRs). The user's
 * groups, pinned or exclusive events, software events and events of PMUs with unknown counters
 * are left as they are. plan[evl->n] gets each event's group number (an ev_spec group number);
 * returns how many events joined another's group. counters_open falls back to lone events
 * (as perf's weak groups {...}:W) where the kernel refuses or never schedules such a group. */
int budget_pack(const struct budget *b, int n, const struct pmu_registry *reg, const struct ev_list *evl,
		int *plan);
/* "cpu: 8 GP + 4 fixed, 48-bit; NMI watchdog holds fixed cycles; 10 events need 6 GP: fits", with the
 * reasons it will multiplex or not count: a group of the user's larger than the GP counters
 * ("...; a group of 7 needs 7 GP: the kernel refuses it"), events limited to counters already taken, or more offcore response
 * masks than the 2 OFFCORE_RSP MSRs (more ldlat or frontend values than their 1 MSR) and which
 * events want them: "...; 5 events need 3 GP; 3 offcore masks for 2 MSRs (ocr.a, ocr.b, ocr.c):
 * will multiplex" */
void budget_describe(const struct budget *b, char *buf, size_t len);
#endif
