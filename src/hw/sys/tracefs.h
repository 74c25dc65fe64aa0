/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* tracefs.h: tracepoint ids read from tracefs under the sysfs root, with perf's sys:event globs. */
#ifndef PMUTOP_TRACEFS_H
#define PMUTOP_TRACEFS_H
#include <stddef.h>
#include <stdint.h>

struct errmsg;

struct tracefs_tp {
	char name[160];   /* "sched:sched_switch" */
	uint64_t id;
};

/* Most tracepoints one sys:event pattern may expand to. */
#define TRACEFS_MAX_MATCHES 4096

/* Every tracepoint matching sys:event (fnmatch globs on either side), sorted
 * by name, from <root>/kernel/tracing/events or else
 * <root>/kernel/debug/tracing/events. Returns the count (*out malloc'd), or
 * -ENOENT (no tracefs, or nothing matches), -E2BIG, -ENOMEM; em (may be NULL) says which
 * (nothing for -ENOMEM). */
int tracefs_lookup(const char *sys, const char *event, struct tracefs_tp **out, struct errmsg *em);
#endif
