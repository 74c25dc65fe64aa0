/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_parse.c: load a machine description (INI text, built in or from a file) into struct sim_machine
 * (sim_desc.h), with the builders of sim_parse.h. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_desc.h"
#include "sim_parse.h"

static char *xstrdup(const char *s)
{
	return strdup(s ? s : "");
}

/* --- topology: cores = PMU:NxT[,PMU:NxT...] per socket --- */

struct core_group { char pmu[48]; int cores, threads; };

static int parse_core_groups(const char *v, struct core_group *g, int max)
{
	int n = 0;

	while (v && *v) {
		const char *colon = strchr(v, ':'), *comma = strchr(v, ',');
		long cores, threads;
		char *end;

		if (n == max || !colon || (comma && comma < colon) || colon - v >= (long)sizeof(g[n].pmu))
			return -EINVAL;
		snprintf(g[n].pmu, sizeof(g[n].pmu), "%.*s", (int)(colon - v), v);
		cores = strtol(colon + 1, &end, 10);
		if (*end != 'x' || !isdigit((unsigned char)end[1]))
			return -EINVAL;
		threads = strtol(end + 1, &end, 10);
		while (*end == ' ')
			end++;
		if ((*end && *end != ',') || cores <= 0 || cores > SIMP_MAX_CORES || threads <= 0 || threads > 8 ||
		    (strcmp(g[n].pmu, "-") && !simp_name_ok(g[n].pmu)))
			return -EINVAL;
		g[n].cores = (int)cores;
		g[n].threads = (int)threads;
		n++;
		v = comma ? comma + 1 : NULL;
		while (v && *v == ' ')
			v++;
	}
	return n;
}

static int build_topology(struct sim_machine *m, const struct simp_sec *s, struct core_group *g,
			  int *ng, char *err, size_t errlen)
{
	const struct simm_kv *ckv = simp_find(s, "cores");
	int smt_last, nps, cps = 0, c, k = 0, ncpus = 0;

	*ng = parse_core_groups(ckv ? ckv->val : NULL, g, 8);
	if (*ng <= 0) {
		simp_err(err, errlen, ckv ? ckv->line : s->line, "[machine]: cores = '%.60s': want PMU:NxT[,PMU:NxT...] "
			 "(at most 8 groups, N 1-%d cores, T 1-8 threads, PMU a sysfs name or -)",
			 ckv ? ckv->val : "", SIMP_MAX_CORES);
		return -EINVAL;
	}
	if (simp_int_in(s, "sockets", 1, 1, SIMP_MAX_SOCKETS, &m->sockets, err, errlen) ||
	    simp_int_in(s, "dies", 1, 1, 64, &m->dies, err, errlen) ||
	    simp_int_in(s, "numa_nodes", m->sockets, m->sockets, SIMP_MAX_NODES, &m->numa_nodes, err, errlen))
		return -EINVAL;
	if (m->numa_nodes % m->sockets) {
		simp_err(err, errlen, s->line, "[machine]: numa_nodes (%d) is not a multiple of sockets (%d)",
			 m->numa_nodes, m->sockets);
		return -EINVAL;
	}
	m->threads_max = 1;
	for (int i = 0; i < *ng; i++) {
		int per;

		/* every product checked: cores = cpu:536870913x8 must not wrap to a small count */
		if (__builtin_add_overflow(cps, g[i].cores, &cps) ||
		    __builtin_mul_overflow(g[i].cores, g[i].threads, &per) ||
		    __builtin_mul_overflow(per, m->sockets, &per) ||
		    __builtin_add_overflow(ncpus, per, &ncpus) || ncpus > SIMP_MAX_CPUS) {
			simp_err(err, errlen, ckv->line, "[machine]: more than %d CPUs (cores x threads x sockets)",
				 SIMP_MAX_CPUS);
			return -EINVAL;
		}
		if (g[i].threads > m->threads_max)
			m->threads_max = g[i].threads;
	}
	if (m->dies > cps || m->numa_nodes / m->sockets > cps) {
		const struct simm_kv *kv = simp_find(s, m->dies > cps ? "dies" : "numa_nodes");

		simp_err(err, errlen, kv ? kv->line : s->line, "[machine]: more dies or NUMA nodes per socket than cores");
		return -EINVAL;
	}
	m->ncpus = ncpus;
	m->cores_per_socket = cps;
	nps = m->numa_nodes / m->sockets;
	m->cpus = calloc((size_t)m->ncpus, sizeof(*m->cpus));
	if (!m->cpus)
		return -ENOMEM;
	smt_last = strcmp(simp_get(s, "numbering") ? simp_get(s, "numbering") : "smt-last", "smt-adjacent") != 0;
	/* Two enumeration orders, as firmware numbers CPUs: every core's first thread
	 * before any sibling (servers), or siblings next to each other (desktops). */
	for (int t = 0; t < (smt_last ? m->threads_max : 1); t++)
		for (int so = 0; so < m->sockets; so++) {
			c = 0;
			for (int gi = 0; gi < *ng; gi++)
				for (int ci = 0; ci < g[gi].cores; ci++, c++)
					for (int tt = smt_last ? t : 0; tt < (smt_last ? t + 1 : g[gi].threads); tt++) {
						struct simm_cpu *p;

						if (tt >= g[gi].threads)
							continue;
						p = &m->cpus[k++];
						p->socket = so;
						p->core = c;
						p->thread = tt;
						p->die = c * m->dies / cps;
						p->node = so * nps + c * nps / cps;
						p->core_pmu = gi;   /* group index for now; resolved to a PMU later */
					}
		}
	return 0;
}

/* --- PMUs --- */

int simp_range(const char *b, int *lo, int *hi)
{
	char *end;
	long a, z;

	if (*b != '{' || !isdigit((unsigned char)b[1]))
		return -EINVAL;
	a = strtol(b + 1, &end, 10);
	if (strncmp(end, "..", 2) || !isdigit((unsigned char)end[2]))
		return -EINVAL;
	z = strtol(end + 2, &end, 10);
	if (*end != '}' || a < 0 || a > 65535 || z < a || z - a >= SIMP_MAX_BOXES)
		return -EINVAL;
	*lo = (int)a;
	*hi = (int)z;
	return 0;
}

/* "uncore_imc_{0..7}" -> prefix "uncore_imc_", range 0..7. No braces: lo = hi = -1. */
static int name_range(const char *name, char *pre, size_t plen, char *suf, size_t slen, int *lo, int *hi)
{
	const char *b = strchr(name, '{'), *e = b ? strchr(b, '}') : NULL;

	*lo = *hi = -1;
	if (!b) {
		snprintf(pre, plen, "%s", name);
		suf[0] = 0;
		return 0;
	}
	if (!e || simp_range(b, lo, hi) < 0)
		return -EINVAL;
	snprintf(pre, plen, "%.*s", (int)(b - name), name);
	snprintf(suf, slen, "%s", e + 1);
	return 0;
}

static int kv_add(struct simm_kv **arr, int *n, const char *k, const char *v, int line)
{
	void *p = realloc(*arr, (size_t)(*n + 1) * sizeof(**arr));

	if (!p)
		return -ENOMEM;
	*arr = p;
	(*arr)[*n].key = xstrdup(k);
	(*arr)[*n].val = xstrdup(v);
	(*arr)[*n].line = line;
	(*n)++;
	if (!(*arr)[*n - 1].key || !(*arr)[*n - 1].val)
		return -ENOMEM;
	return 0;
}

static const char *const generic_names[SIMM_NGENERIC] = {
	"cycles", "instructions", "cache-references", "cache-misses", "branches",
	"branch-misses", "bus-cycles", "stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles",
};

int simp_generic_index(const char *name)
{
	for (int i = 0; i < SIMM_NGENERIC; i++)
		if (strcmp(name, generic_names[i]) == 0)
			return i;
	return -1;
}

static int socket_first_cpus(const struct sim_machine *m, int **out)
{
	int *c = calloc((size_t)m->sockets, sizeof(int)), n = 0;

	if (!c)
		return -ENOMEM;
	for (int so = 0; so < m->sockets; so++)
		for (int i = 0; i < m->ncpus; i++)
			if (m->cpus[i].socket == so) {
				c[n++] = i;
				break;
			}
	*out = c;
	return n;
}

/* A name from a key that becomes a file of the tree (format/NAME, events/NAME, caps/NAME). */
static int add_named(struct simm_kv **arr, int *n, const char *name, size_t len, const struct simm_kv *kv,
		     const char *sec, char *err, size_t errlen)
{
	char a[SIMP_MAX_NAME + 1];

	if (len > SIMP_MAX_NAME || (snprintf(a, sizeof(a), "%.*s", (int)len, name), !simp_name_ok(a))) {
		simp_err(err, errlen, kv->line, "[%s]: %s: the name after the prefix must be 1-%d characters of "
			 "A-Z a-z 0-9 _ . - not starting with '.' or '-'", sec, kv->key, SIMP_MAX_NAME);
		return -EINVAL;
	}
	return kv_add(arr, n, a, kv->val, kv->line);
}

/* Where a PMU counts, from `cpumask`: a CPU list of this machine's CPUs, parsed against a bitmap so
 * a list of huge or repeated ranges costs no more than the machine has CPUs. */
static int parse_cpumask(const struct sim_machine *m, const char *v, int **out)
{
	unsigned char *seen = calloc((size_t)m->ncpus, 1);
	int n = 0, *c;

	if (!seen)
		return -ENOMEM;
	while (*v == ' ')
		v++;
	while (*v) {
		char *end;
		long a = isdigit((unsigned char)*v) ? strtol(v, &end, 10) : -1, z = a;

		if (a < 0 || a >= m->ncpus)
			goto bad;
		if (*end == '-') {
			z = isdigit((unsigned char)end[1]) ? strtol(end + 1, &end, 10) : -1;
			if (z < a || z >= m->ncpus)
				goto bad;
		}
		for (long i = a; i <= z; i++)
			seen[i] = 1;
		v = end;
		while (*v == ' ')
			v++;
		if (*v == ',')
			v++;
		else if (*v)
			goto bad;
	}
	c = malloc(sizeof(int) * (size_t)m->ncpus);
	if (!c) {
		free(seen);
		return -ENOMEM;
	}
	for (int i = 0; i < m->ncpus; i++)
		if (seen[i])
			c[n++] = i;
	free(seen);
	*out = c;
	return n;
bad:
	free(seen);
	return -EINVAL;
}

/* One "CODE[-CODE]:..." token of `constraints` or `extra_regs`: the codes (a code past 0xff names
 * event select and umask, else the event select alone), and what follows the colon in *rest. */
static int counter_codes(const char **v, uint64_t *lo, uint64_t *hi, uint64_t *match)
{
	char *end;

	*lo = *hi = strtoull(*v, &end, 0);
	if (end == *v)
		return -EINVAL;
	if (*end == '-') {
		const char *b = end + 1;

		*hi = strtoull(b, &end, 0);
		if (end == b || *hi < *lo)
			return -EINVAL;
	}
	if (*end != ':' || *hi > 0xffff)
		return -EINVAL;
	*match = *hi > 0xff ? 0xffff : 0xff;
	*v = end + 1;
	return 0;
}

/* `constraints = 0xd0-0xdf:0xf 0x01a3:0xf ...` (the kernel's event_constraint table, first match
 * wins) and `extra_regs = 0x012a:rsp0:0x3fffffffff 0x01cd:ldlat:0xffff ...` (its extra_regs: the
 * register and the config1 bits it takes); without extra_regs, `offcore`'s codes take the
 * offcore response registers in order (one code and max_offcore 2: either register). */
static int parse_counter_rules(struct simm_pmu *p, const struct simp_sec *s, char *err, size_t errlen)
{
	static const char *const regs[SIMM_NXR] = { "rsp0", "rsp1", "ldlat", "fe" };
	const char *v = simp_get(s, "constraints");
	char *end;

	while (v && *v) {
		struct simm_cons *c;

		v += strspn(v, " \t,");
		if (!*v)
			break;
		if (p->ncons == SIMM_MAXCONS)
			goto bad;
		if (!(c = realloc(p->cons, sizeof(*c) * (size_t)(p->ncons + 1)))) {
			simp_err(err, errlen, s->line, "[%s]: out of memory", s->name);
			return -ENOMEM;
		}
		p->cons = c;
		c = &p->cons[p->ncons];
		if (counter_codes(&v, &c->lo, &c->hi, &c->match))
			goto bad;
		c->mask = strtoull(v, &end, 0);
		if (end == v || !c->mask)
			goto bad;
		v = end;
		p->ncons++;
	}
	v = simp_get(s, "extra_regs");
	while (v && *v) {
		struct simm_xreg *x = &p->xreg[p->nxreg];
		uint64_t hi;
		size_t l;

		v += strspn(v, " \t,");
		if (!*v)
			break;
		if (p->nxreg == SIMM_MAXXREG || counter_codes(&v, &x->event, &hi, &x->match) || hi != x->event)
			goto bad;
		l = strcspn(v, ":");
		for (x->reg = 0; x->reg < SIMM_NXR && (strlen(regs[x->reg]) != l || strncmp(v, regs[x->reg], l)); x->reg++)
			;
		if (x->reg == SIMM_NXR || v[l] != ':')
			goto bad;
		v += l + 1;
		x->valid = strtoull(v, &end, 0);
		if (end == v)
			goto bad;
		v = end;
		p->nxreg++;
	}
	for (int i = 0; !simp_get(s, "extra_regs") && i < p->noffcore && i < 2; i++) {
		p->xreg[p->nxreg++] = (struct simm_xreg){ p->offcore[i], 0xff, SIMM_XR_RSP0 + i, ~0ull };
		if (p->noffcore == 1 && p->max_offcore >= 2)
			p->xreg[p->nxreg++] = (struct simm_xreg){ p->offcore[i], 0xff, SIMM_XR_RSP1, ~0ull };
	}
	return 0;
bad:
	simp_err(err, errlen, s->line, "[%s]: bad constraints or extra_regs near \"%.20s\"", s->name, v);
	return -EINVAL;
}

/* format.long: "config1:N" (the armv8 driver's), its bit in long_cfg1. */
static int parse_long(struct simm_pmu *p, const struct simp_sec *s, char *err, size_t errlen)
{
	const char *v = simp_get(s, "format.long");
	char *end;
	long bit;

	if (!v)
		return 0;
	if (strncmp(v, "config1:", 8) != 0 || (bit = strtol(v + 8, &end, 10)) < 0 || bit > 63 || end == v + 8 || *end) {
		simp_err(err, errlen, s->line, "[%s]: format.long is not config1:N", s->name);
		return -EINVAL;
	}
	p->long_cfg1 = 1ull << bit;
	return 0;
}

static int fill_pmu(struct sim_machine *m, struct simm_pmu *p, const struct simp_sec *s,
		    const struct core_group *g, int ng, char *err, size_t errlen)
{
	const char *kind = simp_get(s, "kind"), *cm = simp_get(s, "cpumask");
	uint64_t list[8];
	int r = 0, type;

	if (!simp_get(s, "type")) {
		simp_err(err, errlen, s->line, "[%s]: no type", s->name);
		return -EINVAL;
	}
	if (simp_int_in(s, "type", 0, 0, INT_MAX - SIMP_MAX_BOXES, &type, err, errlen))
		return -EINVAL;
	p->type = (uint32_t)type + (uint32_t)p->instance;
	p->kind = !kind ? SIMM_OTHER : !strcmp(kind, "core") ? SIMM_CORE : !strcmp(kind, "uncore") ? SIMM_UNCORE :
		  !strcmp(kind, "software") ? SIMM_SOFTWARE : SIMM_OTHER;
	if (simp_int_in(s, "gp", 0, 0, 64, &p->gp, err, errlen) ||
	    simp_int_in(s, "fixed", 0, 0, 16, &p->fixed, err, errlen) ||
	    simp_int_in(s, "width", 48, 1, 64, &p->width, err, errlen) ||
	    simp_int_in(s, "mux_ms", m->mux_ms, 1, 100000, &p->mux_ms, err, errlen) ||
	    simp_int_in(s, "max_offcore", 2, 0, 4, &p->max_offcore, err, errlen))
		return -EINVAL;
	p->noffcore = simp_u64_list(simp_get(s, "offcore"), p->offcore, 4);
	p->nfixed_ev = simp_u64_list(simp_get(s, "fixed_events"), p->fixed_ev, SIMM_MAXFIXED);
	if (p->noffcore < 0 || p->nfixed_ev < 0 || p->nfixed_ev > p->fixed) {
		simp_err(err, errlen, s->line, "[%s]: bad offcore or fixed_events", s->name);
		return -EINVAL;
	}
	if ((r = parse_counter_rules(p, s, err, errlen)))
		return r;
	if ((r = parse_long(p, s, err, errlen)))
		return r;
	for (int i = 0; i < s->n && !r; i++) {
		const struct simm_kv *kv = &s->kv[i];
		const char *k = kv->key, *v = kv->val;
		size_t l = strlen(k);

		if (!strncmp(k, "format.", 7))
			r = add_named(&p->formats, &p->nformats, k + 7, l - 7, kv, s->name, err, errlen);
		else if (!strncmp(k, "caps.", 5))
			r = add_named(&p->caps, &p->ncaps, k + 5, l - 5, kv, s->name, err, errlen);
		else if (!strncmp(k, "event.", 6) && l > 12 && !strcmp(k + l - 6, ".scale"))
			r = add_named(&p->scales, &p->nscales, k + 6, l - 12, kv, s->name, err, errlen);
		else if (!strncmp(k, "event.", 6) && l > 11 && !strcmp(k + l - 5, ".unit"))
			r = add_named(&p->units, &p->nunits, k + 6, l - 11, kv, s->name, err, errlen);
		else if (!strncmp(k, "event.", 6))
			r = add_named(&p->events, &p->nevents, k + 6, l - 6, kv, s->name, err, errlen);
		else if (!strncmp(k, "generic.", 8)) {
			int gi = simp_generic_index(k + 8);

			if (gi < 0 || simp_u64_list(v, list, 1) != 1) {
				simp_err(err, errlen, kv->line, "[%s]: bad %s", s->name, k);
				return -EINVAL;
			}
			p->has_generic[gi] = true;
			p->generic[gi] = list[0];
		}
	}
	if (r)
		return r;
	/* Where the PMU counts: a core PMU named in `cores` covers those CPUs (a `cpus`
	 * file when the machine has several core types or the PMU says cpus_file). */
	if (p->kind == SIMM_CORE) {
		bool mine[8] = { false };
		int n = 0;

		for (int gi = 0; gi < ng && gi < 8; gi++) {
			mine[gi] = !strcmp(g[gi].pmu, p->name);
			n += mine[gi] ? g[gi].cores * g[gi].threads * m->sockets : 0;
		}
		p->cpus = calloc((size_t)n + 1, sizeof(int));   /* a core PMU of no group covers no CPU */
		if (!p->cpus)
			return -ENOMEM;
		n = 0;
		for (int i = 0; i < m->ncpus; i++) {
			int gi = m->cpus[i].core_pmu;

			if (gi >= 0 && gi < ng && mine[gi])
				p->cpus[n++] = i;
		}
		p->ncpus = n;
		p->cpus_file = ng > 1 || simp_int(s, "cpus_file", 0);
		p->has_cpulist = p->cpus_file;
	} else if (cm && !strcmp(cm, "sockets")) {
		p->ncpus = socket_first_cpus(m, &p->cpus);
		p->has_cpulist = true;
	} else if (cm) {
		p->ncpus = parse_cpumask(m, cm, &p->cpus);
		p->has_cpulist = true;
		if (p->ncpus <= 0) {
			simp_err(err, errlen, simp_find(s, "cpumask")->line, "[%s]: cpumask = '%.40s': not a list of "
				 "this machine's CPUs (0-%d)", s->name, cm, m->ncpus - 1);
			return p->ncpus == -ENOMEM ? -ENOMEM : -EINVAL;
		}
	}
	return p->ncpus < 0 ? p->ncpus : 0;
}

void simm_pmu_clear(struct simm_pmu *p)
{
	struct simm_kv *arrs[] = { p->formats, p->events, p->scales, p->units, p->caps };
	int ns[] = { p->nformats, p->nevents, p->nscales, p->nunits, p->ncaps };

	for (int a = 0; a < 5; a++) {
		for (int i = 0; i < ns[a]; i++) {
			free(arrs[a][i].key);
			free(arrs[a][i].val);
		}
		free(arrs[a]);
	}
	free(p->name);
	free(p->base);
	free(p->cpus);
	free(p->rates);
	free(p->cons);
}

static int add_pmus(struct sim_machine *m, const struct simp_doc *d, const struct core_group *g, int ng,
		    char *err, size_t errlen)
{
	for (int i = 0; i < d->n; i++) {
		const struct simp_sec *s = &d->secs[i];
		char pre[96], suf[SIMP_MAX_NAME + 1];
		int lo, hi;

		if (strncmp(s->name, "pmu ", 4) != 0)
			continue;
		if (name_range(s->name + 4, pre, sizeof(pre), suf, sizeof(suf), &lo, &hi) < 0 ||
		    (lo >= 0 && hi - lo >= SIMP_MAX_PMUS - m->npmus)) {
			simp_err(err, errlen, s->line, "[%s]: bad instance range (want {a..b}, at most %d PMUs in all)",
				 s->name, SIMP_MAX_PMUS);
			return -EINVAL;
		}
		for (int k = lo < 0 ? 0 : lo; k <= (lo < 0 ? 0 : hi); k++) {
			struct simm_pmu *p;
			char nm[96 + 12 + SIMP_MAX_NAME + 1];
			void *n = realloc(m->pmus, (size_t)(m->npmus + 1) * sizeof(*m->pmus));
			int r;

			if (!n)
				return -ENOMEM;
			m->pmus = n;
			p = &m->pmus[m->npmus++];
			memset(p, 0, sizeof(*p));
			if (lo < 0)
				snprintf(nm, sizeof(nm), "%s", pre);
			else
				snprintf(nm, sizeof(nm), "%s%d%s", pre, k, suf);
			p->name = xstrdup(nm);
			if (!simp_name_ok(nm)) {
				simp_err(err, errlen, s->line, "[%s]: PMU name '%.80s' is not 1-%d characters of "
					 "A-Z a-z 0-9 _ . - (not starting with '.' or '-')", s->name, nm, SIMP_MAX_NAME);
				return -EINVAL;
			}
			/* "uncore_imc_" -> "uncore_imc": the base a [rates] section may name */
			p->base = xstrdup(pre);
			if (lo >= 0 && p->base[0] && p->base[strlen(p->base) - 1] == '_')
				p->base[strlen(p->base) - 1] = 0;
			p->instance = lo < 0 ? 0 : k - lo;
			p->line = s->line;
			r = fill_pmu(m, p, s, g, ng, err, errlen);
			if (r)
				return r;
		}
	}
	return 0;
}

static void resolve_core_pmus(struct sim_machine *m, const struct core_group *g, int ng)
{
	int pmu_of[8];

	for (int gi = 0; gi < ng; gi++) {
		pmu_of[gi] = -1;
		for (int j = 0; j < m->npmus; j++)
			if (m->pmus[j].kind == SIMM_CORE && !strcmp(m->pmus[j].name, g[gi].pmu))
				pmu_of[gi] = j;
	}
	for (int i = 0; i < m->ncpus; i++)
		m->cpus[i].core_pmu = pmu_of[m->cpus[i].core_pmu];
}

static const struct sim_machine *sort_m;

static int by_name(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b, c = strcmp(sort_m->pmus[x].name, sort_m->pmus[y].name);

	return c ? c : x - y;
}

static int by_type(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	uint32_t tx = sort_m->pmus[x].type, ty = sort_m->pmus[y].type;

	return tx != ty ? (tx > ty) - (tx < ty) : x - y;
}

/* Names are folders of the tree and types how perf_event_open finds a PMU: each must be unique.
 * Sorted, so thousands of PMUs cost n log n. */
static int check_unique(const struct sim_machine *m, char *err, size_t errlen)
{
	int *ix = malloc(sizeof(int) * (size_t)(m->npmus + 1)), r = 0;

	if (!ix)
		return -ENOMEM;
	for (int i = 0; i < m->npmus; i++)
		ix[i] = i;
	sort_m = m;
	qsort(ix, (size_t)m->npmus, sizeof(int), by_name);
	for (int i = 1; i < m->npmus && !r; i++)
		if (!strcmp(m->pmus[ix[i - 1]].name, m->pmus[ix[i]].name)) {
			simp_err(err, errlen, m->pmus[ix[i]].line, "a PMU named %s is described twice", m->pmus[ix[i]].name);
			r = -EINVAL;
		}
	qsort(ix, (size_t)m->npmus, sizeof(int), by_type);
	for (int i = 1; i < m->npmus && !r; i++)
		if (m->pmus[ix[i - 1]].type == m->pmus[ix[i]].type) {
			simp_err(err, errlen, m->pmus[ix[i]].line, "PMUs %s and %s share type %u", m->pmus[ix[i - 1]].name,
				 m->pmus[ix[i]].name, m->pmus[ix[i]].type);
			r = -EINVAL;
		}
	free(ix);
	return r;
}

static int build(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen)
{
	const struct simp_sec *ms = NULL;
	struct core_group g[8];
	int ng, r;

	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->secs[i].name, "machine"))
			ms = &d->secs[i];
	if (!ms) {
		simp_err(err, errlen, 0, "no [machine] section");
		return -EINVAL;
	}
	m->description = xstrdup(simp_get(ms, "description"));
	if (simp_int_in(ms, "nmi_watchdog", 0, 0, 1, &m->nmi_watchdog, err, errlen) ||
	    simp_int_in(ms, "paranoid", 2, -1, 4, &m->paranoid, err, errlen) ||
	    simp_int_in(ms, "mux_ms", 4, 1, 100000, &m->mux_ms, err, errlen) ||
	    simp_double_in(ms, "mhz", 2000, 1, 1e5, &m->mhz, err, errlen))
		return -EINVAL;
	m->vendor = xstrdup(simp_get(ms, "vendor"));
	m->model = xstrdup(simp_get(ms, "model"));
	m->flags = xstrdup(simp_get(ms, "flags"));
	m->implementer = xstrdup(simp_get(ms, "implementer"));
	m->part = xstrdup(simp_get(ms, "part"));
	m->cpuid = xstrdup(simp_get(ms, "cpuid"));  /* vendor tables' key; Arm: the MIDR, as midr_el1 */
	m->family = simp_int(ms, "family", 6);
	m->model_id = simp_int(ms, "model_id", 0);
	m->stepping = simp_int(ms, "stepping", 0);
	m->seed = (uint64_t)simp_int(ms, "seed", 1);
	r = build_topology(m, ms, g, &ng, err, errlen);
	r = r ? r : add_pmus(m, d, g, ng, err, errlen);
	if (r)
		return r;
	if ((r = check_unique(m, err, errlen)))
		return r;
	resolve_core_pmus(m, g, ng);
	r = simp_rates(m, d, err, errlen);
	r = r ? r : simp_boxes(m, d, err, errlen);
	r = r ? r : simp_discovery(m, d, err, errlen);
	return r;
}

struct sim_machine *simm_parse(const char *file, const char *name, const char *text, size_t len,
			       char *err, size_t errlen)
{
	struct simp_doc d = { 0 };
	struct sim_machine *m;
	char why[300] = "";
	int line;

	if (memchr(text, 0, len)) {
		simp_err(err, errlen, 0, "%s: not a machine description (holds NUL bytes)", file);
		return NULL;
	}
	line = simp_doc_read(text, len, &d);
	if (line != 0) {
		simp_err(err, errlen, 0, "%s:%d: %s", file, line, line < 0 ? "out of memory" : d.bad ? d.bad : "syntax error");
		simp_doc_free(&d);
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (m) {
		m->name = xstrdup(name);
		if (build(m, &d, why, sizeof(why))) {
			/* "LINE: text" from the builders; FILE: in front either way */
			simp_err(err, errlen, 0, "%s:%s%s", file, isdigit((unsigned char)why[0]) ? "" : " ",
			     why[0] ? why : "out of memory");
			simm_free(m);
			m = NULL;
		}
	} else {
		simp_err(err, errlen, 0, "%s: out of memory", file);
	}
	simp_doc_free(&d);
	return m;
}

void simm_free(struct sim_machine *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->npmus; i++)
		simm_pmu_clear(&m->pmus[i]);
	free(m->pmus);
	free(m->cpus);
	free(m->boxes);
	free(m->pci);
	free(m->name);
	free(m->description);
	free(m->vendor);
	free(m->model);
	free(m->flags);
	free(m->implementer);
	free(m->part);
	free(m->cpuid);
	free(m);
}

const char *simm_name(const struct sim_machine *m) { return m->name; }
