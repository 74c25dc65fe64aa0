/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_kernel.c: the simulated kernel's rules: errors by event and CPU, groups, read layouts,
 * ioctls, CPUID, and each injected fault. Time passes on a clock the test moves (simclock.h), so
 * times and counts are exact, whatever the host's load. */
#include "t.h"
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "simclock.h"

static struct sim_machine *mach;
static struct perf_seam *seam;

static int setup(const char *name, const char *faults)
{
	char err[256];
	struct sim_faults f;

	mach = simm_load(name, err, sizeof(err));
	if (!mach || sim_faults_parse(faults, &f, err, sizeof(err)))
		return printf("     setup %s: %s\n", name, err), -1;
	seam = simk_new(mach, &f);
	return seam && simclock_attach(seam) == 0 ? 0 : -1;
}

static void teardown(void)
{
	simk_free(seam);
	simm_free(mach);
	seam = NULL;
	mach = NULL;
}

static int op(uint32_t type, uint64_t config, int cpu, int group, uint64_t rf, int disabled)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.read_format = rf;
	a.disabled = disabled;
	return seam->open(seam->ctx, &a, -1, cpu, group, 0);
}

/* Load the machine and its simulated kernel, or fail the test. */
#define SETUP(name, faults) do { if (setup(name, faults)) { CHECK(0, "setup %s", name); teardown(); return; } } while (0)

#define TE_TR (PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING)
#define MS 1000000ull   /* nanoseconds */

/* Events per second the machine counts for a generic hardware event on cpu now (the first phase
 * of its load: the tests stay well inside its first 2 s). */
static double generic_rate(const char *pmu, int hw, int cpu)
{
	uint64_t config = 0;

	return simm_generic_config(mach, pmu, hw, &config) == 0 ? simm_rate(mach, pmu, cpu, config) : NAN;
}

/* A count the kernel floors from a rate over some running time: within one event of it. */
#define CHECK_COUNT(got, rate, seconds) CHECK_NEAR((double)(got), floor((rate) * (seconds)), 1)

TEST(errors_by_event_and_cpu)
{
	struct perf_event_attr a;
	int lead;

	SETUP("spr-2s", NULL);
	CHECK_EQ_INT(op(999, 1, 0, -1, 0, 0), -ENOENT);                        /* unknown PMU type */
	CHECK_EQ_INT(op(PERF_TYPE_HARDWARE, 42, 0, -1, 0, 0), -EINVAL);         /* past PERF_COUNT_HW_MAX */
	CHECK_EQ_INT(op(PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, 0, -1, 0, 0), -ENOENT);
	CHECK_EQ_INT(op(PERF_TYPE_HW_CACHE, 9, 0, -1, 0, 0), -EINVAL);          /* no such cache */
	CHECK(op(PERF_TYPE_HW_CACHE, 0x10000 | 3, 0, -1, 0, 0) >= 1000, "LLC read misses open");
	CHECK(op(PERF_TYPE_RAW, 0x12345, 0, -1, 0, 0) >= 1000, "unknown raw config counts");
	CHECK_EQ_INT(op(PERF_TYPE_SOFTWARE, 99, 0, -1, 0, 0), -ENOENT);
	CHECK_EQ_INT(op(2, 1, 0, -1, 0, 0), -ENOENT);                           /* tracepoint id */
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 224, -1, 0, 0), -ENODEV);          /* no such CPU */
	CHECK_EQ_INT(op((uint32_t)simm_pmu_type(mach, "uncore_cha_7"), 0x101, 57, -1, 0, 0), -EINVAL);
	CHECK(op((uint32_t)simm_pmu_type(mach, "uncore_cha_7"), 0x101, 56, -1, 0, 0) >= 1000, "cha on 56");
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 0, -1, 1ull << 20, 0), -EINVAL);   /* unknown read_format bit */
	memset(&a, 0, sizeof(a));
	a.type = (uint32_t)simm_pmu_type(mach, "power");
	a.config = 2;
	a.sample_period = 1000;
	CHECK_EQ_INT(seam->open(seam->ctx, &a, -1, 0, -1, 0), -EOPNOTSUPP);     /* no sampling on RAPL */
	a.sample_period = 0;
	CHECK_EQ_INT(seam->open(seam->ctx, &a, 1234, 0, -1, 0), -EINVAL);       /* per task: not simulated */
	/* groups: one hardware PMU per group, members on the leader's CPU, at most what the PMU holds */
	lead = op(PERF_TYPE_RAW, 0x01a1, 0, -1, 0, 0);
	CHECK_EQ_INT(op((uint32_t)simm_pmu_type(mach, "uncore_imc_0"), 0x1, 0, lead, 0, 0), -EINVAL);
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x02a1, 1, lead, 0, 0), -EINVAL);
	CHECK(op(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 0, lead, 0, 0) >= 1000, "software joins");
	for (int i = 0; i < 7; i++)
		CHECK(op(PERF_TYPE_RAW, 0x02a1 + (uint64_t)i * 0x100, 0, lead, 0, 0) >= 1000, "member %d", i);
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x0fa1, 0, lead, 0, 0), -EINVAL);         /* a 9th GP event */
	CHECK(op(PERF_TYPE_RAW, 0xc0, 0, lead, 0, 0) >= 1000, "instructions still fit on fixed0");
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 0, 1999, 0, 0), -EINVAL);           /* no such group */
	teardown();
}

TEST(hybrid_and_vm_rules)
{
	int atom, core;

	SETUP("adl-hybrid", NULL);
	atom = simm_pmu_type(mach, "cpu_atom");
	core = simm_pmu_type(mach, "cpu_core");
	CHECK_EQ_INT(atom, 10);
	CHECK_EQ_INT(core, 4);
	CHECK_EQ_INT(op((uint32_t)atom, 0xc0, 0, -1, 0, 0), -ENOENT);            /* E-core PMU on a P-core */
	CHECK(op((uint32_t)atom, 0xc0, 16, -1, 0, 0) >= 1000, "cpu_atom on 16");
	CHECK_EQ_INT(op(PERF_TYPE_HARDWARE, (uint64_t)atom << 32, 3, -1, 0, 0), -ENOENT);
	CHECK(op(PERF_TYPE_HARDWARE, (uint64_t)atom << 32, 20, -1, 0, 0) >= 1000, "cpu_atom/cycles/ on 20");
	CHECK(op(PERF_TYPE_HARDWARE, (uint64_t)core << 32, 3, -1, 0, 0) >= 1000, "cpu_core/cycles/ on 3");
	CHECK_EQ_INT(op(PERF_TYPE_HARDWARE, 77ull << 32, 3, -1, 0, 0), -ENOENT);  /* not a core PMU */
	teardown();
	SETUP("kvm-nopmu", NULL);
	CHECK_EQ_INT(op(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, -1, 0, 0), -ENOENT);
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 0, -1, 0, 0), -ENOENT);
	CHECK_EQ_INT(op(PERF_TYPE_HW_CACHE, 0, 0, -1, 0, 0), -ENOENT);
	CHECK(op(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 1, -1, 0, 0) >= 1000, "cpu-clock counts");
	teardown();
	SETUP("altra-160", NULL);
	/* PERF_TYPE_RAW on Arm goes to the CPU's core PMU */
	CHECK(op(PERF_TYPE_RAW, 0x1, 159, -1, 0, 0) >= 1000, "r01 on armv8_pmuv3_0");
	teardown();
}

TEST(read_layouts)
{
	uint64_t b[16], id = 0;
	int fd, lead, m1;

	SETUP("spr-2s", NULL);
	fd = op(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 5, -1, TE_TR | PERF_FORMAT_ID, 0);
	simclock_advance_ms(20);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, 24), -ENOSPC);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 32);   /* value, enabled, running, id */
	CHECK_EQ_INT(seam->ioctl(seam->ctx, fd, PERF_EVENT_IOC_ID, (unsigned long)&id), 0);
	CHECK_EQ_U64(b[3], id);
	CHECK_EQ_INT(b[1], 20 * MS);                                  /* enabled the 20 ms */
	CHECK_EQ_INT(b[2], 20 * MS);                                  /* software always runs */
	CHECK_COUNT(b[0], 1e9, 0.02);                                 /* cpu-clock counts ns */
	fd = op(PERF_TYPE_RAW, 0x01a1, 5, -1, 0, 0);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 8);    /* value only */
	lead = op(PERF_TYPE_RAW, 0x01a1, 6, -1, PERF_FORMAT_GROUP, 0);
	m1 = op(PERF_TYPE_RAW, 0x02a1, 6, lead, PERF_FORMAT_GROUP, 0);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, b, sizeof(b)), 24); /* nr, value, value */
	CHECK_EQ_INT(b[0], 2);
	CHECK_EQ_INT(seam->read(seam->ctx, m1, b, sizeof(b)), 24);   /* a member reads the whole group */
	CHECK_EQ_INT(seam->read(seam->ctx, 4242, b, sizeof(b)), -EBADF);
	CHECK_EQ_INT(seam->close(seam->ctx, 4242), -EBADF);
	teardown();
}

TEST(ioctls)
{
	uint64_t a[4], b[4];
	int lead, memb;
	double ins;

	SETUP("zen4-1s", NULL);
	ins = generic_rate("cpu", PERF_COUNT_HW_INSTRUCTIONS, 2);
	CHECK(ins > 0, "instructions per second on CPU 2: %g", ins);
	lead = op(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 2, -1, TE_TR, 1);
	memb = op(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 2, lead, TE_TR, 0);
	simclock_advance_ms(10);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, a, sizeof(a)), 24);
	CHECK(a[0] == 0 && a[1] == 0 && a[2] == 0, "disabled: nothing counted, nothing enabled");
	CHECK_EQ_INT(seam->ioctl(seam->ctx, lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP), 0);
	simclock_advance_ms(20);
	CHECK_EQ_INT(seam->ioctl(seam->ctx, lead, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP), 0);
	CHECK_EQ_INT(seam->read(seam->ctx, memb, a, sizeof(a)), 24);
	/* the member was enabled from its open (30 ms: as the kernel's, its enabled time runs while it
	 * waits for its leader), it ran while its leader was on (20 ms) */
	CHECK_EQ_INT(a[1], 30 * MS);
	CHECK_EQ_INT(a[2], 20 * MS);
	CHECK_COUNT(a[0], ins, 0.02);
	simclock_advance_ms(20);
	CHECK_EQ_INT(seam->read(seam->ctx, memb, b, sizeof(b)), 24);
	CHECK(a[0] == b[0] && a[1] == b[1] && a[2] == b[2], "disabled group stops counting and its clock");
	CHECK_EQ_INT(seam->ioctl(seam->ctx, memb, PERF_EVENT_IOC_RESET, 0), 0);
	CHECK_EQ_INT(seam->read(seam->ctx, memb, b, sizeof(b)), 24);
	CHECK(b[0] == 0 && b[1] == a[1] && b[2] == a[2], "reset zeroes the count, not the times");
	CHECK_EQ_INT(seam->ioctl(seam->ctx, lead, 0x1234, 0), -ENOTTY);
	/* closing the leader leaves the member counting on its own */
	CHECK_EQ_INT(seam->ioctl(seam->ctx, lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP), 0);
	CHECK_EQ_INT(seam->close(seam->ctx, lead), 0);
	CHECK_EQ_INT(seam->read(seam->ctx, memb, a, sizeof(a)), 24);
	CHECK(a[0] == 0 && a[1] == 30 * MS && a[2] == 20 * MS, "closing the leader took no time: %llu %llu %llu",
	      (unsigned long long)a[0], (unsigned long long)a[1], (unsigned long long)a[2]);
	simclock_advance_ms(10);
	CHECK_EQ_INT(seam->read(seam->ctx, memb, b, sizeof(b)), 24);
	CHECK(b[1] - a[1] == 10 * MS && b[2] - a[2] == 10 * MS,
	      "the promoted member counts all the time: ran %llu of %llu ns", (unsigned long long)(b[2] - a[2]),
	      (unsigned long long)(b[1] - a[1]));
	CHECK_COUNT(b[0], ins, 0.01);
	CHECK_EQ_INT(seam->close(seam->ctx, memb), 0);
	teardown();
}

TEST(cpuid)
{
	uint32_t r[4];
	char v[13] = { 0 };

	SETUP("spr-2s", NULL);
	CHECK_EQ_INT(seam->cpuid(seam->ctx, 0, 0, r), 0);
	memcpy(v, &r[1], 4);
	memcpy(v + 4, &r[3], 4);
	memcpy(v + 8, &r[2], 4);
	CHECK_EQ_STR(v, "GenuineIntel");
	CHECK_EQ_INT(seam->cpuid(seam->ctx, 0x0a, 0, r), 0);
	CHECK_EQ_INT(r[0] >> 8 & 0xff, 8);      /* GP counters */
	CHECK_EQ_INT(r[0] >> 16 & 0xff, 48);    /* GP width */
	CHECK_EQ_INT(r[3] & 0x1f, 4);           /* fixed counters */
	CHECK_EQ_INT(r[3] >> 5 & 0xff, 48);     /* fixed width */
	teardown();
	SETUP("zen4-1s", NULL);
	CHECK_EQ_INT(seam->cpuid(seam->ctx, 0x80000022, 0, r), 0);
	CHECK_EQ_INT(r[1] & 0xf, 6);
	teardown();
	SETUP("m1-asahi", NULL);
	CHECK_EQ_INT(seam->cpuid(seam->ctx, 0, 0, r), -ENOTSUP);
	teardown();
}

TEST(fault_parsing)
{
	struct sim_faults f;
	char err[256];

	CHECK_EQ_INT(sim_faults_parse("eacces,emfile=10,enodev=3@1.5,shortread=4,readfail=7", &f, err, sizeof(err)), 0);
	CHECK(f.eacces && f.emfile_after == 10 && f.enodev_cpu == 3 && f.shortread_after == 4 &&
	      f.readfail_after == 7, "all parsed");
	CHECK_NEAR(f.enodev_at, 1.5, 1e-9);
	CHECK(f.enodev_back < 0, "never back unless said");
	CHECK_EQ_INT(sim_faults_parse("enodev=1@0.5-2.25", &f, err, sizeof(err)), 0);
	CHECK(f.enodev_cpu == 1 && f.enodev_at == 0.5 && f.enodev_back == 2.25, "offline 0.5 s to 2.25 s");
	CHECK_EQ_INT(sim_faults_parse("enodev=1@2-1", &f, err, sizeof(err)), -EINVAL);   /* back before gone */
	CHECK_EQ_INT(sim_faults_parse("enodev=1@2-", &f, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(sim_faults_parse(NULL, &f, err, sizeof(err)), 0);
	CHECK_EQ_INT(f.enodev_cpu, -1);
	CHECK_EQ_INT(sim_faults_parse("emfile=0", &f, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(sim_faults_parse("enodev=3", &f, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(sim_faults_parse("bogus", &f, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "bogus") != NULL, "message names the bad fault: %s", err);
}

TEST(fault_eacces_emfile)
{
	int fds[3];

	SETUP("spr-2s", "eacces");
	CHECK_EQ_INT(op(PERF_TYPE_SOFTWARE, 0, 0, -1, 0, 0), -EACCES);
	teardown();
	SETUP("spr-2s", "emfile=3");
	for (int i = 0; i < 3; i++)
		CHECK((fds[i] = op(PERF_TYPE_SOFTWARE, 0, i, -1, 0, 0)) >= 1000, "open %d", i);
	CHECK_EQ_INT(op(PERF_TYPE_SOFTWARE, 0, 3, -1, 0, 0), -EMFILE);
	CHECK_EQ_INT(seam->close(seam->ctx, fds[1]), 0);
	CHECK(op(PERF_TYPE_SOFTWARE, 0, 3, -1, 0, 0) >= 1000, "a closed fd makes room");
	teardown();
}

/* Hot-unplug as Linux 6.1 does it (perf_event_exit_cpu; seen on the arm64 guest of make
 * test-kernel): the CPU's counters are turned off for good, read() still answers with the count and
 * times where they stopped, a group read holds the leader alone (the group is broken up), and
 * opening on the CPU answers ENODEV until it is back; then new counters count, the old stay off. */
TEST(fault_enodev)
{
	uint64_t b[4], g[7], h[7];
	int f0, f1, lead;

	SETUP("spr-2s", "enodev=1@0.05-0.15");
	f0 = op(PERF_TYPE_RAW, 0x3c, 0, -1, TE_TR, 0);
	f1 = op(PERF_TYPE_RAW, 0x3c, 1, -1, TE_TR, 0);
	lead = op(PERF_TYPE_RAW, 0x01a1, 1, -1, TE_TR | PERF_FORMAT_GROUP, 0);
	op(PERF_TYPE_RAW, 0x02a1, 1, lead, TE_TR | PERF_FORMAT_GROUP, 0);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, g, sizeof(g)), 40);
	CHECK_EQ_U64(g[0], 2);
	simclock_advance_ms(49);
	CHECK_EQ_INT(seam->read(seam->ctx, f1, b, sizeof(b)), 24);     /* still counting 1 ms before */
	CHECK_EQ_U64(b[1], 49 * MS);
	simclock_advance_ms(11);                                        /* offline since 50 ms */
	CHECK_EQ_INT(seam->read(seam->ctx, f1, b, sizeof(b)), 24);     /* still answers */
	CHECK_EQ_U64(b[1], 50 * MS);                                    /* enabled stopped at the unplug */
	CHECK_EQ_U64(b[2], 50 * MS);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, g, sizeof(g)), 32);   /* the leader alone */
	CHECK_EQ_U64(g[0], 1);
	CHECK_EQ_INT(seam->read(seam->ctx, f0, b, sizeof(b)), 24);     /* CPU 0 counts on */
	CHECK_EQ_U64(b[1], 60 * MS);
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 1, -1, 0, 0), -ENODEV);
	simclock_advance_ms(20);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, h, sizeof(h)), 32);   /* stands still */
	CHECK(h[1] == g[1] && h[2] == g[2] && h[3] == g[3], "frozen: %llu %llu", (unsigned long long)h[1],
	      (unsigned long long)g[1]);
	CHECK_EQ_INT(seam->ioctl(seam->ctx, lead, PERF_EVENT_IOC_ENABLE, 0), 0);
	simclock_advance_ms(69);
	CHECK_EQ_INT(op(PERF_TYPE_RAW, 0x3c, 1, -1, 0, 0), -ENODEV);   /* 1 ms before it is back */
	simclock_advance_ms(1);                                         /* back online at 150 ms */
	f1 = op(PERF_TYPE_RAW, 0x3c, 1, -1, TE_TR, 0);
	CHECK(f1 >= 1000, "opens again once back: %d", f1);
	CHECK_EQ_INT(seam->read(seam->ctx, lead, h, sizeof(h)), 32);   /* the old one still off */
	CHECK_EQ_U64(h[1], g[1]);
	simclock_advance_ms(10);
	CHECK_EQ_INT(seam->read(seam->ctx, f1, b, sizeof(b)), 24);
	CHECK(b[1] == 10 * MS && b[2] == 10 * MS && b[0] > 0, "the new one counts: %llu ns, %llu",
	      (unsigned long long)b[1], (unsigned long long)b[0]);
	CHECK_EQ_INT(seam->close(seam->ctx, lead), 0);
	teardown();
}

TEST(fault_short_and_failed_reads)
{
	uint64_t b[8];
	int fd;

	SETUP("spr-2s", "shortread=2");
	fd = op(PERF_TYPE_RAW, 0x3c, 0, -1, TE_TR | PERF_FORMAT_ID, 0);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 32);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 16);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 16);
	teardown();
	SETUP("spr-2s", "readfail=2");
	fd = op(PERF_TYPE_RAW, 0x3c, 0, -1, 0, 0);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), 8);
	CHECK_EQ_INT(seam->read(seam->ctx, fd, b, sizeof(b)), -EIO);
	teardown();
}

static int op1(uint64_t config, uint64_t config1, int cpu, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_RAW;
	a.config = config;
	a.config1 = config1;
	a.read_format = TE_TR;
	return seam->open(seam->ctx, &a, -1, cpu, group, 0);
}

/* Three offcore events with three response masks need three offcore response MSRs; a CPU has two
 * (0x1a6, 0x1a7), so they rotate though GP counters are free: each rotation step (4 ms on spr-2s)
 * runs the two from its place in the rotation on, so each event runs 2 of every 3 steps. Two of
 * them on the same MSR code (0x2a) fit: the second moves to the other register (intel_alt_er). */
TEST(offcore_limit)
{
	static const uint64_t rsp[3] = { 0x3fbfc00001ull, 0x3f3fc00002ull, 0x10001ull };
	uint64_t b[3];
	int fd[3];

	SETUP("spr-2s", NULL);
	for (int i = 0; i < 3; i++)
		fd[i] = op1(0x012a, rsp[i], 0, -1);
	simclock_advance_ms(60);   /* 15 steps, 5 rotations: each ran 10 steps of 4 ms */
	for (int i = 0; i < 3; i++) {
		CHECK_EQ_INT(seam->read(seam->ctx, fd[i], b, sizeof(b)), 24);
		CHECK_EQ_INT(b[1], 60 * MS);
		CHECK_EQ_INT(b[2], 40 * MS);
	}
	CHECK_EQ_INT(seam->close(seam->ctx, fd[2]), 0);
	{
		uint64_t a0[3], a1[3], b0[3], b1[3];

		seam->read(seam->ctx, fd[0], a0, sizeof(a0));
		seam->read(seam->ctx, fd[1], a1, sizeof(a1));
		simclock_advance_ms(30);
		seam->read(seam->ctx, fd[0], b0, sizeof(b0));
		seam->read(seam->ctx, fd[1], b1, sizeof(b1));
		CHECK(b0[1] - a0[1] == 30 * MS && b0[2] - a0[2] == 30 * MS && b1[1] - a1[1] == 30 * MS &&
		      b1[2] - a1[2] == 30 * MS, "two fit: both run all the time: %llu %llu of %llu %llu ns",
		      (unsigned long long)(b0[2] - a0[2]), (unsigned long long)(b1[2] - a1[2]),
		      (unsigned long long)(b0[1] - a0[1]), (unsigned long long)(b1[1] - a1[1]));
	}
	teardown();
	/* the same response mask three times shares one register: all three run all the time */
	SETUP("spr-2s", NULL);
	for (int i = 0; i < 3; i++)
		fd[i] = op1(0x012a, rsp[0], 0, -1);
	simclock_advance_ms(60);
	for (int i = 0; i < 3; i++) {
		CHECK_EQ_INT(seam->read(seam->ctx, fd[i], b, sizeof(b)), 24);
		CHECK_EQ_INT(b[2], 60 * MS);
	}
	/* a group that needs three registers could never go on: refused at open (validate_group) */
	fd[0] = op1(0x012b, rsp[0], 1, -1);
	CHECK(fd[0] >= 1000 && op1(0x012a, rsp[1], 1, fd[0]) >= 1000, "two masks in one group open");
	CHECK_EQ_INT(op1(0x012a, rsp[2], 1, fd[0]), -EINVAL);
	/* bits the register does not take: EINVAL, as x86_pmu_extra_regs */
	CHECK_EQ_INT(op1(0x012a, 1ull << 40, 1, -1), -EINVAL);
	teardown();
}

/* Events the constraint table limits to counters 0-3 (event selects 0x01-0x8f and 0xd0-0xdf on
 * Sapphire Rapids) take turns when five want them, though three GP counters stay free; four fit
 * beside four events that may use any counter. */
TEST(counter_constraints)
{
	uint64_t b[3];
	int fd[8];

	SETUP("spr-2s", NULL);
	for (int i = 0; i < 5; i++)
		fd[i] = op1(0x20d1 + ((uint64_t)i << 24), 0, 0, -1);
	simclock_advance_ms(60);
	for (int i = 0; i < 5; i++) {
		CHECK_EQ_INT(seam->read(seam->ctx, fd[i], b, sizeof(b)), 24);
		CHECK(b[2] < b[1], "event %d of 5 on counters 0-3 ran %llu of %llu ns", i,
		      (unsigned long long)b[2], (unsigned long long)b[1]);
	}
	teardown();
	SETUP("spr-2s", NULL);
	for (int i = 0; i < 8; i++)
		fd[i] = op1(i < 4 ? 0x20d1 + ((uint64_t)i << 24) : 0x01c2 + ((uint64_t)i << 24), 0, 0, -1);
	simclock_advance_ms(60);
	for (int i = 0; i < 8; i++) {
		CHECK_EQ_INT(seam->read(seam->ctx, fd[i], b, sizeof(b)), 24);
		CHECK_EQ_INT(b[2], 60 * MS);
	}
	teardown();
}

/* Groups go on all or nothing: 5 + 4 GP events for 8 counters (the NMI watchdog holds fixed
 * counter 1, not a GP one) take turns, one 4 ms rotation step each, and each member runs exactly
 * when its leader does. */
TEST(groups_all_or_nothing)
{
	uint64_t l[3], o[3], la[3], lb[3], oa[3], ob[3], ma[3], mb[3];
	int a, b, am = -1;

	SETUP("spr-2s", NULL);
	a = op(PERF_TYPE_RAW, 0x01a1, 2, -1, TE_TR, 0);
	for (int i = 1; i < 5; i++)
		am = op(PERF_TYPE_RAW, 0x01a1 + (uint64_t)i * 0x100, 2, a, TE_TR, 0);
	b = op(PERF_TYPE_RAW, 0x01a2, 2, -1, TE_TR, 0);
	for (int i = 1; i < 4; i++)
		op(PERF_TYPE_RAW, 0x01a2 + (uint64_t)i * 0x100, 2, b, TE_TR, 0);
	simclock_advance_ms(80);   /* 20 steps: 10 each */
	seam->read(seam->ctx, a, l, sizeof(l));
	seam->read(seam->ctx, b, o, sizeof(o));
	CHECK(l[1] == 80 * MS && o[1] == 80 * MS, "enabled %llu and %llu ns", (unsigned long long)l[1],
	      (unsigned long long)o[1]);
	CHECK(l[2] == 40 * MS && o[2] == 40 * MS, "both groups ran half the time: %llu and %llu ns",
	      (unsigned long long)l[2], (unsigned long long)o[2]);
	CHECK_COUNT(l[0], simm_rate(mach, "cpu", 2, 0x01a1), 0.04);
	/* The member runs exactly when its leader does, over a stretch that ends within a step:
	 * 80..100 ms is steps 20..24, a's at 20, 22, 24 (12 ms), b's at 21, 23 (8 ms). */
	seam->read(seam->ctx, am, ma, sizeof(ma));
	seam->read(seam->ctx, a, la, sizeof(la));
	seam->read(seam->ctx, b, oa, sizeof(oa));
	simclock_advance_ms(20);
	seam->read(seam->ctx, am, mb, sizeof(mb));
	seam->read(seam->ctx, a, lb, sizeof(lb));
	seam->read(seam->ctx, b, ob, sizeof(ob));
	CHECK_EQ_INT(lb[2] - la[2], 12 * MS);
	CHECK_EQ_INT(mb[2] - ma[2], 12 * MS);
	CHECK_EQ_INT(ob[2] - oa[2], 8 * MS);
	CHECK_EQ_INT(ma[2], la[2]);
	/* and part of a step: 2 ms into step 25, b's */
	simclock_advance_ms(2);
	seam->read(seam->ctx, a, la, sizeof(la));
	seam->read(seam->ctx, b, oa, sizeof(oa));
	CHECK(la[2] == lb[2] && oa[2] == ob[2] + 2 * MS, "a ran %llu ns, b %llu ns in the first 2 ms of step 25",
	      (unsigned long long)(la[2] - lb[2]), (unsigned long long)(oa[2] - ob[2]));
	teardown();
}

int main(void)
{
	RUN(errors_by_event_and_cpu);
	RUN(hybrid_and_vm_rules);
	RUN(read_layouts);
	RUN(ioctls);
	RUN(cpuid);
	RUN(offcore_limit);
	RUN(counter_constraints);
	RUN(groups_all_or_nothing);
	RUN(fault_parsing);
	RUN(fault_eacces_emfile);
	RUN(fault_enodev);
	RUN(fault_short_and_failed_reads);
	T_DONE();
}
