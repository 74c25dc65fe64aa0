/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpulist.c: parse and print the kernel's CPU list syntax. */
#include "cpulist.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct range { int a, b; };

static int cmp_range(const void *x, const void *y)
{
	const struct range *r = x, *s = y;
	return (r->a > s->a) - (r->a < s->a);
}

/* A decimal CPU number up to CPULIST_MAX_CPU; digits are consumed by hand so that no value,
 * however long, can overflow. */
static int read_num(const char **p, int *v)
{
	const char *s = *p;
	long n = 0;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	for (; isdigit((unsigned char)*s); s++) {
		n = n * 10 + (*s - '0');
		if (n > CPULIST_MAX_CPU)
			return -ERANGE;
	}
	*v = (int)n;
	*p = s;
	return 0;
}

/* The ranges of s, sorted and merged (overlapping or adjacent ones joined): linear in the text, whatever
 * it repeats. Returns the number of ranges (0 for an empty list, *out NULL) or a negative errno. */
static int parse_ranges(const char *s, struct range **out)
{
	struct range *r = NULL;
	int nr = 0, cap = 0, m, a, b, err;
	const char *p = s;

	*out = NULL;
	while (*p == ' ' || *p == '\n')
		p++;
	while (*p && *p != '\n') {
		if ((err = read_num(&p, &a)) < 0)
			goto bad;
		b = a;
		if (*p == '-') {
			p++;
			if ((err = read_num(&p, &b)) < 0)
				goto bad;
		}
		err = -EINVAL;
		if (b < a)
			goto bad;
		if (nr == cap) {
			struct range *nrg;
			cap = cap ? cap * 2 : 16;
			nrg = realloc(r, (size_t)cap * sizeof(*r));
			if (!nrg) {
				free(r);
				return -ENOMEM;
			}
			r = nrg;
		}
		r[nr++] = (struct range){ a, b };
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			goto bad;
	}
	if (nr == 0) {
		free(r);
		return 0;
	}
	qsort(r, (size_t)nr, sizeof(*r), cmp_range);
	m = 0;
	for (int i = 1; i < nr; i++) {
		if (r[i].a <= r[m].b + 1) {
			if (r[i].b > r[m].b)
				r[m].b = r[i].b;
		} else {
			r[++m] = r[i];
		}
	}
	*out = r;
	return m + 1;
bad:
	free(r);
	return err;
}

/* Expanding only the merged ranges bounds the work by the text plus CPULIST_MAX_CPU + 1, so a list
 * repeating "0-65535" hundreds of times costs no more than one. */
int cpulist_parse(const char *s, int **out)
{
	struct range *r;
	int nr = parse_ranges(s, &r), n = 0, k = 0;
	int *v;

	*out = NULL;
	if (nr <= 0)
		return nr;
	for (int i = 0; i < nr; i++)
		n += r[i].b - r[i].a + 1;     /* disjoint within 0..CPULIST_MAX_CPU: no overflow */
	v = malloc((size_t)n * sizeof(*v));
	if (!v) {
		free(r);
		return -ENOMEM;
	}
	for (int i = 0; i < nr; i++)
		for (int c = r[i].a; c <= r[i].b; c++)
			v[k++] = c;
	free(r);
	*out = v;
	return n;
}

int cpulist_rank(const char *s, int cpu)
{
	struct range *r;
	int nr = parse_ranges(s, &r), below = 0, rank = -ENOENT;

	if (nr <= 0)
		return nr < 0 ? nr : -ENOENT;
	for (int i = 0; i < nr && r[i].a <= cpu; i++) {
		if (cpu <= r[i].b) {
			rank = below + cpu - r[i].a;
			break;
		}
		below += r[i].b - r[i].a + 1;
	}
	free(r);
	return rank;
}

int cpulist_format(const int *cpus, int n, char *buf, size_t len)
{
	size_t used = 0;
	int i = 0, r;

	if (len == 0)
		return -ENOSPC;
	buf[0] = '\0';
	while (i < n) {
		int j = i;
		while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
			j++;
		if (j == i)
			r = snprintf(buf + used, len - used, "%s%d", used ? "," : "", cpus[i]);
		else
			r = snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", cpus[i], cpus[j]);
		if (r < 0 || (size_t)r >= len - used)
			return -ENOSPC;
		used += (size_t)r;
		i = j + 1;
	}
	return 0;
}

int cpulist_has(const int *cpus, int n, int cpu)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (cpus[mid] == cpu)
			return 1;
		if (cpus[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}

int cpulist_index(const int *cpus, int n, int cpu)
{
	int lo = 0, hi = n - 1;

	if (cpu >= 0 && cpu < n && cpus[cpu] == cpu)
		return cpu;
	while (lo <= hi) {   /* the kernel's files list CPUs in ascending order */
		int mid = lo + (hi - lo) / 2;

		if (cpus[mid] == cpu)
			return mid;
		if (cpus[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	for (int i = 0; i < n; i++)   /* a file in another order: still found */
		if (cpus[i] == cpu)
			return i;
	return -1;
}
