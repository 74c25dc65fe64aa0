/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_budget.c: the budget line's verdict ("fits" / "will multiplex") equals what the simulated
 * kernel does with the same events, with the NMI watchdog on: on Intel it holds fixed counter 1
 * (cycles), on AMD a GP counter; and what the simulated machine holds for those counters: a PMU's
 * constraint table as long as given, a top-down event's CPU shares once per CPU. */
#include "t.h"
#include "apprig.h"
#include "simclock.h"
#include "hw/sim/sim_desc.h"
#include "hw/sim/sim_kstate.h"

/* Whether any event of CPU 0 ran less than the whole interval. */
static bool cpu0_multiplexed(const struct app *a)
{
	for (int e = 0; e < a->model.nev; e++) {
		const struct ev_val *v = &a->model.cur.cpu[e];
		if (v->state == EVS_NOT_COUNTED || (v->state == EVS_OK && v->pct < 99.9))
			return true;
	}
	return false;
}

static void check_set(const char *machine, const char *events, bool want_mux)
{
	struct app a;
	char line[256];
	bool mux;

	if (apprig_open_clocked(&a, machine, NULL, events, 0.06, &simclock) != 0) {
		CHECK(0, "%s: cannot open %s", machine, events);
		app_close(&a);
		return;
	}
	app_update_budget(&a);
	CHECK(a.nbudget >= 1, "%s: no budget", machine);
	simclock_advance_ms(60);
	CHECK_EQ_INT(app_sample(&a), 0);
	simclock_advance_ms(60);
	CHECK_EQ_INT(app_sample(&a), 0);
	mux = cpu0_multiplexed(&a);
	budget_describe(&a.budget[0], line, sizeof(line));
	CHECK(mux == want_mux, "%s %s: the simulated kernel %s", machine, events, mux ? "multiplexes" : "fits");
	CHECK(a.budget[0].multiplex == mux, "%s %s: budget says \"%s\", the simulated kernel %s", machine, events,
	      line, mux ? "multiplexes" : "fits");
	app_close(&a);
}

/* eight raw events whose event select (0xa1) the kernel lets count on any GP counter (raw events
 * with select 0x01-0x8f take counters 0-3 only on Sapphire Rapids, as its constraint table says) */
#define R8 "r01a1,r02a1,r04a1,r08a1,r10a1,r20a1,r40a1,r80a1"

TEST(spr_watchdog_on_fixed_cycles)
{
	(void)t_name;   /* the checks are in check_set */
	check_set("spr-2s", R8 ",instructions,ref-cycles", false);   /* 8 GP + fixed 0 and 2 */
	check_set("spr-2s", R8 ",r03a1,instructions", true);           /* a ninth GP event */
	check_set("spr-2s", R8 ",cycles", true);                        /* cycles needs a GP: fixed 1 is the watchdog's */
	check_set("spr-2s", "r01a1,r02a1,r04a1,r08a1,r10a1,r20a1,r40a1,cycles,instructions", false);
	check_set("spr-2s", "slots,slots", true);                       /* slots is fixed counter 3 only */
	check_set("spr-2s", "slots,instructions,cycles", false);
	check_set("spr-2s", "ref-cycles,ref-cycles,r0100", true);      /* so is ref-cycles */
}

#define OCR(rsp) "cpu/event=0x2a,umask=0x1,offcore_rsp=" rsp "/"

/* The extra registers (issue 30): 2 OFFCORE_RSP MSRs hold two response masks, a third multiplexes
 * though GP counters are free; one load-latency threshold */
TEST(spr_extra_registers)
{
	(void)t_name;
	check_set("spr-2s", OCR("0x3fbfc00001") "," OCR("0x3f3fc00002") "," OCR("0x10001"), true);
	check_set("spr-2s", OCR("0x3fbfc00001") "," OCR("0x3f3fc00002") "," OCR("0x3fbfc00001"), false);
	check_set("spr-2s", "cycles,instructions," OCR("0x3fbfc00001") "," OCR("0x10001"), false);
	check_set("spr-2s", "cpu/event=0xcd,umask=0x1,ldlat=32/,cpu/event=0xcd,umask=0x1,ldlat=128/", true);
	check_set("spr-2s", "cpu/event=0xcd,umask=0x1,ldlat=32/,cpu/event=0xcd,umask=0x1,ldlat=32/", false);
}

TEST(zen4_watchdog_on_a_gp_counter)
{
	(void)t_name;
	check_set("zen4-1s", "r0100,r0101,r0102,r0103,r0104", false);          /* 5 of 6, one is the watchdog's */
	check_set("zen4-1s", "r0100,r0101,r0102,r0103,r0104,r0105", true);
	check_set("zen4-1s", "cycles,instructions,branches,branch-misses,r0100", false);
	check_set("zen4-1s", "cycles,instructions,branches,branch-misses,cache-misses,r0100", true);
}

/* A PMU's constraint table is as long as its description's: spr-2s has 98 PMUs and only the core
 * one has a table (a table of SIMM_MAXCONS in every PMU was 1 KiB each, 0.1 MiB of the machine) */
TEST(constraint_tables_as_long_as_given)
{
	struct app a;
	int tables = 0;

	if (apprig_open_clocked(&a, "spr-2s", NULL, "cycles", 0.06, &simclock) != 0 || !a.sim) {
		CHECK(0, "spr-2s did not come up");
		app_close(&a);
		return;
	}
	CHECK(sizeof(struct simm_pmu) < SIMM_MAXCONS * sizeof(struct simm_cons), "%zu bytes a PMU",
	      sizeof(struct simm_pmu));
	for (int i = 0; i < a.sim->npmus; i++) {
		const struct simm_pmu *p = &a.sim->pmus[i];

		CHECK((p->ncons > 0) == (p->cons != NULL), "%s: %d constraints", p->name, p->ncons);
		tables += p->ncons > 0;
		if (!strcmp(p->name, "cpu"))
			CHECK(p->ncons > 1 && p->cons[0].mask, "cpu: %d constraints", p->ncons);
	}
	CHECK_EQ_INT(tables, 1);
	app_close(&a);
}

/* A top-down event points at its CPU's shares, one copy per CPU (a copy in every event was 104 of
 * its 392 bytes: 0.18 MiB of the simulated kernel with 8 events on spr-2s's 224 CPUs) */
TEST(topdown_shares_one_per_cpu)
{
	struct app a;
	const struct simk *k;
	int td = 0;

	if (apprig_open_clocked(&a, "spr-2s", NULL, "{cpu/slots/,cpu/topdown-retiring/,cpu/topdown-be-bound/},cycles",
				0.06, &simclock) != 0 || !a.seam) {
		CHECK(0, "spr-2s did not come up");
		app_close(&a);
		return;
	}
	k = a.seam->ctx;
	for (int i = 0; i < k->nev; i++) {
		const struct sev *e = &k->ev[i];

		if (!e->used || e->td == SIMTD_NONE)
			continue;
		td++;
		CHECK(e->td_prof == &k->tdprof[e->cpu], "event %d on CPU %d: its own shares", i, e->cpu);
	}
	CHECK_EQ_INT(td, 3 * 224);
	simclock_advance_ms(60);
	CHECK_EQ_INT(app_sample(&a), 0);
	app_close(&a);
}

int main(void)
{
	RUN(topdown_shares_one_per_cpu);
	RUN(constraint_tables_as_long_as_given);
	RUN(spr_watchdog_on_fixed_cycles);
	RUN(zen4_watchdog_on_a_gp_counter);
	RUN(spr_extra_registers);
	T_DONE();
}
