/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet.c: the fleet engine over a Prometheus query API: the window (asked once from
 * /api/v1/status/config, or given), whether the recording rules answer (asked once), then per
 * refresh the three queries of fleet_query.c at one evaluation time, their answers gathered per
 * host and made into rows. Direct mode (--fleet-targets) hands the gathering to fleet_direct.c. */
#include "fleet_impl.h"
#include "base/errmsg.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/clock.h"

struct fleet {
	struct fleet_opts o;
	char label[130];
	char url[1024];
	struct fleet_http *http;
	struct fleet_direct *direct;
	double window, scrape;     /* seconds; scrape 0 when not known */
	bool window_known;
	int rules;                 /* -1 not asked yet, 0 absent, 1 present */
	bool percpu_hosts;         /* the last refresh saw hosts without per-socket event counters */
	char window_note[256];
};

int fleet_open(const struct fleet_opts *o, struct fleet **out, struct errmsg *em)
{
	struct fleet *f;
	int r;

	*out = NULL;
	if (!o->url == !o->targets)
		return errmsg_set(em, -EINVAL, "give either --fleet URL (a Prometheus query API) or "
				  "--fleet-targets host:port,... (the exporters themselves)");
	if (o->label && !fleet_label_ok(o->label))
		return errmsg_set(em, -EINVAL, "--fleet-label %s: not a label name ([a-zA-Z_][a-zA-Z0-9_]*)", o->label);
	if (o->url && strncmp(o->url, "http://", 7) && strncmp(o->url, "https://", 8))
		return errmsg_set(em, -EINVAL, "--fleet %s: give the query API's URL with http:// or https://", o->url);
	if (o->url && strlen(o->url) >= 1000)
		return errmsg_set(em, -ENAMETOOLONG, "--fleet: the URL is too long");
	if ((o->cert == NULL) != (o->key == NULL))
		return errmsg_set(em, -EINVAL, "--fleet-cert and --fleet-key go together");
	if (o->window != 0 && !(o->window >= 1 && o->window <= 86400))
		return errmsg_set(em, -EINVAL, "--fleet-window needs seconds from 1 to 86400");
	if (!(f = calloc(1, sizeof(*f))))
		return errmsg_set(em, -ENOMEM, "out of memory");
	f->o = *o;
	snprintf(f->label, sizeof(f->label), "%s", o->label ? o->label : "instance");
	f->o.label = f->label;
	if (o->url)
		snprintf(f->url, sizeof(f->url), "%s", o->url);
	f->window = o->window;
	f->window_known = o->window > 0;
	f->rules = o->no_rules || strcmp(f->label, "instance") || o->targets ? 0 : -1;
	if ((r = fleet_http_open(o, &f->http, em)) < 0 ||
	    (o->targets && (r = fleet_direct_open(&f->o, f->http, &f->direct, em)) < 0)) {
		fleet_close(f);
		return r;
	}
	*out = f;
	return 0;
}

void fleet_close(struct fleet *f)
{
	if (!f)
		return;
	fleet_direct_close(f->direct);
	fleet_http_close(f->http);
	free(f);
}

double fleet_window(const struct fleet *f)
{
	return f->window;
}

/* "1m30s", "15s", "500ms": seconds, or NAN */
static double duration(const char *s)
{
	double total = 0;
	int parts = 0;

	while (*s && !strchr("\n \\\"'", *s)) {
		char *end;
		double v = strtod(s, &end);
		if (end == s || v < 0)
			return NAN;
		s = end;
		if (!strncmp(s, "ms", 2)) { v /= 1000; s += 2; }
		else if (*s == 's') { s++; }
		else if (*s == 'm') { v *= 60; s++; }
		else if (*s == 'h') { v *= 3600; s++; }
		else if (*s == 'd') { v *= 86400; s++; }
		else return NAN;
		total += v;
		parts++;
	}
	return parts ? total : NAN;
}

/* Prometheus' global scrape_interval from its configuration (the first one in the YAML text is
 * the global section's, which Prometheus writes first). */
static void ask_window(struct fleet *f, struct fleet_frame *fr)
{
	char *body = NULL;
	size_t len;
	long status;
	struct errmsg em = { 0 };
	const char *p;

	f->window = 60;
	if (fleet_http_do(f->http, f->url, "/api/v1/status/config", NULL, &body, &len, &status, &em) < 0 || status != 200 ||
	    !(p = strstr(body, "scrape_interval: ")) || !isfinite(f->scrape = duration(p + 17)) || f->scrape <= 0) {
		f->scrape = 0;
		snprintf(f->window_note, sizeof(f->window_note), "no scrape interval from /api/v1/status/config "
			 "(%.150s): window 60 s; give --fleet-window SECONDS", em.text[0] ? em.text : "not in the answer");
		fleet_issue_add(fr->issues, &fr->nissues, true, "/api/v1/status/config", f->window_note);
	} else {
		/* four scrapes: rate() needs two samples, and a missed scrape leaves three */
		f->window = 4 * f->scrape;
	}
	fr->nqueries++;
	free(body);
	f->window_known = true;
}

struct gather {
	struct fleet_table *t;
	int lost;   /* samples not kept: the hosts' table is full or out of memory */
};

static void put_sample(void *ctx, const struct fleet_sample *s)
{
	struct gather *g = ctx;
	struct fleet_acc *a = fleet_table_get(g->t, s->host);
	int slot = fleet_raw_slot(s->key);

	if (!a) {
		g->lost++;
		return;
	}
	if (slot == FR_INFO && s->version && !a->version[0])
		snprintf(a->version, sizeof(a->version), "%s", s->version);
	fleet_acc_put(a, slot, s->value);
}

/* A query of a batch: the label its answer's rows go by, where its samples and issues go. */
struct asked {
	const char *by, *q;
	struct fleet_table *t;
	struct fleet_issue *issues;
	int *nissues;
};

/* One answer's samples into its table: 0 (a refused or failed query is an issue of the frame), or
 * a negative errno when the server could not be reached or refused us. */
static int take(struct fleet *f, const struct asked *a, const struct fleet_req *rq, struct errmsg *em)
{
	struct gather g = { a->t, 0 };
	struct errmsg why = { 0 };

	if (rq->rc < 0)
		return errmsg_set(em, rq->rc, "%s", rq->em.text);
	if (rq->status == 401 || rq->status == 403)
		return errmsg_set(em, -EACCES, "%s: HTTP %ld: the query API refused us: check --fleet-user and "
				  "--fleet-password-file, or --fleet-bearer-file", f->url, rq->status);
	if (fleet_promjson_parse(rq->body, rq->len, a->by, put_sample, &g, a->issues, a->nissues, a->q, &why) < 0) {
		char what[400];
		snprintf(what, sizeof(what), "HTTP %ld: %.360s", rq->status, why.text);
		fleet_issue_add(a->issues, a->nissues, false, a->q, what);
	} else if (g.lost) {
		fleet_issue_add(a->issues, a->nissues, true, a->q, "more hosts than the table holds (100000): some left out");
	}
	return 0;
}

/* Queries at time at, asked at once: each one's samples into its table. 0 (a refused or failed
 * query is an issue of the frame), or a negative errno when the server cannot be reached or refuses
 * us (fatal on the first). */
static int ask_many(struct fleet *f, const struct asked *a, int n, double at, int *nq, struct errmsg *em)
{
	struct fleet_req rq[FQ_BATCH_MAX] = { 0 };
	int r = 0;

	if (n > FQ_BATCH_MAX)
		return errmsg_set(em, -E2BIG, "too many queries at once");
	for (int i = 0; i < n && !r; i++) {
		size_t qn = strlen(a[i].q) * 3 + 64;
		char *form = malloc(qn + 64);
		int k;
		if (!form) {
			r = errmsg_set(em, -ENOMEM, "out of memory");
			break;
		}
		memcpy(form, "query=", 6);
		if ((k = fleet_http_escape(f->http, a[i].q, form + 6, qn)) < 0) {
			free(form);
			r = errmsg_set(em, k, "out of memory");
			break;
		}
		snprintf(form + 6 + k, 58, "&time=%.3f", at);
		rq[i].path = "/api/v1/query";
		rq[i].form = form;
	}
	if (!r) {
		*nq += n;
		fleet_http_do_many(f->http, f->url, rq, n);
	}
	for (int i = 0; i < n; i++) {
		if (!r)
			r = take(f, &a[i], &rq[i], em);
		free((char *)rq[i].form);
		free(rq[i].body);
	}
	return r;
}

static int ask_rules(struct fleet *f, double at, struct fleet_frame *fr, struct errmsg *em)
{
	struct fleet_table probe;
	int r;

	fleet_table_init(&probe);
	/* the probe's one series carries fig="rules": an entry of that name when the rules answer */
	r = ask_many(f, &(struct asked){ "fig", FLEET_RULES_PROBE, &probe, fr->issues, &fr->nissues }, 1, at,
		     &fr->nqueries, em);
	f->rules = r == 0 && probe.n > 0;
	fleet_table_free(&probe);
	return r;
}

/* The state, the events and the figures at once; the per-CPU events of the hosts whose exporter
 * has no per-socket ones (older) beside them when the last refresh saw such hosts, else after the
 * state when this one does (the per-CPU series of every host cost Prometheus 5 times as much: they
 * are read only for those hosts). */
static int refresh_prom(struct fleet *f, struct fleet_table *t, struct fleet_frame *fr, struct errmsg *em)
{
	const enum fleet_query *ks = fleet_refresh_queries;
	char w[32], (*q)[8192] = malloc(sizeof(*q) * FQ_REFRESH_N);
	struct asked a[FQ_REFRESH_N];
	int n = 0, r = 0;

	if (!q)
		return errmsg_set(em, -ENOMEM, "out of memory");
	if (!f->window_known)
		ask_window(f, fr);
	fr->time = clock_real();
	if (f->rules < 0 && (r = ask_rules(f, fr->time, fr, em)) < 0)
		goto out;
	fr->rules = f->rules == 1;
	fr->window = fr->rules ? FLEET_RULES_WINDOW : f->window;
	snprintf(w, sizeof(w), "%.0fms", fr->window * 1000);
	for (int k = 0; k < FQ_REFRESH_N && r >= 0; k++) {
		if (ks[k] == FQ_EVENTS_OLDCPU && (fr->rules || !f->percpu_hosts))
			continue;
		if (fr->rules && ks[k] != FQ_STATUS)
			r = fleet_rules_query_text(q[n], sizeof(q[n]), ks[k], "");
		else
			r = fleet_query_text(q[n], sizeof(q[n]), ks[k], f->label, "", w);
		a[n] = (struct asked){ f->label, q[n], t, fr->issues, &fr->nissues };
		n++;
	}
	if (r < 0) {
		r = errmsg_set(em, r, "a query is too long");
		goto out;
	}
	if ((r = ask_many(f, a, n, fr->time, &fr->nqueries, em)) < 0)
		goto out;
	for (int i = 0; i < t->n && !fr->events_per_cpu; i++)
		fr->events_per_cpu = t->a[i].raw[FR_PERCPU] > 0;
	if (fr->events_per_cpu && !f->percpu_hosts && !fr->rules) {
		if ((r = fleet_query_text(q[0], sizeof(q[0]), FQ_EVENTS_OLDCPU, f->label, "", w)) < 0)
			r = errmsg_set(em, r, "a query is too long");
		else
			r = ask_many(f, &(struct asked){ f->label, q[0], t, fr->issues, &fr->nissues }, 1, fr->time,
				     &fr->nqueries, em);
	}
	f->percpu_hosts = fr->events_per_cpu;
out:
	free(q);
	return r < 0 ? r : 0;
}

int fleet_refresh(struct fleet *f, struct fleet_frame *fr, struct errmsg *em)
{
	struct fleet_table t;
	double t0 = clock_mono(), stale;
	int r;

	memset(fr, 0, sizeof(*fr));
	fleet_table_init(&t);
	fr->mode = f->direct ? "direct" : "prometheus";
	if (f->direct) {
		r = fleet_direct_refresh(f->direct, &t, fr, em);
		f->window = fr->window;
	} else {
		r = refresh_prom(f, &t, fr, em);
	}
	if (r < 0) {
		fleet_table_free(&t);
		return r;
	}
	stale = f->scrape > 0 ? 3 * f->scrape : fr->window;
	if (stale < 5)
		stale = 5;
	r = fleet_rows_from(&t, &fr->rows, stale);
	fleet_table_free(&t);
	if (r < 0)
		return errmsg_set(em, r, "out of memory");
	fr->nrows = r;
	fr->elapsed = clock_mono() - t0;
	return 0;
}

void fleet_frame_free(struct fleet_frame *fr)
{
	free(fr->rows);
	fr->rows = NULL;
	fr->nrows = 0;
}

/* ---- drill-down ---- */

/* the rows of t, named "socket N", "cpu N" or "cgroup PATH", appended to d with the host's state */
static int detail_rows(struct fleet_detail *d, struct fleet_table *t, const char *what,
		       enum fleet_detail_kind kind, const struct fleet_acc *host, double stale)
{
	struct fleet_row *rows = realloc(d->rows, ((size_t)d->nrows + (size_t)t->n + 1) * sizeof(*rows));
	enum fleet_detail_kind *kinds = realloc(d->kind, ((size_t)d->nrows + (size_t)t->n + 1) * sizeof(*kinds));
	int n;

	if (rows)
		d->rows = rows;
	if (kinds)
		d->kind = kinds;
	if (!rows || !kinds)
		return -ENOMEM;
	for (int i = 0; i < t->n; i++) {
		struct fleet_acc *a = &t->a[i];
		char name[FLEET_NAME_MAX];
		snprintf(name, sizeof(name), "%s %.200s", what, a->host);
		snprintf(a->host, sizeof(a->host), "%s", name);
		a->raw[FR_UP] = host ? host->raw[FR_UP] : NAN;
		a->raw[FR_AGE] = host ? host->raw[FR_AGE] : NAN;
		snprintf(a->version, sizeof(a->version), "%s", host ? host->version : "");
	}
	struct fleet_row *part;
	if ((n = fleet_rows_from(t, &part, stale)) < 0)
		return n;
	memcpy(d->rows + d->nrows, part, (size_t)n * sizeof(*part));
	for (int i = 0; i < n; i++) {
		d->kind[d->nrows + i] = kind;
		if (kind == FLEET_D_CGROUP && isnan(d->rows[d->nrows + i].v[FF_NCPUS]))
			d->rows[d->nrows + i].missing[FF_NCPUS] = "not per cgroup";
	}
	d->nrows += n;
	free(part);
	return 0;
}

/* The host's state, its sockets' and CPUs' events (the per-CPU counters: the figures per CPU need
 * them) and figures, and the cgroups its exporter exports (by cgroup): six queries at once. */
int fleet_host_detail(struct fleet *f, const char *host, struct fleet_detail *d, struct errmsg *em)
{
	static const struct { enum fleet_query q; int by, t; } parts[] = {
		{ FQ_STATUS, 0, 0 }, { FQ_EVENTS_PERCPU, 1, 1 }, { FQ_FIGURES, 1, 1 },
		{ FQ_EVENTS_PERCPU, 2, 2 }, { FQ_FIGURES, 2, 2 }, { FQ_CGROUPS, 3, 3 },
	};
	enum { NPARTS = sizeof(parts) / sizeof(parts[0]) };
	const char *by[] = { f->label, "socket", "cpu", "cgroup" };
	char esc[FLEET_NAME_MAX * 2], sel[FLEET_NAME_MAX * 2 + 140], w[32], (*q)[8192];
	struct fleet_table t[4];   /* the host, its sockets, CPUs, cgroups */
	struct asked a[NPARTS];
	struct fleet_acc *h;
	double stale;
	int r = 0;

	memset(d, 0, sizeof(*d));
	if (f->direct)
		return errmsg_set(em, -EOPNOTSUPP, "the drill-down reads a query API's series: give --fleet URL");
	if (fleet_promql_escape(esc, sizeof(esc), host) < 0)
		return errmsg_set(em, -EINVAL, "not a host name: control characters or too long");
	if (!(q = malloc(sizeof(*q) * NPARTS)))
		return errmsg_set(em, -ENOMEM, "out of memory");
	snprintf(d->host, sizeof(d->host), "%s", host);
	if (!f->window_known) {
		struct fleet_frame fr = { 0 };
		ask_window(f, &fr);
		d->nqueries += fr.nqueries;
	}
	d->time = clock_real();
	d->window = f->window;
	snprintf(w, sizeof(w), "%.0fms", f->window * 1000);
	snprintf(sel, sizeof(sel), "%s=\"%s\"", f->label, esc);
	for (int k = 0; k < 4; k++)
		fleet_table_init(&t[k]);
	for (int k = 0; k < NPARTS && !r; k++) {
		int len = fleet_query_text(q[k], sizeof(q[k]), parts[k].q, by[parts[k].by], sel, w);
		if (len < 0)
			r = errmsg_set(em, len, "a query is too long");
		a[k] = (struct asked){ by[parts[k].by], q[k], &t[parts[k].t], d->issues, &d->nissues };
	}
	if (r >= 0)
		r = ask_many(f, a, NPARTS, d->time, &d->nqueries, em);
	h = t[0].n ? &t[0].a[0] : NULL;
	if (r == 0 && !h)
		r = errmsg_set(em, -ENOENT, "no host %s=\"%s\" in the query API's series", f->label, host);
	stale = f->scrape > 0 ? 3 * f->scrape : f->window;
	if (stale < 5)
		stale = 5;
	if (r == 0 && ((r = detail_rows(d, &t[1], "socket", FLEET_D_SOCKET, h, stale)) < 0 ||
		       (r = detail_rows(d, &t[2], "cpu", FLEET_D_CPU, h, stale)) < 0 ||
		       (r = detail_rows(d, &t[3], "cgroup", FLEET_D_CGROUP, h, stale)) < 0))
		r = errmsg_set(em, r, "out of memory");
	for (int k = 0; k < 4; k++)
		fleet_table_free(&t[k]);
	free(q);
	if (r < 0)
		fleet_detail_free(d);
	return r < 0 ? r : 0;
}

void fleet_detail_free(struct fleet_detail *d)
{
	free(d->rows);
	free(d->kind);
	d->rows = NULL;
	d->kind = NULL;
	d->nrows = 0;
}
