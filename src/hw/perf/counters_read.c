/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* counters_read.c: read each group once per CPU per refresh: the deltas, weak groups that never run,
 * CPUs that went offline or came back, and the notes of what could not be read. */
#include "counters_impl.h"
#include "hw/model/model.h"
#include "hw/sys/seam.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one counters_read found, for its notes. */
struct read_pass {
	/* first time per CPU: gone, failed, short, back online, gone and back between two reads */
	bool *newly[5];
	uint8_t *stalled;        /* [cpu_idx]: 1 its times stood, 2 a group broken up */
	bool advanced;           /* some group's enabled time went on */
	int reads, errors, fail_err;
	size_t got, want_short;  /* the first short read's bytes, and what it should have had */
};

static void mark_group(const struct counters *c, size_t gi, int nm, struct ev_val *row, int state)
{
	for (int k = 0; k < nm; k++)
		row[c->memb[gi * c->maxmemb + k]].state = state;
}

/* A read that failed or came back short: this interval has no values for the group. */
static void read_failed(struct counters *c, struct read_pass *p, int ci, ssize_t r, size_t want)
{
	int bit = r < 0 ? TOLD_FAIL : TOLD_SHORT;

	if (!(c->told[ci] & bit) && p->newly[r < 0 ? 1 : 2]) {
		p->newly[r < 0 ? 1 : 2][ci] = true;
		if (r < 0 && !p->fail_err)
			p->fail_err = (int)-r;
		if (r >= 0 && !p->want_short) {
			p->got = (size_t)r;
			p->want_short = want;
		}
	}
	c->told[ci] |= bit;
	p->errors++;
}

/* The deltas of group gi's members since the previous read, into row. */
static void take_values(struct counters *c, size_t gi, int ci, int nm, struct ev_val *row)
{
	for (int k = 0; k < nm; k++) {
		int e = c->memb[gi * c->maxmemb + k];
		uint64_t *p = &c->prev[((size_t)ci * c->nev + e) * 3];
		uint64_t raw = c->buf[3 + 2 * k], en = c->buf[1], run = c->buf[2];

		if (p[1] == NO_BASELINE) {   /* split this interval: counted from the next */
			row[e].state = EVS_NOT_COUNTED;
			p[0] = raw; p[1] = en; p[2] = run;
			continue;
		}
		/* Unsigned differences of 64-bit counts cannot go wrong on wrap. */
		model_set_value(&row[e], raw - p[0], en - p[1], run - p[2], c->scale[e]);
		p[0] = raw; p[1] = en; p[2] = run;
	}
}

/* Read group g of CPU index ci into row. Returns -ENODEV when the CPU went away (its rows are
 * dropped from the next frame), else 0. */
static int read_group(struct counters *c, struct read_pass *p, int ci, int g, struct ev_val *row)
{
	size_t gi = (size_t)ci * c->ngroups + g;
	int nm = c->nmemb[gi];
	size_t want = (3 + 2 * (size_t)nm) * sizeof(uint64_t);
	ssize_t r;

	if (c->lfd[gi] < 0)
		return 0;
	r = c->seam->read(c->seam->ctx, c->lfd[gi], c->buf, c->buflen);
	p->reads++;
	if (r == -ENODEV) {   /* hot-unplugged */
		c->gone[ci] = true;
		cnt_close_cpu(c, ci);
		if (!(c->told[ci] & TOLD_GONE) && p->newly[0])
			p->newly[0][ci] = true;
		c->told[ci] |= TOLD_GONE;
		return -ENODEV;
	}
	if (r > 0 && c->buf[0] < (uint64_t)nm && (size_t)r == (3 + 2 * c->buf[0]) * sizeof(uint64_t)) {
		/* fewer members than opened: the kernel broke the group up, as it does when the CPU
		 * is unplugged */
		if (p->stalled)
			p->stalled[ci] = 2;
		mark_group(c, gi, nm, row, EVS_NOT_COUNTED);
		return 0;
	}
	if (r < (ssize_t)want || c->buf[0] != (uint64_t)nm) {
		read_failed(c, p, ci, r, want);
		mark_group(c, gi, nm, row, EVS_NOT_COUNTED);
		return 0;
	}
	if (c->weak[g] && c->buf[2] == 0 && c->buf[1] >= WEAK_NEVER_NS) {
		/* enabled a second and never on a counter: it does not fit; its events alone count from
		 * the next interval on */
		bool raised = true;

		mark_group(c, gi, nm, row, EVS_NOT_COUNTED);
		cnt_split_group(c, ci, g, true, &raised);
		return 0;
	}
	if (c->have_prev && nm > 0) {   /* has the group's enabled time moved since last time? */
		uint64_t pe = c->prev[((size_t)ci * c->nev + c->memb[gi * c->maxmemb]) * 3 + 1];

		if (pe != NO_BASELINE && c->buf[1] == pe && p->stalled && !p->stalled[ci])
			p->stalled[ci] = 1;
		p->advanced |= pe != NO_BASELINE && c->buf[1] != pe;
	}
	take_values(c, gi, ci, nm, row);
	return 0;
}

/* Unplugging a CPU stops its counters for good: the kernel (perf_event_exit_cpu) turns them off and
 * breaks their groups; read() still answers, with the times standing still. A CPU whose enabled
 * time stood while others' went on, or whose groups lost members, is opened again: that answers
 * ENODEV while it is offline, and counts afresh if it is already back. */
static void reopen_stalled(struct counters *c, struct read_pass *p, struct frame *f, int nev)
{
	for (int ci = 0; p->stalled && ci < c->ncpus; ci++) {
		bool told;
		int r;

		if (!(p->stalled[ci] == 2 || (p->stalled[ci] == 1 && p->advanced)))
			continue;
		told = c->told[ci] & TOLD_GONE;
		r = cnt_reopen_cpu(c, ci);
		for (int e = 0; e < c->nev; e++) {
			struct ev_val *v = &f->cpu[(size_t)ci * nev + e];

			if (v->state == EVS_OK)
				v->state = EVS_NOT_COUNTED;
		}
		if (r < 0) {
			c->gone[ci] = true;
			f->online[ci] = false;
			if (!told && p->newly[0])
				p->newly[0][ci] = true;
			c->told[ci] |= TOLD_GONE;
		} else if (p->newly[4]) {
			p->newly[4][ci] = true;
		}
	}
}

static void read_notes(struct counters *c, const struct read_pass *p)
{
	char what[160];

	for (int i = 0; i < 5; i++)
		if (!p->newly[i])
			return;
	cnt_read_note_add(c, p->newly[0], "went offline: not counted until it is back online");
	cnt_read_note_add(c, p->newly[3], "back online: counted again");
	cnt_read_note_add(c, p->newly[4], "went offline and came back: counting again from the next interval");
	snprintf(what, sizeof(what), "reading the counters failed (%s): those events show !nc (not counted) "
		 "in the intervals where it fails", strerror(p->fail_err ? p->fail_err : EIO));
	cnt_read_note_add(c, p->newly[1], what);
	snprintf(what, sizeof(what), "the kernel returned %zu of %zu bytes for a group: those events show "
		 "!nc (not counted) in the intervals where it does", p->got, p->want_short);
	cnt_read_note_add(c, p->newly[2], what);
}

/* A CPU's row before its groups are read: what cannot count marked so, the rest absent. */
static void clear_row(const struct counters *c, int ci, struct ev_val *row)
{
	for (int e = 0; e < c->nev; e++) {
		uint8_t s = c->st[(size_t)ci * c->nev + e];
		memset(&row[e], 0, sizeof(row[e]));
		row[e].state = s == CS_UNSUPPORTED ? EVS_UNSUPPORTED : EVS_ABSENT;
		row[e].value = row[e].pct = __builtin_nan("");
	}
}

int counters_read(struct counters *c, struct model *m)
{
	struct frame *f = &m->cur;
	struct read_pass p = { .stalled = calloc((size_t)(c->ncpus ? c->ncpus : 1), 1) };

	c->read_note[0] = 0;
	for (int i = 0; i < 5; i++)
		p.newly[i] = calloc((size_t)(c->ncpus ? c->ncpus : 1), sizeof(bool));
	for (int ci = 0; ci < c->ncpus; ci++) {
		struct ev_val *row = &f->cpu[(size_t)ci * m->nev];

		/* an offline CPU is tried again each time: opening answers ENODEV until it is back */
		if (c->gone[ci] && cnt_reopen_cpu(c, ci) == 0) {
			c->told[ci] &= (uint8_t)~TOLD_GONE;
			if (p.newly[3])
				p.newly[3][ci] = true;
		}
		clear_row(c, ci, row);
		f->online[ci] = !c->gone[ci];
		for (int g = 0; !c->gone[ci] && g < c->ngroups; g++)
			if (read_group(c, &p, ci, g, row) == -ENODEV)
				f->online[ci] = false;
	}
	reopen_stalled(c, &p, f, m->nev);
	read_notes(c, &p);
	for (int i = 0; i < 5; i++)
		free(p.newly[i]);
	free(p.stalled);
	c->last_reads = p.reads;
	c->last_errors = p.errors;
	c->have_prev = true;
	return 0;
}
