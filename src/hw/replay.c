/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c: fill model frames interval by interval from a perf stat -x recording: read once from
 * front to back (a stream, for batch), or indexed first and each interval read again when shown
 * (the TUI steps back; only interval offsets are kept). */
#include "replay.h"
#include "csvrow.h"
#include "linereader.h"
#include "model.h"
#include "replay_topo.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	/* the interval being read, by slot and event: vals[slot * vstride + event] */
	struct ev_val *vals;
	int vstride;
	int model_slots, model_nev;   /* the slots and events the model was set up with */
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
static int vals_resize(struct replay *r, int rows, int stride)
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
static void vals_clear(struct replay *r)
{
	for (int s = 0; s < r->nslots; s++) {
		struct ev_val *row = &r->vals[(size_t)s * (size_t)r->vstride];
		for (int e = 0; e < r->nev; e++)
			row[e] = absent_val;
	}
}

/* A new event column; dup_of is the last event of the same name (-1 for a new name). */
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
	e->name = strndup(row->event, (size_t)row->event_len);
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
	r->nev++;
	if (r->nev > r->vstride && vals_resize(r, r->slot_cap, r->nev > 2 * r->vstride ? r->nev : 2 * r->vstride) < 0)
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
static int event_of_row(struct replay *r, const struct csv_row *row, bool create)
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
static int cpu_slot(struct replay *r, int cpu, bool create)
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
		if (!nc || !nm || vals_resize(r, ncap, r->vstride) < 0)
			return -ENOMEM;
		r->slot_cap = ncap;
	}
	r->slot[cpu] = r->nslots;
	r->slot_cpu[r->nslots] = cpu;
	r->slot_midx[r->nslots] = -1;
	return r->nslots++;
}

/* A data row into its cell of the interval: the k-th row of a name on a CPU is the k-th event of
 * that name. With create a new CPU or event is added (0 or -errno), else its row is dropped. */
static int take_row(struct replay *r, const struct csv_row *row, bool create)
{
	int s = cpu_slot(r, row->cpu, create), e;
	struct ev_val *v;

	if (s < 0)
		return create ? s : 0;
	if ((e = event_of_row(r, row, create)) < 0)
		return create ? e : 0;
	v = &r->vals[(size_t)s * (size_t)r->vstride + (size_t)e];
	model_set_recorded(v, row->value, isnan(row->run_ns) || row->run_ns < 0 ? 0 : (uint64_t)row->run_ns, row->pct,
			   row->vstate == CSVV_OK ? EVS_OK : row->vstate == CSVV_NOT_COUNTED ? EVS_NOT_COUNTED : EVS_UNSUPPORTED);
	return 0;
}

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
			if ((e = event_of_row(r, &row, true)) < 0)
				return e;
			if ((e = cpu_slot(r, row.cpu, true)) < 0)
				return e;
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
	vals_clear(r);
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
		if ((rc = take_row(r, &row, true)) < 0)
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

void replay_strerror(const struct replay *r, int rc, char *err, size_t errlen)
{
	if (rc == -E2BIG)
		snprintf(err, errlen, "%s: more than %d distinct events or %d intervals", r->path, RP_MAXEV, RP_MAXIV);
	else if (rc == -EFBIG)
		snprintf(err, errlen, "%s: more than %d lines", r->path, INT_MAX);
	else
		snprintf(err, errlen, "%s: %s", r->path, strerror(-rc));
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
 * was read: some rows, and where the sockets come from. 0, or -1 with err. */
static int open_finish(struct replay *r, const char *topology_file, char *err, size_t errlen)
{
	bad_summary(r);
	if (!r->nslots || !r->nev) {
		snprintf(err, errlen, "%s: no interval rows with a CPU column (record with perf stat -a -A -I MS -x SEP)%s%s",
			 r->path, r->nbad ? "; " : "", r->bad_msg);
		return -1;
	}
	if (r->topo.n) {
		snprintf(r->topo_src, sizeof(r->topo_src), "recording");
	} else if (topology_file) {
		if (rtopo_load(&r->topo, topology_file, err, errlen) < 0)
			return -1;
		snprintf(r->topo_src, sizeof(r->topo_src), "topology file");
	} else {
		snprintf(r->topo_src, sizeof(r->topo_src), "unknown");
	}
	return 0;
}

struct replay *replay_open(const char *path, const char *topology_file, char *err, size_t errlen)
{
	struct replay *r = replay_new(path, false);
	int rc;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (lr_open(&r->lr, path, err, errlen) < 0)
		goto fail;
	if ((rc = find_sep(r)) == 0 && !r->sep) {
		snprintf(err, errlen, "%s: no data lines (expected perf stat -x output)", path);
		goto fail;
	}
	if (rc < 0 || (rc = index_file(r)) < 0) {
		replay_strerror(r, rc, err, errlen);
		goto fail;
	}
	if (open_finish(r, topology_file, err, errlen) < 0)
		goto fail;
	return r;
fail:
	replay_close(r);
	return NULL;
}

struct replay *replay_open_stream(const char *path, const char *topology_file, char *err, size_t errlen)
{
	struct replay *r = replay_new(path, true);
	int rc;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (lr_open_stream(&r->lr, path, err, errlen) < 0)
		goto fail;
	if ((rc = read_interval(r)) < 0) {
		replay_strerror(r, rc, err, errlen);
		goto fail;
	}
	if (!r->sep) {
		snprintf(err, errlen, "%s: no data lines (expected perf stat -x output)", path);
		goto fail;
	}
	if (open_finish(r, topology_file, err, errlen) < 0)
		goto fail;
	r->have_frame = true;
	/* the recording's interval from its first two: the rest is not read yet */
	r->iv_est = r->have_next && r->next_row.time > r->t ? r->next_row.time - r->t : r->t;
	return r;
fail:
	replay_close(r);
	return NULL;
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
	free(r->vals);
	rtopo_free(&r->topo);
	lr_close(&r->lr);
	free(r);
}

int replay_setup_model(struct replay *r, struct model *m, int hist_cap)
{
	int *cpus, *sock = NULL, *core = NULL, *sock_ids = NULL, nsock = 0, rc = -ENOMEM, n = r->nslots;

	/* the model's CPUs ascending; the slots keep their order of appearance */
	cpus = malloc((size_t)n * sizeof(int));
	if (!cpus)
		return -ENOMEM;
	for (int c = 0, k = 0; c < r->slot_len; c++) {
		if (r->slot[c] >= 0) {
			r->slot_midx[r->slot[c]] = k;
			cpus[k++] = c;
		}
	}
	if (r->topo.n) {
		sock = malloc((size_t)n * sizeof(int));
		core = malloc((size_t)n * sizeof(int));
		sock_ids = malloc((size_t)n * sizeof(int));
		if (!sock || !core || !sock_ids)
			goto out;
		nsock = rtopo_map(&r->topo, cpus, n, sock, core, sock_ids);
		if (nsock < 0) {   /* the topology does not cover every recorded CPU */
			snprintf(r->topo_src, sizeof(r->topo_src), "unknown (topology lacks CPU %d)", cpus[-nsock - 1]);
			free(sock);
			sock = NULL;
			nsock = 0;
		}
	}
	rc = model_init(m, n, cpus, sock, sock ? core : NULL, nsock, sock_ids, hist_cap);
	if (rc < 0)
		goto out;
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
	if ((rc = model_alloc_frame(m)) < 0 || (r->vstride != r->nev && (rc = vals_resize(r, r->slot_cap, r->nev)) < 0))
		goto out;
	r->model_slots = n;
	r->model_nev = r->nev;
	r->identity = true;
	for (int s = 0; s < n; s++)
		r->identity &= r->slot_midx[s] == s;
	for (int i = 0; i < r->nev; i++)
		r->identity &= r->ev[i].midx == i;
out:
	free(cpus);
	free(sock);
	free(core);
	free(sock_ids);
	return rc < 0 ? rc : 0;
}

/* The interval in vals into m->cur.cpu (the model's CPUs ascending). */
static void copy_out(const struct replay *r, struct model *m)
{
	if (r->identity) {
		memcpy(m->cur.cpu, r->vals, (size_t)r->model_slots * (size_t)r->model_nev * sizeof(struct ev_val));
		return;
	}
	for (int s = 0; s < r->model_slots; s++) {
		struct ev_val *row = &m->cur.cpu[(size_t)r->slot_midx[s] * (size_t)m->nev];
		for (int e = 0; e < r->model_nev; e++)
			row[r->ev[e].midx] = r->vals[(size_t)s * (size_t)r->vstride + (size_t)e];
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
	vals_clear(r);
	while ((kind = lr_next(&r->lr, &p, &ll, &off)) != LR_END && off < end) {
		if (kind < 0)
			return kind;
		if (kind == LR_LINE && csvrow_parse_ctx(p, ll, r->sep, &row, &r->tctx) == CSVROW_DATA && !row.summary &&
		    row.cpu >= 0 && !isnan(row.time))
			take_row(r, &row, false);
	}
	return 0;
}

int replay_next(struct replay *r, struct model *m)
{
	struct frame *f = &m->cur;
	double t, prev;
	int rc;

	if (r->stream) {
		if (!r->have_frame && (rc = read_interval(r)) <= 0)
			return rc < 0 ? rc : 1;
		r->have_frame = false;
		/* a CPU or event first seen in this interval: the model grows (the earlier frames had
		 * none of its rows, as an absent event or CPU) */
		if (r->nev != r->model_nev || r->nslots != r->model_slots) {
			int hist = m->hist_cap;
			model_free(m);
			if ((rc = replay_setup_model(r, m, hist)) < 0)
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
