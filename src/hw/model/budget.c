/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* budget.c: whether the requested events fit the counters of each core PMU (budget_probe.c finds
 * them), and the groups that pack lone events into them. */
#include "budget.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_alias.h"
#include <ctype.h>
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool intel_like(const struct budget *b)
{
	return b->fixed >= 3 && strncmp(b->pmu, "apple_", 6) != 0 && !budget_is_arm(b->pmu);
}

/* Which fixed counter (bit) an event takes, or -1 for a GP counter. On Intel the fixed counters
 * count event selects 0xc0, 0x3c and the pseudo-encodings 0x0300 (ref-cycles) and 0x0400
 * (slots), whether asked for by generic id or raw. */
static int fixed_slot(const struct budget *b, const struct ev_spec *e)
{
	static const uint32_t intel_fixed[] = { 0x00c0, 0x003c, 0x0300, 0x0400 };
	uint64_t cfg = e->config & 0xffffffffULL;
	bool apple = strncmp(b->pmu, "apple_", 6) == 0, arm = budget_is_arm(b->pmu);

	if (e->type == PERF_TYPE_HARDWARE) {
		if (cfg == PERF_COUNT_HW_INSTRUCTIONS && (b->fixed >= 3 || apple))
			return apple ? 1 : 0;
		if (cfg == PERF_COUNT_HW_CPU_CYCLES && (b->fixed >= 2 || apple || arm))
			return apple || arm ? 0 : 1;
		if (cfg == PERF_COUNT_HW_REF_CPU_CYCLES && b->fixed >= 3)
			return 2;
	} else if (e->type != PERF_TYPE_HW_CACHE && e->type != PERF_TYPE_SOFTWARE && intel_like(b)) {
		cfg &= ~0x30000ULL;   /* the usr/os bits do not change the counter */
		for (int i = 0; i < 4 && i < b->fixed; i++)
			if (cfg == intel_fixed[i])
				return i;
	}
	/* Intel's slots takes fixed counter 3; the topdown-* metric events read PERF_METRICS and
	 * take no counter at all (-2) */
	if (e->type != PERF_TYPE_HW_CACHE && !apple && !arm && b->fixed >= 4 && (cfg & 0xff) == 0) {
		if (cfg >> 8 == 0x04)
			return 3;
		if (cfg >> 8 >= 0x80 && cfg >> 8 <= 0x87)
			return -2;
	}
	return -1;
}

/* Intel's ref-cycles and slots have no GP encoding: only their fixed counter counts them. */
static bool fixed_only(const struct budget *b, int slot)
{
	return intel_like(b) && (slot == 2 || slot == 3);
}

/* The GP counters a GP event takes: two for an Arm `long` event (format/long) where the counters are
 * narrower than 64 bits (the driver chains a pair), else one. */
static int gp_cost(const struct budget *b, const struct pmu_registry *reg, const struct ev_spec *e)
{
	const struct pmu_format *f;
	uint64_t cfg[4] = { 0 };

	if (!budget_is_arm(b->pmu) || b->width <= 0 || b->width >= 64 || e->pmu < 0 || !e->config1 ||
	    !(f = pmu_find_format(&reg->pmus[e->pmu], "long")) || pmu_format_apply(f, 1, cfg) < 0)
		return 1;
	return e->config1 & cfg[1] ? 2 : 1;
}

static bool on_pmu(const struct pmu_registry *reg, const struct ev_spec *e, const char *pmu)
{
	if (e->pmu >= 0)
		return strcmp(reg->pmus[e->pmu].name, pmu) == 0;
	/* generic, cache and raw events without a PMU go to the only core PMU */
	return !reg->hybrid && (e->type == PERF_TYPE_HARDWARE || e->type == PERF_TYPE_HW_CACHE ||
				e->type == PERF_TYPE_RAW);
}

unsigned long long budget_counter_mask(const char *counter)
{
	unsigned long long m = 0;
	const char *p = counter;

	if (!p || !isdigit((unsigned char)*p))
		return 0;   /* "Fixed counter 1", "" */
	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a;
		if (end == p)
			return 0;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1)
				return 0;
			p = end;
		}
		if (a < 0 || b < a || b > 63)
			return 0;
		for (long i = a; i <= b; i++)
			m |= 1ULL << i;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return m;
}

/* The GP counters e may use by the vendor table, when the catalog is already loaded (the
 * budget never loads it), else 0 = any. */
static unsigned long long event_mask(const struct pmu_registry *reg, const struct ev_spec *e)
{
	struct catalog *c = catalog_active();
	const struct cat_event *ce;
	const struct pmu *p = e->pmu >= 0 ? &reg->pmus[e->pmu] : NULL;

	if (!c || !c->loaded || !p || !e->base)
		return 0;
	ce = catalog_find(c, p->name, p->kind == PMU_KIND_CORE, e->base);
	return ce ? budget_counter_mask(ce->counter) : 0;
}

/* Kuhn's augmenting path: place event k on a free counter of its mask, moving others. */
static bool place(int k, const unsigned long long *mask, int *owner, unsigned long long *seen, int gp)
{
	for (int c = 0; c < gp; c++) {
		if (!(mask[k] & (1ULL << c)) || (*seen & (1ULL << c)))
			continue;
		*seen |= 1ULL << c;
		if (owner[c] < 0 || place(owner[c], mask, owner, seen, gp)) {
			owner[c] = k;
			return true;
		}
	}
	return false;
}

/* How many of the GP events (masks, 0 = any) find no counter among gp (the watchdog, when it
 * holds a GP counter, takes the last one). */
static int unplaced(const unsigned long long *mask, int n, int gp, bool watchdog)
{
	unsigned long long all, m[64];
	int owner[64], lost = 0;
	bool constrained = false;

	if (gp <= 0 || gp > 64 || n > 64)
		return 0;
	all = gp == 64 ? ~0ULL : (1ULL << gp) - 1;
	if (watchdog)
		all &= ~(1ULL << (gp - 1));
	for (int k = 0; k < n; k++) {
		m[k] = mask[k] ? mask[k] & all : all;
		constrained |= mask[k] != 0;
	}
	if (!constrained)
		return 0;   /* the plain count decides */
	for (int c = 0; c < 64; c++)
		owner[c] = -1;
	/* a maximum matching: how many find no counter does not depend on the order */
	for (int k = 0; k < n; k++) {
		unsigned long long seen = 0;
		if (!place(k, m, owner, &seen, gp))
			lost++;
	}
	return lost;
}

/* Intel's extra registers (the kernel's extra_regs tables, arch/x86/events/intel/core.c): offcore
 * response (event 0xb7/0xbb before Golden Cove, 0x2a/0x2b umask 1 since: MSR_OFFCORE_RSP_0/1),
 * load latency (0xcd umask 1: MSR_PEBS_LD_LAT_THRESHOLD) and frontend (MSR_PEBS_FRONTEND). Their
 * value is config1. Codes are reused across generations (0xb7 is an AMX event on Sapphire Rapids),
 * so only an event that sets config1 is taken for one: an event without a value needs none. */
enum { XR_OFFCORE, XR_LDLAT, XR_FE, XR_N };
static const int xr_cap[XR_N] = { 2, 1, 1 };
static const char *const xr_name[XR_N] = { "offcore masks", "ldlat values", "frontend values" };

static int xreg_of(const struct budget *b, const struct ev_spec *e)
{
	static const struct { uint16_t code, mask; int xr; } tab[] = {
		{ 0xb7, 0xff, XR_OFFCORE }, { 0xbb, 0xff, XR_OFFCORE },
		{ 0x012a, 0xffff, XR_OFFCORE }, { 0x012b, 0xffff, XR_OFFCORE },
		{ 0x01cd, 0xffff, XR_LDLAT },
		{ 0x01c6, 0xffff, XR_FE }, { 0x02c6, 0xffff, XR_FE }, { 0x03c6, 0xffff, XR_FE },
		{ 0x40ad, 0xffff, XR_FE }, { 0x04c2, 0xffff, XR_FE },
	};

	if (!intel_like(b) || !e->config1 || e->type == PERF_TYPE_HARDWARE || e->type == PERF_TYPE_HW_CACHE ||
	    e->type == PERF_TYPE_SOFTWARE)
		return -1;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if ((e->config & tab[i].mask) == tab[i].code)
			return tab[i].xr;
	return -1;
}

/* Distinct values each extra register is asked to hold (at most 8 kept per register). */
struct xuse { uint64_t v[XR_N][8]; int n[XR_N]; };

/* Count e's value; false when its register cannot hold it beside the others. */
static bool xuse_add(struct xuse *u, int xr, uint64_t val)
{
	for (int i = 0; i < u->n[xr] && i < 8; i++)
		if (u->v[xr][i] == val)
			return true;
	if (u->n[xr] < 8)
		u->v[xr][u->n[xr]] = val;
	u->n[xr]++;
	return u->n[xr] <= xr_cap[xr];
}

/* The extra registers evl's events need on b's PMU: distinct values per register into b, and, where
 * a register cannot hold them all, it and the events that want it into b->xwhy. */
static void need_xregs(struct budget *b, const struct pmu_registry *reg, const struct ev_list *evl)
{
	struct xuse u = { 0 };
	size_t o = 0;

	b->xwhy[0] = '\0';
	for (int k = 0; k < evl->n; k++) {
		int xr = on_pmu(reg, &evl->ev[k], b->pmu) ? xreg_of(b, &evl->ev[k]) : -1;

		if (xr >= 0)
			xuse_add(&u, xr, evl->ev[k].config1);
	}
	b->offcore = u.n[XR_OFFCORE];
	b->ldlat = u.n[XR_LDLAT];
	b->frontend = u.n[XR_FE];
	for (int xr = 0; xr < XR_N; xr++) {
		const char *sep = " (";

		if (u.n[xr] <= xr_cap[xr])
			continue;
		o += (size_t)snprintf(b->xwhy + o, o < sizeof(b->xwhy) ? sizeof(b->xwhy) - o : 0, "%s%d %s for %d MSR%s",
				      o ? "; " : "", u.n[xr], xr_name[xr], xr_cap[xr], xr_cap[xr] > 1 ? "s" : "");
		for (int k = 0; k < evl->n && o < sizeof(b->xwhy); k++) {
			const struct ev_spec *e = &evl->ev[k];

			if (!on_pmu(reg, e, b->pmu) || xreg_of(b, e) != xr)
				continue;
			o += (size_t)snprintf(b->xwhy + o, sizeof(b->xwhy) - o, "%s%s", sep,
					      e->input && e->input[0] ? e->input : e->name ? e->name : "?");
			sep = ", ";
		}
		if (o < sizeof(b->xwhy))
			o += (size_t)snprintf(b->xwhy + o, sizeof(b->xwhy) - o, ")");
	}
	if (o >= sizeof(b->xwhy) && sizeof(b->xwhy) > 4)
		memcpy(b->xwhy + sizeof(b->xwhy) - 4, "...", 4);
}

/* The user's groups of two or more events on b's PMU that need more GP counters than it has (each
 * group alone, its fixed counters its own): the largest into b->over_n and b->over_gp. The kernel
 * refuses such a group at open (its group check), so it never counts, not even by turns. */
static void need_groups(struct budget *b, const struct pmu_registry *reg, const struct ev_list *evl)
{
	b->over_n = b->over_gp = 0;
	for (int i = 0; i < evl->n && b->gp >= 0; i++) {
		unsigned fixed_used = 0;
		int n = 0, gp = 0;
		bool first = true;

		for (int k = 0; k < i && first; k++)
			first = evl->ev[k].group != evl->ev[i].group;
		for (int k = i; first && k < evl->n; k++) {
			const struct ev_spec *e = &evl->ev[k];
			int slot;

			if (e->group != evl->ev[i].group || !on_pmu(reg, e, b->pmu))
				continue;
			n++;
			slot = fixed_slot(b, e);
			if (slot >= 0 && !(fixed_used & (1u << slot)))
				fixed_used |= 1u << slot;
			else if (slot != -2)
				gp += gp_cost(b, reg, e);
		}
		if (n > 1 && gp > b->gp && gp > b->over_gp) {
			b->over_n = n;
			b->over_gp = gp;
		}
	}
}

void budget_need(struct budget *b, int n, const struct pmu_registry *reg, const struct ev_list *evl)
{
	for (int i = 0; i < n; i++) {
		const struct ev_spec cycles = { .type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES };
		unsigned fixed_used = 0;
		bool no_counter = false;
		/* the watchdog is a pinned cycles event: the fixed cycles counter where there is one */
		int wd = b[i].nmi_watchdog ? fixed_slot(&b[i], &cycles) : -1;

		if (wd >= 0)
			fixed_used |= 1u << wd;
		b[i].watchdog_gp = b[i].nmi_watchdog && wd < 0;
		unsigned long long masks[64];
		int nmask = 0;

		b[i].need_gp = b[i].need_fixed = b[i].unplaced = b[i].chained = 0;
		for (int k = 0; k < evl->n; k++) {
			const struct ev_spec *e = &evl->ev[k];
			int slot, cost;
			if (!on_pmu(reg, e, b[i].pmu))
				continue;
			slot = fixed_slot(&b[i], e);
			if (slot == -2)
				continue;
			if (slot >= 0 && !(fixed_used & (1u << slot))) {
				fixed_used |= 1u << slot;
				b[i].need_fixed++;
				continue;
			}
			if (slot >= 0 && fixed_only(&b[i], slot)) {
				no_counter = true;   /* its one counter is taken */
				continue;
			}
			cost = gp_cost(&b[i], reg, e);
			b[i].need_gp += cost;
			b[i].chained += cost > 1;
			if (nmask < 64)
				masks[nmask++] = event_mask(reg, e);
		}
		if (b[i].gp > 0 && b[i].need_gp <= b[i].gp - (b[i].watchdog_gp ? 1 : 0))
			b[i].unplaced = unplaced(masks, nmask, b[i].gp, b[i].watchdog_gp);
		need_xregs(&b[i], reg, evl);
		need_groups(&b[i], reg, evl);
		b[i].multiplex = b[i].gp >= 0 &&
			(b[i].need_gp > b[i].gp - (b[i].watchdog_gp ? 1 : 0) || b[i].xwhy[0] || no_counter ||
			 b[i].unplaced > 0);
	}
}

void budget_describe(const struct budget *b, char *buf, size_t len)
{
	int total = b->need_gp - b->chained + b->need_fixed;
	char counters[96], width[16] = "";

	if (b->width)
		snprintf(width, sizeof(width), ", %d-bit", b->width);
	if (b->gp < 0)
		snprintf(counters, sizeof(counters), "counters unknown");
	else
		snprintf(counters, sizeof(counters), "%d GP + %d fixed%s", b->gp, b->fixed, width);
	char lim[64] = "", over[64] = "";

	if (b->unplaced)
		snprintf(lim, sizeof(lim), " (%d limited to counters already taken)", b->unplaced);
	if (b->over_n)
		snprintf(over, sizeof(over), "; a group of %d needs %d GP", b->over_n, b->over_gp);
	snprintf(buf, len, "%s: %s%s; %d event%s need %d GP%s%s%s%s: %s", b->pmu, counters,
		 !b->nmi_watchdog ? "" : b->watchdog_gp ? "; NMI watchdog holds 1 GP" :
		 "; NMI watchdog holds fixed cycles", total, total == 1 ? "" : "s",
		 b->need_gp, lim, over, b->xwhy[0] ? "; " : "", b->xwhy,
		 b->gp < 0 ? "unknown" : b->over_n ? "the kernel refuses it" : b->multiplex ? "will multiplex" : "fits");
}

/* The cycles, instructions and ref-cycles of counters.c's pinned group (counters.c fixed_event). */
static bool fixed_kind(const struct ev_spec *e)
{
	uint64_t cfg = e->config & 0xffffffffULL;

	return e->type == PERF_TYPE_HARDWARE && (cfg == PERF_COUNT_HW_CPU_CYCLES ||
		cfg == PERF_COUNT_HW_INSTRUCTIONS || cfg == PERF_COUNT_HW_REF_CPU_CYCLES) &&
		!e->exclude_user && !e->exclude_kernel;
}

/* The CPUs e counts on: its list; none (every CPU) stands for the core PMU's `cpus` where that PMU is
 * the only one, so that a generic event and one named on that PMU (Arm's armv8_pmuv3_0/ll_cache_rd/,
 * which lists the PMU's CPUs) are seen to count on the same CPUs. */
static const int *ev_cpus(const struct pmu_registry *reg, const struct ev_spec *e, int *n)
{
	const struct pmu *core = NULL;

	*n = e->ncpus;
	if (e->cpus)
		return e->cpus;
	for (int p = 0; p < reg->n; p++)
		if (reg->pmus[p].kind == PMU_KIND_CORE) {
			if (core)
				return NULL;   /* hybrid: each core type's own list */
			core = &reg->pmus[p];
		}
	if (!core || !core->cpus_file || !core->cpus)
		return NULL;
	*n = core->ncpus;
	return core->cpus;
}

static bool same_cpus(const struct pmu_registry *reg, const struct ev_spec *a, const struct ev_spec *b)
{
	int na, nb;
	const int *ca = ev_cpus(reg, a, &na), *cb = ev_cpus(reg, b, &nb);

	if (!ca || !cb)
		return !ca && !cb;
	return na == nb && memcmp(ca, cb, sizeof(int) * (size_t)na) == 0;
}

/* A lone event (a group of one) that may share a group chosen here: not pinned or exclusive
 * (":D", ":e" ask for a group of its own), on b's PMU, counting on a counter. */
static bool packable(const struct budget *b, const struct pmu_registry *reg, const struct ev_list *evl, int i)
{
	const struct ev_spec *e = &evl->ev[i];

	for (int k = 0; k < evl->n; k++)
		if (k != i && evl->ev[k].group == e->group)
			return false;   /* the user's group: kept as written */
	return !e->pinned && !e->exclusive && e->type != PERF_TYPE_SOFTWARE && on_pmu(reg, e, b->pmu);
}

/* Lone GP event i of b's PMU, not in the pinned group led by fg (-1 none). */
static bool lone_gp(const struct budget *b, const struct pmu_registry *reg, const struct ev_list *evl,
		    const int *plan, int fg, int i)
{
	return fixed_slot(b, &evl->ev[i]) == -1 && !(fg >= 0 && plan[i] == evl->ev[fg].group) &&
	       packable(b, reg, evl, i);
}

/* Whether packing n lone GP events into groups of cap costs them little running time. The kernel
 * puts flexible groups on in rotation order until one does not fit: n events alone in cap counters
 * each run cap/n of the time, in full groups of cap 1/ceil(n/cap). One group (no multiplexing) is
 * always worth it; else only while each keeps at least 4/5 of its time (128 events in 7 counters:
 * 18.3/19; 4 events in 3 counters, AMD's default set beside the watchdog: 1.33/2, left alone). */
static bool pack_pays(const struct budget *b, const struct pmu_registry *reg, const struct ev_list *evl,
		      const int *plan, int fg, int cap)
{
	int n = 0, groups;

	for (int i = 0; i < evl->n; i++)
		n += lone_gp(b, reg, evl, plan, fg, i);
	groups = (n + cap - 1) / cap;
	return n <= cap || 5 * n >= 4 * cap * groups;
}

int budget_pack(const struct budget *b, int n, const struct pmu_registry *reg, const struct ev_list *evl,
		int *plan)
{
	int packed = 0;

	for (int i = 0; i < evl->n; i++)
		plan[i] = evl->ev[i].group;
	for (int p = 0; p < n; p++) {
		const struct budget *bp = &b[p];
		const struct ev_spec cycles = { .type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES };
		int wd = bp->nmi_watchdog ? fixed_slot(bp, &cycles) : -1, fg = -1, fixed_gp = 0, cap;
		unsigned used = wd >= 0 ? 1u << wd : 0, seen = 0;
		unsigned long long masks[64];
		int g = -1, k = 0, u = 0;   /* the group being filled: its lead, events, GP counters */
		struct xuse xu = { 0 }, xt;

		if (bp->gp <= 0)
			continue;   /* counters unknown: every lone event stays a group of its own */
		/* cycles, instructions, ref-cycles: one group, pinned by counters_open; those whose fixed
		 * counter is taken (the watchdog's cycles) or that have none (AMD) hold a GP counter */
		for (int i = 0; i < evl->n; i++) {
			const struct ev_spec *e = &evl->ev[i];
			unsigned bit = 1u << (e->config & 0x1f);
			int slot;

			if (!fixed_kind(e) || !packable(bp, reg, evl, i) || (seen & bit) ||
			    (fg >= 0 && !same_cpus(reg, e, &evl->ev[fg])))
				continue;
			slot = fixed_slot(bp, e);
			if (slot >= 0 && !(used & 1u << slot))
				used |= 1u << slot;
			else if (slot >= 0 && fixed_only(bp, slot))
				continue;   /* no counter for it at all: left alone */
			else
				fixed_gp++;
			seen |= bit;
			if (fg < 0)
				fg = i;
			plan[i] = evl->ev[fg].group;
			packed += fg != i;
		}
		/* the rest of the GP counters: lone GP events, in order, as many to a group as fit
		 * alongside that group (counter constraints of the catalog and the extra registers too) */
		cap = bp->gp - (bp->watchdog_gp ? 1 : 0) - fixed_gp;
		if (cap > 0 && !pack_pays(bp, reg, evl, plan, fg, cap))
			cap = 0;
		for (int i = 0; i < evl->n && cap > 0; i++) {
			const struct ev_spec *e = &evl->ev[i];
			int xr = xreg_of(bp, e), cost;
			unsigned long long mk;

			if (!lone_gp(bp, reg, evl, plan, fg, i))
				continue;   /* a fixed counter's, in the pinned group, or not a lone GP event */
			mk = event_mask(reg, e);
			cost = gp_cost(bp, reg, e);
			xt = xu;
			if (g >= 0) {
				masks[fixed_gp + k] = mk;
				if (u + cost > cap || (xr >= 0 && !xuse_add(&xt, xr, e->config1)) || !same_cpus(reg, e, &evl->ev[g]) ||
				    unplaced(masks, fixed_gp + k + 1, bp->gp, bp->watchdog_gp) > 0)
					g = -1;   /* full: this one leads the next group */
			}
			if (g < 0) {
				g = i;
				k = u = 0;
				memset(&xt, 0, sizeof(xt));
				if (xr >= 0)
					xuse_add(&xt, xr, e->config1);
				for (int z = 0; z < fixed_gp; z++)
					masks[z] = 0;   /* the pinned group's GP events: any counter */
			}
			xu = xt;
			masks[fixed_gp + k] = mk;
			plan[i] = evl->ev[g].group;
			packed += g != i;
			k++;
			u += cost;
			if (fixed_gp + k >= 63)
				g = -1;
		}
	}
	return packed;
}
