/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet.h: the fleet engine: one row per host of a fleet of pmutop exporters, read from a
 * Prometheus query API (Prometheus, Thanos Query, Mimir, VictoriaMetrics) or scraped from the
 * exporters directly (--fleet-targets). A refresh asks a fixed number of queries whatever the number
 * of hosts; a figure the host does not have is NAN with a reason, never 0. The batch output and the
 * screen's panel read the same rows through the same field table. */
#ifndef PMUTOP_FLEET_H
#define PMUTOP_FLEET_H
#include <stdbool.h>
#include <stddef.h>

struct errmsg;

/* How to reach the fleet: url (a query API) or targets (host:port,... scraped directly). */
struct fleet_opts {
	const char *url;            /* --fleet URL: the query API's base (http://prom:9090) */
	const char *targets;        /* --fleet-targets host:port,...: scrape /metrics directly */
	const char *label;          /* --fleet-label: the label naming a host (default instance) */
	double window;              /* --fleet-window seconds; 0: 4 scrape intervals (asked) */
	double timeout;             /* seconds a request may take (default 10) */
	const char *user;           /* --fleet-user: basic authentication */
	const char *password_file;  /* --fleet-password-file: its password (first line) */
	const char *bearer_file;    /* --fleet-bearer-file: Authorization: Bearer (first line) */
	const char *ca;             /* --fleet-ca: CA bundle the server's certificate is checked against */
	const char *cert, *key;     /* --fleet-cert, --fleet-key: client certificate */
	bool no_rules;              /* never use the recording rules, even when present */
};

enum fleet_state { FLEET_UP, FLEET_DOWN, FLEET_STALE, FLEET_NOPMU };
const char *fleet_state_name(enum fleet_state s);

/* The figures of a row, addressed by this enum; fleet_fields[] says each one's key, title, unit. */
enum fleet_field {
	FF_UTIL, FF_GHZ, FF_IPC, FF_MPKI, FF_LLC_MISS, FF_BR_MISS, FF_MEM_RD, FF_MEM_WR, FF_MEM,
	FF_UPI, FF_PKG_W, FF_DRAM_W, FF_TD_RETIRING, FF_TD_BAD_SPEC, FF_TD_FRONTEND, FF_TD_BACKEND,
	FF_MUX, FF_RDT_OCC, FF_RDT_MEM, FF_NCPUS, FF_AGE, FF_NFIELDS
};
struct fleet_field_def {
	const char *key;     /* JSON and CSV key, the panel's column key: "ipc", "mem_read_gbs" */
	const char *title;   /* short column title: "IPC", "MEM-RD" */
	const char *unit;    /* "GB/s", "%", "W", "s", "" */
	int prec;            /* decimals shown */
	const char *help;    /* one line: what it is and where it comes from */
};
extern const struct fleet_field_def fleet_fields[FF_NFIELDS];
/* The field whose key is key, or -1. */
int fleet_field_find(const char *key);

#define FLEET_NAME_MAX 256
struct fleet_row {
	char host[FLEET_NAME_MAX];     /* the label's value (raw: escape before showing) */
	char version[64];              /* pmutop's version the host runs, "" unknown */
	enum fleet_state state;
	char why[256];                 /* the state's reason ("" when up) */
	double v[FF_NFIELDS];          /* NAN where missing */
	const char *missing[FF_NFIELDS]; /* where v is NAN: why (static text), else NULL */
};

/* A query the API refused, that timed out, or that answered with warnings (partial data). */
#define FLEET_ISSUES_MAX 8
struct fleet_issue {
	bool warning;                  /* true: a warning (partial data), false: the query failed */
	char what[384];                /* the error or the warning, as the server or libcurl said it */
	char query[512];               /* the query (cut) */
};

struct fleet_frame {
	double time;          /* the evaluation time (Unix seconds) */
	double window;        /* the rate window, seconds */
	double elapsed;       /* seconds the refresh took */
	int nqueries;         /* queries (HTTP requests) this refresh asked */
	bool rules;           /* the recording rules answered (their window: 60 s) */
	bool events_per_cpu;  /* some host's exporter has no per-socket event counters: the events
			       * query read the per-CPU ones of those hosts too (slower) */
	const char *mode;     /* "prometheus" or "direct" */
	int nrows;
	struct fleet_row *rows;
	int nissues;
	struct fleet_issue issues[FLEET_ISSUES_MAX];
};

struct fleet;
/* Check the options and set up the client (no request yet). */
int fleet_open(const struct fleet_opts *o, struct fleet **out, struct errmsg *em);
void fleet_close(struct fleet *f);
/* One refresh: the frame's rows, sorted by host. A failed query is an issue of the frame (the rows
 * it would have filled are NAN with the reason); an error is returned only when nothing answered
 * (the server unreachable, authentication refused: em says which and what to do). */
int fleet_refresh(struct fleet *f, struct fleet_frame *out, struct errmsg *em);
void fleet_frame_free(struct fleet_frame *fr);
/* The window in use (after the first refresh: the one asked or derived). */
double fleet_window(const struct fleet *f);

/* Drill-down: one host's sockets, CPUs and the cgroups its exporter exports (--export-cgroups), each
 * a fleet_row whose host is "socket N", "cpu N" or "cgroup PATH" (kind says which), with the same
 * fields (memory, UPI and power per socket only; a cgroup's util is % of one CPU, as the cgroups
 * view's, and its GHz cycles per second of its cpu-clock time). */
enum fleet_detail_kind { FLEET_D_SOCKET, FLEET_D_CPU, FLEET_D_CGROUP };
struct fleet_detail {
	char host[FLEET_NAME_MAX];
	double time, window;
	int nqueries;
	int nrows;
	struct fleet_row *rows;
	enum fleet_detail_kind *kind;   /* [nrows] */
	int nissues;
	struct fleet_issue issues[FLEET_ISSUES_MAX];
};
int fleet_host_detail(struct fleet *f, const char *host, struct fleet_detail *out, struct errmsg *em);
void fleet_detail_free(struct fleet_detail *d);
#endif
