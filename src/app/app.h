/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app.h: the running program's state shared by batch output and the TUI: settings, topology,
 * PMUs, events, the counter source, the model and the uncore inventory. */
#ifndef PMUTOP_APP_H
#define PMUTOP_APP_H
#include <stdbool.h>
#include <stdint.h>
#include "config/settings.h"
#include "hw/sys/topology.h"
#include "hw/sys/pmu.h"
#include "hw/sys/seam.h"
#include "hw/events/evlist.h"
#include "hw/model/model.h"
#include "hw/model/budget.h"
#include "hw/catalog/catalog.h"
#include "pci/disc.h"
#include "owners.h"
#include "fleet/fleet.h"

struct app;
struct perf_seam;
struct counters;
struct replay;
struct sim_machine;
struct exporter;
struct errmsg;

/* A counter source as a table of functions: perf (live kernel or simulated) and replay. */
struct source_ops {
	const char *name;
	/* Fill app->model.cur CPU rows for the next interval. Returns 0, 1 at the
	 * end of a recording, or a negative errno with app->msg filled. */
	int (*sample)(struct app *a);
	/* Count flat from now on, its frames going to model m (a->evl and a->model still hold what
	 * is counted until this succeeds). 0, or a negative errno with em filled and what was
	 * counted still counted. NULL: the source's events are fixed (a recording). */
	int (*count)(struct app *a, const struct ev_list *flat, struct model *m, struct errmsg *em);
	/* Replay only: move the next interval to be sampled by delta (0 = back to the first);
	 * the one on screen is the one before it. NULL for live sources. */
	int (*step)(struct app *a, int delta);
	void (*stop)(struct app *a);
};

#define APP_WL_TARGETS_MAX 1024   /* PIDs, TIDs or cgroups named on the command line */

/* What the command line asked for (a->opt.wl), copied by app_wl_open. */
struct app_wl_opts {
	int pids[APP_WL_TARGETS_MAX], npids;
	int tids[APP_WL_TARGETS_MAX], ntids;
	const char *cgroups[APP_WL_TARGETS_MAX];
	int ncgroups;
	char **command;            /* argv of the command to start and count, NULL none */
	bool command_quiet;        /* its standard input and outputs go to /dev/null (the screen) */
};

struct app_opts {              /* the command line */
	bool batch, json, list_uncore, explain, do_replay;
	int count;                 /* -n, 0 = forever */
	double delay;              /* -d, 0 = from settings */
#define APP_EVENT_OPTS_MAX 64
	const char *events[APP_EVENT_OPTS_MAX];   /* each -e, in the order given (perf takes them all) */
	int nevents;
	const char *evset;         /* -E */
	const char *cpus;          /* -C */
	const char *output;        /* -o */
	const char *sep;           /* -x */
	const char *sysfs;         /* --sysfs */
	const char *sim;           /* --sim */
	const char *sim_fault;     /* --sim-fault */
	bool sim_step_clock;       /* --sim-clock step: the simulated clock moves one interval a sample */
	bool hot;                  /* --hot: the hot functions (sampling, issue 40) */
	int sim_pause_every;       /* --sim-clock step:N: the screen pauses after every N refreshes */
	const char *replay;        /* --replay */
	const char *topology;      /* --topology (lscpu -p output) */
	const char *pci_dump;      /* --pci-dump */
	const char *config;        /* --config */
	const char *sim_tree;      /* --sim-tree DIR */
	bool list_machines;
	const char *listen;        /* --listen [ADDR:]PORT */
	const char *prom;          /* --prom FILE */
	const char *web_config;    /* --web-config FILE: TLS and basic authentication */
	bool no_cpu_gauges;        /* --no-cpu-gauges */
	int export_cgroups;        /* --export-cgroups[=N]: series for the N busiest cgroups, 0 none */
	bool quiet;                /* --quiet: no batch rows (exporting only) */
	int color;                 /* --color WHEN: enum color_mode + 1, 0 when not given */
	bool list_events;          /* --list-events [GLOB] */
	const char *list_glob;
	const char *cpuid;         /* --cpuid */
	const char *events_dir;    /* --events-dir */
	bool events_experimental;  /* --events-experimental */
	struct app_wl_opts wl;     /* -p, -t, -G, -- COMMAND */
	bool rdt;                  /* --rdt: RDT figures asked for (say why when there are none) */
	bool rdt_cpu_groups;       /* --rdt-cpu-groups (or [rdt] cpu_groups): a monitoring group per CPU */
	bool fleet_on;             /* --fleet [URL] or --fleet-targets: the fleet's rows, not this machine */
	struct fleet_opts fleet;   /* --fleet-*: over [fleet] */
	const char *fleet_host;    /* --fleet-host NAME: that host's sockets and CPUs */
};

struct app {
	struct app_opts opt;
	struct settings set;
	struct topology topo;
	struct pmu_registry reg;
	struct evlist evl;         /* the events being counted, by owner; evl.flat what the counters and
				    * the model hold */
	unsigned evl_gen;          /* changes whenever evl does (owners find their events again) */
	struct catalog cat;        /* vendor event names, read on first use */
	struct model model;
	int hist_keep;             /* IPC samples the model keeps per CPU (src/cmd sets it: what the
				    * screen's sparkline draws, at most [display] history; 1 in batch
				    * mode, which draws none); 0: [display] history */
	const struct source_ops *src;
	const struct perf_seam *seam;   /* perf sources */
	struct counters *cnt;
	struct replay *rep;        /* replay source */
	struct sim_machine *sim;   /* --sim */
	struct budget budget[8];
	int nbudget;
	struct disc_inventory inv;
	struct exporter *exp;      /* --listen / --prom, NULL when off */
	/* called after each sample's figures are derived (the exporter publishes them); NULL none */
	void (*on_frame)(struct app *a);
	/* called when the event list changed (app_events_apply): the workloads count it too; NULL none */
	void (*on_events)(struct app *a);
	struct app_td td;          /* top-down methods and shares (app_topdown.c) */
	struct app_skt skt;        /* memory, UPI and power events while shown (app_skt.c) */
	struct app_wl *wl;         /* the workloads of -p, -t, -G, -- COMMAND (app_wl.c), NULL none */
	struct app_rdt rdt;        /* RDT/PQoS monitoring through resctrl (app_rdt.c) */
	struct app_hot *hot;       /* the screen's hot functions (app_hot.c), NULL when none */
	struct fleet_live *fleet;  /* the fleet's engine on its thread (the screen's fleet view), NULL off */
	char fleet_err[512];       /* why it could not start, "" none */
	bool inv_loaded;
	char inv_msg[256];

	char source_label[160];    /* "live", "SIMULATED: spr-2s", "replay: FILE" */
	char host[72], kernel[72];
	int paranoid;              /* perf_event_paranoid, -99 when unknown */
	char hw_reason[256];       /* why hardware events are unavailable, "" when they are */
	double interval;           /* seconds */
	double t0;                 /* monotonic start */
	double last_sample;        /* monotonic time of the previous read */
	bool paused;
	char msg[512];             /* last error for the user */
	char run_note[512];        /* what counting has dropped (descriptors, offline CPUs, failed
				    * reads), shown in the header; "" when nothing */
	char sim_dir[4096];        /* generated tree of --sim, removed at exit */
	struct app_step_clock {    /* --sim-clock step: the clock the simulated kernel follows */
		struct perf_seam seam;
		uint64_t ns;
		unsigned long samples;   /* the screen's refreshes taken (for step:N's pauses) */
	} step_clock;
	struct app_util *util;     /* /proc/stat readings for utilisation (app_util.c) */
};

/* Count next (a changed copy of a->evl, from evlist_copy) instead of a->evl: the counters reopen
 * only the groups that changed, the model is rebuilt. On success a->evl becomes next; on failure the
 * events counted before stay counted, em (may be NULL) and a->msg say why. next is emptied either
 * way. 0 or a negative errno. */
int app_events_apply(struct app *a, struct evlist *next, struct errmsg *em);
/* The user's events become those of text (perf syntax); the sockets' and top-down's stay. As
 * app_events_apply; a parse error leaves everything as it was, with perr's position in text (else
 * perr->pos is -1). */
int app_events_set_user(struct app *a, const char *text, struct ev_error *perr, struct errmsg *em);
/* Take one sample: source sample + model_derive. Returns as source_ops.sample. */
int app_sample(struct app *a);
/* --sim: a message naming files of the simulated machine's tree names them as that machine sees
 * them (/sys/fs/resctrl, not /dev/shm/pmutop-sim.XXXXXX/sys/fs/resctrl): the same on every run. */
void app_sim_paths(const struct app *a, char *msg);
/* --sim-clock step: move the simulated clock one interval ahead (app_sample does, first) */
void app_step_clock_advance(struct app *a);
/* Recompute the counter budget for the current events. */
void app_update_budget(struct app *a);
/* Find the machine's counters once (a->budget). */
void app_probe_budget(struct app *a);
/* The budget for flat (in a->budget) and which of its events share a group (budget_pack: malloc'd,
 * NULL when out of memory). */
int *app_group_plan(struct app *a, const struct ev_list *flat);
/* Load the uncore inventory once (for the uncore view). */
void app_load_inventory(struct app *a);
/* Monotonic seconds. */
double app_now(void);
/* Seconds on the clock of the machine being counted (the seam's: the real kernel's monotonic clock,
 * or the one a test moves), which the frames' interval and time follow. */
double app_clock(const struct app *a);
/* Build a model for the events of flat into m: its CPUs from the topology. */
int app_build_model(struct app *a, const struct ev_list *flat, struct model *m);

/* Utilisation from the machine's /proc/stat (through the seam): baseline reads the times,
 * sample fills the model frame's per-CPU times of the interval (NAN where unknown). */
void app_util_baseline(struct app *a);
void app_util_sample(struct app *a);
void app_util_free(struct app *a);
/* Where the MHz figures come from: "cpufreq" (scaling_cur_freq), "cpuinfo" (/proc/cpuinfo's
 * "cpu MHz", on most virtual machines a constant), or NULL before the first reading or when
 * neither has a clock. */
const char *app_util_clock_source(const struct app *a);

extern const struct source_ops source_perf;
/* A perf stat -x recording (app->rep, opened by the caller) as the source. */
extern const struct source_ops source_replay;
/* Bring up the machine: --sim (tree + simulated kernel), --sysfs/PMUTOP_SYSFS or /sys with the
 * real kernel; topology, PMUs, host facts. Returns 0, -1 when --sim-tree wrote its tree (exit 0),
 * or an exit status with the message printed. */
int app_open_machine(struct app *a);
/* Build the model for a->evl and start counting with the perf source. 0 or an exit status. */
int app_open_events(struct app *a);
/* Stop counting and free everything, removing a simulated tree. */
void app_close(struct app *a);
/* The fleet's options: the command line's --fleet-* over the config's [fleet] (strings of either). */
void app_fleet_opts(const struct app *a, struct fleet_opts *o);
#endif
