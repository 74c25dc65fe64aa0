/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_table.c: the hosts of a refresh and their raw figures: the names series are known by, a
 * hash table from host to entry, the rows made from it in host order. */
#include "fleet_impl.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fleet_raw_names[FR_N] = {
	[FR_CYCLES] = "cycles", [FR_INSTR] = "instructions", [FR_CMISS] = "cache-misses",
	[FR_CREF] = "cache-references", [FR_BR] = "branches", [FR_BRMISS] = "branch-misses",
	[FR_CLOCK] = "cpu-clock", [FR_NCPUS] = "ncpus", [FR_UTIL] = "util", [FR_MEMRD] = "mem_read",
	[FR_MEMWR] = "mem_write", [FR_MEM] = "mem", [FR_UPI] = "upi", [FR_PKG] = "pkg_joules",
	[FR_DRAM] = "dram_joules", [FR_RDT_OCC] = "rdt_occupancy", [FR_RDT_MEM] = "rdt_mem",
	[FR_MUX] = "mux", [FR_TD_RET] = "tma_retiring", [FR_TD_BAD] = "tma_bad_speculation",
	[FR_TD_FE] = "tma_frontend_bound", [FR_TD_BE] = "tma_backend_bound", [FR_UP] = "up",
	[FR_AGE] = "age", [FR_INFO] = "info", [FR_PERCPU] = "percpu",
};

int fleet_raw_slot(const char *key)
{
	char name[96];
	const char *p = strchr(key, '/');
	size_t n;

	/* cpu_core/cycles/, armv8_pmuv3_0/cycles/: the event inside a PMU's name */
	if (p && p[1]) {
		key = p + 1;
		n = strcspn(key, "/,");
	} else {
		n = strlen(key);
	}
	if (n == 0 || n >= sizeof(name))
		return -1;
	memcpy(name, key, n);
	name[n] = '\0';
	if (!strcmp(name, "cpu-cycles"))
		return FR_CYCLES;
	if (!strcmp(name, "branch-instructions"))
		return FR_BR;
	for (int i = 0; i < FR_N; i++)
		if (!strcmp(name, fleet_raw_names[i]))
			return i;
	return -1;
}

void fleet_table_init(struct fleet_table *t)
{
	memset(t, 0, sizeof(*t));
}

void fleet_table_free(struct fleet_table *t)
{
	free(t->a);
	free(t->idx);
	memset(t, 0, sizeof(*t));
}

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

static int rehash(struct fleet_table *t, size_t nidx)
{
	int32_t *idx = calloc(nidx, sizeof(*idx));

	if (!idx)
		return -ENOMEM;
	for (int i = 0; i < t->n; i++) {
		size_t k = hash(t->a[i].host) & (nidx - 1);
		while (idx[k])
			k = (k + 1) & (nidx - 1);
		idx[k] = i + 1;
	}
	free(t->idx);
	t->idx = idx;
	t->nidx = nidx;
	return 0;
}

struct fleet_acc *fleet_table_get(struct fleet_table *t, const char *host)
{
	size_t k;

	if (!host)
		return NULL;
	if ((size_t)t->n * 2 >= t->nidx && rehash(t, t->nidx ? t->nidx * 2 : 64) < 0)
		return NULL;
	for (k = hash(host) & (t->nidx - 1); t->idx[k]; k = (k + 1) & (t->nidx - 1))
		if (!strcmp(t->a[t->idx[k] - 1].host, host))
			return &t->a[t->idx[k] - 1];
	if (t->n >= FLEET_HOSTS_MAX)
		return NULL;
	if (t->n == t->cap) {
		int cap = t->cap ? t->cap * 2 : 16;
		struct fleet_acc *a = realloc(t->a, (size_t)cap * sizeof(*a));
		if (!a)
			return NULL;
		t->a = a;
		t->cap = cap;
	}
	struct fleet_acc *e = &t->a[t->n];
	memset(e, 0, sizeof(*e));
	snprintf(e->host, sizeof(e->host), "%s", host);
	for (int i = 0; i < FR_N; i++)
		e->raw[i] = NAN;
	t->idx[k] = ++t->n;
	return e;
}

void fleet_acc_put(struct fleet_acc *a, int slot, double v)
{
	double *r;

	if (slot < 0 || slot >= FR_N || isnan(v))
		return;
	r = &a->raw[slot];
	if (slot == FR_UP)
		*r = isnan(*r) || v < *r ? v : *r;
	else if (slot == FR_MUX || slot == FR_AGE || slot == FR_INFO)
		*r = isnan(*r) || v > *r ? v : *r;
	else
		*r = isnan(*r) ? v : *r + v;
}

/* host names in natural order: digit runs compared as numbers (node2 before node10) */
static int natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *sa = a, *sb = b;
			while (*sa == '0')
				sa++;
			while (*sb == '0')
				sb++;
			size_t la = strspn(sa, "0123456789"), lb = strspn(sb, "0123456789");
			if (la != lb)
				return la < lb ? -1 : 1;
			int c = strncmp(sa, sb, la);
			if (c)
				return c;
			a = sa + la;
			b = sb + lb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

static int row_cmp(const void *x, const void *y)
{
	const struct fleet_row *a = x, *b = y;
	int c = natcmp(a->host, b->host);

	return c ? c : strcmp(a->host, b->host);
}

int fleet_rows_from(const struct fleet_table *t, struct fleet_row **rows, double stale_after)
{
	struct fleet_row *r = calloc((size_t)t->n + 1, sizeof(*r));

	*rows = r;
	if (!r)
		return -ENOMEM;
	for (int i = 0; i < t->n; i++)
		fleet_derive(&t->a[i], &r[i], stale_after);
	qsort(r, (size_t)t->n, sizeof(*r), row_cmp);
	return t->n;
}

void fleet_issue_add(struct fleet_issue *is, int *n, bool warning, const char *query, const char *what)
{
	if (*n >= FLEET_ISSUES_MAX)
		return;
	is[*n].warning = warning;
	snprintf(is[*n].what, sizeof(is[*n].what), "%s", what ? what : "");
	snprintf(is[*n].query, sizeof(is[*n].query), "%s", query ? query : "");
	(*n)++;
}
