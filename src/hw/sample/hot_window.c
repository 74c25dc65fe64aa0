/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot_window.c: the functions seen and the sliding window of samples per function (see hot_impl.h). */
#include "hot_impl.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOT_HASH 8192

int hwin_init(struct hwin *w, int nev)
{
	memset(w, 0, sizeof(*w));
	w->nev = nev;
	if (!(w->hash = calloc(HOT_HASH, sizeof(*w->hash))))
		return -ENOMEM;
	w->nb = 1;   /* the open bucket */
	w->b[0].seq = w->seq = 1;
	return 0;
}

void hwin_free(struct hwin *w)
{
	for (int i = 0; i < w->nfn; i++) {
		free(w->fn[i]->dso);
		free(w->fn[i]->sym);
		free(w->fn[i]->src);
		free(w->fn[i]);
	}
	for (int i = 0; i < HOT_MAX_BUCKETS; i++)
		free(w->b[i].e);
	free(w->fn);
	free(w->hash);
	memset(w, 0, sizeof(*w));
}

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

int hwin_fn(struct hwin *w, const struct sym_res *r, int pid, uint64_t ip)
{
	uint64_t h = fnv(14695981039346656037ULL, r->dso);
	struct hfn *f, **chain;
	bool other = w->nfn >= HOT_MAX_FUNCS;
	const char *dso = other ? "[other]" : r->dso, *sym = other ? "[other functions]" : r->sym;
	uint64_t off = sym ? 0 : r->off;

	if (other)
		h = fnv(14695981039346656037ULL, dso);
	h = sym ? fnv(h * 31, sym) : (h ^ off) * 1099511628211ULL;
	chain = &w->hash[h % HOT_HASH];
	for (f = *chain; f; f = f->next)
		if (f->off == off && strcmp(f->dso, dso) == 0 && (sym ? f->sym && strcmp(f->sym, sym) == 0 : !f->sym))
			return f->id;
	if (w->nfn == w->capfn) {
		int nc = w->capfn ? w->capfn * 2 : 256;
		struct hfn **nv = realloc(w->fn, (size_t)nc * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		w->fn = nv, w->capfn = nc;
	}
	if (!(f = calloc(1, sizeof(*f))) || !(f->dso = strdup(dso)) || (sym && !(f->sym = strdup(sym)))) {
		if (f)
			free(f->dso);
		free(f);
		return -ENOMEM;
	}
	f->off = off;
	f->why = sym ? NULL : r->why;
	f->pid = pid, f->ip = ip;
	f->id = w->nfn;
	f->next = *chain;
	*chain = f;
	w->fn[w->nfn++] = f;
	return f->id;
}

struct hbucket *hwin_cur(struct hwin *w)
{
	return &w->b[(w->first + w->nb - 1) % HOT_MAX_BUCKETS];
}

void hwin_add(struct hwin *w, int fid, const uint64_t *d)
{
	struct hbucket *b = hwin_cur(w);
	struct hfn *f;
	struct hbent *e;

	if (fid < 0 || fid >= w->nfn)
		return;
	f = w->fn[fid];
	if (f->seq != b->seq) {
		if (b->ne == b->cap) {
			int nc = b->cap ? b->cap * 2 : 64;
			struct hbent *ne = realloc(b->e, (size_t)nc * sizeof(*ne));

			if (!ne)
				return;
			b->e = ne, b->cap = nc;
		}
		f->seq = b->seq;
		f->at = b->ne;
		b->e[b->ne++] = (struct hbent){ .fid = fid };
	}
	e = &b->e[f->at];
	e->n++, f->n++;
	b->samples++, w->samples++;
	if (d)
		b->counted++, w->counted++;
	for (int k = 0; d && k < w->nev; k++)
		e->v[k] += d[k], f->v[k] += d[k];
}

static void expire(struct hwin *w)
{
	struct hbucket *b = &w->b[w->first];

	for (int i = 0; i < b->ne; i++) {
		struct hfn *f = w->fn[b->e[i].fid];

		f->n -= b->e[i].n;
		for (int k = 0; k < w->nev; k++)
			f->v[k] -= b->e[i].v[k];
	}
	w->samples -= b->samples, w->counted -= b->counted, w->thr -= b->thr, w->unthr -= b->unthr, w->lost -= b->lost;
	w->corrupt -= b->corrupt;
	b->ne = 0;
	b->samples = b->counted = b->thr = b->unthr = b->lost = b->corrupt = 0;
	w->first = (w->first + 1) % HOT_MAX_BUCKETS;
	w->nb--;
}

void hwin_close(struct hwin *w, double now, double window)
{
	struct hbucket *b = hwin_cur(w);

	double slack = w->last > 0 && now > w->last ? (now - w->last) / 4 : 0;

	b->t = now;
	w->thr += b->thr, w->unthr += b->unthr, w->lost += b->lost, w->corrupt += b->corrupt;
	w->added += b->samples;
	/* a bucket whose refresh ended window seconds ago or more is out (a refresh that woke a little
	 * late does not keep one interval too many); so is the oldest when full */
	while (w->nb > 1 && (w->b[w->first].t <= now - window + slack || w->nb == HOT_MAX_BUCKETS))
		expire(w);
	w->last = now;
	b = &w->b[(w->first + w->nb) % HOT_MAX_BUCKETS];
	w->nb++;
	b->ne = 0;
	b->samples = b->counted = b->thr = b->unthr = b->lost = b->corrupt = 0;
	b->seq = ++w->seq;
}
