/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_procstat.c: the cpuN lines of /proc/stat (hostile input bounded), deltas between two
 * readings, and the simulated kernel's /proc/stat agreeing with the load its counts show. */
#include "t.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "hw/sys/procstat.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_desc.h"

TEST(parse_kernel_text)
{
	struct procstat ps = { 0 };
	const char *text = "cpu  94551 0 65902 64268 739 0 369 0 0 0\n"
			   "cpu0 47372 1 32294 32978 122 3 112 7 0 0\n"
			   "cpu3 47178 0 33607 31290 616 0 257 0 0 0\n"
			   "intr 123 4 5 6\nctxt 999\nbtime 1700000000\n";

	CHECK_EQ_INT(procstat_parse(&ps, text), 0);
	CHECK_EQ_INT(ps.n, 2);
	CHECK_EQ_INT(ps.cpu[0], 0);
	CHECK_EQ_INT(ps.cpu[1], 3);
	CHECK_EQ_U64(ps.j[0][UT_USER], 47372);
	CHECK_EQ_U64(ps.j[0][UT_NICE], 1);
	CHECK_EQ_U64(ps.j[0][UT_IDLE], 32978);
	CHECK_EQ_U64(ps.j[0][UT_IRQ], 3);
	CHECK_EQ_U64(ps.j[0][UT_STEAL], 7);
	CHECK_EQ_INT(procstat_find(&ps, 3), 1);
	CHECK_EQ_INT(procstat_find(&ps, 1), -1);
	/* an old kernel's four columns */
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 1 2 3 4\n"), 0);
	CHECK_EQ_INT(ps.n, 1);
	CHECK_EQ_U64(ps.j[0][UT_IDLE], 4);
	CHECK_EQ_U64(ps.j[0][UT_STEAL], 0);
	procstat_free(&ps);
}

TEST(parse_rejects_hostile_lines)
{
	struct procstat ps = { 0 };

	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 1 2 3\n"), -EINVAL);                  /* too few */
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 1 2 x 4\n"), -EINVAL);
	CHECK_EQ_INT(procstat_parse(&ps, "cpu99999999 1 2 3 4\n"), -EINVAL);         /* CPU number */
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 99999999999999999999999 2 3 4\n"), -EINVAL);
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 18446744073709551616 2 3 4\n"), -EINVAL);   /* 2^64 */
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0 18446744073709551615 2 3 4\n"), 0);         /* 2^64-1 */
	CHECK_EQ_INT(procstat_parse(&ps, "cpu0x 1 2 3 4\n"), -EINVAL);
	/* not a cpuN line: skipped */
	CHECK_EQ_INT(procstat_parse(&ps, "cpuidle 1 2\nsoftirq 1 2 3\n"), 0);
	CHECK_EQ_INT(ps.n, 0);
	procstat_free(&ps);
}

TEST(delta_never_negative)
{
	uint64_t a[UT_N] = { 10, 0, 5, 100, 0, 0, 0, 0 }, b[UT_N] = { 15, 0, 6, 110, 1, 0, 0, 0 };
	double d[UT_N];

	CHECK_EQ_INT(procstat_delta(a, b, d), 0);
	CHECK_NEAR(d[UT_USER], 5, 0);
	CHECK_NEAR(d[UT_IDLE], 10, 0);
	CHECK_NEAR(d[UT_IOWAIT], 1, 0);
	/* a counter that went back (CPU hotplug): unknown, not a huge unsigned difference */
	CHECK_EQ_INT(procstat_delta(b, a, d), -ERANGE);
	CHECK(isnan(d[UT_USER]), "NAN after a reset");
}

/* The simulated machine's /proc/stat: a line per CPU, plausible shares, and the CPUs that
 * count more cycles are the busier ones. */
TEST(sim_proc_stat_follows_load)
{
	char err[256], *buf = malloc(1 << 20);
	struct sim_machine *m = simm_load("adl-hybrid", err, sizeof(err));
	struct perf_seam *s = m ? simk_new(m, NULL) : NULL;
	struct procstat ps = { 0 };
	double busy[64], cyc[64], mb = 0, mc = 0, sab = 0, saa = 0, sbb = 0;
	int n = 0, pi;

	CHECK(m && s && buf, "adl-hybrid: %s", err);
	if (!m || !s || !buf)
		return;
	CHECK(s->proc_stat != NULL, "the simulated kernel has a /proc/stat");
	CHECK(s->proc_stat(s->ctx, buf, 1 << 20) > 0, "read");
	CHECK_EQ_INT(procstat_parse(&ps, buf), 0);
	CHECK_EQ_INT(ps.n, m->ncpus);
	CHECK(s->proc_stat(s->ctx, buf, 64) == -ENOSPC, "a short buffer is an error, not a cut file");
	pi = m->cpus[0].core_pmu;
	for (int c = 0; c < ps.n && n < 64; c++) {
		double tot = 0;
		for (int k = 0; k < UT_N; k++)
			tot += (double)ps.j[c][k];
		busy[c] = 1 - ((double)ps.j[c][UT_IDLE] + (double)ps.j[c][UT_IOWAIT]) / tot;
		CHECK(busy[c] > 0.05 && busy[c] < 0.99, "cpu%d busy %.2f", c, busy[c]);
		if (m->cpus[c].core_pmu != pi)
			continue;
		cyc[n] = simm_rate_of(&m->pmus[pi], c, 0 /* PERF_COUNT_HW_CPU_CYCLES */);
		busy[n] = busy[c];
		mb += busy[n];
		mc += cyc[n];
		n++;
	}
	CHECK(n >= 8, "%d CPUs on the first core PMU", n);
	mb /= n;
	mc /= n;
	for (int i = 0; i < n; i++) {
		sab += (busy[i] - mb) * (cyc[i] - mc);
		saa += (busy[i] - mb) * (busy[i] - mb);
		sbb += (cyc[i] - mc) * (cyc[i] - mc);
	}
	CHECK(sab / sqrt(saa * sbb) > 0.6, "busy and cycles correlate: r = %.2f", sab / sqrt(saa * sbb));
	procstat_free(&ps);
	free(buf);
	simk_free(s);
	simm_free(m);
}

int main(void)
{
	RUN(parse_kernel_text);
	RUN(parse_rejects_hostile_lines);
	RUN(delta_never_negative);
	RUN(sim_proc_stat_follows_load);
	T_DONE();
}
