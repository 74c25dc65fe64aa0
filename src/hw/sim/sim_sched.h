/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sim_sched.h: the simulated kernel's events and per-(CPU, PMU) contexts, and the counter scheduler over them. */
#ifndef PMUTOP_SIM_SCHED_H
#define PMUTOP_SIM_SCHED_H
#include <stdbool.h>
#include <stdint.h>
#include "sim_desc.h"
#include "sim_topdown.h"

struct sctx;

struct slots { int gp, fixed_used, offcore; };   /* counters still free */

struct sev {
	bool used;
	int fd, cpu;
	int pmu;                 /* index into m->pmus; -1 software */
	int sw;                  /* PERF_COUNT_SW_* for software events */
	uint64_t config;         /* resolved config the counter would be programmed with */
	int fixed_slot;          /* fixed counter this event may take, -1 none */
	bool offcore, pinned, enabled, error;
	uint64_t read_format, id;
	double rate;             /* per second of running time */
	double phase;            /* noise phase */
	double en_base, en_since;   /* seconds */
	double run_base;         /* running time settled before the context's epoch */
	double offset;           /* count at the last reset */
	double acc, acc_t, acc_run; /* a phased PMU's count integrated up to time acc_t, at running acc_run */
	long ph_of_rate;         /* phased PMU: the load phase whose rate ph_rate holds, -1 none yet */
	double ph_rate;          /* simm_rate_at() of the event (a top-down event: of its cycles) then */
	int leader;              /* fd of the group leader (itself when leader) */
	int nmemb; int *memb;    /* leader only: member fds in open order */
	/* top-down (sim_topdown.c): kind, the share components it sums and subtracts, slots rate */
	int td; unsigned td_plus, td_minus; double td_mult;
	double td_width; uint64_t td_cyc;   /* load-following PMUs: slots = width x rate of td_cyc */
	const struct sim_machine *td_m;
	struct simtd_profile td_prof;   /* the CPU's shares (top-down events only) */
	double td_osc_t, td_osc;        /* the swing's integral at time td_osc_t (last read's end) */
	struct sctx *ctx;        /* leader only */
	/* leader only: the schedule since the context's epoch */
	int flex_pos;            /* position among the flexible groups, -1 pinned */
	bool always;             /* runs the whole epoch (pinned and fitting, or everything fits) */
	int in_cycle;            /* flexible: rotation steps (of nflex) it runs in */
};

struct sctx {
	int cpu, pmu;
	int ngroups, cap; int *groups;   /* leader fds in open order */
	double epoch;            /* seconds */
	double mux;              /* rotation interval, seconds */
	int nflex; int *flex;    /* enabled flexible leaders in rotation order */
	int flexcap;             /* room in flex and len */
	int *len;                /* [nflex]: groups scheduled at rotation step k, from flex[k] on */
	int nlen;                /* steps of len[] worked out so far (lazily, see plan_steps) */
	int maxlen;              /* the largest len[] so far: a group runs only at the maxlen steps up to its own */
	struct slots base;       /* the counters the pinned groups leave to the flexible ones */
	bool dirty;              /* changed since the schedule was last worked out */
	int non; int *on;        /* groups on the whole epoch (pinned that fit; every group without a PMU) */
	int last_flex;           /* index in groups of the last flexible group, -1 none */
};

struct simk;

/* Settle every event of ctx at time t (bank running time); the schedule is worked out again when
 * next needed (the caller changes the context between settles). */
void sched_settle(struct simk *k, struct sctx *c, double t);
/* The same for a change that leaves the schedule as it is (a group that is not enabled gains a
 * group or members): time banked, the schedule kept. */
void sched_bank(struct simk *k, struct sctx *c, double t);
/* After l (a flexible leader) was enabled at a time ctx was banked (sched_bank) with its schedule
 * current: when l comes after every flexible group, append it to the rotation (as a full work-out
 * would, in less than a pass over the groups) and return true; else false, and the caller settles. */
bool sched_enable_last(const struct simk *k, struct sctx *c, const struct sev *l);
/* Time the group led by l has run since its context's epoch, at time t. */
double sched_share(const struct simk *k, const struct sev *l, double t);
/* Whether the group led by l could ever fit on its PMU alone (validate_group). */
bool sched_group_fits_alone(const struct simk *k, const struct sev *l, const struct sev *extra);
#endif
