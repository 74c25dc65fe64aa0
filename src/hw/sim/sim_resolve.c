/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_resolve.c: what a perf_event_attr means on the simulated machine: the PMU, the config the
 * generic and cache events stand for, the counters and extra register it may use, its rate, and
 * the errors the kernel gives for what the PMU does not take. */
#include <errno.h>
#include <string.h>

#include "sim_kstate.h"
#include "sim_load.h"
#include "sim_topdown.h"

static int core_pmu_for(const struct sim_machine *m, int cpu, uint32_t ext, int *pmu)
{
	bool any = false;

	for (int i = 0; i < m->npmus; i++)
		any |= m->pmus[i].kind == SIMM_CORE;
	/* No core PMU at all (a VM without a virtual PMU): the kernel finds no PMU for
	 * the event, ENOENT, as `perf stat -e cycles` shows on such a guest. */
	if (!any)
		return -ENOENT;
	if (ext) {
		for (int i = 0; i < m->npmus; i++)
			if (m->pmus[i].kind == SIMM_CORE && m->pmus[i].type == ext) {
				*pmu = i;
				return simm_pmu_covers(&m->pmus[i], cpu) ? 0 : -ENOENT;
			}
		return -ENOENT;
	}
	*pmu = m->cpus[cpu].core_pmu;
	return *pmu >= 0 ? 0 : -ENOENT;
}

/* The counters and extra register e may use on p (p's constraints and extra_regs, matched on the
 * event select, or event select and umask, as the kernel's tables): a config1 with bits the register
 * does not take is refused, as x86_pmu_extra_regs does. */
static int simk_counter_rules(const struct simm_pmu *p, struct sev *e, uint64_t config1)
{
	uint64_t sel = e->config & 0xff, code = e->config & 0xffff;

	e->gpmask = 0;
	if (e->config >> 48 == 0xcace)
		return 0;   /* a generic cache event's pseudo config: no table entry */
	for (int i = 0; i < p->ncons && e->fixed_slot < 0; i++) {
		const struct simm_cons *c = &p->cons[i];
		uint64_t v = c->match == 0xff ? sel : code;

		if (v >= c->lo && v <= c->hi) {
			e->gpmask = c->mask;
			break;
		}
	}
	for (int i = 0; i < p->nxreg; i++)
		if ((e->config & p->xreg[i].match) == p->xreg[i].event) {
			if (config1 & ~p->xreg[i].valid)
				return -EINVAL;
			e->xreg = i;
			break;
		}
	return 0;
}

int simk_resolve(const struct simk *k, const struct perf_event_attr *a, int cpu, struct sev *e)
{
	const struct sim_machine *m = k->m;
	const struct simm_pmu *p;
	uint64_t cfg = a->config;
	int r, pi = -1;

	e->pmu = -1;
	e->fixed_slot = -1;
	if (a->type == PERF_TYPE_SOFTWARE) {
		if (cfg >= PERF_COUNT_SW_MAX)
			return -ENOENT;
		e->sw = (int)cfg;
		e->config = cfg;
		if (cfg == PERF_COUNT_SW_CPU_CLOCK || cfg == PERF_COUNT_SW_TASK_CLOCK)
			e->rate = 1e9;
		else
			e->rate = m->sw_rate[cfg] * (0.7 + 0.6 * (double)(simm_hash((uint64_t)cpu, cfg) >> 11) / 9007199254740992.0);
		return 0;
	}
	if (a->type == PERF_TYPE_HARDWARE || a->type == PERF_TYPE_HW_CACHE) {
		uint32_t id = (uint32_t)cfg;

		r = core_pmu_for(m, cpu, (uint32_t)(cfg >> 32), &pi);
		if (r)
			return r;
		p = &m->pmus[pi];
		if (a->type == PERF_TYPE_HARDWARE) {
			if (id >= PERF_COUNT_HW_MAX)
				return -EINVAL;
			if (id >= SIMM_NGENERIC || !p->has_generic[id])
				return -ENOENT;
			e->config = p->generic[id];
		} else {
			if ((id & 0xff) >= PERF_COUNT_HW_CACHE_MAX || (id >> 8 & 0xff) >= PERF_COUNT_HW_CACHE_OP_MAX ||
			    (id >> 16 & 0xff) >= PERF_COUNT_HW_CACHE_RESULT_MAX || id >> 24)
				return -EINVAL;
			/* no table of model-specific cache events: a stable pseudo config */
			e->config = 0xcace000000000000ull | id;
		}
	} else {
		for (int i = 0; i < m->npmus; i++)
			if (m->pmus[i].type == a->type)
				pi = i;
		/* PERF_TYPE_RAW without a PMU registered as type 4 (Arm, Apple): the core PMU of the CPU */
		if (pi < 0 && a->type == PERF_TYPE_RAW) {
			r = core_pmu_for(m, cpu, 0, &pi);
			if (r)
				return r;
		}
		if (pi < 0)
			return -ENOENT;
		p = &m->pmus[pi];
		if (p->kind == SIMM_SOFTWARE) {
			struct perf_event_attr b = *a;

			b.type = PERF_TYPE_SOFTWARE;
			return simk_resolve(k, &b, cpu, e);
		}
		if (p->kind == SIMM_OTHER)
			return -ENOENT;
		e->config = cfg;
	}
	p = &m->pmus[pi];
	if (p->kind == SIMM_CORE && !simm_pmu_covers(p, cpu))
		return -ENOENT;   /* hybrid: this core type does not run on that CPU */
	if (p->kind == SIMM_UNCORE) {
		/* stricter than the kernel (which moves it to the cpumask CPU): catches callers
		 * that would count the same box once per CPU */
		if (!simm_pmu_covers(p, cpu))
			return -EINVAL;
		if (a->exclude_user || a->exclude_kernel || a->exclude_hv || a->exclude_idle || a->exclude_host ||
		    a->exclude_guest)
			return -EINVAL;   /* PERF_PMU_CAP_NO_EXCLUDE: event_has_any_exclude_flag() */
		if (a->sample_period)
			return -EOPNOTSUPP;   /* PERF_PMU_CAP_NO_INTERRUPT: no sampling */
	}
	e->pmu = pi;
	for (int i = 0; p->kind == SIMM_CORE && i < p->nfixed_ev; i++)
		if ((e->config & 0xffffffffull & ~0x30000ull) == p->fixed_ev[i])
			e->fixed_slot = i;
	e->xreg = -1;
	if (p->kind == SIMM_CORE) {
		int r2 = simk_counter_rules(p, e, a->config1);

		if (r2)
			return r2;
	}
	e->config1 = a->config1;
	e->config2 = a->config2;
	{
		const uint64_t cfg[3] = { e->config, e->config1, e->config2 };

		e->rate = simm_rate_of(p, cpu, e->config) * simm_extra_factor(p, cfg);
	}
	return p->kind == SIMM_CORE ? simtd_classify(m, pi, cpu, e, &k->tdprof[cpu]) : 0;
}
