/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog.c: the store of vendor event names: adding, sorting, spelling-insensitive lookup, suggestions. */
#include "catalog.h"
#include "base/editdist.h"
#include "base/printable.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *xdup(const char *s) { return strdup(s ? s : ""); }

/* Lookups load the tables on first use, through the loader catalog_init installs. */
static int catalog_ensure(struct catalog *c)
{
	return c->load ? c->load(c) : 0;
}

static void event_free(struct cat_event *e)
{
	free(e->name);
	free(e->pmu);
	free(e->terms);
	free(e->desc);
	free(e->topic);
	free(e->counter);
	free(e->other_terms);
}

void catalog_free(struct catalog *c)
{
	for (int i = 0; i < c->n; i++)
		event_free(&c->ev[i]);
	free(c->ev);
	for (int i = 0; i < c->norigins; i++)
		free(c->origins[i]);
	free(c->origins);
	for (int i = 0; i < c->ndirs; i++)
		free(c->dirs[i]);
	memset(c, 0, sizeof(*c));
}

void catalog_error(struct catalog *c, const char *fmt, ...)
{
	size_t used = strlen(c->errors);
	va_list ap;

	c->nerrors++;
	if (used + 8 >= sizeof(c->errors))
		return;
	if (used)
		c->errors[used++] = '\n', c->errors[used] = '\0';
	va_start(ap, fmt);
	vsnprintf(c->errors + used, sizeof(c->errors) - used, fmt, ap);
	va_end(ap);
	/* file names and rows of an events folder: no control byte reaches the terminal */
	printable_inplace(c->errors + used, sizeof(c->errors) - used);
}

static bool name_char(int ch)
{
	return isalnum(ch) || ch == '_' || ch == '.' || ch == '-';
}

int catalog_norm(const char *in, char *out, size_t n)
{
	const char *p = strstr(in, "::");
	size_t len, j = 0;
	bool colon = false;

	if (p)
		in = p + 2;
	len = strlen(in);
	if (len == 0 || len >= n || len >= CAT_NAME_MAX)
		return -EINVAL;
	for (size_t i = 0; i < len; i++) {
		int ch = (unsigned char)in[i];

		if (ch == ':' && !colon && i > 0 && i + 1 < len) {
			colon = true;
			ch = '.';
		}
		if (!name_char(ch))
			return -EINVAL;
		out[j++] = (char)tolower(ch);
	}
	out[j] = '\0';
	return 0;
}

static int intern(struct catalog *c, const char *origin, const char **out)
{
	char **v;

	for (int i = c->norigins - 1; i >= 0; i--)
		if (strcmp(c->origins[i], origin) == 0) {
			*out = c->origins[i];
			return 0;
		}
	v = realloc(c->origins, (size_t)(c->norigins + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	c->origins = v;
	if (!(v[c->norigins] = strdup(origin)))
		return -ENOMEM;
	*out = v[c->norigins++];
	return 0;
}

/* Descriptions are shown on one line: control characters become blanks, length is bounded. */
static char *one_line(const char *s)
{
	size_t len = s ? strnlen(s, CAT_TEXT_MAX) : 0;
	char *o = malloc(len + 1);

	if (!o)
		return NULL;
	for (size_t i = 0; i < len; i++)
		o[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i];
	o[len] = '\0';
	return o;
}

int catalog_add(struct catalog *c, const struct cat_event *e, const char *origin)
{
	struct cat_event *d;
	char name[CAT_NAME_MAX];

	if (!e->name || catalog_norm(e->name, name, sizeof(name)) < 0 || !e->terms || !*e->terms)
		return -EINVAL;
	if (c->n >= CAT_EVENTS_MAX)
		return -E2BIG;
	if (c->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 256;
		struct cat_event *v = realloc(c->ev, (size_t)cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		c->ev = v;
		c->cap = cap;
	}
	d = &c->ev[c->n];
	memset(d, 0, sizeof(*d));
	d->name = strdup(name);
	d->pmu = xdup(e->pmu);
	d->terms = xdup(e->terms);
	d->desc = one_line(e->desc);
	d->topic = one_line(e->topic);
	d->counter = one_line(e->counter);
	d->src = e->src;
	d->deprecated = e->deprecated;
	d->per_pkg = e->per_pkg;
	if (!d->name || !d->pmu || !d->terms || !d->desc || !d->topic || !d->counter ||
	    intern(c, origin ? origin : "", &d->origin) < 0) {
		event_free(d);
		return -ENOMEM;
	}
	c->n++;
	return 0;
}

struct seq_ev { struct cat_event e; int seq; };

static int ev_cmp(const void *a, const void *b)
{
	const struct seq_ev *x = a, *y = b;
	int r = strcmp(x->e.name, y->e.name);

	if (r)
		return r;
	if ((r = strcmp(x->e.pmu, y->e.pmu)))
		return r;
	return x->seq - y->seq; /* equal keys keep the order of addition: the first source wins */
}

/* Term k of a list "k=v,k2=v2" (v 1 when absent), 0 when not set. */
static unsigned long long term_value(const char *terms, const char *key, size_t klen)
{
	for (const char *p = terms; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, "=,");

		if (n == klen && strncmp(p, key, klen) == 0)
			return p[n] == '=' ? strtoull(p + n + 1, NULL, 0) : 1;
	}
	return 0;
}

static bool terms_within(const char *a, const char *b)
{
	for (const char *p = a; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, "=,");

		if (term_value(a, p, n) != term_value(b, p, n))
			return false;
	}
	return true;
}

bool catalog_terms_equal(const char *a, const char *b)
{
	return terms_within(a, b) && terms_within(b, a);
}

/* In a run of events of one name [i, j): a libpfm4 core event whose name a JSON table also has for a
 * core PMU ("" or a hybrid's cpu_*) with other terms is noted on the JSON event. */
static int note_other(struct catalog *c, int i, int j)
{
	for (int p = i; p < j; p++) {
		if (c->ev[p].src != CAT_SRC_PFM)
			continue;
		for (int k = i; k < j; k++) {
			struct cat_event *e = &c->ev[k];

			if (e->src != CAT_SRC_JSON || e->other_terms || (e->pmu[0] && strncmp(e->pmu, "cpu", 3) != 0) ||
			    catalog_terms_equal(e->terms, c->ev[p].terms))
				continue;
			if (!(e->other_terms = strdup(c->ev[p].terms)))
				return -ENOMEM;
			e->other_origin = c->ev[p].origin;
		}
	}
	return 0;
}

int catalog_finish(struct catalog *c)
{
	struct seq_ev *tmp;
	int o = 0;

	if (c->n > 1) {
		tmp = malloc((size_t)c->n * sizeof(*tmp));
		if (!tmp)
			return -ENOMEM;
		for (int i = 0; i < c->n; i++)
			tmp[i].e = c->ev[i], tmp[i].seq = i;
		qsort(tmp, (size_t)c->n, sizeof(*tmp), ev_cmp);
		for (int i = 0; i < c->n; i++)
			c->ev[i] = tmp[i].e;
		free(tmp);
	}
	for (int i = 0, j; i < c->n; i = j) {
		for (j = i + 1; j < c->n && !strcmp(c->ev[j].name, c->ev[i].name); j++)
			;
		if (note_other(c, i, j) < 0)
			return -ENOMEM;
	}
	for (int i = 0; i < c->n; i++) {
		if (o > 0 && !strcmp(c->ev[o - 1].name, c->ev[i].name) && !strcmp(c->ev[o - 1].pmu, c->ev[i].pmu)) {
			event_free(&c->ev[i]);
			continue;
		}
		c->ev[o++] = c->ev[i];
	}
	c->n = o;
	for (int i = 0; i < c->n; i++) /* the array no longer moves */
		c->ev[i].alias = (struct pmu_alias){ .name = c->ev[i].name, .terms = c->ev[i].terms,
						     .scale = 1.0, .unit = (char *)"" };
	return 0;
}

static int lower_bound(const struct catalog *c, const char *name)
{
	int lo = 0, hi = c->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (strcmp(c->ev[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int catalog_lookup(struct catalog *c, const char *name, const struct cat_event **first)
{
	char key[CAT_NAME_MAX];
	int i, j;

	*first = NULL;
	if (catalog_norm(name, key, sizeof(key)) < 0 || catalog_ensure(c) < 0)
		return 0;
	i = lower_bound(c, key);
	for (j = i; j < c->n && !strcmp(c->ev[j].name, key); j++)
		;
	if (j > i)
		*first = &c->ev[i];
	return j - i;
}

bool catalog_pmu_matches(const struct cat_event *e, const char *pmu_name, bool core)
{
	size_t len = strlen(e->pmu);
	const char *p;

	if (!e->pmu[0])
		return core;
	if (strcmp(e->pmu, pmu_name) == 0)
		return true;
	/* a unit stands for every box: "uncore_imc" matches "uncore_imc_0" .. "uncore_imc_11" */
	if (strncmp(pmu_name, e->pmu, len) != 0 || pmu_name[len] != '_' || !pmu_name[len + 1])
		return false;
	for (p = pmu_name + len + 1; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return true;
}

const struct cat_event *catalog_find(struct catalog *c, const char *pmu_name, bool core, const char *name)
{
	const struct cat_event *e, *found = NULL;
	int n = catalog_lookup(c, name, &e);

	/* "" (every core PMU) sorts before "cpu_core": a hybrid's JSON event must still win */
	for (int i = 0; i < n; i++)
		if (catalog_pmu_matches(&e[i], pmu_name, core) && (!found || (found->src == CAT_SRC_PFM &&
								       e[i].src == CAT_SRC_JSON)))
			found = &e[i];
	return found;
}

int catalog_suggest(struct catalog *c, const char *name, const char **out, int max)
{
	char key[CAT_NAME_MAX];
	int dist[8], n = 0;

	if (max > 8)
		max = 8;
	if (max <= 0 || catalog_norm(name, key, sizeof(key)) < 0 || catalog_ensure(c) < 0)
		return 0;
	for (int i = 0; i < c->n; i++) {
		/* a name further than half its length away is no suggestion */
		int cap = n == max ? dist[n - 1] : (int)strlen(key) / 2 + 2, d, k;

		if (i > 0 && !strcmp(c->ev[i].name, c->ev[i - 1].name))
			continue;
		d = edit_distance(key, c->ev[i].name, cap);
		if (d >= cap)
			continue;
		k = n < max ? n++ : max - 1;
		while (k > 0 && dist[k - 1] > d) {
			dist[k] = dist[k - 1];
			out[k] = out[k - 1];
			k--;
		}
		dist[k] = d;
		out[k] = c->ev[i].name;
	}
	return n;
}

/* Where the tables of this vendor's CPUs are published: Intel's own repository, the kernel's
 * folders for the others (AMD's amdzen tables, Arm's per-vendor folders). */
static const char *table_source(const char *cpuid)
{
	if (!strncmp(cpuid, "GenuineIntel", 12))
		return "Intel's perfmon files (github.com/intel/perfmon: mapfile.csv and the model's folder) "
		       "or the kernel's tools/perf/pmu-events/arch/x86 folder";
	if (!strncmp(cpuid, "AuthenticAMD", 12) || !strncmp(cpuid, "HygonGenuine", 12))
		return "the kernel's tools/perf/pmu-events/arch/x86 folder (its mapfile.csv and amdzen tables)";
	if (!strncmp(cpuid, "0x", 2))   /* an Arm MIDR */
		return "the kernel's tools/perf/pmu-events/arch/arm64 folder (its mapfile.csv and the vendor's tables)";
	return "the kernel's tools/perf/pmu-events/arch/<arch> folder";
}

void catalog_hint(const struct catalog *c, char *out, size_t n)
{
	if (!c->cpuid[0]) {
		snprintf(out, n, "the CPU could not be identified; give it with --cpuid (e.g. GenuineIntel-6-8F-8)");
		return;
	}
	if (c->json_from[0] || c->pfm_from[0]) {
		snprintf(out, n, "names for %s come from %s%s%s", c->cpuid, c->json_from,
			 c->json_from[0] && c->pfm_from[0] ? " and " : "", c->pfm_from);
		return;
	}
	snprintf(out, n, "no event tables for %s: put %s in --events-dir DIR or $XDG_CACHE_HOME/pmu-events",
		 c->cpuid, table_source(c->cpuid));
}
