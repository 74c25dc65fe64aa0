/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c: index a perf stat -x recording once, then fill model frames interval by interval,
 * reading each interval's lines from the file again (only interval offsets are kept). */
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
	uint64_t data_end;   /* the end of the last line read by the index */
	char sep;
	char path[4096];
	struct rp_interval *iv;
	int niv, ivcap;
	struct rp_event *ev;
	int nev, evcap;
	int *hash;           /* event index + 1, open addressing */
	int hcap;
	unsigned char *seen; /* [seen_len] CPU ids present */
	int seen_len;
	int *cpus, ncpus;    /* ascending CPU ids */
	int *cpu_index;      /* [seen_len]: CPU id -> model index */
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

static int cpu_mark(struct replay *r, int cpu)
{
	if (cpu >= r->seen_len) {
		int nlen = cpu + 64 > r->seen_len * 2 ? cpu + 64 : r->seen_len * 2;
		unsigned char *ns = realloc(r->seen, (size_t)nlen);
		if (!ns)
			return -ENOMEM;
		memset(ns + r->seen_len, 0, (size_t)(nlen - r->seen_len));
		r->seen = ns;
		r->seen_len = nlen;
	}
	r->seen[cpu] = 1;
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
		if (kind == CSVROW_SKIP && ll && p[0] == '#')
			header_line(r, p, ll && p[ll - 1] == '\r' ? ll - 1 : ll);
		if (kind == CSVROW_BAD) {
			note_bad(r, line, row.why);
		} else if (kind == CSVROW_DATA && !row.summary && (isnan(row.time) || row.cpu < 0)) {
			note_bad(r, line, isnan(row.time) ? "no time column (record with perf stat -I MS)" :
				 "no CPU column (record with perf stat -a -A)");
		} else if (kind == CSVROW_DATA && !row.summary) {
			if (!r->niv || row.time != r->iv[r->niv - 1].t) {
				if ((e = interval_add(r, off, row.time)) < 0)
					return e;
				r->stamp++;
			}
			if ((e = event_of_row(r, &row, true)) < 0)
				return e;
			if (cpu_mark(r, row.cpu) < 0)
				return -ENOMEM;
		}
	}
	return 0;
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

struct replay *replay_open(const char *path, const char *topology_file, char *err, size_t errlen)
{
	struct replay *r = calloc(1, sizeof(*r));
	int rc;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->last_ev = -1;
	r->tctx.no_metric = true;   /* the replay never shows perf's metric column */
	r->lr.fd = -1;
	snprintf(r->path, sizeof(r->path), "%s", path);
	if (lr_open(&r->lr, path, err, errlen) < 0)
		goto fail;
	if ((rc = find_sep(r)) == 0 && !r->sep) {
		snprintf(err, errlen, "%s: no data lines (expected perf stat -x output)", path);
		goto fail;
	}
	if (rc < 0 || (rc = index_file(r)) < 0) {
		if (rc == -E2BIG)
			snprintf(err, errlen, "%s: more than %d distinct events or %d intervals", path, RP_MAXEV,
				 RP_MAXIV);
		else if (rc == -EFBIG)
			snprintf(err, errlen, "%s: more than %d lines", path, INT_MAX);
		else
			snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		goto fail;
	}
	bad_summary(r);
	if (!r->niv || !r->nev) {
		snprintf(err, errlen, "%s: no interval rows with a CPU column (record with perf stat -a -A -I MS -x SEP)%s%s",
			 path, r->nbad ? "; " : "", r->bad_msg);
		goto fail;
	}
	for (int c = 0; c < r->seen_len; c++)
		r->ncpus += r->seen[c];
	r->cpus = malloc((size_t)r->ncpus * sizeof(int));
	r->cpu_index = malloc((size_t)r->seen_len * sizeof(int));
	if (!r->cpus || !r->cpu_index) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	for (int c = 0, k = 0; c < r->seen_len; c++) {
		r->cpu_index[c] = r->seen[c] ? k : -1;
		if (r->seen[c])
			r->cpus[k++] = c;
	}
	if (r->topo.n) {
		snprintf(r->topo_src, sizeof(r->topo_src), "recording");
	} else if (topology_file) {
		if (rtopo_load(&r->topo, topology_file, err, errlen) < 0)
			goto fail;
		snprintf(r->topo_src, sizeof(r->topo_src), "topology file");
	} else {
		snprintf(r->topo_src, sizeof(r->topo_src), "unknown");
	}
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
	free(r->seen);
	free(r->cpus);
	free(r->cpu_index);
	rtopo_free(&r->topo);
	lr_close(&r->lr);
	free(r);
}

int replay_setup_model(struct replay *r, struct model *m, int hist_cap)
{
	int *sock = NULL, *core = NULL, *sock_ids = NULL, nsock = 0, rc = -ENOMEM;

	if (r->topo.n) {
		sock = malloc((size_t)r->ncpus * sizeof(int));
		core = malloc((size_t)r->ncpus * sizeof(int));
		sock_ids = malloc((size_t)r->ncpus * sizeof(int));
		if (!sock || !core || !sock_ids)
			goto out;
		nsock = rtopo_map(&r->topo, r->cpus, r->ncpus, sock, core, sock_ids);
		if (nsock < 0) {   /* the topology does not cover every recorded CPU */
			snprintf(r->topo_src, sizeof(r->topo_src), "unknown (topology lacks CPU %d)",
				 r->cpus[-nsock - 1]);
			free(sock);
			sock = NULL;
			nsock = 0;
		}
	}
	rc = model_init(m, r->ncpus, r->cpus, sock, sock ? core : NULL, nsock, sock_ids, hist_cap);
	if (rc < 0)
		goto out;
	for (int i = 0; i < r->nev; i++) {
		char name[512], base[512], pmu[128];
		int n = r->ev[i].len < (int)sizeof(name) - 1 ? r->ev[i].len : (int)sizeof(name) - 1;
		memcpy(name, r->ev[i].name, (size_t)n);
		name[n] = '\0';
		replay_event_base(name, base, sizeof(base), pmu, sizeof(pmu));
		rc = model_add_event(m, name, base, pmu, r->ev[i].unit, 0, replay_event_uncore(pmu));
		if (rc < 0)
			goto out;
		r->ev[i].midx = rc;
	}
	rc = model_alloc_frame(m);
out:
	free(sock);
	free(core);
	free(sock_ids);
	return rc < 0 ? rc : 0;
}

int replay_next(struct replay *r, struct model *m)
{
	const struct rp_interval *iv;
	const char *p;
	size_t ll;
	uint64_t off, end;
	struct frame *f = &m->cur;
	struct csv_row row;
	size_t nvals;
	int kind;

	if (r->pos >= r->niv)
		return 1;
	if (m->nev < r->nev || m->ncpus != r->ncpus || !f->cpu)
		return -EINVAL;
	iv = &r->iv[r->pos];
	end = r->pos + 1 < r->niv ? r->iv[r->pos + 1].off : r->data_end;
	nvals = (size_t)m->ncpus * (size_t)m->nev;
	for (size_t i = 0; i < nvals; i++)
		f->cpu[i] = (struct ev_val){ .value = NAN, .pct = NAN, .state = EVS_ABSENT };
	if ((kind = lr_seek(&r->lr, iv->off)) < 0)
		return kind;
	r->stamp++;
	/* The file is read again: it may have changed since it was indexed, so every row is checked
	 * as hostile as the first time (an unknown CPU or event is dropped). */
	while ((kind = lr_next(&r->lr, &p, &ll, &off)) != LR_END && off < end) {
		int e, state;

		if (kind < 0)
			return kind;
		if (kind == LR_LINE && csvrow_parse_ctx(p, ll, r->sep, &row, &r->tctx) == CSVROW_DATA &&
		    !row.summary && row.cpu >= 0 && row.cpu < r->seen_len && r->cpu_index[row.cpu] >= 0 && !isnan(row.time) &&
		    (e = event_of_row(r, &row, false)) >= 0) {
			struct ev_val *v = &f->cpu[(size_t)r->cpu_index[row.cpu] * (size_t)m->nev +
						   (size_t)r->ev[e].midx];
			state = row.vstate == CSVV_OK ? EVS_OK :
				row.vstate == CSVV_NOT_COUNTED ? EVS_NOT_COUNTED : EVS_UNSUPPORTED;
			model_set_recorded(v, row.value, isnan(row.run_ns) || row.run_ns < 0 ? 0 : (uint64_t)row.run_ns,
					   row.pct, state);
		}
	}
	f->t = iv->t;
	/* time restarts where two recordings were concatenated: the interval is then its own time */
	f->interval = r->pos && iv->t > r->iv[r->pos - 1].t ? iv->t - r->iv[r->pos - 1].t : iv->t;
	f->seq = (uint64_t)r->pos + 1;
	r->pos++;
	return 0;
}

int replay_seek(struct replay *r, int index)
{
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
const char *replay_bad_summary(const struct replay *r) { return r->bad_msg; }
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

/* PMUs whose events count per socket or die (perf prints merged instances
 * without the "uncore_" prefix and the "_N" suffix, as in "imc/.../"). */
static const char *const uncore_pmus[] = {
	"imc", "cha", "cbox", "upi", "qpi", "iio", "irp", "m2m", "m3upi", "m2pcie", "pcu", "ubox",
	"mdf", "b2cmi", "b2cxl", "b2hot", "b2upi", "pciex8", "pciex16", "cxlcm", "cxldp", "mchbm",
	"m2hbm", "sbox", "ha", "r2pcie", "r3qpi", "edc_eclk", "edc_uclk", "arb", "clock", "sncu",
	"power", "cstate_pkg", "amd_df", "amd_l3", "amd_umc", "arm_cmn", "arm_ccn", "arm_dsu",
	"arm_dmc620", "dmc620", "hisi", "cxl", "imc_free_running", "iio_free_running",
};

bool replay_event_uncore(const char *pmu)
{
	char name[128];
	size_t n;

	if (!pmu || !*pmu)
		return false;
	if (strncmp(pmu, "uncore_", 7) == 0)
		return true;
	n = strlen(pmu);
	if (n >= sizeof(name))
		return false;
	memcpy(name, pmu, n + 1);
	/* drop an instance suffix: "amd_umc_0", "arm_cmn_1", "hisi_sccl1_ddrc0" keep their stem */
	while (n && name[n - 1] >= '0' && name[n - 1] <= '9')
		n--;
	if (n && n < strlen(pmu) && name[n - 1] == '_')
		n--;
	name[n] = '\0';
	for (size_t i = 0; i < sizeof(uncore_pmus) / sizeof(uncore_pmus[0]); i++) {
		size_t k = strlen(uncore_pmus[i]);
		if (strcmp(name, uncore_pmus[i]) == 0 ||
		    (strncmp(name, uncore_pmus[i], k) == 0 && name[k] == '_'))
			return true;
	}
	return false;
}

void replay_event_base(const char *name, char *base, size_t baselen, char *pmu, size_t pmulen)
{
	const char *slash = strchr(name, '/');
	size_t n;

	if (!slash) {   /* "cycles:D" -> "cycles" */
		snprintf(pmu, pmulen, "%s", "");
		n = strcspn(name, ":");
		snprintf(base, baselen, "%.*s", (int)n, name);
		return;
	}
	snprintf(pmu, pmulen, "%.*s", (int)(slash - name), name);
	{
		const char *inner = slash + 1, *close = strrchr(inner, '/');
		size_t ilen = close ? (size_t)(close - inner) : strlen(inner);
		bool terms = memchr(inner, '=', ilen) != NULL;
		if (!terms && !replay_event_uncore(pmu)) {
			/* a core PMU alias: "cpu_core/instructions/u" -> "instructions" */
			snprintf(base, baselen, "%.*s", (int)ilen, inner);
		} else {
			/* keep the PMU so uncore roles stay apart; drop modifiers */
			n = close ? (size_t)(close - name) + 1 : strlen(name);
			snprintf(base, baselen, "%.*s", (int)n, name);
		}
	}
}
