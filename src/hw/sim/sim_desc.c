/* sim_desc.c: load a machine description (INI text, built in or from a file) into struct sim_machine. */
#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/cpulist.h"
#include "hw/sim/sim_desc.h"
#include "hw/sim/sim_parse.h"

struct sim_embedded { const char *name; const char *text; };
extern const struct sim_embedded sim_embedded_machines[];

static void errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* --- the raw INI: sections of key/value pairs, in file order --- */

static int ini_cb(void *user, const char *section, const char *name, const char *value)
{
	struct simp_doc *d = user;
	struct simp_sec *s = d->n ? &d->secs[d->n - 1] : NULL;

	if (!s || strcmp(s->name, section) != 0) {
		void *n = realloc(d->secs, (size_t)(d->n + 1) * sizeof(*d->secs));

		if (!n)
			return 0;
		d->secs = n;
		s = &d->secs[d->n++];
		memset(s, 0, sizeof(*s));
		s->name = strdup(section);
		if (!s->name)
			return 0;
	}
	/* A repeated key continues the value (long flag lists, multi-line values). */
	for (int i = 0; i < s->n; i++) {
		if (strcmp(s->kv[i].key, name) == 0) {
			size_t l = strlen(s->kv[i].val) + strlen(value) + 2;
			char *v = malloc(l);

			if (!v)
				return 0;
			snprintf(v, l, "%s %s", s->kv[i].val, value);
			free(s->kv[i].val);
			s->kv[i].val = v;
			return 1;
		}
	}
	void *n = realloc(s->kv, (size_t)(s->n + 1) * sizeof(*s->kv));

	if (!n)
		return 0;
	s->kv = n;
	s->kv[s->n].key = strdup(name);
	s->kv[s->n].val = strdup(value);
	if (!s->kv[s->n].key || !s->kv[s->n].val)
		return 0;
	s->n++;
	return 1;
}

static void doc_free(struct simp_doc *d)
{
	for (int i = 0; i < d->n; i++) {
		for (int j = 0; j < d->secs[i].n; j++) {
			free(d->secs[i].kv[j].key);
			free(d->secs[i].kv[j].val);
		}
		free(d->secs[i].kv);
		free(d->secs[i].name);
	}
	free(d->secs);
}

const char *simp_get(const struct simp_sec *s, const char *key)
{
	for (int i = 0; s && i < s->n; i++)
		if (strcmp(s->kv[i].key, key) == 0)
			return s->kv[i].val;
	return NULL;
}

int simp_int(const struct simp_sec *s, const char *key, int dflt)
{
	const char *v = simp_get(s, key);

	return v ? (int)strtol(v, NULL, 0) : dflt;
}

double simp_double(const struct simp_sec *s, const char *key, double dflt)
{
	const char *v = simp_get(s, key);

	return v ? strtod(v, NULL) : dflt;
}

/* Parse whitespace or comma separated integers (decimal or 0x hex) into out. */
int simp_u64_list(const char *v, uint64_t *out, int max)
{
	int n = 0;

	while (v && *v && n < max) {
		char *end;

		while (*v == ' ' || *v == ',' || *v == '\t')
			v++;
		if (!*v)
			break;
		out[n] = strtoull(v, &end, 0);
		if (end == v)
			return -EINVAL;
		n++;
		v = end;
	}
	return n;
}

static char *xstrdup(const char *s)
{
	return strdup(s ? s : "");
}

/* --- topology: cores = PMU:NxT[,PMU:NxT...] per socket --- */

struct core_group { char pmu[48]; int cores, threads; };

static int parse_core_groups(const char *v, struct core_group *g, int max)
{
	int n = 0;

	while (v && *v && n < max) {
		const char *colon = strchr(v, ':'), *comma = strchr(v, ',');

		if (!colon || (comma && comma < colon))
			return -EINVAL;
		snprintf(g[n].pmu, sizeof(g[n].pmu), "%.*s", (int)(colon - v), v);
		if (sscanf(colon + 1, "%dx%d", &g[n].cores, &g[n].threads) != 2 ||
		    g[n].cores <= 0 || g[n].threads <= 0 || g[n].threads > 8)
			return -EINVAL;
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
	int smt_last, nps, cps = 0, c, k = 0;

	*ng = parse_core_groups(simp_get(s, "cores"), g, 8);
	m->sockets = simp_int(s, "sockets", 1);
	m->dies = simp_int(s, "dies", 1);
	m->numa_nodes = simp_int(s, "numa_nodes", m->sockets);
	if (*ng <= 0 || m->sockets <= 0 || m->sockets > 64 || m->dies <= 0 || m->numa_nodes < m->sockets ||
	    m->numa_nodes % m->sockets) {
		errf(err, errlen, "[machine]: bad cores/sockets/dies/numa_nodes");
		return -EINVAL;
	}
	m->threads_max = 1;
	for (int i = 0; i < *ng; i++) {
		cps += g[i].cores;
		m->ncpus += g[i].cores * g[i].threads * m->sockets;
		if (g[i].threads > m->threads_max)
			m->threads_max = g[i].threads;
	}
	if (m->ncpus > 8192) {
		errf(err, errlen, "[machine]: too many CPUs (%d)", m->ncpus);
		return -EINVAL;
	}
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
	if (!e || sscanf(b, "{%d..%d}", lo, hi) != 2 || *lo < 0 || *hi < *lo || *hi - *lo > 4095)
		return -EINVAL;
	snprintf(pre, plen, "%.*s", (int)(b - name), name);
	snprintf(suf, slen, "%s", e + 1);
	return 0;
}

static int kv_add(struct simm_kv **arr, int *n, const char *k, const char *v)
{
	void *p = realloc(*arr, (size_t)(*n + 1) * sizeof(**arr));

	if (!p)
		return -ENOMEM;
	*arr = p;
	(*arr)[*n].key = xstrdup(k);
	(*arr)[*n].val = xstrdup(v);
	(*n)++;
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

static int fill_pmu(struct sim_machine *m, struct simm_pmu *p, const struct simp_sec *s,
		    const struct core_group *g, int ng, char *err, size_t errlen)
{
	const char *kind = simp_get(s, "kind"), *cm = simp_get(s, "cpumask");
	uint64_t list[8];
	int r = 0;

	p->type = (uint32_t)simp_int(s, "type", -1) + (uint32_t)p->instance;
	if (!simp_get(s, "type")) {
		errf(err, errlen, "[%s]: no type", s->name);
		return -EINVAL;
	}
	p->kind = !kind ? SIMM_OTHER : !strcmp(kind, "core") ? SIMM_CORE : !strcmp(kind, "uncore") ? SIMM_UNCORE :
		  !strcmp(kind, "software") ? SIMM_SOFTWARE : SIMM_OTHER;
	p->gp = simp_int(s, "gp", 0);
	p->fixed = simp_int(s, "fixed", 0);
	p->width = simp_int(s, "width", 48);
	p->mux_ms = simp_int(s, "mux_ms", m->mux_ms);
	p->max_offcore = simp_int(s, "max_offcore", 2);
	p->noffcore = simp_u64_list(simp_get(s, "offcore"), p->offcore, 4);
	p->nfixed_ev = simp_u64_list(simp_get(s, "fixed_events"), p->fixed_ev, SIMM_MAXFIXED);
	if (p->noffcore < 0 || p->nfixed_ev < 0 || p->nfixed_ev > p->fixed) {
		errf(err, errlen, "[%s]: bad offcore or fixed_events", s->name);
		return -EINVAL;
	}
	for (int i = 0; i < s->n && !r; i++) {
		const char *k = s->kv[i].key, *v = s->kv[i].val;
		size_t l = strlen(k);

		if (!strncmp(k, "format.", 7))
			r = kv_add(&p->formats, &p->nformats, k + 7, v);
		else if (!strncmp(k, "caps.", 5))
			r = kv_add(&p->caps, &p->ncaps, k + 5, v);
		else if (!strncmp(k, "event.", 6) && l > 12 && !strcmp(k + l - 6, ".scale")) {
			char a[96];

			snprintf(a, sizeof(a), "%.*s", (int)(l - 12), k + 6);
			r = kv_add(&p->scales, &p->nscales, a, v);
		} else if (!strncmp(k, "event.", 6) && l > 11 && !strcmp(k + l - 5, ".unit")) {
			char a[96];

			snprintf(a, sizeof(a), "%.*s", (int)(l - 11), k + 6);
			r = kv_add(&p->units, &p->nunits, a, v);
		} else if (!strncmp(k, "event.", 6))
			r = kv_add(&p->events, &p->nevents, k + 6, v);
		else if (!strncmp(k, "generic.", 8)) {
			int gi = simp_generic_index(k + 8);

			if (gi < 0 || simp_u64_list(v, list, 1) != 1) {
				errf(err, errlen, "[%s]: bad %s", s->name, k);
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
		int n = 0;

		p->cpus = calloc((size_t)m->ncpus, sizeof(int));
		if (!p->cpus)
			return -ENOMEM;
		for (int i = 0; i < m->ncpus; i++) {
			int gi = m->cpus[i].core_pmu;

			if (gi >= 0 && gi < ng && !strcmp(g[gi].pmu, p->name))
				p->cpus[n++] = i;
		}
		p->ncpus = n;
		p->cpus_file = ng > 1 || simp_int(s, "cpus_file", 0);
		p->has_cpulist = p->cpus_file;
	} else if (cm && !strcmp(cm, "sockets")) {
		p->ncpus = socket_first_cpus(m, &p->cpus);
		p->has_cpulist = true;
	} else if (cm) {
		p->ncpus = cpulist_parse(cm, &p->cpus);
		p->has_cpulist = true;
		if (p->ncpus <= 0 || p->cpus[p->ncpus - 1] >= m->ncpus) {
			errf(err, errlen, "[%s]: bad cpumask", s->name);
			return -EINVAL;
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
}

static int add_pmus(struct sim_machine *m, const struct simp_doc *d, const struct core_group *g, int ng,
		    char *err, size_t errlen)
{
	for (int i = 0; i < d->n; i++) {
		const struct simp_sec *s = &d->secs[i];
		char pre[96], suf[32];
		int lo, hi;

		if (strncmp(s->name, "pmu ", 4) != 0)
			continue;
		if (name_range(s->name + 4, pre, sizeof(pre), suf, sizeof(suf), &lo, &hi) < 0) {
			errf(err, errlen, "[%s]: bad instance range", s->name);
			return -EINVAL;
		}
		for (int k = lo < 0 ? 0 : lo; k <= (lo < 0 ? 0 : hi); k++) {
			struct simm_pmu *p;
			char nm[160];
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
			/* "uncore_imc_" -> "uncore_imc": the base a [rates] section may name */
			p->base = xstrdup(pre);
			if (lo >= 0 && p->base[0] && p->base[strlen(p->base) - 1] == '_')
				p->base[strlen(p->base) - 1] = 0;
			p->instance = lo < 0 ? 0 : k - lo;
			r = fill_pmu(m, p, s, g, ng, err, errlen);
			if (r)
				return r;
		}
	}
	return 0;
}

static void resolve_core_pmus(struct sim_machine *m, const struct core_group *g)
{
	for (int i = 0; i < m->ncpus; i++) {
		const char *want = g[m->cpus[i].core_pmu].pmu;

		m->cpus[i].core_pmu = -1;
		for (int j = 0; j < m->npmus; j++)
			if (m->pmus[j].kind == SIMM_CORE && !strcmp(m->pmus[j].name, want))
				m->cpus[i].core_pmu = j;
	}
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
		errf(err, errlen, "no [machine] section");
		return -EINVAL;
	}
	m->description = xstrdup(simp_get(ms, "description"));
	m->vendor = xstrdup(simp_get(ms, "vendor"));
	m->model = xstrdup(simp_get(ms, "model"));
	m->flags = xstrdup(simp_get(ms, "flags"));
	m->implementer = xstrdup(simp_get(ms, "implementer"));
	m->part = xstrdup(simp_get(ms, "part"));
	m->cpuid = xstrdup(simp_get(ms, "cpuid"));  /* vendor tables' key; Arm: the MIDR, as midr_el1 */
	m->family = simp_int(ms, "family", 6);
	m->model_id = simp_int(ms, "model_id", 0);
	m->stepping = simp_int(ms, "stepping", 0);
	m->mhz = simp_double(ms, "mhz", 2000);
	m->nmi_watchdog = simp_int(ms, "nmi_watchdog", 0);
	m->paranoid = simp_int(ms, "paranoid", 2);
	m->mux_ms = simp_int(ms, "mux_ms", 4);
	r = build_topology(m, ms, g, &ng, err, errlen);
	r = r ? r : add_pmus(m, d, g, ng, err, errlen);
	if (r)
		return r;
	/* the type is how perf_event_open finds a PMU: two PMUs with one number is a description bug */
	for (int i = 0; i < m->npmus; i++)
		for (int j = i + 1; j < m->npmus; j++)
			if (m->pmus[i].type == m->pmus[j].type) {
				errf(err, errlen, "PMUs %s and %s share type %u", m->pmus[i].name, m->pmus[j].name,
				     m->pmus[i].type);
				return -EINVAL;
			}
	resolve_core_pmus(m, g);
	r = simp_rates(m, d, err, errlen);
	r = r ? r : simp_boxes(m, d, err, errlen);
	r = r ? r : simp_discovery(m, d, err, errlen);
	return r;
}

static struct sim_machine *load_text(const char *name, const char *text, char *err, size_t errlen)
{
	struct simp_doc d = { 0 };
	struct sim_machine *m;
	int line = ini_parse_string(text, ini_cb, &d);

	if (line != 0) {
		errf(err, errlen, "%s: %s at line %d", name, line < 0 ? "out of memory" : "syntax error", line);
		doc_free(&d);
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (m) {
		m->name = xstrdup(name);
		if (build(m, &d, err, errlen)) {
			simm_free(m);
			m = NULL;
		}
	}
	doc_free(&d);
	return m;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4097 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n > 0 && len < (16u << 20));
	fclose(f);
	buf[len] = 0;
	return buf;
}

struct sim_machine *simm_load(const char *name_or_path, char *err, size_t errlen)
{
	if (!name_or_path || !*name_or_path) {
		errf(err, errlen, "no machine given");
		return NULL;
	}
	for (int i = 0; sim_embedded_machines[i].name; i++)
		if (!strcmp(sim_embedded_machines[i].name, name_or_path))
			return load_text(name_or_path, sim_embedded_machines[i].text, err, errlen);
	if (strchr(name_or_path, '/') || strstr(name_or_path, ".machine")) {
		char *text = slurp(name_or_path), nm[128];
		const char *b = strrchr(name_or_path, '/');
		struct sim_machine *m;

		if (!text) {
			errf(err, errlen, "%s: %s", name_or_path, strerror(errno ? errno : EIO));
			return NULL;
		}
		snprintf(nm, sizeof(nm), "%s", b ? b + 1 : name_or_path);
		if (strstr(nm, ".machine"))
			*strstr(nm, ".machine") = 0;
		m = load_text(nm, text, err, errlen);
		free(text);
		return m;
	}
	errf(err, errlen, "unknown machine '%s' (built in: see --sim list)", name_or_path);
	return NULL;
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

const char *const *simm_builtin_names(void)
{
	static const char *names[64];

	if (!names[0])
		for (int i = 0, k = 0; sim_embedded_machines[i].name && k < 63; i++)
			names[k++] = sim_embedded_machines[i].name;
	return names;
}
