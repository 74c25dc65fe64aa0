/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_groups.c: lone events are opened in as few groups as the counters allow (budget_pack), so a
 * refresh costs one read() per group, nothing multiplexes where the set fits; and a packed group the kernel
 * refuses or never schedules is split again (perf's weak groups {...}:W). On simulated machines. */
#include "t.h"
#include "base/errmsg.h"
#include "apprig.h"
#include "config/settings.h"
#include "hw/model/budget.h"
#include "hw/perf/counters.h"
#include <linux/perf_event.h>
#include <math.h>
#include <stdlib.h>
#include "simclock.h"

/* Every simulated kernel here follows the test's clock (simclock.h): time passes only when the test
 * moves it, so two opens of the same machine at the same times count the same, whatever the host's
 * load. */
static int open_clocked(struct app *a, const char *machine, const char *events, double interval)
{
	return apprig_open_clocked(a, machine, NULL, events, interval, &simclock);
}

static const char *default_set(const char *machine)
{
	static char buf[512];
	struct app a;
	const char *s;

	memset(&a, 0, sizeof(a));
	settings_defaults(&a.set);
	a.opt.sim = machine;
	a.opt.batch = true;
	if (app_open_machine(&a) != 0)
		return NULL;
	/* as pmutop picks it (cli.c): the first core PMU's architecture, the vendor's last-level pair */
	s = settings_default_events(&a.reg, a.topo.vendor, a.topo.family, a.topo.model_id, "default", buf,
				    sizeof(buf));
	if (s != buf)
		snprintf(buf, sizeof(buf), "%s", s ? s : "");
	app_close(&a);
	return s && strstr(buf, "cycles") ? buf : NULL;   /* a set with hardware events, or none */
}

/* GP counters the events of l need on budget b's PMU (budget_need on a copy of b). */
static int need_gp(const struct app *a, const struct budget *b, struct ev_list *l)
{
	struct budget c = *b;

	budget_need(&c, 1, &a->reg, l);
	return c.need_gp;
}

/* The fewest groups the counters of b's PMU allow for the lone events of a.evl on it: cycles and
 * instructions in one group (pinned), the others in one group when they fit in the GP counters left
 * beside it (the NMI watchdog's and the pinned group's taken), else each alone (packing them would
 * cost them running time: see budget_pack). Worked out from the machine's counters, not the plan. */
static int fewest_groups(const struct app *a, const struct budget *b)
{
	struct ev_list fixed = { 0 }, rest = { 0 };
	struct ev_spec fx[8], rs[16];
	int nfx_gp, nrs_gp, cap;

	fixed.ev = fx;
	rest.ev = rs;
	for (int i = 0; i < a->evl.flat.n; i++) {
		const struct ev_spec *e = &a->evl.flat.ev[i];
		bool fixed_kind = e->type == PERF_TYPE_HARDWARE && ((e->config & 0xffffffff) == PERF_COUNT_HW_CPU_CYCLES ||
				  (e->config & 0xffffffff) == PERF_COUNT_HW_INSTRUCTIONS);

		if (e->type == PERF_TYPE_SOFTWARE)
			continue;
		if (fixed_kind && fixed.n < 8)
			fx[fixed.n++] = *e;
		else if (!fixed_kind && rest.n < 16)
			rs[rest.n++] = *e;
	}
	nfx_gp = need_gp(a, b, &fixed);
	nrs_gp = need_gp(a, b, &rest);
	cap = b->gp - (b->watchdog_gp ? 1 : 0) - nfx_gp;
	return (fixed.n ? 1 : 0) + (nrs_gp == 0 ? 0 : nrs_gp <= cap ? 1 : nrs_gp);
}

/* The budget of the core PMU CPU index ci counts on. */
static const struct budget *cpu_budget(const struct app *a, int ci)
{
	int p = a->topo.cpus[ci].core_pmu;

	for (int i = 0; p >= 0 && i < a->nbudget; i++)
		if (strcmp(a->budget[i].pmu, a->reg.pmus[p].name) == 0)
			return &a->budget[i];
	return a->nbudget == 1 ? &a->budget[0] : NULL;
}

static void check_default(const char *machine)
{
	const char *events = default_set(machine);
	struct app a;
	int want = 0, reads;
	bool fits = true;

	if (!events || open_clocked(&a, machine, events, 0.05) != 0) {
		CHECK(0, "%s: cannot open the default set", machine);
		if (events)
			app_close(&a);
		return;
	}
	for (int ci = 0; ci < a.topo.ncpus; ci++) {
		const struct budget *b = cpu_budget(&a, ci);

		want += 1 + (b ? fewest_groups(&a, b) : 0);   /* 1: cpu-clock's software group */
		fits &= b && !b->multiplex;
	}
	/* budget_pack packs core PMUs' events only: an uncore event (zen4-1s's amd_l3 pair, one CPU per
	 * CCX) is still read alone on each CPU it opens on */
	for (int i = 0; i < a.evl.flat.n; i++) {
		const struct ev_spec *e = &a.evl.flat.ev[i];

		if (e->pmu >= 0 && a.reg.pmus[e->pmu].kind != PMU_KIND_CORE)
			want += e->cpus ? e->ncpus : a.topo.ncpus;
	}
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	reads = counters_last_reads(a.cnt);
	CHECK(reads == want, "%s: %d reads for %d CPUs (%.2f per CPU), the counters allow %d (%.2f per CPU)",
	      machine, reads, a.topo.ncpus, (double)reads / a.topo.ncpus, want, (double)want / a.topo.ncpus);
	/* where the set fits, nothing multiplexes (the pinned group and the packed one run together) */
	for (int ci = 0; fits && ci < a.topo.ncpus; ci++)
		for (int e = 0; e < a.model.nev; e++) {
			const struct ev_val *v = &a.model.cur.cpu[(size_t)ci * a.model.nev + e];

			if (v->state != EVS_UNSUPPORTED && v->state != EVS_ABSENT)
				CHECK(v->state == EVS_OK && v->pct > 99.9, "%s CPU %d %s: state %d, %.1f%% counted",
				      machine, a.topo.cpus[ci].cpu, a.evl.flat.ev[e].name, v->state, v->pct);
		}
	app_close(&a);
}

TEST(default_set_fewest_groups)
{
	(void)t_name;   /* the checks are in check_default */
	check_default("spr-2s");       /* {cycles,instructions} {4 GP} {cpu-clock}: 3 */
	check_default("zen4-1s");      /* {cycles,instructions} {branches,branch-misses}, amd_l3 alone */
	check_default("adl-hybrid");   /* per core type */
	check_default("altra-160");
}

/* Open events in one planned group on zen4-1s (6 GP counters, the NMI watchdog holding one). */
static struct app *open_packed(const char *events, int *ncpus)
{
	static struct app a;
	struct errmsg err;
	int *plan;

	if (open_clocked(&a, "zen4-1s", events, 0.05) != 0)
		return NULL;
	plan = malloc(sizeof(int) * (size_t)a.evl.flat.n);
	if (!plan)
		return NULL;
	for (int i = 0; i < a.evl.flat.n; i++)
		plan[i] = a.evl.flat.ev[0].group;
	counters_close(a.cnt);
	a.cnt = NULL;
	counters_open(&a.evl.flat, plan, &a.topo, a.seam, NULL, &a.cnt, &err);
	free(plan);
	if (!a.cnt)
		return NULL;
	counters_read(a.cnt, &a.model);
	*ncpus = a.topo.ncpus;
	return &a;
}

static int counted(const struct app *a)
{
	int n = 0;

	for (int ci = 0; ci < a->topo.ncpus; ci++)
		for (int e = 0; e < a->model.nev; e++) {
			const struct ev_val *v = &a->model.cur.cpu[(size_t)ci * a->model.nev + e];

			n += v->state == EVS_OK && v->running > 0;
		}
	return n;
}

/* Seven in six counters: the kernel refuses the seventh member at open (validate_group), so each
 * opens alone and all seven count (multiplexed). */
TEST(weak_group_split_at_open)
{
	int ncpus = 0;
	struct app *a = open_packed("r0100,r0101,r0102,r0103,r0104,r0105,r0106", &ncpus);

	CHECK(a != NULL, "open");
	if (!a)
		return;
	CHECK(counters_splits(a->cnt) == ncpus, "split on every CPU: %d of %d", counters_splits(a->cnt), ncpus);
	simclock_advance_ms(50);
	app_sample(a);
	CHECK_EQ_INT(counters_last_reads(a->cnt), 7 * ncpus);
	CHECK_EQ_INT(counted(a), 7 * ncpus);
	app_close(a);
}

/* Six in six counters passes the open, but the watchdog holds one: the group never runs. After
 * a second enabled and never on a counter it is split, and its events count from then on. */
TEST(weak_group_split_when_never_scheduled)
{
	int ncpus = 0;
	struct app *a = open_packed("r0100,r0101,r0102,r0103,r0104,r0105", &ncpus);

	CHECK(a != NULL, "open");
	if (!a)
		return;
	CHECK_EQ_INT(counters_splits(a->cnt), 0);
	simclock_advance_ms(50);
	app_sample(a);
	CHECK_EQ_INT(counted(a), 0);   /* the kernel never schedules it */
	simclock_advance_ms(1000);
	app_sample(a);   /* enabled over a second, never run: split */
	CHECK(counters_splits(a->cnt) == ncpus, "split on every CPU: %d of %d", counters_splits(a->cnt), ncpus);
	simclock_advance_ms(50);
	app_sample(a);
	CHECK_EQ_INT(counters_last_reads(a->cnt), 6 * ncpus);
	CHECK_EQ_INT(counted(a), 6 * ncpus);
	app_close(a);
}

/* Steps of the test's clock between samples (ms): within a load phase of the simulation, and across one. */
static const uint64_t steps[] = { 300, 1900, 800 };
#define NSTEPS (int)(sizeof(steps) / sizeof(steps[0]))

/* events on machine from a fresh simulated kernel, opened in budget_pack's groups (packed) or the user's
 * (each lone event alone), sampled at the test clock's steps: vals[step][cpu][event]. The groups'
 * count in *ngroups. 0 or -1. */
static int sample_fixed_clock(const char *machine, const char *events, bool packed, struct ev_val **vals,
			      int *ncpus, int *nev, int *ngroups)
{
	struct app a;
	struct errmsg err;
	int *plan = NULL, *grp;
	size_t per;

	if (open_clocked(&a, machine, events, 1.0) != 0)
		return -1;
	if (packed)
		plan = app_group_plan(&a, &a.evl.flat);
	counters_close(a.cnt);
	a.cnt = NULL;
	counters_open(&a.evl.flat, plan, &a.topo, a.seam, NULL, &a.cnt, &err);
	grp = malloc(sizeof(int) * (size_t)a.evl.flat.n);
	*ngroups = 0;
	if (grp && counters_plan(&a.evl.flat, plan, grp) == 0)
		for (int i = 0; i < a.evl.flat.n; i++) {
			bool first = true;

			for (int k = 0; k < i; k++)
				first &= grp[k] != grp[i];
			*ngroups += first;
		}
	free(grp);
	free(plan);
	per = (size_t)a.topo.ncpus * (size_t)a.model.nev;
	*vals = calloc((size_t)NSTEPS * per, sizeof(struct ev_val));
	if (!a.cnt || !*vals) {
		app_close(&a);
		return -1;
	}
	counters_read(a.cnt, &a.model);   /* baseline */
	for (int s = 0; s < NSTEPS; s++) {
		simclock_advance_ms(steps[s]);
		app_sample(&a);
		memcpy(*vals + (size_t)s * per, a.model.cur.cpu, per * sizeof(struct ev_val));
	}
	*ncpus = a.topo.ncpus;
	*nev = a.model.nev;
	app_close(&a);
	return 0;
}

/* Packing changes which events share a group, not what they count: on the same simulated machine at
 * the same (test clock's) times, each event's value on each CPU is the same packed as each lone event opened
 * alone. Exactly where nothing multiplexes either way (same raw count, enabled and running time);
 * else within the error scaling by enabled/running can make: each raw count is whole (floor), so
 * one count times enabled/running on either side, and the times' rounding to whole ns. */
static void check_pack_counts(const char *machine, bool with_default, const char *extra)
{
	char events[600];
	const char *def = with_default ? default_set(machine) : "cycles";
	struct ev_val *pv = NULL, *uv = NULL;
	int pc = 0, pe = 0, pg = 0, uc = 0, ue = 0, ug = 0, exact = 0, scaled = 0;

	snprintf(events, sizeof(events), "%s,%s", def ? def : "", extra);
	if (!def || sample_fixed_clock(machine, events, true, &pv, &pc, &pe, &pg) != 0 ||
	    sample_fixed_clock(machine, events, false, &uv, &uc, &ue, &ug) != 0 || pc != uc || pe != ue) {
		CHECK(0, "%s: cannot sample %s", machine, events);
		free(pv);
		free(uv);
		return;
	}
	/* the comparison means something only where the plan packs */
	CHECK(pg < ug, "%s: %s packed in %d groups, alone in %d", machine, events, pg, ug);
	for (size_t i = 0; i < (size_t)NSTEPS * (size_t)pc * (size_t)pe; i++) {
		const struct ev_val *p = &pv[i], *u = &uv[i];
		int s = (int)(i / ((size_t)pc * (size_t)pe)), ci = (int)(i / (size_t)pe % (size_t)pc), e = (int)(i % (size_t)pe);

		CHECK(p->state == u->state, "%s step %d CPU %d event %d: state %d packed, %d alone", machine, s, ci, e,
		      p->state, u->state);
		if (p->state != EVS_OK || u->state != EVS_OK)
			continue;
		if (p->running == p->enabled && u->running == u->enabled) {
			CHECK(p->raw == u->raw && p->enabled == u->enabled,
			      "%s step %d CPU %d event %d: %llu in %llu ns packed, %llu in %llu ns alone", machine, s, ci,
			      e, (unsigned long long)p->raw, (unsigned long long)p->enabled,
			      (unsigned long long)u->raw, (unsigned long long)u->enabled);
			exact++;
		} else {
			double tol = (double)p->enabled / (double)p->running + (double)u->enabled / (double)u->running +
				     1e-6 * fmax(fabs(p->value), fabs(u->value));

			CHECK(p->enabled == u->enabled && fabs(p->value - u->value) <= tol,
			      "%s step %d CPU %d event %d: %.1f (%.2f%% run) packed, %.1f (%.2f%% run) alone", machine,
			      s, ci, e, p->value, p->pct, u->value, u->pct);
			scaled++;
		}
	}
	printf("     %s: %s: %d groups packed, %d alone; %d values equal, %d scaled within one count\n", machine,
	       events, pg, ug, exact, scaled);
	free(pv);
	free(uv);
}

TEST(packing_keeps_counts)
{
	(void)t_name;   /* the checks are in check_pack_counts */
	check_pack_counts("spr-2s", true, "page-faults,context-switches");
	check_pack_counts("zen4-1s", true, "page-faults,context-switches");
	check_pack_counts("adl-hybrid", true, "page-faults,context-switches");
	check_pack_counts("altra-160", true, "page-faults,context-switches");
	/* more than the counters: 12 lone GP events in 2 packed groups or 12 alone, multiplexed either way */
	check_pack_counts("spr-2s", false, "instructions,r01c2,r02c2,r04c2,r08c2,r10c2,r20c2,r40c2,r80c2,"
			  "r01c4,r02c4,r04c4,r08c4");
}

int main(void)
{
	RUN(default_set_fewest_groups);
	RUN(weak_group_split_at_open);
	RUN(weak_group_split_when_never_scheduled);
	RUN(packing_keeps_counts);
	T_DONE();
}
