/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_load.h: the simulated load over time (phases from the machine's seed) and the rates it implies. */
#ifndef PMUTOP_SIM_LOAD_H
#define PMUTOP_SIM_LOAD_H
#include <stdbool.h>
#include <stdint.h>
#include "sim_desc.h"

#define SIMM_PHASE_S 2.0   /* seconds a phase of the load lasts */

struct simm_state {
	double busy;   /* fraction of the phase the CPU is not halted, 0.01..1 */
	double ghz;    /* its clock while busy, ghz_min..ghz_max; NAN without a frequency model */
	double ipc;    /* the work's IPC relative to the description's (instructions / cycles) */
	double miss;   /* its cache misses relative to the description's: above 1 where an antagonist
			* (a memory-bound neighbour) runs, IPC then below 1 */
};

/* Whether p's rates follow the load (a core PMU with ghz_max); others keep simm_rate_of. */
bool simm_phased(const struct simm_pmu *p);
/* The phase of t seconds after the simulated kernel started. */
long simm_phase_of(double t);
/* The load of cpu in a phase; p (the CPU's core PMU, may be NULL) gives the clock range. */
void simm_cpu_state(const struct sim_machine *m, const struct simm_pmu *p, int cpu, long phase,
		    struct simm_state *st);
/* Events per second of config on p at cpu while it counts, in a phase. */
double simm_rate_at(const struct sim_machine *m, const struct simm_pmu *p, int cpu, uint64_t config, long phase);
/* The same for the whole encoding: cfg = { config, config1, config2 }. Events that differ only in
 * config1 or config2 count differently: an offcore response event as its request type's rate times
 * the share of the responses it selects (any response 1, L3 hits and misses their share of the phase),
 * a load-latency event fewer the higher its threshold, others a stable rate per encoding. */
double simm_rate_cfg(const struct sim_machine *m, const struct simm_pmu *p, int cpu, const uint64_t cfg[3],
		     long phase);
/* The same for a phased p (simm_phased) with the CPU's state in that phase already worked out
 * (simm_cpu_state): the simulated kernel keeps it per CPU and phase for all its events. */
double simm_rate_st(const struct sim_machine *m, const struct simm_pmu *p, int cpu, const uint64_t cfg[3],
		    long phase, const struct simm_state *st);
/* The factor config1 and config2 apply to the rate of an event on a PMU without a load model. */
double simm_extra_factor(const struct simm_pmu *p, const uint64_t cfg[3]);
#endif
