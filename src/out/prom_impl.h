/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prom_impl.h: what prom.c (the core families and the writer) shares with prom_groups.c (the
 * cgroups' and RDT's families) only (not an API). */
#ifndef PMUTOP_PROM_IMPL_H
#define PMUTOP_PROM_IMPL_H
#include <stdbool.h>
#include <stddef.h>
#include "hw/model/model.h"
#include "outbuf.h"

/* The label value of "the rest" summed in one series, the cgroups' (cgroup=) and RDT groups' (group=)
 * alike: no cgroup's (a path, "/" first) nor any resctrl group's pmutop exports (made of plain
 * names, [A-Za-z0-9._@:+-], and "/"; resctrl_name_ok) can be it. */
#define PROM_REST "(other)"

struct prom_info;
struct labels;   /* prom.c's label fragments, escaped once per frame */

/* A sample value: integers exactly, others with enough digits for rates and ratios. */
void prom_num(struct outbuf *b, double v);
/* # HELP and # TYPE of a family (fmt: enum prom_format); a counter's samples end in _total. */
void prom_family(struct outbuf *b, int fmt, const char *name, bool counter, const char *help);
/* NAME{A,B,EXTRA} VALUE: the fragments a (of off_a) and b (of off_b) of l, and extra; each may be
 * NULL (l too when both offsets are), the empty ones left out, no braces when all are. */
void prom_sample(struct outbuf *b, const char *name, const struct labels *l, const size_t *off_a, int a,
		 const size_t *off_b, int i, const char *extra, double v);
/* RDT/PQoS monitoring: per L3 domain, then per group (prom_groups.c). */
void prom_series_rdt(struct outbuf *b, const struct model *m, const struct prom_info *info, int fmt);
/* The cgroups counted: the busiest one by one, the rest summed (prom_groups.c); their counters from
 * t when it was added this frame. */
struct prom_totals;
void prom_series_cgroups(struct outbuf *b, const struct model *m, const struct prom_totals *t,
			 const struct prom_info *info, int fmt);
/* The cgroups' counters (struct prom_totals' cg_*): this frame added, or freed. 0 or -ENOMEM. */
int prom_cg_totals_add(struct prom_totals *t, const struct model *m);
void prom_cg_totals_free(struct prom_totals *t);
/* *total += v, *total NAN standing for none yet. */
void prom_add_to(double *total, double v);
#endif
