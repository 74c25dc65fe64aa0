/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* budget_probe.c: how many counters each core PMU has, and how wide they are: CPUID on x86, the
 * kernel's answer to a group on Arm (once per PMU), else a table. */
#include "budget.h"
#include "hw/sys/pmu.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Core PMUs without a CPUID answer: counters per logical CPU. An Arm PMU's figures here are only
 * what is said when the kernel does not answer (arm_limits). */
static const struct {
	const char *prefix;
	int gp, fixed, width;
} pmu_table[] = {
	{ "cpu_core", 8, 4, 48 },               /* Golden Cove P-core */
	{ "cpu_atom", 6, 3, 48 },               /* Gracemont E-core */
	{ "apple_icestorm_pmu", 8, 2, 48 },     /* M1: PMC0 cycles, PMC1 instructions fixed */
	{ "apple_firestorm_pmu", 8, 2, 48 },
	{ "apple_blizzard_pmu", 8, 2, 64 },     /* M2 */
	{ "apple_avalanche_pmu", 8, 2, 64 },
	{ "armv8_", 6, 1, 32 },                 /* PMUv3: 6 event counters (Neoverse N1) + PMCCNTR */
	{ "armv9_", 6, 1, 32 },
};

bool budget_is_arm(const char *pmu)
{
	return strncmp(pmu, "armv", 4) == 0 && (pmu[4] == '8' || pmu[4] == '9') && pmu[5] == '_';
}

static bool is_intel(const struct topology *t) { return strcmp(t->vendor, "GenuineIntel") == 0; }
static bool is_amd(const struct topology *t) { return strcmp(t->vendor, "AuthenticAMD") == 0; }

static void from_table(struct budget *b, const char *name)
{
	for (size_t i = 0; i < sizeof(pmu_table) / sizeof(pmu_table[0]); i++)
		if (strncmp(name, pmu_table[i].prefix, strlen(pmu_table[i].prefix)) == 0) {
			b->gp = pmu_table[i].gp;
			b->fixed = pmu_table[i].fixed;
			b->width = pmu_table[i].width;
			snprintf(b->source, sizeof(b->source), "table");
			return;
		}
}

static void from_cpuid(struct budget *b, const struct topology *t, const struct perf_seam *seam)
{
	uint32_t r[4];

	if (!seam->cpuid)
		return;
	if (is_intel(t) && seam->cpuid(seam->ctx, 0x0a, 0, r) == 0 && (r[0] & 0xff) > 0) {
		b->gp = (r[0] >> 8) & 0xff;
		b->width = (r[0] >> 16) & 0xff;
		b->fixed = r[3] & 0x1f;
		snprintf(b->source, sizeof(b->source), "CPUID 0x0A");
	} else if (is_amd(t)) {
		if (seam->cpuid(seam->ctx, 0x80000022, 0, r) == 0 && (r[1] & 0xf)) {
			b->gp = r[1] & 0xf;
			snprintf(b->source, sizeof(b->source), "CPUID 0x80000022");
		} else {
			b->gp = 6;   /* family 17h and later */
			snprintf(b->source, sizeof(b->source), "AMD family data");
		}
		b->fixed = 0;
		b->width = 48;
	}
}

/* A CPU the PMU counts on that is online, -1 none. */
static int pmu_cpu(const struct pmu *p, const struct topology *topo)
{
	for (int i = 0; p->cpus && i < p->ncpus; i++)
		if (topo_index(topo, p->cpus[i]) >= 0)
			return p->cpus[i];
	return !p->cpus && topo->ncpus > 0 ? topo->cpus[0].cpu : -1;
}

#define GROUP_MAX 64   /* past the architecture's 31 event counters */

/* The largest group of events cfg (config, config1) of PMU p the kernel accepts on cpu: opened off,
 * until the kernel refuses one with EINVAL, then closed. -1 when it refused none of GROUP_MAX or
 * answered something else (EACCES, ENOENT: not an answer about counters). */
static int group_limit(const struct perf_seam *seam, const struct pmu *p, int cpu, const uint64_t cfg[2])
{
	int fds[GROUP_MAX], n, fd = -EINVAL;

	for (n = 0; n < GROUP_MAX; n++) {
		/* off, and never turned on (a CPU's event sees no exec), yet counted by the driver's group
		 * check: the armv8 driver's validate_event passes an event that is off without it */
		struct perf_event_attr at = { .size = sizeof(at), .type = p->type, .config = cfg[0],
					      .config1 = cfg[1], .disabled = 1, .enable_on_exec = 1,
					      .read_format = PERF_FORMAT_GROUP };
		if ((fd = seam->open(seam->ctx, &at, -1, cpu, n ? fds[0] : -1, 0)) < 0)
			break;
		fds[n] = fd;
	}
	for (int k = n - 1; k >= 0; k--)
		seam->close(seam->ctx, fds[k]);
	return fd == -EINVAL && n > 0 ? n : -1;
}

/* Arm PMUv3 has no CPUID, and its counters are in no sysfs file (caps/ holds slots, bus_slots and
 * bus_width; the boot message's "N counters available" counts the cycle counter too): the armv8
 * driver refuses (EINVAL) a group it cannot place on the general counters, so their number is the
 * largest group of SW_INCR (0x00: neither the cycle counter's 0x11 nor INST_RETIRED, which a part
 * with FEAT_PMUv3_ICNTR counts on an instruction counter) that opens. Their width: an event with
 * the `long` format bit (config1:0) takes one counter where they are 64-bit (PMUv3p5) and chains
 * an even/odd pair of 32-bit ones before, so the group of long events holds all or about half. */
static void arm_limits(struct budget *b, const struct pmu *p, const struct topology *topo,
		       const struct perf_seam *seam)
{
	const struct pmu_format *lf = pmu_find_format(p, "long");
	uint64_t cfg[4] = { 0 };
	int cpu = pmu_cpu(p, topo), gp, wide;

	if (cpu < 0 || !seam->open || (gp = group_limit(seam, p, cpu, cfg)) < 0)
		return;
	b->gp = gp;
	snprintf(b->source, sizeof(b->source), "kernel (a group of %d)", gp);
	if (!lf || pmu_format_apply(lf, 1, cfg) < 0 || cfg[0] || cfg[2] || cfg[3])
		return;   /* no long events here: the table's width */
	wide = group_limit(seam, p, cpu, cfg);
	if (wide > 0)
		b->width = wide == gp ? 64 : 32;
}

int budget_probe(const struct pmu_registry *reg, const struct topology *topo,
		 const struct perf_seam *seam, struct budget *out, int max)
{
	char buf[16];
	bool nmi = procfs_read("sys/kernel/nmi_watchdog", buf, sizeof(buf)) > 0 && atoi(buf) == 1;
	int n = 0;

	for (int p = 0; p < reg->n && n < max; p++) {
		const struct pmu *pm = &reg->pmus[p];
		struct budget *b = &out[n];
		if (pm->kind != PMU_KIND_CORE)
			continue;
		memset(b, 0, sizeof(*b));
		snprintf(b->pmu, sizeof(b->pmu), "%s", pm->name);
		b->gp = b->fixed = -1;
		if (!reg->hybrid)
			from_cpuid(b, topo, seam);
		if (b->gp < 0)
			from_table(b, pm->name);
		if (budget_is_arm(pm->name))
			arm_limits(b, pm, topo, seam);
		b->nmi_watchdog = nmi;   /* on every vendor: what it holds depends on the fixed counters */
		n++;
	}
	return n;
}
