/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* session.h: the running program as the screen sees it, so that the views need not know struct app:
 * the model and its frame (read-only), the settings they read, host and topology facts, the
 * sockets' figures and top-down's shares, pause and interval; and what a view may change.
 * Every function takes the struct app that ui_run was given; none keeps a pointer it returns
 * beyond the next sample or reopen. */
#ifndef PMUTOP_SESSION_H
#define PMUTOP_SESSION_H
#include <stdbool.h>
#include "config/settings.h"
#include "hw/model/budget.h"
#include "hw/model/model.h"
#include "hw/model/topdown.h"
#include "pci/disc.h"
#include "owners.h"   /* SKT_*: the sockets' figures; struct app_rdt */
#include "app_wl.h"   /* struct wl_pick_info */
#include "hw/sample/hot.h"   /* the hot functions' rows and info */
#include "fleet/fleet.h"

struct app;

/* --- what is counted --- */
const struct model *session_model(const struct app *a);
/* The frame on screen: the model's current one. */
const struct frame *session_frame(const struct app *a);
/* The counter budget per core PMU: their number, *b pointed at them. */
int session_budgets(const struct app *a, const struct budget **b);
/* The last error or warning for the user ("" none). */
const char *session_msg(const struct app *a);

/* --- settings --- */
const struct settings *session_settings(const struct app *a);
/* The colour mode: --color over the config's [display] color (enum color_mode). */
int session_color(const struct app *a);
/* Refreshes to show before quitting (-n), 0 for no end. */
int session_count(const struct app *a);
/* The "columns" setting (the column chooser's layout). 0, or -ENOSPC when it does not fit
 * (the setting is then unchanged). */
int session_set_columns(struct app *a, const char *columns);
/* The "process_columns" (cgroups: "cgroup_columns") setting, as session_set_columns. */
int session_set_wl_columns(struct app *a, bool cgroups, const char *columns);
/* The "meters" setting: the header's meters on or off. */
void session_set_meters(struct app *a, bool on);

/* --- the machine --- */
struct session_host {
	const char *label;       /* the source: "live", "SIMULATED: spr-2s", "replay: FILE"; "" unset */
	const char *host, *kernel, *cpu_model;   /* "" unknown */
	int paranoid;            /* perf_event_paranoid, -99 unknown */
	const char *run_note;    /* what counting has dropped (descriptors, offline CPUs), "" nothing */
};
void session_host(const struct app *a, struct session_host *h);
/* Why hardware events are unavailable (a VM without a PMU), "" when they are available. */
const char *session_hw_reason(const struct app *a);
/* Where the MHz figures come from: "cpufreq", "cpuinfo" (/proc/cpuinfo's "cpu MHz": on most
 * virtual machines the nominal clock, the same every interval), or NULL (unknown yet, none). */
const char *session_clock_source(const struct app *a);
/* The uncore PMUs the kernel lists (memory controllers, interconnect, power...): how many. */
int session_uncore_pmus(const struct app *a);
/* Whether the model's CPUs are this machine's (not a recording's): then each has a core PMU. */
bool session_machine_cpus(const struct app *a);
/* The core PMU of the model's CPU index c: its name ("" unknown) and registry index (-1). */
const char *session_cpu_pmu(const struct app *a, int c);
int session_cpu_pmu_index(const struct app *a, int c);
/* The uncore inventory as loaded so far; load it (once; again after a failure) and say why it
 * is missing or partial ("" when nothing is). */
const struct disc_inventory *session_inventory(const struct app *a);
const char *session_load_inventory(struct app *a);

/* --- time: sampling, pause, interval, stepping a recording --- */
double session_now(void);
/* Seconds the frame on screen covers from the start (a recording's own time). */
double session_elapsed(const struct app *a);
/* Take one sample. 0, 1 at the end of a recording, or a negative errno (session_msg says why). */
int session_sample(struct app *a);
bool session_paused(const struct app *a);
void session_set_paused(struct app *a, bool paused);
double session_interval(const struct app *a);
/* Set the refresh interval, kept within INTERVAL_MIN..INTERVAL_MAX; returns the one set. */
double session_set_interval(struct app *a, double seconds);
/* Whether the source is a recording, and whether it can step (--replay). */
bool session_replaying(const struct app *a);
bool session_can_step(const struct app *a);
/* Pause and show the interval delta away from the one on screen (0: the first). As
 * session_sample; -ENOTSUP when the source cannot step. */
int session_step(struct app *a, int delta);

/* --- the sockets' memory, interconnect and power figures --- */
/* The SKT_* figures this machine's events give (found once). */
unsigned session_skt_figures(struct app *a);
/* "" when the machine has some of them; else why it has none. */
const char *session_skt_why(const struct app *a);
/* Whether their events are in the event list now. */
bool session_skt_counting(const struct app *a);
/* Count them while something shown needs them (want), else stop. 0, or a negative errno with
 * session_msg filled. */
int session_skt_show(struct app *a, bool want);

/* --- RDT/PQoS monitoring (resctrl) --- */
/* The figures of the last sample (domains, sockets, system, groups), NULL when resctrl gives none. */
const struct app_rdt *session_rdt(const struct app *a);
/* Why there are none ("" when there are): not mounted (with the command), no such hardware. */
const char *session_rdt_why(const struct app *a);
/* Whether the screen shows them now: they are read only while something shows them. */
void session_rdt_show(struct app *a, bool shown);

/* --- top-down --- */
const struct td_plan *session_td_plan(const struct app *a);
/* Add its events to what is counted (its view was opened). 0 or a negative errno with
 * session_msg filled. */
int session_td_enable(struct app *a);
/* Whether shares have been derived (the events are bound and memory was there). */
bool session_td_ready(const struct app *a);
/* The plan instance (method) of the model's CPU index c, -1 none. */
int session_td_inst_of_cpu(const struct app *a, int c);
/* The TD_NSHARES shares of a CPU, of a socket for instance inst, of the system for instance
 * inst; *pct the percent of time the method's group ran (NAN unknown). NULL before
 * session_td_ready. */
const double *session_td_cpu(const struct app *a, int c, double *pct);
const double *session_td_sock(const struct app *a, int s, int inst, double *pct);
const double *session_td_sys(const struct app *a, int inst, double *pct);
/* The shares of a core (its online CPUs cpus[n], indices into the model, summed) for instance
 * inst into out; *pct as above. */
void session_td_core(const struct app *a, int inst, const int *cpus, int n, double out[TD_NSHARES],
		     double *pct);

/* --- processes and cgroups (issue 28): the frame's workload rows (frame.wl) --- */
/* While the processes view (procs) or the cgroups view (cgroups) is shown, count the busiest of
 * them each refresh; neither: stop (those the command line named stay). 0, -ENOMEM (session_msg
 * says so), or -EOPNOTSUPP for a recording. */
int session_wl_show(struct app *a, bool procs, bool cgroups);
/* Rows of their own for the threads of process pid, from the next refresh; 0: none. */
void session_wl_threads(struct app *a, int pid);
/* What the last choice saw: processes or cgroups looked at, counted, left out and why. */
void session_wl_info(const struct app *a, bool cgroups, struct wl_pick_info *out);
/* Whether the command of -- COMMAND has ended: the screen then takes its last interval and closes
 * (the whole-run totals are printed after it, app_wl_command_run). False without a command. */
bool session_command_ended(struct app *a);

/* --- the hot functions of a CPU list, a process or a cgroup (issue 40, app_hot.c) --- */
#define SESSION_HOT_ROWS 200   /* functions kept of each refresh's window */
struct session_hot_aim {
	int kind;                /* enum hot_kind */
	const char *cpus;        /* HOT_CPUS: a CPU list, "" or NULL every CPU */
	int pid;                 /* HOT_PID */
	const char *cgroup;      /* HOT_CGROUP: its path from the cgroup mount */
	const char *label;       /* as the title says it (printable) */
};
/* Sample the target (whatever was sampled before stops), the event [sample]'s default (cycles,
 * else cpu-clock, said in the info's note), [sample] freq and window; drained at each refresh.
 * 0, or a negative errno with the state's why saying why (a permission, a recording). */
int session_hot_start(struct app *a, const struct session_hot_aim *t);
/* Sample event (perf syntax, NULL unchanged) over window seconds (<= 0 unchanged) instead: 0, or
 * a negative errno with why (n bytes) filled and what was sampled still sampled. */
int session_hot_set(struct app *a, const char *event, double window, char *why, size_t n);
void session_hot_stop(struct app *a);
/* What is sampled and the window's losses, NULL when nothing is. */
const struct hot_info *session_hot_info(struct app *a);
/* The last refresh's functions (most samples first), valid until the next refresh: their number. */
int session_hot_rows(const struct app *a, const struct hot_row **rows);
struct session_hot_state {
	const char *label, *event;   /* the target, the event asked for */
	double window;               /* seconds asked for */
	const char *why;             /* why nothing is sampled ("" when sampling) */
	const char *perm;            /* what perf_event_paranoid and kptr_restrict allow, "" nothing */
	bool sampling;
};
void session_hot_state(const struct app *a, struct session_hot_state *out);
/* --- the fleet (issue 39): other hosts' rows from a Prometheus query API or their exporters --- */
/* Whether a fleet is configured (--fleet URL, --fleet-targets, [fleet] url or targets), and where:
 * the URL or the targets as given ("" none). */
bool session_fleet_configured(const struct app *a);
const char *session_fleet_where(const struct app *a);
/* Start its engine on its own thread (once; again after a failure). 0, or a negative errno with
 * session_fleet_error saying why. */
int session_fleet_start(struct app *a);
void session_fleet_stop(struct app *a);
/* Why the engine could not start ("" it runs or was not asked). */
const char *session_fleet_error(const struct app *a);
/* The newest frame, copied into *out when newer than *seq (free the previous one first; this one
 * with fleet_frame_free); err gets the last refresh's error ("" none), *busy a refresh under way.
 * Never waits for the network. */
bool session_fleet_frame(struct app *a, unsigned *seq, struct fleet_frame *out, char *err, size_t n,
			 bool *busy);
/* Ask for a host's sockets and CPUs (refreshed with the frames), NULL for none; take them as above. */
void session_fleet_detail(struct app *a, const char *host);
bool session_fleet_take_detail(struct app *a, unsigned *seq, struct fleet_detail *out, char *err, size_t n);
#endif
