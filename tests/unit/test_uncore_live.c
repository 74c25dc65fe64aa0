/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_uncore_live.c: live uncore counts on simulated machines: IMC bandwidth and RAPL power per
 * socket equal the rates the machine description sets, opened once per socket on the cpumask CPU. */
#include "t.h"
#include "app/app.h"
#include "apprig.h"
#include "simclock.h"
#include "hw/perf/counters.h"
#include "hw/sys/cpulist.h"
#include "hw/sim/sim.h"
#include <errno.h>
#include <time.h>

/* The test's clock moves ms on, which both the simulated kernel and the frame's interval follow. */
static void sample_after(struct app *a, uint64_t ms)
{
	simclock_advance_ms(ms);
	CHECK_EQ_INT(app_sample(a), 0);
	CHECK(fabs(a->model.cur.interval - (double)ms / 1e3) < 1e-9, "interval %.9f s", a->model.cur.interval);
}

/* Expected bytes per second of one socket: sum over the uncore_imc_N PMUs of rate x 64-byte lines. */
static double expected_bw(const struct app *a, int socket_cpu, uint64_t config)
{
	double sum = 0;
	for (int p = 0; p < a->reg.n; p++)
		if (strncmp(a->reg.pmus[p].name, "uncore_imc_", 11) == 0)
			sum += simm_rate(a->sim, a->reg.pmus[p].name, socket_cpu, config) * 64.0;
	return sum;
}

TEST(spr_memory_bandwidth_per_socket)
{
	struct app a;

	if (apprig_open_clocked(&a, "spr-2s", NULL, "uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,"
				"power/energy-pkg/,power/energy-ram/", 0.2, &simclock) != 0) {
		CHECK(0, "could not open spr-2s");
		app_close(&a);
		return;
	}
	sample_after(&a, 1000);
	/* each uncore event opened once per socket: on the PMU's cpumask CPUs only */
	for (int e = 0; e < a.evl.flat.n; e++) {
		int opened = 0;
		for (int c = 0; c < a.model.ncpus; c++)
			opened += a.model.cur.cpu[(size_t)c * a.model.nev + e].state != EVS_ABSENT;
		CHECK_EQ_INT(opened, a.topo.nsockets);
	}
	for (int s = 0; s < a.model.nsock; s++) {
		int cpu = -1;
		const struct pmu *imc = &a.reg.pmus[pmus_find(&a.reg, "uncore_imc_0")];
		for (int k = 0; k < imc->ncpus; k++)
			if (a.topo.cpus[topo_index(&a.topo, imc->cpus[k])].sock_idx == s)
				cpu = imc->cpus[k];
		CHECK(cpu >= 0, "socket %d has a cpumask CPU", s);
		double rd = expected_bw(&a, cpu, 0xcf05) / 1e9;
		double wr = expected_bw(&a, cpu, 0xf005) / 1e9;
		double got_rd = a.model.cur.sock_m[(size_t)s * NMETRICS + M_MEM_RD_GBS];
		double got_wr = a.model.cur.sock_m[(size_t)s * NMETRICS + M_MEM_WR_GBS];
		CHECK(rd > 1, "description rate for socket %d: %g GB/s", s, rd);
		CHECK(fabs(got_rd - rd) <= 1e-6 * rd, "socket %d read %g GB/s, description %g", s, got_rd, rd);
		CHECK(fabs(got_wr - wr) <= 1e-6 * wr, "socket %d write %g GB/s, description %g", s, got_wr, wr);
		double pkg = simm_rate(a.sim, "power", cpu, 0x02) * 2.3283064365386962890625e-10;
		double got_pkg = a.model.cur.sock_m[(size_t)s * NMETRICS + M_PKG_W];
		CHECK(fabs(got_pkg - pkg) <= 1e-6 * pkg, "socket %d package %g W, description %g W", s, got_pkg, pkg);
		CHECK(!isnan(a.model.cur.sock_m[(size_t)s * NMETRICS + M_DRAM_W]), "DRAM watts present");
	}
	app_close(&a);
}

TEST(zen4_umc_bandwidth)
{
	struct app a;

	if (apprig_open_clocked(&a, "zen4-1s", NULL, "amd_umc/event=0x0a,rdwrmask=0x1/,amd_umc/event=0x0a,rdwrmask=0x2/",
				0.2, &simclock) != 0) {
		CHECK(0, "could not open zen4-1s");
		app_close(&a);
		return;
	}
	sample_after(&a, 1000);
	double want = 0;
	for (int p = 0; p < a.reg.n; p++)
		if (strncmp(a.reg.pmus[p].name, "amd_umc_", 8) == 0)
			want += simm_rate(a.sim, a.reg.pmus[p].name, a.reg.pmus[p].cpus ? a.reg.pmus[p].cpus[0] : 0,
					  0x10a) * 64.0 / 1e9;
	double got = a.model.cur.sock_m[M_MEM_RD_GBS];
	CHECK(want > 0, "description rate %g", want);
	CHECK(fabs(got - want) <= 1e-6 * want, "read %g GB/s, description %g", got, want);
	CHECK(!isnan(a.model.cur.sock_m[M_MEM_WR_GBS]), "write bandwidth present");
	app_close(&a);
}

int main(void)
{
	RUN(spr_memory_bandwidth_per_socket);
	RUN(zen4_umc_bandwidth);
	T_DONE();
}
