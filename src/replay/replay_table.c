/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_table.c: a replay's events and CPUs as its rows name them (hashed), repeats of a name
 * told apart per CPU and interval, and the slots of the interval being read. */
#include "replay_impl.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t hash_name(const char *s, int len)
{
	uint32_t h = 2166136261u;

	for (int i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static int event_find(const struct replay *r, const char *name, int len)
{
	if (r->last_ev >= 0) {   /* perf prints all CPUs of one event in a run */
		const struct rp_event *e = &r->ev[r->last_ev];
		if (e->len == len && memcmp(e->name, name, (size_t)len) == 0)
			return r->last_ev;
	}
	if (!r->hcap)
		return -1;
	for (uint32_t h = hash_name(name, len) & (uint32_t)(r->hcap - 1);; h = (h + 1) & (uint32_t)(r->hcap - 1)) {
		int k = r->hash[h] - 1;
		if (k < 0)
			return -1;
		if (r->ev[k].len == len && memcmp(r->ev[k].name, name, (size_t)len) == 0)
			return k;
	}
}

static int hash_insert(struct replay *r, int k)
{
	if ((r->nev + 1) * 2 > r->hcap) {
		int ncap = r->hcap ? r->hcap * 2 : 64;
		int *nh = calloc((size_t)ncap, sizeof(int));
		if (!nh)
			return -ENOMEM;
		free(r->hash);
		r->hash = nh;
		r->hcap = ncap;
		for (int i = 0; i < r->nev; i++)
			if (i != k && r->ev[i].first)
				hash_insert(r, i);
	}
	for (uint32_t h = hash_name(r->ev[k].name, r->ev[k].len) & (uint32_t)(r->hcap - 1);;
	     h = (h + 1) & (uint32_t)(r->hcap - 1)) {
		if (!r->hash[h]) {
			r->hash[h] = k + 1;
			return 0;
		}
	}
}

static const struct ev_val absent_val = { .value = NAN, .pct = NAN, .state = EVS_ABSENT };

/* vals with rows slots of stride events: the cells there are kept, the new ones absent. */
int rp_vals_resize(struct replay *r, int rows, int stride)
{
	size_t n = (size_t)rows * (size_t)stride;
	struct ev_val *nv = malloc((n ? n : 1) * sizeof(*nv));

	if (!nv)
		return -ENOMEM;
	for (int s = 0; s < rows; s++)
		for (int e = 0; e < stride; e++)
			nv[(size_t)s * (size_t)stride + (size_t)e] =
				s < r->nslots && e < r->vstride && e < r->nev ? r->vals[(size_t)s * (size_t)r->vstride + (size_t)e]
									     : absent_val;
	free(r->vals);
	r->vals = nv;
	r->vstride = stride;
	return 0;
}

/* Every cell of the interval absent again. */
void rp_vals_clear(struct replay *r)
{
	for (int s = 0; s < r->nslots; s++) {
		struct ev_val *row = &r->vals[(size_t)s * (size_t)r->vstride];
		for (int e = 0; e < r->nev; e++)
			row[e] = absent_val;
	}
}

/* A new event column; dup_of is the last event of the same name (-1 for a new name). */
/* The field's len bytes and a NUL: all of them, where strndup would stop at a NUL byte inside a
 * hostile file's field, leaving fewer bytes than the length the hash and the lookups read. */
static char *dup_field(const char *s, int len)
{
	char *d = malloc((size_t)len + 1);

	if (d) {
		memcpy(d, s, (size_t)len);
		d[len] = '\0';
	}
	return d;
}

_Static_assert(NROLES <= 32, "a role is a bit of rp_pair's masks");

/* The roles a generic event and its core PMU's own can share: the core counters' (cycles,
 * instructions, branches, caches), not the clocks (software) or an uncore box's. */
static void event_role(struct rp_event *e)
{
	char base[512], pmu[128];
	int role;

	replay_event_base(e->name, base, sizeof(base), pmu, sizeof(pmu));
	role = model_role_of(base);
	e->generic = !pmu[0];
	e->role_bit = 0;
	if (role != ROLE_NONE && role != ROLE_CPU_CLOCK && role != ROLE_TASK_CLOCK && (e->generic || !replay_event_uncore(pmu)))
		e->role_bit = 1u << role;
}

void rp_note_pair(struct replay *r, int s, int e)
{
	const struct rp_event *ev = &r->ev[e];
	struct rp_pair *p = &r->pair[s];

	if (!ev->role_bit)
		return;
	if (p->stamp != r->stamp)
		*p = (struct rp_pair){ .stamp = r->stamp };
	if (ev->generic)
		p->generic |= ev->role_bit;
	else
		p->qualified |= ev->role_bit;
	r->paired |= p->generic & p->qualified;
}

const char *rp_generic_pmu(const struct replay *r, char *buf, size_t len)
{
	const char *found = NULL;
	char base[512], pmu[128];

	for (int i = 0; r->paired && i < r->nev; i++) {
		if (r->ev[i].generic || !(r->ev[i].role_bit & r->paired))
			continue;
		replay_event_base(r->ev[i].name, base, sizeof(base), pmu, sizeof(pmu));
		if (found && strcmp(found, pmu) != 0)
			return NULL;   /* two core PMUs (a hybrid): each counts apart */
		snprintf(buf, len, "%s", pmu);
		found = buf;
	}
	return found;
}

static int event_add(struct replay *r, const struct csv_row *row, int dup_of)
{
	struct rp_event *e;

	if (r->nev >= RP_MAXEV)
		return -E2BIG;
	if (r->nev == r->evcap) {
		int ncap = r->evcap ? r->evcap * 2 : 32;
		struct rp_event *ne = realloc(r->ev, (size_t)ncap * sizeof(*ne));
		if (!ne)
			return -ENOMEM;
		r->ev = ne;
		r->evcap = ncap;
	}
	e = &r->ev[r->nev];
	e->name = dup_field(row->event, row->event_len);
	e->len = row->event_len;
	e->unit = strndup(row->unit, (size_t)row->unit_len);
	e->midx = -1;
	e->dup_next = -1;
	e->first = dup_of < 0;
	if (!e->name || !e->unit) {
		free(e->name);
		free(e->unit);
		return -ENOMEM;
	}
	event_role(e);
	r->nev++;
	if (r->nev > r->vstride && rp_vals_resize(r, r->slot_cap, r->nev > 2 * r->vstride ? r->nev : 2 * r->vstride) < 0)
		return -ENOMEM;
	if (dup_of >= 0)
		r->ev[dup_of].dup_next = r->nev - 1;
	else if (hash_insert(r, r->nev - 1) < 0)
		return -ENOMEM;
	return r->nev - 1;
}

static uint32_t occ_hash(int ev, int cpu)
{
	return ((uint32_t)ev * 2654435761u) ^ ((uint32_t)cpu * 40503u);
}

/* The number of earlier rows of first event ev on cpu in this interval; counts this one. */
static int occ_bump(struct replay *r, int ev, int cpu)
{
	uint32_t h;

	if ((r->occ_n + 1) * 2 > r->occ_cap) {
		int ncap = r->occ_cap ? r->occ_cap * 2 : 256;
		struct rp_occ *old = r->occ, *no = calloc((size_t)ncap, sizeof(*no));
		if (!no)
			return -ENOMEM;
		for (int i = 0; i < r->occ_cap; i++) {
			if (!old[i].stamp)
				continue;
			for (h = occ_hash(old[i].ev, old[i].cpu) & (uint32_t)(ncap - 1); no[h].stamp;
			     h = (h + 1) & (uint32_t)(ncap - 1))
				;
			no[h] = old[i];
		}
		free(old);
		r->occ = no;
		r->occ_cap = ncap;
	}
	for (h = occ_hash(ev, cpu) & (uint32_t)(r->occ_cap - 1);; h = (h + 1) & (uint32_t)(r->occ_cap - 1)) {
		struct rp_occ *o = &r->occ[h];
		if (!o->stamp) {
			*o = (struct rp_occ){ .ev = ev, .cpu = cpu, .stamp = r->stamp, .count = 1 };
			r->occ_n++;
			return 0;
		}
		if (o->ev == ev && o->cpu == cpu) {
			if (o->stamp != r->stamp) {
				o->stamp = r->stamp;
				o->count = 0;
			}
			return o->count++;
		}
	}
}

/* The event column of a row: its name's k-th event for the k-th row of that name on the CPU in
 * this interval. With create, missing columns are added (indexing); else -1 (filling). */
int rp_event_of_row(struct replay *r, const struct csv_row *row, bool create)
{
	int e = event_find(r, row->event, row->event_len), k;

	if (e < 0) {
		if (!create)
			return -1;
		if ((e = event_add(r, row, -1)) < 0)
			return e;
	}
	r->last_ev = e;
	if ((k = occ_bump(r, e, row->cpu)) < 0)
		return k;
	while (k-- > 0) {
		if (r->ev[e].dup_next < 0) {
			if (!create)
				return -1;
			return event_add(r, row, e);
		}
		e = r->ev[e].dup_next;
	}
	return e;
}

/* The slot of a CPU; with create, a new CPU gets the next one (-ENOMEM), else -1. */
int rp_cpu_slot(struct replay *r, int cpu, bool create)
{
	if (cpu < r->slot_len && r->slot[cpu] >= 0)
		return r->slot[cpu];
	if (!create)
		return -1;
	if (cpu >= r->slot_len) {
		int nlen = cpu + 64 > r->slot_len * 2 ? cpu + 64 : r->slot_len * 2;
		int *ns = realloc(r->slot, (size_t)nlen * sizeof(int));
		if (!ns)
			return -ENOMEM;
		for (int c = r->slot_len; c < nlen; c++)
			ns[c] = -1;
		r->slot = ns;
		r->slot_len = nlen;
	}
	if (r->nslots == r->slot_cap) {
		int ncap = r->slot_cap ? r->slot_cap * 2 : 64;
		int *nc = realloc(r->slot_cpu, (size_t)ncap * sizeof(int));
		if (nc)
			r->slot_cpu = nc;
		int *nm = realloc(r->slot_midx, (size_t)ncap * sizeof(int));
		if (nm)
			r->slot_midx = nm;
		struct rp_pair *np = realloc(r->pair, (size_t)ncap * sizeof(*np));
		if (np)
			r->pair = np;
		if (!nc || !nm || !np || rp_vals_resize(r, ncap, r->vstride) < 0)
			return -ENOMEM;
		r->slot_cap = ncap;
	}
	r->slot[cpu] = r->nslots;
	r->slot_cpu[r->nslots] = cpu;
	r->slot_midx[r->nslots] = -1;
	r->pair[r->nslots] = (struct rp_pair){ 0 };
	return r->nslots++;
}

/* A data row into its cell of the interval: the k-th row of a name on a CPU is the k-th event of
 * that name. With create a new CPU or event is added (0 or -errno), else its row is dropped. */
int rp_take_row(struct replay *r, const struct csv_row *row, bool create)
{
	int s = rp_cpu_slot(r, row->cpu, create), e;
	struct ev_val *v;

	if (s < 0)
		return create ? s : 0;
	if ((e = rp_event_of_row(r, row, create)) < 0)
		return create ? e : 0;
	rp_note_pair(r, s, e);
	v = &r->vals[(size_t)s * (size_t)r->vstride + (size_t)e];
	model_set_recorded(v, row->value, isnan(row->run_ns) || row->run_ns < 0 ? 0 : (uint64_t)row->run_ns, row->pct,
			   row->vstate == CSVV_OK ? EVS_OK : row->vstate == CSVV_NOT_COUNTED ? EVS_NOT_COUNTED : EVS_UNSUPPORTED);
	return 0;
}
