/* SPDX-License-Identifier: GPL-2.0-or-later */
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

void simm_cpu_state(const struct sim_machine *m, const struct simm_pmu *p, int cpu, long phase,
		    struct simm_state *st)
{
	uint64_t seed = m->seed, ph = (uint64_t)phase, c = (uint64_t)cpu;
	double busy;

	if (m->sockets > 1 && unit(seed ^ 0xb5, ph) < 0.35 &&
	    m->cpus[cpu].socket == (int)(simm_hash(seed, ph) % (uint64_t)m->sockets)) {
		/* now and then one socket runs flat out */
		busy = 0.97;
	} else if (unit(seed ^ 0x1d1e, c) < 0.08) {
		/* an idle CPU: housekeeping only */
		busy = 0.01 + 0.03 * unit(seed ^ c << 20, ph);
	} else {
		/* a mean load per CPU, changing from phase to phase */
		busy = (0.3 + 0.55 * unit(seed, c)) * (0.55 + 0.9 * unit(seed * 31 + c, ph));
	}
	st->busy = busy < 0.01 ? 0.01 : busy > 1 ? 1 : busy;
	st->ghz = NAN;
	if (p && p->ghz_max > 0)
		st->ghz = p->ghz_min + (p->ghz_max - p->ghz_min) * (0.2 + 0.8 * unit(seed ^ c << 24, ph ^ 0x6e2));
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

double simm_rate_at(const struct sim_machine *m, const struct simm_pmu *p, int cpu, uint64_t config, long phase)
{
	struct simm_state st;
	double cyc, base_cyc, w, ratio;
	uint64_t c = (uint64_t)cpu;

	if (!simm_phased(p))
		return simm_rate_of(p, cpu, config);
	simm_cpu_state(m, p, cpu, phase, &st);
	cyc = st.busy * st.ghz * 1e9;   /* unhalted cycles */
	if (is_generic(p, PERF_COUNT_HW_CPU_CYCLES, config))
		return cyc;
	if (is_generic(p, PERF_COUNT_HW_REF_CPU_CYCLES, config) || is_generic(p, PERF_COUNT_HW_BUS_CYCLES, config))
		return st.busy * (p->tsc_ghz > 0 ? p->tsc_ghz : p->ghz_min) * 1e9;
	/* everything else scales with the cycles, with a per-CPU and a per-phase wobble */
	if (!p->has_generic[PERF_COUNT_HW_CPU_CYCLES] || !listed_rate(p, p->generic[PERF_COUNT_HW_CPU_CYCLES], &base_cyc))
		base_cyc = 0.6 * p->ghz_max * 1e9;
	w = (1 + p->jitter * (2 * unit(c << 32 | p->type, config) - 1)) *
	    (1 + 0.1 * (2 * unit(m->seed ^ (uint64_t)phase, c << 32 ^ config) - 1));
	/* misses are a fraction of their accesses */
	if (is_generic(p, PERF_COUNT_HW_CACHE_MISSES, config) && p->has_generic[PERF_COUNT_HW_CACHE_REFERENCES]) {
		uint64_t refs = p->generic[PERF_COUNT_HW_CACHE_REFERENCES];
		ratio = fmin(0.9, base_rate(p, config) / base_rate(p, refs) * w);
		return simm_rate_at(m, p, cpu, refs, phase) * ratio;
	}
	if ((config & 0xffff000000000000ull) == CACHE_CFG && (config >> 16 & 0xff) == PERF_COUNT_HW_CACHE_RESULT_MISS) {
		uint64_t access = config & ~(0xffull << 16);
		ratio = fmin(0.9, base_rate(p, config) / base_rate(p, access) * 0.2 * w);
		return simm_rate_at(m, p, cpu, access, phase) * ratio;
	}
	return base_rate(p, config) * cyc / base_cyc * w;
}
