/* evparse.c: the `perf stat -e` event list syntax: names, raw, pmu/terms/, modifiers, groups, expansion. */
#include "evparse.h"
#include "evtables.h"
#include "evterms.h"
#include "pmu.h"
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mods {
	bool u, k, h, D;
	int start, end;   /* the modifier letters in the input; start == end when none */
};

struct ps {
	const char *s;
	int pos;
	const struct pmu_registry *reg;
	struct ev_error *err;
};

static int fail(struct ps *ps, int pos, const char *fmt, ...)
{
	va_list ap;

	ps->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(ps->err->msg, sizeof(ps->err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static void spec_free(struct ev_spec *e)
{
	free(e->name);
	free(e->input);
	free(e->base);
	free(e->cpus);
	memset(e, 0, sizeof(*e));
}

void evlist_free(struct ev_list *l)
{
	if (!l)
		return;
	for (int i = 0; i < l->n; i++)
		spec_free(&l->ev[i]);
	free(l->ev);
	memset(l, 0, sizeof(*l));
}

void evlist_remove(struct ev_list *l, int i)
{
	if (i < 0 || i >= l->n)
		return;
	spec_free(&l->ev[i]);
	memmove(&l->ev[i], &l->ev[i + 1], (size_t)(l->n - i - 1) * sizeof(l->ev[0]));
	l->n--;
}

const char *const *evparse_builtin_names(void)
{
	return evtab_names();
}

/* Move *e into l (l owns it afterwards). */
static int list_push(struct ev_list *l, struct ev_spec *e)
{
	struct ev_spec *nv = realloc(l->ev, (size_t)(l->n + 1) * sizeof(*nv));

	if (!nv) {
		spec_free(e);
		return -ENOMEM;
	}
	l->ev = nv;
	l->ev[l->n++] = *e;
	memset(e, 0, sizeof(*e));
	return 0;
}

static int cpus_copy(struct ev_spec *e, const int *cpus, int n)
{
	e->cpus = NULL;
	e->ncpus = 0;
	if (!cpus || n <= 0)
		return 0;
	e->cpus = malloc((size_t)n * sizeof(int));
	if (!e->cpus)
		return -ENOMEM;
	memcpy(e->cpus, cpus, (size_t)n * sizeof(int));
	e->ncpus = n;
	return 0;
}

static int spec_dup(struct ev_spec *dst, const struct ev_spec *src)
{
	*dst = *src;
	dst->name = strdup(src->name);
	dst->input = strdup(src->input);
	dst->base = strdup(src->base);
	dst->cpus = NULL;
	if (!dst->name || !dst->input || !dst->base || cpus_copy(dst, src->cpus, src->ncpus) < 0) {
		spec_free(dst);
		return -ENOMEM;
	}
	return 0;
}

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	return s;
}

static void mods_apply(struct ev_spec *e, const struct mods *m)
{
	/* As perf: naming any of u/k/h excludes the levels not named. */
	if (m->u || m->k || m->h) {
		e->exclude_user = !m->u;
		e->exclude_kernel = !m->k;
		e->exclude_hv = !m->h;
	}
	if (m->D)
		e->pinned = true;
}

static int parse_mods(struct ps *ps, struct mods *m)
{
	memset(m, 0, sizeof(*m));
	m->start = ps->pos;
	while (ps->s[ps->pos] && ps->s[ps->pos] != ',' && ps->s[ps->pos] != '}') {
		switch (ps->s[ps->pos]) {
		case 'u': m->u = true; break;
		case 'k': m->k = true; break;
		case 'h': m->h = true; break;
		case 'D': m->D = true; break;
		default:
			return fail(ps, ps->pos, "bad modifier '%c' (known: u, k, h, D)", ps->s[ps->pos]);
		}
		ps->pos++;
	}
	m->end = ps->pos;
	return 0;
}

/* Fill the fields every expansion of one event shares. name/base are taken over. */
static int spec_new(struct ev_list *out, struct ps *ps, int start, int end, char *name, const char *base,
		    int pmu, uint32_t type, const uint64_t cfg[4], const struct mods *m)
{
	struct ev_spec e;

	memset(&e, 0, sizeof(e));
	e.name = name;
	e.input = strndup(ps->s + start, (size_t)(end - start));
	e.base = strdup(base);
	e.pmu = pmu;
	e.type = type;
	e.config = cfg[0];
	e.config1 = cfg[1];
	e.config2 = cfg[2];
	e.config3 = cfg[3];
	e.scale = 1.0;
	mods_apply(&e, m);
	if (pmu >= 0 && ps->reg->pmus[pmu].kind != PMU_KIND_SOFTWARE &&
	    cpus_copy(&e, ps->reg->pmus[pmu].cpus, ps->reg->pmus[pmu].ncpus) < 0)
		goto nomem;
	if (!e.name || !e.input || !e.base)
		goto nomem;
	return list_push(out, &e);
nomem:
	spec_free(&e);
	return -ENOMEM;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '@';
}

/* "uncore_imc_3" is an instance of "uncore_imc": the prefix then "_<digits>". */
static bool pmu_instance_of(const char *pmu, const char *prefix, size_t plen)
{
	const char *p = pmu + plen;

	if (strncmp(pmu, prefix, plen) != 0)
		return false;
	if (*p == '\0')
		return true;
	if (*p != '_' || !p[1])
		return false;
	for (p++; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return true;
}

/* Registry indices of the PMUs a name stands for: the exact PMU, else every
 * instance, else the same with perf's "uncore_" short form. */
static int pmus_match(const struct pmu_registry *reg, const char *name, size_t len, int *idx)
{
	char full[160];
	int n = 0;

	if (len >= sizeof(full) - 8)
		return 0;
	snprintf(full, sizeof(full), "%.*s", (int)len, name);
	if (reg && (idx[0] = pmus_find(reg, full)) >= 0)
		return 1;
	for (int pass = 0; reg && pass < 2 && n == 0; pass++) {
		if (pass == 1)
			snprintf(full, sizeof(full), "uncore_%.*s", (int)len, name);
		for (int i = 0; i < reg->n; i++)
			if (pmu_instance_of(reg->pmus[i].name, full, strlen(full)))
				idx[n++] = i;
	}
	return n;
}

static const char *mods_text(struct ps *ps, const struct mods *m, int *len)
{
	*len = m->end - m->start;
	return ps->s + m->start;
}

/* `pmu/terms/mods`: one spec per matching PMU. */
static int resolve_pmu_event(struct ps *ps, int start, int slash1, int slash2, int end,
			     const struct mods *m, struct ev_list *out)
{
	const struct pmu_registry *reg = ps->reg;
	int *idx, n, r = 0, mlen;
	const char *mt = mods_text(ps, m, &mlen);

	idx = malloc(sizeof(int) * (size_t)(reg && reg->n ? reg->n : 1));
	if (!idx)
		return -ENOMEM;
	n = pmus_match(reg, ps->s + start, (size_t)(slash1 - start), idx);
	if (n == 0) {
		r = fail(ps, start, "unknown PMU '%.*s'", slash1 - start, ps->s + start);
		goto out;
	}
	for (int i = 0; i < n && r == 0; i++) {
		const struct pmu *p = &reg->pmus[idx[i]];
		struct evterms t;
		char *name, *base;

		r = evterms_resolve(p, reg->hybrid, ps->s, slash1 + 1, slash2, &t, ps->err);
		if (r < 0)
			break;
		if (t.name)
			name = t.name;
		else
			name = xasprintf("%s/%.*s/%.*s", p->name, slash2 - slash1 - 1, ps->s + slash1 + 1, mlen, mt);
		base = t.base ? strdup(t.base) : strndup(ps->s + slash1 + 1, (size_t)(slash2 - slash1 - 1));
		if (!base) {
			free(name);
			r = -ENOMEM;
			break;
		}
		r = spec_new(out, ps, start, end, name, base, idx[i], t.type, t.cfg, m);
		free(base);
		if (r == 0) {
			out->ev[out->n - 1].scale = t.scale;
			snprintf(out->ev[out->n - 1].unit, sizeof(out->ev[0].unit), "%s", t.unit);
		}
	}
out:
	free(idx);
	return r;
}

static bool raw_name(const char *s, int len)
{
	if (len < 2 || s[0] != 'r' || len > 17)
		return false;
	for (int i = 1; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* A plain name: built-in, raw rNNNN, or an alias of any PMU. */
static int resolve_plain(struct ps *ps, int start, int iend, int end, const struct mods *m,
			 struct ev_list *out)
{
	const struct pmu_registry *reg = ps->reg;
	const char *id = ps->s + start;
	int ilen = iend - start, mlen, r, found = 0;
	const char *mt = mods_text(ps, m, &mlen);
	uint64_t cfg[4] = { 0, 0, 0, 0 };
	struct evtab_event bi;
	bool core_event;
	char base[64];

	if (evtab_lookup(id, (size_t)ilen, &bi) == 0) {
		snprintf(base, sizeof(base), "%s", bi.base);
		cfg[0] = bi.config;
		core_event = bi.type != PERF_TYPE_SOFTWARE;
	} else if (raw_name(id, ilen)) {
		cfg[0] = strtoull(id + 1, NULL, 16);
		snprintf(base, sizeof(base), "%.*s", ilen, id);
		bi.type = PERF_TYPE_RAW;
		bi.scale = 1.0;
		bi.unit = "";
		core_event = true;
	} else {
		/* Every PMU with an alias of that name (uncore instances, power, ...). */
		char name[128];

		snprintf(name, sizeof(name), "%.*s", ilen, id);
		for (int i = 0; reg && i < reg->n; i++) {
			const struct pmu *p = &reg->pmus[i];
			struct evterms t;
			const struct pmu_alias *al = pmu_find_alias(p, name);

			if (!al || ilen >= (int)sizeof(name) - 1)
				continue;
			r = evterms_resolve(p, reg->hybrid, ps->s, start, iend, &t, ps->err);
			if (r < 0)
				return r;
			r = spec_new(out, ps, start, end, xasprintf("%s/%s/%.*s", p->name, name, mlen, mt),
				     name, i, t.type, t.cfg, m);
			if (r < 0)
				return r;
			out->ev[out->n - 1].scale = t.scale;
			snprintf(out->ev[out->n - 1].unit, sizeof(out->ev[0].unit), "%s", t.unit);
			found++;
		}
		if (!found)
			return fail(ps, start, "unknown event '%.*s'", ilen, id);
		return 0;
	}
	if (core_event && reg && reg->hybrid) {
		/* One event per core PMU; the kernel reads the PMU from config's high half
		 * (legacy types) or from type (raw). */
		for (int i = 0; i < reg->n; i++) {
			const struct pmu *p = &reg->pmus[i];
			uint64_t c[4] = { cfg[0], 0, 0, 0 };
			uint32_t type = bi.type;

			if (p->kind != PMU_KIND_CORE)
				continue;
			if (type == PERF_TYPE_RAW)
				type = p->type;
			else
				c[0] |= (uint64_t)p->type << PERF_PMU_TYPE_SHIFT;
			r = spec_new(out, ps, start, end, xasprintf("%s/%.*s/%.*s", p->name, ilen, id, mlen, mt),
				     base, i, type, c, m);
			if (r < 0)
				return r;
		}
		return 0;
	}
	r = spec_new(out, ps, start, end, strndup(ps->s + start, (size_t)(end - start)), base, -1,
		     bi.type, cfg, m);
	if (r == 0) {
		out->ev[out->n - 1].scale = bi.scale;
		snprintf(out->ev[out->n - 1].unit, sizeof(out->ev[0].unit), "%s", bi.unit);
	}
	return r;
}

/* One event at ps->pos, expanded into out (group numbers not yet set). */
static int parse_event(struct ps *ps, struct ev_list *out)
{
	const char *s = ps->s;
	int start = ps->pos, iend, r;
	struct mods m;

	while (ident_char(s[ps->pos]))
		ps->pos++;
	iend = ps->pos;
	if (iend == start) {
		char c = s[start];

		if (c == '\0' || c == ',' || c == '}')
			return fail(ps, start, "empty event");
		return fail(ps, start, "unexpected character '%c'", c);
	}
	if (s[iend] == '/') {
		const char *close = strchr(s + iend + 1, '/');
		int slash2;

		if (!close)
			return fail(ps, iend, "missing closing '/' after PMU '%.*s'", iend - start, s + start);
		slash2 = (int)(close - s);
		ps->pos = slash2 + 1;
		if (s[ps->pos] == ':')
			ps->pos++;
		r = parse_mods(ps, &m);
		if (r < 0)
			return r;
		return resolve_pmu_event(ps, start, iend, slash2, ps->pos, &m, out);
	}
	memset(&m, 0, sizeof(m));
	m.start = m.end = iend;
	if (s[iend] == ':') {
		ps->pos++;
		if (!s[ps->pos] || s[ps->pos] == ',' || s[ps->pos] == '}')
			return fail(ps, ps->pos, "bad modifier: nothing after ':'");
		r = parse_mods(ps, &m);
		if (r < 0)
			return r;
	}
	return resolve_plain(ps, start, iend, ps->pos, &m, out);
}

/* Append group modifiers to a member's printed name, as perf shows them. */
static int name_add_mods(struct ev_spec *e, const char *mt, int mlen)
{
	bool bare = !strchr(e->name, '/') && !strchr(e->name, ':');
	char *n = xasprintf("%s%s%.*s", e->name, bare ? ":" : "", mlen, mt);

	if (!n)
		return -ENOMEM;
	free(e->name);
	e->name = n;
	return 0;
}

/* Give members without a CPU list the list of the group's first member that has
 * one: a group is opened on one CPU at a time, following its PMU's coverage. */
static int group_share_cpus(struct ev_spec *ev, int n)
{
	const struct ev_spec *src = NULL;

	for (int i = 0; i < n && !src; i++)
		if (ev[i].cpus)
			src = &ev[i];
	for (int i = 0; src && i < n; i++)
		if (!ev[i].cpus && cpus_copy(&ev[i], src->cpus, src->ncpus) < 0)
			return -ENOMEM;
	return 0;
}

/* `{a,b,...}[:mods]` at ps->pos: members expanded; the group copied once per
 * expansion (hybrid core PMUs, uncore instances). */
static int parse_group(struct ps *ps, struct ev_list *out, int *ngroups)
{
	int open = ps->pos, nm = 0, copies = 1, r = 0;
	struct ev_list *mem = NULL;
	struct mods gm;

	ps->pos++;
	for (;;) {
		struct ev_list *nv = realloc(mem, (size_t)(nm + 1) * sizeof(*mem));

		if (!nv) {
			r = -ENOMEM;
			goto out;
		}
		mem = nv;
		memset(&mem[nm], 0, sizeof(mem[0]));
		nm++;
		if (ps->s[ps->pos] == '{') {
			r = fail(ps, ps->pos, "unexpected character '{': groups do not nest");
			goto out;
		}
		r = parse_event(ps, &mem[nm - 1]);
		if (r < 0)
			goto out;
		if (ps->s[ps->pos] == ',') {
			ps->pos++;
			continue;
		}
		if (ps->s[ps->pos] == '}')
			break;
		if (!ps->s[ps->pos])
			r = fail(ps, open, "unbalanced group: '{' is never closed");
		else
			r = fail(ps, ps->pos, "unexpected character '%c'", ps->s[ps->pos]);
		goto out;
	}
	ps->pos++;
	memset(&gm, 0, sizeof(gm));
	if (ps->s[ps->pos] == ':') {
		ps->pos++;
		if (!ps->s[ps->pos] || ps->s[ps->pos] == ',')
			r = fail(ps, ps->pos, "bad modifier: nothing after ':'");
		else
			r = parse_mods(ps, &gm);
		if (r < 0)
			goto out;
	}
	for (int i = 0; i < nm; i++) {
		if (mem[i].n > 1 && copies > 1 && mem[i].n != copies) {
			r = fail(ps, open, "group members expand to different numbers of PMUs (%d and %d)",
				 copies, mem[i].n);
			goto out;
		}
		if (mem[i].n > copies)
			copies = mem[i].n;
		for (int j = 0; j < mem[i].n; j++) {
			mods_apply(&mem[i].ev[j], &gm);
			if (gm.end > gm.start && name_add_mods(&mem[i].ev[j], ps->s + gm.start, gm.end - gm.start) < 0) {
				r = -ENOMEM;
				goto out;
			}
		}
	}
	for (int c = 0; c < copies; c++) {
		int first = out->n;

		for (int i = 0; i < nm; i++) {
			struct ev_spec e;

			r = spec_dup(&e, &mem[i].ev[mem[i].n > 1 ? c : 0]);
			if (r == 0)
				r = list_push(out, &e);
			if (r < 0)
				goto out;
			out->ev[out->n - 1].group = *ngroups;
		}
		r = group_share_cpus(out->ev + first, out->n - first);
		if (r < 0)
			goto out;
		(*ngroups)++;
	}
out:
	for (int i = 0; i < nm; i++)
		evlist_free(&mem[i]);
	free(mem);
	return r;
}

int evparse(const char *s, const struct pmu_registry *reg, const struct topology *topo,
	    struct ev_list *out, struct ev_error *err)
{
	struct ps ps = { .s = s, .pos = 0, .reg = reg, .err = err };
	struct ev_list tmp = { 0, NULL, 0 };
	int ngroups = out->ngroups, r = 0;
	struct ev_spec *nv;

	(void)topo; /* CPU lists come from the PMUs; the topology is not needed yet */
	err->pos = 0;
	err->msg[0] = '\0';
	for (;;) {
		if (s[ps.pos] == '{') {
			r = parse_group(&ps, &tmp, &ngroups);
		} else if (s[ps.pos] == '}') {
			r = fail(&ps, ps.pos, "unbalanced group: '}' without '{'");
		} else {
			int first = tmp.n;

			r = parse_event(&ps, &tmp);
			for (int i = first; r == 0 && i < tmp.n; i++)
				tmp.ev[i].group = ngroups++;
		}
		if (r < 0)
			goto fail;
		if (!s[ps.pos])
			break;
		if (s[ps.pos] == '}') {
			r = fail(&ps, ps.pos, "unbalanced group: '}' without '{'");
			goto fail;
		}
		if (s[ps.pos] != ',') {
			r = fail(&ps, ps.pos, "unexpected character '%c'", s[ps.pos]);
			goto fail;
		}
		ps.pos++;
	}
	if (tmp.n == 0) {
		r = fail(&ps, 0, "empty event");
		goto fail;
	}
	nv = realloc(out->ev, (size_t)(out->n + tmp.n) * sizeof(*nv));
	if (!nv) {
		r = -ENOMEM;
		goto fail;
	}
	out->ev = nv;
	memcpy(out->ev + out->n, tmp.ev, (size_t)tmp.n * sizeof(*nv));
	out->n += tmp.n;
	out->ngroups = ngroups;
	free(tmp.ev);
	return 0;
fail:
	evlist_free(&tmp);
	if (r == -ENOMEM)
		snprintf(err->msg, sizeof(err->msg), "out of memory");
	return r;
}
