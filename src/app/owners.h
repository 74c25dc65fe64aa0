/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners.h: the state of the event list's owners besides the user, kept in struct app: the sockets'
 * memory, interconnect and power figures (app_skt.c) and top-down (app_topdown.c). */
#ifndef PMUTOP_OWNERS_H
#define PMUTOP_OWNERS_H
#include <stdbool.h>
#include "hw/events/evlist.h"
#include "hw/model/topdown.h"

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
#endif
