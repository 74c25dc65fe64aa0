/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evterms.c: turns a PMU event's parsed terms and aliases into config words through the sysfs formats. */
#include "evterms.h"
#include "evalias.h"
#include "evsyntax.h"
#include "evtables.h"
#include "hw/sys/pmu.h"
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One term after alias expansion; alias != NULL when it came from an alias file
 * (errors are then reported at the user's term that named the alias). */
struct flat {
	const char *key, *val;
	int kpos, vpos;
	const struct pmu_alias *alias;
};

struct ctx {
	const struct pmu *p;
	struct evterms *t;
	struct ev_error *err;
	struct flat *f;
	int n, cap;
	/* alias term lists parsed along the way, freed at the end */
	struct { struct evs_term *v; int n; } parsed[16];
	int nparsed;
};

static int config_word(const char *key)
{
	if (!strcmp(key, "config"))
		return 0;
	if (!strncmp(key, "config", 6) && key[6] >= '1' && key[6] <= '3' && !key[7])
		return key[6] - '0';
	return -1;
}

/* `cpu_core/r3c/`: a raw config inside a PMU, as perf prints hybrid raw events. */
static bool raw_term(const char *key, uint64_t *v)
{
	size_t len = strlen(key);

	if (len < 2 || len > 17 || key[0] != 'r')
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isxdigit((unsigned char)key[i]))
			return false;
	*v = strtoull(key + 1, NULL, 16);
	return true;
}

/* Terms perf handles itself rather than through the PMU's formats. */
static bool hardcoded(const char *key)
{
	return config_word(key) >= 0 || !strcmp(key, "name") || !strcmp(key, "period") || !strcmp(key, "freq");
}

static int flat_push(struct ctx *c, const char *key, const char *val, int kpos, int vpos,
		     const struct pmu_alias *al)
{
	if (c->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 8;
		struct flat *nv;

		if (cap > 4096)
			return evs_fail(c->err, kpos, "too many terms");
		nv = realloc(c->f, (size_t)cap * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		c->f = nv;
		c->cap = cap;
	}
	c->f[c->n++] = (struct flat){ key, val, kpos, vpos, al };
	return 0;
}

/* The alias a user term names, if any (perf's pmu_find_alias): a bare name
 * that is no format and no perf term, or event=NAME. *source: its source. */
static const struct pmu_alias *term_alias(const struct pmu *p, const struct evs_term *u, const char **source)
{
	uint64_t v;

	if (!u->val)
		return hardcoded(u->key) || pmu_find_format(p, u->key) ? NULL : evalias_find(p, u->key, source);
	if (!strcmp(u->key, "event") && evs_number(u->val, &v) < 0)
		return evalias_find(p, u->val, source);
	return NULL;
}

static int expand_alias(struct ctx *c, const struct evs_term *u, const struct pmu_alias *al)
{
	struct evs_term *at;
	int an, r;

	if (c->nparsed >= (int)(sizeof(c->parsed) / sizeof(c->parsed[0])))
		return evs_fail(c->err, u->kpos, "too many aliases in one event");
	r = evs_parse_terms(al->terms, (int)strlen(al->terms), 0, &at, &an, c->err);
	if (r < 0) {
		if (r == -EINVAL)
			evs_fail(c->err, u->kpos, "alias '%s' of PMU %s has unreadable terms '%.60s'", al->name,
			      c->p->name, al->terms);
		return r;
	}
	c->parsed[c->nparsed].v = at;
	c->parsed[c->nparsed++].n = an;
	for (int i = 0; i < an; i++) {
		r = flat_push(c, at[i].key, at[i].val, u->kpos, u->kpos, al);
		if (r < 0)
			return r;
	}
	if (!c->t->base)
		c->t->base = al->name;
	c->t->scale = al->scale;
	snprintf(c->t->unit, sizeof(c->t->unit), "%s", al->unit);
	return 0;
}

static int value_of(struct ctx *c, const struct flat *f, uint64_t *v)
{
	*v = 1;   /* a bare format term (`edge`) sets 1, as perf */
	if (!f->val)
		return 0;
	if (evs_number(f->val, v) == 0)
		return 0;
	if (f->alias)
		return evs_fail(c->err, f->kpos, "alias '%s' of PMU %s: bad value '%s' for term '%s'", f->alias->name,
			     c->p->name, f->val, f->key);
	return evs_fail(c->err, f->vpos, "bad value '%s' for term '%s': expected a decimal or 0x-hex number", f->val,
		     f->key);
}

static int unknown_term(struct ctx *c, const struct flat *f)
{
	char list[96];
	size_t n = 0;
	const struct pmu_format *fm;
	int nf = pmu_formats(c->p, &fm);

	list[0] = '\0';
	for (int i = 0; i < nf && n < sizeof(list) - 1; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? "," : "", fm[i].name);
	if (n >= sizeof(list) - 1)
		snprintf(list + sizeof(list) - 5, 5, "...");
	if (f->alias)
		return evs_fail(c->err, f->kpos, "alias '%s' of PMU %s: unknown term '%s'", f->alias->name, c->p->name,
			     f->key);
	return evs_fail(c->err, f->kpos, "unknown term '%s' for PMU %s (formats: %s; or an event name, config=, "
		     "name=)", f->key, c->p->name, list[0] ? list : "none");
}

static int apply(struct ctx *c)
{
	uint64_t v;
	int r;

	/* perf's config_attr(): config words first, later ones replacing earlier ones */
	for (int i = 0; i < c->n; i++) {
		const struct flat *f = &c->f[i];
		int w = config_word(f->key);

		if (w >= 0) {
			if ((r = value_of(c, f, &v)) < 0)
				return r;
			c->t->cfg[w] = v;
		} else if (!f->val && raw_term(f->key, &v)) {
			c->t->cfg[0] = v;
		}
	}
	/* then the formats, ORed in (perf_pmu__config_terms with zero = false) */
	for (int i = 0; i < c->n; i++) {
		const struct flat *f = &c->f[i];
		const struct pmu_format *fmt;

		if (config_word(f->key) >= 0 || (!f->val && raw_term(f->key, &v)))
			continue;
		if (!strcmp(f->key, "name")) {
			if (!f->val)
				return evs_fail(c->err, f->kpos, "term 'name' needs a value: name=LABEL");
			if (!f->alias) {
				free(c->t->name);
				if (!(c->t->name = strdup(f->val)))
					return -ENOMEM;
			}
			continue;
		}
		if (!strcmp(f->key, "period") || !strcmp(f->key, "freq")) {
			if ((r = value_of(c, f, &v)) < 0)
				return r;
			c->t->sampling = true;
			continue;
		}
		fmt = pmu_find_format(c->p, f->key);
		if (!fmt)
			return unknown_term(c, f);
		if ((r = value_of(c, f, &v)) < 0)
			return r;
		if (pmu_format_apply(fmt, v, c->t->cfg) < 0) {
			if (f->alias)
				return evs_fail(c->err, f->kpos, "alias '%s' of PMU %s: value too big for term '%s'",
					     f->alias->name, c->p->name, f->key);
			return evs_fail(c->err, f->kpos, "value %s too big for term '%s' (%d bits)", f->val ? f->val : "1",
				     f->key, pmu_format_width(fmt));
		}
	}
	return 0;
}

/* `cpu_core/cycles/`: a built-in hardware name inside a core PMU that has no
 * alias or format of that name, as perf prints hybrid events. */
static bool builtin_in_pmu(const struct pmu *p, bool hybrid, const struct evs_term *terms, int n,
			   struct evterms *t)
{
	struct evtab_event bi;
	const char *k;

	if (p->kind != PMU_KIND_CORE || n != 1 || terms[0].val)
		return false;
	k = terms[0].key;
	if (evalias_find(p, k, NULL) || pmu_find_format(p, k) || hardcoded(k) ||
	    evtab_lookup(k, strlen(k), &bi) < 0 || (bi.type != PERF_TYPE_HARDWARE && bi.type != PERF_TYPE_HW_CACHE))
		return false;
	t->type = bi.type;
	t->cfg[0] = bi.config | (hybrid ? (uint64_t)p->type << PERF_PMU_TYPE_SHIFT : 0);
	t->base = bi.base;
	return true;
}

int evterms_resolve(const struct pmu *p, bool hybrid, const struct evs_term *terms, int nterms,
		    struct evterms *t, struct ev_error *err)
{
	struct ctx c = { .p = p, .t = t, .err = err };
	int r = 0;

	memset(t, 0, sizeof(*t));
	t->type = p->type;
	t->scale = 1.0;
	if (builtin_in_pmu(p, hybrid, terms, nterms, t))
		return 0;
	for (int i = 0; i < nterms && r == 0; i++) {
		const char *source = NULL;
		const struct pmu_alias *al = term_alias(p, &terms[i], &source);

		if (al && !t->base) {   /* the one the event is named by */
			t->alias = al;
			t->alias_source = source;
		}
		if (al)
			r = expand_alias(&c, &terms[i], al);
		else
			r = flat_push(&c, terms[i].key, terms[i].val, terms[i].kpos, terms[i].vpos, NULL);
	}
	if (r == 0)
		r = apply(&c);
	for (int i = 0; i < c.nparsed; i++)
		evs_terms_free(c.parsed[i].v, c.parsed[i].n);
	free(c.f);
	if (r < 0) {
		free(t->name);
		t->name = NULL;
	}
	return r;
}
