/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_topdown.c: top-down shares of the running program: the method per core PMU, its events added
 * when asked for, shares per CPU, socket and system (from summed counts, then ratios). */
#include "app.h"
#include "app_topdown.h"
#include "base/errmsg.h"
#include "hw/events/evparse.h"
#include "hw/sys/seam.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void app_td_detect(struct app *a)
{
	if (a->td.detected)
		return;
	td_detect(&a->reg, &a->topo, &a->td.plan);
	a->td.detected = true;
}

static void bind(struct app *a);
static void size_shares(struct app *a);

/* Open each of the instance's groups alone, disabled, on one CPU of its PMU: the kernel refuses
 * (EINVAL) a group that can never be scheduled, which the counters' table may not know (a
 * hybrid's E-core, a part with fewer counters). The leader is off but set to start at an exec that
 * never comes (a CPU's event): the armv8 driver's group check leaves out a leader that is off
 * without enable_on_exec, and would take a group one too large. Returns the refused group, -1 none. */
static int probe_groups(struct app *a, const struct td_inst *in)
{
	const struct pmu *p = &a->reg.pmus[in->pmu];
	int cpu = p->cpus && p->ncpus ? p->cpus[0] : a->topo.ncpus ? a->topo.cpus[0].cpu : 0;
	char *text = td_inst_text(in);
	struct ev_list l = { 0 };
	struct ev_error err = { 0 };
	int refused = -1, fds[TD_MAXEV], nfd = 0;

	if (!a->seam || !text || evparse(text, &a->reg, &a->topo, &l, &err) < 0) {
		free(text);
		return -1;
	}
	free(text);
	for (int i = 0; i <= l.n && refused < 0; i++) {
		if (i == l.n || (i > 0 && l.ev[i].group != l.ev[i - 1].group)) {   /* a group ends */
			while (nfd > 0)
				a->seam->close(a->seam->ctx, fds[--nfd]);
			if (i == l.n)
				break;
		}
		struct perf_event_attr at = { .size = sizeof(at), .type = l.ev[i].type, .config = l.ev[i].config,
					      .config1 = l.ev[i].config1, .config2 = l.ev[i].config2,
					      .disabled = nfd == 0, .enable_on_exec = nfd == 0,
					      .read_format = PERF_FORMAT_GROUP };
		int fd = a->seam->open(a->seam->ctx, &at, -1, cpu, nfd ? fds[0] : -1, 0);
		if (fd >= 0 && nfd < TD_MAXEV)
			fds[nfd++] = fd;
		else if (fd == -EINVAL)
			refused = l.ev[i].group - l.ev[0].group;
		else if (fd >= 0)
			a->seam->close(a->seam->ctx, fd);
	}
	while (nfd > 0)
		a->seam->close(a->seam->ctx, fds[--nfd]);
	ev_list_free(&l);
	return refused;
}

/* The counter arithmetic of every instance on its PMU (app_probe_budget's counters). Returns how
 * many instances can count; l->no_autopin when one needs pmutop's pinned group out of the way;
 * a->msg says what does not fit. */
static int fit_all(struct app *a, struct evlist *l)
{
	struct app_td *t = &a->td;
	int ok = 0;
	size_t used = 0;

	app_probe_budget(a);
	a->td.fit_msg[0] = '\0';
	for (int i = 0; i < t->plan.n; i++) {
		struct td_inst *in = &t->plan.in[i];
		const struct budget *b = NULL;

		for (int k = 0; k < a->nbudget && !b; k++)
			if (strcmp(a->budget[k].pmu, in->pmu_name) == 0)
				b = &a->budget[k];
		int gp = b ? b->gp : -1, g;

		if (td_fit(in, gp, b ? b->fixed : 0, b && b->nmi_watchdog, b && b->watchdog_gp) != TD_NEVER &&
		    (g = probe_groups(a, in)) >= 0)
			td_refused(in, g, gp);
		ok += in->fit != TD_NEVER;
		l->no_autopin |= in->fit == TD_NEEDS_ROOM;
		if (in->fit != TD_FITS && used < sizeof(t->fit_msg))
			used += (size_t)snprintf(t->fit_msg + used, sizeof(t->fit_msg) - used, "%s%s",
						 used ? "; " : "", in->fit_why);
	}
	return ok;
}

int app_td_add(struct app *a, struct evlist *l, struct errmsg *em)
{
	struct app_td *t = &a->td;

	app_td_detect(a);
	if (t->plan.n == 0)
		return errmsg_set(em, -ENOENT, "%s", t->plan.reason);
	if (fit_all(a, l) == 0)
		return errmsg_set(em, -ENOSPC, "%s", t->fit_msg);
	for (int i = 0; i < t->plan.n; i++) {
		char *text = t->plan.in[i].fit == TD_NEVER ? NULL : td_inst_text(&t->plan.in[i]);
		struct ev_error err = { 0 };
		int n;

		if (t->plan.in[i].fit == TD_NEVER) {
			t->nids[i] = 0;
			continue;
		}
		if (!text)
			return errmsg_set(em, -ENOMEM, "out of memory");
		n = evlist_add(l, EVO_TOPDOWN, text, false, &a->reg, &a->topo, t->ids[i], TD_MAXEV, &err);
		free(text);
		if (n < 0)
			return errmsg_set(em, n, "%s", err.msg);
		t->nids[i] = n < TD_MAXEV ? n : TD_MAXEV;
	}
	t->on = true;
	t->bound_gen = 0;
	return 0;
}

int app_td_enable(struct app *a)
{
	struct errmsg em = { 0 };
	struct evlist next;
	int r;

	app_td_detect(a);
	if (a->td.on)
		return 0;
	if (a->td.plan.n == 0) {
		snprintf(a->msg, sizeof(a->msg), "%s", a->td.plan.reason);
		return -ENOENT;
	}
	if ((r = evlist_copy(&next, &a->evl)) < 0 || (r = app_td_add(a, &next, &em)) < 0 ||
	    (r = app_events_apply(a, &next, &em)) < 0) {
		evlist_free(&next);
		a->td.on = false;
		snprintf(a->msg, sizeof(a->msg), "cannot count the top-down events: %s", errmsg_text(&em, r));
		return r;
	}
	bind(a);   /* the view and the exporter read the plan before the next sample */
	size_shares(a);
	if (a->td.fit_msg[0])
		snprintf(a->msg, sizeof(a->msg), "%.*s", (int)sizeof(a->msg) - 1, a->td.fit_msg);
	return 0;
}

void app_td_free(struct app *a)
{
	free(a->td.cpu); free(a->td.sock); free(a->td.sys);
	free(a->td.cpu_pct); free(a->td.sock_pct); free(a->td.sys_pct);
	a->td.cpu = a->td.sock = a->td.sys = a->td.cpu_pct = a->td.sock_pct = a->td.sys_pct = NULL;
	a->td.ncpus = a->td.nsock = 0;
}

/* Each instance's events in the model, from the entries it added (the list changes under it when
 * another owner adds or drops events). */
static void bind(struct app *a)
{
	struct app_td *t = &a->td;

	for (int i = 0; i < t->plan.n; i++) {
		int ev[TD_MAXEV], n = 0;

		for (int g = 0; g < t->nids[i]; g++) {
			int k, first = evlist_flat_of(&a->evl, t->ids[i][g], &k);
			for (int j = 0; first >= 0 && j < k && n < TD_MAXEV; j++)
				ev[n++] = first + j;
		}
		td_bind_inst(&t->plan.in[i], ev, n);
	}
	t->bound_gen = a->evl_gen + 1;
}

/* The share arrays, sized for the model. */
static void size_shares(struct app *a)
{
	struct app_td *t = &a->td;
	int n = t->plan.n ? t->plan.n : 1;

	if (t->ncpus == a->model.ncpus && t->nsock == a->model.nsock && t->cpu)
		return;
	app_td_free(a);
	t->ncpus = a->model.ncpus;
	t->nsock = a->model.nsock;
	t->cpu = malloc(sizeof(double) * TD_NSHARES * (size_t)(t->ncpus ? t->ncpus : 1));
	t->sock = malloc(sizeof(double) * TD_NSHARES * (size_t)n * (size_t)(t->nsock ? t->nsock : 1));
	t->sys = malloc(sizeof(double) * TD_NSHARES * (size_t)n);
	t->cpu_pct = malloc(sizeof(double) * (size_t)(t->ncpus ? t->ncpus : 1));
	t->sock_pct = malloc(sizeof(double) * (size_t)n * (size_t)(t->nsock ? t->nsock : 1));
	t->sys_pct = malloc(sizeof(double) * (size_t)n);
	if (!t->cpu || !t->sock || !t->sys || !t->cpu_pct || !t->sock_pct || !t->sys_pct)
		app_td_free(a);
}

int app_td_inst_of_cpu(const struct app *a, int c)
{
	int ti = c >= 0 && c < a->topo.ncpus ? topo_index(&a->topo, a->model.cpu_ids[c]) : -1;

	return ti < 0 ? -1 : td_inst_for_pmu(&a->td.plan, a->topo.cpus[ti].core_pmu);
}

static double lead_pct(const struct td_inst *in, const struct ev_val *row)
{
	return in->bound ? row[in->ev[0]].pct : NAN;
}

/* A group the arithmetic let through may still never run (a user's pinned group holds the counters
 * it needs): said once, never a silent 0%. */
static void tell_idle(struct app *a, int i)
{
	struct app_td *t = &a->td;
	struct td_inst *in = &t->plan.in[i];

	in->idle = in->bound && a->model.cur.seq >= 2 && t->sys_pct[i] == 0;
	if (t->idle_told[i] || !in->idle)
		return;
	t->idle_told[i] = true;
	snprintf(a->msg, sizeof(a->msg), "%s: %s", in->pmu_name, TD_IDLE_WHY);
}

void app_td_derive(struct app *a)
{
	struct app_td *t = &a->td;
	const struct frame *f = &a->model.cur;
	int ne = a->model.nev, n = t->plan.n;

	if (!t->on)
		return;
	if (t->bound_gen != a->evl_gen + 1)
		bind(a);
	size_shares(a);
	if (!t->cpu)
		return;
	for (int c = 0; c < t->ncpus; c++) {
		int i = app_td_inst_of_cpu(a, c);
		double *o = &t->cpu[(size_t)c * TD_NSHARES];
		for (int k = 0; k < TD_NSHARES; k++)
			o[k] = NAN;
		t->cpu_pct[c] = NAN;
		if (i < 0 || !f->online[c])
			continue;
		td_row(&t->plan.in[i], &f->cpu[(size_t)c * ne], o);
		t->cpu_pct[c] = lead_pct(&t->plan.in[i], &f->cpu[(size_t)c * ne]);
	}
	for (int i = 0; i < n; i++) {
		for (int s = 0; s < t->nsock; s++) {
			const struct ev_val *row = &f->sock[(size_t)s * ne];
			td_row(&t->plan.in[i], row, &t->sock[((size_t)s * n + i) * TD_NSHARES]);
			t->sock_pct[s * n + i] = lead_pct(&t->plan.in[i], row);
		}
		td_row(&t->plan.in[i], f->sys, &t->sys[(size_t)i * TD_NSHARES]);
		t->sys_pct[i] = lead_pct(&t->plan.in[i], f->sys);
		tell_idle(a, i);
	}
}
