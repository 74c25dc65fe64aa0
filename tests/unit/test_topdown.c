/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_topdown.c: top-down methods: the method each simulated machine gets, each Intel share equal to
 * perf's formula (as `perf list --details metric` prints it, written out again here) on the counts of
 * the same sample (AMD's and Arm's are checked against the kernel's own metric files by
 * tests/cli/topdown_kernel.sh, not here), shares in [0, 100] summing to 100, socket/system shares
 * from summed counts, the "no method" reasons, and the simulated kernel's rules for the metric events. */
#include "t.h"
#include "apprig.h"
#include "app/app_topdown.h"
#include <errno.h>
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/model/topdown.h"
#include "simclock.h"

static double mx(double a, double b) { return a > b ? a : b; }

/* perf 6.1, GenuineIntel-6-8F (Sapphire Rapids): the tma_* expressions over
 * SLOTS, topdown-{retiring,bad-spec,fe-bound,be-bound,heavy-ops,br-mispredict,fetch-lat,mem-bound},
 * INT_MISC.UOP_DROPPING, in percent */
static void perf_spr(const double *v, double *o)
{
	double slots = v[0], ret = v[1], bs = v[2], fe = v[3], be = v[4], t = fe + bs + ret + be;

	o[TD_RETIRING] = ret / t;
	o[TD_FRONTEND] = fe / t - v[9] / slots;
	o[TD_BACKEND] = be / t;
	o[TD_BAD_SPEC] = mx(1 - (o[TD_FRONTEND] + o[TD_BACKEND] + o[TD_RETIRING]), 0);
	o[TD_HEAVY] = v[5] / t;
	o[TD_LIGHT] = mx(0, o[TD_RETIRING] - o[TD_HEAVY]);
	o[TD_BR_MISP] = v[6] / t;
	o[TD_MCLEAR] = mx(0, o[TD_BAD_SPEC] - o[TD_BR_MISP]);
	o[TD_FETCH_LAT] = v[7] / t - v[9] / slots;
	o[TD_FETCH_BW] = mx(0, o[TD_FRONTEND] - o[TD_FETCH_LAT]);
	o[TD_MEM] = v[8] / t;
	o[TD_CORE] = mx(0, o[TD_BACKEND] - o[TD_MEM]);
}

/* perf 6.1, GenuineIntel-6-6A (Ice Lake server; Ice Lake client and Tiger Lake alike): v = SLOTS,
 * topdown-{retiring,bad-spec,fe-bound,be-bound}, INT_MISC.UOP_DROPPING, INT_MISC.RECOVERY_CYCLES:c1:e */
static void perf_icl(const double *v, double *o)
{
	double slots = v[0], t = v[1] + v[2] + v[3] + v[4];

	o[TD_RETIRING] = v[1] / t;
	o[TD_FRONTEND] = v[3] / t - v[5] / slots;
	o[TD_BACKEND] = v[4] / t + 5 * v[6] / slots;
	o[TD_BAD_SPEC] = mx(1 - (o[TD_FRONTEND] + o[TD_BACKEND] + o[TD_RETIRING]), 0);
}

/* perf 6.1, GenuineIntel-6-55-[0-4] (Skylake-X) with SMT on: SLOTS = 4 x CPU_CLK_UNHALTED.THREAD_ANY
 * / 2, recovery = INT_MISC.RECOVERY_CYCLES_ANY / 2; two groups as perf forms them:
 * v = THREAD_ANY, IDQ_UOPS_NOT_DELIVERED.CORE, RECOVERY_ANY, UOPS_ISSUED.ANY |
 *     THREAD_ANY, RECOVERY_ANY, UOPS_RETIRED.RETIRE_SLOTS, UOPS_ISSUED.ANY */
static void perf_skx(const double *v, double *o)
{
	double s1 = 4 * (v[0] / 2), s2 = 4 * (v[4] / 2);

	o[TD_FRONTEND] = v[1] / s1;
	o[TD_BACKEND] = 1 - o[TD_FRONTEND] - (v[3] + 4 * (v[2] / 2)) / s1;
	o[TD_RETIRING] = v[6] / s2;
	o[TD_BAD_SPEC] = (v[7] - v[6] + 4 * (v[5] / 2)) / s2;
}

/* perf 6.1, GenuineIntel-6-97 cpu_atom: SLOTS = 5 * CLKS; TOPDOWN_*.ALL / SLOTS; bad speculation
 * (SLOTS - (FE + BE + RET)) / SLOTS. v = cycles, retiring, fe, be */
static void perf_atom(const double *v, double *o)
{
	double s = 5 * v[0];

	o[TD_RETIRING] = v[1] / s;
	o[TD_FRONTEND] = v[2] / s;
	o[TD_BACKEND] = v[3] / s;
	o[TD_BAD_SPEC] = (s - (v[2] + v[3] + v[1])) / s;
}

struct expect {
	const char *machine, *pmu, *method;
	const char *first_event;   /* name of the group leader in the model */
	/* perf 6.1's formula; NULL for AMD and Arm, whose shares tests/cli/topdown_kernel.sh checks
	 * against the kernel's own metric files (tests/fixtures/perf-metrics): here only that they are
	 * counted, within 0..100 and sum to 100 */
	void (*formula)(const double *v, double *o);
};

static const struct expect cases[] = {
	{ "spr-2s", "cpu", "intel-metrics-l2", "cpu/slots/", perf_spr },
	{ "gnr-1s", "cpu", "intel-metrics-l2", "cpu/slots/", perf_spr },
	{ "icx-2s", "cpu", "intel-metrics-l1", "cpu/slots/", perf_icl },
	{ "tgl-4c", "cpu", "intel-metrics-l1", "cpu/slots/", perf_icl },
	{ "skx-2s", "cpu", "intel-skl-smt", "cpu/event=0x3c,any=1/", perf_skx },
	{ "adl-hybrid", "cpu_core", "intel-metrics-l2", "cpu_core/slots/", perf_spr },
	{ "adl-hybrid", "cpu_atom", "intel-atom", "cpu_atom/event=0x3c/", perf_atom },
	{ "zen4-1s", "cpu", "amd-zen", "cpu/event=0x76/", NULL },
	{ "altra-160", "armv8_pmuv3_0", "arm-n1-cycles", "armv8_pmuv3_0/event=0x11/", NULL },
	{ "neoverse-v1", "armv8_pmuv3_0", "arm-slots", "armv8_pmuv3_0/event=0x11/", NULL },
};

/* Check one row of shares against the formula on the row's values. Returns the number of rows. */
static int check_row(const struct app *a, const struct td_inst *in, const struct expect *x,
		     const struct ev_val *row, const double *got, const char *what)
{
	double v[TD_MAXEV], want[TD_NSHARES], sum = 0;

	for (int s = 0; s < TD_NSHARES; s++)
		want[s] = NAN;
	for (int k = 0; k < in->nev; k++) {
		CHECK(row[in->ev[k]].state == EVS_OK, "%s %s: event %d not counted", x->machine, what, k);
		v[k] = row[in->ev[k]].value;
	}
	if (x->formula)
		x->formula(v, want);
	for (int s = 0; s < TD_NSHARES; s++) {
		if (!x->formula && !isnan(got[s]) && td_shares[s].parent < 0) {
			CHECK(got[s] >= 0 && got[s] <= 100, "%s %s: %s = %g", x->machine, what, td_shares[s].name, got[s]);
			sum += got[s];
			continue;
		}
		if (isnan(want[s])) {
			CHECK(isnan(got[s]), "%s %s: %s = %g, perf has none", x->machine, what, td_shares[s].name, got[s]);
			continue;
		}
		CHECK_NEAR(got[s], 100 * want[s], 1e-9);
		CHECK(got[s] >= 0 && got[s] <= 100, "%s %s: %s = %g", x->machine, what, td_shares[s].name, got[s]);
		if (td_shares[s].parent < 0)
			sum += got[s];
	}
	/* 100 within rounding, also for AMD's three groups: the simulated kernel gives every group of
	 * a CPU the same shares of the same wall time, whatever its time slices */
	CHECK(fabs(sum - 100) <= 0.05,
	      "%s %s: level 1 sums to %g", x->machine, what, sum);
	(void)a;
	return 1;
}

TEST(methods_match_perf_formulas_on_simulated_machines)
{
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct expect *x = &cases[c];
		static struct app a;
		int inst = -1, rows = 0;

		if (apprig_open_clocked(&a, x->machine, NULL, "cpu-clock", 0.1, &simclock) != 0) {
			CHECK(0, "%s: could not start", x->machine);
			app_close(&a);
			continue;
		}
		CHECK_EQ_INT(app_td_enable(&a), 0);
		for (int i = 0; i < a.td.plan.n; i++)
			if (!strcmp(a.td.plan.in[i].pmu_name, x->pmu))
				inst = i;
		CHECK(inst >= 0, "%s: no method on %s", x->machine, x->pmu);
		if (inst < 0) {
			app_close(&a);
			continue;
		}
		{
			const struct td_inst *in = &a.td.plan.in[inst];
			CHECK_EQ_STR(in->m->id, x->method);
			CHECK(in->bound, "%s: events not bound", x->machine);
			if (!in->bound) {
				app_close(&a);
				continue;
			}
			CHECK_EQ_STR(a.model.ev[in->ev[0]].name, x->first_event);
			simclock_advance_ms(60);
			app_sample(&a);
			simclock_advance_ms(120);
			CHECK_EQ_INT(app_sample(&a), 0);
			for (int cpu = 0; cpu < a.model.ncpus; cpu++)
				if (app_td_inst_of_cpu(&a, cpu) == inst)
					rows += check_row(&a, in, x, &a.model.cur.cpu[(size_t)cpu * a.model.nev],
							  &a.td.cpu[(size_t)cpu * TD_NSHARES], "cpu");
			CHECK(rows > 0, "%s: no CPU rows", x->machine);
			/* sockets and the system: the same formula on the summed counts */
			for (int s = 0; s < a.model.nsock; s++)
				check_row(&a, in, x, &a.model.cur.sock[(size_t)s * a.model.nev],
					  &a.td.sock[((size_t)s * a.td.plan.n + inst) * TD_NSHARES], "socket");
			check_row(&a, in, x, a.model.cur.sys, &a.td.sys[(size_t)inst * TD_NSHARES], "system");
		}
		app_close(&a);
	}
}

/* The simulated breakdowns: spr-2s's second socket is memory bound, core 1 of socket 0 frontend
 * bound, and the shares move over time. */
TEST(simulated_breakdowns_have_a_memory_bound_socket_and_a_frontend_bound_core)
{
	static struct app a;
	double be0, be1, fe_cpu1, fe_cpu0, r1, r2;

	if (apprig_open_clocked(&a, "spr-2s", NULL, "cpu-clock", 0.1, &simclock) != 0 || app_td_enable(&a) != 0) {
		CHECK(0, "spr-2s: could not start");
		app_close(&a);
		return;
	}
	app_sample(&a);
	simclock_advance_ms(100);
	app_sample(&a);
	be0 = a.td.sock[0 * TD_NSHARES + TD_BACKEND];
	be1 = a.td.sock[1 * TD_NSHARES + TD_BACKEND];
	CHECK(be1 > be0 + 15, "socket 1 backend %g vs socket 0 %g", be1, be0);
	CHECK(a.td.sock[1 * TD_NSHARES + TD_MEM] > 0.6 * be1, "socket 1 memory bound %g of %g",
	      a.td.sock[1 * TD_NSHARES + TD_MEM], be1);
	fe_cpu0 = a.td.cpu[0 * TD_NSHARES + TD_FRONTEND];
	fe_cpu1 = a.td.cpu[1 * TD_NSHARES + TD_FRONTEND];   /* CPU 1 is core 1 of socket 0 */
	CHECK(fe_cpu1 > 40 && fe_cpu1 > 2 * fe_cpu0, "cpu1 frontend %g, cpu0 %g", fe_cpu1, fe_cpu0);
	r1 = a.td.cpu[0 * TD_NSHARES + TD_RETIRING];
	simclock_advance_ms(1500);
	app_sample(&a);
	r2 = a.td.cpu[0 * TD_NSHARES + TD_RETIRING];
	CHECK(fabs(r1 - r2) > 0.2, "retiring did not move: %g then %g", r1, r2);
	app_close(&a);
}

TEST(no_method_says_why)
{
	static const struct { const char *machine, *why; } nm[] = {
		{ "m1-asahi", "Apple" }, { "kvm-nopmu", "no hardware PMU" },
	};
	for (size_t i = 0; i < sizeof(nm) / sizeof(nm[0]); i++) {
		static struct app a;
		memset(&a, 0, sizeof(a));
		settings_defaults(&a.set);
		a.opt.sim = nm[i].machine;
		a.opt.batch = true;
		CHECK_EQ_INT(app_open_machine(&a), 0);
		app_td_detect(&a);
		CHECK_EQ_INT(a.td.plan.n, 0);
		CHECK(strstr(a.td.plan.reason, "no top-down method for this CPU") != NULL, "%s", a.td.plan.reason);
		CHECK(strstr(a.td.plan.reason, nm[i].why) != NULL, "%s: %s", nm[i].machine, a.td.plan.reason);
		app_close(&a);
	}
}

/* A 6-counter Neoverse V1: the slot group (cycles + 5 events) needs all 6 general counters once
 * pmutop's pinned cycles/instructions group holds the cycle counter and one of them. Top-down unpins
 * that group, and every CPU gets its shares, from the group's own counts, while IPC stays counted. */
TEST(six_counter_neoverse_v1_makes_room)
{
	static struct app a;
	int counted = 0;

	if (apprig_open_clocked(&a, "neoverse-v1", NULL, "cycles,instructions,cpu-clock", 0.1, &simclock) != 0) {
		CHECK(0, "neoverse-v1: could not start");
		app_close(&a);
		return;
	}
	CHECK_EQ_INT(app_td_enable(&a), 0);
	CHECK_EQ_INT(a.td.plan.n, 1);
	CHECK_EQ_INT(a.td.plan.in[0].fit, TD_NEEDS_ROOM);
	CHECK(strstr(a.td.fit_msg, "needs 6 general counters") && strstr(a.td.fit_msg, "; 5 are left"), "%s", a.td.fit_msg);
	CHECK(a.evl.flat.no_autopin, "the cycles/instructions group is still pinned");
	simclock_advance_ms(60);
	app_sample(&a);
	simclock_advance_ms(120);
	CHECK_EQ_INT(app_sample(&a), 0);
	for (int c = 0; c < a.model.ncpus; c++) {
		const double *sh = &a.td.cpu[(size_t)c * TD_NSHARES];
		counted += isfinite(sh[TD_RETIRING]) && isfinite(sh[TD_BACKEND]) && a.td.cpu_pct[c] > 0;
		CHECK(isfinite(a.model.cur.cpu[(size_t)c * a.model.nev].value), "cpu %d: cycles not counted", c);
	}
	CHECK_EQ_INT(counted, a.model.ncpus);
	app_close(&a);
}

/* The counter arithmetic itself, per kind of PMU. */
TEST(fit_arithmetic)
{
	struct td_inst in;
	const struct td_method *arm = NULL, *l1 = NULL, *zen = NULL;

	for (int i = 0; i < td_nmethods; i++) {
		if (!strcmp(td_methods[i].id, "arm-slots"))
			arm = &td_methods[i];
		if (!strcmp(td_methods[i].id, "intel-metrics-l1"))
			l1 = &td_methods[i];
		if (!strcmp(td_methods[i].id, "amd-zen"))
			zen = &td_methods[i];
	}
	CHECK(arm && l1 && zen, "methods missing");
	if (!arm || !l1 || !zen)
		return;
	memset(&in, 0, sizeof(in));
	snprintf(in.pmu_name, sizeof(in.pmu_name), "armv8_pmuv3_0");
	in.m = arm;
	CHECK_EQ_INT(td_fit(&in, 8, 1, false, false), TD_FITS);        /* 5 GP + PMCCNTR; 7 left beside */
	CHECK_EQ_INT(td_fit(&in, 6, 1, false, false), TD_NEEDS_ROOM);  /* 6 needed beside, 5 left */
	CHECK_EQ_INT(td_fit(&in, 5, 1, false, false), TD_NEEDS_ROOM);
	CHECK_EQ_INT(td_fit(&in, 4, 1, false, false), TD_NEVER);       /* 5 needed alone */
	CHECK(strstr(in.fit_why, "needs 5 general counters, and armv8_pmuv3_0 has 4") != NULL, "%s", in.fit_why);
	CHECK_EQ_INT(td_fit(&in, 5, 1, true, false), TD_NEVER);        /* watchdog on PMCCNTR: 6 alone */
	CHECK(strstr(in.fit_why, "needs 6 general counters (cycles too") != NULL, "%s", in.fit_why);
	CHECK_EQ_INT(td_fit(&in, 6, 1, true, false), TD_NEEDS_ROOM);   /* and 4 left beside */
	CHECK_EQ_INT(td_fit(&in, -1, 0, false, false), TD_FITS);       /* counters unknown */
	/* Ice Lake: slots on fixed 3, metric events on none, two GP events; 8 GP, watchdog or not */
	snprintf(in.pmu_name, sizeof(in.pmu_name), "cpu");
	in.m = l1;
	CHECK_EQ_INT(td_fit(&in, 8, 4, true, false), TD_FITS);
	CHECK_EQ_INT(td_fit(&in, 2, 4, true, false), TD_NEEDS_ROOM);   /* the pinned cycles takes a GP */
	CHECK_EQ_INT(td_fit(&in, 1, 4, false, false), TD_NEVER);
	/* Skylake, SMT on (4 GP): clocks on fixed 1 unless the watchdog has it, then 4 GP alone, 3 beside */
	for (int i = 0; i < td_nmethods; i++)
		if (!strcmp(td_methods[i].id, "intel-skl-smt"))
			in.m = &td_methods[i];
	CHECK_EQ_INT(td_fit(&in, 4, 3, false, false), TD_FITS);
	CHECK_EQ_INT(td_fit(&in, 4, 3, true, false), TD_NEEDS_ROOM);
	CHECK_EQ_INT(td_fit(&in, 3, 3, true, false), TD_NEVER);
	/* Zen: three groups of 2-3 GP events; 6 GP, the watchdog and the pinned pair take 3 */
	in.m = zen;
	CHECK_EQ_INT(td_fit(&in, 6, 0, true, true), TD_FITS);
	CHECK_EQ_INT(td_fit(&in, 4, 0, true, true), TD_NEEDS_ROOM);
}

/* Methods without a simulated machine: the formula on synthetic counts. */
TEST(formulas_without_a_machine)
{
	const struct td_method *pre = NULL, *arm = NULL, *l1 = NULL;
	double o[TD_NSHARES];

	for (int i = 0; i < td_nmethods; i++) {
		if (!strcmp(td_methods[i].id, "intel-skl-smt"))
			pre = &td_methods[i];
		if (!strcmp(td_methods[i].id, "arm-slots"))
			arm = &td_methods[i];
		if (!strcmp(td_methods[i].id, "intel-metrics-l1"))
			l1 = &td_methods[i];
	}
	CHECK(pre && arm && l1, "methods missing");
	if (!pre || !arm || !l1)
		return;
	{   /* Skylake-X with SMT: THREAD_ANY 2000 (core clocks 1000, SLOTS 4000), IDQ not delivered 800,
	     * RECOVERY_CYCLES_ANY 50 (25 per thread: 100 slots), issued 2200, retire slots 2000 */
		double v[] = { 2000, 800, 50, 2200, 2000, 50, 2000, 2200 };
		td_compute(pre, 2, v, o);
		CHECK_NEAR(o[TD_RETIRING], 100 * 2000.0 / 4000, 1e-9);
		CHECK_NEAR(o[TD_BAD_SPEC], 100 * (2200.0 - 2000 + 100) / 4000, 1e-9);
		CHECK_NEAR(o[TD_FRONTEND], 100 * 800.0 / 4000, 1e-9);
		CHECK_NEAR(o[TD_BACKEND], 100 * (1 - 800.0 / 4000 - (2200.0 + 100) / 4000), 1e-9);
		CHECK_NEAR(o[TD_RETIRING] + o[TD_BAD_SPEC] + o[TD_FRONTEND] + o[TD_BACKEND], 100, 1e-9);
		CHECK(isnan(o[TD_HEAVY]) && isnan(o[TD_SMT]), "Skylake has level 1 only");
	}
	{   /* Neoverse V1 (caps/slots 8): level 1 only, each share in 0..100, summing to 100 (the
	     * formulas themselves against the kernel's sbsa.json: tests/cli/topdown_kernel.sh) */
		double v[] = { 1000, 3000, 1800, 1200, 4500, 4000 };
		td_compute(arm, 8, v, o);
		for (int s = TD_RETIRING; s <= TD_BACKEND; s++)
			CHECK(o[s] >= 0 && o[s] <= 100, "arm-slots: %s = %g", td_shares[s].name, o[s]);
		CHECK_NEAR(o[TD_RETIRING] + o[TD_BAD_SPEC] + o[TD_FRONTEND] + o[TD_BACKEND], 100, 1e-9);
		CHECK(isnan(o[TD_HEAVY]) && isnan(o[TD_SMT]), "arm-slots has level 1 only");
	}
	{   /* Ice Lake: the level-1 metrics, UOP_DROPPING taken from frontend, 5 x RECOVERY_CYCLES:c1:e
	     * given to backend, bad speculation the rest */
		double v[] = { 6000, 2400, 600, 1200, 1800, 60, 12 };
		td_compute(l1, 0, v, o);
		CHECK_NEAR(o[TD_RETIRING], 40, 1e-9);
		CHECK_NEAR(o[TD_FRONTEND], 100 * (1200.0 / 6000 - 60.0 / 6000), 1e-9);
		CHECK_NEAR(o[TD_BACKEND], 100 * (1800.0 / 6000 + 5 * 12.0 / 6000), 1e-9);
		CHECK_NEAR(o[TD_BAD_SPEC], 100 - 40 - o[TD_BACKEND] - o[TD_FRONTEND], 1e-9);
		CHECK(isnan(o[TD_HEAVY]), "Ice Lake has no level-2 metric events");
	}
	{   /* a missing count leaves every share missing, never 0 */
		double v[] = { 2000, 800, NAN, 2200, 2000, 50, 2000, 2200 };
		td_compute(pre, 2, v, o);
		CHECK(isnan(o[TD_RETIRING]) && isnan(o[TD_BACKEND]), "NAN in, NAN out");
	}
	CHECK_EQ_INT(td_share_by_name("tma_core_bound"), TD_CORE);
	CHECK_EQ_INT(td_share_by_name("tma_smt_contention"), TD_SMT);
}

/* --- the simulated kernel's rules for Intel's metric events --- */

static struct sim_machine *mach;
static struct perf_seam *seam;

static int op(uint32_t type, uint64_t config, int cpu, int group, uint64_t rf)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.read_format = rf;
	return seam->open(seam->ctx, &a, -1, cpu, group, 0);
}

#define GRP (PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING)

TEST(sim_kernel_metric_event_rules)
{
	char err[256];
	struct sim_faults f;
	int slots, cyc, m[8], gp[7];
	uint64_t buf[64];
	ssize_t n;
	double sum = 0;

	mach = simm_load("spr-2s", err, sizeof(err));
	if (!mach || sim_faults_parse(NULL, &f, err, sizeof(err)) || !(seam = simk_new(mach, &f)) ||
	    simclock_attach(seam) != 0) {
		CHECK(0, "setup: %s", err);
		simk_free(seam);
		simm_free(mach);
		return;
	}
	/* alone, or in a group not led by slots: refused */
	CHECK_EQ_INT(op(4, 0x8000, 0, -1, 0), -EINVAL);
	cyc = op(0, PERF_COUNT_HW_CPU_CYCLES, 0, -1, GRP);
	CHECK(cyc >= 0, "cycles %d", cyc);
	CHECK_EQ_INT(op(4, 0x8000, 0, cyc, GRP), -EINVAL);
	/* in a slots group: accepted, all eight */
	slots = op(4, 0x0400, 0, -1, GRP);
	CHECK(slots >= 0, "slots %d", slots);
	/* metric events added later still count the slots of the whole group (they have no counter
	 * of their own): their sum equals slots however late they join */
	simclock_advance_ms(30);
	for (int k = 0; k < 8; k++) {
		m[k] = op(4, 0x8000 + (uint64_t)k * 0x100, 0, slots, GRP);
		CHECK(m[k] >= 0, "metric %d: %d", k, m[k]);
	}
	/* they take no counter: seven GP events (one GP is the NMI watchdog's) still fit beside them
	 * (event selects 0xe0-0xe6, which SPR's constraint table lets use any GP counter) */
	for (int k = 0; k < 7; k++)
		gp[k] = op(4, 0x00e0 + (uint64_t)k, 0, -1, GRP);
	simclock_advance_ms(50);
	/* one read of the group: slots and its metrics */
	n = seam->read(seam->ctx, slots, buf, sizeof(buf));
	CHECK(n >= (ssize_t)(3 + 9) * 8, "group read %zd", n);
	if (n >= (ssize_t)(3 + 9) * 8) {
		/* enabled and running the 80 ms: the group is never multiplexed */
		CHECK_EQ_INT(buf[1], 80000000);
		CHECK_EQ_INT(buf[2], 80000000);
		for (int k = 0; k < 4; k++)
			sum += (double)buf[4 + k];
		/* each of the four is floored on its own: their sum is at most 4 short of slots */
		CHECK(sum <= (double)buf[3] && sum >= (double)buf[3] - 4, "level 1 %.0f vs slots %llu", sum,
		      (unsigned long long)buf[3]);
	}
	for (int k = 0; k < 7; k++) {
		uint64_t one[4] = { 0 };
		CHECK(gp[k] >= 0 && seam->read(seam->ctx, gp[k], one, sizeof(one)) > 0 && one[1] == 50000000 &&
		      one[2] == 50000000, "GP event %d multiplexed beside the metric events: ran %llu of %llu ns", k,
		      (unsigned long long)one[2], (unsigned long long)one[1]);
	}
	simk_free(seam);
	simm_free(mach);
}

/* The simulated kernel refuses, as the armv8 driver's group validation does, a group with more
 * events than the PMU has counters: on the 6 + 1 Neoverse V1, cpu_cycles (PMCCNTR) and 6 others
 * open, a seventh is EINVAL; the same 7 without cycles (all general) fail at the seventh too. */
TEST(sim_kernel_refuses_a_group_beyond_the_counters)
{
	char err[256];
	struct sim_faults f;
	int lead, fd[8], n = 0;

	mach = simm_load("neoverse-v1", err, sizeof(err));
	if (!mach || sim_faults_parse(NULL, &f, err, sizeof(err)) || !(seam = simk_new(mach, &f)) ||
	    simclock_attach(seam) != 0) {
		CHECK(0, "setup: %s", err);
		simk_free(seam);
		simm_free(mach);
		return;
	}
	lead = op(8, 0x11, 0, -1, GRP);
	CHECK(lead >= 0, "cpu_cycles %d", lead);
	for (int k = 0; k < 6; k++)
		CHECK((fd[n++] = op(8, 0x3a + (uint64_t)k % 6, 0, lead, GRP)) >= 0, "member %d: %d", k, fd[n - 1]);
	CHECK_EQ_INT(op(8, 0x08, 0, lead, GRP), -EINVAL);
	lead = op(8, 0x08, 1, -1, GRP);
	CHECK(lead >= 0, "inst_retired %d", lead);
	for (int k = 0; k < 5; k++)
		CHECK(op(8, 0x3a + (uint64_t)k, 1, lead, GRP) >= 0, "general member %d", k);
	CHECK_EQ_INT(op(8, 0x3f, 1, lead, GRP), -EINVAL);
	simk_free(seam);
	simm_free(mach);
	seam = NULL;
	mach = NULL;
}

TEST(sim_kernel_metric_read_alone_refused)
{
	char err[256];
	struct sim_faults f;
	struct perf_event_attr a;
	int slots, ret;
	uint64_t buf[8];

	mach = simm_load("gnr-1s", err, sizeof(err));
	if (!mach || sim_faults_parse(NULL, &f, err, sizeof(err)) || !(seam = simk_new(mach, &f))) {
		CHECK(0, "setup: %s", err);
		simm_free(mach);
		return;
	}
	slots = op(4, 0x0400, 0, -1, 0);
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = 4;
	a.config = 0x8000;
	ret = seam->open(seam->ctx, &a, -1, 0, slots, 0);
	CHECK(ret >= 0, "retiring in the slots group: %d", ret);
	CHECK_EQ_INT(seam->read(seam->ctx, ret, buf, sizeof(buf)), -EINVAL);
	CHECK_EQ_INT(seam->read(seam->ctx, slots, buf, sizeof(buf)), -EINVAL);
	simk_free(seam);
	simm_free(mach);
}

/* The budget: slots takes fixed counter 3, the eight metric events no counter; UOP_DROPPING one GP. */
TEST(budget_counts_slots_fixed_and_metrics_free)
{
	static struct app a;

	if (apprig_open(&a, "spr-2s", NULL, "instructions", 0.1) != 0 || app_td_enable(&a) != 0) {
		CHECK(0, "spr-2s: could not start");
		app_close(&a);
		return;
	}
	CHECK(a.nbudget >= 1, "no budget");
	if (a.nbudget >= 1) {
		CHECK_EQ_STR(a.budget[0].pmu, "cpu");
		CHECK_EQ_INT(a.budget[0].need_fixed, 2);   /* instructions, slots */
		CHECK_EQ_INT(a.budget[0].need_gp, 1);      /* INT_MISC.UOP_DROPPING */
		CHECK(!a.budget[0].multiplex, "the top-down set fits");
	}
	app_close(&a);
}

int main(void)
{
	RUN(methods_match_perf_formulas_on_simulated_machines);
	RUN(simulated_breakdowns_have_a_memory_bound_socket_and_a_frontend_bound_core);
	RUN(no_method_says_why);
	RUN(six_counter_neoverse_v1_makes_room);
	RUN(fit_arithmetic);
	RUN(formulas_without_a_machine);
	RUN(sim_kernel_metric_event_rules);
	RUN(sim_kernel_metric_read_alone_refused);
	RUN(sim_kernel_refuses_a_group_beyond_the_counters);
	RUN(budget_counts_slots_fixed_and_metrics_free);
	T_DONE();
}
