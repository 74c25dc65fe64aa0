/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores_fold.c: the cores view's rows folded by core (t): its CPUs grouped by (socket, core) once,
 * their counts and figures summed for every new frame (cores_fold.h). */
#include "cores_fold.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hw/model/model.h"

static int cmp_core(const void *pa, const void *pb, void *arg)
{
	const struct model *m = arg;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (m->cpu_sock[a] != m->cpu_sock[b])
		return m->cpu_sock[a] - m->cpu_sock[b];
	if (m->cpu_core[a] != m->cpu_core[b])
		return m->cpu_core[a] - m->cpu_core[b];
	return m->cpu_ids[a] - m->cpu_ids[b];
}

/* Group CPUs by (socket, core) once; sum their rows for every new frame. */
int cores_fold_update(struct cores_fold *cv, const struct model *m, unsigned gen)
{
	const struct frame *f = &m->cur;
	int nev = m->nev;

	if (!cv->cpus) {
		int n = 0;
		cv->cpus = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		cv->first = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		cv->n = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		if (!cv->cpus || !cv->first || !cv->n)
			return -1;
		for (int c = 0; c < m->ncpus; c++)
			cv->cpus[c] = c;
		qsort_r(cv->cpus, (size_t)m->ncpus, sizeof(int), cmp_core, (void *)m);
		for (int i = 0; i < m->ncpus; i++) {
			int c = cv->cpus[i];
			if (n > 0) {
				int p = cv->cpus[cv->first[n - 1]];
				/* a CPU of unknown core (a replay without topology) is a core of its own */
				if (m->cpu_core[c] >= 0 && m->cpu_sock[p] == m->cpu_sock[c] &&
				    m->cpu_core[p] == m->cpu_core[c]) {
					cv->n[n - 1]++;
					continue;
				}
			}
			cv->first[n] = i;
			cv->n[n] = 1;
			n++;
		}
		cv->nfold = n;
		cv->seq = (unsigned long long)-1;
	}
	if (cv->nev != nev || !cv->val) {
		free(cv->val);
		free(cv->met);
		cv->val = calloc((size_t)cv->nfold * (size_t)(nev ? nev : 1), sizeof(struct ev_val));
		cv->met = calloc((size_t)cv->nfold * NMETRICS, sizeof(double));
		if (!cv->val || !cv->met)
			return -1;
		cv->nev = nev;
		cv->seq = (unsigned long long)-1;
	}
	if ((cv->seq == f->seq && cv->gen == gen) || !f->cpu)
		return 0;
	for (int r = 0; r < cv->nfold; r++) {
		struct ev_val *dst = &cv->val[(size_t)r * nev];
		double *met = &cv->met[(size_t)r * NMETRICS];
		double jif[UT_N] = { 0 }, swr[SWR_N] = { 0 };
		bool any = false;
		memset(dst, 0, sizeof(*dst) * (size_t)nev);
		for (int k = 0; k < cv->n[r]; k++) {
			int c = cv->cpus[cv->first[r] + k];
			if (f->online && !f->online[c])
				continue;
			any = true;
			for (int e = 0; e < nev; e++)
				model_sum_into(&dst[e], &f->cpu[(size_t)c * nev + e]);
			for (int j = 0; f->jif && j < UT_N; j++)
				jif[j] += f->jif[(size_t)c * UT_N + j];
			for (int j = 0; f->swr && j < SWR_N; j++)
				swr[j] += f->swr[(size_t)c * SWR_N + j];
		}
		for (int e = 0; e < nev; e++)
			model_sum_finish(&dst[e]);
		if (any) {
			model_metrics(m, dst, f->interval, met, true);
			if (f->jif)
				model_util(jif, met);   /* the core's siblings' times together */
			model_swrates(swr, f->interval, met);
		} else
			for (int k = 0; k < NMETRICS; k++)
				met[k] = NAN;
	}
	cv->seq = f->seq;
	cv->gen = gen;
	return 0;
}

void cores_fold_free(struct cores_fold *f)
{
	free(f->val);
	free(f->met);
	free(f->first);
	free(f->n);
	free(f->cpus);
	memset(f, 0, sizeof(*f));
}
