/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_load.c: the simulated machines' load over time: phases of a few seconds in which each CPU has a
 * busy fraction and a clock, idle CPUs, a busy socket now and then, all from the machine's seed; and the
 * event rates that follow from them without breaking physics (clock within the part's turbo range,
 * ref-cycles and bus-cycles at most the TSC rate, misses never above accesses). */
#include <math.h>
#include <stdbool.h>

#include <linux/perf_event.h>

#include "sim_load.h"

static double unit(uint64_t a, uint64_t b)
{
	return (double)(simm_hash(a, b) >> 11) / (double)(1ull << 53);
}

bool simm_phased(const struct simm_pmu *p)
{
	return p->kind == SIMM_CORE && p->ghz_max > 0;
}

long simm_phase_of(double t)
{
	return t > 0 ? (long)fmin(floor(t / SIMM_PHASE_S), 1e15) : 0;
}

/* What runs on a socket in a phase: mostly the usual work; now and then a compute-bound stretch
 * (IPC up, misses down) or an antagonist, a memory-bound neighbour thrashing the shared L3 (misses
 * up two- to fourfold, IPC down to about half). */
static void socket_work(uint64_t seed, uint64_t ph, int socket, double *ipc, double *miss)
{
	uint64_t h = simm_hash(seed ^ 0xa17a, ph * 64 + (uint64_t)socket);
	double u = (double)(h >> 40) / (double)(1ull << 24), v = (double)(h & 0xffffff) / (double)(1ull << 24);

	if (u < 0.22) {
		*miss = 2 + 2 * v;
		*ipc = 0.6 - 0.15 * v;
	} else if (u < 0.4) {
		*miss = 0.5 + 0.2 * v;
		*ipc = 1.15 + 0.15 * v;
	} else {
		*miss = 0.85 + 0.3 * v;
		*ipc = 0.9 + 0.2 * v;
	}
}

/* simm_cpu_state; the work's IPC and misses only when work is set (else 1: most rates need neither) */
static void cpu_load(const struct sim_machine *m, const struct simm_pmu *p, int cpu, long phase,
		     struct simm_state *st, bool work)
{
	uint64_t seed = m->seed, ph = (uint64_t)phase, c = (uint64_t)cpu;
	int socket = m->cpus[cpu].socket;
	double busy, level;

	if (m->sockets > 1 && unit(seed ^ 0xb5, ph) < 0.35 &&
	    socket == (int)(simm_hash(seed, ph) % (uint64_t)m->sockets)) {
		/* now and then one socket runs flat out */
		busy = 0.97;
	} else if (unit(seed ^ 0x1d1e, c) < 0.08) {
		/* an idle CPU: housekeeping only */
		busy = 0.01 + 0.03 * unit(seed ^ c << 20, ph);
	} else {
		/* a mean load per CPU, times the machine's load in this phase (the same for every CPU:
		 * the header's busy share moves with it), changing a little from CPU to CPU */
		level = 0.55 + 0.75 * unit(seed ^ 0x10ad, ph);
		busy = (0.3 + 0.55 * unit(seed, c)) * level * (0.6 + 0.8 * unit(seed * 31 + c, ph));
	}
	st->busy = busy < 0.01 ? 0.01 : busy > 1 ? 1 : busy;
	st->ipc = st->miss = 1;
	if (work)
		socket_work(seed, ph, socket, &st->ipc, &st->miss);
	st->ghz = NAN;
	/* the governor clocks a busy CPU up: the clock follows the load, with a spread of its own */
	if (p && p->ghz_max > 0)
		st->ghz = p->ghz_min + (p->ghz_max - p->ghz_min) *
			  (0.15 + 0.45 * st->busy + 0.4 * unit(seed ^ c << 24, ph ^ 0x6e2));
}

void simm_cpu_state(const struct sim_machine *m, const struct simm_pmu *p, int cpu, long phase,
		    struct simm_state *st)
{
	cpu_load(m, p, cpu, phase, st, true);
}

static bool is_generic(const struct simm_pmu *p, int hw, uint64_t config)
{
	return hw < SIMM_NGENERIC && p->has_generic[hw] && p->generic[hw] == config;
}

static bool listed_rate(const struct simm_pmu *p, uint64_t config, double *rate)
{
	for (int i = 0; i < p->nrates; i++)
		if (p->rates[i].config == config) {
			*rate = p->rates[i].rate;
			return true;
		}
	return false;
}

/* The description's rate at the reference load (a stable pseudo rate for unlisted events). */
static double base_rate(const struct simm_pmu *p, uint64_t config)
{
	double r;

	if (listed_rate(p, config, &r))
		return r;
	return (p->has_default ? p->default_rate : 1e6) * (0.5 + unit(config, p->type));
}

#define CACHE_CFG 0xcace000000000000ull   /* sim_kernel's pseudo config of a generic cache event */

/* The extra register config takes on p (its xreg entry's register), -1 none. */
static int xreg_of(const struct simm_pmu *p, uint64_t config)
{
	for (int i = 0; i < p->nxreg; i++)
		if ((config & p->xreg[i].match) == p->xreg[i].event)
			return p->xreg[i].reg;
	return -1;
}

/* The share of an offcore request type's responses that config1 selects (Intel's OCR layout: request
 * bits 0-15, any response bit 16, L3 hit bits 18-21, L3 miss bits 22-29; the rest snoop and
 * supplier detail): any response all of them, L3 hits and misses their part of the phase's traffic
 * (misses about 8% of requests, more with an antagonist), each bit its share of its kind. */
static double response_share(uint64_t cfg1, double l3miss)
{
	double hit = __builtin_popcountll(cfg1 & 0x3c0000ull) / 4.0, miss = __builtin_popcountll(cfg1 & 0x3fc00000ull) / 8.0;
	double f;

	if (cfg1 & 1ull << 16)
		return 1;
	f = hit * (1 - l3miss) + miss * l3miss;
	return f > 0 ? f : 0.01 + 0.02 * unit(cfg1, 0x5e1);
}

double simm_extra_factor(const struct simm_pmu *p, const uint64_t cfg[3])
{
	int xr;

	if (!cfg[1] && !cfg[2])
		return 1;
	xr = xreg_of(p, cfg[0]);
	if (xr == SIMM_XR_RSP0 || xr == SIMM_XR_RSP1)
		return response_share(cfg[1], 0.08) * (0.6 + 0.8 * unit(cfg[1] & 0xffff, p->type));
	if (xr == SIMM_XR_LDLAT)   /* loads slower than the threshold: fewer the higher it is */
		return fmin(1, 8.0 / (double)((cfg[1] & 0xffff) + 8));
	return 0.2 + 1.3 * unit(simm_hash(cfg[1], cfg[2]), p->type);
}

double simm_rate_at(const struct sim_machine *m, const struct simm_pmu *p, int cpu, uint64_t config, long phase)
{
	const uint64_t cfg[3] = { config, 0, 0 };

	return simm_rate_cfg(m, p, cpu, cfg, phase);
}

double simm_rate_cfg(const struct sim_machine *m, const struct simm_pmu *p, int cpu, const uint64_t cfg[3],
		     long phase)
{
	struct simm_state st;

	if (!simm_phased(p))
		return simm_rate_of(p, cpu, cfg[0]) * simm_extra_factor(p, cfg);
	cpu_load(m, p, cpu, phase, &st, true);
	return simm_rate_st(m, p, cpu, cfg, phase, &st);
}

double simm_rate_st(const struct sim_machine *m, const struct simm_pmu *p, int cpu, const uint64_t cfg[3],
		    long phase, const struct simm_state *stp)
{
	const struct simm_state st = *stp;
	double cyc, base_cyc, w, ratio;
	uint64_t c = (uint64_t)cpu, config = cfg[0], key = config;
	int xr = xreg_of(p, config);
	bool miss_cfg = (config & 0xffff000000000000ull) == CACHE_CFG && (config >> 16 & 0xff) == PERF_COUNT_HW_CACHE_RESULT_MISS;

	cyc = st.busy * st.ghz * 1e9;   /* unhalted cycles */
	if (is_generic(p, PERF_COUNT_HW_CPU_CYCLES, config))
		return cyc;
	if (is_generic(p, PERF_COUNT_HW_REF_CPU_CYCLES, config) || is_generic(p, PERF_COUNT_HW_BUS_CYCLES, config))
		return st.busy * (p->tsc_ghz > 0 ? p->tsc_ghz : p->ghz_min) * 1e9;
	/* everything else scales with the cycles, with a per-CPU and a per-phase wobble */
	if (!p->has_generic[PERF_COUNT_HW_CPU_CYCLES] || !listed_rate(p, p->generic[PERF_COUNT_HW_CPU_CYCLES], &base_cyc))
		base_cyc = 0.6 * p->ghz_max * 1e9;
	if (xr == SIMM_XR_RSP0 || xr == SIMM_XR_RSP1)
		key = 0x2a00000000ull | (cfg[1] & 0xffff);   /* the request type's rate, whichever MSR */
	else if (cfg[1] || cfg[2])
		key = config ^ simm_hash(cfg[1], cfg[2]) << 16;
	w = (1 + p->jitter * (2 * unit(c << 32 | p->type, key)- 1)) *
	    (1 + 0.1 * (2 * unit(m->seed ^ (uint64_t)phase, c << 32 ^ key) - 1));
	if (is_generic(p, PERF_COUNT_HW_INSTRUCTIONS, config))
		return base_rate(p, config) * cyc / base_cyc * w * st.ipc;
	/* misses are a fraction of their accesses, larger when an antagonist thrashes the cache */
	if (is_generic(p, PERF_COUNT_HW_CACHE_MISSES, config) && p->has_generic[PERF_COUNT_HW_CACHE_REFERENCES]) {
		uint64_t refs = p->generic[PERF_COUNT_HW_CACHE_REFERENCES];
		ratio = fmin(0.9, base_rate(p, config) / base_rate(p, refs) * w * st.miss);
		const uint64_t rc[3] = { refs, 0, 0 };

		return simm_rate_st(m, p, cpu, rc, phase, stp) * ratio;
	}
	if (miss_cfg) {
		uint64_t access = config & ~(0xffull << 16);
		ratio = fmin(0.9, base_rate(p, config) / base_rate(p, access) * 0.2 * w * st.miss);
		const uint64_t ac[3] = { access, 0, 0 };

		return simm_rate_st(m, p, cpu, ac, phase, stp) * ratio;
	}
	/* an offcore response event: its request type's rate times the share of responses it selects */
	if (xr == SIMM_XR_RSP0 || xr == SIMM_XR_RSP1)
		return base_rate(p, key) * cyc / base_cyc * w * response_share(cfg[1], fmin(0.6, 0.08 * st.miss));
	if (xr == SIMM_XR_LDLAT)
		return base_rate(p, config) * cyc / base_cyc * w * fmin(1, 8.0 * st.miss / (double)((cfg[1] & 0xffff) + 8));
	return base_rate(p, key) * cyc / base_cyc * w;
}
