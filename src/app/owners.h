/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* owners.h: the state of the event list's owners besides the user, kept in struct app: the sockets'
 * memory, interconnect and power figures (app_skt.c) and top-down (app_topdown.c); and of the RDT
 * monitoring figures read beside the counters (app_rdt.c). */
#ifndef PMUTOP_OWNERS_H
#define PMUTOP_OWNERS_H
#include <stdbool.h>
#include "hw/events/evlist.h"
#include "hw/model/topdown.h"
#include "hw/sys/resctrl.h"

enum { SKT_MEM = 1, SKT_UPI = 2, SKT_PWR = 4, SKT_L3 = 8, SKT_DRAM = 16 };

struct app_skt {
	bool detected;
	bool on;              /* avail's entries are in the event list, marked as the sockets' */
	bool failed;          /* adding them failed (why says how): not tried again */
	unsigned has;         /* SKT_* figures this machine's events give */
	struct evlist avail;  /* the machine's events for them, parsed once (EVO_SOCKETS's) */
	char why[256];        /* "" when the machine has some; else why there are none */
};

struct app_td {
	struct td_plan plan;
	bool detected;
	bool on;            /* the plan's events are in the event list */
	int ids[TD_MAXINST][TD_MAXEV];   /* each instance's entries (one per group) in the event list */
	int nids[TD_MAXINST];
	char fit_msg[1100];  /* the instances whose groups do not fit beside pmutop's (TD_NEEDS_ROOM) or
			     * at all (TD_NEVER): the counter arithmetic, for stderr and the screen */
	bool idle_told[TD_MAXINST];   /* said once that the instance's group never ran */
	unsigned bound_gen; /* the event list's generation the instances were bound to, + 1 */
	int ncpus, nsock;
	double *cpu;        /* [ncpus * TD_NSHARES] */
	double *sock;       /* [nsock * plan.n * TD_NSHARES]: per socket and method */
	double *sys;        /* [plan.n * TD_NSHARES] */
	double *cpu_pct;    /* [ncpus]: percent of time the top-down group ran (NAN unknown) */
	double *sock_pct, *sys_pct;   /* [nsock * plan.n], [plan.n] */
};
struct simr;

/* One place's figures over the last interval; NAN where not counted (a value that read
 * "Unavailable" or "Error", a feature not offered, the first interval of a counter). */
struct rdt_fig {
	double occ;            /* L3 occupancy now, bytes */
	double total, local;   /* memory bandwidth, bytes per second: all, and to the local node */
	double total_sum, local_sum;   /* bytes since pmutop first read it (the exporter's counters) */
};

struct rdt_grp {
	struct rdt_group g;
	int cpu;               /* the CPU of a pmutop per-CPU group, -1 else */
	struct rdt_fig all;    /* over every domain */
	struct rdt_fig dom[RDT_MAXDOM];
	uint64_t prev[RDT_MAXDOM][2];   /* the mbm counters read last (total, local) */
	unsigned char have[RDT_MAXDOM]; /* bit 0: prev total valid; bit 1: prev local valid */
	int fd[RDT_MAXDOM][RDT_NFEAT];  /* value files kept open, + 1 (resctrl_read_kept) */
};

struct app_rdt {
	bool detected;
	bool avail;            /* resctrl mounted with L3 monitoring: the figures are read */
	bool said;             /* why was said on stderr (batch) */
	bool shown;            /* the screen shows the figures now (session_rdt_show) */
	bool skipped_last;     /* the last sample read nothing (nobody wanted the figures) */
	char why[512];         /* "" when avail; else why there are no RDT figures */
	struct resctrl rc;
	int dom_sock[RDT_MAXDOM];   /* each domain's socket (model index), -1 unknown */
	struct rdt_fig dom[RDT_MAXDOM];   /* per domain: every control group summed */
	struct rdt_fig *sock;  /* [nsock] */
	struct rdt_fig sys;
	int nsock;
	double *acc;           /* byte totals: [domain][2], then the system's, then [socket][2] */
	struct rdt_grp *grp;   /* the groups, default first (as resctrl_groups) */
	struct rdt_group *names;   /* resctrl_groups' list, kept between intervals */
	int names_cap;         /* its room: grown while the groups fill it, up to MAX_GROUPS */
	int fd_budget;         /* value files that may still be kept open */
	int ngrp, skipped;     /* skipped: names not plain, or past the limit */
	double last_t;         /* clock of the last read */
	double last_list;      /* clock of the last listing of the groups */
	unsigned seq;          /* reads so far */
	/* --rdt-cpu-groups */
	int *made_cpu;         /* the CPUs pmutop made a group for (pmutop_cpuN) */
	int nmade;
	double *cpu_occ, *cpu_total, *cpu_local;   /* [model ncpus], NAN none */
	int ncpu;
	struct simr *sim;      /* the simulated machine's values (--sim) */
};
#endif
