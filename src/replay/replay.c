/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay.c: fill model frames interval by interval from a perf stat -x recording: read once from
 * front to back (a stream, for batch), or indexed first and each interval read again when shown
 * (the TUI steps back; only interval offsets are kept). */
#include "replay_impl.h"
#include "base/errmsg.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note_bad(struct replay *r, int line, const char *why)
{
	if (!r->nbad)
		r->bad_why = why;
	if (r->nbad < RP_MAXBAD)
		r->bad_first[r->nbad] = line;
	r->nbad++;
}

static int interval_add(struct replay *r, uint64_t off, double t)
{
	if (r->niv >= RP_MAXIV)
		return -E2BIG;
	if (r->niv == r->ivcap) {
		int ncap = r->ivcap ? r->ivcap * 2 : 64;
		struct rp_interval *n = realloc(r->iv, (size_t)ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		r->iv = n;
		r->ivcap = ncap;
	}
	r->iv[r->niv++] = (struct rp_interval){ .off = off, .t = t };
	return 0;
}

/* A "# key: value" comment of pmutop's header. */
static void header_line(struct replay *r, const char *s, size_t len)
{
	static const char model_key[] = "# cpu-model:";
	static const char cpu_key[] = "# cpu ";

	if (len > sizeof(model_key) - 1 && memcmp(s, model_key, sizeof(model_key) - 1) == 0) {
		size_t k = sizeof(model_key) - 1, n;
		while (k < len && s[k] == ' ')
			k++;
		n = len - k < sizeof(r->cpu_model) - 1 ? len - k : sizeof(r->cpu_model) - 1;
		memcpy(r->cpu_model, s + k, n);
		r->cpu_model[n] = '\0';
	} else if (len > sizeof(cpu_key) - 1 && memcmp(s, cpu_key, sizeof(cpu_key) - 1) == 0) {
		char tmp[96];
		int c, so, co;
		size_t n = len < sizeof(tmp) - 1 ? len : sizeof(tmp) - 1;
		memcpy(tmp, s, n);
		tmp[n] = '\0';
		if (sscanf(tmp, "# cpu %d,%d,%d", &c, &so, &co) == 3)
			rtopo_add(&r->topo, c, so, co);
	}
}

/* The separator, from the first data lines; 0 when there is none. Leaves the reader at the start. */
static int find_sep(struct replay *r)
{
	const char *p;
	size_t ll;
	uint64_t off;
	int kind;

	r->sep = 0;
	while (!r->sep && (kind = lr_next(&r->lr, &p, &ll, &off)) != LR_END) {
		if (kind < 0)
			return kind;
		if (kind == LR_LINE)
			r->sep = csvrow_detect_sep(p, ll);
	}
	return lr_seek(&r->lr, 0);
}

/* Whether line number line (text p, parsed as kind and row) is a row of an interval; a header
 * line is read, a malformed one noted, a summary row left out. */
static bool interval_row(struct replay *r, int kind, const struct csv_row *row, int line, const char *p, size_t ll)
{
	if (kind == CSVROW_SKIP && ll && p[0] == '#')
		header_line(r, p, p[ll - 1] == '\r' ? ll - 1 : ll);
	else if (kind == CSVROW_BAD)
		note_bad(r, line, row->why);
	else if (kind == CSVROW_DATA && !row->summary && (isnan(row->time) || row->cpu < 0))
		note_bad(r, line, isnan(row->time) ? "no time column (record with perf stat -I MS)" :
			 "no CPU column (record with perf stat -a -A)");
	else
		return kind == CSVROW_DATA && !row->summary;
	return false;
}

/* One pass over the file: the events, CPUs, intervals and malformed lines. */
static int index_file(struct replay *r)
{
	const char *p;
	size_t ll;
	uint64_t off;
	int line = 0, kind, e;
	struct csv_row row;

	while ((kind = lr_next(&r->lr, &p, &ll, &off)) != LR_END) {
		if (kind < 0)
			return kind;
		if (line == INT_MAX)
			return -EFBIG;
		line++;
		r->data_end = off + ll;
		if (kind == LR_LONG) {
			note_bad(r, line, "line too long (over 65536 bytes)");
			continue;
		}
		kind = csvrow_scan_ctx(p, ll, r->sep, &row, &r->tctx);   /* the numbers are read in replay_next */
		if (interval_row(r, kind, &row, line, p, ll)) {
			if (!r->niv || row.time != r->iv[r->niv - 1].t) {
				if ((e = interval_add(r, off, row.time)) < 0)
					return e;
				r->stamp++;
			}
			int ev, slot;

			if ((ev = rp_event_of_row(r, &row, true)) < 0)
				return ev;
			if ((slot = rp_cpu_slot(r, row.cpu, true)) < 0)
				return slot;
			rp_note_pair(r, slot, ev);
		}
	}
	return 0;
}

/* The next data row of a stream (1), 0 at the end, or -errno; malformed lines are noted, header
 * lines read. The separator is the first one a line holds (csvrow_detect_sep, line by line): the
 * lines before it hold none, so they read the same with any. */
static int stream_row(struct replay *r, struct csv_row *row)
{
	const char *p;
	size_t ll;
	uint64_t off;
	int kind;

	for (;;) {
		if ((kind = lr_next(&r->lr, &p, &ll, &off)) <= 0)
			return kind;   /* LR_END or -errno */
		if (r->line == INT_MAX)
			return -EFBIG;
		r->line++;
		if (kind == LR_LONG) {
			note_bad(r, r->line, "line too long (over 65536 bytes)");
			continue;
		}
		if (!r->sep)
			r->sep = csvrow_detect_sep(p, ll);
		kind = csvrow_parse_ctx(p, ll, r->sep ? r->sep : ',', row, &r->tctx);
		if (interval_row(r, kind, row, r->line, p, ll))
			return 1;
	}
}

/* A stream's next interval into vals: its rows up to the first one of another time, which is kept
 * (have_next) to begin the next interval. 1, 0 at the end of the file, or -errno. */
static int read_interval(struct replay *r)
{
	struct csv_row row;
	int rc, n = 0;

	r->stamp++;
	rp_vals_clear(r);
	for (;; n++) {
		if (r->have_next)
			row = r->next_row;
		else if ((rc = stream_row(r, &row)) <= 0)
			return rc < 0 ? rc : n > 0;
		r->have_next = false;
		if (n && row.time != r->t) {
			r->next_row = row;
			r->have_next = true;
			return 1;
		}
		r->t = row.time;
		if ((rc = rp_take_row(r, &row, true)) < 0)
			return rc;
	}
}

static void bad_summary(struct replay *r)
{
	size_t n;

	r->bad_msg[0] = '\0';
	if (!r->nbad)
		return;
	n = (size_t)snprintf(r->bad_msg, sizeof(r->bad_msg), "%.300s:%d: %s; %d malformed line%s skipped (line%s ",
			     r->path, r->bad_first[0], r->bad_why ? r->bad_why : "malformed", r->nbad,
			     r->nbad > 1 ? "s" : "", r->nbad > 1 ? "s" : "");
	for (int i = 0; i < r->nbad && i < RP_MAXBAD && n < sizeof(r->bad_msg); i++)
		n += (size_t)snprintf(r->bad_msg + n, sizeof(r->bad_msg) - n, "%s%d", i ? ", " : "",
				      r->bad_first[i]);
	if (n < sizeof(r->bad_msg))
		snprintf(r->bad_msg + n, sizeof(r->bad_msg) - n, "%s)", r->nbad > RP_MAXBAD ? ", ..." : "");
}

/* "FILE: reason" for a negative errno of reading the recording; returns rc. */
static int read_fail(const struct replay *r, int rc, struct errmsg *em)
{
	if (rc == -E2BIG)
		return errmsg_set(em, rc, "%s: more than %d distinct events or %d intervals", r->path, RP_MAXEV,
				  RP_MAXIV);
	if (rc == -EFBIG)
		return errmsg_set(em, rc, "%s: more than %d lines", r->path, INT_MAX);
	return errmsg_set(em, rc, "%s: %s", r->path, strerror(-rc));
}

static struct replay *replay_new(const char *path, bool stream)
{
	struct replay *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->stream = stream;
	r->last_ev = -1;
	r->tctx.no_metric = true;   /* the replay never shows perf's metric column */
	r->lr.fd = -1;
	snprintf(r->path, sizeof(r->path), "%s", path);
	return r;
}

/* What every open checks once the recording's first interval (a stream) or all of it (the index)
 * was read: some rows, and where the sockets come from. 0, or a negative errno with em. */
static int open_finish(struct replay *r, const char *topology_file, struct errmsg *em)
{
	int rc;

	bad_summary(r);
	if (!r->nslots || !r->nev)
		return errmsg_set(em, -EINVAL, "%s: no interval rows with a CPU column (record with perf stat -a -A "
				  "-I MS -x SEP)%s%s", r->path, r->nbad ? "; " : "", r->bad_msg);
	if (r->topo.n) {
		snprintf(r->topo_src, sizeof(r->topo_src), "recording");
	} else if (topology_file) {
		if ((rc = rtopo_load(&r->topo, topology_file, em)) < 0)
			return rc;
		snprintf(r->topo_src, sizeof(r->topo_src), "topology file");
	} else {
		snprintf(r->topo_src, sizeof(r->topo_src), "unknown");
	}
	return 0;
}

int replay_open(const char *path, const char *topology_file, struct replay **out, struct errmsg *em)
{
	struct replay *r = replay_new(path, false);
	int rc;

	*out = NULL;
	if (!r)
		return errmsg_set(em, -ENOMEM, "out of memory");
	if ((rc = lr_open(&r->lr, path, em)) < 0)
		goto fail;
	if ((rc = find_sep(r)) == 0 && !r->sep) {
		rc = errmsg_set(em, -EINVAL, "%s: no data lines (expected perf stat -x output)", path);
		goto fail;
	}
	if (rc < 0 || (rc = index_file(r)) < 0) {
		read_fail(r, rc, em);
		goto fail;
	}
	if ((rc = open_finish(r, topology_file, em)) < 0)
		goto fail;
	*out = r;
	return 0;
fail:
	replay_close(r);
	return rc;
}

int replay_open_stream(const char *path, const char *topology_file, struct replay **out, struct errmsg *em)
{
	struct replay *r = replay_new(path, true);
	int rc;

	*out = NULL;
	if (!r)
		return errmsg_set(em, -ENOMEM, "out of memory");
	if ((rc = lr_open_stream(&r->lr, path, em)) < 0)
		goto fail;
	if ((rc = read_interval(r)) < 0) {
		read_fail(r, rc, em);
		goto fail;
	}
	if (!r->sep) {
		rc = errmsg_set(em, -EINVAL, "%s: no data lines (expected perf stat -x output)", path);
		goto fail;
	}
	if ((rc = open_finish(r, topology_file, em)) < 0)
		goto fail;
	r->have_frame = true;
	/* the recording's interval from its first two: the rest is not read yet */
	r->iv_est = r->have_next && r->next_row.time > r->t ? r->next_row.time - r->t : r->t;
	*out = r;
	return 0;
fail:
	replay_close(r);
	return rc;
}

void replay_close(struct replay *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->nev; i++) {
		free(r->ev[i].name);
		free(r->ev[i].unit);
	}
	free(r->ev);
	free(r->hash);
	free(r->occ);
	free(r->iv);
	free(r->slot);
	free(r->slot_cpu);
	free(r->slot_midx);
	free(r->pair);
	free(r->vals);
	rtopo_free(&r->topo);
	lr_close(&r->lr);
	free(r);
}

/* The model's CPU side: the recording's CPUs ascending (the slots keep their order of appearance:
 * slot_midx maps them) and, with a topology, their sockets and cores (sock NULL without). */
struct cpu_side {
	int *cpus, *sock, *core, *sock_ids, nsock;
};

static void cpu_side_free(struct cpu_side *cs)
{
	free(cs->cpus);
	free(cs->sock);
	free(cs->core);
	free(cs->sock_ids);
}

static int cpu_side(struct replay *r, struct cpu_side *cs)
{
	int n = r->nslots;

	memset(cs, 0, sizeof(*cs));
	if (!(cs->cpus = malloc((size_t)n * sizeof(int))))
		return -ENOMEM;
	for (int c = 0, k = 0; c < r->slot_len; c++) {
		if (r->slot[c] >= 0) {
			r->slot_midx[r->slot[c]] = k;
			cs->cpus[k++] = c;
		}
	}
	if (!r->topo.n)
		return 0;
	cs->sock = malloc((size_t)n * sizeof(int));
	cs->core = malloc((size_t)n * sizeof(int));
	cs->sock_ids = malloc((size_t)n * sizeof(int));
	if (!cs->sock || !cs->core || !cs->sock_ids)
		return -ENOMEM;
	cs->nsock = rtopo_map(&r->topo, cs->cpus, n, cs->sock, cs->core, cs->sock_ids);
	if (cs->nsock < 0) {   /* the topology does not cover every recorded CPU */
		snprintf(r->topo_src, sizeof(r->topo_src), "unknown (topology lacks CPU %d)", cs->cpus[-cs->nsock - 1]);
		free(cs->sock);
		cs->sock = NULL;
		cs->nsock = 0;
	}
	return 0;
}

/* The model's layout is vals' own when the slots and events are in the model's order: one copy. */
static void layout_done(struct replay *r)
{
	r->model_slots = r->nslots;
	r->model_nev = r->nev;
	r->identity = r->vstride == r->nev;
	for (int s = 0; s < r->nslots; s++)
		r->identity &= r->slot_midx[s] == s;
	for (int i = 0; i < r->nev; i++)
		r->identity &= r->ev[i].midx == i;
}

int replay_setup_model(struct replay *r, struct model *m, int hist_cap)
{
	struct cpu_side cs;
	char gpmu[128];
	int rc = cpu_side(r, &cs);

	if (rc < 0)
		goto out;
	r->model_builds++;
	rc = model_init(m, r->nslots, cs.cpus, cs.sock, cs.sock ? cs.core : NULL, cs.nsock, cs.sock_ids, hist_cap);
	if (rc < 0)
		goto out;
	/* cycles beside cpu/cycles/ on one CPU: one counter, as live counting knows from the PMUs */
	model_set_generic_pmu(m, rp_generic_pmu(r, gpmu, sizeof(gpmu)));
	r->model_paired = r->paired;
	for (int i = 0; i < r->nev; i++) {
		char name[512], base[512], pmu[128];
		int len = r->ev[i].len < (int)sizeof(name) - 1 ? r->ev[i].len : (int)sizeof(name) - 1;
		memcpy(name, r->ev[i].name, (size_t)len);
		name[len] = '\0';
		replay_event_base(name, base, sizeof(base), pmu, sizeof(pmu));
		rc = model_add_event(m, name, base, pmu, r->ev[i].unit, 0, replay_event_uncore(pmu));
		if (rc < 0)
			goto out;
		r->ev[i].midx = rc;
	}
	/* vals laid out as the model's rows, so that an interval is one copy when the order agrees */
	if ((rc = model_alloc_frame(m)) < 0 || (r->vstride != r->nev && (rc = rp_vals_resize(r, r->slot_cap, r->nev)) < 0))
		goto out;
	layout_done(r);
out:
	cpu_side_free(&cs);
	return rc < 0 ? rc : 0;
}

/* A stream's interval brought new CPUs, no new event: the model's CPUs replaced in place, its arrays
 * grown geometrically (model_set_cpus), not set up afresh for each: a CPU a interval made that cost
 * the square of the CPUs. */
static int grow_cpus(struct replay *r, struct model *m)
{
	struct cpu_side cs;
	int rc = cpu_side(r, &cs);

	if (rc >= 0 && (rc = model_set_cpus(m, r->nslots, cs.cpus, cs.sock, cs.sock ? cs.core : NULL, cs.nsock,
					    cs.sock_ids)) >= 0) {
		r->model_builds += rc;
		layout_done(r);
	}
	cpu_side_free(&cs);
	return rc < 0 ? rc : 0;
}

int replay_model_builds(const struct replay *r) { return r->model_builds; }

/* The interval in vals into m->cur.cpu (the model's CPUs ascending). */
/* Whether slot s has a row in the interval held in vals. */
static bool slot_seen(const struct replay *r, int s)
{
	const struct ev_val *v = &r->vals[(size_t)s * (size_t)r->vstride];

	for (int e = 0; e < r->model_nev; e++)
		if (v[e].state != EVS_ABSENT)
			return true;
	return false;
}

/* The interval into the model's frame. A CPU without a row in it is offline for this frame, so the
 * outputs write the CPUs the interval holds, not every CPU the recording named before (issue 26: a new
 * CPU each interval made the JSON grow with the square of the lines, 8,000 lines to 2 GB). */
static void copy_out(const struct replay *r, struct model *m)
{
	if (r->identity) {
		memcpy(m->cur.cpu, r->vals, (size_t)r->model_slots * (size_t)r->model_nev * sizeof(struct ev_val));
		for (int s = 0; s < r->model_slots; s++)
			m->cur.online[s] = slot_seen(r, s);
		return;
	}
	for (int s = 0; s < r->model_slots; s++) {
		struct ev_val *row = &m->cur.cpu[(size_t)r->slot_midx[s] * (size_t)m->nev];
		for (int e = 0; e < r->model_nev; e++)
			row[r->ev[e].midx] = r->vals[(size_t)s * (size_t)r->vstride + (size_t)e];
		m->cur.online[r->slot_midx[s]] = slot_seen(r, s);
	}
}

/* An indexed interval into vals, read again from the file: it may have changed since it was
 * indexed, so every row is checked as hostile as the first time (an unknown CPU or event is dropped). */
static int reread_interval(struct replay *r)
{
	const char *p;
	size_t ll;
	uint64_t off, end = r->pos + 1 < r->niv ? r->iv[r->pos + 1].off : r->data_end;
	struct csv_row row;
	int kind;

	if ((kind = lr_seek(&r->lr, r->iv[r->pos].off)) < 0)
		return kind;
	r->stamp++;
	rp_vals_clear(r);
	while ((kind = lr_next(&r->lr, &p, &ll, &off)) != LR_END && off < end) {
		if (kind < 0)
			return kind;
		if (kind == LR_LINE && csvrow_parse_ctx(p, ll, r->sep, &row, &r->tctx) == CSVROW_DATA && !row.summary &&
		    row.cpu >= 0 && !isnan(row.time))
			rp_take_row(r, &row, false);
	}
	return 0;
}

/* replay_next without the words: 0, 1 at the end, or a negative errno. */
static int next_interval(struct replay *r, struct model *m)
{
	struct frame *f = &m->cur;
	double t, prev;
	int rc;

	if (r->stream) {
		if (!r->have_frame && (rc = read_interval(r)) <= 0)
			return rc < 0 ? rc : 1;
		r->have_frame = false;
		/* a CPU or event first seen in this interval: the model grows (the earlier frames had
		 * none of its rows, as an absent event or CPU); so it is set up again when a generic
		 * event is first seen beside its core PMU's own (rp_generic_pmu) */
		if (r->nev != r->model_nev || r->paired != r->model_paired) {
			int hist = m->hist_cap;
			model_free(m);
			if ((rc = replay_setup_model(r, m, hist)) < 0)
				return rc;
		} else if (r->nslots != r->model_slots && (rc = grow_cpus(r, m)) < 0) {
			return rc;
		}
		t = r->t;
		prev = r->prev_t;
		r->prev_t = t;
		r->niv++;
	} else {
		if (r->pos >= r->niv)
			return 1;
		if ((rc = reread_interval(r)) < 0)
			return rc;
		t = r->iv[r->pos].t;
		prev = r->pos ? r->iv[r->pos - 1].t : NAN;
	}
	if (m->nev != r->model_nev || m->ncpus != r->model_slots || !f->cpu)
		return -EINVAL;
	copy_out(r, m);
	f->t = t;
	/* time restarts where two recordings were concatenated: the interval is then its own time */
	f->interval = r->pos && t > prev ? t - prev : t;
	f->seq = (uint64_t)r->pos + 1;
	r->pos++;
	return 0;
}

int replay_next(struct replay *r, struct model *m, struct errmsg *em)
{
	int rc = next_interval(r, m);

	return rc < 0 ? read_fail(r, rc, em) : rc;
}

int replay_seek(struct replay *r, int index)
{
	if (r->stream)   /* read once: only where it is */
		return index == r->pos ? 0 : -ESPIPE;
	if (index < 0)
		index = 0;
	if (index > r->niv)
		index = r->niv;
	r->pos = index;
	return 0;
}

int replay_pos(const struct replay *r) { return r->pos; }
int replay_count(const struct replay *r) { return r->niv; }
char replay_sep(const struct replay *r) { return r->sep; }
const char *replay_bad_summary(struct replay *r)
{
	bad_summary(r);
	return r->bad_msg;
}
const char *replay_topology_source(const struct replay *r) { return r->topo_src; }
const char *replay_cpu_model(const struct replay *r) { return r->cpu_model; }

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double replay_interval(const struct replay *r)
{
	double *d, med;
	int n = r->niv - 1;

	if (r->stream)
		return r->iv_est;
	if (n < 1)
		return r->niv ? r->iv[0].t : NAN;
	d = malloc((size_t)n * sizeof(double));
	if (!d)
		return r->iv[1].t - r->iv[0].t;
	for (int i = 0; i < n; i++)
		d[i] = r->iv[i + 1].t - r->iv[i].t;
	qsort(d, (size_t)n, sizeof(double), cmp_double);
	med = d[n / 2];
	free(d);
	return med;
}

int replay_bad_lines(const struct replay *r, int *lines, int n)
{
	for (int i = 0; i < n && i < r->nbad && i < RP_MAXBAD; i++)
		lines[i] = r->bad_first[i];
	return r->nbad;
}
