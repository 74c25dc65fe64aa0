/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* procirq.c: /proc/interrupts (hostile text: every count and number bounded). */
#include "procirq.h"
#include "cpulist.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* A decimal number of at most 20 digits that fits in 64 bits, ended by a blank or the line's
 * end. 1: a number (*p moved past it), 0: no number here, -EINVAL: too large or glued to text. */
static int number(const char **p, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;
	int n = 0;

	if (*s < '0' || *s > '9')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++, n++) {
		unsigned d = (unsigned)(*s - '0');
		if (n >= 20 || v > (UINT64_MAX - d) / 10)
			return -EINVAL;
		v = v * 10 + d;
	}
	if (*s && *s != ' ' && *s != '\t' && *s != '\n')
		return 0;   /* "5-edge": a word of the description, not a count */
	*p = s;
	*out = v;
	return 1;
}

static int grow(struct procirq *pi)
{
	int cap = pi->cap ? pi->cap * 2 : 64;
	void *c, *k, *t;

	if (cap > PROCIRQ_MAX_CPU + 1)
		return -EINVAL;
	if (!(c = realloc(pi->cpu, (size_t)cap * sizeof(*pi->cpu))))
		return -ENOMEM;
	pi->cpu = c;
	if (!(k = realloc(pi->count, (size_t)cap * sizeof(*pi->count))))
		return -ENOMEM;
	pi->count = k;
	if (!(t = realloc(pi->tmp, (size_t)cap * sizeof(*pi->tmp))))
		return -ENOMEM;
	pi->tmp = t;
	pi->cap = cap;
	return 0;
}

/* The header: "CPU0 CPU1 ..." (blanks around), up to the end of the line. */
static int header(struct procirq *pi, const char *s)
{
	uint64_t seen[(PROCIRQ_MAX_CPU + 1) / 64] = { 0 };   /* a bitmap: linear time for any header */

	for (;;) {
		uint64_t cpu;
		int r;

		s = skip_blank(s);
		if (*s == '\n' || !*s)
			break;
		if (strncmp(s, "CPU", 3) != 0)
			return -EINVAL;
		s += 3;
		if ((r = number(&s, &cpu)) <= 0 || cpu > PROCIRQ_MAX_CPU)
			return -EINVAL;
		if (seen[cpu / 64] & (1ull << (cpu % 64)))
			return -EINVAL;
		seen[cpu / 64] |= 1ull << (cpu % 64);
		if (pi->n == pi->cap && (r = grow(pi)) < 0)
			return r;
		pi->cpu[pi->n] = (int)cpu;
		pi->count[pi->n++] = 0;
	}
	return pi->n ? 0 : -EINVAL;
}

/* One "NAME: n n ..." line from s (after its colon); the numbers are added when there is one
 * per column. */
static int line(struct procirq *pi, const char *s)
{
	int k;

	for (k = 0; k < pi->n; k++) {
		int r;
		s = skip_blank(s);
		if ((r = number(&s, &pi->tmp[k])) < 0)
			return r;
		if (r == 0)
			return 0;
	}
	for (k = 0; k < pi->n; k++)
		pi->count[k] = pi->count[k] > UINT64_MAX - pi->tmp[k] ? UINT64_MAX : pi->count[k] + pi->tmp[k];
	return 0;
}

int procirq_parse(struct procirq *pi, const char *text)
{
	const char *p = text;
	int r;

	pi->n = 0;
	if (!p || (r = header(pi, p)) < 0)
		return -EINVAL;
	for (p = strchr(p, '\n'); p && *++p; p = strchr(p, '\n')) {
		const char *s = skip_blank(p), *colon = s;
		/* the name: letters, digits, '_' then ':' */
		while ((*colon >= 'A' && *colon <= 'Z') || (*colon >= 'a' && *colon <= 'z') ||
		       (*colon >= '0' && *colon <= '9') || *colon == '_')
			colon++;
		if (*colon != ':' || colon == s)
			continue;   /* not a counter line: ignored */
		if ((r = line(pi, colon + 1)) < 0)
			return r;
	}
	return 0;
}

void procirq_free(struct procirq *pi)
{
	free(pi->cpu);
	free(pi->count);
	free(pi->tmp);
	memset(pi, 0, sizeof(*pi));
}

int procirq_find(const struct procirq *pi, int cpu)
{
	return cpulist_index(pi->cpu, pi->n, cpu);
}
