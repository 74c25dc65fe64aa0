/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
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

/* Where an alias evalias_find gave (with its source) came from, for --explain-events. Strings are
 * malloc'd (NULL when none): kind is static. */
struct evalias_from {
	const char *kind;    /* "sysfs", "json", "libpfm4" */
	char *origin;        /* the alias file, the JSON file, "libpfm4 spr" */
	char *other_origin;  /* a source of lower rank that has the name with other terms ("libpfm4 spr")... */
	char *other_terms;   /* ...and its terms; the higher one won */
};
/* 0 or -ENOMEM (from then empty). */
int evalias_from(const struct pmu *p, const struct pmu_alias *a, const char *source, struct evalias_from *out);
#endif
