/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evparse.c: the resolver: walks the parsed event tree against the PMU registry into perf_event_attr values. */
#include "evparse.h"
#include "evspec.h"
#include "evtables.h"
#include "evalias.h"
#include "evsyntax.h"
#include "evterms.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/tracefs.h"
#include "base/errmsg.h"
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ps {
	const char *s;
	const struct pmu_registry *reg;
	struct ev_error *err;
};

static int fail(struct ps *ps, int pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct ps *ps, int pos, const char *fmt, ...)
{
	va_list ap;

	ps->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(ps->err->msg, sizeof(ps->err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

const char *const *evparse_builtin_names(void)
{
	return evtab_names();
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


/* perf 6.1's get_event_modifier() and parse_events__modifier_event(): event
 * modifiers (add false) start from nothing excluded; group modifiers (add
 * true) start from what the member has. Naming any of u/k/h excludes the
 * levels not named; u and p set exclude_guest unless G or H was given; G/H
 * exclude the other side; D (pinned) and e (exclusive) go to a group leader
 * only (an event on its own is its own leader). P, S, W and b change nothing
 * pmutop opens (P: most precise, for sampling; S: sample read; W: weak group;
 * b: BPF counter). */
static void mods_apply(struct ev_spec *e, const char *str, bool add, bool leader)
{
	bool eu = add && e->exclude_user, ek = add && e->exclude_kernel, eh = add && e->exclude_hv;
	bool eH = add && e->exclude_host, eG = add && e->exclude_guest, eI = add && e->exclude_idle;
	bool pinned = add && e->pinned, exclusive = add && e->exclusive;
	bool exclude = eu || ek || eh, gh = add && e->exclude_gh;
	int precise = add ? e->precise_ip : 0;

	for (; *str; str++) {
		switch (*str) {
		case 'u': case 'k': case 'h':
			if (!exclude)
				exclude = eu = ek = eh = true;
			if (*str == 'u') {
				if (!gh)
					eG = true;
				eu = false;
			} else if (*str == 'k') {
				ek = false;
			} else {
				eh = false;
			}
			break;
		case 'G': case 'H':
			if (!gh)
				gh = eG = eH = true;
			if (*str == 'G')
				eG = false;
			else
				eH = false;
			break;
		case 'I': eI = true; break;
		case 'p':
			precise++;
			if (!gh)
				eG = true;
			break;
		case 'D': pinned = true; break;
		case 'e': exclusive = true; break;
		default: break;   /* P S W b */
		}
	}
	e->exclude_user = eu;
	e->exclude_kernel = ek;
	e->exclude_hv = eh;
	e->exclude_host = eH;
	e->exclude_guest = eG;
	e->exclude_idle = eI;
	e->exclude_gh = gh;
	e->precise_ip = (uint8_t)(precise > 3 ? 3 : precise);
	if (leader) {
		e->pinned = pinned;
		e->exclusive = exclusive;
	}
}

/* Fill the fields every expansion of one event shares. name is taken over. */
static int spec_new(struct ev_list *out, struct ps *ps, const struct evs_event *ev, char *name,
		    const char *base, int pmu, uint32_t type, const uint64_t cfg[4], double scale, const char *unit)
{
	struct ev_spec e;

	memset(&e, 0, sizeof(e));
	e.name = name;
	e.input = strndup(ps->s + ev->pos, (size_t)(ev->end - ev->pos));
	e.base = strdup(base);
	e.pmu = pmu;
	e.type = type;
	e.config = cfg[0];
	e.config1 = cfg[1];
	e.config2 = cfg[2];
	e.config3 = cfg[3];
	e.scale = scale;
	snprintf(e.unit, sizeof(e.unit), "%s", unit);
	e.exclude_guest = true;   /* perf's event_attr_init(): perf counts the host only */
	if (ev->mods.letters[0])
		mods_apply(&e, ev->mods.letters, false, true);
	if (pmu >= 0 && ps->reg->pmus[pmu].kind != PMU_KIND_SOFTWARE &&
	    ev_spec_cpus_copy(&e, ps->reg->pmus[pmu].cpus, ps->reg->pmus[pmu].ncpus) < 0)
		goto nomem;
	if (!e.name || !e.input || !e.base)
		goto nomem;
	return ev_list_push(out, &e);
nomem:
	ev_spec_free(&e);
	return -ENOMEM;
}

/* The last spec of out was named by t's alias on p: say where its encoding came from. */
static int spec_source(struct ev_list *out, const struct pmu *p, const struct evterms *t)
{
	struct ev_spec *e = &out->ev[out->n - 1];
	struct evalias_from from;

	if (evalias_from(p, t->alias, t->alias_source, &from) < 0)
		return -ENOMEM;
	e->source = from.kind;
	e->origin = from.origin;
	e->other_origin = from.other_origin;
	e->other_terms = from.other_terms;
	return 0;
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
static int pmus_match(const struct pmu_registry *reg, const char *name, int *idx)
{
	char full[160];
	int n = 0;

	if (strlen(name) >= sizeof(full) - 8)
		return 0;
	snprintf(full, sizeof(full), "%s", name);
	if (reg && (idx[0] = pmus_find(reg, full)) >= 0)
		return 1;
	for (int pass = 0; reg && pass < 2 && n == 0; pass++) {
		if (pass == 1)
			snprintf(full, sizeof(full), "uncore_%s", name);
		for (int i = 0; i < reg->n; i++)
			if (pmu_instance_of(reg->pmus[i].name, full, strlen(full)))
				idx[n++] = i;
	}
	return n;
}

/* `pmu/terms/mods`: one spec per matching PMU. */
static int resolve_pmu_event(struct ps *ps, const struct evs_event *ev, struct ev_list *out)
{
	const struct pmu_registry *reg = ps->reg;
	int *idx, n, r = 0, tlen = ev->terms_end - ev->terms_pos;
	const char *tt = ps->s + ev->terms_pos;

	idx = malloc(sizeof(int) * (size_t)(reg && reg->n ? reg->n : 1));
	if (!idx)
		return -ENOMEM;
	n = pmus_match(reg, ev->name, idx);
	if (n == 0) {
		r = fail(ps, ev->name_pos, "unknown PMU '%s' (see bus/event_source/devices under %s)", ev->name,
			 sysfs_root());
		goto out;
	}
	for (int i = 0; i < n && r == 0; i++) {
		const struct pmu *p = &reg->pmus[idx[i]];
		struct evterms t;
		char *name, *base;

		r = evterms_resolve(p, reg->hybrid, ev->terms, ev->nterms, &t, ps->err);
		if (r < 0)
			break;
		if (t.name)
			name = t.name;
		else
			name = xasprintf("%s/%.*s/%s", p->name, tlen, tt, ev->mods.letters);
		base = t.base ? strdup(t.base) : strndup(tt, (size_t)tlen);
		if (!base) {
			free(name);
			r = -ENOMEM;
			break;
		}
		r = spec_new(out, ps, ev, name, base, idx[i], t.type, t.cfg, t.scale, t.unit);
		free(base);
		if (r == 0) {
			out->ev[out->n - 1].user_name = t.name != NULL;
			out->ev[out->n - 1].sampling = t.sampling;
			r = spec_source(out, p, &t);
		}
	}
out:
	free(idx);
	return r;
}

static bool raw_name(const char *s)
{
	size_t len = strlen(s);

	if (len < 2 || s[0] != 'r' || len > 17)
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Every PMU with an alias of that name (uncore instances, power, ...). Returns
 * how many were added, or -errno. */
static int resolve_alias_everywhere(struct ps *ps, const struct evs_event *ev, struct ev_list *out)
{
	const struct pmu_registry *reg = ps->reg;
	struct evs_term term = { .key = ev->name, .val = NULL, .kpos = ev->name_pos, .vpos = ev->name_pos };
	/* a raw-looking name (r412e) is only ever the kernel's alias (`read`), never a vendor table's:
	 * asking the vendor tables would load them at start-up for every raw event */
	bool kernel_only = raw_name(ev->name);
	int found = 0, r;

	for (int i = 0; reg && i < reg->n; i++) {
		const struct pmu *p = &reg->pmus[i];
		struct evterms t;

		if (!(kernel_only ? pmu_find_alias(p, ev->name) : evalias_find(p, ev->name, NULL)))
			continue;
		r = evterms_resolve(p, reg->hybrid, &term, 1, &t, ps->err);
		if (r < 0)
			return r;
		r = spec_new(out, ps, ev, xasprintf("%s/%s/%s", p->name, ev->name, ev->mods.letters), ev->name, i,
			     t.type, t.cfg, t.scale, t.unit);
		if (r == 0)
			r = spec_source(out, p, &t);
		if (r < 0)
			return r;
		found++;
	}
	return found;
}

/* A plain name: built-in (generic, cache, software), an alias of any PMU, or raw rNNNN. */
static int resolve_plain(struct ps *ps, const struct evs_event *ev, struct ev_list *out)
{
	const struct pmu_registry *reg = ps->reg;
	uint64_t cfg[4] = { 0, 0, 0, 0 };
	struct evtab_event bi;
	bool core_event;
	int r;

	if (evtab_lookup(ev->name, strlen(ev->name), &bi) == 0) {
		cfg[0] = bi.config;
		core_event = bi.type != PERF_TYPE_SOFTWARE;
	} else {
		/* aliases before raw: `read` is uncore_imc_free_running's alias, not r0xead */
		r = resolve_alias_everywhere(ps, ev, out);
		if (r != 0)
			return r < 0 ? r : 0;
		if (!raw_name(ev->name))
			return fail(ps, ev->name_pos, "unknown event '%s' (not a perf built-in, not an event of any "
				    "PMU, not rNNNN)", ev->name);
		cfg[0] = strtoull(ev->name + 1, NULL, 16);
		bi.base = ev->name;
		bi.type = PERF_TYPE_RAW;
		bi.scale = 1.0;
		bi.unit = "";
		core_event = true;
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
			r = spec_new(out, ps, ev, xasprintf("%s/%s/%s", p->name, ev->name, ev->mods.letters), bi.base,
				     i, type, c, bi.scale, bi.unit);
			if (r < 0)
				return r;
		}
		return 0;
	}
	return spec_new(out, ps, ev, strndup(ps->s + ev->pos, (size_t)(ev->end - ev->pos)), bi.base, -1, bi.type,
			cfg, bi.scale, bi.unit);
}

/* `sys:event`: one event per matching tracepoint, config = its tracefs id. */
static int resolve_tracepoint(struct ps *ps, const struct evs_event *ev, struct ev_list *out)
{
	struct tracefs_tp *tp;
	uint64_t cfg[4] = { 0, 0, 0, 0 };
	struct errmsg why;
	int n, r = 0, pmu = ps->reg ? pmus_find(ps->reg, "tracepoint") : -1;

	/* libpfm4's spelling EVENT:UMASK (MEM_LOAD_RETIRED:L3_MISS) reads like sys:event; a vendor
	 * name of that spelling wins over tracefs (no tracepoint subsystem is named like an event). */
	if (!strpbrk(ev->name, "*?[]") && !strpbrk(ev->tp, "*?[]")) {
		struct evs_event named = *ev;

		named.kind = EVS_NAME;
		named.tp = NULL;
		named.name = xasprintf("%s:%s", ev->name, ev->tp);
		r = named.name ? resolve_alias_everywhere(ps, &named, out) : -ENOMEM;
		free(named.name);
		if (r != 0)
			return r < 0 ? r : 0;
	}
	n = tracefs_lookup(ev->name, ev->tp, &tp, &why);
	if (n == -ENOMEM)
		return n;
	if (n < 0)
		return fail(ps, ev->name_pos, "%s", why.text);
	for (int i = 0; i < n && r == 0; i++) {
		cfg[0] = tp[i].id;
		r = spec_new(out, ps, ev, xasprintf("%s%s%s", tp[i].name, ev->mods.letters[0] ? ":" : "",
						    ev->mods.letters),
			     tp[i].name, pmu, PERF_TYPE_TRACEPOINT, cfg, 1.0, "");
	}
	free(tp);
	return r;
}

static int resolve_event(struct ps *ps, const struct evs_event *ev, struct ev_list *out)
{
	switch (ev->kind) {
	case EVS_PMU: return resolve_pmu_event(ps, ev, out);
	case EVS_TRACEPOINT: return resolve_tracepoint(ps, ev, out);
	default: return resolve_plain(ps, ev, out);
	}
}

/* Append group modifiers to a member's printed name, as perf shows them. */
static int name_add_mods(struct ev_spec *e, const char *mods)
{
	bool bare = !strchr(e->name, '/') && !strchr(e->name, ':');
	char *n = xasprintf("%s%s%s", e->name, bare ? ":" : "", mods);

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
		if (!ev[i].cpus && ev_spec_cpus_copy(&ev[i], src->cpus, src->ncpus) < 0)
			return -ENOMEM;
	return 0;
}

/* Member m's event in copy c of a group whose copies follow the PMUs of a member expanded once
 * per copy (cpmu: copy c's PMU, -1 when there is one copy). A member expanded likewise gives its
 * event on the copy's PMU; one on a single hybrid core PMU (cpu_core/x/, a name only one core
 * type's table has) belongs to that PMU's copy alone, or it would count twice there; anything
 * else (software, a single uncore box) joins every copy. NULL: not in this copy. */
static const struct ev_spec *copy_member(const struct ps *ps, const struct ev_list *m, int c, int cpmu)
{
	const struct ev_spec *e = &m->ev[0];

	if (m->n > 1) {
		for (int k = 0; k < m->n; k++)
			if (m->ev[k].pmu == cpmu)
				return &m->ev[k];
		return &m->ev[c];
	}
	if (cpmu >= 0 && e->pmu >= 0 && e->pmu != cpmu && ps->reg->hybrid &&
	    ps->reg->pmus[e->pmu].kind == PMU_KIND_CORE && ps->reg->pmus[cpmu].kind == PMU_KIND_CORE)
		return NULL;
	return e;
}

/* `{a,b,...}[:mods]`: members expanded; the group copied once per expansion
 * (hybrid core PMUs, uncore instances). */
static int resolve_group(struct ps *ps, const struct evs_group *g, struct ev_list *out, int *ngroups)
{
	int nm = g->nev, copies = 1, r = 0;
	struct ev_list *mem = calloc((size_t)nm, sizeof(*mem));

	if (!mem)
		return -ENOMEM;
	for (int i = 0; i < nm && r == 0; i++)
		r = resolve_event(ps, &g->ev[i], &mem[i]);
	for (int i = 0; i < nm && r == 0; i++) {
		if (mem[i].n > 1 && copies > 1 && mem[i].n != copies) {
			r = fail(ps, g->ev[i].pos, "group members expand to different numbers of PMUs (%d and %d)",
				 copies, mem[i].n);
			break;
		}
		if (mem[i].n > copies)
			copies = mem[i].n;
		for (int j = 0; j < mem[i].n && g->mods.letters[0]; j++) {
			mods_apply(&mem[i].ev[j], g->mods.letters, true, i == 0);
			if (name_add_mods(&mem[i].ev[j], g->mods.letters) < 0) {
				r = -ENOMEM;
				break;
			}
		}
	}
	for (int c = 0; c < copies && r == 0; c++) {
		int first = out->n, cpmu = -1;

		for (int i = 0; i < nm && cpmu < 0 && copies > 1; i++)
			if (mem[i].n == copies)
				cpmu = mem[i].ev[c].pmu;
		for (int i = 0; i < nm && r == 0; i++) {
			const struct ev_spec *src = copy_member(ps, &mem[i], c, cpmu);
			struct ev_spec e;

			if (!src)
				continue;
			r = ev_spec_dup(&e, src);
			if (r == 0)
				r = ev_list_push(out, &e);
			if (r == 0)
				out->ev[out->n - 1].group = *ngroups;
			/* the first member is not in this copy: the group's D and e go to the one leading it */
			if (r == 0 && out->n - 1 == first && i > 0) {
				out->ev[first].pinned |= strchr(g->mods.letters, 'D') != NULL;
				out->ev[first].exclusive |= strchr(g->mods.letters, 'e') != NULL;
			}
		}
		if (r == 0)
			r = group_share_cpus(out->ev + first, out->n - first);
		(*ngroups)++;
	}
	for (int i = 0; i < nm; i++)
		ev_list_free(&mem[i]);
	free(mem);
	return r;
}

/* One top-level item of a tree (an event, or a {group}) resolved and appended to out. */
static int resolve_top(struct ps *ps, const struct evs_group *g, struct ev_list *out, int *ngroups)
{
	int first = out->n, r;

	if (g->braced)
		return resolve_group(ps, g, out, ngroups);
	r = resolve_event(ps, &g->ev[0], out);
	for (int j = first; r == 0 && j < out->n; j++)
		out->ev[j].group = (*ngroups)++;
	return r;
}

int evparse(const char *s, const struct pmu_registry *reg, const struct topology *topo,
	    struct ev_list *out, struct ev_error *err)
{
	struct ps ps = { .s = s, .reg = reg, .err = err };
	struct ev_list tmp = { 0 };
	struct evs_tree tree;
	int ngroups = out->ngroups, r = 0;
	struct ev_spec *nv;

	(void)topo; /* CPU lists come from the PMUs; the topology is not needed yet */
	r = evs_parse(s, &tree, err);
	if (r < 0)
		return r;
	for (int i = 0; i < tree.ng && r == 0; i++)
		r = resolve_top(&ps, &tree.g[i], &tmp, &ngroups);
	evs_free(&tree);
	if (r < 0)
		goto fail;
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
	ev_list_free(&tmp);
	if (r == -ENOMEM)
		snprintf(err->msg, sizeof(err->msg), "out of memory");
	return r;
}

void evparse_parts_free(struct ev_part *parts, int n)
{
	for (int i = 0; parts && i < n; i++)
		ev_list_free(&parts[i].ev);
	free(parts);
}

int evparse_parts(const char *s, const struct pmu_registry *reg, const struct topology *topo,
		  bool keep_going, struct ev_part **parts, int *nparts, struct ev_error *err)
{
	struct ps ps = { .s = s, .reg = reg, .err = err };
	struct evs_tree tree;
	struct ev_part *p;
	int r, n = 0;

	(void)topo;
	*parts = NULL;
	*nparts = 0;
	r = evs_parse(s, &tree, err);
	if (r < 0)
		return r;
	p = calloc((size_t)tree.ng, sizeof(*p));
	if (!p) {
		evs_free(&tree);
		evs_fail(err, 0, "out of memory");
		return -ENOMEM;
	}
	for (int i = 0; i < tree.ng; i++) {
		struct ev_error one = { 0 };
		int ng = 0;

		ps.err = keep_going ? &one : err;
		p[n].pos = tree.g[i].pos;
		p[n].end = tree.g[i].end;
		r = resolve_top(&ps, &tree.g[i], &p[n].ev, &ng);
		p[n].ev.ngroups = ng;
		if (r == 0 && p[n].ev.n > 0) {
			n++;
			continue;
		}
		ev_list_free(&p[n].ev);
		if (r == -ENOMEM || (r < 0 && !keep_going)) {
			if (r == -ENOMEM)
				snprintf(err->msg, sizeof(err->msg), "out of memory");
			evparse_parts_free(p, n);
			evs_free(&tree);
			return r;
		}
	}
	evs_free(&tree);
	*parts = p;
	*nparts = n;
	return 0;
}
