/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evalias.h: the one place that turns an event name into a PMU's terms: every alias source, in order. */
#ifndef PMUTOP_EVALIAS_H
#define PMUTOP_EVALIAS_H

struct pmu;
struct pmu_alias;

/* The alias `name` of PMU p, or NULL. The sources are tried in this order and
 * the first that knows the name wins:
 *   1. sysfs: <pmu>/events/<name> (with .scale and .unit), as the kernel exports them;
 *   2. vendor: the CPU's event tables (JSON files, libpfm4; see catalog_alias.h), for names the
 *      kernel does not export, in any spelling (case, libpfm4's EVENT:UMASK), loaded on first use.
 * sysfs names compare exactly. *source (may be NULL) receives the source's name ("sysfs", "vendor"). */
const struct pmu_alias *evalias_find(const struct pmu *p, const char *name, const char **source);
#endif
