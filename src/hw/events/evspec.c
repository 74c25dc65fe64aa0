/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evspec.c: the storage of a resolved event list: a spec pushed, copied, removed and freed with
 * every string and CPU list it owns. */
#include "evspec.h"
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void ev_spec_free(struct ev_spec *e)
{
	free(e->name);
	free(e->input);
	free(e->base);
	free(e->cpus);
	free(e->origin);
	free(e->other_origin);
	free(e->other_terms);
	memset(e, 0, sizeof(*e));
}

void ev_list_free(struct ev_list *l)
{
	if (!l)
		return;
	for (int i = 0; i < l->n; i++)
		ev_spec_free(&l->ev[i]);
	free(l->ev);
	memset(l, 0, sizeof(*l));
}

void ev_list_remove(struct ev_list *l, int i)
{
	if (i < 0 || i >= l->n)
		return;
	ev_spec_free(&l->ev[i]);
	memmove(&l->ev[i], &l->ev[i + 1], (size_t)(l->n - i - 1) * sizeof(l->ev[0]));
	l->n--;
}

/* Move *e into l (l owns it afterwards). */
int ev_list_push(struct ev_list *l, struct ev_spec *e)
{
	struct ev_spec *nv = realloc(l->ev, (size_t)(l->n + 1) * sizeof(*nv));

	if (!nv) {
		ev_spec_free(e);
		return -ENOMEM;
	}
	l->ev = nv;
	l->ev[l->n++] = *e;
	memset(e, 0, sizeof(*e));
	return 0;
}

int ev_spec_cpus_copy(struct ev_spec *e, const int *cpus, int n)
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

/* A copy of s, NULL staying NULL; *bad set when out of memory. */
static char *dup_opt(const char *s, bool *bad)
{
	char *d = s ? strdup(s) : NULL;

	*bad |= s && !d;
	return d;
}

int ev_spec_dup(struct ev_spec *dst, const struct ev_spec *src)
{
	bool bad = false;

	*dst = *src;
	dst->name = strdup(src->name);
	dst->input = strdup(src->input);
	dst->base = strdup(src->base);
	dst->origin = dup_opt(src->origin, &bad);
	dst->other_origin = dup_opt(src->other_origin, &bad);
	dst->other_terms = dup_opt(src->other_terms, &bad);
	dst->cpus = NULL;
	if (!dst->name || !dst->input || !dst->base || bad || ev_spec_cpus_copy(dst, src->cpus, src->ncpus) < 0) {
		ev_spec_free(dst);
		return -ENOMEM;
	}
	return 0;
}

int ev_list_copy(struct ev_list *dst, const struct ev_list *src)
{
	memset(dst, 0, sizeof(*dst));
	if (src->n == 0)
		return 0;
	dst->ev = calloc((size_t)src->n, sizeof(dst->ev[0]));
	if (!dst->ev)
		return -ENOMEM;
	for (int i = 0; i < src->n; i++) {
		if (ev_spec_dup(&dst->ev[i], &src->ev[i]) < 0) {
			dst->n = i;
			ev_list_free(dst);
			return -ENOMEM;
		}
	}
	dst->n = src->n;
	dst->ngroups = src->ngroups;
	return 0;
}
