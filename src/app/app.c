/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app.c: the state shared by batch mode and the TUI: building the model from events, the perf source. */
#include "app.h"
#include "hw/perf/counters.h"
#include "hw/sys/seam.h"
#include "app_topdown.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double app_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Build the model's CPUs from the topology and its events from the event list. */
int app_build_model(struct app *a)
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
	model_free(&a->model);
	r = model_init(&a->model, t->ncpus, ids, sock, core, t->nsockets, t->socket_ids,
		       a->set.history);
	free(ids); free(sock); free(core);
	if (r < 0)
		return r;
	for (int p = 0; p < a->reg.n; p++)
		if (a->reg.pmus[p].kind == PMU_KIND_CORE) {
			model_set_generic_cache(&a->model, settings_generic_cache(
				settings_arch_of(a->reg.pmus[p].name, a->topo.vendor)));
			a->model.llc_is_l3 = settings_arch_of(a->reg.pmus[p].name, a->topo.vendor) == ARCH_INTEL;
			break;
		}
	for (int e = 0; e < a->evl.n && r >= 0; e++) {
		const struct ev_spec *s = &a->evl.ev[e];
		const struct pmu *p = s->pmu >= 0 ? &a->reg.pmus[s->pmu] : NULL;
		r = model_add_event(&a->model, s->name, s->base, p ? p->name : "", s->unit, s->group,
				    p && p->kind == PMU_KIND_UNCORE);
	}
	if (r >= 0 && (r = model_alloc_frame(&a->model)) >= 0)
		app_td_bind(a);
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

static int perf_reopen(struct app *a)
{
	struct cnt_error err;
	int *plan;

	counters_close(a->cnt);
	plan = app_group_plan(a);
	a->cnt = counters_open(&a->evl, plan, &a->topo, a->seam, &err);
	free(plan);
	if (!a->cnt) {
		snprintf(a->msg, sizeof(a->msg), "%s", err.msg);
		return err.err ? err.err : -EIO;
	}
	/* opened, but not everything counts (nothing supported, descriptors ran out, CPUs offline):
	 * say so and go on; what was dropped stays in the header */
	if (err.err)
		snprintf(a->msg, sizeof(a->msg), "%s", err.msg);
	snprintf(a->run_note, sizeof(a->run_note), "%s", counters_open_note(a->cnt));
	counters_read(a->cnt, &a->model);   /* baseline */
	note_reads(a);
	app_util_baseline(a);
	a->last_sample = app_now();
	return 0;
}

static int perf_sample(struct app *a)
{
	int r = counters_read(a->cnt, &a->model);

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
	.name = "perf", .sample = perf_sample, .reopen = perf_reopen, .step = NULL, .stop = perf_stop,
};

int app_sample(struct app *a)
{
	double now = app_now();
	struct frame *f = &a->model.cur;
	int r = a->src->sample(a);

	if (r != 0)
		return r;
	if (a->src == &source_perf) {
		f->interval = now - a->last_sample;
		f->t = now - a->t0;
		a->last_sample = now;
		f->seq++;   /* a replay numbers its own frames */
	}
	model_derive(&a->model);
	app_td_derive(a);
	if (a->on_frame)
		a->on_frame(a);
	return 0;
}

int app_set_events(struct app *a, const char *list, struct ev_error *err)
{
	struct ev_list nl = { 0 }, old;
	char why[sizeof(a->msg)];
	int r;

	r = evparse(list, &a->reg, &a->topo, &nl, err);
	if (r < 0)
		return r;
	if (a->src && a->src->stop)
		a->src->stop(a);
	old = a->evl;
	a->evl = nl;
	r = app_build_model(a);
	if (r >= 0 && a->src && a->src->reopen)
		r = a->src->reopen(a);
	if (r < 0) {   /* keep counting what was counted before, and say why the new set failed */
		snprintf(why, sizeof(why), "%s", a->msg[0] ? a->msg : strerror(-r));
		if (a->src && a->src->stop)
			a->src->stop(a);
		ev_list_free(&a->evl);
		a->evl = old;
		if (app_build_model(a) >= 0 && a->src && a->src->reopen)
			a->src->reopen(a);
		app_update_budget(a);
		err->pos = 0;
		snprintf(err->msg, sizeof(err->msg), "%.*s", (int)sizeof(err->msg) - 1, why);
		snprintf(a->msg, sizeof(a->msg), "%s", why);
		return r;
	}
	ev_list_free(&old);
	app_update_budget(a);
	return 0;
}

/* One group as perf syntax: its members' inputs, each once ("{a,b}" or "a"). */
static void group_text(const struct ev_list *l, int g, char *out, size_t len)
{
	const char *last = NULL;
	size_t used = 0;
	int n = 0;

	out[0] = '\0';
	for (int e = 0; e < l->n && used < len; e++) {
		const struct ev_spec *s = &l->ev[e];
		if (s->group != g || (last && strcmp(last, s->input) == 0))
			continue;
		used += (size_t)snprintf(out + used, len - used, "%s%s", last ? "," : "", s->input);
		last = s->input;
		n++;
	}
	if (n > 1 && used + 2 < len) {   /* wrap a real group in braces */
		memmove(out + 1, out, used + 1);
		out[0] = '{';
		out[used + 1] = '}';
		out[used + 2] = '\0';
	}
}

void app_events_text(const struct app *a, char *buf, size_t len)
{
	char piece[1024], prev[1024] = "";
	size_t used = 0;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (int g = 0; g < a->evl.ngroups; g++) {
		group_text(&a->evl, g, piece, sizeof(piece));
		/* A PMU-prefix or hybrid expansion repeats the same text group after group: print it once. */
		if (!piece[0] || strcmp(piece, prev) == 0)
			continue;
		snprintf(prev, sizeof(prev), "%s", piece);
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "", piece);
		if (used >= len) {
			buf[len - 1] = '\0';
			return;
		}
	}
}

int *app_group_plan(struct app *a)
{
	int *plan = malloc(sizeof(int) * (size_t)(a->evl.n ? a->evl.n : 1));

	app_update_budget(a);
	if (plan)
		budget_pack(a->budget, a->nbudget, &a->reg, &a->evl, plan);
	return plan;   /* NULL (out of memory): the user's groups */
}

void app_update_budget(struct app *a)
{
	if (a->nbudget == 0 && a->seam)
		a->nbudget = budget_probe(&a->reg, &a->topo, a->seam, a->budget,
					  (int)(sizeof(a->budget) / sizeof(a->budget[0])));
	budget_need(a->budget, a->nbudget, &a->reg, &a->evl);
}
