/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_machine.c: rates, uncore boxes and discovery devices of a description, and the accessors over them. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_load.h"
#include "sim_parse.h"

uint64_t simm_hash(uint64_t a, uint64_t b)
{
	/* splitmix64 over both words: deterministic, well spread, cheap */
	uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e019ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double unit_hash(uint64_t a, uint64_t b)
{
	return (double)(simm_hash(a, b) >> 11) / (double)(1ull << 53);
}

/* --- alias terms through the PMU's formats --- */

static int format_apply(const char *fmt, uint64_t val, uint64_t cfg[3])
{
	int field = 0, shift = 0;
	const char *p;

	if (!strncmp(fmt, "config1:", 8))
		field = 1;
	else if (!strncmp(fmt, "config2:", 8))
		field = 2;
	else if (strncmp(fmt, "config:", 7))
		return -EINVAL;
	p = strchr(fmt, ':') + 1;
	while (*p) {
		char *end;
		int lo = (int)strtol(p, &end, 10), hi = lo;

		if (end == p)
			return -EINVAL;
		if (*end == '-')
			hi = (int)strtol(end + 1, &end, 10);
		if (lo < 0 || hi > 63 || hi < lo)
			return -EINVAL;
		for (int b = lo; b <= hi; b++, shift++)
			if (shift < 64 && (val >> shift & 1))
				cfg[field] |= 1ull << b;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -EINVAL;
	}
	return 0;
}

int simm_terms_config(const struct simm_pmu *p, const char *terms, uint64_t cfg[3])
{
	char buf[256], *save = NULL;

	cfg[0] = cfg[1] = cfg[2] = 0;
	snprintf(buf, sizeof(buf), "%s", terms);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		uint64_t v = 1;
		int found = 0;

		while (*t == ' ')
			t++;
		if (eq) {
			*eq = 0;
			v = strtoull(eq + 1, NULL, 0);
		}
		for (int i = 0; i < p->nformats; i++)
			if (!strcmp(p->formats[i].key, t)) {
				if (format_apply(p->formats[i].val, v, cfg))
					return -EINVAL;
				found = 1;
			}
		if (!found)
			return -EINVAL;
	}
	return 0;
}

/* --- rates --- */

static int rate_add(struct simm_pmu *p, uint64_t config, double rate)
{
	void *n = realloc(p->rates, (size_t)(p->nrates + 1) * sizeof(*p->rates));

	if (!n)
		return -ENOMEM;
	p->rates = n;
	p->rates[p->nrates].config = config;
	p->rates[p->nrates++].rate = rate;
	return 0;
}

static const struct { const char *name; int config; } sw_names[] = {
	{ "page-faults", 2 }, { "context-switches", 3 }, { "cpu-migrations", 4 }, { "minor-faults", 5 },
	{ "major-faults", 6 }, { "alignment-faults", 7 }, { "emulation-faults", 8 }, { "cgroup-switches", 11 },
};

static int pmu_rates(struct simm_pmu *p, const struct simp_sec *s, char *err, size_t errlen)
{
	if (simp_double_in(s, "spread", 0.2, 0, 1, &p->spread, err, errlen) ||
	    simp_double_in(s, "jitter", 0.1, 0, 1, &p->jitter, err, errlen) ||
	    simp_double_in(s, "default", 0, 0, SIMP_MAX_RATE, &p->default_rate, err, errlen))
		return -EINVAL;
	p->has_default = simp_get(s, "default") != NULL;
	if (simp_double_in(s, "ghz_min", 0, 0, 20, &p->ghz_min, err, errlen) ||
	    simp_double_in(s, "ghz_max", 0, 0, 20, &p->ghz_max, err, errlen) ||
	    simp_double_in(s, "tsc_ghz", 0, 0, 20, &p->tsc_ghz, err, errlen))
		return -EINVAL;
	if (p->ghz_max > 0 && !(p->ghz_min > 0 && p->ghz_min <= p->ghz_max)) {
		snprintf(err, errlen, "[%s]: need 0 < ghz_min <= ghz_max < 20 and tsc_ghz < 20", s->name);
		return -EINVAL;
	}
	for (int i = 0; i < s->n; i++) {
		const char *k = s->kv[i].key;
		double rate = strtod(s->kv[i].val, NULL);
		uint64_t cfg[3] = { 0 };
		int gi = simp_generic_index(k), r = -EINVAL;

		if (!strcmp(k, "spread") || !strcmp(k, "jitter") || !strcmp(k, "default") ||
		    !strcmp(k, "ghz_min") || !strcmp(k, "ghz_max") || !strcmp(k, "tsc_ghz"))
			continue;
		if (gi >= 0 && p->has_generic[gi])
			r = 0, cfg[0] = p->generic[gi];
		else if (k[0] == 'r' && k[1]) {
			char *end;

			cfg[0] = strtoull(k + 1, &end, 16);
			r = *end ? -EINVAL : 0;
		} else if (!strncmp(k, "0x", 2))
			r = simp_u64_list(k, cfg, 1) == 1 ? 0 : -EINVAL;
		else
			for (int j = 0; j < p->nevents; j++)
				if (!strcmp(p->events[j].key, k))
					r = simm_terms_config(p, p->events[j].val, cfg);
		if (r || !(rate >= 0 && rate <= SIMP_MAX_RATE)) {
			simp_err(err, errlen, s->kv[i].line, "[rates %s]: cannot resolve '%s' on %s, or its rate is "
				 "not from 0 to %g per second", s->name + 6, k, p->name, SIMP_MAX_RATE);
			return -EINVAL;
		}
		r = rate_add(p, cfg[0], rate);
		if (r)
			return r;
	}
	return 0;
}

int simp_rates(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen)
{
	for (int i = 0; i < d->n; i++) {
		const struct simp_sec *s = &d->secs[i];
		const char *nm = s->name + 6;
		int hit = 0;

		if (strncmp(s->name, "rates ", 6))
			continue;
		if (!strcmp(nm, "software")) {
			for (size_t k = 0; k < sizeof(sw_names) / sizeof(sw_names[0]); k++)
				if (simp_double_in(s, sw_names[k].name, 0, 0, SIMP_MAX_RATE, &m->sw_rate[sw_names[k].config],
						   err, errlen))
					return -EINVAL;
			continue;
		}
		for (int j = 0; j < m->npmus; j++) {
			struct simm_pmu *p = &m->pmus[j];

			if (strcmp(p->name, nm) && strcmp(p->base, nm))
				continue;
			hit = 1;
			if (pmu_rates(p, s, err, errlen))
				return -EINVAL;
		}
		if (!hit) {
			simp_err(err, errlen, s->line, "[%s]: no such PMU", s->name);
			return -EINVAL;
		}
	}
	return 0;
}

int simm_pmu_covers(const struct simm_pmu *p, int cpu)
{
	int lo = 0, hi = p->ncpus - 1;

	if (!p->cpus)
		return 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (p->cpus[mid] == cpu)
			return 1;
		if (p->cpus[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}

double simm_rate_of(const struct simm_pmu *p, int cpu, uint64_t config)
{
	double base = -1, load, jit;

	for (int i = 0; i < p->nrates; i++)
		if (p->rates[i].config == config)
			base = p->rates[i].rate;
	/* An event the description does not list still counts, at a rate derived from
	 * its config so it is stable from run to run and differs between events. */
	if (base < 0)
		base = (p->has_default ? p->default_rate : 1e6) * (0.5 + unit_hash(config, p->type));
	/* the CPU's load (shared by its events) and a per-event wobble: IPC and miss
	 * rates then differ per CPU the way a loaded machine's do */
	load = 1 + p->spread * (2 * unit_hash((uint64_t)cpu, 0x10ad) - 1);
	jit = 1 + p->jitter * (2 * unit_hash((uint64_t)cpu << 32 | p->type, config) - 1);
	return base * load * jit;
}

/* --- boxes --- */

static int access_of(const char *v)
{
	if (!v || !strcmp(v, "msr"))
		return 0;
	return !strcmp(v, "mmio") ? 1 : !strcmp(v, "pci") ? 2 : -1;
}

static int box_cmp(const void *a, const void *b)
{
	const struct sim_box *x = a, *y = b;

	if (x->socket != y->socket)
		return x->socket - y->socket;
	if (x->type != y->type)
		return x->type - y->type;
	return x->box_id - y->box_id;
}

static int section_boxes(struct sim_machine *m, const struct simp_sec *s, const char *name, char *err, size_t errlen)
{
	uint64_t ctrl[64];
	int nctrl = simp_u64_list(simp_get(s, "box.ctrl"), ctrl, 64), lo = 0, hi = 0, acc, nb;
	const char *b = strchr(name, '{');
	uint64_t sstep = (uint64_t)strtoull(simp_get(s, "box.socket_step") ? simp_get(s, "box.socket_step") : "0", NULL, 0);
	int type, id_base, counters, width, ctl_off, ctr_off;
	char pre[96];
	void *n;

	acc = access_of(simp_get(s, "box.access"));
	if (b && simp_range(b, &lo, &hi) < 0) {
		simp_err(err, errlen, s->line, "[%s]: bad box range (want {a..b}, at most %d boxes)", s->name, SIMP_MAX_BOXES);
		return -EINVAL;
	}
	snprintf(pre, sizeof(pre), "%.*s", b ? (int)(b - name) : (int)strlen(name), name);
	if (nctrl <= 0 || acc < 0) {
		simp_err(err, errlen, s->line, "[%s]: box.ctrl and box.access are required", s->name);
		return -EINVAL;
	}
	if (simp_int_in(s, "box.type", 0, 0, 0xffff, &type, err, errlen) ||
	    simp_int_in(s, "box.id_base", 0, 0, 0xffff, &id_base, err, errlen) ||
	    simp_int_in(s, "box.counters", 4, 1, 64, &counters, err, errlen) ||
	    simp_int_in(s, "box.width", 48, 1, 64, &width, err, errlen) ||
	    simp_int_in(s, "box.ctl_offset", 0, 0, 0xffff, &ctl_off, err, errlen) ||
	    simp_int_in(s, "box.ctr_offset", 8, 0, 0xffff, &ctr_off, err, errlen))
		return -EINVAL;
	/* boxes of the whole machine: ranges times sockets, checked before anything is allocated */
	if (__builtin_mul_overflow(hi - lo + 1, m->sockets, &nb) || __builtin_add_overflow(nb, m->nboxes, &nb) ||
	    nb > SIMP_MAX_BOXES || id_base + (hi - lo) > 0xffff) {
		simp_err(err, errlen, s->line, "[%s]: more than %d uncore boxes in all (or box ids past 0xffff)",
			 s->name, SIMP_MAX_BOXES);
		return -EINVAL;
	}
	n = realloc(m->boxes, (size_t)nb * sizeof(*m->boxes));
	if (!n)
		return -ENOMEM;
	m->boxes = n;
	for (int so = 0; so < m->sockets; so++)
		for (int k = lo; k <= hi; k++) {
			int i = k - lo;
			struct sim_box *x = &m->boxes[m->nboxes++];

			memset(x, 0, sizeof(*x));
			x->socket = so;
			x->type = type;
			x->box_id = id_base + i;
			x->access = acc;
			/* listed addresses first; past the list, keep the last step */
			if (i < nctrl)
				x->ctrl = ctrl[i];
			else
				x->ctrl = ctrl[nctrl - 1] + (uint64_t)(i - nctrl + 1) *
					  (nctrl > 1 ? ctrl[nctrl - 1] - ctrl[nctrl - 2] : 0x10);
			x->ctrl += sstep * (uint64_t)so;
			x->num_counters = counters;
			x->counter_width = width;
			x->ctl_offset = ctl_off;
			x->ctr_offset = ctr_off;
			if (!strncmp(s->name, "pmu ", 4))
				snprintf(x->pmu, sizeof(x->pmu), "%.36s%d%.6s", pre, k, b ? strchr(b, '}') + 1 : "");
			if (!b && !strncmp(s->name, "pmu ", 4))
				snprintf(x->pmu, sizeof(x->pmu), "%.47s", pre);
		}
	return 0;
}

int simp_boxes(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen)
{
	for (int i = 0; i < d->n; i++) {
		const struct simp_sec *s = &d->secs[i];
		int r;

		if (!simp_get(s, "box.type"))
			continue;
		if (strncmp(s->name, "pmu ", 4) && strncmp(s->name, "box ", 4))
			continue;
		r = section_boxes(m, s, s->name + 4, err, errlen);
		if (r)
			return r;
	}
	if (m->nboxes)
		qsort(m->boxes, (size_t)m->nboxes, sizeof(*m->boxes), box_cmp);
	return 0;
}

int simp_discovery(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen)
{
	const struct simp_sec *s = NULL;
	uint64_t bars[64], ids[8], vd[2] = { 0x8086, 0x09a7 };
	char bdfs[512], *save = NULL;
	int nbars;

	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->secs[i].name, "discovery"))
			s = &d->secs[i];
	if (!s)
		return 0;
	snprintf(bdfs, sizeof(bdfs), "%s", simp_get(s, "bdf") ? simp_get(s, "bdf") : "");
	nbars = simp_u64_list(simp_get(s, "bar"), bars, 64);
	m->pci = calloc((size_t)m->sockets, sizeof(*m->pci));
	if (!m->pci)
		return -ENOMEM;
	if (simp_get(s, "device"))
		sscanf(simp_get(s, "device"), "%lx:%lx", (unsigned long *)&vd[0], (unsigned long *)&vd[1]);
	for (char *t = strtok_r(bdfs, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
		const struct simm_kv *kv = simp_find(s, "bdf"), *bs = simp_find(s, "bar_size");
		struct simm_pci *p = &m->pci[m->npci];
		char *end = NULL;

		if (m->npci == m->sockets) {
			simp_err(err, errlen, kv->line, "[discovery]: more devices than sockets (%d)", m->sockets);
			return -EINVAL;
		}
		/* the address names a directory of the tree: only the shape sysfs gives it */
		if (!simp_bdf_ok(t)) {
			simp_err(err, errlen, kv->line, "[discovery]: bdf '%.20s' is not a PCI address DDDD:BB:DD.F", t);
			return -EINVAL;
		}
		for (int k = 0; k < m->npci; k++)
			if (!strcmp(m->pci[k].bdf, t)) {
				simp_err(err, errlen, kv->line, "[discovery]: bdf %s given twice", t);
				return -EINVAL;
			}
		snprintf(p->bdf, sizeof(p->bdf), "%s", t);
		p->socket = m->npci;
		p->node = p->socket * (m->numa_nodes / m->sockets);
		p->vendor = (uint16_t)vd[0];
		p->device = (uint16_t)vd[1];
		p->class_rev = (uint32_t)simp_int(s, "class", 0x088000) << 8 | (uint32_t)simp_int(s, "rev", 0);
		p->bar = m->npci < nbars ? bars[m->npci] : 0;
		p->bar_size = bs ? strtoull(bs->val, &end, 0) : 0x10000;
		if (bs && (end == bs->val || p->bar_size < 4096 || p->bar_size > SIMP_MAX_BAR)) {
			simp_err(err, errlen, bs->line, "[discovery]: bar_size '%.20s' is not from 4096 to %u bytes",
				 bs->val, SIMP_MAX_BAR);
			return -EINVAL;
		}
		if (simp_int_in(s, "bir", 0, 0, 5, &p->bir, err, errlen) ||
		    simp_int_in(s, "table_type", 0, 0, 0xffff, &p->table_type, err, errlen) ||
		    simp_int_in(s, "stride", 4, 3, 64, &p->stride, err, errlen))
			return -EINVAL;
		p->global_ctl = p->bar + 0x1000;
		p->ndvsec = simp_u64_list(simp_get(s, "dvsec") ? simp_get(s, "dvsec") : "1", ids, 8);
		for (int k = 0; k < p->ndvsec; k++)
			p->dvsec_ids[k] = (int)(ids[k] & 0xffff);
		if (!p->bar || p->ndvsec <= 0) {
			simp_err(err, errlen, s->line, "[discovery]: device %d needs bar, bir 0-5, dvsec ids, stride >= 3", m->npci);
			return -EINVAL;
		}
		m->npci++;
	}
	return 0;
}

/* --- accessors --- */

int simm_ncpus(const struct sim_machine *m) { return m->ncpus; }
const char *simm_description(const struct sim_machine *m) { return m->description; }
int simm_nsockets(const struct sim_machine *m) { return m->sockets; }
int simm_nboxes(const struct sim_machine *m) { return m->nboxes; }
int simm_npci(const struct sim_machine *m) { return m->npci; }

int simm_cpu_socket(const struct sim_machine *m, int cpu)
{
	return cpu >= 0 && cpu < m->ncpus ? m->cpus[cpu].socket : -1;
}

const struct sim_box *simm_box(const struct sim_machine *m, int i)
{
	return i >= 0 && i < m->nboxes ? &m->boxes[i] : NULL;
}

const char *simm_pci_bdf(const struct sim_machine *m, int i)
{
	return i >= 0 && i < m->npci ? m->pci[i].bdf : NULL;
}

int simm_pci_dvsec_ids(const struct sim_machine *m, int i, int *ids, int max)
{
	int n = 0;

	for (int k = 0; i >= 0 && i < m->npci && k < m->pci[i].ndvsec && n < max; k++)
		ids[n++] = m->pci[i].dvsec_ids[k];
	return n;
}

static const struct simm_pmu *pmu_named(const struct sim_machine *m, const char *name)
{
	for (int i = 0; i < m->npmus; i++)
		if (!strcmp(m->pmus[i].name, name))
			return &m->pmus[i];
	return NULL;
}

int simm_pmu_type(const struct sim_machine *m, const char *pmu)
{
	const struct simm_pmu *p = pmu_named(m, pmu);

	return p ? (int)p->type : -ENOENT;
}

double simm_rate(const struct sim_machine *m, const char *pmu, int cpu, uint64_t config)
{
	const struct simm_pmu *p = pmu_named(m, pmu);

	if (!p || cpu < 0 || cpu >= m->ncpus || !simm_pmu_covers(p, cpu))
		return NAN;
	return simm_rate_at(m, p, cpu, config, 0);
}

int simm_generic_config(const struct sim_machine *m, const char *pmu, int hw, uint64_t *config)
{
	const struct simm_pmu *p = pmu_named(m, pmu);

	if (!p || hw < 0 || hw >= SIMM_NGENERIC || !p->has_generic[hw])
		return -ENOENT;
	*config = p->generic[hw];
	return 0;
}

double simm_rate_t(const struct sim_machine *m, const char *pmu, int cpu, uint64_t config, double t)
{
	const struct simm_pmu *p = pmu_named(m, pmu);

	if (!p || cpu < 0 || cpu >= m->ncpus || !simm_pmu_covers(p, cpu))
		return NAN;
	return simm_rate_at(m, p, cpu, config, simm_phase_of(t));
}

int simm_load_at(const struct sim_machine *m, int cpu, double t, double *busy, double *ghz, double *lo,
	         double *hi, double *tsc)
{
	const struct simm_pmu *p;
	struct simm_state st;

	if (cpu < 0 || cpu >= m->ncpus || m->cpus[cpu].core_pmu < 0)
		return -ENOENT;
	p = &m->pmus[m->cpus[cpu].core_pmu];
	if (!simm_phased(p))
		return -ENOENT;
	simm_cpu_state(m, p, cpu, simm_phase_of(t), &st);
	*busy = st.busy;
	*ghz = st.ghz;
	*lo = p->ghz_min;
	*hi = p->ghz_max;
	*tsc = p->tsc_ghz;
	return 0;
}

const char *simm_cpu_pmu(const struct sim_machine *m, int cpu)
{
	if (cpu < 0 || cpu >= m->ncpus || m->cpus[cpu].core_pmu < 0)
		return NULL;
	return m->pmus[m->cpus[cpu].core_pmu].name;
}
