/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_impl.h: the replay's state, shared by replay.c (reading a recording interval by interval)
 * and replay_table.c (its events and CPUs, and the interval being filled). Private to those. */
#ifndef PMUTOP_REPLAY_IMPL_H
#define PMUTOP_REPLAY_IMPL_H
#include "csvrow.h"
#include "linereader.h"
#include "hw/model/model.h"
#include "replay.h"
#include "replay_topo.h"
#include <stdbool.h>
#include <stdint.h>

#define RP_MAXBAD 8
#define RP_MAXEV 4096   /* distinct event columns; perf stat itself opens far fewer */
#define RP_MAXIV (1 << 26)   /* intervals: 1.5 GiB of index; two years of 1 s intervals */

/* The index kept per interval: where its lines start and its time; its lines are read again
 * from the file when it is shown, so memory does not grow with the recording's size. */
struct rp_interval {
	uint64_t off;        /* file offset of its first line; it ends where the next one starts */
	double t;
};

struct rp_event {
	char *name;
	int len;
	char *unit;
	int midx;            /* index in the model */
	int dup_next;        /* the next event of the same name (perf -e cycles,cycles), or -1 */
	bool first;          /* the first of its name: the one in the name hash */
	uint32_t role_bit;   /* 1 << its role when a core counter's (cycles, instructions...), else 0 */
	bool generic;        /* without a PMU ("cycles"), as against "cpu/cycles/" */
};

/* What a CPU's rows of the interval stamped `stamp` held: the roles of its generic events and of
 * its core-PMU-qualified events (struct rp_event's role_bit). Both for one role on one CPU: the
 * generic event counts that PMU's counter, as perf opens cycles on the one core PMU. */
struct rp_pair {
	unsigned stamp;
	uint32_t generic, qualified;
};

/* How many rows of one name a CPU had in the interval stamped `stamp`: the k-th row of a name
 * on a CPU belongs to the k-th event of that name, as perf prints repeats in -e order. */
struct rp_occ {
	int ev, cpu;
	unsigned stamp;
	int count;
};

struct replay {
	struct linereader lr;
	struct csvrow_ctx tctx;   /* the last time column read */
	bool stream;         /* read once from front to back (batch, a pipe); else indexed (the TUI) */
	uint64_t data_end;   /* the end of the last line read by the index */
	char sep;
	char path[4096];
	struct rp_interval *iv;   /* the index (not kept by a stream) */
	int niv, ivcap;      /* intervals indexed, or read so far by a stream */
	struct rp_event *ev;
	int nev, evcap;
	int *hash;           /* event index + 1, open addressing */
	int hcap;
	/* CPUs by slot, in the order first seen; the model has them ascending (slot_midx) */
	int *slot, slot_len; /* [slot_len]: CPU id -> slot, -1 */
	int *slot_cpu, *slot_midx, nslots, slot_cap;
	struct rp_pair *pair;   /* [slot_cap] */
	uint32_t paired;     /* roles a generic and a qualified event held on one CPU in one interval */
	/* the interval being read, by slot and event: vals[slot * vstride + event] */
	struct ev_val *vals;
	int vstride;
	int model_slots, model_nev;   /* the slots and events the model was set up with */
	uint32_t model_paired;        /* and paired */
	int model_builds;    /* models set up, and growths that reallocated one (replay_model_builds) */
	bool identity;       /* the model's layout is vals' own: one copy */
	/* a stream: the interval read ahead (the first, read by replay_open_stream) and the row that
	 * ended it, the first of the next one (its text still in the reader's buffer) */
	bool have_frame, have_next;
	struct csv_row next_row;
	double t, prev_t, iv_est;
	int line;            /* lines read by a stream */
	struct rtopo topo;   /* from '# cpu' lines or the topology file */
	char topo_src[96];
	char cpu_model[160];
	int nbad, bad_first[RP_MAXBAD];
	const char *bad_why;   /* the first malformed line's reason (static text) */
	char bad_msg[640];
	int pos;
	int last_ev;
	struct rp_occ *occ;  /* open addressing on (first event, cpu) */
	int occ_cap, occ_n;
	unsigned stamp;      /* bumped at every interval, so old counts read as 0 */
};

/* replay_table.c: the value slots of the interval being read (rows of CPUs by event columns) */
int rp_vals_resize(struct replay *r, int rows, int stride);
void rp_vals_clear(struct replay *r);
/* The event a row names (created when create), its CPU's slot, and the row's value put in place. */
int rp_event_of_row(struct replay *r, const struct csv_row *row, bool create);
int rp_cpu_slot(struct replay *r, int cpu, bool create);
int rp_take_row(struct replay *r, const struct csv_row *row, bool create);
/* Event e had a row on slot s in this interval: note the roles paired there (struct rp_pair). */
void rp_note_pair(struct replay *r, int s, int e);
/* The core PMU the generic events of the recording count on: the one PMU whose events were paired
 * with generic ones (rp_pair), NULL when none or several. In buf (len bytes). */
const char *rp_generic_pmu(const struct replay *r, char *buf, size_t len);
#endif
