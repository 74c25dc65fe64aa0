/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* events_report.h: --list-events: every event name this machine offers, with PMU, source and description. */
#ifndef PMUTOP_EVENTS_REPORT_H
#define PMUTOP_EVENTS_REPORT_H
#include <stdbool.h>
#include <stdio.h>

struct catalog;
struct pmu_registry;

/* Print the sysfs aliases of reg's PMUs and the catalog's events (loading it)
 * whose name matches glob (fnmatch, case-insensitive; NULL = all): one line
 * each "NAME PMU SOURCE DESCRIPTION", or with json one JSON array holding every
 * field. Where the names came from (and file problems) go to err. Returns the
 * number of events printed, or -errno. */
int events_report(FILE *f, FILE *err, struct catalog *c, const struct pmu_registry *reg, const char *glob,
		  bool json);
/* "did you mean a, b or c?" for an unknown name: the nearest of perf's built-in names, the core PMUs'
 * sysfs aliases (reg may be NULL) and the catalog's names; "" when none is near, or the hint where
 * tables come from when the catalog is empty. */
void events_suggest(struct catalog *c, const struct pmu_registry *reg, const char *name, char *out, size_t n);
#endif
