/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sysrates.c: what a machine without a PMU can still count: interrupts per CPU from
 * /proc/interrupts and clocks from cpufreq and /proc/cpuinfo (hostile text bounded), the
 * simulated kernel's /proc/interrupts, and the model's per-second rates and mean clocks. */
#include "t.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hw/sys/cpufreq.h"
#include "hw/model/model.h"
#include "hw/sys/procirq.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_desc.h"
#include "simclock.h"

/* The text of a real 2-CPU KVM guest, shortened; the ERR/MIS lines have one count. */
static const char kvm_text[] =
	"           CPU0       CPU1       \n"
	"  1:          9          0   IO-APIC   1-edge      i8042\n"
	" 26:          0          7   IO-APIC   4-edge      ttyS0\n"
	" 36:          0    1595676 PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0\n"
	"NMI:          0          0   Non-maskable interrupts\n"
	"LOC:    2813296    2946075   Local timer interrupts\n"
	"RES:     483438     323875   Rescheduling interrupts\n"
	"ERR:          0\n"
	"MIS:          0\n"
	"PIN:          0          0   Posted-interrupt notification event\n";

TEST(interrupts_kernel_text)
{
	struct procirq pi = { 0 };

	CHECK_EQ_INT(procirq_parse(&pi, kvm_text), 0);
	CHECK_EQ_INT(pi.n, 2);
	CHECK_EQ_U64(pi.count[0], 9ull + 2813296 + 483438);
	CHECK_EQ_U64(pi.count[1], 7ull + 1595676 + 2946075 + 323875);
	/* offline CPUs have no column: the header names the rest */
	CHECK_EQ_INT(procirq_parse(&pi, "   CPU0   CPU3\nLOC: 5 6 Local timer\n"), 0);
	CHECK_EQ_INT(procirq_find(&pi, 3), 1);
	CHECK_EQ_INT(procirq_find(&pi, 1), -1);
	CHECK_EQ_U64(pi.count[1], 6);
	/* a description word that starts with a digit is not a count */
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0 CPU1\n 4: 10 2-edge x\n 5: 1 2 3-edge\n"), 0);
	CHECK_EQ_U64(pi.count[0], 1);
	CHECK_EQ_U64(pi.count[1], 2);
	procirq_free(&pi);
}

TEST(interrupts_hostile)
{
	struct procirq pi = { 0 };
	char *big;
	size_t o = 0;

	CHECK_EQ_INT(procirq_parse(&pi, ""), -EINVAL);                        /* no header */
	CHECK_EQ_INT(procirq_parse(&pi, "LOC: 1 2\n"), -EINVAL);
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0 CPU0\n"), -EINVAL);             /* a CPU twice */
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0 CPU65536\n"), -EINVAL);         /* past the bound */
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0 CPUx\n"), -EINVAL);
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0\nLOC: 18446744073709551616 x\n"), -EINVAL);  /* 2^64 */
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0\nLOC: 18446744073709551615 x\nRES: 1 y\n"), 0);
	CHECK_EQ_U64(pi.count[0], UINT64_MAX);                                /* saturates */
	/* lines without a name or colon are skipped, not misread */
	CHECK_EQ_INT(procirq_parse(&pi, "CPU0\n: 5\nLOC 5\n\n\nX: 3\n"), 0);
	CHECK_EQ_U64(pi.count[0], 3);
	/* the largest header the bound allows parses in linear time */
	big = malloc(12u * 65536 + 64);
	CHECK(big != NULL, "memory");
	if (!big)
		return;
	for (int c = 0; c <= PROCIRQ_MAX_CPU; c++)
		o += (size_t)sprintf(big + o, " CPU%d", PROCIRQ_MAX_CPU - c);
	sprintf(big + o, "\n");
	CHECK_EQ_INT(procirq_parse(&pi, big), 0);
	CHECK_EQ_INT(pi.n, PROCIRQ_MAX_CPU + 1);
	free(big);
	procirq_free(&pi);
}

TEST(cpufreq_texts)
{
	double mhz = 0;
	int cpus[4];
	double v[4];

	CHECK_EQ_INT(cpufreq_parse_khz("2400000\n", &mhz), 0);
	CHECK_NEAR(mhz, 2400, 1e-9);
	CHECK_EQ_INT(cpufreq_parse_khz("  800000  ", &mhz), 0);
	CHECK_NEAR(mhz, 800, 1e-9);
	CHECK_EQ_INT(cpufreq_parse_khz("", &mhz), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_khz("0", &mhz), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_khz("-5", &mhz), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_khz("2400000 kHz", &mhz), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_khz("999999999999999999999", &mhz), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_khz("100000001", &mhz), -EINVAL);   /* past 100 GHz */

	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor\t: 0\ncpu MHz\t\t: 2096.013\n\n"
					   "processor\t: 2\nmodel name\t: x\ncpu MHz\t\t: 3500\n", cpus, v, 4), 2);
	CHECK_EQ_INT(cpus[0], 0);
	CHECK_NEAR(v[0], 2096.013, 1e-9);
	CHECK_EQ_INT(cpus[1], 2);
	CHECK_NEAR(v[1], 3500, 1e-9);
	/* Arm: no clock lines */
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor\t: 0\nBogoMIPS\t: 50.00\n", cpus, v, 4), 0);
	/* at most max entries */
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 0\ncpu MHz : 1\nprocessor : 1\ncpu MHz : 1\n", cpus, v, 1), 1);
	/* a clock without a processor line belongs to no CPU */
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("cpu MHz : 1000\n", cpus, v, 4), 0);
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 99999999\ncpu MHz : 1\n", cpus, v, 4), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 1.5\ncpu MHz : 1\n", cpus, v, 4), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 0\ncpu MHz : 0\n", cpus, v, 4), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 0\ncpu MHz : 9999999\n", cpus, v, 4), -EINVAL);
	CHECK_EQ_INT(cpufreq_parse_cpuinfo("processor : 0\ncpu MHz : abc\n", cpus, v, 4), -EINVAL);
}

/* The simulated kernel's /proc/interrupts parses, has a column per CPU, and grows. */
TEST(sim_interrupts)
{
	char err[256], *buf = malloc(1 << 20);
	struct sim_machine *m = simm_load("kvm-nopmu", err, sizeof(err));
	struct perf_seam *s = m ? simk_new(m, NULL) : NULL;
	struct procirq a = { 0 }, b = { 0 };

	CHECK(m && s && buf && simclock_attach(s) == 0, "kvm-nopmu: %s", err);
	if (!m || !s || !buf)
		return;
	CHECK(s->proc_interrupts != NULL, "the simulated kernel has a /proc/interrupts");
	CHECK(s->proc_interrupts(s->ctx, buf, 1 << 20) > 0, "read");
	CHECK_EQ_INT(procirq_parse(&a, buf), 0);
	CHECK_EQ_INT(a.n, m->ncpus);
	CHECK(s->proc_interrupts(s->ctx, buf, 64) == -ENOSPC, "a short buffer is an error, not a cut file");
	simclock_advance_ms(50);   /* the timer alone raises 20 a second on every CPU */
	CHECK(s->proc_interrupts(s->ctx, buf, 1 << 20) > 0, "read");
	CHECK_EQ_INT(procirq_parse(&b, buf), 0);
	for (int c = 0; c < a.n && c < b.n; c++)
		CHECK(b.count[c] > a.count[c], "cpu%d: %llu then %llu", c, (unsigned long long)a.count[c],
		      (unsigned long long)b.count[c]);
	procirq_free(&a);
	procirq_free(&b);
	free(buf);
	simk_free(s);
	simm_free(m);
}

/* Per-second rates from interval counts; aggregates sum interrupts and average clocks. */
TEST(model_rates)
{
	struct model m = { 0 };
	int ids[3] = { 0, 1, 2 }, sock[3] = { 0, 0, 1 }, core[3] = { 0, 1, 0 }, sids[2] = { 0, 1 };

	CHECK_EQ_INT(model_init(&m, 3, ids, sock, core, 2, sids, 4), 0);
	CHECK_EQ_INT(model_alloc_frame(&m), 0);
	m.cur.interval = 0.5;
	m.cur.swr[0 * SWR_N + SWR_IRQ] = 100, m.cur.swr[0 * SWR_N + SWR_NIRQ] = 1;
	m.cur.swr[0 * SWR_N + SWR_MHZ] = 2000, m.cur.swr[0 * SWR_N + SWR_NMHZ] = 1;
	m.cur.swr[1 * SWR_N + SWR_IRQ] = 300, m.cur.swr[1 * SWR_N + SWR_NIRQ] = 1;
	m.cur.swr[1 * SWR_N + SWR_MHZ] = 3000, m.cur.swr[1 * SWR_N + SWR_NMHZ] = 1;
	/* CPU 2 told nothing */
	model_derive(&m);
	CHECK_NEAR(m.cur.cpu_m[0 * NMETRICS + M_IRQ_RATE], 200, 1e-9);
	CHECK_NEAR(m.cur.cpu_m[1 * NMETRICS + M_MHZ], 3000, 1e-9);
	CHECK(isnan(m.cur.cpu_m[2 * NMETRICS + M_IRQ_RATE]), "unknown is NAN, not 0");
	CHECK(isnan(m.cur.cpu_m[2 * NMETRICS + M_MHZ]), "unknown is NAN, not 0");
	CHECK_NEAR(m.cur.sock_m[0 * NMETRICS + M_IRQ_RATE], 800, 1e-9);
	CHECK_NEAR(m.cur.sock_m[0 * NMETRICS + M_MHZ], 2500, 1e-9);
	CHECK(isnan(m.cur.sock_m[1 * NMETRICS + M_MHZ]), "socket 1 has no clock");
	CHECK_NEAR(m.cur.sys_m[M_IRQ_RATE], 800, 1e-9);
	CHECK_NEAR(m.cur.sys_m[M_MHZ], 2500, 1e-9);
	model_free(&m);
}

int main(void)
{
	RUN(interrupts_kernel_text);
	RUN(interrupts_hostile);
	RUN(cpufreq_texts);
	RUN(sim_interrupts);
	RUN(model_rates);
	T_DONE();
}
