/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evspec.h: a resolved event list (what evparse gives, what counting opens) and its storage
 * (evspec.c): specs pushed, copied, removed and freed with every string and CPU list they own. */
#ifndef PMUTOP_EVSPEC_H
#define PMUTOP_EVSPEC_H
#include <stdbool.h>
#include <stdint.h>

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

void ev_list_free(struct ev_list *l);
/* A deep copy of src (names, inputs, CPU lists). 0 or -ENOMEM with dst empty. */
int ev_list_copy(struct ev_list *dst, const struct ev_list *src);
/* Remove event i (and renumber nothing: its group keeps its other members). */
void ev_list_remove(struct ev_list *l, int i);

/* Free what e owns and clear it. */
void ev_spec_free(struct ev_spec *e);
/* Move *e into l (l owns it afterwards; freed when l cannot grow): 0 or -ENOMEM. */
int ev_list_push(struct ev_list *l, struct ev_spec *e);
/* e->cpus as a copy of cpus[n] (none when n <= 0): 0 or -ENOMEM. */
int ev_spec_cpus_copy(struct ev_spec *e, const int *cpus, int n);
/* dst as a deep copy of src: 0 or -ENOMEM (dst then cleared). */
int ev_spec_dup(struct ev_spec *dst, const struct ev_spec *src);
#endif
