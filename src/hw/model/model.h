/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* model.h: one frame per interval (deltas, scaling, not-counted state), derived metrics and
 * aggregation per socket and system (sums of deltas first, ratios after), IPC history. */
#ifndef PMUTOP_MODEL_H
#define PMUTOP_MODEL_H
#include <stdbool.h>
#include <stdint.h>
#include "hw/sys/procstat.h"
#include "model_ids.h"

enum ev_state {
	EVS_ABSENT = 0,     /* not opened on this CPU (uncore off its cpumask, other hybrid PMU) */
	EVS_UNSUPPORTED,    /* the kernel refused it (ENOENT/EOPNOTSUPP/EINVAL) */
	EVS_NOT_COUNTED,    /* opened but running == 0 over the interval */
	EVS_OK,             /* counted; value is an estimate when pct < 100 */
};

struct ev_val {
	uint64_t raw, enabled, running;  /* deltas over the interval */
	double value;    /* raw * enabled / running * alias scale; NAN unless EVS_OK */
	double pct;      /* 100 * running / enabled; NAN when enabled == 0 */
	uint8_t state;
};

/* The cache level the generic cache-misses and cache-references count on a machine. */
enum cache_level { CACHE_LLC, CACHE_L2, CACHE_L1D };

struct mev {               /* one event as the model sees it */
	char *name;        /* display name, as perf prints it (CSV rows) */
	char *key;         /* unique among the events: the name, or "name#2", "name#3"... for the
			    * second, third... event of the same name (JSON keys, TUI columns) */
	char *pmu;         /* PMU name or "" */
	char *unit;        /* unit of value ("msec", "MiB", "Joules", "") */
	int role;          /* enum ev_role, ROLE_NONE when another event already holds it on this PMU
			    * (the generic events being the one core PMU's: model_set_generic_pmu) */
	int group;
	bool uncore;       /* counted once per socket/die, not per CPU */
	/* hybrid: one event opened on several core PMUs (cpu_core/x/ and cpu_atom/x/, as the
	 * resolver expands generic and vendor names) is a set with a total */
	int total;         /* index of its set's first event, -1 when on one PMU only */
	char *total_key;   /* the first event's: "x" (its key without the PMU, "x#2" for a
			    * repeat), the total's JSON key; NULL for the others */
};

/* A workload counted as a whole (-p, -t, -- COMMAND, -G): a process with its threads, a thread, or
 * a cgroup summed over its CPUs. Its events are the model's (EVS_ABSENT where an event is not
 * counted per workload: uncore, other owners'), its metrics a CPU's, M_UTIL its CPU time in percent
 * of one CPU. Filled by app_wl.c, which owns the memory: valid until the next sample. */
enum wl_kind { WL_PROCESS, WL_THREAD, WL_CGROUP };
struct wl_row {
	int kind;
	int pid;                 /* process or thread ID; 0 for a cgroup */
	int tgid;                /* a thread shown under its process: the process's ID; else 0 */
	/* comm, user, cgroup and name are the bytes the kernel or the command line gave (a process names
	 * itself: any byte but NUL); every output escapes them as base/printable.h does */
	const char *comm;        /* command name, "" for a cgroup */
	const char *user;        /* user name (or uid), "" unknown */
	const char *cgroup;      /* path from the cgroup mount: "/", "/system.slice/x.service" */
	const char *name;        /* a cgroup as -G named it (the column of perf stat -G), its path when
				  * the views or the exporter chose it; a task's comm */
	int nthreads;            /* threads counted (a process) */
	int threads_left;        /* its threads not counted (the processes view's budget) */
	bool exited;             /* it ended during the interval: these are its last counts */
	bool idle;               /* counted, and it did not run in the interval: its events read not
				  * counted (perf stat's <not counted>), its M_UTIL 0 */
	const char *why;         /* why it is not counted (refused, descriptors), NULL when counted */
	const struct ev_val *ev; /* [nev] */
	const double *m;         /* [NMETRICS] */
};

struct frame {
	double t;          /* seconds since start at the end of the interval */
	double interval;   /* seconds covered by this frame */
	uint64_t seq;      /* 1 for the first frame */
	struct ev_val *cpu;    /* [ncpus * nev] */
	struct ev_val *sock;   /* [nsock * nev] */
	struct ev_val *sys;    /* [nev] */
	double *cpu_m, *sock_m, *sys_m;  /* [.. * NMETRICS], NAN when inputs are missing */
	bool *online;          /* [ncpus]: false once a CPU was dropped */
	double *jif;           /* [ncpus * UT_N]: CPU time of the interval by /proc/stat column
				* (enum ut_part), NAN when unknown (a replay, no /proc/stat) */
	double *swr;           /* [ncpus * SWR_N] (enum swr_part), all 0 when unknown */
	const struct wl_row *wl;   /* [nwl]: the workloads counted (processes, threads, then cgroups),
				    * NULL when none (see struct wl_row) */
	int nwl;
	/* The cgroup rows are the exporter's measure (app_wl_pick_tree: each one's M_UTIL its own CPU
	 * time, not its children's): the whole tree's CPU seconds in the interval (the root's cpu.stat) */
	bool wl_tree;
	double wl_tree_s;
};

struct model {
	int ncpus;
	int *cpu_ids, *cpu_sock, *cpu_core;  /* [ncpus]: CPU number, socket index, core id */
	int nsock;
	int *sock_ids;        /* [nsock]: physical ids, -1 when unknown */
	int cpu_cap, sock_cap;   /* rows the per-CPU and per-socket arrays have room for (model_set_cpus) */
	int nev;
	struct mev *ev;
	int generic_cache;    /* enum cache_level of cache-misses/cache-references (CACHE_LLC) */
	bool llc_is_l3;       /* the generic LLC events count the L3 (Intel): L3HIT% from them when
			       * no L3 PMU's lookups are counted */
	char *generic_pmu;    /* the core PMU the generic events open on, NULL when not one
			       * (model_set_generic_pmu) */
	/* the event metrics these events can give (model_alloc_frame), for the nev and llc_is_l3 they
	 * were found with: model_metrics computes only them (all when either changed since) */
	int nmet, met_nev;
	bool met_llc;
	int met_ids[NMETRICS];
	struct frame cur;     /* the latest frame (valid after model_derive) */
	/* history of IPC per CPU, a ring of hist_cap samples (NAN = no value) */
	int hist_cap, hist_len, hist_head;
	float *hist_ipc;      /* [ncpus * hist_cap] */
};

/* Set up the CPU side. cpu_sock gives socket indices (0..nsock-1) or NULL for
 * "unknown" (everything in one socket with id -1). Copies the arrays. */
int model_init(struct model *m, int ncpus, const int *cpu_ids, const int *cpu_sock,
	       const int *cpu_core, int nsock, const int *sock_ids, int hist_cap);
/* What the generic cache-misses and cache-references count here (enum cache_level; CACHE_LLC,
 * as on Intel, until set): events added afterwards take the roles of that level. */
void model_set_generic_cache(struct model *m, int level);
/* The core PMU the generic (PMU-less) hardware events open on where there is one (not a hybrid,
 * whose resolver gives each core PMU its own): its events and the generic ones count on the same
 * counters, so a role the one holds is not summed again from the other (cycles and
 * armv8_pmuv3/cpu_cycles/). NULL: none (as until set). Set before adding events. */
void model_set_generic_pmu(struct model *m, const char *pmu);
/* Add an event; returns its index. base is the canonical name used for the role (the
 * display name when base has none: a name= label such as "l3_lookup_state.l3_miss"). */
int model_add_event(struct model *m, const char *name, const char *base, const char *pmu,
		    const char *unit, int group, bool uncore);
/* "x" of "cpu_core/x/" counted on cpu_core (*len bytes of the name), NULL when the name is not
 * its core PMU's "PMU/x/" (uncore boxes are summed per socket, not paired). */
const char *model_pmu_less(const struct mev *ev, size_t *len);
/* The total of set `lead` (an event whose total is itself) over the row: its events summed
 * as an aggregate sums CPUs. */
void model_total(const struct model *m, int lead, const struct ev_val *row, struct ev_val *out);
/* (Re)allocate the frame for the current CPU and event count. */
int model_alloc_frame(struct model *m);
/* Replace the CPUs of a model with a frame (as model_init gives them), keeping its events: for a
 * recording read once, which meets a CPU at a time. The per-CPU and per-socket arrays grow to at
 * least twice their room when they must, so n CPUs added one by one reallocate them O(log n)
 * times. A CPU row of the frame keeps what it held by position (the caller fills the next frame's);
 * the rows past the old count start empty. The IPC history is kept when the old CPUs are the new
 * list's first, else cleared. Returns 1 when the arrays were reallocated, 0 when they had room,
 * -EINVAL or -ENOMEM (the model unchanged). */
int model_set_cpus(struct model *m, int ncpus, const int *cpu_ids, const int *cpu_sock, const int *cpu_core,
		   int nsock, const int *sock_ids);
void model_free(struct model *m);

/* The role of an event counted on a PMU of a family whose raw terms mean one thing there
 * (uncore_upi_3 and "event=0x2,umask=0xf": data flits sent); ROLE_NONE when none. */
int model_role_on_pmu(const char *pmu, const char *terms);
/* Bytes moved by n UPI data flits: 9 flits carry one 64-byte line (the kernel's perf metric
 * upi_data_transmit_bw is UNC_UPI_TxL_FLITS.ALL_DATA * 7.111111 = 64/9, its ScaleUnit 7.11E-06 MB). */
double model_upi_flit_bytes(double n);
/* The role an event name implies ("cycles", "cpu_core/cycles/", "instructions:D",
 * "uncore_imc_0/cas_count_read/", "power/energy-pkg/"). */
int model_role_of(const char *name);

/* Fill one value from deltas: scaling, pct, state (never divides by zero). */
void model_set_value(struct ev_val *v, uint64_t raw, uint64_t enabled, uint64_t running,
		     double scale);
/* Fill one value from a recording (scaled value and percent running known). */
void model_set_recorded(struct ev_val *v, double value, uint64_t running_ns, double pct,
			int state);
/* Add one value into an aggregate (deltas summed, the highest state wins); finish recomputes
 * pct from the summed times and leaves the value NAN unless something counted. */
void model_sum_into(struct ev_val *dst, const struct ev_val *src);
void model_sum_finish(struct ev_val *v);
/* Compute socket and system sums from the CPU rows, then every metric, and push history. */
void model_derive(struct model *m);
/* The utilisation metrics (M_UTIL and its parts, percent) from the summed /proc/stat times
 * jif[UT_N] of one entity; NAN when nothing is known. */
void model_util(const double *jif, double *out);
/* M_IRQ_RATE (interrupts per second) and M_MHZ (mean clock) from the summed swr[SWR_N] of one
 * entity over interval seconds; NAN when no CPU of it gave the figure. */
void model_swrates(const double *swr, double interval, double *out);
/* Metric of one entity from a row of nev values and the interval. A CPU's row (cpu_row) leaves
 * out uncore events: what a box counts (an L3 per CCX, a memory controller) is not the CPU's
 * own, though the kernel reads it on that CPU; socket and system rows include them. */
void model_metrics(const struct model *m, const struct ev_val *row, double interval, double *out,
		   bool cpu_row);
/* Whether the model's events hold the roles metric id (enum metric_id) is made of, in some way of
 * computing it (metrics.h's metric_countable): a column of it has something to show here. */
bool model_metric_countable(const struct model *m, int id);
#endif
