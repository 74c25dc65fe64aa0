/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_resctrl.h: a simulated machine's resctrl (RDT/PQoS monitoring), for a machine whose flags
 * say cqm_occup_llc: the mounted tree (sys/fs/resctrl, proc/self/mountinfo; each CPU's L3 id is written with its topology),
 * a few control and monitoring groups, and values that follow the machine's load phases. */
#ifndef PMUTOP_SIM_RESCTRL_H
#define PMUTOP_SIM_RESCTRL_H
#include <stdbool.h>

struct sim_machine;
struct fsat;

/* Whether the machine has RDT/PQoS L3 monitoring (its flags). */
bool simr_has(const struct sim_machine *m);
/* resctrl's line of proc/self/mountinfo (the tree writes one file for every mount) */
#define SIMR_MOUNTINFO "36 22 0:31 / /sys/fs/resctrl rw,relatime shared:13 - resctrl resctrl rw\n"
/* The L3 domain (cache/index3/id) of a CPU: its socket on Intel, its CCX on AMD; -1 out of range. */
int simr_l3_id(const struct sim_machine *m, int cpu);
/* Write the resctrl part of the tree under t (its root holds sys/ and proc/), values at time 0.
 * 0 (nothing written for a machine without it) or a negative errno. */
int simr_write(const struct sim_machine *m, struct fsat *t);

/* The values at t seconds of the simulated load, rewritten in the tree at dir (the one
 * simm_write_tree made); a monitoring group made since (pmutop's per-CPU ones) gets its mon_data
 * as the kernel would make it. The byte counters only grow: state keeps what they have counted
 * (*state NULL at first; simr_free it). 0 or a negative errno. */
struct simr;
int simr_update(const struct sim_machine *m, const char *dir, double t, struct simr **state);
void simr_free(struct simr *s);
#endif
