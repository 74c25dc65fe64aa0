/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evterms.h: a PMU event's parsed terms resolved through the PMU's formats and aliases, as perf 6.1 does. */
#ifndef PMUTOP_EVTERMS_H
#define PMUTOP_EVTERMS_H
#include <stdbool.h>
#include <stdint.h>

struct pmu;
struct evs_term;
struct ev_error;

struct evterms {
	uint32_t type;        /* the PMU's type, or PERF_TYPE_HARDWARE/HW_CACHE for `cpu_core/cycles/` */
	uint64_t cfg[4];      /* config, config1, config2, config3 */
	double scale;         /* from the last alias used, else 1 */
	char unit[24];        /* from the last alias used, else "" */
	const char *base;     /* the alias or built-in name used first, NULL when only terms (points into
				 the PMU or static tables) */
	char *name;           /* value of a `name=` term (malloc'd), NULL when absent */
	bool sampling;        /* a period= or freq= term was given (and ignored: pmutop counts) */
	const struct pmu_alias *alias;  /* the alias base names, NULL when none */
	const char *alias_source;       /* its source as evalias_find says ("sysfs", "vendor") */
};

/* Resolve the terms of `p/terms/`. perf 6.1's order: alias terms expand in
 * place (a bare name that is not a format; or event=NAME); config, config1..3
 * and rNNN are assigned first, in written order; then every format term ORs
 * its value into its bits (so event=0x3c,event=0xc0 is 0xfc). hybrid: a
 * built-in hardware name inside a core PMU gets the PMU's extended type.
 * Returns 0, or -EINVAL with err at the offending term's offset; -ENOMEM.
 * On success the caller frees t->name. */
int evterms_resolve(const struct pmu *p, bool hybrid, const struct evs_term *terms, int nterms,
		    struct evterms *t, struct ev_error *err);
#endif
