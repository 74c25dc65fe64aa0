/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_physics.c: the simulated machines obey physics over many phases of their load (clock within
 * the part's turbo range, ref-cycles and bus-cycles at most the TSC rate, misses never above accesses,
 * IPC within the core's width, E-cores slower than P-cores), and the load changes across CPUs and over
 * time, the same for the same seed. */
#include "t.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include <linux/perf_event.h>
#include <unistd.h>
#include "simclock.h"

#define NPHASES 200
#define PHASE_S 2.0

/* Instructions a core can retire per cycle at most (its allocation/dispatch width, public
 * microarchitecture descriptions): a simulated IPC above it is impossible. */
static const struct { const char *machine, *pmu; double width; } widths[] = {
	{ "spr-2s", "cpu", 6 },                       /* Golden Cove */
	{ "gnr-1s", "cpu", 6 },                       /* Redwood Cove */
	{ "big-1024", "cpu", 6 },                     /* synthetic, Intel-like */
	{ "adl-hybrid", "cpu_core", 6 },              /* Golden Cove */
	{ "adl-hybrid", "cpu_atom", 5 },              /* Gracemont */
	{ "zen4-1s", "cpu", 6 },                      /* Zen 4 */
	{ "m1-asahi", "apple_firestorm_pmu", 8 },     /* Firestorm */
	{ "m1-asahi", "apple_icestorm_pmu", 4 },      /* Icestorm */
	{ "altra-160", "armv8_pmuv3_0", 4 },          /* Neoverse N1 */
	{ "qemu-arm64", "armv8_pmuv3", 1 },           /* QEMU: under -icount at most 1 per cycle */
	{ "neoverse-v1", "armv8_pmuv3_0", 8 },        /* Neoverse V1: 8 slots (caps/slots) */
	{ "icx-2s", "cpu", 5 },                       /* Sunny Cove */
	{ "icl-4c", "cpu", 5 },
	{ "tgl-4c", "cpu", 5 },                       /* Willow Cove */
	{ "skl-4c", "cpu", 4 },                       /* Skylake */
	{ "skx-2s", "cpu", 4 },
	{ "clx-2s", "cpu", 4 },                       /* Cascade Lake */
	{ "emr-2s", "cpu", 6 },                       /* Raptor Cove */
};

static double width_of(const char *machine, const char *pmu)
{
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (!strcmp(widths[i].machine, machine) && !strcmp(widths[i].pmu, pmu))
			return widths[i].width;
	return NAN;
}

static double rate(const struct sim_machine *m, const char *pmu, int cpu, int hw, double t)
{
	uint64_t cfg;

	if (simm_generic_config(m, pmu, hw, &cfg) < 0)
		return NAN;
	return simm_rate_t(m, pmu, cpu, cfg, t);
}

TEST(physics_every_machine_every_phase)
{
	const char *const *names = simm_builtin_names();
	char err[256];

	for (int i = 0; names[i]; i++) {
		struct sim_machine *m = simm_load(names[i], err, sizeof(err));
		int n, bad = 0, phased = 0;

		CHECK(m != NULL, "%s: %s", names[i], err);
		if (!m)
			continue;
		n = simm_ncpus(m);
		for (int c = 0; c < n && bad < 5; c++) {
			const char *pmu = simm_cpu_pmu(m, c);
			double w;

			if (!pmu)
				continue;
			w = width_of(names[i], pmu);
			CHECK(!isnan(w), "%s %s: no width in the test's table", names[i], pmu);
			for (int ph = 0; ph < NPHASES && bad < 5; ph++) {
				double t = ph * PHASE_S + 0.5, busy, ghz, lo, hi, tsc;
				double cyc = rate(m, pmu, c, PERF_COUNT_HW_CPU_CYCLES, t);
				double ins = rate(m, pmu, c, PERF_COUNT_HW_INSTRUCTIONS, t);
				double ref = rate(m, pmu, c, PERF_COUNT_HW_REF_CPU_CYCLES, t);
				double bus = rate(m, pmu, c, PERF_COUNT_HW_BUS_CYCLES, t);
				double refs = rate(m, pmu, c, PERF_COUNT_HW_CACHE_REFERENCES, t);
				double miss = rate(m, pmu, c, PERF_COUNT_HW_CACHE_MISSES, t);
				int before = t_failed_now;

				if (simm_load_at(m, c, t, &busy, &ghz, &lo, &hi, &tsc) == 0) {
					phased++;
					CHECK(ghz >= lo && ghz <= hi, "%s cpu %d phase %d: %.3f GHz outside %.3f..%.3f",
					      names[i], c, ph, ghz, lo, hi);
					CHECK(busy > 0 && busy <= 1, "%s cpu %d: busy %.3f", names[i], c, busy);
					CHECK(cyc <= hi * 1e9 * 1.0000001, "%s cpu %d phase %d: %.3g cycles/s above %.3f GHz",
					      names[i], c, ph, cyc, hi);
					CHECK(fabs(cyc / busy - ghz * 1e9) <= ghz * 1e3, "%s cpu %d: unhalted clock %.4g != %.4g",
					      names[i], c, cyc / busy, ghz * 1e9);
					if (tsc > 0 && !isnan(ref))
						CHECK(ref <= tsc * 1e9 * 1.0000001, "%s cpu %d: ref-cycles %.4g/s above TSC %.3f GHz",
						      names[i], c, ref, tsc);
					if (tsc > 0 && !isnan(bus))
						CHECK(bus <= tsc * 1e9 * 1.0000001, "%s cpu %d: bus-cycles %.4g/s above TSC %.3f GHz",
						      names[i], c, bus, tsc);
				}
				if (!isnan(cyc) && !isnan(ins) && cyc > 0)
					CHECK(ins / cyc > 0 && ins / cyc <= w, "%s %s cpu %d phase %d: IPC %.3f beyond 0..%g",
					      names[i], pmu, c, ph, ins / cyc, w);
				if (!isnan(refs) && !isnan(miss))
					CHECK(miss <= refs, "%s cpu %d phase %d: %.4g misses/s above %.4g accesses/s",
					      names[i], c, ph, miss, refs);
				bad += t_failed_now && !before;
			}
		}
		/* every machine that counts cycles has a clock model, except the near-idle Altra, whose
		 * rates replay a real recording, and QEMU's arm64 machine, whose cycle counter counts
		 * its virtual clock (1 GHz) whether the CPU is busy or idle */
		if (strcmp(names[i], "kvm-nopmu") && strcmp(names[i], "altra-160") && strcmp(names[i], "qemu-arm64"))
			CHECK(phased > 0, "%s: no CPU with a clock range", names[i]);
		simm_free(m);
	}
}

/* E-cores are slower than P-cores: a lower top clock and a lower mean clock over the phases. */
TEST(e_cores_slower)
{
	static const struct { const char *machine, *p, *e; } hy[] = {
		{ "adl-hybrid", "cpu_core", "cpu_atom" },
		{ "m1-asahi", "apple_firestorm_pmu", "apple_icestorm_pmu" },
	};
	char err[256];

	for (size_t i = 0; i < sizeof(hy) / sizeof(hy[0]); i++) {
		struct sim_machine *m = simm_load(hy[i].machine, err, sizeof(err));
		double sum[2] = { 0, 0 }, top[2] = { 0, 0 };
		int cnt[2] = { 0, 0 };

		if (!m) {
			CHECK(0, "%s: %s", hy[i].machine, err);
			continue;
		}
		for (int c = 0; c < simm_ncpus(m); c++) {
			const char *pmu = simm_cpu_pmu(m, c);
			int k = pmu && !strcmp(pmu, hy[i].e);
			for (int ph = 0; pmu && ph < NPHASES; ph++) {
				double busy, ghz, lo, hi, tsc;
				if (simm_load_at(m, c, ph * PHASE_S, &busy, &ghz, &lo, &hi, &tsc) == 0) {
					sum[k] += ghz;
					cnt[k]++;
					top[k] = hi;
				}
			}
		}
		CHECK(cnt[0] > 0 && cnt[1] > 0, "%s: both core types", hy[i].machine);
		CHECK(top[1] < top[0], "%s: E top %.2f GHz, P top %.2f GHz", hy[i].machine, top[1], top[0]);
		if (cnt[0] && cnt[1])
			CHECK(sum[1] / cnt[1] < sum[0] / cnt[0], "%s: E mean %.2f GHz, P mean %.2f GHz", hy[i].machine,
			      sum[1] / cnt[1], sum[0] / cnt[0]);
		simm_free(m);
	}
}

/* The load differs between CPUs and over time: idle CPUs, a busy socket in some phases. */
TEST(load_varies_across_cpus_and_time)
{
	char err[256];
	struct sim_machine *m = simm_load("spr-2s", err, sizeof(err));
	int n, idle = 0, changes = 0, busy_socket_phases = 0;

	CHECK(m != NULL, "%s", err);
	if (!m)
		return;
	n = simm_ncpus(m);
	for (int ph = 0; ph < 50; ph++) {
		double mean = 0, var = 0, b[224], ghz, lo, hi, tsc;
		int full[2] = { 0, 0 }, per[2] = { 0, 0 };
		for (int c = 0; c < n && c < 224; c++) {
			simm_load_at(m, c, ph * PHASE_S, &b[c], &ghz, &lo, &hi, &tsc);
			mean += b[c] / n;
			per[simm_cpu_socket(m, c)]++;
			full[simm_cpu_socket(m, c)] += b[c] >= 0.97;
		}
		for (int c = 0; c < n && c < 224; c++)
			var += (b[c] - mean) * (b[c] - mean) / n;
		CHECK(sqrt(var) > 0.1, "phase %d: busy fractions hardly differ across CPUs (sd %.3f)", ph, sqrt(var));
		busy_socket_phases += full[0] == per[0] || full[1] == per[1];
	}
	for (int c = 0; c < n; c++) {
		double b0, b1, ghz, lo, hi, tsc;
		int idle_phases = 0;
		simm_load_at(m, c, 0, &b0, &ghz, &lo, &hi, &tsc);
		for (int ph = 1; ph < 10; ph++) {
			simm_load_at(m, c, ph * PHASE_S, &b1, &ghz, &lo, &hi, &tsc);
			changes += fabs(b1 - b0) > 0.05;
			idle_phases += b1 < 0.05;
			b0 = b1;
		}
		idle += idle_phases >= 5;   /* idle most of the time */
	}
	CHECK(idle > 0 && idle < n / 4, "%d idle CPUs of %d", idle, n);
	CHECK(changes > n * 9 / 3, "per-CPU load changed %d times in %d CPU-phases", changes, n * 9);
	CHECK(busy_socket_phases > 0 && busy_socket_phases < 50, "a socket ran flat out in %d of 50 phases",
	      busy_socket_phases);
	simm_free(m);
}

/* The same seed gives the same load and counts; another seed another load. */
TEST(seeded)
{
	char err[256], path[] = "/tmp/pmutop-seed.XXXXXX", line[512];
	struct sim_machine *a = simm_load("spr-2s", err, sizeof(err)), *b = simm_load("spr-2s", err, sizeof(err)), *c;
	FILE *in = fopen("machines/spr-2s.machine", "r"), *out;
	int fd = mkstemp(path), same = 1, differ = 0;

	CHECK(a && b && in && fd >= 0, "setup: %s", err);
	if (!a || !b || !in || fd < 0)
		goto out;
	out = fdopen(fd, "w");
	while (fgets(line, sizeof(line), in)) {
		fputs(line, out);
		if (!strcmp(line, "[machine]\n"))
			fputs("seed = 2\n", out);
	}
	fclose(out);
	c = simm_load(path, err, sizeof(err));
	CHECK(c != NULL, "seed 2: %s", err);
	for (int cpu = 0; c && cpu < 224; cpu += 7)
		for (int ph = 0; ph < 20; ph++) {
			double ra = rate(a, "cpu", cpu, PERF_COUNT_HW_INSTRUCTIONS, ph * PHASE_S);
			double rb = rate(b, "cpu", cpu, PERF_COUNT_HW_INSTRUCTIONS, ph * PHASE_S);
			double rc = rate(c, "cpu", cpu, PERF_COUNT_HW_INSTRUCTIONS, ph * PHASE_S);
			same &= ra == rb;
			differ += ra != rc;
		}
	CHECK(same, "the same seed gives the same rates");
	CHECK(differ > 500, "another seed gives other rates (%d of 640 differ)", differ);
	simm_free(c);
out:
	if (in)
		fclose(in);
	if (fd >= 0)
		unlink(path);
	simm_free(a);
	simm_free(b);
}

/* Counts follow the load across a phase boundary: a read at 2.3 s holds 2 s at the first phase's
 * rate and the rest at the second's (the simulated kernel integrates phase by phase). On the test's
 * clock: opened at 0, read at exactly 2.3 s. */
TEST(counts_follow_the_phases)
{
	char err[256];
	struct sim_machine *m = simm_load("m1-asahi", err, sizeof(err));
	struct perf_seam *s = m ? simk_new(m, NULL) : NULL;
	struct perf_event_attr a;
	uint64_t b[3], cfg;
	int cpu = -1, fd;
	double r0 = 0, r1 = 0, want, flat;

	CHECK(s != NULL && simclock_attach(s) == 0, "setup: %s", err);
	if (!s) {
		simm_free(m);
		return;
	}
	simm_generic_config(m, "apple_firestorm_pmu", PERF_COUNT_HW_INSTRUCTIONS, &cfg);
	for (int c = 4; c < 8 && cpu < 0; c++) {   /* a P-core whose load differs between the phases */
		r0 = simm_rate_t(m, "apple_firestorm_pmu", c, cfg, 0.5);
		r1 = simm_rate_t(m, "apple_firestorm_pmu", c, cfg, 2.5);
		if (fabs(r1 - r0) > 0.2 * r0)
			cpu = c;
	}
	CHECK(cpu >= 0, "no P-core with a load change between phases 0 and 1");
	if (cpu >= 0) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = PERF_TYPE_HARDWARE;
		a.config = PERF_COUNT_HW_INSTRUCTIONS;
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		fd = s->open(s->ctx, &a, -1, cpu, -1, 0);
		CHECK(fd >= 0, "open: %d", fd);
		simclock_advance_ms(2300);
		CHECK_EQ_INT(s->read(s->ctx, fd, b, sizeof(b)), 24);
		CHECK(b[1] == 2300000000u && b[2] == b[1], "enabled %llu, running %llu ns",
		      (unsigned long long)b[1], (unsigned long long)b[2]);
		want = r0 * PHASE_S + r1 * (2.3 - PHASE_S);
		flat = r0 * 2.3;
		CHECK_NEAR((double)b[0], floor(want), 1);   /* the kernel floors the sum of the parts */
		CHECK(fabs((double)b[0] - flat) > fabs(want - flat) / 2, "count %llu follows one rate (%.4g)",
		      (unsigned long long)b[0], flat);
		s->close(s->ctx, fd);
	}
	simk_free(s);
	simm_free(m);
}

int main(void)
{
	RUN(counts_follow_the_phases);
	RUN(physics_every_machine_every_phase);
	RUN(e_cores_slower);
	RUN(load_varies_across_cpus_and_time);
	RUN(seeded);
	T_DONE();
}
