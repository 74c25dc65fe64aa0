/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* model_ids.h: the names the model (model.h) and its metric table (metrics.h) share: the roles
 * that tie events to metrics, the metrics' ids, the parts of the kernel's other figures. */
#ifndef PMUTOP_MODEL_IDS_H
#define PMUTOP_MODEL_IDS_H

/* Roles tie events to metrics; assigned from the event's base name. */
enum ev_role {
	ROLE_NONE, ROLE_CYCLES, ROLE_INSTRUCTIONS, ROLE_CPU_CLOCK, ROLE_TASK_CLOCK,
	ROLE_LLC_MISSES, ROLE_LLC_REFS, ROLE_BRANCHES, ROLE_BRANCH_MISSES,
	ROLE_MEM_READ, ROLE_MEM_WRITE, ROLE_MEM_RW, ROLE_UPI, ROLE_ENERGY_PKG, ROLE_ENERGY_RAM,
	ROLE_L3_MISS, ROLE_UPI_FLITS, ROLE_L3_LOOKUP,
	/* what the generic cache-misses / cache-references count where that is not the last level
	 * (model_set_generic_cache): Zen's L2, Arm's L1D */
	ROLE_L2_MISSES, ROLE_L2_REFS, ROLE_L1D_MISSES, ROLE_L1D_REFS, NROLES
};

/* The derived metrics; each one's row (key, title, unit, formula, outputs) is metric_defs in
 * metrics.h, in this order (JSON's). */
enum metric_id {
	M_IPC, M_CPI, M_GHZ, M_UTIL, M_LLC_MISS_PCT, M_MPKI, M_BR_MISS_PCT,
	M_MEM_RD_GBS, M_MEM_WR_GBS, M_MEM_GBS, M_UPI_GBS, M_PKG_W, M_DRAM_W,
	/* shares of the interval's CPU time from /proc/stat; M_UTIL is everything but idle */
	M_UTIL_USER, M_UTIL_SYS, M_UTIL_IRQ, M_UTIL_SOFTIRQ, M_UTIL_STEAL,
	/* miss ratio and misses per 1000 instructions of the level the cache events really count */
	M_L2_MISS_PCT, M_L2_MPKI, M_L1D_MISS_PCT, M_L1D_MPKI,
	/* from the kernel's own books, no PMU needed: /proc/interrupts, cpufreq or cpuinfo */
	M_IRQ_RATE, M_MHZ,
	M_L3_HIT_PCT,       /* L3 lookups that hit, percent (amd_l3; on Intel see app_skt.c) */
	NMETRICS
};

/* What the kernel tells of a CPU besides its times (frame.swr): interrupts of the interval and
 * the clock, each with a count of CPUs that gave it, so aggregates sum them as they are. */
enum swr_part { SWR_IRQ, SWR_NIRQ, SWR_MHZ, SWR_NMHZ, SWR_N };
#endif
