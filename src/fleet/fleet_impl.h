/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_impl.h: what the fleet engine's files share: the raw figures a query or a scrape gives per
 * host (rates of the exporter's counters, averages of its gauges), the table of hosts they are
 * gathered in, and the step from raw figures to a row's fields. */
#ifndef PMUTOP_FLEET_IMPL_H
#define PMUTOP_FLEET_IMPL_H
#include "fleet.h"
#include "base/errmsg.h"
#include <stdint.h>

/* Raw figures per host. Counters are per second of the query's (or the scrapes') time; FR_CLOCK is
 * the cpu-clock seconds per second summed over the host's CPUs, FR_NCPUS the CPUs that count it:
 * FR_CLOCK / FR_NCPUS is the exporter's own elapsed time per second, which the byte and energy
 * rates are divided by, so that a figure covers exactly the exporter's intervals the counters grew
 * in (the scrape times Prometheus stamps samples with are not the exporter's interval ends). */
enum fleet_raw {
	FR_CYCLES, FR_INSTR, FR_CMISS, FR_CREF, FR_BR, FR_BRMISS, FR_CLOCK, FR_NCPUS, FR_UTIL,
	FR_MEMRD, FR_MEMWR, FR_MEM, FR_UPI, FR_PKG, FR_DRAM, FR_RDT_OCC, FR_RDT_MEM, FR_MUX,
	FR_TD_RET, FR_TD_BAD, FR_TD_FE, FR_TD_BE, FR_UP, FR_AGE, FR_INFO, FR_PERCPU, FR_N
};
/* The raw figure a series names: an event (cycles, cpu_core/cycles/, cpu-clock) or a figure label
 * (mem_read, up, tma_retiring...); -1 for none. */
int fleet_raw_slot(const char *key);
extern const char *const fleet_raw_names[FR_N];

#define FLEET_HOSTS_MAX 100000
struct fleet_acc {
	char host[FLEET_NAME_MAX];
	char version[64];
	char note[256];       /* why a direct scrape failed ("" none) */
	double raw[FR_N];     /* NAN until a series gives it; several series of one slot add up */
	int mux_n;            /* FR_MUX: the largest share wins, not the sum */
};
struct fleet_table {
	struct fleet_acc *a;
	int n, cap;
	int32_t *idx;         /* open addressing: index + 1, 0 free */
	size_t nidx;
};
void fleet_table_init(struct fleet_table *t);
void fleet_table_free(struct fleet_table *t);
/* The host's entry, made when new; NULL when out of memory or past FLEET_HOSTS_MAX. */
struct fleet_acc *fleet_table_get(struct fleet_table *t, const char *host);
/* Add v to the host's slot (a sum; FR_MUX, FR_UP, FR_AGE keep the largest, FR_UP the smallest). */
void fleet_acc_put(struct fleet_acc *a, int slot, double v);
/* The row from the raw figures: derived fields, state, reasons. stale_after: seconds past which a
 * host whose last sample is older is stale. */
void fleet_derive(const struct fleet_acc *a, struct fleet_row *r, double stale_after);
/* Rows of every host of t, sorted by host (natural order: host2 before host10). */
int fleet_rows_from(const struct fleet_table *t, struct fleet_row **rows, double stale_after);
void fleet_issue_add(struct fleet_issue *is, int *n, bool warning, const char *query, const char *what);

/* The JSON answer of /api/v1/query: each sample handed to put with its labels' values (label: the
 * host label; key: the series' fig, else event label; sub: version). Returns the samples' count, or
 * a negative errno with em saying why (the server's error, a malformed answer); warnings (partial
 * data) go to issues with the query. */
struct fleet_sample {
	const char *host, *key, *version;
	double value;
};
typedef void (*fleet_put_fn)(void *ctx, const struct fleet_sample *s);
int fleet_promjson_parse(const char *body, size_t len, const char *label, fleet_put_fn put, void *ctx,
			 struct fleet_issue *issues, int *nissues, const char *query, struct errmsg *em);

/* The queries of one refresh, in PromQL: by is the label to group by (the host label, or socket,
 * cpu), sel extra matchers (`instance="h"`) or "", window "60s". Returns the length or -ENOSPC. */
/* FQ_EVENTS reads the exporters' per-socket counters (pmutop_socket_event_total...); FQ_EVENTS_OLDCPU
 * the per-CPU ones of the hosts without them (FQ_STATUS' "percpu" counts those hosts), with
 * src="cpu"; FQ_EVENTS_MIXED both in one, as the recording rules record them; FQ_EVENTS_PERCPU only
 * the per-CPU ones (the drill-down's, by cpu or socket). */
enum fleet_query { FQ_STATUS, FQ_EVENTS, FQ_FIGURES, FQ_EVENTS_OLDCPU, FQ_CGROUPS, FQ_EVENTS_MIXED,
		   FQ_EVENTS_PERCPU };
#define FQ_BATCH_MAX 8   /* queries asked at once */
/* A refresh's queries, asked at once; the last only while some exporters are older (FQ_EVENTS_OLDCPU). */
#define FQ_REFRESH_N 4
extern const enum fleet_query fleet_refresh_queries[FQ_REFRESH_N];
int fleet_query_text(char *buf, size_t n, enum fleet_query q, const char *by, const char *sel,
		     const char *window);
/* FQ_CGROUPS (the drill-down's, by must be "cgroup"): the exporter's pmutop_cgroup_events_total
 * rates by cgroup and event (its cpu-clock, counted in ms, in seconds), and the rate of its
 * pmutop_cgroup_cpu_seconds_total as the cgroup's util (CPUs busy, cpu.stat). */
/* The same answers from the recording rules (contrib/prometheus/pmutop-fleet.rules.yml). */
int fleet_rules_query_text(char *buf, size_t n, enum fleet_query q, const char *sel);
#define FLEET_RULES_WINDOW 60.0
#define FLEET_RULES_PROBE "label_replace(count(instance_event:pmutop_event:rate1m), \"fig\", \"rules\", \"\", \"\")"
/* A label value as a PromQL string's inside; -EINVAL for control characters, -ENOSPC when long. */
int fleet_promql_escape(char *dst, size_t n, const char *s);
/* A label name ([a-zA-Z_][a-zA-Z0-9_]*): true when valid. */
bool fleet_label_ok(const char *s);

/* HTTP through libcurl: one handle kept alive across refreshes. */
struct fleet_http;
int fleet_http_open(const struct fleet_opts *o, struct fleet_http **out, struct errmsg *em);
void fleet_http_close(struct fleet_http *h);
/* GET (form NULL) or POST form (application/x-www-form-urlencoded) to base + path; the body in
 * *body (caller frees), its length in *len, the HTTP status in *status. -errno with em on a
 * transport failure (connection refused, timeout, TLS). */
int fleet_http_do(struct fleet_http *h, const char *base, const char *path, const char *form, char **body,
		  size_t *len, long *status, struct errmsg *em);
/* Several requests at once, each on its own kept-alive handle (FLEET_HTTP_PAR at a time): each one's
 * body (caller frees), length and HTTP status, or rc -errno with em on a transport failure. */
#define FLEET_HTTP_PAR 8
struct fleet_req {
	const char *path, *form;      /* in: form NULL for a GET */
	char *body;                   /* out */
	size_t len;
	long status;
	int rc;
	struct errmsg em;
};
void fleet_http_do_many(struct fleet_http *h, const char *base, struct fleet_req *reqs, int n);
/* Drive a libcurl multi handle (CURLM *) until every transfer added to it has ended (each ends by
 * its own timeout at the latest); their results wait in curl_multi_info_read. */
void fleet_http_multi_run(void *multi);
/* The options on another easy handle (direct mode's parallel scrapes; openmetrics: ask for it). */
int fleet_http_setup(struct fleet_http *h, void *curl_easy, bool openmetrics, struct errmsg *em);
/* A body as libcurl hands it (CURLOPT_WRITEFUNCTION fleet_http_sink, WRITEDATA a struct
 * fleet_body): grown up to FLEET_BODY_MAX, NUL-terminated. */
struct fleet_body {
	char *p;
	size_t len, cap;
	bool over;
};
size_t fleet_http_sink(char *p, size_t size, size_t nmemb, void *ctx);
/* A form field's value URL-encoded into dst: the length, or -ENOSPC. */
int fleet_http_escape(struct fleet_http *h, const char *s, char *dst, size_t n);
#define FLEET_BODY_MAX (64u << 20)

/* OpenMetrics / Prometheus text: each sample's family name, labels and value; bounded. */
#define FLEET_OM_LINE_MAX 8192
#define FLEET_OM_LABELS_MAX 32
#define FLEET_OM_SAMPLES_MAX 2000000
struct fleet_om_label {
	const char *name, *value;    /* value unescaped, NUL-terminated (point into a scratch buffer) */
};
struct fleet_om_sample {
	const char *name;
	int nlabels;
	struct fleet_om_label labels[FLEET_OM_LABELS_MAX];
	double value;
};
typedef int (*fleet_om_fn)(void *ctx, const struct fleet_om_sample *s);
/* Every sample of text (len bytes): put for each; a malformed line is counted in *bad and skipped.
 * Returns the samples' count, -E2BIG past FLEET_OM_SAMPLES_MAX, or put's negative return. */
int fleet_om_parse(const char *text, size_t len, fleet_om_fn put, void *ctx, int *bad);
const char *fleet_om_label(const struct fleet_om_sample *s, const char *name);

/* Direct mode: scrape every target in parallel and give each host's raw figures from this scrape
 * and the one before (the first refresh scrapes twice, a window apart). */
struct fleet_direct;
int fleet_direct_open(const struct fleet_opts *o, struct fleet_http *h, struct fleet_direct **out,
		      struct errmsg *em);
void fleet_direct_close(struct fleet_direct *d);
int fleet_direct_refresh(struct fleet_direct *d, struct fleet_table *t, struct fleet_frame *fr,
			 struct errmsg *em);
#endif
