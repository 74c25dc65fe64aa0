/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_topdown.h: the simulated kernel's top-down events: Intel's slots and PERF_METRICS metric events,
 * E-core TOPDOWN_* events, AMD dispatch-slot events, Arm stall events, as consistent shares of slots. */
#ifndef PMUTOP_SIM_TOPDOWN_H
#define PMUTOP_SIM_TOPDOWN_H
#include <stdbool.h>
#include <stdint.h>

struct sim_machine;
struct simm_pmu;
struct sev;
struct simtd_profile;

/* Mark a resolved core-PMU event as a top-down event of that PMU (e->td, e->td_share, e->td_mult,
 * e->rate); a top-down event keeps prof, its CPU's shares (simtd_profiles), which must outlive it.
 * Returns 0, or -EINVAL for a metric event the PMU does not have. */
int simtd_classify(const struct sim_machine *m, int pmu, int cpu, struct sev *e, const struct simtd_profile *prof);
/* Each CPU's top-down shares into out[m->ncpus]. */
void simtd_profiles(const struct sim_machine *m, struct simtd_profile *out);
/* An Intel metric event (topdown-retiring ... topdown-mem-bound) by its config. */
bool simtd_is_metric(uint64_t config);
/* The slots pseudo event (fixed counter 3) by its config. */
bool simtd_is_slots(uint64_t config);
/* Mean rate of a top-down event over wall time [a, b] within one load phase, on a PMU whose rates
 * follow the load: its slots (width x cyc, the phase's rate of e->td_cyc) times its shares over [a, b].
 * Keeps the swing's integral at b in e, for the next read's a. */
double simtd_rate(struct sev *e, double cyc, double a, double b);
/* Count of a top-down event after `run` seconds of running time (PMUs with fixed rates). */
double simtd_count(const struct sim_machine *m, const struct sev *e, double run);
/* Level-1 shares (retiring, bad spec, frontend, backend, SMT) of a CPU at running time t, for tests. */
void simtd_shares(const struct sim_machine *m, int cpu, double t, double out[5]);
#endif
