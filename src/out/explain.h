/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* explain.h: --explain-events: what each parsed event opens (type, config words, PMU, CPUs). */
#ifndef PMUTOP_EXPLAIN_H
#define PMUTOP_EXPLAIN_H
#include <stdbool.h>
#include <stdio.h>

struct ev_list;
struct pmu_registry;
struct topology;

/* Print every event of l: a JSON array of objects (json) or one line each, with the group it opens
 * in as plan (budget_pack's, NULL: the user's) makes it ("weak" where packed to fit the counters).
 * Events without a CPU list are listed on every CPU of topo (none when topo is
 * NULL). reg may be NULL (PMU names then print as null). Returns 0 or -EIO. */
int explain_events(FILE *out, const struct ev_list *l, const int *plan, const struct pmu_registry *reg,
		   const struct topology *topo, bool json);
#endif
