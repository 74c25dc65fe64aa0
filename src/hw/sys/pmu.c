/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* pmu.c: the PMU registry: types, CPU coverage, formats, event aliases and caps read from sysfs. */
#include "pmu.h"
#include "cpulist.h"
#include "sysfs.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PMU_DIR "bus/event_source/devices"

int pmu_format_parse(const char *text, struct pmu_format *f)
{
	const char *p = text;
	char *end;
	int field = 0, n = 0;

	if (strncmp(p, "config", 6) != 0)
		return -EINVAL;
	p += 6;
	if (*p >= '1' && *p <= '3')
		field = *p++ - '0';
	if (*p++ != ':')
		return -EINVAL;
	for (;;) {
		unsigned long lo, hi;

		if (*p < '0' || *p > '9')
			return -EINVAL;
		lo = strtoul(p, &end, 10);
		p = end;
		hi = lo;
		if (*p == '-') {
			p++;
			if (*p < '0' || *p > '9')
				return -EINVAL;
			hi = strtoul(p, &end, 10);
			p = end;
		}
		if (lo > hi || hi > 63 || n >= PMU_FMT_MAX_RANGES)
			return -EINVAL;
		f->r[n].lo = (uint8_t)lo;
		f->r[n].hi = (uint8_t)hi;
		n++;
		if (*p == ',') {
			p++;
			continue;
		}
		/* sysfs_read strips the newline; tolerate one from other callers. */
		while (*p == '\n' || *p == ' ')
			p++;
		if (*p)
			return -EINVAL;
		break;
	}
	f->field = field;
	f->nranges = n;
	return 0;
}

/* The format's bits as one mask (ranges may come in any order, even overlap). */
static uint64_t format_mask(const struct pmu_format *f)
{
	uint64_t m = 0;

	for (int i = 0; i < f->nranges; i++)
		for (int b = f->r[i].lo; b <= f->r[i].hi && b < 64; b++)
			m |= 1ULL << b;
	return m;
}

int pmu_format_width(const struct pmu_format *f)
{
	return __builtin_popcountll(format_mask(f));
}

int pmu_format_apply(const struct pmu_format *f, uint64_t value, uint64_t cfg[4])
{
	uint64_t mask = format_mask(f);
	int w = __builtin_popcountll(mask), vbit = 0;

	if (f->field < 0 || f->field > 3)
		return -EINVAL;
	if (w < 64 && (value >> w) != 0)
		return -ERANGE;
	/* As perf (pmu_format_value): the value's bits go to the format's bits from
	 * the lowest up, whatever order the ranges are listed in ("config:24-31,0-7"
	 * puts the value's low byte in bits 0-7), and are ORed into the word: a
	 * term never clears what an earlier term set. */
	for (int b = 0; b < 64; b++) {
		if (!(mask >> b & 1))
			continue;
		if (value >> vbit++ & 1)
			cfg[f->field] |= 1ULL << b;
	}
	return 0;
}

int pmus_find(const struct pmu_registry *reg, const char *name)
{
	for (int i = 0; i < reg->n; i++)
		if (strcmp(reg->pmus[i].name, name) == 0)
			return i;
	return -1;
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Alias side files that qualify another alias rather than name an event. */
static bool alias_side_file(const char *name)
{
	return has_suffix(name, ".scale") || has_suffix(name, ".unit") ||
	       has_suffix(name, ".snapshot") || has_suffix(name, ".per-pkg");
}

/* Natural order, so instances come as the kernel numbers them: uncore_cha_2 before uncore_cha_10. */
static int name_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;

			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			if (ea - a != eb - b)
				return ea - a < eb - b ? -1 : 1;
			for (; a < ea; a++, b++)
				if (*a != *b)
					return *a < *b ? -1 : 1;
			continue;
		}
		if (*a != *b)
			break;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

static int cmp_name(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	int r = name_cmp(x, y);

	return r ? r : strcmp(x, y);
}

/* Names in a directory under the root, sorted, without dot entries. *out is
 * malloc'd (each name too). Returns the count or -errno. */
static int list_dir(const char *rel, char ***out)
{
	char path[4096];
	char **v = NULL;
	int n = 0, cap = 0, r;
	DIR *d;
	struct dirent *de;

	*out = NULL;
	r = sysfs_path(path, sizeof(path), rel);
	if (r < 0)
		return r;
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nv;

			cap = cap ? cap * 2 : 16;
			nv = realloc(v, (size_t)cap * sizeof(*v));
			if (!nv)
				goto nomem;
			v = nv;
		}
		v[n] = strdup(de->d_name);
		if (!v[n])
			goto nomem;
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, (size_t)n, sizeof(*v), cmp_name);
	*out = v;
	return n;
nomem:
	closedir(d);
	while (n > 0)
		free(v[--n]);
	free(v);
	return -ENOMEM;
}

static void free_names(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int load_formats(struct pmu_detail *p, const char *base)
{
	char rel[4096], buf[256];
	char **names;
	int n = 0;
	int cnt;

	snprintf(rel, sizeof(rel), "%s/format", base);
	cnt = list_dir(rel, &names);
	if (cnt <= 0)
		return 0;
	p->formats = calloc((size_t)cnt, sizeof(*p->formats));
	if (!p->formats) {
		free_names(names, cnt);
		return -ENOMEM;
	}
	for (int i = 0; i < cnt; i++) {
		struct pmu_format *f = &p->formats[n];

		snprintf(rel, sizeof(rel), "%s/format/%s", base, names[i]);
		if (sysfs_read(rel, buf, sizeof(buf)) < 0 || pmu_format_parse(buf, f) < 0)
			continue; /* a format we cannot read is one we cannot use */
		f->name = names[i];
		names[i] = NULL;
		p->nformats = ++n;
	}
	free_names(names, cnt);
	return 0;
}

static int load_aliases(struct pmu_detail *p, const char *base)
{
	char rel[4096], buf[1024];
	char **names;
	int n = 0, cnt;

	snprintf(rel, sizeof(rel), "%s/events", base);
	cnt = list_dir(rel, &names);
	if (cnt <= 0)
		return 0;
	p->aliases = calloc((size_t)cnt, sizeof(*p->aliases));
	if (!p->aliases) {
		free_names(names, cnt);
		return -ENOMEM;
	}
	for (int i = 0; i < cnt; i++) {
		struct pmu_alias *a = &p->aliases[n];
		char *end;

		if (alias_side_file(names[i]))
			continue;
		snprintf(rel, sizeof(rel), "%s/events/%s", base, names[i]);
		if (sysfs_read(rel, buf, sizeof(buf)) < 0)
			continue;
		a->terms = strdup(buf);
		a->scale = 1.0;
		snprintf(rel, sizeof(rel), "%s/events/%s.scale", base, names[i]);
		if (sysfs_read(rel, buf, sizeof(buf)) > 0) {
			double s = strtod(buf, &end);

			if (end != buf && !*end)
				a->scale = s;
		}
		snprintf(rel, sizeof(rel), "%s/events/%s.unit", base, names[i]);
		if (sysfs_read(rel, buf, sizeof(buf)) < 0)
			buf[0] = '\0';
		a->unit = strdup(buf);
		a->name = names[i];
		names[i] = NULL;
		if (!a->terms || !a->unit) {
			free(a->name);
			free(a->terms);
			free(a->unit);
			free_names(names, cnt);
			return -ENOMEM;
		}
		p->naliases = ++n;
	}
	free_names(names, cnt);
	return 0;
}

static int load_caps(struct pmu_detail *p, const char *base)
{
	char rel[4096], buf[256];
	char **names;
	int n = 0, cnt;

	snprintf(rel, sizeof(rel), "%s/caps", base);
	cnt = list_dir(rel, &names);
	if (cnt <= 0)
		return 0;
	p->caps = calloc((size_t)cnt, sizeof(*p->caps));
	if (!p->caps) {
		free_names(names, cnt);
		return -ENOMEM;
	}
	for (int i = 0; i < cnt; i++) {
		snprintf(rel, sizeof(rel), "%s/caps/%s", base, names[i]);
		if (sysfs_read(rel, buf, sizeof(buf)) < 0)
			continue;
		p->caps[n].value = strdup(buf);
		if (!p->caps[n].value) {
			free_names(names, cnt);
			return -ENOMEM;
		}
		p->caps[n].name = names[i];
		names[i] = NULL;
		p->ncaps = ++n;
	}
	free_names(names, cnt);
	return 0;
}

static void detail_free(struct pmu_detail *d)
{
	for (int i = 0; i < d->nformats; i++)
		free(d->formats[i].name);
	free(d->formats);
	for (int i = 0; i < d->naliases; i++) {
		free(d->aliases[i].name);
		free(d->aliases[i].terms);
		free(d->aliases[i].unit);
	}
	free(d->aliases);
	for (int i = 0; i < d->ncaps; i++) {
		free(d->caps[i].name);
		free(d->caps[i].value);
	}
	free(d->caps);
	memset(d, 0, sizeof(*d));
}

/* One part of the PMU's folder (PMU_DET_*), read once: out of memory, the part keeps what was read
 * (as a file that cannot be read is left out at load). */
static const struct pmu_detail *detail(const struct pmu *p, unsigned part)
{
	static int (*const load[])(struct pmu_detail *, const char *) = {
		[PMU_DET_FORMATS] = load_formats, [PMU_DET_ALIASES] = load_aliases, [PMU_DET_CAPS] = load_caps,
	};
	char base[1024];
	struct pmu_detail *d = p->det;

	if (!d || d->loaded & 1u << part)
		return d;
	snprintf(base, sizeof(base), PMU_DIR "/%s", p->name);
	d->loaded |= 1u << part;
	(void)load[part](d, base);
	return d;
}

int pmu_formats(const struct pmu *p, const struct pmu_format **v)
{
	const struct pmu_detail *d = detail(p, PMU_DET_FORMATS);

	*v = d ? d->formats : NULL;
	return d ? d->nformats : 0;
}

int pmu_aliases(const struct pmu *p, const struct pmu_alias **v)
{
	const struct pmu_detail *d = detail(p, PMU_DET_ALIASES);

	*v = d ? d->aliases : NULL;
	return d ? d->naliases : 0;
}

const struct pmu_alias *pmu_find_alias(const struct pmu *p, const char *name)
{
	const struct pmu_alias *a;
	int n = pmu_aliases(p, &a);

	for (int i = 0; i < n; i++)
		if (strcmp(a[i].name, name) == 0)
			return &a[i];
	return NULL;
}

const struct pmu_format *pmu_find_format(const struct pmu *p, const char *name)
{
	const struct pmu_format *f;
	int n = pmu_formats(p, &f);

	for (int i = 0; i < n; i++)
		if (strcmp(f[i].name, name) == 0)
			return &f[i];
	return NULL;
}

const char *pmu_cap(const struct pmu *p, const char *name)
{
	const struct pmu_detail *d = detail(p, PMU_DET_CAPS);

	for (int i = 0; d && i < d->ncaps; i++)
		if (strcmp(d->caps[i].name, name) == 0)
			return d->caps[i].value;
	return NULL;
}

static bool core_pmu_name(const char *name)
{
	if (!strcmp(name, "cpu") || !strcmp(name, "cpu_core") || !strcmp(name, "cpu_atom"))
		return true;
	if (!strncmp(name, "armv8_", 6))
		return true;
	return !strncmp(name, "apple_", 6) && has_suffix(name, "_pmu");
}

/* A PMU with a `cpus` file and formats is a core PMU whatever its name (perf's is_pmu_core): only
 * then are the formats read at load. */
static enum pmu_kind pmu_classify(const struct pmu *p, bool has_cpumask)
{
	const struct pmu_format *f;

	if (!strcmp(p->name, "software"))
		return PMU_KIND_SOFTWARE;
	if (core_pmu_name(p->name) || (p->cpus_file && pmu_formats(p, &f) > 0))
		return PMU_KIND_CORE;
	if (has_cpumask)
		return PMU_KIND_UNCORE;
	return PMU_KIND_OTHER;
}

static void pmu_free_one(struct pmu *p)
{
	free(p->name);
	free(p->cpus);
	if (p->det)
		detail_free(p->det);
	free(p->det);
	memset(p, 0, sizeof(*p));
}

/* Load one PMU directory's name, type, CPUs and kind. Returns 1 when loaded, 0 when skipped, -ENOMEM.
 * Brief: an uncore PMU's cpumask is only looked for (its kind needs no more), not read. */
static int pmu_load_one(struct pmu *p, const char *name, bool brief)
{
	char base[1024], rel[1100], buf[4096];
	long long type;
	bool has_cpumask = false;
	int r;

	memset(p, 0, sizeof(*p));
	snprintf(base, sizeof(base), PMU_DIR "/%s", name);
	snprintf(rel, sizeof(rel), "%s/type", base);
	if (sysfs_read_ll(rel, &type) < 0 || type < 0 || type > UINT32_MAX)
		return 0;
	p->type = (uint32_t)type;
	p->name = strdup(name);
	p->det = calloc(1, sizeof(*p->det));
	if (!p->name || !p->det) {
		pmu_free_one(p);
		return -ENOMEM;
	}
	snprintf(rel, sizeof(rel), "%s/cpus", base);
	if (sysfs_read(rel, buf, sizeof(buf)) >= 0) {
		p->cpus_file = true;
	} else if (brief) {
		snprintf(rel, sizeof(rel), "%s/cpumask", base);
		has_cpumask = sysfs_path(buf, sizeof(buf), rel) == 0 && access(buf, F_OK) == 0;
		buf[0] = '\0';
	} else {
		snprintf(rel, sizeof(rel), "%s/cpumask", base);
		has_cpumask = sysfs_read(rel, buf, sizeof(buf)) >= 0;
	}
	if (p->cpus_file || (has_cpumask && buf[0])) {
		r = cpulist_parse(buf, &p->cpus);
		p->ncpus = r > 0 ? r : 0;
		if (r <= 0) {
			/* An empty or garbled list: fall back to "every CPU". */
			free(p->cpus);
			p->cpus = NULL;
		}
	}
	p->kind = pmu_classify(p, has_cpumask);
	return 1;
}

static int load_all(struct pmu_registry *reg, bool brief)
{
	char **names;
	int cnt;

	memset(reg, 0, sizeof(*reg));
	cnt = list_dir(PMU_DIR, &names);
	if (cnt < 0)
		return cnt;
	reg->pmus = calloc(cnt ? (size_t)cnt : 1, sizeof(*reg->pmus));
	if (!reg->pmus) {
		free_names(names, cnt);
		return -ENOMEM;
	}
	/* names are sorted, so the registry is too. */
	for (int i = 0; i < cnt; i++) {
		int r = pmu_load_one(&reg->pmus[reg->n], names[i], brief);

		if (r < 0) {
			free_names(names, cnt);
			pmus_free(reg);
			return r;
		}
		if (r == 0)
			continue;
		if (reg->pmus[reg->n].kind == PMU_KIND_CORE)
			reg->ncore++;
		reg->n++;
	}
	free_names(names, cnt);
	reg->hybrid = reg->ncore > 1;
	return 0;
}

int pmus_load(struct pmu_registry *reg)
{
	return load_all(reg, false);
}

int pmus_load_names(struct pmu_registry *reg)
{
	return load_all(reg, true);
}

void pmus_free(struct pmu_registry *reg)
{
	if (!reg)
		return;
	for (int i = 0; i < reg->n; i++)
		pmu_free_one(&reg->pmus[i]);
	free(reg->pmus);
	memset(reg, 0, sizeof(*reg));
}
