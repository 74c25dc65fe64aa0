/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evparse.h: perf event syntax (as `perf stat -e` accepts it) resolved into perf_event_attr values. */
#ifndef PMUTOP_EVPARSE_H
#define PMUTOP_EVPARSE_H
#include <stdbool.h>
#include <stdint.h>
#include "evspec.h"
#include "evsyntax.h"

struct pmu_registry;
struct topology;

/* Parse a comma separated list of events and groups (evsyntax: the pure
 * parser) and resolve it against the registry (this file, evterms, evalias,
 * tracefs), as perf 6.1 does. Appends to out (which may already hold events;
 * group numbers continue). Returns 0, or -EINVAL with err filled and out
 * unchanged (-ENOMEM likewise).
 * err->pos is the byte where the problem starts (the column is pos + 1): the
 * unknown event, PMU or term; the term whose value is too wide for its format;
 * the malformed value; the '{' of a group never closed; the bad modifier
 * letter or unexpected character itself.
 * Expansion: a PMU name stands for the PMU, else every instance NAME_<n>, else
 * the same with "uncore_" in front (perf's imc/..., cha/...); a bare alias name
 * for every PMU that has it (before raw rNNNN: aliases win over hex-looking
 * names); sys:event globs for every matching tracepoint. On hybrid machines
 * generic hardware, cache and raw events become one event per core PMU
 * (extended type in config[63:32] for generic and cache events); a group
 * holding such an event is copied once per core PMU, and group members without
 * a CPU list take the list of the group's first member that has one.
 * Modifiers set the attribute bits by perf's rules (see mods_apply in
 * evparse.c). topo may be NULL (it is not used yet). */
int evparse(const char *s, const struct pmu_registry *reg, const struct topology *topo,
	    struct ev_list *out, struct ev_error *err);

/* One top-level item of an event list (an event, or a {group} with its modifiers): its text
 * [pos, end) in the parsed string and its events, group numbers from 0. */
struct ev_part {
	int pos, end;
	struct ev_list ev;
};
/* Parse s once and resolve each top-level item on its own (the event list object keeps them as
 * entries). keep_going: an item that does not resolve here (its PMU is missing) is left out instead of
 * failing the whole list; the syntax must still be right. Returns 0 with *parts malloc'd (free with
 * evparse_parts_free), or a negative errno with err filled as evparse does. */
int evparse_parts(const char *s, const struct pmu_registry *reg, const struct topology *topo,
		  bool keep_going, struct ev_part **parts, int *nparts, struct ev_error *err);
void evparse_parts_free(struct ev_part *parts, int n);

/* Names of the built-in events (generic hardware, hardware cache, software),
 * for listing. Returns a NULL-terminated static array. */
const char *const *evparse_builtin_names(void);
#endif
