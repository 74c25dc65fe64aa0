/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* model_cpus.c: a model's CPUs replaced in place, its arrays grown geometrically (model_set_cpus): a
 * recording read once may bring a new CPU in every interval, and setting the model up afresh each
 * time cost the square of the CPUs (issue 26). */
#include "model.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* field as an array of n (at least 1: the rooms are) elements, its old ones kept; on failure it is left as it was. */
#define GROW(field, n) do { \
	void *np_ = realloc((field), (n) * sizeof(*(field))); \
	if (!np_) \
		return -ENOMEM; \
	(field) = np_; \
} while (0)

/* Room for ncpus CPUs and nsock sockets: each array that lacks it twice its room, at least. */
static int make_room(struct model *m, int ncpus, int nsock)
{
	struct frame *f = &m->cur;
	size_t ne = (size_t)(m->nev ? m->nev : 1), cc = (size_t)m->cpu_cap, sc = (size_t)m->sock_cap;

	if (ncpus > m->cpu_cap)
		cc = (size_t)ncpus > 2 * cc ? (size_t)ncpus : 2 * cc;
	if (nsock > m->sock_cap)
		sc = (size_t)nsock > 2 * sc ? (size_t)nsock : 2 * sc;
	if (cc > INT_MAX)
		cc = (size_t)ncpus;
	if (sc > INT_MAX)
		sc = (size_t)nsock;
	if (cc == (size_t)m->cpu_cap && sc == (size_t)m->sock_cap)
		return 0;
	/* each array grows by itself: one that fails leaves the model as it was, with more room in some */
	GROW(m->cpu_ids, cc);
	GROW(m->cpu_sock, cc);
	GROW(m->cpu_core, cc);
	GROW(m->sock_ids, sc);
	GROW(m->hist_ipc, cc * (size_t)m->hist_cap);
	GROW(f->cpu, cc * ne);
	GROW(f->cpu_m, cc * NMETRICS);
	GROW(f->online, cc);
	GROW(f->jif, cc * UT_N);
	GROW(f->swr, cc * SWR_N);
	GROW(f->sock, sc * ne);
	GROW(f->sock_m, sc * NMETRICS);
	m->cpu_cap = (int)cc;
	m->sock_cap = (int)sc;
	return 1;
}

/* Row c of the frame and the history as model_alloc_frame leaves them. */
static void empty_row(struct model *m, int c)
{
	struct frame *f = &m->cur;
	size_t ne = (size_t)(m->nev ? m->nev : 1);

	memset(&f->cpu[(size_t)c * ne], 0, ne * sizeof(struct ev_val));
	memset(&f->swr[(size_t)c * SWR_N], 0, SWR_N * sizeof(double));
	for (int k = 0; k < NMETRICS; k++)
		f->cpu_m[(size_t)c * NMETRICS + k] = NAN;
	for (int k = 0; k < UT_N; k++)
		f->jif[(size_t)c * UT_N + k] = NAN;
	f->online[c] = true;
	for (int k = 0; k < m->hist_cap; k++)
		m->hist_ipc[(size_t)c * m->hist_cap + k] = NAN;
}

int model_set_cpus(struct model *m, int ncpus, const int *cpu_ids, const int *cpu_sock, const int *cpu_core,
		   int nsock, const int *sock_ids)
{
	int grown, old = m->ncpus;
	bool keep;

	if (ncpus <= 0 || !m->cur.cpu)
		return -EINVAL;
	if (!cpu_sock || nsock <= 0)
		nsock = 1;
	if ((grown = make_room(m, ncpus, nsock)) < 0)
		return grown;
	/* the old CPUs first, in their order: their rows and history stay theirs */
	keep = ncpus >= old && memcmp(m->cpu_ids, cpu_ids, (size_t)old * sizeof(int)) == 0;
	if (!keep) {
		for (int c = 0; c < old && c < ncpus; c++)
			for (int k = 0; k < m->hist_cap; k++)
				m->hist_ipc[(size_t)c * m->hist_cap + k] = NAN;
		m->hist_len = m->hist_head = 0;
	}
	for (int c = old; c < ncpus; c++)
		empty_row(m, c);
	for (int i = 0; i < ncpus; i++) {
		m->cpu_ids[i] = cpu_ids[i];
		m->cpu_sock[i] = cpu_sock ? cpu_sock[i] : 0;
		m->cpu_core[i] = cpu_core ? cpu_core[i] : -1;
	}
	for (int s = 0; s < nsock; s++)
		m->sock_ids[s] = cpu_sock && sock_ids ? sock_ids[s] : -1;
	m->ncpus = ncpus;
	m->nsock = nsock;
	return grown;
}
