/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_topdown.c: top-down events of the simulated kernel. Every CPU has a seeded profile of level-1
 * shares (a memory-bound socket, a frontend-bound core, the rest mixed) of which retiring and
 * backend bound swing against each other over a few seconds; an event counts its slots rate times
 * the integral of its shares over running time, so the shares of one group read add up. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_kstate.h"
#include "sim_load.h"
#include "sim_topdown.h"

/* components an event sums: level 1, level-2 parts, uops dropped, and the whole slot count */
enum { C_RET, C_BS, C_FE, C_BE, C_SMT, C_HEAVY, C_BRM, C_FLAT, C_MEM, C_DROP, C_REC, C_ONE, NCOMP };
#define BIT(c) (1u << (c))

static double uh(uint64_t a, uint64_t b)
{
	return (double)(simm_hash(a, b) >> 11) / 9007199254740992.0;
}

static void profile_of(const struct sim_machine *m, int cpu, bool smt, struct simtd_profile *p)
{
	const struct simm_cpu *c = &m->cpus[cpu];
	bool membound = m->sockets > 1 ? c->socket == m->sockets - 1
				       : c->core >= m->cores_per_socket * 3 / 4;
	bool febound = c->socket == 0 && c->core == 1;
	double j = 0.04 * (2 * uh((uint64_t)cpu, 0x7d01) - 1), s;

	if (febound) {
		double b[5] = { 0.22, 0.10, 0.50, 0.18, 0 };
		memcpy(p->b, b, sizeof(b));
	} else if (membound) {
		double b[5] = { 0.20, 0.06, 0.12, 0.62, 0 };
		memcpy(p->b, b, sizeof(b));
	} else {
		double b[5] = { 0.42, 0.09, 0.19, 0.30, 0 };
		memcpy(p->b, b, sizeof(b));
	}
	p->b[C_RET] += j;
	p->b[C_BE] -= j;
	if (smt) {   /* AMD: part of the backend share is the sibling thread's */
		p->b[C_SMT] = 0.04 + 0.03 * uh((uint64_t)cpu, 0x5e7);
		p->b[C_BE] -= p->b[C_SMT];
	}
	s = p->b[0] + p->b[1] + p->b[2] + p->b[3] + p->b[4];
	for (int i = 0; i < 5; i++)
		p->b[i] /= s;
	p->heavy = 0.12 + 0.1 * uh((uint64_t)cpu, 0x4ea);
	p->brm = 0.7 + 0.2 * uh((uint64_t)cpu, 0xb4);
	p->flat = febound ? 0.8 : 0.55 + 0.1 * uh((uint64_t)cpu, 0xf1);
	p->mem = membound ? 0.82 : 0.35 + 0.15 * uh((uint64_t)cpu, 0x3e3);
	p->amp = 0.08 * (p->b[C_BE] < p->b[C_RET] ? p->b[C_BE] : p->b[C_RET]) / 0.2;
	p->w = 2 * M_PI / (6 + 6 * uh((uint64_t)cpu, 0x71e));
	p->ph = 2 * M_PI * uh((uint64_t)cpu, 0x9a5e);
	p->cos_ph = cos(p->ph);
}

/* The swing's part of the retiring share's integral over [0, t]. */
static double osc_integ(const struct simtd_profile *p, double t)
{
	return p->amp * (p->cos_ph - cos(p->w * t + p->ph)) / p->w;
}

/* Integral of a component's share over [0, t], given osc = osc_integ(p, t) (only retiring and
 * backend, and their level-2 parts, swing: the others do not need it). */
static double integ(const struct simtd_profile *p, int c, double t, double osc)
{
	switch (c) {
	case C_RET: return p->b[C_RET] * t + osc;
	case C_BE: return p->b[C_BE] * t - osc;
	case C_BS: case C_FE: case C_SMT: return p->b[c] * t;
	case C_HEAVY: return p->heavy * integ(p, C_RET, t, osc);
	case C_BRM: return p->brm * p->b[C_BS] * t;
	case C_FLAT: return p->flat * p->b[C_FE] * t;
	case C_MEM: return p->mem * integ(p, C_BE, t, osc);
	case C_DROP: return 0.004 * t;
	case C_REC: return 0.006 * t;   /* slots lost to recovery after a clear (part of bad speculation) */
	default: return t;
	}
}

static bool swings(const struct sev *e)
{
	return (e->td_plus | e->td_minus) & (BIT(C_RET) | BIT(C_BE) | BIT(C_HEAVY) | BIT(C_MEM));
}

void simtd_shares(const struct sim_machine *m, int cpu, double t, double out[5])
{
	struct simtd_profile p;
	double osc;

	profile_of(m, cpu, m->vendor && !strcmp(m->vendor, "AuthenticAMD"), &p);
	osc = p.amp * sin(p.w * t + p.ph);
	memcpy(out, p.b, sizeof(p.b));
	out[C_RET] += osc;
	out[C_BE] -= osc;
}

bool simtd_is_metric(uint64_t config)
{
	uint64_t c = config & 0xffffffffull;
	return (c & 0xff) == 0 && (c >> 8) >= 0x80 && (c >> 8) <= 0x87;
}

bool simtd_is_slots(uint64_t config)
{
	return (config & 0xffffffffull) == 0x0400;
}

static bool has_alias(const struct simm_pmu *p, const char *name)
{
	for (int i = 0; i < p->nevents; i++)
		if (!strcmp(p->events[i].key, name))
			return true;
	return false;
}

static const char *const metric_alias[8] = {
	"topdown-retiring", "topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound",
	"topdown-heavy-ops", "topdown-br-mispredict", "topdown-fetch-lat", "topdown-mem-bound",
};

static void set(struct sev *e, int kind, unsigned plus, unsigned minus, double mult)
{
	if (kind == SIMTD_NONE)
		return;
	e->td = kind;
	e->td_plus = plus;
	e->td_minus = minus;
	e->td_mult = mult;
}

/* Skylake to Cascade Lake: 4 slots per cycle; AnyThread (bit 21) counts cover both threads of
 * the core, taken as twice this thread's. Recovery cycles r per cycle cost 4r slots of bad
 * speculation, so UOPS_ISSUED.ANY = (retiring + bad speculation - recovery) x slots. */
static int classify_skl(const struct simm_pmu *p, int cpu, struct sev *e)
{
	uint64_t c = e->config & 0xffffffffull;
	double any = c & 1ull << 21 ? 2 : 1, cyc = simm_rate_of(p, cpu, 0x3c);

	switch (c & ~(1ull << 21)) {
	case 0x3c: if (any > 1) set(e, SIMTD_SHARE, BIT(C_ONE), 0, 2 * cyc); e->td_width = 2; return 0;
	case 0x10d: set(e, SIMTD_SHARE, BIT(C_REC), 0, any * cyc); e->td_width = any; return 0;
	case 0x10e: set(e, SIMTD_SHARE, BIT(C_RET) | BIT(C_BS), BIT(C_REC), 4 * cyc); break;
	case 0x2c2: set(e, SIMTD_SHARE, BIT(C_RET), 0, 4 * cyc); break;
	case 0x19c: set(e, SIMTD_SHARE, BIT(C_FE), 0, 4 * cyc); break;
	}
	e->td_width = 4;
	return 0;
}

static int classify(const struct sim_machine *m, int pmu, int cpu, struct sev *e)
{
	const struct simm_pmu *p = &m->pmus[pmu];
	uint64_t c = e->config;
	const char *caps_slots = NULL;

	e->td = SIMTD_NONE;
	e->td_m = m;
	e->td_cyc = p->has_generic[PERF_COUNT_HW_CPU_CYCLES] ? p->generic[PERF_COUNT_HW_CPU_CYCLES] : 0x3c;
	e->td_width = 6;
	if (p->kind != SIMM_CORE || !m->vendor)
		return 0;
	for (int i = 0; i < p->ncaps; i++)
		if (!strcmp(p->caps[i].key, "slots"))
			caps_slots = p->caps[i].val;
	if (!strcmp(m->vendor, "GenuineIntel") && has_alias(p, "topdown-retiring")) {
		double slots = simm_rate_of(p, cpu, 0x0400);
		/* Golden Cove and later have level 2 and INT_MISC.UOP_DROPPING at 0xad; Ice Lake and
		 * Tiger Lake have it at 0x0d, and their backend metric leaves out the recovery slots
		 * (perf adds 5 x INT_MISC.RECOVERY_CYCLES:c1:e back; the simulated truth keeps them in
		 * bad speculation) */
		bool gc = has_alias(p, "topdown-heavy-ops");
		uint64_t drop = gc ? 0x10ad : 0x100d;
		unsigned rec = gc ? 0 : BIT(C_REC);
		static const unsigned plus[8] = {
			BIT(C_RET), BIT(C_BS), BIT(C_FE) | BIT(C_DROP), BIT(C_BE),
			BIT(C_HEAVY), BIT(C_BRM), BIT(C_FLAT) | BIT(C_DROP), BIT(C_MEM),
		};
		if (simtd_is_metric(c)) {
			int k = (int)((c >> 8 & 0xff) - 0x80);
			if (!has_alias(p, metric_alias[k]))
				return -EINVAL;   /* this core has no such metric (level 2 before Sapphire Rapids) */
			set(e, SIMTD_METRIC, plus[k] | (k == 1 ? rec : 0), k == 1 ? BIT(C_DROP) : k == 3 ? rec : 0, slots);
		} else if (simtd_is_slots(c)) {
			set(e, SIMTD_SHARE, BIT(C_ONE), 0, slots);
		} else if ((c & 0xffff) == drop) {   /* INT_MISC.UOP_DROPPING */
			set(e, SIMTD_SHARE, BIT(C_DROP), 0, slots);
		} else if ((c & 0xffffffffull) == 0x104010d && !gc) {   /* INT_MISC.RECOVERY_CYCLES:c1:e */
			set(e, SIMTD_SHARE, BIT(C_REC), 0, slots / 5);
			e->td_width /= 5;
		}
		return 0;
	}
	if (!strcmp(m->vendor, "GenuineIntel") && has_alias(p, "topdown-total-slots"))
		return classify_skl(p, cpu, e);
	if (!strcmp(m->vendor, "GenuineIntel") && !strcmp(p->name, "cpu_atom")) {
		double s = 5 * simm_rate_of(p, cpu, 0x3c);

		e->td_width = 5;
		switch (c & 0xffff) {
		case 0xc2: set(e, SIMTD_SHARE, BIT(C_RET), 0, s); break;
		case 0x73: set(e, SIMTD_SHARE, BIT(C_BS), 0, s); break;
		case 0x71: set(e, SIMTD_SHARE, BIT(C_FE), 0, s); break;
		case 0x74: set(e, SIMTD_SHARE, BIT(C_BE), 0, s); break;
		}
		return 0;
	}
	if (!strcmp(m->vendor, "AuthenticAMD") && (m->family == 0x19 || m->family == 0x1a)) {
		double s = (m->family == 0x1a ? 8 : 6) * simm_rate_of(p, cpu, 0x76);

		e->td_width = m->family == 0x1a ? 8 : 6;
		uint64_t ev = (c & 0xff) | (c >> 24 & 0xf00), um = c >> 8 & 0xff;
		if (ev == 0x1a0 && um == 0x01)
			set(e, SIMTD_SHARE, BIT(C_FE), 0, s);
		else if (ev == 0x1a0 && um == 0x1e)
			set(e, SIMTD_SHARE, BIT(C_BE), 0, s);
		else if (ev == 0x1a0 && um == 0x60)
			set(e, SIMTD_SHARE, BIT(C_SMT), 0, s);
		else if (ev == 0xaa && um == 0x07)
			set(e, SIMTD_SHARE, BIT(C_RET) | BIT(C_BS), 0, s);
		else if (ev == 0xc1 && um == 0)
			set(e, SIMTD_SHARE, BIT(C_RET), 0, s);
		return 0;
	}
	if (m->implementer && strtol(m->implementer, NULL, 0) == 0x41) {
		double cyc = simm_rate_of(p, cpu, 0x11);
		bool slots = caps_slots && strtol(caps_slots, NULL, 0) > 0;
		double s = slots ? strtol(caps_slots, NULL, 0) * cyc : cyc;

		e->td_width = slots ? (double)strtol(caps_slots, NULL, 0) : 1;
		switch (c & 0xffff) {
		case 0x23: if (!slots) set(e, SIMTD_SHARE, BIT(C_FE), 0, s); break;
		case 0x24: if (!slots) set(e, SIMTD_SHARE, BIT(C_BE), 0, s); break;
		case 0x3e: if (slots) set(e, SIMTD_SHARE, BIT(C_FE), 0, s); break;
		case 0x3d: if (slots) set(e, SIMTD_SHARE, BIT(C_BE), 0, s); break;
		case 0x3f: if (slots) set(e, SIMTD_SHARE, BIT(C_FE) | BIT(C_BE), 0, s); break;
		case 0x3b: if (slots) set(e, SIMTD_SHARE, BIT(C_RET) | BIT(C_BS), 0, s); break;
		case 0x3a: if (slots) set(e, SIMTD_SHARE, BIT(C_RET), 0, s); break;
		case 0x1b: {   /* inst_spec: retired over speculated follows the CPU's profile */
			struct simtd_profile pr;
			profile_of(m, cpu, false, &pr);
			e->rate = simm_rate_of(p, cpu, 0x08) * (pr.b[C_RET] + pr.b[C_BS]) / pr.b[C_RET];
			break;
		}
		}
	}
	return 0;
}

void simtd_profiles(const struct sim_machine *m, struct simtd_profile *out)
{
	for (int c = 0; c < m->ncpus; c++)
		profile_of(m, c, m->vendor && !strcmp(m->vendor, "AuthenticAMD"), &out[c]);
}

int simtd_classify(const struct sim_machine *m, int pmu, int cpu, struct sev *e, const struct simtd_profile *prof)
{
	int r = classify(m, pmu, cpu, e);

	if (r == 0 && e->td != SIMTD_NONE) {
		e->td_prof = prof;
		e->td_osc_t = 0;
		e->td_osc = osc_integ(prof, 0);
	}
	return r;
}

double simtd_rate(struct sev *e, double cyc, double a, double b)
{
	const struct simtd_profile *pr = e->td_prof;
	double v = 0, oa = 0, ob = 0;

	if (b <= a)
		return 0;
	if (swings(e)) {   /* reads follow each other: the last end is usually this start */
		oa = e->td_osc_t == a ? e->td_osc : osc_integ(pr, a);
		ob = osc_integ(pr, b);
		e->td_osc_t = b;
		e->td_osc = ob;
	}
	for (int c = 0; c < NCOMP; c++) {
		if (e->td_plus & BIT(c))
			v += integ(pr, c, b, ob) - integ(pr, c, a, oa);
		if (e->td_minus & BIT(c))
			v -= integ(pr, c, b, ob) - integ(pr, c, a, oa);
	}
	return e->td_width * cyc * v / (b - a);
}

double simtd_count(const struct sim_machine *m, const struct sev *e, double run)
{
	const struct simtd_profile *p = e->td_prof;
	double v = 0, osc;

	(void)m;
	if (run <= 0)
		return 0;
	osc = swings(e) ? osc_integ(p, run) : 0;
	for (int c = 0; c < NCOMP; c++) {
		if (e->td_plus & BIT(c))
			v += integ(p, c, run, osc);
		if (e->td_minus & BIT(c))
			v -= integ(p, c, run, osc);
	}
	return e->td_mult * v;
}
