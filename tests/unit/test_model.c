/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_model.c: scaling, not counted, aggregation from deltas (sums first, ratios after), unsupported inputs. */
#include "t.h"
#include "hw/model/model.h"
#include <errno.h>

static void setup(struct model *m)
{
	int ids[] = { 0, 1, 2, 3 }, sock[] = { 0, 0, 1, 1 }, core[] = { 0, 1, 0, 1 }, sids[] = { 0, 1 };
	CHECK_EQ_INT(model_init(m, 4, ids, sock, core, 2, sids, 8), 0);
	model_add_event(m, "cycles", "cycles", "", "", 0, false);
	model_add_event(m, "instructions", "instructions", "", "", 0, false);
	model_add_event(m, "cpu-clock", "cpu-clock", "", "msec", 1, false);
	model_add_event(m, "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 2, true);
	CHECK_EQ_INT(model_alloc_frame(m), 0);
	m->cur.interval = 1.0;
}

#define V(m, c, e) (&(m).cur.cpu[(c) * (m).nev + (e)])

TEST(scaling_and_pct)
{
	struct ev_val v;
	model_set_value(&v, 1000, 2000000, 500000, 1.0);
	CHECK_EQ_INT(v.state, EVS_OK);
	CHECK_NEAR(v.value, 4000, 1e-9);
	CHECK_NEAR(v.pct, 25.0, 1e-12);
	model_set_value(&v, 1000, 1000, 1000, 6.103515625e-5);
	CHECK_NEAR(v.value, 1000 * 6.103515625e-5, 1e-12);
	CHECK_NEAR(v.pct, 100.0, 1e-12);
}

TEST(not_counted_never_zero)
{
	struct ev_val v;
	model_set_value(&v, 0, 1000000, 0, 1.0);
	CHECK_EQ_INT(v.state, EVS_NOT_COUNTED);
	CHECK(isnan(v.value), "value must be NAN when not counted, got %g", v.value);
	CHECK_NEAR(v.pct, 0, 1e-12);
	model_set_value(&v, 0, 0, 0, 1.0);
	CHECK_EQ_INT(v.state, EVS_NOT_COUNTED);
	CHECK(isnan(v.pct), "pct with enabled 0 is NAN");
}

TEST(wrapping_deltas)
{
	/* 64-bit unsigned deltas across a wrap stay correct */
	uint64_t prev = UINT64_MAX - 10, now = 20;
	struct ev_val v;
	model_set_value(&v, now - prev, 100, 100, 1.0);
	CHECK_NEAR(v.value, 31, 1e-9);
}

TEST(socket_aggregation_from_deltas)
{
	struct model m;
	setup(&m);
	/* CPU0: IPC 2 over 1e9 cycles; CPU1: IPC 0.5 over 3e9 cycles. Socket IPC = 2.5e9/4e9 */
	model_set_value(V(m, 0, 0), 1000000000, 1000000000, 1000000000, 1);
	model_set_value(V(m, 0, 1), 2000000000, 1000000000, 1000000000, 1);
	model_set_value(V(m, 1, 0), 3000000000ULL, 1000000000, 1000000000, 1);
	model_set_value(V(m, 1, 1), 1500000000, 1000000000, 1000000000, 1);
	for (int c = 0; c < 4; c++)
		model_set_value(V(m, c, 2), 1000000000, 1000000000, 1000000000, 1e-6);
	model_set_value(V(m, 0, 3), 16384, 1000000000, 1000000000, 6.103515625e-5); /* 1 MiB */
	model_derive(&m);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_IPC], 2.0, 1e-12);
	CHECK_NEAR(m.cur.cpu_m[1 * NMETRICS + M_IPC], 0.5, 1e-12);
	CHECK_NEAR(m.cur.sock_m[0 * NMETRICS + M_IPC], 3.5 / 4.0, 1e-12);   /* not (2+0.5)/2 */
	CHECK_EQ_U64(m.cur.sock[0 * m.nev + 0].raw, 4000000000ULL);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_GHZ], 1.0, 1e-12);
	/* cpu-clock counted the whole interval, but that says nothing about idle time */
	CHECK(isnan(m.cur.cpu_m[0 * NMETRICS + M_UTIL]), "no UTIL from cpu-clock");
	CHECK_NEAR(m.cur.sock_m[0 * NMETRICS + M_MEM_RD_GBS], 1048576 / 1e9, 1e-12);
	CHECK(isnan(m.cur.sock_m[1 * NMETRICS + M_MEM_RD_GBS]), "socket 1 has no IMC value");
	/* socket 1 has no cycles: IPC missing, not 0 */
	CHECK(isnan(m.cur.sock_m[1 * NMETRICS + M_IPC]), "IPC of socket 1 must be NAN");
	CHECK(isnan(m.cur.cpu_m[2 * NMETRICS + M_IPC]), "IPC of CPU 2 must be NAN");
	CHECK_EQ_U64(m.cur.sys[0].raw, 4000000000ULL);
	CHECK_NEAR(m.cur.sys_m[M_IPC], 3.5 / 4.0, 1e-12);
	model_free(&m);
}

TEST(unsupported_inputs)
{
	struct model m;
	setup(&m);
	V(m, 0, 0)->state = EVS_UNSUPPORTED;
	model_set_value(V(m, 0, 1), 100, 100, 100, 1);
	model_set_value(V(m, 1, 0), 100, 100, 0, 1);   /* not counted */
	model_set_value(V(m, 1, 1), 100, 100, 100, 1);
	V(m, 2, 0)->state = EVS_UNSUPPORTED;
	V(m, 3, 0)->state = EVS_UNSUPPORTED;
	model_derive(&m);
	CHECK(isnan(m.cur.cpu_m[0 * NMETRICS + M_IPC]), "unsupported cycles: IPC NAN");
	CHECK(isnan(m.cur.cpu_m[1 * NMETRICS + M_IPC]), "not counted cycles: IPC NAN");
	/* one CPU refused, one not counted: the socket figure is "not counted" */
	CHECK_EQ_INT(m.cur.sock[0].state, EVS_NOT_COUNTED);
	CHECK(isnan(m.cur.sock[0].value), "aggregate of uncounted values is NAN");
	CHECK_EQ_INT(m.cur.sock[1 * m.nev + 0].state, EVS_UNSUPPORTED);
	model_free(&m);
}

TEST(roles)
{
	CHECK_EQ_INT(model_role_of("cpu_core/cycles/"), ROLE_CYCLES);
	CHECK_EQ_INT(model_role_of("instructions:D"), ROLE_INSTRUCTIONS);
	CHECK_EQ_INT(model_role_of("apple_firestorm_pmu/instructions/"), ROLE_INSTRUCTIONS);
	CHECK_EQ_INT(model_role_of("uncore_imc_3/cas_count_write/"), ROLE_MEM_WRITE);
	CHECK_EQ_INT(model_role_of("power/energy-pkg/"), ROLE_ENERGY_PKG);
	CHECK_EQ_INT(model_role_of("r08d1"), ROLE_NONE);
}

TEST(duplicate_role_counted_once)
{
	struct model m;
	int ids[] = { 0 };
	model_init(&m, 1, ids, NULL, NULL, 0, NULL, 4);
	CHECK_EQ_INT(model_add_event(&m, "cycles", "cycles", "", "", 0, false), 0);
	model_add_event(&m, "cycles:u", "cycles", "", "", 1, false);
	model_add_event(&m, "cpu_atom/cycles/", "cycles", "cpu_atom", "", 2, false);
	CHECK_EQ_INT(m.ev[0].role, ROLE_CYCLES);
	CHECK_EQ_INT(m.ev[1].role, ROLE_NONE);
	CHECK_EQ_INT(m.ev[2].role, ROLE_CYCLES);
	CHECK_EQ_INT(m.sock_ids[0], -1);
	model_free(&m);
}

/* The generic cycles opens on the machine's one core PMU: its own cpu_cycles (Arm) or cycles (Intel's
 * cpu) counts the same counter, whichever comes first holds the role and IPC is not halved by a sum
 * of both. Without a generic PMU (a hybrid) the PMUs stay apart. */
TEST(generic_and_core_pmu_event_one_role)
{
	static const struct { const char *pmu, *alias, *base; } pmus[] = {
		{ "armv8_pmuv3", "armv8_pmuv3/cpu_cycles/", "cpu_cycles" },
		{ "armv8_pmuv3_0", "armv8_pmuv3_0/cpu_cycles/", "cpu_cycles" },
		{ "cpu", "cpu/cycles/", "cycles" },
	};
	for (size_t k = 0; k < sizeof(pmus) / sizeof(pmus[0]); k++)
		for (int alias_first = 0; alias_first < 2; alias_first++) {
			struct model m;
			int cyc = alias_first ? 1 : 0, al = alias_first ? 0 : 1;

			model_init(&m, 1, (int[]){ 0 }, NULL, NULL, 1, NULL, 2);
			model_set_generic_pmu(&m, pmus[k].pmu);
			if (alias_first)
				model_add_event(&m, pmus[k].alias, pmus[k].base, pmus[k].pmu, "", 0, false);
			model_add_event(&m, "cycles", "cycles", "", "", 0, false);
			if (!alias_first)
				model_add_event(&m, pmus[k].alias, pmus[k].base, pmus[k].pmu, "", 1, false);
			model_add_event(&m, "instructions", "instructions", "", "", 0, false);
			CHECK_EQ_INT(model_alloc_frame(&m), 0);
			m.cur.interval = 1;
			CHECK(m.ev[alias_first ? al : cyc].role == ROLE_CYCLES, "%s: the first holds cycles", pmus[k].alias);
			CHECK(m.ev[alias_first ? cyc : al].role == ROLE_NONE, "%s: the second does not", pmus[k].alias);
			/* both count the same 2e9 cycles, 3e9 instructions: IPC 1.5, 2 GHz */
			model_set_value(&m.cur.cpu[0], 2000000000, 1000000000, 1000000000, 1);
			model_set_value(&m.cur.cpu[1], 2000000000, 1000000000, 1000000000, 1);
			model_set_value(&m.cur.cpu[2], 3000000000ULL, 1000000000, 1000000000, 1);
			model_derive(&m);
			CHECK_NEAR(m.cur.cpu_m[M_IPC], 1.5, 1e-12);
			CHECK_NEAR(m.cur.sys_m[M_IPC], 1.5, 1e-12);
			CHECK_NEAR(m.cur.cpu_m[M_GHZ], 2.0, 1e-12);
			model_free(&m);
		}
	{
		struct model m;

		model_init(&m, 1, (int[]){ 0 }, NULL, NULL, 1, NULL, 2);
		model_set_generic_pmu(&m, "cpu");
		model_add_event(&m, "cycles", "cycles", "", "", 0, false);
		model_add_event(&m, "armv8_pmuv3/cpu_cycles/", "cpu_cycles", "armv8_pmuv3", "", 1, false);
		model_add_event(&m, "cpu-clock", "cpu-clock", "", "msec", 2, false);
		model_add_event(&m, "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 3, true);
		model_add_event(&m, "uncore_imc_1/cas_count_read/", "cas_count_read", "uncore_imc_1", "MiB", 4, true);
		CHECK(m.ev[1].role == ROLE_CYCLES, "another PMU than the generic one keeps its role");
		CHECK(m.ev[2].role == ROLE_CPU_CLOCK, "a generic software event keeps its role");
		CHECK(m.ev[3].role == ROLE_MEM_READ && m.ev[4].role == ROLE_MEM_READ, "uncore boxes each count");
		model_free(&m);
	}
}

/* A hybrid's event on several core PMUs is one set with a total: the same name without the PMU,
 * each PMU once per set (a repeat makes a second set, "x#2"); uncore boxes and single events are
 * not sets; the total sums the set's events as a socket sums its CPUs. */
TEST(hybrid_sets_and_totals)
{
	struct model m;
	struct ev_val row[8], t;
	enum { C1, A1, C2, X, A2, IMC0, IMC1, SW };

	model_init(&m, 1, (int[]){ 0 }, NULL, NULL, 1, NULL, 2);
	model_add_event(&m, "cpu_core/cycles/", "cycles", "cpu_core", "", 0, false);
	model_add_event(&m, "cpu_atom/cycles/", "cycles", "cpu_atom", "", 1, false);
	model_add_event(&m, "cpu_core/cycles/", "cycles", "cpu_core", "", 2, false);
	model_add_event(&m, "cpu_core/mem_load_retired.l3_miss/", "mem_load_retired.l3_miss", "cpu_core", "", 3, false);
	model_add_event(&m, "cpu_atom/cycles/", "cycles", "cpu_atom", "", 4, false);
	model_add_event(&m, "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 5, true);
	model_add_event(&m, "uncore_imc_1/cas_count_read/", "cas_count_read", "uncore_imc_1", "MiB", 6, true);
	model_add_event(&m, "cs", "cs", "", "", 7, false);
	CHECK_EQ_INT(m.ev[C1].total, C1);
	CHECK_EQ_INT(m.ev[A1].total, C1);
	CHECK_EQ_INT(m.ev[C2].total, C2);
	CHECK_EQ_INT(m.ev[A2].total, C2);
	CHECK_EQ_STR(m.ev[C1].total_key, "cycles");
	CHECK_EQ_STR(m.ev[C2].total_key, "cycles#2");
	CHECK(m.ev[A1].total_key == NULL && m.ev[A2].total_key == NULL, "only a set's first event has the key");
	CHECK(m.ev[X].total == -1 && m.ev[IMC0].total == -1 && m.ev[IMC1].total == -1 && m.ev[SW].total == -1,
	      "single events and uncore boxes are no sets");
	memset(row, 0, sizeof(row));
	model_set_value(&row[C1], 600, 100, 100, 1);
	model_set_value(&row[A1], 300, 100, 50, 1);      /* multiplexed: 600 */
	model_total(&m, C1, row, &t);
	CHECK_EQ_INT(t.state, EVS_OK);
	CHECK_NEAR(t.value, 1200, 1e-9);
	CHECK_EQ_U64(t.raw, 900);
	CHECK_NEAR(t.pct, 75, 1e-9);
	row[A1] = (struct ev_val){ .state = EVS_ABSENT };   /* a P-core's row: its own PMU's count */
	model_total(&m, C1, row, &t);
	CHECK_NEAR(t.value, 600, 1e-9);
	model_free(&m);
}

TEST(history_ring)
{
	struct model m;
	setup(&m);
	for (int i = 0; i < 10; i++) {
		model_set_value(V(m, 0, 0), 100, 100, 100, 1);
		model_set_value(V(m, 0, 1), (uint64_t)(10 * (i + 1)), 100, 100, 1);
		model_derive(&m);
	}
	CHECK_EQ_INT(m.hist_len, 8);
	/* newest is at head-1: IPC 1.0 (i = 9) */
	CHECK_NEAR(m.hist_ipc[(m.hist_head + 7) % 8], 1.0, 1e-6);
	CHECK_NEAR(m.hist_ipc[m.hist_head], 0.3, 1e-6);
	model_free(&m);
}

/* UTIL is the non-idle share of each CPU's /proc/stat times; aggregates sum the times. */
TEST(utilisation_from_proc_stat)
{
	struct model m;
	/* CPU0 busy 90 of 100 jiffies; CPU1 idle but 5; CPU2 (socket 1) 50 with steal 10 */
	static const double j[3][UT_N] = {
		{ 60, 0, 20, 10, 0, 5, 5, 0 },
		{ 3, 0, 2, 90, 5, 0, 0, 0 },
		{ 20, 5, 10, 40, 10, 2, 3, 10 },
	};
	setup(&m);
	for (int c = 0; c < 3; c++)
		memcpy(&m.cur.jif[c * UT_N], j[c], sizeof(j[c]));
	model_derive(&m);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_UTIL], 90.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_UTIL_USER], 60.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_UTIL_SYS], 20.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_UTIL_IRQ], 5.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_UTIL_SOFTIRQ], 5.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[1 * NMETRICS + M_UTIL], 5.0, 1e-9);     /* iowait is idle */
	CHECK_NEAR(m.cur.cpu_m[2 * NMETRICS + M_UTIL], 50.0, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[2 * NMETRICS + M_UTIL_USER], 25.0, 1e-9);   /* nice with user */
	CHECK_NEAR(m.cur.cpu_m[2 * NMETRICS + M_UTIL_STEAL], 10.0, 1e-9);
	/* CPU 3 has no reading: missing, and so is everything it is part of */
	CHECK(isnan(m.cur.cpu_m[3 * NMETRICS + M_UTIL]), "no times, no UTIL");
	CHECK_NEAR(m.cur.sock_m[0 * NMETRICS + M_UTIL], 95.0 / 200 * 100, 1e-9);
	CHECK(isnan(m.cur.sock_m[1 * NMETRICS + M_UTIL]), "socket 1 has a CPU without times");
	for (int k = 0; k < UT_N; k++)
		m.cur.jif[3 * UT_N + k] = k == UT_IDLE ? 100 : 0;
	model_derive(&m);
	CHECK_NEAR(m.cur.sock_m[1 * NMETRICS + M_UTIL], 50.0 / 200 * 100, 1e-9);
	CHECK_NEAR(m.cur.sys_m[M_UTIL], (90.0 + 5 + 50) / 400 * 100, 1e-9);
	model_free(&m);
}

/* model_set_cpus: CPUs added one at a time reallocate the arrays O(log n) times; an appended CPU
 * keeps the others' IPC history and starts empty; one placed before them clears the history;
 * sockets grow with the CPUs. */
TEST(set_cpus_grows_geometrically)
{
	struct model m;
	int ids[1000], sock[1000], sock_ids[3] = { 10, 20, 30 }, reallocs = 0;

	for (int i = 0; i < 1000; i++) {
		ids[i] = 2 * i + 1;
		sock[i] = i % 3;
	}
	CHECK_EQ_INT(model_init(&m, 1, ids, sock, NULL, 1, sock_ids, 4), 0);
	model_add_event(&m, "cycles", "cycles", "", "", 0, false);
	model_add_event(&m, "instructions", "instructions", "", "", 0, false);
	CHECK_EQ_INT(model_alloc_frame(&m), 0);
	m.cur.interval = 1;
	for (int n = 2; n <= 1000; n++) {
		int rc = model_set_cpus(&m, n, ids, sock, NULL, n < 3 ? n : 3, sock_ids);

		CHECK(rc == 0 || rc == 1, "rc %d", rc);
		reallocs += rc == 1;
		CHECK(m.ncpus == n && m.cpu_ids[n - 1] == ids[n - 1] && m.cur.online[n - 1] &&
		      m.cur.cpu[(size_t)(n - 1) * 2].state == EVS_ABSENT && isnan(m.cur.jif[(size_t)(n - 1) * UT_N]),
		      "CPU %d: a new row starts empty", n - 1);
		for (int c = 0; c < n; c++) {
			model_set_value(&m.cur.cpu[(size_t)c * 2], 1000, 10, 10, 1);
			model_set_value(&m.cur.cpu[(size_t)c * 2 + 1], 2000, 10, 10, 1);
		}
		model_derive(&m);
	}
	CHECK(reallocs <= 10, "%d reallocations for 1,000 CPUs one at a time", reallocs);
	CHECK_EQ_INT(m.nsock, 3);
	CHECK_NEAR(m.cur.sock_m[2 * NMETRICS + M_IPC], 2, 1e-12);
	CHECK_EQ_INT(m.sock_ids[2], 30);
	CHECK(m.hist_len == 4 && m.hist_ipc[(size_t)0 * m.hist_cap] == 2.0f, "history kept: %d", m.hist_len);
	/* CPU 0 before the others: every row moves, the history goes */
	{
		int moved[1001];

		moved[0] = 0;
		memcpy(moved + 1, ids, sizeof(ids));
		CHECK(model_set_cpus(&m, 1001, moved, NULL, NULL, 1, NULL) >= 0, "set");
		CHECK(m.hist_len == 0 && isnan(m.hist_ipc[0]) && m.cpu_ids[0] == 0 && m.cpu_ids[1000] == 1999 &&
		      m.nsock == 1 && m.cpu_sock[5] == 0, "history %d, CPU %d", m.hist_len, m.cpu_ids[0]);
	}
	CHECK_EQ_INT(model_set_cpus(&m, 0, ids, NULL, NULL, 1, NULL), -EINVAL);
	model_free(&m);
}

int main(void)
{
	RUN(utilisation_from_proc_stat);
	RUN(scaling_and_pct);
	RUN(not_counted_never_zero);
	RUN(wrapping_deltas);
	RUN(socket_aggregation_from_deltas);
	RUN(unsupported_inputs);
	RUN(roles);
	RUN(duplicate_role_counted_once);
	RUN(generic_and_core_pmu_event_one_role);
	RUN(history_ring);
	RUN(hybrid_sets_and_totals);
	RUN(set_cpus_grows_geometrically);
	T_DONE();
}
