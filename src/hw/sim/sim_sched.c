/* sim_sched.c: counter scheduling of the simulated kernel: pinned first, flexible groups all or nothing
 * in rotation order, stopping at the first group that does not fit (as the kernel's merge_sched_in). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hw/sim/sim_kernel.h"
#include "hw/sim/sim_topdown.h"

struct slots { int gp, fixed_used, offcore; };

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
static struct slots pmu_slots(const struct simk *k, const struct simm_pmu *p, bool watchdog)
{
	struct slots s = { p->gp, 0, 0 };

	if (p->kind != SIMM_CORE && s.gp <= 0)
		s.gp = 4;
	if (watchdog && p->kind == SIMM_CORE && k->m->nmi_watchdog) {
		int slot = cycles_fixed_slot(p);
		if (slot >= 0)
			s.fixed_used |= 1 << slot;
		else if (s.gp > 0)
			s.gp--;
	}
	return s;
}

/* Add one event; false when it finds no counter. An event whose fixed counter is taken
 * falls back to a GP counter, except a pseudo-encoding with event select 0 (Intel's
 * ref-cycles 0x0300 and slots 0x0400), which only a fixed counter can count. */
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
	if (e->offcore && t->offcore++ >= p->max_offcore)
		return false;
	return t->gp-- > 0;
}

/* Try the whole group (its enabled members); on success commit the slots. */
static bool take_group(const struct simk *k, const struct simm_pmu *p, const struct sev *l, struct slots *s)
{
	struct slots t = *s;

	if (!take_one(p, l, &t))
		return false;
	for (int i = 0; i < l->nmemb; i++) {
		const struct sev *e = simk_ev(k, l->memb[i]);

		if (e && e->enabled && !take_one(p, e, &t))
			return false;
	}
	*s = t;
	return true;
}

bool sched_group_fits_alone(const struct simk *k, const struct sev *l, const struct sev *extra)
{
	const struct simm_pmu *p = l->ctx ? ctx_pmu(k, l->ctx) : NULL;
	struct slots s;

	if (!p && extra && extra->pmu >= 0)
		p = &k->m->pmus[extra->pmu];
	if (!p)
		return true;
	s = pmu_slots(k, p, false);
	if (!take_one(p, l, &s))
		return false;
	for (int i = 0; i < l->nmemb; i++) {
		const struct sev *e = simk_ev(k, l->memb[i]);

		if (e && !take_one(p, e, &s))
			return false;
	}
	return !extra || take_one(p, extra, &s);
}

double sched_share(const struct simk *k, const struct sev *l, double t)
{
	const struct sctx *c = l->ctx;
	double d = t - c->epoch, share;
	long long steps, cycles;
	int n = c->nflex, g = l->flex_pos, r;

	(void)k;
	if (!l->enabled || l->error || d <= 0)
		return 0;
	if (l->always)
		return d;
	if (g < 0 || n <= 0)
		return 0;
	/* The rotation repeats every n intervals: whole cycles analytically, then the
	 * steps of the current cycle one by one. */
	steps = (long long)floor(d / c->mux);
	cycles = steps / n;
	r = (int)(steps % n);
	share = (double)cycles * l->in_cycle * c->mux;
	for (int s = 0; s <= r; s++)
		if ((g - s + n) % n < c->len[s])
			share += s < r ? c->mux : d - (double)steps * c->mux;
	return share;
}

static void recompute(struct simk *k, struct sctx *c)
{
	const struct simm_pmu *p = ctx_pmu(k, c);
	struct slots base = { 0 }, s;
	int n = 0;

	if (p)
		base = pmu_slots(k, p, true);
	free(c->flex);
	free(c->len);
	c->flex = malloc(sizeof(int) * (size_t)(c->ngroups + 1));
	c->len = malloc(sizeof(int) * (size_t)(c->ngroups + 1));
	c->nflex = 0;
	if (!c->flex || !c->len)
		return;   /* nothing scheduled: running stays 0, never a crash */
	for (int i = 0; i < c->ngroups; i++) {
		struct sev *l = simk_ev(k, c->groups[i]);

		if (!l)
			continue;
		l->always = false;
		l->flex_pos = -1;
		l->in_cycle = 0;
		if (!l->enabled || l->error)
			continue;
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
		}
	}
	c->nflex = n;
	for (int step = 0; step < n; step++) {
		int cnt = 0;

		s = base;
		while (cnt < n && take_group(k, p, simk_ev(k, c->flex[(step + cnt) % n]), &s))
			cnt++;
		c->len[step] = cnt;
		if (step == 0 && cnt == n)
			break;   /* everything fits: no rotation */
	}
	for (int g = 0; g < n; g++) {
		struct sev *l = simk_ev(k, c->flex[g]);

		if (c->len[0] == n) {
			l->always = true;
			continue;
		}
		for (int step = 0; step < n; step++)
			l->in_cycle += (g - step + n) % n < c->len[step];
	}
}

void sched_settle(struct simk *k, struct sctx *c, double t)
{
	for (int i = 0; i < c->ngroups; i++) {
		struct sev *l = simk_ev(k, c->groups[i]);
		double share;

		if (!l)
			continue;
		share = sched_share(k, l, t);
		l->run_base += share;
		for (int j = 0; j < l->nmemb; j++) {
			struct sev *e = simk_ev(k, l->memb[j]);

			if (e && e->enabled)
				e->run_base += share;
		}
	}
	c->epoch = t;
	recompute(k, c);
}
