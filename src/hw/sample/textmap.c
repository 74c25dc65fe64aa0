/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* textmap.c: kallsyms and perf-PID.map tables (see textmap.h). */
#include "textmap.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int by_start(const void *a, const void *b)
{
	const struct tment *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static bool hex(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	int nd = 0;

	*v = 0;
	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (; s < end && nd < 17; s++, nd++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 :
			*s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;
		if (d < 0)
			break;
		*v = *v << 4 | (uint64_t)d;
	}
	if (nd == 0 || nd > 16)
		return false;
	*p = s;
	return true;
}

static int push(struct textmap *m, int *cap, size_t *ncap, uint64_t start, uint64_t end, const char *nm, size_t len)
{
	if (m->n >= TEXTMAP_MAX || m->names_len + len + 1 > TEXTMAP_MAX_BYTES)
		return 0;
	if (m->n == *cap) {
		int nc = *cap ? *cap * 2 : 1024;
		struct tment *nv = realloc(m->v, (size_t)nc * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		m->v = nv, *cap = nc;
	}
	if (m->names_len + len + 1 > *ncap) {
		size_t nc = *ncap ? *ncap : 16384;
		char *nn;

		while (nc < m->names_len + len + 1)
			nc *= 2;
		if (!(nn = realloc(m->names, nc)))
			return -ENOMEM;
		m->names = nn, *ncap = nc;
	}
	memcpy(m->names + m->names_len, nm, len);
	m->names[m->names_len + len] = '\0';
	m->v[m->n++] = (struct tment){ start, end, (uint32_t)m->names_len };
	m->names_len += len + 1;
	return 0;
}

/* One line [s, e): 0 taken or skipped, -ENOMEM. */
static int line(struct textmap *m, const char *s, const char *e, enum textmap_kind kind, int *cap, size_t *ncap,
		bool *nonzero)
{
	uint64_t a, size = 0;
	const char *nm;

	if (!hex(&s, e, &a) || s >= e || *s != ' ')
		return 0;
	s++;
	if (kind == TEXTMAP_KALLSYMS) {
		char t = s < e ? *s : 0;

		if (t != 't' && t != 'T' && t != 'w' && t != 'W')
			return 0;
		s++;
		if (s >= e || *s != ' ')
			return 0;
		s++;
		if (a)
			*nonzero = true;
	} else {
		if (!hex(&s, e, &size) || s >= e || *s != ' ' || !size || a + size < a)
			return 0;
		s++;
	}
	nm = s;
	if (kind == TEXTMAP_KALLSYMS)   /* the name, then maybe a tab and [module] */
		while (s < e && *s != '\t' && *s != ' ')
			s++;
	else
		s = e;
	if (s == nm || s - nm > 4096)
		return 0;
	return push(m, cap, ncap, a, size ? a + size : 0, nm, (size_t)(s - nm));
}

int textmap_parse(struct textmap *m, const char *text, size_t len, enum textmap_kind kind)
{
	const char *p = text, *end = text + len;
	bool nonzero = false;
	size_t ncap = 0;
	int cap = 0;

	memset(m, 0, sizeof(*m));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (line(m, p, e, kind, &cap, &ncap, &nonzero) < 0) {
			textmap_free(m);
			return -ENOMEM;
		}
		p = e + 1;
	}
	m->all_zero = kind == TEXTMAP_KALLSYMS && !nonzero;
	if (m->n)
		qsort(m->v, (size_t)m->n, sizeof(*m->v), by_start);
	for (int i = 0; i < m->n; i++)   /* kallsyms has no sizes: a function ends where the next starts */
		if (!m->v[i].end)
			m->v[i].end = i + 1 < m->n && m->v[i + 1].start > m->v[i].start ? m->v[i + 1].start
								       : m->v[i].start + 4096;
	m->bytes = (size_t)m->n * sizeof(*m->v) + m->names_len;
	return 0;
}

void textmap_free(struct textmap *m)
{
	free(m->v);
	free(m->names);
	memset(m, 0, sizeof(*m));
}

int textmap_find(const struct textmap *m, uint64_t addr)
{
	int lo = 0, hi = m->n - 1, at = -1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (m->v[mid].start <= addr)
			at = mid, lo = mid + 1;
		else
			hi = mid - 1;
	}
	return at >= 0 && addr < m->v[at].end ? at : -1;
}

long textmap_slurp(int fd, char **out)
{
	size_t cap = 65536, len = 0;
	char *b = malloc(cap + 1);

	*out = NULL;
	if (!b)
		return -ENOMEM;
	for (;;) {
		ssize_t r;

		if (len == cap) {
			char *nb;

			if (cap >= TEXTMAP_MAX_BYTES) {
				free(b);
				return -EFBIG;
			}
			if (!(nb = realloc(b, cap * 2 + 1))) {
				free(b);
				return -ENOMEM;
			}
			b = nb, cap *= 2;
		}
		r = read(fd, b + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(b);
			return -e;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	b[len] = '\0';
	*out = b;
	return (long)len;
}
