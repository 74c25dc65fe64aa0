/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores_fold.h: the cores view's rows folded by core (t: SMT siblings summed into one row). */
#ifndef PMUTOP_UI_CORES_FOLD_H
#define PMUTOP_UI_CORES_FOLD_H

struct model;
struct ev_val;

struct cores_fold {
	int nfold, nev;
	struct ev_val *val;        /* [nfold * nev] */
	double *met;               /* [nfold * NMETRICS] */
	int *first, *n;            /* a row's first CPU in cpus[], its number of siblings */
	int *cpus;                 /* CPU indices grouped by core */
	unsigned long long seq;    /* the frame they were summed from */
	unsigned gen;              /* and the model's generation then (ui.model_gen) */
};

/* Group m's CPUs by (socket, core) the first time; sum their rows when the frame (or the model, gen)
 * is new. 0, or -1 without memory. */
int cores_fold_update(struct cores_fold *f, const struct model *m, unsigned gen);
void cores_fold_free(struct cores_fold *f);
#endif
