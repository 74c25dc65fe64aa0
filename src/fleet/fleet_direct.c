/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_direct.c: direct mode (--fleet-targets host:port,...): every exporter's /metrics scraped in
 * parallel (libcurl multi, the query API's authentication and TLS options), each scrape reduced to
 * the host's totals (counters summed over CPUs and sockets) and gauges, and the raw figures of a
 * refresh made from this scrape and the one before, as rate() would from two samples. The host is
 * named by its target, as Prometheus' instance label names it. */
#include "fleet_impl.h"
#include "base/errmsg.h"
#include "fleet_curl.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/clock.h"

#define TARGETS_MAX 1024

struct snap {
	double tot[FR_N];        /* counters' totals; gauges' sums */
	int n[FR_N];             /* gauges: series averaged */
	double run_min;          /* the smallest running ratio */
	char version[64];
	bool ok;
	double t;                /* monotonic time of the scrape */
};

struct target {
	char name[FLEET_NAME_MAX];
	char url[FLEET_NAME_MAX + 32];
	struct snap prev, cur;
	char err[256];
	double last_ok;          /* real time of the last good scrape, 0 none */
	struct fleet_body body;
	CURL *easy;
};

struct fleet_direct {
	struct fleet_http *http;
	CURLM *multi;
	int n;
	struct target *t;
	double first_gap;
	bool scraped;
};

int fleet_direct_open(const struct fleet_opts *o, struct fleet_http *h, struct fleet_direct **out,
		      struct errmsg *em)
{
	struct fleet_direct *d = calloc(1, sizeof(*d));
	const char *p = o->targets;

	*out = NULL;
	if (!d)
		return errmsg_set(em, -ENOMEM, "out of memory");
	d->http = h;
	d->first_gap = o->window > 0 ? o->window : 2;
	if (!(d->t = calloc(TARGETS_MAX, sizeof(*d->t))) || !(d->multi = fc.multi_init())) {
		fleet_direct_close(d);
		return errmsg_set(em, -ENOMEM, "out of memory");
	}
	while (*p) {
		size_t n = strcspn(p, ",");
		struct target *t;
		const char *scheme = strncmp(p, "http://", 7) && strncmp(p, "https://", 8) ? (o->ca ? "https://" : "http://") : "";
		if (n == 0 || n >= 200 || d->n == TARGETS_MAX || memchr(p, ' ', n)) {
			fleet_direct_close(d);
			return errmsg_set(em, -EINVAL, "--fleet-targets: '%.*s': give up to %d targets as host:port, "
					  "comma-separated", (int)(n < 200 ? n : 200), p, TARGETS_MAX);
		}
		t = &d->t[d->n++];
		snprintf(t->name, sizeof(t->name), "%.*s", (int)n, p);
		snprintf(t->url, sizeof(t->url), "%s%s%s", scheme, t->name, strchr(t->name + strlen(scheme), '/') ? "" : "/metrics");
		p += n;
		if (*p == ',')
			p++;
	}
	if (d->n == 0) {
		fleet_direct_close(d);
		return errmsg_set(em, -EINVAL, "--fleet-targets: no target (host:port,...)");
	}
	fc.multi_setopt(d->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, 64L);
	*out = d;
	return 0;
}

void fleet_direct_close(struct fleet_direct *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->n; i++) {
		if (d->t[i].easy) {
			fc.multi_remove_handle(d->multi, d->t[i].easy);
			fc.easy_cleanup(d->t[i].easy);
		}
		free(d->t[i].body.p);
	}
	if (d->multi)
		fc.multi_cleanup(d->multi);
	free(d->t);
	free(d);
}

/* one sample of a scrape into the host's snapshot */
static int take(void *ctx, const struct fleet_om_sample *s)
{
	struct snap *sn = ctx;
	static const struct { const char *name; int slot; bool gauge; } fam[] = {
		{ "pmutop_memory_read_bytes_total", FR_MEMRD, false }, { "pmutop_memory_write_bytes_total", FR_MEMWR, false },
		{ "pmutop_memory_bytes_total", FR_MEM, false }, { "pmutop_upi_bytes_total", FR_UPI, false },
		{ "pmutop_package_energy_joules_total", FR_PKG, false }, { "pmutop_dram_energy_joules_total", FR_DRAM, false },
		{ "pmutop_rdt_memory_bytes_total", FR_RDT_MEM, false }, { "pmutop_rdt_l3_occupancy_bytes", FR_RDT_OCC, false },
		{ "pmutop_socket_utilization_ratio", FR_UTIL, true },
	};
	const char *ev;
	int slot = -1;
	bool gauge = false;

	if (!isfinite(s->value))
		return 0;
	if (!strcmp(s->name, "pmutop_event_total") && (ev = fleet_om_label(s, "event"))) {
		slot = fleet_raw_slot(ev);
		if (slot > FR_BRMISS)
			slot = -1;
	} else if (!strcmp(s->name, "pmutop_event_seconds_total") && (ev = fleet_om_label(s, "event")) &&
		   !strcmp(ev, "cpu-clock")) {
		slot = FR_CLOCK;
		sn->n[FR_NCPUS]++;
	} else if (!strcmp(s->name, "pmutop_event_running_ratio")) {
		sn->run_min = isnan(sn->run_min) || s->value < sn->run_min ? s->value : sn->run_min;
	} else if (!strcmp(s->name, "pmutop_socket_topdown_ratio") && (ev = fleet_om_label(s, "metric"))) {
		slot = fleet_raw_slot(ev);
		gauge = slot >= FR_TD_RET && slot <= FR_TD_BE;
		if (!gauge)
			slot = -1;
	} else if (!strcmp(s->name, "pmutop_build_info") && (ev = fleet_om_label(s, "version"))) {
		snprintf(sn->version, sizeof(sn->version), "%s", ev);
	} else {
		for (size_t i = 0; i < sizeof(fam) / sizeof(fam[0]); i++)
			if (!strcmp(s->name, fam[i].name)) {
				slot = fam[i].slot;
				gauge = fam[i].gauge;
			}
	}
	if (slot >= 0) {
		sn->tot[slot] = isnan(sn->tot[slot]) ? s->value : sn->tot[slot] + s->value;
		if (gauge)
			sn->n[slot]++;
	}
	return 0;
}

static void snap_clear(struct snap *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < FR_N; i++)
		s->tot[i] = NAN;
	s->run_min = NAN;
}

/* every target once, in parallel: each one's snapshot or its error */
static int scrape_all(struct fleet_direct *d, struct errmsg *em)
{
	int left;
	CURLMsg *msg;

	for (int i = 0; i < d->n; i++) {
		struct target *t = &d->t[i];
		if (!t->easy && !(t->easy = fc.easy_init()))
			return errmsg_set(em, -ENOMEM, "libcurl: no handle");
		fleet_http_setup(d->http, t->easy, true, em);
		fc.easy_setopt(t->easy, CURLOPT_URL, t->url);
		fc.easy_setopt(t->easy, CURLOPT_WRITEDATA, &t->body);
		fc.easy_setopt(t->easy, CURLOPT_PRIVATE, t);
		t->body.len = 0;
		t->body.over = false;
		fc.multi_add_handle(d->multi, t->easy);
	}
	fleet_http_multi_run(d->multi);
	while ((msg = fc.multi_info_read(d->multi, &left))) {
		struct target *t = NULL;
		long status = 0;
		int bad;
		if (msg->msg != CURLMSG_DONE)
			continue;
		fc.easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&t);
		fc.easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &status);
		t->prev = t->cur;
		snap_clear(&t->cur);
		t->cur.t = clock_mono();
		if (msg->data.result != CURLE_OK)
			snprintf(t->err, sizeof(t->err), "%.120s: %.120s", t->url, t->body.over ? "the answer is too large" :
				 fc.easy_strerror(msg->data.result));
		else if (status != 200)
			snprintf(t->err, sizeof(t->err), "%.120s: HTTP %ld%s", t->url, status,
				 status == 401 ? " (check --fleet-user and --fleet-password-file)" : "");
		else if (fleet_om_parse(t->body.p ? t->body.p : "", t->body.len, take, &t->cur, &bad) < 0)
			snprintf(t->err, sizeof(t->err), "%.120s: too many samples", t->url);
		else {
			t->err[0] = '\0';
			t->cur.ok = true;
			t->last_ok = clock_real();
		}
	}
	for (int i = 0; i < d->n; i++)
		fc.multi_remove_handle(d->multi, d->t[i].easy);
	return 0;
}

/* the host's raw figures from its last two scrapes */
static void figures(const struct target *t, struct fleet_acc *a, double now)
{
	const struct snap *p = &t->prev, *c = &t->cur;
	double dt = c->t - p->t;

	a->raw[FR_UP] = c->ok;
	a->raw[FR_AGE] = t->last_ok > 0 ? now - t->last_ok : NAN;
	snprintf(a->note, sizeof(a->note), "%s", t->err);
	snprintf(a->version, sizeof(a->version), "%s", c->version);
	if (!c->ok || !p->ok || !(dt > 0))
		return;
	for (int k = 0; k < FR_N; k++) {
		if (k == FR_UTIL || k == FR_RDT_OCC || (k >= FR_TD_RET && k <= FR_TD_BE)) {
			if (!isnan(c->tot[k]))   /* gauges: this scrape's, the mean of its series */
				a->raw[k] = c->n[k] ? c->tot[k] / c->n[k] : c->tot[k];
			continue;
		}
		if (k == FR_NCPUS || k >= FR_MUX)
			continue;
		double delta = c->tot[k] - p->tot[k];
		if (isfinite(delta) && delta >= 0)   /* a reset (the exporter restarted) gives none */
			a->raw[k] = delta / dt;
	}
	if (c->n[FR_NCPUS] > 0)
		a->raw[FR_NCPUS] = c->n[FR_NCPUS];
	if (!isnan(c->run_min))
		a->raw[FR_MUX] = 1 - c->run_min;
}

int fleet_direct_refresh(struct fleet_direct *d, struct fleet_table *tab, struct fleet_frame *fr,
			 struct errmsg *em)
{
	int r;
	double now;

	if (!d->scraped) {   /* the first refresh: two scrapes, first_gap apart */
		if ((r = scrape_all(d, em)) < 0)
			return r;
		fr->nqueries += d->n;
		struct timespec ts = { (time_t)d->first_gap, (long)((d->first_gap - (double)(time_t)d->first_gap) * 1e9) };
		nanosleep(&ts, NULL);
		d->scraped = true;
	}
	if ((r = scrape_all(d, em)) < 0)
		return r;
	fr->nqueries += d->n;
	now = clock_real();
	fr->time = now;
	fr->window = NAN;
	for (int i = 0; i < d->n; i++) {
		struct fleet_acc *a = fleet_table_get(tab, d->t[i].name);
		if (!a)
			return errmsg_set(em, -ENOMEM, "out of memory");
		figures(&d->t[i], a, now);
		if (isnan(fr->window) && d->t[i].cur.ok && d->t[i].prev.ok)
			fr->window = d->t[i].cur.t - d->t[i].prev.t;
	}
	if (isnan(fr->window))
		fr->window = d->first_gap;
	return 0;
}
