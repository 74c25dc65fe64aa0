/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* session.c: the views' window on the running program (session.h): reads of struct app, and the
 * few changes a view makes, each through today's app functions. */
#include "session.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "app.h"
#include "app_skt.h"
#include "app_topdown.h"
#include "base/errmsg.h"
#include "fleet/fleet_live.h"

const struct model *session_model(const struct app *a)
{
	return &a->model;
}

const struct frame *session_frame(const struct app *a)
{
	return &a->model.cur;
}

int session_budgets(const struct app *a, const struct budget **b)
{
	*b = a->budget;
	return a->nbudget;
}

const char *session_msg(const struct app *a)
{
	return a->msg;
}

const struct settings *session_settings(const struct app *a)
{
	return &a->set;
}

int session_color(const struct app *a)
{
	/* --color outranks the config's [display] color (and is not saved by S) */
	return a->opt.color ? a->opt.color - 1 : a->set.color;
}

int session_count(const struct app *a)
{
	return a->opt.count;
}

int session_set_columns(struct app *a, const char *columns)
{
	if (strlen(columns) >= sizeof(a->set.columns))
		return -ENOSPC;
	snprintf(a->set.columns, sizeof(a->set.columns), "%s", columns);
	return 0;
}

int session_set_wl_columns(struct app *a, bool cgroups, const char *columns)
{
	char *to = cgroups ? a->set.cgroup_columns : a->set.process_columns;

	if (strlen(columns) >= sizeof(a->set.process_columns))
		return -ENOSPC;
	snprintf(to, sizeof(a->set.process_columns), "%s", columns);
	return 0;
}

void session_set_meters(struct app *a, bool on)
{
	a->set.meters = on;
}

void session_host(const struct app *a, struct session_host *h)
{
	*h = (struct session_host){ a->source_label, a->host, a->kernel, a->topo.model, a->paranoid,
				    a->run_note };
}

const char *session_hw_reason(const struct app *a)
{
	return a->hw_reason;
}

const char *session_clock_source(const struct app *a)
{
	return app_util_clock_source(a);
}

int session_uncore_pmus(const struct app *a)
{
	int n = 0;

	for (int i = 0; i < a->reg.n; i++)
		n += a->reg.pmus[i].kind == PMU_KIND_UNCORE;
	return n;
}

bool session_machine_cpus(const struct app *a)
{
	/* a recording's CPUs are its own, not this machine's topology */
	return !a->rep && a->model.ncpus == a->topo.ncpus;
}

int session_cpu_pmu_index(const struct app *a, int c)
{
	return c >= 0 && c < a->topo.ncpus ? a->topo.cpus[c].core_pmu : -1;
}

const char *session_cpu_pmu(const struct app *a, int c)
{
	int t = session_cpu_pmu_index(a, c);

	return t >= 0 && t < a->reg.n ? a->reg.pmus[t].name : "";
}

const struct disc_inventory *session_inventory(const struct app *a)
{
	return &a->inv;
}

const char *session_load_inventory(struct app *a)
{
	if (!a->inv_loaded)
		app_load_inventory(a);
	return a->inv_msg;
}

double session_now(void)
{
	return app_now();
}

double session_elapsed(const struct app *a)
{
	/* before the first frame: on the clock t0 was read from (the seam's) */
	return a->model.cur.t > 0 ? a->model.cur.t : app_clock(a) - a->t0;
}

int session_sample(struct app *a)
{
	int rc = app_sample(a);

	/* --sim-clock step:N: the screen stands still after every N refreshes (p runs N more), so a
	 * key pressed then acts between the same two refreshes whatever the machine's load */
	if (rc == 0 && a->opt.sim_pause_every > 0 &&
	    ++a->step_clock.samples % (unsigned long)a->opt.sim_pause_every == 0)
		a->paused = true;
	return rc;
}

bool session_paused(const struct app *a)
{
	return a->paused;
}

void session_set_paused(struct app *a, bool paused)
{
	a->paused = paused;
}

double session_interval(const struct app *a)
{
	return a->interval;
}

double session_set_interval(struct app *a, double seconds)
{
	if (seconds < INTERVAL_MIN)
		seconds = INTERVAL_MIN;
	if (seconds > INTERVAL_MAX)
		seconds = INTERVAL_MAX;
	a->interval = seconds;
	return seconds;
}

bool session_replaying(const struct app *a)
{
	return a->rep != NULL;
}

bool session_can_step(const struct app *a)
{
	return a->src && a->src->step;
}

int session_step(struct app *a, int delta)
{
	int rc = 0;

	if (!session_can_step(a))
		return -ENOTSUP;
	a->paused = true;
	/* the source's position is the next interval to read, one past the one shown */
	if (delta == 0)
		rc = a->src->step(a, 0);
	else if (delta != 1)
		rc = a->src->step(a, delta - 1);
	return rc < 0 ? rc : app_sample(a);
}

unsigned session_skt_figures(struct app *a)
{
	app_skt_detect(a);
	return a->skt.has;
}

const char *session_skt_why(const struct app *a)
{
	return a->skt.why;
}

const struct app_rdt *session_rdt(const struct app *a)
{
	return a->rdt.avail ? &a->rdt : NULL;
}

const char *session_rdt_why(const struct app *a)
{
	return a->rdt.avail ? "" : a->rdt.why;
}

void session_rdt_show(struct app *a, bool shown)
{
	a->rdt.shown = shown;
}

bool session_skt_counting(const struct app *a)
{
	return a->skt.on;
}

int session_skt_show(struct app *a, bool want)
{
	return app_skt_show(a, want);
}

const struct td_plan *session_td_plan(const struct app *a)
{
	return &a->td.plan;
}

int session_td_enable(struct app *a)
{
	return app_td_enable(a);
}

bool session_td_ready(const struct app *a)
{
	return a->td.cpu != NULL;
}

int session_td_inst_of_cpu(const struct app *a, int c)
{
	return app_td_inst_of_cpu(a, c);
}

const double *session_td_cpu(const struct app *a, int c, double *pct)
{
	if (!a->td.cpu)
		return NULL;
	*pct = a->td.cpu_pct[c];
	return &a->td.cpu[(size_t)c * TD_NSHARES];
}

const double *session_td_sock(const struct app *a, int s, int inst, double *pct)
{
	int np = a->td.plan.n;

	if (!a->td.cpu)
		return NULL;
	*pct = a->td.sock_pct[s * np + inst];
	return &a->td.sock[((size_t)s * np + inst) * TD_NSHARES];
}

const double *session_td_sys(const struct app *a, int inst, double *pct)
{
	if (!a->td.cpu)
		return NULL;
	*pct = a->td.sys_pct[inst];
	return &a->td.sys[(size_t)inst * TD_NSHARES];
}

void session_td_core(const struct app *a, int inst, const int *cpus, int n, double out[TD_NSHARES],
		     double *pct)
{
	const struct td_inst *in = &a->td.plan.in[inst];
	const struct model *m = &a->model;
	struct ev_val sum[TD_MAXEV];
	struct td_inst tmp = *in;

	/* the instance's event values summed over the core's CPUs, then the shares of the sums */
	memset(sum, 0, sizeof(sum));
	for (int k = 0; k < in->nev; k++) {
		for (int i = 0; i < n; i++)
			if (m->cur.online[cpus[i]])
				model_sum_into(&sum[k], &m->cur.cpu[(size_t)cpus[i] * m->nev + in->ev[k]]);
		model_sum_finish(&sum[k]);
		tmp.ev[k] = k;
	}
	td_row(&tmp, sum, out);
	*pct = in->nev ? sum[0].pct : NAN;
}

/* -EOPNOTSUPP (a recording) is no error to show: the views say it themselves */
int session_wl_show(struct app *a, bool procs, bool cgroups)
{
	int r = app_wl_pick(a, procs, cgroups);

	if (r == -ENOMEM)
		snprintf(a->msg, sizeof(a->msg), "out of memory counting processes and cgroups");
	return r;
}

void session_wl_info(const struct app *a, bool cgroups, struct wl_pick_info *out)
{
	app_wl_pick_info(a, cgroups, out);
}

void session_wl_threads(struct app *a, int pid)
{
	app_wl_threads_of(a, pid);
}

bool session_command_ended(struct app *a)
{
	int st;

	return a->opt.wl.command && !app_wl_command_running(a) && app_wl_command_status(a, &st);
}

/* --- the fleet --- */

static const char *or_set(const char *opt, const char *set)
{
	return opt ? opt : set[0] ? set : NULL;
}

void app_fleet_opts(const struct app *a, struct fleet_opts *o)
{
	const struct settings *s = &a->set;

	*o = a->opt.fleet;
	if (!o->url && !o->targets) {
		o->url = or_set(NULL, s->fleet_url);
		o->targets = o->url ? NULL : or_set(NULL, s->fleet_targets);
	}
	o->label = or_set(o->label, s->fleet_label);
	if (o->window == 0)
		o->window = s->fleet_window;
	o->user = or_set(o->user, s->fleet_user);
	o->password_file = or_set(o->password_file, s->fleet_password_file);
	o->bearer_file = or_set(o->bearer_file, s->fleet_bearer_file);
	o->ca = or_set(o->ca, s->fleet_ca);
	o->cert = or_set(o->cert, s->fleet_cert);
	o->key = or_set(o->key, s->fleet_key);
	o->no_rules = !s->fleet_rules;
}

const char *session_fleet_where(const struct app *a)
{
	struct fleet_opts o;

	app_fleet_opts(a, &o);
	return o.url ? o.url : o.targets ? o.targets : "";
}

bool session_fleet_configured(const struct app *a)
{
	return session_fleet_where(a)[0] != '\0';
}

int session_fleet_start(struct app *a)
{
	struct fleet_opts o;
	struct errmsg em = { 0 };
	int r;

	if (a->fleet)
		return 0;
	if (!session_fleet_configured(a)) {
		snprintf(a->fleet_err, sizeof(a->fleet_err), "no fleet configured");
		return -ENOENT;
	}
	app_fleet_opts(a, &o);
	if ((r = fleet_live_start(&o, &a->fleet, &em)) < 0) {
		snprintf(a->fleet_err, sizeof(a->fleet_err), "%s", errmsg_text(&em, r));
		return r;
	}
	a->fleet_err[0] = '\0';
	return 0;
}

void session_fleet_stop(struct app *a)
{
	fleet_live_stop(a->fleet);
	a->fleet = NULL;
}

const char *session_fleet_error(const struct app *a)
{
	return a->fleet_err;
}

bool session_fleet_frame(struct app *a, unsigned *seq, struct fleet_frame *out, char *err, size_t n,
			 bool *busy)
{
	*busy = false;
	return a->fleet && fleet_live_take(a->fleet, seq, out, err, n, busy);
}

void session_fleet_detail(struct app *a, const char *host)
{
	if (a->fleet)
		fleet_live_detail(a->fleet, host);
}

bool session_fleet_take_detail(struct app *a, unsigned *seq, struct fleet_detail *out, char *err, size_t n)
{
	return a->fleet && fleet_live_take_detail(a->fleet, seq, out, err, n);
}
