/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* procstat.c: the "cpuN" lines of /proc/stat (hostile text: every field bounded). */
#include "procstat.h"
#include "cpulist.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A decimal number of at most 20 digits that fits in 64 bits. */
static int parse_u64(const char **p, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;
	int n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	for (; *s >= '0' && *s <= '9'; s++, n++) {
		unsigned d = (unsigned)(*s - '0');
		if (n >= 20 || v > (UINT64_MAX - d) / 10)
			return -EINVAL;
		v = v * 10 + d;
	}
	*p = s;
	*out = v;
	return 0;
}

static int grow(struct procstat *ps)
{
	int cap = ps->cap ? ps->cap * 2 : 64;
	int *c;
	uint64_t (*j)[UT_N];

	if (cap > PROCSTAT_MAX_CPU + 1)
		return -EINVAL;
	c = realloc(ps->cpu, (size_t)cap * sizeof(*c));
	if (!c)
		return -ENOMEM;
	ps->cpu = c;
	j = realloc(ps->j, (size_t)cap * sizeof(*j));
	if (!j)
		return -ENOMEM;
	ps->j = j;
	ps->cap = cap;
	return 0;
}

int procstat_parse(struct procstat *ps, const char *text)
{
	const char *p = text;

	ps->n = 0;
	while (p && *p) {
		const char *eol = strchr(p, '\n'), *s = p + 3;
		uint64_t cpu, v;
		int r, k;

		if (strncmp(p, "cpu", 3) != 0 || *s < '0' || *s > '9') {
			p = eol ? eol + 1 : NULL;
			continue;
		}
		if (parse_u64(&s, &cpu) < 0 || cpu > PROCSTAT_MAX_CPU || (*s != ' ' && *s != '\t'))
			return -EINVAL;
		if (ps->n == ps->cap && (r = grow(ps)) < 0)
			return r;
		ps->cpu[ps->n] = (int)cpu;
		memset(ps->j[ps->n], 0, sizeof(ps->j[ps->n]));
		/* older kernels have fewer columns; the first four are always there */
		for (k = 0; k < UT_N; k++) {
			const char *t = s;
			while (*t == ' ' || *t == '\t')
				t++;
			if (*t == '\n' || *t == '\0')
				break;
			if (parse_u64(&s, &v) < 0)
				return -EINVAL;
			ps->j[ps->n][k] = v;
		}
		if (k < 4)
			return -EINVAL;
		ps->n++;
		p = eol ? eol + 1 : NULL;
	}
	return 0;
}

void procstat_free(struct procstat *ps)
{
	free(ps->cpu);
	free(ps->j);
	memset(ps, 0, sizeof(*ps));
}

int procstat_find(const struct procstat *ps, int cpu)
{
	return cpulist_index(ps->cpu, ps->n, cpu);
}

int procstat_delta(const uint64_t *prev, const uint64_t *cur, double *out)
{
	for (int k = 0; k < UT_N; k++)
		if (cur[k] < prev[k]) {
			for (k = 0; k < UT_N; k++)
				out[k] = NAN;
			return -ERANGE;
		}
	for (int k = 0; k < UT_N; k++)
		out[k] = (double)(cur[k] - prev[k]);
	return 0;
}
