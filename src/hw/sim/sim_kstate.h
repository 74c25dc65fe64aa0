/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_kstate.h: the simulated kernel's state (its events, per-(CPU, PMU) contexts and clock), shared by
 * its open/read side (sim_kernel.c), its scheduler (sim_sched.c), its top-down events (sim_topdown.c),
 * its /proc files (sim_procstat.c) and its event resolution (sim_resolve.c): a header of its own, so none
 * of them includes another's. */
#ifndef PMUTOP_SIM_KSTATE_H
#define PMUTOP_SIM_KSTATE_H
#include <stdbool.h>
#include <stdint.h>
#include "hw/sys/seam.h"
#include "sim_desc.h"
#include "sim_load.h"

#define SIMK_FD_BASE 1000
#define SIMK_MAX_MEMBERS 63   /* members besides the leader */
#define SIMK_NCST 4

struct sctx;

#define SIMK_MAXCONS 16   /* GP events with a counter constraint that one schedule can hold */

/* What a schedule has taken of a PMU on one CPU: GP counters still free, fixed counters used, the
 * masks of the constrained GP events (placed as the kernel's perf_assign_events: fewest counters
 * first), and the extra registers' values with their users (xref[r] and xval[r] hold only where
 * bit r of xused is set). Copied with slots_copy: only what is in use, the header when nothing is
 * constrained (scheduling copies it for every group it tries). */
struct slots {
	int gp, fixed_used, ncons;
	unsigned xused;
	uint64_t cons[SIMK_MAXCONS];
	uint64_t xval[SIMM_NXR];
	int xref[SIMM_NXR];
};

enum simtd_kind { SIMTD_NONE, SIMTD_METRIC, SIMTD_SHARE };

/* A CPU's seeded top-down share profile (sim_topdown.c), worked out once when its event is
 * classified (a read only integrates it). */
struct simtd_profile {
	double b[5];          /* base shares: retiring, bad spec, frontend, backend, SMT */
	double heavy, brm, flat, mem;   /* level-2 fractions of their parent */
	double amp, w, ph;    /* retiring/backend swing */
	double cos_ph;        /* cos(ph), the swing's integral at 0 */
};

struct sev {
	bool used;
	int fd, cpu;
	int pmu;                 /* index into m->pmus; -1 software */
	int sw;                  /* PERF_COUNT_SW_* for software events */
	uint64_t config;         /* resolved config the counter would be programmed with */
	uint64_t config1, config2;  /* the extra registers' values (offcore_rsp, ldlat, frontend) */
	int fixed_slot;          /* fixed counter this event may take, -1 none */
	uint64_t gpmask;         /* GP counters it may use (the PMU's constraints), 0 any */
	int xreg;                /* index into its PMU's xreg (extra register it needs), -1 none */
	bool grp_xreg;           /* leader: it or a member has an extra register (may stay set) */
	bool pinned, enabled, error;
	bool on_exec;            /* attr.enable_on_exec (a CPU's event never sees the exec) */
	bool dead;               /* its CPU was unplugged: off for good, out of its context and group */
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
	const struct simtd_profile *td_prof;   /* the CPU's shares (top-down events only): one of
					 * simk.tdprof, shared by the CPU's events */
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

struct simk {
	struct perf_seam seam;
	const struct sim_machine *m;
	struct sim_faults f;
	struct sev *ev; int nev, cap;   /* indexed by fd - SIMK_FD_BASE */
	int *freefd; int nfree;
	int nopen;
	uint64_t next_id;
	long nreads;
	const struct perf_seam *clock;  /* whose clock_ns the counts follow: seam_kernel's unless set */
	uint64_t t0_ns;                 /* its reading when the simulated kernel started */
	double first_open;              /* seconds, < 0 before the first open */
	bool unplugged;                 /* the enodev fault's CPU has been taken offline */
	struct sctx ***ctx; int *nctx;  /* per CPU: its contexts, one per PMU used */
	struct simt *tasks;             /* its tasks and cgroups, counted apart (sim_tasks.c) */
	/* /proc/stat (sim_procstat.c): each CPU's busy seconds over the whole load phases before
	 * busy_ph, so a read adds only the phases since the last; then (busy_acc + ncpus) each CPU's
	 * busy fraction in phase busy_ph, worked out once per phase */
	double *busy_acc; long busy_ph, busy_cur_ph;
	/* per CPU, for the last SIMK_NCST phases (slot ph % SIMK_NCST): its load in phase ph on core
	 * PMU pmu (simm_cpu_state), worked out once for all its events (a read walks the phases since
	 * the event's last one by one); ph -1 none yet */
	struct simk_cst { long ph; int pmu; struct simm_state st; } *cst;
	/* per CPU: its top-down shares (simtd_profiles), which its top-down events point at: a copy
	 * in every event was a quarter of each (104 of 392 bytes) */
	struct simtd_profile *tdprof;
	struct sims *samp;              /* sampling events and their rings (sim_sample.c) */
};

/* Seconds since the simulated kernel started, on the clock it follows: every count, time and
 * fault deadline is a function of this. Divided (not multiplied by 1e-9) so that a whole number
 * of nanoseconds is the nearest double: 20 ms reads as 0.02, as a test writes it. */
static inline double simk_now(const struct simk *k)
{
	return (double)(int64_t)(k->clock->clock_ns(k->clock->ctx) - k->t0_ns) / 1e9;
}

/* Resolve attr a for cpu into e (PMU, config, counters, rate): 0 or the kernel's error
 * (sim_resolve.c). */
int simk_resolve(const struct simk *k, const struct perf_event_attr *a, int cpu, struct sev *e);

static inline struct sev *simk_ev(const struct simk *k, int fd)
{
	int i = fd - SIMK_FD_BASE;

	return i >= 0 && i < k->nev && k->ev[i].used ? &k->ev[i] : NULL;
}
#endif
