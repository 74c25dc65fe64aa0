/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_sched.c: counter scheduling of the simulated kernel: pinned first, flexible groups all or nothing
 * in rotation order, stopping at the first group that does not fit (as the kernel's merge_sched_in). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_kstate.h"
#include "sim_sched.h"
#include "sim_topdown.h"

static const struct simm_pmu *ctx_pmu(const struct simk *k, const struct sctx *c)
{
	return c->pmu >= 0 ? &k->m->pmus[c->pmu] : NULL;
}

/* The fixed counter that counts the PMU's cycles event (Intel fixed 1, Arm PMCCNTR), or -1. */
static int cycles_fixed_slot(const struct simm_pmu *p)
{
	if (!p->has_generic[PERF_COUNT_HW_CPU_CYCLES])
		return -1;
	for (int i = 0; i < p->nfixed_ev; i++)
		if (p->fixed_ev[i] == p->generic[PERF_COUNT_HW_CPU_CYCLES])
			return i;
	return -1;
}

/* Free counters of a PMU on one CPU. Uncore PMUs without a gp count get the usual 4 per box.
 * The NMI watchdog, when the machine has it on, is a pinned cycles event of the core PMU: it
 * holds the fixed cycles counter where there is one (Intel fixed counter 1), else a GP counter
 * (AMD), as the kernel schedules it. */
static void slots_copy(struct slots *d, const struct slots *s)
{
	d->gp = s->gp;
	d->fixed_used = s->fixed_used;
	d->ncons = s->ncons;
	d->xused = s->xused;
	for (int i = 0; i < s->ncons; i++)
		d->cons[i] = s->cons[i];
	for (unsigned r = 0, u = s->xused; u; r++, u >>= 1)
		if (u & 1) {
			d->xval[r] = s->xval[r];
			d->xref[r] = s->xref[r];
		}
}

static void pmu_slots(const struct simk *k, const struct simm_pmu *p, bool watchdog, struct slots *t)
{
	struct slots s;

	s.gp = p->gp;
	s.fixed_used = s.ncons = 0;
	s.xused = 0;

	if (p->kind != SIMM_CORE && s.gp <= 0)
		s.gp = 4;
	if (watchdog && p->kind == SIMM_CORE && k->m->nmi_watchdog) {
		int slot = cycles_fixed_slot(p);
		if (slot >= 0)
			s.fixed_used |= 1 << slot;
		else if (s.gp > 0)
			s.gp--;
	}
	slots_copy(t, &s);
}

/* Whether the constrained GP events of t find counters, as the kernel's perf_assign_events: by
 * weight (fewest allowed counters first), each on its lowest free counter; the unconstrained ones
 * (every counter allowed: the largest weight) are counted in t->gp. */
static bool place_constrained(const struct simm_pmu *p, const struct slots *t)
{
	uint64_t used = 0, all = p->gp >= 64 ? ~0ull : (1ull << p->gp) - 1;
	int w[SIMK_MAXCONS];

	for (int i = 0; i < t->ncons; i++)
		w[i] = __builtin_popcountll(t->cons[i] & all);
	for (int wt = 1; wt <= p->gp; wt++)
		for (int i = 0; i < t->ncons; i++) {
			uint64_t f = t->cons[i] & all & ~used;

			if (w[i] != wt)
				continue;
			if (!f)
				return false;
			used |= f & -f;
		}
	for (int i = 0; i < t->ncons; i++)
		if (!w[i])
			return false;   /* no counter of this PMU at all */
	return true;
}

/* Its extra register for e (the kernel's __intel_shared_reg_get_constraints): free or holding the
 * same value, else the other offcore response register if that one is (intel_alt_er). */
static bool take_xreg(const struct simm_pmu *p, const struct sev *e, struct slots *t)
{
	int r = p->xreg[e->xreg].reg;

	if ((t->xused >> r & 1) && t->xval[r] != e->config1) {
		int alt = r == SIMM_XR_RSP0 ? SIMM_XR_RSP1 : r == SIMM_XR_RSP1 ? SIMM_XR_RSP0 : -1;
		bool has = false;

		for (int i = 0; alt >= 0 && i < p->nxreg; i++)
			has |= p->xreg[i].reg == alt && !(e->config1 & ~p->xreg[i].valid);
		if (!has || ((t->xused >> alt & 1) && t->xval[alt] != e->config1))
			return false;
		r = alt;
	}
	if (!(t->xused >> r & 1))
		t->xref[r] = 0;
	t->xused |= 1u << r;
	t->xref[r]++;
	t->xval[r] = e->config1;
	return true;
}

/* take_one's GP event with a constraint or an extra register (out of line: most events have neither). */
static __attribute__((noinline)) bool take_limited(const struct simm_pmu *p, const struct sev *e, struct slots *t)
{
	if (e->xreg >= 0 && !take_xreg(p, e, t))
		return false;
	if (t->gp-- <= 0)
		return false;
	if (!e->gpmask)
		return true;
	if (t->ncons == SIMK_MAXCONS)
		return false;
	t->cons[t->ncons++] = e->gpmask;
	return place_constrained(p, t);
}

/* Add one event; false when it finds no counter. An event whose fixed counter is taken falls back
 * to a GP counter, except a pseudo-encoding with event select 0 (Intel's ref-cycles 0x0300 and
 * slots 0x0400), which only a fixed counter can count. A GP event needs a counter its constraint
 * allows and, where it has one, its extra register. An Arm `long` event takes two GP counters
 * where they are narrower than 64 bits (the driver chains an even/odd pair; here any two). */
static bool take_one(const struct simm_pmu *p, const struct sev *e, struct slots *t)
{
	if (e->pmu < 0 || e->td == SIMTD_METRIC)
		return true;   /* software events need no counter, metric events read PERF_METRICS */
	if (e->fixed_slot >= 0 && !(t->fixed_used & 1 << e->fixed_slot)) {
		t->fixed_used |= 1 << e->fixed_slot;
		return true;
	}
	if (e->fixed_slot >= 0 && (p->fixed_ev[e->fixed_slot] & 0xff) == 0)
		return false;
	if (e->xreg >= 0 || e->gpmask)
		return take_limited(p, e, t);
	if ((e->config1 & p->long_cfg1) && p->width < 64) {   /* a chained pair of 32-bit counters */
		t->gp -= 2;
		return t->gp >= 0;
	}
	return t->gp-- > 0;
}

/* take_group for a group with an extra register: on a copy, committed when the whole group fits. */
static __attribute__((noinline)) bool take_group_copy(const struct simk *k, const struct simm_pmu *p,
						      const struct sev *l, struct slots *s)
{
	struct slots t;

	slots_copy(&t, s);
	if (!take_one(p, l, &t))
		return false;
	for (int i = 0; i < l->nmemb; i++) {
		const struct sev *e = simk_ev(k, l->memb[i]);

		if (e && e->enabled && !take_one(p, e, &t))
			return false;
	}
	slots_copy(s, &t);
	return true;
}

/* Try the whole group (its enabled members); on success commit the slots. Without extra registers
 * an event changes only the header and masks past ncons: taken in place, the header put back on
 * failure. */
static bool take_group(const struct simk *k, const struct simm_pmu *p, const struct sev *l, struct slots *s)
{
	int gp = s->gp, fixed_used = s->fixed_used, ncons = s->ncons;

	if (l->grp_xreg)
		return take_group_copy(k, p, l, s);
	if (take_one(p, l, s)) {
		int i = 0;

		for (; i < l->nmemb; i++) {
			const struct sev *e = simk_ev(k, l->memb[i]);

			if (e && e->enabled && !take_one(p, e, s))
				break;
		}
		if (i == l->nmemb)
			return true;
	}
	s->gp = gp;
	s->fixed_used = fixed_used;
	s->ncons = ncons;
	return false;
}

/* Whether the kernel's group check gives e a counter: the Arm PMU framework's validate_event
 * (drivers/perf/arm_pmu.c, Arm and Apple cores) passes an event that is off unless
 * enable_on_exec would turn it on; x86's takes every event (here: whether on or off). */
static bool checked(const struct simk *k, const struct sev *e)
{
	const char *v = k->m->vendor ? k->m->vendor : "";

	return e->enabled || e->on_exec || !strcmp(v, "GenuineIntel") || !strcmp(v, "AuthenticAMD");
}

bool sched_group_fits_alone(const struct simk *k, const struct sev *l, const struct sev *extra)
{
	const struct simm_pmu *p = l->ctx ? ctx_pmu(k, l->ctx) : NULL;
	struct slots s;

	if (!p && extra && extra->pmu >= 0)
		p = &k->m->pmus[extra->pmu];
	if (!p)
		return true;
	pmu_slots(k, p, false, &s);
	if (checked(k, l) && !take_one(p, l, &s))
		return false;
	for (int i = 0; i < l->nmemb; i++) {
		const struct sev *e = simk_ev(k, l->memb[i]);

		if (e && checked(k, e) && !take_one(p, e, &s))
			return false;
	}
	return !extra || !checked(k, extra) || take_one(p, extra, &s);
}

static void plan_steps(const struct simk *k, struct sctx *c, int upto);
static void plan(const struct simk *k, struct sctx *c);

double sched_share(const struct simk *k, const struct sev *l, double t)
{
	const struct sctx *c = l->ctx;
	double d = t - c->epoch, share;
	long long steps, cycles;
	int n, g, r, w;

	plan(k, l->ctx);   /* before anything of the schedule is looked at */
	n = c->nflex;
	g = l->flex_pos;
	if (!l->enabled || l->error || d <= 0)
		return 0;
	if (l->always)
		return d;
	if (g < 0 || n <= 0)
		return 0;
	/* The rotation repeats every n intervals: whole cycles analytically, then the
	 * steps of the current cycle. Group g runs at step s when (g - s) mod n < len[s], so only
	 * the maxlen steps g, g-1, ... (mod n) can hold it: those in ascending order (the ones
	 * before g wrapped round to the end of the cycle come last), as the kernel's timeline. */
	steps = (long long)floor(d / c->mux);
	cycles = steps / n;
	r = (int)(steps % n);
	if (c->nlen <= (cycles ? n - 1 : r) && c->nlen < n)
		plan_steps(k, l->ctx, cycles ? n - 1 : r);
	share = (double)cycles * l->in_cycle * c->mux;
	w = c->maxlen < n ? c->maxlen : n;
	for (int j = (g < w - 1 ? g : w - 1); j >= 0 && g - j <= r; j--)   /* steps g-j in 0..g */
		if (j < c->len[g - j])
			share += g - j < r ? c->mux : d - (double)steps * c->mux;
	for (int j = w - 1; j > g && g - j + n <= r; j--)                  /* steps g-j+n in g+1..n-1 */
		if (j < c->len[g - j + n])
			share += g - j + n < r ? c->mux : d - (double)steps * c->mux;
	return share;
}

/* Work out rotation steps nlen..upto of the schedule (len[], maxlen) and, with the last step, each
 * flexible group's in_cycle. Lazily: between two changes of a context a few microseconds apart only
 * the first step is ever run, so only that one is worked out at each change. */
static void plan_steps(const struct simk *k, struct sctx *c, int upto)
{
	const struct simm_pmu *p = ctx_pmu(k, c);
	int n = c->nflex;

	for (; c->nlen <= upto && c->nlen < n; c->nlen++) {
		int step = c->nlen, cnt = 0;
		struct slots s;

		slots_copy(&s, &c->base);
		while (cnt < n && take_group(k, p, simk_ev(k, c->flex[(step + cnt) % n]), &s))
			cnt++;
		c->len[step] = cnt;
		if (cnt > c->maxlen)
			c->maxlen = cnt;
		if (step == 0 && cnt == n) {   /* everything fits: no rotation */
			for (int g = 0; g < n; g++)
				simk_ev(k, c->flex[g])->always = true;
			c->nlen = n;
			return;
		}
		if (step == n - 1)   /* each step runs the len[step] groups from flex[step] on */
			for (int st = 0; st < n; st++)
				simk_ev(k, c->flex[st])->in_cycle = 0;
		if (step == n - 1)
			for (int st = 0; st < n; st++)
				for (int j = 0; j < c->len[st]; j++)
					simk_ev(k, c->flex[(st + j) % n])->in_cycle++;
	}
}

static void recompute(const struct simk *k, struct sctx *c)
{
	const struct simm_pmu *p = ctx_pmu(k, c);
	struct slots base;
	int n = 0;

	base.gp = base.fixed_used = base.ncons = 0;
	base.xused = 0;
	if (p)
		pmu_slots(k, p, true, &base);
	if (c->ngroups + 1 > c->flexcap) {
		int cap = c->ngroups + 1 > 2 * c->flexcap ? c->ngroups + 1 : 2 * c->flexcap;
		int *f = realloc(c->flex, sizeof(int) * (size_t)cap), *len, *on;

		if (f)
			c->flex = f;
		len = f ? realloc(c->len, sizeof(int) * (size_t)cap) : NULL;
		if (len)
			c->len = len;
		on = len ? realloc(c->on, sizeof(int) * (size_t)cap) : NULL;
		if (on)
			c->on = on;
		if (!f || !len || !on) {
			c->nflex = c->non = 0;
			return;   /* nothing scheduled: running stays 0, never a crash */
		}
		c->flexcap = cap;
	}
	c->nflex = c->non = 0;
	c->last_flex = -1;
	for (int i = 0; i < c->ngroups; i++) {
		struct sev *l = simk_ev(k, c->groups[i]);

		if (!l || !l->enabled || l->error)
			continue;   /* not scheduled (sched_share looks no further) */
		l->always = false;
		l->flex_pos = -1;
		l->in_cycle = 0;
		if (!p) {
			l->always = true;
		} else if (l->pinned) {
			/* a pinned group that cannot go on goes into error state, as the kernel's */
			if (take_group(k, p, l, &base))
				l->always = true;
			else
				l->error = true;
		} else {
			l->flex_pos = n;
			c->flex[n++] = c->groups[i];
			c->last_flex = i;
		}
		if (l->always)
			c->on[c->non++] = c->groups[i];
	}
	c->nflex = n;
	slots_copy(&c->base, &base);
	c->nlen = c->maxlen = 0;
	plan_steps(k, c, 0);   /* step 0 says whether everything fits (always) */
}

bool sched_enable_last(const struct simk *k, struct sctx *c, const struct sev *l)
{
	int n = c->nflex, i = c->last_flex + 1;

	/* the schedule must have been current before the change, with a rotation before and after
	 * (were everything fitting, every group's always would change) */
	if (c->dirty || !ctx_pmu(k, c) || l->pinned || !l->enabled || l->error || n == 0 ||
	    c->len[0] == n || n + 1 > c->flexcap)
		return false;
	while (i < c->ngroups && c->groups[i] != l->fd) {
		const struct sev *o = simk_ev(k, c->groups[i]);

		if (o && o->enabled && !o->error && !o->pinned)
			return false;
		i++;
	}
	if (i == c->ngroups)
		return false;   /* it comes before a flexible group: not the last */
	{
		struct sev *x = simk_ev(k, l->fd);

		x->always = false;
		x->flex_pos = n;
		x->in_cycle = 0;
	}
	c->flex[c->nflex++] = l->fd;
	c->last_flex = i;
	c->nlen = c->maxlen = 0;
	plan_steps(k, c, 0);
	return true;
}

/* The schedule, worked out again if the context changed since it last was. */
static void plan(const struct simk *k, struct sctx *c)
{
	if (c->dirty)
		recompute(k, c);
	c->dirty = false;
}

void sched_bank(struct simk *k, struct sctx *c, double t)
{
	int first;

	if (t == c->epoch)
		return;   /* nothing to bank (settled a moment ago at the same time) */
	plan(k, c);   /* the schedule since the epoch */
	/* within the first rotation step only the groups of that step ran, and those always on */
	first = t - c->epoch < c->mux ? (c->nflex ? c->len[0] : 0) : -1;
	for (int i = 0; first >= 0 && i < c->non + first; i++) {
		struct sev *l = simk_ev(k, i < c->non ? c->on[i] : c->flex[i - c->non]);
		double share = sched_share(k, l, t);

		l->run_base += share;
		for (int j = 0; j < l->nmemb; j++) {
			struct sev *e = simk_ev(k, l->memb[j]);

			if (e && e->enabled)
				e->run_base += share;
		}
	}
	for (int i = 0; first < 0 && i < c->ngroups; i++) {
		struct sev *l = simk_ev(k, c->groups[i]);
		double share;

		if (!l || !l->enabled || l->error || (first >= 0 && !l->always && l->flex_pos >= first))
			continue;   /* not scheduled: it ran 0 */
		share = sched_share(k, l, t);
		l->run_base += share;
		for (int j = 0; j < l->nmemb; j++) {
			struct sev *e = simk_ev(k, l->memb[j]);

			if (e && e->enabled)
				e->run_base += share;
		}
	}
	c->epoch = t;
}

/* Callers settle before and after each change, at the same time t: the time is banked by the
 * first (the second has none to bank), and the schedule worked out once, when next needed. */
void sched_settle(struct simk *k, struct sctx *c, double t)
{
	sched_bank(k, c, t);
	c->dirty = true;   /* the caller changes the context now or has just done so */
}
