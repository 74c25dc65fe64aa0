/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_sched.h: the simulated kernel's counter scheduler over its per-(CPU, PMU) contexts (sim_kstate.h). */
#ifndef PMUTOP_SIM_SCHED_H
#define PMUTOP_SIM_SCHED_H
#include <stdbool.h>

struct simk;
struct sctx;
struct sev;

/* Settle every event of ctx at time t (bank running time); the schedule is worked out again when
 * next needed (the caller changes the context between settles). */
void sched_settle(struct simk *k, struct sctx *c, double t);
/* The same for a change that leaves the schedule as it is (a group that is not enabled gains a
 * group or members): time banked, the schedule kept. */
void sched_bank(struct simk *k, struct sctx *c, double t);
/* After l (a flexible leader) was enabled at a time ctx was banked (sched_bank) with its schedule
 * current: when l comes after every flexible group, append it to the rotation (as a full work-out
 * would, in less than a pass over the groups) and return true; else false, and the caller settles. */
bool sched_enable_last(const struct simk *k, struct sctx *c, const struct sev *l);
/* Time the group led by l has run since its context's epoch, at time t. */
double sched_share(const struct simk *k, const struct sev *l, double t);
/* Whether the group led by l could ever fit on its PMU alone (validate_group). */
bool sched_group_fits_alone(const struct simk *k, const struct sev *l, const struct sev *extra);
#endif
