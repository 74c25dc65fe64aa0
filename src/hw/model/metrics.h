/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* metrics.h: the metric table: every derived figure (IPC, MPKI, GB/s, watts...) once, with what
 * each output needs of it: its key and title, unit, precision, the roles it is made of and its
 * formula, where it applies, its Prometheus families and help, and what perf stat prints beside
 * the event that carries it. model.c computes from it; JSON, -x, the text rows, the exporter and
 * the command's summary write from it. A new metric is an enum metric_id (model.h) and one row. */
#ifndef PMUTOP_METRICS_H
#define PMUTOP_METRICS_H
#include <stdbool.h>
#include "model_ids.h"
#include "hw/sys/procstat.h"

/* Where a metric applies (struct metric_def.scope): the rows that may have it. */
enum metric_scope {
	MSC_CPU = 1u << 0,        /* a CPU's row (frame.cpu_m) */
	MSC_CORE = 1u << 1,       /* a core: its CPUs' counts summed (the cores view's aggregate) */
	MSC_SOCKET = 1u << 2,     /* frame.sock_m */
	MSC_SYSTEM = 1u << 3,     /* frame.sys_m */
	MSC_WORKLOAD = 1u << 4,   /* a process, thread or cgroup (wl_row.m) */
};
#define MSC_ALL (MSC_CPU | MSC_CORE | MSC_SOCKET | MSC_SYSTEM | MSC_WORKLOAD)

/* What a metric is computed from. */
enum metric_src {
	MSRC_EVENTS,     /* the events' role sums (model_metrics): a ratio, or fn */
	MSRC_PROCSTAT,   /* /proc/stat's times (model_util): the parts ut over all, in percent */
	MSRC_KERNEL,     /* the kernel's other books (model_swrates): interrupts, the clock; fn */
	MSRC_N
};

/* A ratio's denominator besides a role (struct metric_def.den). */
enum { MDEN_INTERVAL = -1,   /* the interval, in seconds */
       MDEN_ENABLED = -2 };  /* the numerator's events' enabled time, in ns */

/* The role sums of one row, as a metric's function reads them: sum in the base unit (seconds,
 * bytes, joules; model.c's to_base_unit), en the enabled ns; have: counted wherever it was opened
 * (false when any of its events was not: bad). */
struct metric_sums {
	double sum[NROLES], en[NROLES];
	bool have[NROLES], bad[NROLES];
	double interval;       /* seconds */
	bool llc_is_l3;        /* model.llc_is_l3: the generic LLC events count the L3 */
	const double *jif;     /* MSRC_PROCSTAT: [UT_N] */
	const double *swr;     /* MSRC_KERNEL: [SWR_N] */
};

enum prom_kind { MPROM_GAUGE, MPROM_COUNTER };

#define METRIC_NIN 4
struct metric_def {
	const char *name;      /* key: JSON's "ipc" */
	const char *label;     /* title: the column's "IPC" */
	const char *unit;      /* "%", "GB/s", "W", "" */
	const char *col;       /* the screen's column key (config `columns`), NULL: no column */
	int width;             /* the column's width */
	int prec;              /* decimals shown; -1: a rate written as a count (1.23K) */
	unsigned scope;        /* enum metric_scope bits */
	bool socket_figure;    /* a figure of the socket (memory, UPI, L3, power): the sockets view's
				* columns, first after its identities; not a cores-view column */
	int src;               /* enum metric_src */
	/* the roles it is made of, ROLE_NONE after the last: an input refused makes it "n/a" */
	int in[METRIC_NIN];
	/* MSRC_EVENTS without fn: k * sum(in[0]) / (den's value * dk), den a role or MDEN_*;
	 * NAN unless in[0] and a role den are counted (have) and the denominator is > 0 */
	int den;
	double k, dk;
	/* MSRC_PROCSTAT: 100 * (the parts ut (1 << UT_*) summed) / all parts; ut_not: all parts but ut */
	unsigned ut;
	bool ut_not;
	/* the formulas that are not a ratio of two sums (MSRC_KERNEL: all), NAN when unknown; and,
	 * for a metric with more than one way of computing it, whether the roles held[NROLES] give one
	 * (NULL: every role of in[] held) */
	double (*fn)(const struct metric_sums *s);
	bool (*can)(const bool *held, bool llc_is_l3);
	/* Prometheus: a family per CPU, per socket, per cgroup (NULL: none), its kind, the sample
	 * the metric times prom_scale (base units: 0..1 for a percentage, Hz for GHz); a counter
	 * (per socket) sums metric * prom_scale * interval over the frames (bytes, joules) */
	const char *prom_cpu, *prom_socket, *prom_cgroup;
	int prom_kind;         /* enum prom_kind */
	double prom_scale;
	const char *help;      /* the CPU's family's (the socket's: "per socket (...): " before it) */
	const char *help_cgroup;
	/* perf stat: the figure printed beside the event of role perf_role (ROLE_NONE: none), with
	 * perf's words for it and its decimals */
	int perf_role;
	const char *perf_unit;
	int perf_dec;
};
extern const struct metric_def metric_defs[NMETRICS];

/* The metric whose JSON key (name) or column key (col) is key, -1 when none. */
int metric_by_name(const char *key);
int metric_by_col(const char *key);
/* The metric perf stat prints beside an event of role, -1 when none. */
int metric_of_perf_role(int role);
/* Whether events holding the roles held[NROLES] give the metric (some way of computing it);
 * llc_is_l3 as model.llc_is_l3 (model_metric_countable asks it of a model). */
bool metric_countable(int id, const bool *held, bool llc_is_l3);
/* The value of an MSRC_EVENTS metric from a row's sums. */
double metric_eval(int id, const struct metric_sums *s);
/* The ids of the metrics computed from src, in the table's order (*ids: made once; a refresh
 * computes each CPU's metrics source by source without looking through the whole table). */
int metric_ids_of(enum metric_src src, const int **ids);
#endif
