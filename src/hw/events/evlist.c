/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evlist.c: the event list object: entries with owners, parsed once, and the flat list built from them. */
#include "evlist.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void entry_free(struct evl_entry *e)
{
	free(e->text);
	ev_list_free(&e->ev);
	memset(e, 0, sizeof(*e));
}

void evlist_free(struct evlist *l)
{
	for (int i = 0; i < l->n; i++)
		entry_free(&l->e[i]);
	free(l->e);
	free(l->flat.ev);
	free(l->flat_first);
	memset(l, 0, sizeof(*l));
}

static int lowest_owner(unsigned owners)
{
	for (int o = 0; o < EVO_NOWNERS; o++)
		if (owners & EVO_BIT(o))
			return o;
	return EVO_NOWNERS;
}

/* Flat order: by the entry's first owner, then by its place in that owner's order. */
static int order_cmp(const void *x, const void *y, void *ctx)
{
	const struct evl_entry *e = ctx;
	const struct evl_entry *a = &e[*(const int *)x], *b = &e[*(const int *)y];
	int oa = lowest_owner(a->owners), ob = lowest_owner(b->owners);

	if (oa != ob)
		return oa < ob ? -1 : 1;
	return a->seq[oa] < b->seq[oa] ? -1 : a->seq[oa] > b->seq[oa];
}

/* Rebuild flat and flat_first from the entries. 0 or -ENOMEM (flat is then empty). */
static int flatten(struct evlist *l)
{
	int total = 0, at = 0, base = 0, *ord = malloc(sizeof(int) * (size_t)(l->n ? l->n : 1));
	struct ev_spec *ev;
	int *first;

	for (int i = 0; i < l->n; i++)
		total += l->e[i].ev.n;
	ev = malloc(sizeof(*ev) * (size_t)(total ? total : 1));
	first = malloc(sizeof(int) * (size_t)(l->n ? l->n : 1));
	free(l->flat.ev);
	free(l->flat_first);
	memset(&l->flat, 0, sizeof(l->flat));
	l->flat_first = NULL;
	if (!ord || !ev || !first) {
		free(ord); free(ev); free(first);
		return -ENOMEM;
	}
	for (int i = 0; i < l->n; i++)
		ord[i] = i;
	qsort_r(ord, (size_t)l->n, sizeof(int), order_cmp, l->e);
	for (int k = 0; k < l->n; k++) {
		const struct evl_entry *e = &l->e[ord[k]];
		first[ord[k]] = at;
		for (int j = 0; j < e->ev.n; j++) {
			ev[at] = e->ev.ev[j];       /* shares the entry's strings */
			ev[at++].group = base + e->ev.ev[j].group;
		}
		base += e->ev.ngroups;
	}
	free(ord);
	l->flat.ev = ev;
	l->flat.n = at;
	l->flat.ngroups = base;
	l->flat.no_autopin = l->no_autopin;
	l->flat_first = first;
	return 0;
}

static struct evl_entry *entry_new(struct evlist *l)
{
	if (l->n == l->cap) {
		int nc = l->cap ? l->cap * 2 : 16;
		struct evl_entry *ne = realloc(l->e, sizeof(*ne) * (size_t)nc);
		if (!ne)
			return NULL;
		l->e = ne;
		l->cap = nc;
	}
	memset(&l->e[l->n], 0, sizeof(l->e[0]));
	l->e[l->n].id = ++l->next_id;
	return &l->e[l->n++];
}

static void mark(struct evlist *l, struct evl_entry *e, int owner)
{
	e->owners |= EVO_BIT(owner);
	e->seq[owner] = ++l->next_seq;
}

/* An entry written as text that owner does not hold yet (to share), or -1. */
static int shareable(const struct evlist *l, int owner, const char *text, size_t len)
{
	for (int i = 0; i < l->n; i++)
		if (!(l->e[i].owners & EVO_BIT(owner)) && strlen(l->e[i].text) == len &&
		    memcmp(l->e[i].text, text, len) == 0)
			return i;
	return -1;
}

/* Add one parsed item (its events moved out of p) for owner; the index of its entry or -ENOMEM. */
static int add_part(struct evlist *l, int owner, const char *text, struct ev_part *p)
{
	size_t len = (size_t)(p->end - p->pos);
	int i = shareable(l, owner, text + p->pos, len);
	struct evl_entry *e;
	char *t;

	if (i >= 0) {
		mark(l, &l->e[i], owner);
		return i;
	}
	if (!(t = strndup(text + p->pos, len)) || !(e = entry_new(l))) {
		free(t);
		return -ENOMEM;
	}
	e->text = t;
	e->ev = p->ev;
	memset(&p->ev, 0, sizeof(p->ev));
	mark(l, e, owner);
	return (int)(e - l->e);
}

int evlist_add(struct evlist *l, int owner, const char *text, bool skip_missing,
	       const struct pmu_registry *reg, const struct topology *topo, int *ids, int maxids,
	       struct ev_error *err)
{
	struct ev_part *parts;
	struct evlist keep;
	int np, r;

	if (owner < 0 || owner >= EVO_NOWNERS)
		return -EINVAL;
	r = evparse_parts(text, reg, topo, skip_missing, &parts, &np, err);
	if (r < 0)
		return r;
	/* all or nothing: work on a copy when out of memory could stop half-way */
	if (evlist_copy(&keep, l) < 0) {
		evparse_parts_free(parts, np);
		return -ENOMEM;
	}
	for (int k = 0; k < np && r >= 0; k++) {
		r = add_part(l, owner, text, &parts[k]);
		if (r >= 0 && ids && k < maxids)
			ids[k] = l->e[r].id;
	}
	evparse_parts_free(parts, np);
	if (r < 0 || flatten(l) < 0) {
		evlist_free(l);
		*l = keep;
		err->pos = 0;
		strcpy(err->msg, "out of memory");
		return -ENOMEM;
	}
	evlist_free(&keep);
	return np;
}

/* Remove entry i when nobody holds it any more. */
static void prune(struct evlist *l, int i)
{
	if (l->e[i].owners)
		return;
	entry_free(&l->e[i]);
	memmove(&l->e[i], &l->e[i + 1], sizeof(l->e[0]) * (size_t)(l->n - i - 1));
	l->n--;
}

int evlist_drop(struct evlist *l, int owner, int id)
{
	int i = evlist_index(l, id);

	if (i < 0 || owner < 0 || owner >= EVO_NOWNERS || !(l->e[i].owners & EVO_BIT(owner)))
		return -ENOENT;
	l->e[i].owners &= ~EVO_BIT(owner);
	prune(l, i);
	return flatten(l);
}

void evlist_drop_owner(struct evlist *l, int owner)
{
	for (int i = l->n - 1; i >= 0; i--) {
		l->e[i].owners &= ~EVO_BIT(owner);
		prune(l, i);
	}
	flatten(l);
}

static int entry_copy(struct evl_entry *dst, const struct evl_entry *src)
{
	*dst = *src;
	dst->text = strdup(src->text);
	if (!dst->text || ev_list_copy(&dst->ev, &src->ev) < 0) {
		free(dst->text);
		memset(dst, 0, sizeof(*dst));
		return -ENOMEM;
	}
	return 0;
}

int evlist_copy(struct evlist *dst, const struct evlist *src)
{
	memset(dst, 0, sizeof(*dst));
	dst->next_id = src->next_id;
	dst->next_seq = src->next_seq;
	dst->no_autopin = src->no_autopin;
	if (src->n) {
		dst->e = calloc((size_t)src->n, sizeof(dst->e[0]));
		if (!dst->e)
			return -ENOMEM;
		dst->cap = src->n;
	}
	for (int i = 0; i < src->n; i++, dst->n++)
		if (entry_copy(&dst->e[i], &src->e[i]) < 0) {
			evlist_free(dst);
			return -ENOMEM;
		}
	if (flatten(dst) < 0) {
		evlist_free(dst);
		return -ENOMEM;
	}
	return 0;
}

int *evlist_owned(const struct evlist *src, int owner, int *n)
{
	int *ix = malloc(sizeof(int) * (size_t)(src->n ? src->n : 1)), k = 0;

	if (!ix)
		return NULL;
	for (int i = 0; i < src->n; i++)
		if (src->e[i].owners & EVO_BIT(owner)) {
			int at = k++;
			while (at > 0 && src->e[ix[at - 1]].seq[owner] > src->e[i].seq[owner]) {
				ix[at] = ix[at - 1];
				at--;
			}
			ix[at] = i;
		}
	*n = k;
	return ix;
}

int evlist_take(struct evlist *dst, int owner, const struct evlist *src)
{
	int n, r = 0, *ix = evlist_owned(src, owner, &n);

	if (!ix)
		return -ENOMEM;
	for (int i = dst->n - 1; i >= 0; i--) {
		dst->e[i].owners &= ~EVO_BIT(owner);
		prune(dst, i);
	}
	for (int k = 0; k < n && r == 0; k++) {
		const struct evl_entry *s = &src->e[ix[k]];
		int i = shareable(dst, owner, s->text, strlen(s->text));
		struct evl_entry *e;

		if (i >= 0) {
			mark(dst, &dst->e[i], owner);
			continue;
		}
		if (!(e = entry_new(dst))) {
			r = -ENOMEM;
			break;
		}
		int id = e->id;
		if (entry_copy(e, s) < 0) {
			dst->n--;
			r = -ENOMEM;
			break;
		}
		e->id = id;
		e->owners = 0;
		mark(dst, e, owner);
	}
	free(ix);
	return r < 0 ? r : flatten(dst);
}

int evlist_find(const struct evlist *l, int owner, const char *text)
{
	for (int i = 0; i < l->n; i++)
		if ((owner < 0 || (l->e[i].owners & EVO_BIT(owner))) && strcmp(l->e[i].text, text) == 0)
			return i;
	return -1;
}

int evlist_index(const struct evlist *l, int id)
{
	for (int i = 0; i < l->n; i++)
		if (l->e[i].id == id)
			return i;
	return -1;
}

int evlist_count(const struct evlist *l, int owner)
{
	int n = 0;

	for (int i = 0; i < l->n; i++)
		n += (l->e[i].owners & EVO_BIT(owner)) != 0;
	return n;
}

int evlist_flat_of(const struct evlist *l, int id, int *n)
{
	int i = evlist_index(l, id);

	if (i < 0 || !l->flat_first)
		return -1;
	*n = l->e[i].ev.n;
	return l->flat_first[i];
}

char *evlist_text(const struct evlist *l, unsigned owners)
{
	return evlist_text_sep(l, owners, ",");
}

char *evlist_text_sep(const struct evlist *l, unsigned owners, const char *sep)
{
	size_t len = 1, used = 0, sl = strlen(sep);
	int *ord = malloc(sizeof(int) * (size_t)(l->n ? l->n : 1)), k = 0;
	char *out;

	for (int i = 0; i < l->n; i++)
		len += strlen(l->e[i].text) + sl;
	out = malloc(len);
	if (!out || !ord) {
		free(out);
		free(ord);
		return NULL;
	}
	for (int i = 0; i < l->n; i++)
		if (l->e[i].owners & owners)
			ord[k++] = i;
	qsort_r(ord, (size_t)k, sizeof(int), order_cmp, l->e);
	out[0] = '\0';
	for (int j = 0; j < k; j++) {
		size_t tl = strlen(l->e[ord[j]].text);
		if (used) {
			memcpy(out + used, sep, sl);
			used += sl;
		}
		memcpy(out + used, l->e[ord[j]].text, tl + 1);
		used += tl;
	}
	free(ord);
	return out;
}
