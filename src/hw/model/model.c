/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* model.c: deltas to values (scaling, not counted), per-socket/system sums, derived metrics, history. */
#include "model.h"
#include "metrics.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Base names (after the PMU prefix and modifiers are removed) and their roles. */
static const struct { const char *name; int role; } role_table[] = {
	{ "cycles", ROLE_CYCLES }, { "cpu-cycles", ROLE_CYCLES }, { "cpu_cycles", ROLE_CYCLES },
	{ "instructions", ROLE_INSTRUCTIONS }, { "inst_retired", ROLE_INSTRUCTIONS },
	{ "cpu-clock", ROLE_CPU_CLOCK }, { "task-clock", ROLE_TASK_CLOCK },
	{ "cache-misses", ROLE_LLC_MISSES }, { "LLC-load-misses", ROLE_LLC_MISSES },
	{ "cache-references", ROLE_LLC_REFS }, { "LLC-loads", ROLE_LLC_REFS },
	/* the vendors' own last-level events: Intel's architectural pair (what the generic names
	 * are on Intel), Zen's amd_l3 per CCX, Arm's last-level reads */
	{ "longest_lat_cache.miss", ROLE_LLC_MISSES }, { "longest_lat_cache.reference", ROLE_LLC_REFS },
	{ "l3_lookup_state.l3_miss", ROLE_LLC_MISSES },
	{ "l3_lookup_state.all_coherent_accesses_to_l3", ROLE_LLC_REFS },
	{ "ll_cache_miss_rd", ROLE_LLC_MISSES }, { "ll_cache_rd", ROLE_LLC_REFS },
	{ "branches", ROLE_BRANCHES }, { "branch-instructions", ROLE_BRANCHES },
	{ "branch-misses", ROLE_BRANCH_MISSES },
	{ "cas_count_read", ROLE_MEM_READ }, { "umc_cas_cmd.rd", ROLE_MEM_READ },
	{ "cas_count_write", ROLE_MEM_WRITE }, { "umc_cas_cmd.wr", ROLE_MEM_WRITE },
	{ "umc_cas_cmd.all", ROLE_MEM_RW }, { "dram_data", ROLE_MEM_RW },
	/* AMD Zen 4 UMC CAS commands by terms (perf's umc_cas_cmd.rd / .wr); each moves a 64-byte line */
	{ "event=0x0a,rdwrmask=0x1", ROLE_MEM_READ }, { "event=0xa,rdwrmask=0x1", ROLE_MEM_READ },
	{ "event=0x0a,rdwrmask=0x2", ROLE_MEM_WRITE }, { "event=0xa,rdwrmask=0x2", ROLE_MEM_WRITE },
	{ "upi_data_bytes", ROLE_UPI }, { "txl_data_bytes", ROLE_UPI },
	{ "energy-pkg", ROLE_ENERGY_PKG }, { "energy-ram", ROLE_ENERGY_RAM },
	{ "l3_misses", ROLE_L3_MISS },
};

/* Raw terms that name an event only on one PMU family (the family, then _N instances). */
static const struct { const char *pmu, *terms; int role; } pmu_role_table[] = {
	/* UNC_UPI_TxL_FLITS.ALL_DATA (Skylake-SP to Granite Rapids): data flits sent on the link */
	{ "uncore_upi", "event=0x2,umask=0xf", ROLE_UPI_FLITS },
	{ "uncore_upi", "event=0x02,umask=0x0f", ROLE_UPI_FLITS },
	/* Zen L3LookupState: every lookup of the CCX's L3 (umask 0xff), the misses (umask 0x01) */
	{ "amd_l3", "event=0x04,umask=0xff", ROLE_L3_LOOKUP }, { "amd_l3", "event=0x4,umask=0xff", ROLE_L3_LOOKUP },
	{ "amd_l3", "event=0x04,umask=0x01", ROLE_L3_MISS }, { "amd_l3", "event=0x4,umask=0x1", ROLE_L3_MISS },
};

int model_role_on_pmu(const char *pmu, const char *terms)
{
	for (size_t i = 0; pmu && terms && i < sizeof(pmu_role_table) / sizeof(pmu_role_table[0]); i++) {
		size_t n = strlen(pmu_role_table[i].pmu);
		if (strncmp(pmu, pmu_role_table[i].pmu, n) != 0 || (pmu[n] && pmu[n] != '_'))
			continue;
		if (strcmp(terms, pmu_role_table[i].terms) == 0)
			return pmu_role_table[i].role;
	}
	return ROLE_NONE;
}

double model_upi_flit_bytes(double n)
{
	return n * 64.0 / 9.0;
}

static int role_lookup(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(role_table) / sizeof(role_table[0]); i++)
		if (strlen(role_table[i].name) == n && strncmp(role_table[i].name, s, n) == 0)
			return role_table[i].role;
	return ROLE_NONE;
}

int model_role_of(const char *name)
{
	const char *s = name, *slash = strchr(name, '/');
	int r;

	if (!slash)   /* "cycles:u", "instructions:D", or canonical terms "event=0x0a,rdwrmask=0x1" */
		return role_lookup(s, strchr(s, '=') ? strlen(s) : strcspn(s, ":"));
	/* "pmu/inner/mods": the whole terms, else the alias before the first ',' */
	s = slash + 1;
	r = role_lookup(s, strcspn(s, "/"));
	return r != ROLE_NONE ? r : role_lookup(s, strcspn(s, "/,"));
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

int model_init(struct model *m, int ncpus, const int *cpu_ids, const int *cpu_sock,
	       const int *cpu_core, int nsock, const int *sock_ids, int hist_cap)
{
	memset(m, 0, sizeof(*m));
	if (ncpus <= 0)
		return -EINVAL;
	if (!cpu_sock || nsock <= 0)
		nsock = 1;
	m->ncpus = m->cpu_cap = ncpus;
	m->nsock = m->sock_cap = nsock;
	m->cpu_ids = malloc((size_t)ncpus * sizeof(int));
	m->cpu_sock = calloc((size_t)ncpus, sizeof(int));
	m->cpu_core = malloc((size_t)ncpus * sizeof(int));
	m->sock_ids = malloc((size_t)nsock * sizeof(int));
	m->hist_cap = hist_cap > 0 ? hist_cap : 1;
	m->hist_ipc = malloc((size_t)ncpus * (size_t)m->hist_cap * sizeof(float));
	if (!m->cpu_ids || !m->cpu_sock || !m->cpu_core || !m->sock_ids || !m->hist_ipc) {
		model_free(m);
		return -ENOMEM;
	}
	for (int i = 0; i < ncpus; i++) {
		m->cpu_ids[i] = cpu_ids[i];
		m->cpu_sock[i] = cpu_sock ? cpu_sock[i] : 0;
		m->cpu_core[i] = cpu_core ? cpu_core[i] : -1;
	}
	for (int s = 0; s < nsock; s++)
		m->sock_ids[s] = (cpu_sock && sock_ids) ? sock_ids[s] : -1;
	return 0;
}

static bool key_taken(const struct model *m, const char *key)
{
	for (int i = 0; i < m->nev; i++)
		if (strcmp(m->ev[i].key, key) == 0)
			return true;
	return false;
}

/* The name itself, or "name#2", "name#3"... for a repeat, skipping any taken spelling. */
static char *unique_key(const struct model *m, const char *name)
{
	char *key;

	if (!name || !key_taken(m, name))
		return name ? strdup(name) : NULL;
	for (int k = 2;; k++) {
		if (asprintf(&key, "%s#%d", name, k) < 0)
			return NULL;
		if (!key_taken(m, key))
			return key;
		free(key);
	}
}

void model_set_generic_cache(struct model *m, int level)
{
	m->generic_cache = level;
}

/* The role of the generic cache-misses/cache-references at the machine's level. */
static int generic_cache_role(const struct model *m, const char *base, int role)
{
	size_t n = strcspn(base, ":");

	if (m->generic_cache == CACHE_LLC || (role != ROLE_LLC_MISSES && role != ROLE_LLC_REFS))
		return role;
	if (!(n == 12 && strncmp(base, "cache-misses", n) == 0) &&
	    !(n == 16 && strncmp(base, "cache-references", n) == 0))
		return role;
	if (m->generic_cache == CACHE_L2)
		return role == ROLE_LLC_MISSES ? ROLE_L2_MISSES : ROLE_L2_REFS;
	return role == ROLE_LLC_MISSES ? ROLE_L1D_MISSES : ROLE_L1D_REFS;
}

const char *model_pmu_less(const struct mev *ev, size_t *len)
{
	size_t pl = strlen(ev->pmu), nl = strlen(ev->name);

	if (ev->uncore || !pl || nl <= pl + 1 || strncmp(ev->name, ev->pmu, pl) != 0 || ev->name[pl] != '/')
		return NULL;
	*len = nl - pl - 1;
	if (ev->name[nl - 1] == '/')
		(*len)--;
	return ev->name + pl + 1;
}

/* Whether set lead already has an event on pmu. */
static bool set_has_pmu(const struct model *m, int lead, const char *pmu)
{
	for (int i = lead; i < m->nev; i++)
		if ((i == lead || m->ev[i].total == lead) && !strcmp(m->ev[i].pmu, pmu))
			return true;
	return false;
}

/* Event e joins the first set of its name without the PMU that has no event on its PMU yet
 * (cycles given twice makes two sets); the set's first event keeps the total's key. */
static int total_join(struct model *m, int e)
{
	struct mev *ev = &m->ev[e];
	size_t kl, fl;
	const char *k = model_pmu_less(ev, &kl), *fk;

	for (int f = 0; k && f < e; f++) {
		struct mev *lead = &m->ev[f];

		if (lead->total >= 0 && lead->total != f)
			continue;   /* not a set's first event */
		fk = model_pmu_less(lead, &fl);
		if (!fk || fl != kl || memcmp(fk, k, kl) != 0 || set_has_pmu(m, f, ev->pmu))
			continue;
		if (lead->total < 0) {
			/* the key's repeat mark, if any, follows the name: "cpu_core/x/#2" -> "x#2" */
			if (asprintf(&lead->total_key, "%.*s%s", (int)fl, fk, lead->key + strlen(lead->name)) < 0) {
				lead->total_key = NULL;
				return -ENOMEM;
			}
			lead->total = f;
		}
		ev->total = f;
		return 0;
	}
	return 0;
}

void model_total(const struct model *m, int lead, const struct ev_val *row, struct ev_val *out)
{
	memset(out, 0, sizeof(*out));
	for (int e = lead; e < m->nev; e++)
		if (m->ev[e].total == lead)
			model_sum_into(out, &row[e]);
	model_sum_finish(out);
}

void model_set_generic_pmu(struct model *m, const char *pmu)
{
	free(m->generic_pmu);
	m->generic_pmu = pmu && *pmu ? strdup(pmu) : NULL;
}

/* Whether events of PMUs a and b count on the same CPUs' counters: the same PMU, or the generic
 * events ("") and the one core PMU they open on (model_set_generic_pmu). */
static bool same_counters(const struct model *m, const char *a, const char *b)
{
	const char *g = m->generic_pmu;

	return strcmp(a, b) == 0 || (g && ((!*a && !strcmp(b, g)) || (!*b && !strcmp(a, g))));
}

int model_add_event(struct model *m, const char *name, const char *base, const char *pmu,
		    const char *unit, int group, bool uncore)
{
	struct mev *nv = realloc(m->ev, (size_t)(m->nev + 1) * sizeof(*nv)), *e;
	const char *b = base && *base ? base : name;
	int role = b ? model_role_of(b) : ROLE_NONE;

	if (role == ROLE_NONE && b != name && name)   /* a name= label: "l3_lookup_state.l3_miss" */
		role = model_role_of(name);
	else if (b)
		role = generic_cache_role(m, b, role);
	if (role == ROLE_NONE)
		role = model_role_on_pmu(pmu, base);
	if (!nv)
		return -ENOMEM;
	m->ev = nv;
	/* A role counts once per PMU: "cycles:u" after "cycles" is shown but not summed; nor is
	 * armv8_pmuv3/cpu_cycles/ after the generic cycles, which opens on that PMU. */
	for (int i = 0; i < m->nev && role != ROLE_NONE; i++)
		if (m->ev[i].role == role && same_counters(m, m->ev[i].pmu, pmu ? pmu : ""))
			role = ROLE_NONE;
	e = &m->ev[m->nev];
	e->name = dup_or_empty(name);
	e->pmu = dup_or_empty(pmu);
	e->unit = dup_or_empty(unit);
	e->key = unique_key(m, e->name);
	if (!e->name || !e->pmu || !e->unit || !e->key) {
		free(e->name); free(e->pmu); free(e->unit); free(e->key);
		return -ENOMEM;
	}
	e->role = role;
	e->group = group;
	e->uncore = uncore;
	e->total = -1;
	e->total_key = NULL;
	m->nev++;
	return total_join(m, m->nev - 1) < 0 ? -ENOMEM : m->nev - 1;
}

static void frame_free(struct frame *f)
{
	free(f->cpu); free(f->sock); free(f->sys);
	free(f->cpu_m); free(f->sock_m); free(f->sys_m);
	free(f->online);
	free(f->jif);
	free(f->swr);
	memset(f, 0, sizeof(*f));
}

/* The event metrics the model's events can give: the others are NAN whatever is counted. */
static void countable_metrics(struct model *m)
{
	const int *ids;

	m->nmet = 0;
	for (int i = 0, n = metric_ids_of(MSRC_EVENTS, &ids); i < n; i++)
		if (model_metric_countable(m, ids[i]))
			m->met_ids[m->nmet++] = ids[i];
	m->met_nev = m->nev;
	m->met_llc = m->llc_is_l3;
}

int model_alloc_frame(struct model *m)
{
	struct frame *f = &m->cur;
	size_t ne = (size_t)(m->nev ? m->nev : 1);
	bool *online_old = f->online;

	countable_metrics(m);
	f->online = NULL;
	frame_free(f);
	f->cpu = calloc((size_t)m->cpu_cap * ne, sizeof(struct ev_val));
	f->sock = calloc((size_t)m->sock_cap * ne, sizeof(struct ev_val));
	f->sys = calloc(ne, sizeof(struct ev_val));
	f->cpu_m = malloc((size_t)m->cpu_cap * NMETRICS * sizeof(double));
	f->sock_m = malloc((size_t)m->sock_cap * NMETRICS * sizeof(double));
	f->sys_m = malloc(NMETRICS * sizeof(double));
	f->online = malloc((size_t)m->cpu_cap * sizeof(bool));
	f->jif = malloc((size_t)m->cpu_cap * UT_N * sizeof(double));
	f->swr = calloc((size_t)m->cpu_cap * SWR_N, sizeof(double));
	if (!f->cpu || !f->sock || !f->sys || !f->cpu_m || !f->sock_m || !f->sys_m || !f->online || !f->jif ||
	    !f->swr) {
		free(online_old);
		frame_free(f);
		return -ENOMEM;
	}
	for (int i = 0; i < m->ncpus; i++)
		f->online[i] = online_old ? online_old[i] : true;
	free(online_old);
	for (int i = 0; i < m->ncpus * UT_N; i++)
		f->jif[i] = NAN;
	for (int i = 0; i < m->ncpus * NMETRICS; i++)
		f->cpu_m[i] = NAN;
	for (int i = 0; i < m->nsock * NMETRICS; i++)
		f->sock_m[i] = NAN;
	for (int i = 0; i < NMETRICS; i++)
		f->sys_m[i] = NAN;
	for (int i = 0; i < m->ncpus * m->hist_cap; i++)
		m->hist_ipc[i] = NAN;
	m->hist_len = m->hist_head = 0;
	return 0;
}

void model_free(struct model *m)
{
	for (int i = 0; i < m->nev; i++) {
		free(m->ev[i].name);
		free(m->ev[i].key);
		free(m->ev[i].total_key);
		free(m->ev[i].pmu);
		free(m->ev[i].unit);
	}
	free(m->ev);
	frame_free(&m->cur);
	free(m->cpu_ids); free(m->cpu_sock); free(m->cpu_core); free(m->sock_ids);
	free(m->hist_ipc);
	free(m->generic_pmu);
	memset(m, 0, sizeof(*m));
}

void model_set_value(struct ev_val *v, uint64_t raw, uint64_t enabled, uint64_t running,
		     double scale)
{
	v->raw = raw;
	v->enabled = enabled;
	v->running = running;
	v->pct = enabled ? 100.0 * (double)running / (double)enabled : NAN;
	if (running == 0) {
		v->state = EVS_NOT_COUNTED;
		v->value = NAN;
		return;
	}
	v->state = EVS_OK;
	/* running can exceed enabled by rounding in the kernel; never scale below raw. */
	v->value = (double)raw * (enabled > running ? (double)enabled / (double)running : 1.0) * scale;
}

/* A double as a count: NAN and negatives give 0, values past 2^64 saturate (a plain cast of
 * those is undefined behaviour). */
static uint64_t u64_of(double d)
{
	if (!(d > 0))
		return 0;
	if (d >= 18446744073709551616.0)
		return UINT64_MAX;
	return (uint64_t)d;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

void model_set_recorded(struct ev_val *v, double value, uint64_t running_ns, double pct, int state)
{
	v->state = (uint8_t)state;
	v->running = running_ns;
	v->pct = pct;
	if (state != EVS_OK) {
		v->value = NAN;
		v->raw = 0;
		v->enabled = 0;
		return;
	}
	v->value = value;
	v->enabled = (!isnan(pct) && pct > 0) ? u64_of((double)running_ns * 100.0 / pct + 0.5) : running_ns;
	/* The recording holds the scaled estimate; the raw count is what ran. */
	v->raw = u64_of(!isnan(pct) && pct < 100 ? value * pct / 100.0 : value);
}

/* Convert a role's value to the unit metrics use: seconds for clocks, bytes for memory/UPI,
 * joules for energy. Unitless memory counts are CAS commands of one 64-byte line each. */
static double to_base_unit(int role, const char *unit, double v)
{
	switch (role) {
	case ROLE_CPU_CLOCK: case ROLE_TASK_CLOCK:
		if (strcmp(unit, "msec") == 0) return v / 1e3;
		if (strcmp(unit, "usec") == 0) return v / 1e6;
		return v / 1e9;
	case ROLE_MEM_READ: case ROLE_MEM_WRITE: case ROLE_MEM_RW: case ROLE_UPI:
		if (strcmp(unit, "MiB") == 0) return v * 1048576.0;
		if (strcmp(unit, "KiB") == 0) return v * 1024.0;
		if (strcmp(unit, "MB") == 0) return v * 1e6;
		if (strcmp(unit, "B") == 0 || strcmp(unit, "bytes") == 0) return v;
		return v * 64.0;
	case ROLE_UPI_FLITS:
		return model_upi_flit_bytes(v);
	default:
		return v;
	}
}

void model_metrics(const struct model *m, const struct ev_val *row, double interval, double *out,
		   bool cpu_row)
{
	struct metric_sums s = { .interval = interval, .llc_is_l3 = m->llc_is_l3 };

	for (int i = 0; i < m->nev; i++) {
		int r = m->ev[i].role;
		const struct ev_val *v = &row[i];
		if (r == ROLE_NONE || v->state == EVS_ABSENT || (cpu_row && m->ev[i].uncore))
			continue;
		if (v->state != EVS_OK) {
			s.bad[r] = true;
			continue;
		}
		s.sum[r] += to_base_unit(r, m->ev[i].unit, v->value);
		s.en[r] += (double)v->enabled;
		s.have[r] = true;
	}
	for (int r = 0; r < NROLES; r++)
		if (s.bad[r])   /* an input that was not counted makes every ratio using it unknown */
			s.have[r] = false;
	/* the others come from the kernel's books (model_util, model_swrates) */
	for (int k = 0; k < NMETRICS; k++)
		out[k] = NAN;
	const int *ids = m->met_ids;
	int n = m->nmet;
	if (m->met_nev != m->nev || m->met_llc != m->llc_is_l3)   /* events added since: every one */
		n = metric_ids_of(MSRC_EVENTS, &ids);
	for (int i = 0; i < n; i++)
		out[ids[i]] = metric_eval(ids[i], &s);
}

bool model_metric_countable(const struct model *m, int id)
{
	bool held[NROLES] = { 0 };

	for (int e = 0; e < m->nev; e++)
		held[m->ev[e].role] = true;
	held[ROLE_NONE] = false;
	return id >= 0 && id < NMETRICS && metric_countable(id, held, m->llc_is_l3);
}

void model_util(const double *jif, double *out)
{
	double total = 0;
	bool ok = true;

	for (int k = 0; k < UT_N; k++) {
		ok = ok && !isnan(jif[k]);
		total += jif[k];
	}
	const int *ids;
	for (int i = 0, n = metric_ids_of(MSRC_PROCSTAT, &ids); i < n; i++) {
		const struct metric_def *d = &metric_defs[ids[i]];
		double v = 0;

		for (unsigned parts = d->ut; parts; parts &= parts - 1)
			v += jif[__builtin_ctz(parts)];
		out[ids[i]] = ok && total > 0 ? 100 * (d->ut_not ? total - v : v) / total : NAN;
	}
}

void model_swrates(const double *swr, double interval, double *out)
{
	struct metric_sums s = { .interval = interval, .swr = swr };

	const int *ids;
	for (int i = 0, n = metric_ids_of(MSRC_KERNEL, &ids); i < n; i++)
		out[ids[i]] = metric_defs[ids[i]].fn(&s);
}

void model_sum_into(struct ev_val *dst, const struct ev_val *src)
{
	if (src->state == EVS_ABSENT)
		return;
	if (src->state == EVS_OK || src->state == EVS_NOT_COUNTED) {
		dst->raw = add_sat(dst->raw, src->raw);
		dst->enabled = add_sat(dst->enabled, src->enabled);
		dst->running = add_sat(dst->running, src->running);
	}
	if (src->state == EVS_OK)
		dst->value = (dst->state == EVS_OK ? dst->value : 0) + src->value;
	if (src->state > dst->state)
		dst->state = src->state;
}

void model_sum_finish(struct ev_val *v)
{
	v->pct = v->enabled ? 100.0 * (double)v->running / (double)v->enabled : NAN;
	if (v->state != EVS_OK)
		v->value = NAN;
}

void model_derive(struct model *m)
{
	struct frame *f = &m->cur;
	int ne = m->nev;

	memset(f->sock, 0, (size_t)m->nsock * (size_t)(ne ? ne : 1) * sizeof(struct ev_val));
	memset(f->sys, 0, (size_t)(ne ? ne : 1) * sizeof(struct ev_val));
	for (int c = 0; c < m->ncpus; c++) {
		const struct ev_val *row = &f->cpu[(size_t)c * ne];
		struct ev_val *srow = &f->sock[(size_t)m->cpu_sock[c] * ne];
		if (!f->online[c])
			continue;
		for (int e = 0; e < ne; e++) {
			model_sum_into(&srow[e], &row[e]);
			model_sum_into(&f->sys[e], &row[e]);
		}
	}
	for (int s = 0; s < m->nsock; s++)
		for (int e = 0; e < ne; e++)
			model_sum_finish(&f->sock[(size_t)s * ne + e]);
	for (int e = 0; e < ne; e++)
		model_sum_finish(&f->sys[e]);
	for (int c = 0; c < m->ncpus; c++) {
		double *out = &f->cpu_m[(size_t)c * NMETRICS];
		if (!f->online[c]) {
			for (int k = 0; k < NMETRICS; k++)
				out[k] = NAN;
			continue;
		}
		model_metrics(m, &f->cpu[(size_t)c * ne], f->interval, out, true);
	}
	for (int s = 0; s < m->nsock; s++)
		model_metrics(m, &f->sock[(size_t)s * ne], f->interval, &f->sock_m[(size_t)s * NMETRICS], false);
	model_metrics(m, f->sys, f->interval, f->sys_m, false);
	/* utilisation, interrupts and clocks (the kernel's books): each CPU's own, the aggregates'
	 * summed times and counts (the clock a mean: model_swrates) */
	{
		double sock_j[m->nsock][UT_N], sys_j[UT_N] = { 0 };
		double sock_r[m->nsock][SWR_N], sys_r[SWR_N] = { 0 };
		memset(sock_j, 0, sizeof(sock_j));
		memset(sock_r, 0, sizeof(sock_r));
		for (int c = 0; c < m->ncpus; c++) {
			const double *j = &f->jif[(size_t)c * UT_N], *r = &f->swr[(size_t)c * SWR_N];
			if (!f->online[c])
				continue;
			model_util(j, &f->cpu_m[(size_t)c * NMETRICS]);
			model_swrates(r, f->interval, &f->cpu_m[(size_t)c * NMETRICS]);
			for (int k = 0; k < UT_N; k++) {
				sock_j[m->cpu_sock[c]][k] += j[k];
				sys_j[k] += j[k];
			}
			for (int k = 0; k < SWR_N; k++) {
				sock_r[m->cpu_sock[c]][k] += r[k];
				sys_r[k] += r[k];
			}
		}
		for (int s = 0; s < m->nsock; s++) {
			model_util(sock_j[s], &f->sock_m[(size_t)s * NMETRICS]);
			model_swrates(sock_r[s], f->interval, &f->sock_m[(size_t)s * NMETRICS]);
		}
		model_util(sys_j, f->sys_m);
		model_swrates(sys_r, f->interval, f->sys_m);
	}
	/* history ring */
	for (int c = 0; c < m->ncpus; c++) {
		/* a double past FLT_MAX does not convert to float: keep it as missing */
		double ipc = f->cpu_m[(size_t)c * NMETRICS + M_IPC];
		m->hist_ipc[(size_t)c * m->hist_cap + m->hist_head] =
			isfinite(ipc) && fabs(ipc) < 1e30 ? (float)ipc : NAN;
	}
	m->hist_head = (m->hist_head + 1) % m->hist_cap;
	if (m->hist_len < m->hist_cap)
		m->hist_len++;
}
