/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app.c: the state shared by batch mode and the TUI: building the model from events, the perf source. */
#include "app.h"
#include "hw/perf/counters.h"
#include "hw/sys/seam.h"
#include "base/errmsg.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/clock.h"

double app_now(void)
{
	return clock_mono();
}

double app_clock(const struct app *a)
{
	if (a->seam && a->seam->clock_ns)
		return (double)a->seam->clock_ns(a->seam->ctx) / 1e9;
	return app_now();
}

/* Build a model for the events of flat into m: its CPUs from the topology. */
int app_build_model(struct app *a, const struct ev_list *flat, struct model *m)
{
	const struct topology *t = &a->topo;
	int *ids = malloc((size_t)t->ncpus * sizeof(int)), *sock = malloc((size_t)t->ncpus * sizeof(int));
	int *core = malloc((size_t)t->ncpus * sizeof(int)), r;

	if (!ids || !sock || !core) {
		free(ids); free(sock); free(core);
		return -ENOMEM;
	}
	for (int i = 0; i < t->ncpus; i++) {
		ids[i] = t->cpus[i].cpu;
		sock[i] = t->cpus[i].sock_idx;
		core[i] = t->cpus[i].core;
	}
	model_free(m);
	r = model_init(m, t->ncpus, ids, sock, core, t->nsockets, t->socket_ids,
		       a->hist_keep > 0 ? a->hist_keep : a->set.history);
	free(ids); free(sock); free(core);
	if (r < 0)
		return r;
	for (int p = 0; p < a->reg.n; p++)
		if (a->reg.pmus[p].kind == PMU_KIND_CORE) {
			if (!a->reg.hybrid)   /* the generic events open on it (evparse) */
				model_set_generic_pmu(m, a->reg.pmus[p].name);
			model_set_generic_cache(m, settings_generic_cache(
				settings_arch_of(a->reg.pmus[p].name, a->topo.vendor)));
			m->llc_is_l3 = settings_arch_of(a->reg.pmus[p].name, a->topo.vendor) == ARCH_INTEL;
			break;
		}
	for (int e = 0; e < flat->n && r >= 0; e++) {
		const struct ev_spec *s = &flat->ev[e];
		const struct pmu *p = s->pmu >= 0 ? &a->reg.pmus[s->pmu] : NULL;
		r = model_add_event(m, s->name, s->base, p ? p->name : "", s->unit, s->group,
				    p && p->kind == PMU_KIND_UNCORE);
	}
	if (r >= 0)
		r = model_alloc_frame(m);
	return r;
}

/* --- the perf source (real kernel or simulated kernel, through the seam) --- */

/* What the last read found that was not said before (a CPU gone offline, failed or short reads, each
 * once per CPU): the note for stderr (batch) and the header (TUI), after what opening dropped. */
static void note_reads(struct app *a)
{
	const char *open = counters_open_note(a->cnt), *note = counters_read_note(a->cnt);

	if (!note[0])
		return;
	snprintf(a->msg, sizeof(a->msg), "%s", note);
	snprintf(a->run_note, sizeof(a->run_note), "%s%s%s", open, open[0] ? "; " : "", note);
}

/* Count flat from now on, the model m its frames go to: the groups that did not change keep counting
 * (counters_open moves them over), the others open; the old counters close only on success. */
static int perf_count(struct app *a, const struct ev_list *flat, struct model *m, struct errmsg *em)
{
	struct errmsg why = { 0 };
	struct counters *c;
	int *plan = app_group_plan(a, flat), r;

	r = counters_open(flat, plan, &a->topo, a->seam, a->cnt, &c, &why);
	free(plan);
	if (why.code)   /* the reason it failed, or what opening left out while counting goes on */
		snprintf(a->msg, sizeof(a->msg), "%s", why.text);
	for (int i = 0; i < a->nbudget && why.code; i++)   /* the counters a refused group wanted */
		if (a->budget[i].over_n) {
			size_t used = strlen(a->msg);

			snprintf(a->msg + used, sizeof(a->msg) - used, "; %s has %d general counters, and a group "
				 "of %d of its events needs %d", a->budget[i].pmu, a->budget[i].gp,
				 a->budget[i].over_n, a->budget[i].over_gp);
		}
	if (r < 0) {
		errmsg_set(em, r, "%s", errmsg_text(&why, r));
		if (a->cnt && flat != &a->evl.flat) {   /* count what was counted before, again */
			perf_count(a, &a->evl.flat, &a->model, NULL);
			snprintf(a->msg, sizeof(a->msg), "%s", errmsg_text(&why, r));
		}
		return r;
	}
	counters_close(a->cnt);   /* what was not moved over is closed already */
	a->cnt = c;
	snprintf(a->run_note, sizeof(a->run_note), "%s", counters_open_note(a->cnt));
	counters_read(a->cnt, m);   /* baseline */
	note_reads(a);
	app_util_baseline(a);
	a->last_sample = app_clock(a);
	return 0;
}

static int perf_sample(struct app *a)
{
	int r = a->cnt ? counters_read(a->cnt, &a->model) : 0;   /* none: the CPUs were refused */

	if (!a->cnt) {
		app_util_sample(a);
		return 0;
	}
	note_reads(a);
	app_util_sample(a);
	return r;
}

static void perf_stop(struct app *a)
{
	counters_close(a->cnt);
	a->cnt = NULL;
}

const struct source_ops source_perf = {
	.name = "perf", .sample = perf_sample, .count = perf_count, .step = NULL, .stop = perf_stop,
};

int app_events_apply(struct app *a, struct evlist *next, struct errmsg *em)
{
	struct model nm = { 0 };
	struct evlist old;
	int r;

	if (a->src && !a->src->count) {
		evlist_free(next);
		snprintf(a->msg, sizeof(a->msg), "a recording's events are fixed");
		return errmsg_set(em, -EOPNOTSUPP, "%s", a->msg);
	}
	r = app_build_model(a, &next->flat, &nm);
	if (r >= 0 && a->src)
		r = a->src->count(a, &next->flat, &nm, em);
	else if (r < 0)
		errmsg_set(em, r, "out of memory");
	if (r < 0) {   /* the events counted before stay counted */
		model_free(&nm);
		evlist_free(next);
		app_update_budget(a);
		return r;
	}
	model_free(&a->model);
	a->model = nm;
	old = a->evl;
	a->evl = *next;
	memset(next, 0, sizeof(*next));
	evlist_free(&old);
	a->evl_gen++;
	if (a->on_events)   /* the workloads count the new list too */
		a->on_events(a);
	app_update_budget(a);
	return 0;
}

int app_events_set_user(struct app *a, const char *text, struct ev_error *perr, struct errmsg *em)
{
	struct evlist next;
	int r;

	if ((r = evlist_copy(&next, &a->evl)) < 0)
		return errmsg_set(em, r, "out of memory");
	evlist_drop_owner(&next, EVO_USER);
	if ((r = evlist_add(&next, EVO_USER, text, false, &a->reg, &a->topo, NULL, 0, perr)) < 0) {
		evlist_free(&next);
		return errmsg_set(em, r, "column %d: %s", perr->pos + 1, perr->msg);
	}
	perr->pos = -1;
	return app_events_apply(a, &next, em);
}

int *app_group_plan(struct app *a, const struct ev_list *flat)
{
	int *plan = malloc(sizeof(int) * (size_t)(flat->n ? flat->n : 1));

	app_probe_budget(a);
	budget_need(a->budget, a->nbudget, &a->reg, flat);
	if (plan)
		budget_pack(a->budget, a->nbudget, &a->reg, flat, plan);
	return plan;   /* NULL (out of memory): the user's groups */
}

void app_probe_budget(struct app *a)
{
	if (a->nbudget == 0 && a->seam)
		a->nbudget = budget_probe(&a->reg, &a->topo, a->seam, a->budget,
					  (int)(sizeof(a->budget) / sizeof(a->budget[0])));
}

void app_update_budget(struct app *a)
{
	app_probe_budget(a);
	budget_need(a->budget, a->nbudget, &a->reg, &a->evl.flat);
}
