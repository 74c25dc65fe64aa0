/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evtables.h: the built-in perf events (generic hardware, hardware cache, software) by name. */
#ifndef PMUTOP_EVTABLES_H
#define PMUTOP_EVTABLES_H
#include <stddef.h>
#include <stdint.h>

struct evtab_event {
	const char *base;   /* perf's primary spelling: "cycles", "LLC-load-misses", "cs" -> "context-switches" */
	uint32_t type;      /* PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE or PERF_TYPE_SOFTWARE */
	uint64_t config;
	double scale;       /* 1, or 1e-6 for the software clocks (perf shows them in msec) */
	const char *unit;   /* "" or "msec" */
};

/* Look up name[0..len) as perf spells a built-in event. Returns 0 or -ENOENT.
 * out->base points into static storage. */
int evtab_lookup(const char *name, size_t len, struct evtab_event *out);
/* NULL-terminated list of every built-in name (generic, cache, software). */
const char *const *evtab_names(void);
#endif
