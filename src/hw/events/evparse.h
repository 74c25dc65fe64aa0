/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evparse.h: perf event syntax (as `perf stat -e` accepts it) resolved into perf_event_attr values. */
#ifndef PMUTOP_EVPARSE_H
#define PMUTOP_EVPARSE_H
#include <stdbool.h>
#include <stdint.h>
#include "evsyntax.h"

struct pmu_registry;
struct topology;

struct ev_spec {
	char *name;      /* display name as perf prints it: "cycles", "cpu_core/cycles/",
			    "uncore_imc_0/cas_count_read/", "instructions:u" */
	char *input;     /* the source text of this event (before expansion) */
	char *base;      /* canonical base name used for metric roles: "cycles",
			    "instructions", "cas_count_read", "r08d1", "event=0x3c,umask=0x0" */
	int pmu;         /* registry index of the PMU it opens on; -1 for legacy types without one */
	uint32_t type;
	uint64_t config, config1, config2, config3;
	/* perf_event_attr bits as perf 6.1 sets them from the modifiers (see evparse.c) */
	bool exclude_user, exclude_kernel, exclude_hv, pinned;
	bool exclude_guest, exclude_host, exclude_idle, exclusive;
	uint8_t precise_ip;
	bool exclude_gh;  /* G or H was given (perf's exclude_GH): later u/p leave exclude_guest alone */
	bool user_name;   /* name came from a name= term */
	bool sampling;    /* period= or freq= was given: sampling settings, which counting ignores */
	/* where a named event's encoding came from (the alias it is named by; see evalias_from):
	 * source "sysfs", "json" or "libpfm4" (static), NULL for built-in, raw and term-only events;
	 * origin the file or table (malloc'd, NULL when none); other_origin and other_terms (malloc'd,
	 * NULL when none) what a lower-ranked source that lost says instead (libpfm4 under a JSON table) */
	const char *source;
	char *origin, *other_origin, *other_terms;
	double scale;    /* from the alias .scale, else 1 */
	char unit[24];   /* from the alias .unit, else "" (software clocks: "msec") */
	int group;       /* events sharing a group number form one group; the first is the leader */
	int *cpus;       /* CPU numbers it opens on (malloc'd); NULL = every online CPU */
	int ncpus;
};

struct ev_list {
	int n;
	struct ev_spec *ev;
	int ngroups;
	bool no_autopin;   /* counters_open pins no group of fixed-counter events (top-down needs room) */
};

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
void ev_list_free(struct ev_list *l);
/* A deep copy of src (names, inputs, CPU lists). 0 or -ENOMEM with dst empty. */
int ev_list_copy(struct ev_list *dst, const struct ev_list *src);

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
/* Remove event i (and renumber nothing: its group keeps its other members). */
void ev_list_remove(struct ev_list *l, int i);

/* Names of the built-in events (generic hardware, hardware cache, software),
 * for listing. Returns a NULL-terminated static array. */
const char *const *evparse_builtin_names(void);
#endif
