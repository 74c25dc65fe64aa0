/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topdown.h: top-down analysis (where pipeline slots go): one table entry per measuring method,
 * the choice of method per core PMU, the events each needs, and the shares from counted values. */
#ifndef PMUTOP_TOPDOWN_H
#define PMUTOP_TOPDOWN_H
#include <stdbool.h>
#include <stddef.h>

struct pmu_registry;
struct topology;
struct ev_list;
struct ev_val;

/* Shares in percent of pipeline slots; level 1 first (TD_SMT only on AMD), then level 2. */
enum td_share {
	TD_RETIRING, TD_BAD_SPEC, TD_FRONTEND, TD_BACKEND, TD_SMT,
	TD_LIGHT, TD_HEAVY, TD_BR_MISP, TD_MCLEAR, TD_FETCH_LAT, TD_FETCH_BW, TD_MEM, TD_CORE,
	TD_NSHARES
};
#define TD_NLEVEL1 5

struct td_share_def {
	const char *name;    /* perf's metric name: "tma_retiring" */
	const char *label;   /* "Retiring" */
	char letter;         /* bar glyph: R B F K S ... */
	int parent;          /* level-2 share: its level-1 share; -1 for level 1 */
};
extern const struct td_share_def td_shares[TD_NSHARES];

#define TD_MAXEV 12
struct td_method {
	const char *id;          /* "intel-metrics-l2" */
	const char *label;       /* what the view prints */
	const char *ev[TD_MAXEV];/* event terms on the core PMU, in value order; "|" starts a new group */
	unsigned shares;         /* bit per enum td_share it yields */
	bool approx;             /* an approximation (cycle based) */
	/* v: the events' values in ev[] order (groups separators skipped), width: slots per cycle */
	void (*compute)(const double *v, double width, double *out);
};
extern const struct td_method td_methods[];
extern const int td_nmethods;

#define TD_MAXINST 4
struct td_inst {
	int pmu;                 /* registry index of the core PMU */
	char pmu_name[48];
	const struct td_method *m;
	double width;            /* slots per cycle (0 when the method reads slots itself) */
	int nev;
	int ev[TD_MAXEV];        /* event index in the ev_list / model, -1 until bound */
	bool bound;
	int fit;                 /* enum td_fit: whether its groups find counters (td_fit) */
	bool idle;               /* set by the app: its group did not run at all in a whole sample */
	char fit_why[512];       /* the counter arithmetic when they do not (TD_NEEDS_ROOM, TD_NEVER) */
};

struct td_plan {
	int n;                   /* core PMUs with a method */
	struct td_inst in[TD_MAXINST];
	char reason[256];        /* when some core PMU (or the machine) has none: why */
};

/* Whether an instance's groups find counters on a core PMU with gp general counters and fixed
 * fixed ones (a cycles counter first: Arm's PMCCNTR; Intel's instructions, cycles, ...).
 * TD_FITS: beside pmutop's pinned cycles/instructions group too; TD_NEEDS_ROOM: only while
 * that group is not pinned (a pinned group is scheduled first, and a flexible group that does not
 * fit in what is left never runs); TD_NEVER: not even alone. */
enum td_fit { TD_FITS, TD_NEEDS_ROOM, TD_NEVER };
/* Decide in->fit and, unless it fits, say why in in->fit_why with the arithmetic. gp < 0 (unknown
 * counters): TD_FITS. watchdog: the NMI watchdog's pinned cycles event holds the fixed cycles
 * counter (or a GP counter when watchdog_gp). Returns in->fit. */
int td_fit(struct td_inst *in, int gp, int fixed, bool watchdog, bool watchdog_gp);
/* The kernel refused (EINVAL) the instance's group g (0-based) when opened alone: TD_NEVER, with
 * what the group needs and gp, the counters pmutop took the PMU to have (-1 unknown), in fit_why. */
void td_refused(struct td_inst *in, int g, int gp);

/* What an idle instance's group means (after "PMU: "). */
#define TD_IDLE_WHY "top-down's group did not run at all: pinned groups (pmutop's own, the NMI watchdog's or " \
	"ones marked :D) hold the counters it needs; unpin or drop them to see top-down there"

/* Choose a method for every core PMU. Returns the number of PMUs with one (plan->reason
 * says why a PMU or the machine has none). */
int td_detect(const struct pmu_registry *reg, const struct topology *topo, struct td_plan *plan);
/* An instance's events as perf syntax to add to the event list, one {group} per group of its
 * method ("{cpu/slots/,cpu/topdown-retiring/,...}"): malloc'd, NULL when out of memory. */
char *td_inst_text(const struct td_inst *in);
/* Bind an instance to its events' model indices ev[0..n), in its method's value order (the event
 * list hands them over from the entries it added). True when all nev are there. */
bool td_bind_inst(struct td_inst *in, const int *ev, int n);
/* Which instance covers the CPU with core PMU index core_pmu; -1 none. */
int td_inst_for_pmu(const struct td_plan *plan, int core_pmu);
/* Shares of one row of model values (NAN where the method gives none or an event did not count).
 * Returns true when level 1 is known. */
bool td_row(const struct td_inst *in, const struct ev_val *row, double out[TD_NSHARES]);
/* The method's formula on plain values (for tests and td_row). */
void td_compute(const struct td_method *m, double width, const double *v, double out[TD_NSHARES]);
/* Index of a share by perf name ("tma_retiring"), -1 when unknown. */
int td_share_by_name(const char *name);
#endif
