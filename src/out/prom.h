/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prom.h: the Prometheus exposition of a frame: text format 0.0.4 or OpenMetrics 1.0.
 * Counters are totals since pmutop started, kept across frames in struct prom_totals (the writer
 * itself is a pure function of the model, the totals and the labels it is given). */
#ifndef PMUTOP_PROM_H
#define PMUTOP_PROM_H
#include <stdbool.h>
#include <stdint.h>
#include "hw/model/model.h"
#include "outbuf.h"

struct app_rdt;
struct prom_cg;

enum prom_format { PROM_TEXT, PROM_OPENMETRICS };

struct prom_totals {
	int ncpus, nev, nsock;
	uint64_t last_seq;   /* the frame last added; 0 = none */
	char **names;        /* [2 * nev]: event name and PMU of the list the totals belong to */
	int *cpu_ids;        /* [ncpus] */
	double *cpu;         /* [ncpus * nev]: scaled values summed over the counted intervals */
	double *sock;        /* [nsock * NMETRICS]: the amounts (bytes, joules) of the metrics the
			      * exporter counts per socket (metric_defs' MPROM_COUNTER), NAN none yet */
	double *irq;         /* [ncpus]: interrupts (/proc/interrupts), NAN until read once */
	uint64_t resets;     /* how often the totals started again (new event list, replay rewound) */
	/* The cgroups' counters (prom_groups.c): set cg_top as prom_info's cgroups_top. Each exported
	 * cgroup's CPU seconds and events count while it is exported (one of the cg_top busiest), the
	 * rest's under "(other)"; kept for the last cg_top * 4 + 64 exported, so that one exported
	 * again carries on from where it stopped. */
	int cg_top;
	struct prom_cg *cg;
	int ncg;
	uint64_t cg_seq;     /* the frame last added */
	double cg_rest_s;    /* NAN until counted */
	double *cg_rest_ev;  /* [nev] */
};

/* Add the model's current frame to the totals (its cgroup rows too, when cg_top > 0). A new event
 * list or CPU set, or a frame that is not after the last one added (a rewound replay), starts the
 * totals again from this frame; the same frame twice is added once. Returns 0 or -ENOMEM (the totals are then empty). */
int prom_totals_add(struct prom_totals *t, const struct model *m);
void prom_totals_free(struct prom_totals *t);

struct prom_info {
	const char *version;            /* pmutop_build_info{version} */
	const char *source;             /* "live", "sim" or "replay" */
	const char *const *core_type;   /* [ncpus] core PMU per CPU; NULL or NULL entries: no label */
	const char *kernel_clock;       /* where M_MHZ comes from: "cpufreq", "cpuinfo" (NULL: none) */
	bool no_cpu_gauges;             /* derived gauges per socket only (--no-cpu-gauges) */
	/* Top-down shares in percent (NAN: none), NULL when not counted: per CPU [ncpus * td_n],
	 * per socket and core PMU [nsock * td_ninst * td_n], named td_names[td_n] ("tma_retiring"),
	 * the socket rows' core PMUs td_inst[td_ninst]. */
	const double *td_cpu, *td_sock;
	const char *const *td_names;
	const char *const *td_inst;
	int td_n, td_ninst;
	/* Cgroups (frame.wl's cgroup rows, issue 28): a series each for the cgroups_top busiest by CPU
	 * time, the rest summed as cgroup="(other)" (PROM_REST); 0: no cgroup series. */
	int cgroups_top;
	/* RDT/PQoS monitoring (resctrl), NULL when it gives none; its groups exported one by one up
	 * to rdt_groups (those with the most memory traffic), the rest summed as group="(other)" (PROM_REST). */
	const struct app_rdt *rdt;
	int rdt_groups;
};

/* Write the exposition of the model's current frame with the totals (which must have been
 * updated from that frame) in the given format. Nothing that was not counted in the frame is
 * written: no series rather than a 0. With no frame yet (seq 0), only pmutop's own metrics. */
void prom_write(struct outbuf *b, const struct model *m, const struct prom_totals *t,
		const struct prom_info *info, int format);

/* Append s as the inside of a label value: the value is s in base/printable's reversible form (control
 * characters, DEL, C1 and each byte of invalid UTF-8 as the text \xNN, a backslash as \\), so two
 * different names never make the same label set; its backslashes and quotes then escaped as both
 * formats require (\xNN written \\xNN, a name's backslash \\\\). The value is valid UTF-8. */
void prom_label_value(struct outbuf *b, const char *s);
#endif
