/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl_cgroup.c: the cgroups of -G (and the views' and the exporter's): found in the cgroup file
 * system, counted on every CPU (wlcount.c), and each interval's figures with their CPU time
 * (cpu.stat). */
#include "app.h"
#include "app_wl.h"
#include "base/errmsg.h"
#include "hw/perf/wlcount.h"
#include "hw/sys/cgroupfs.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app_wl_impl.h"

int wl_cg_add(struct app_wl *w, const char *arg, bool count, struct errmsg *em)
{
	struct wl_cg *g;
	int fd, r;

	if (w->ng == w->capg) {
		int cap = w->capg ? w->capg * 2 : 8;
		struct wl_cg *n = realloc(w->g, sizeof(*n) * (size_t)cap);

		if (!n)
			return errmsg_set(em, -ENOMEM, "out of memory");
		w->g = n;
		w->capg = cap;
	}
	g = &w->g[w->ng];

	memset(g, 0, sizeof(*g));
	g->slot = -1;
	if ((r = cgroupfs_resolve(&w->fs, arg, g->path, sizeof(g->path), em)) < 0)
		return r;
	snprintf(g->name, sizeof(g->name), "%s", arg);   /* as perf stat -G writes it: as typed */
	if (!(g->val = calloc((size_t)(w->nev ? w->nev : 1), sizeof(struct ev_val))))
		return errmsg_set(em, -ENOMEM, "out of memory");
	w->ng++;
	g->cpu_only = !count;
	if (!count)
		fd = -1, r = 0;
	else if ((fd = cgroupfs_open(&w->fs, g->path)) < 0)
		r = errmsg_set(em, fd, "cgroup %s: %s", g->path, strerror(-fd));
	else
		r = g->slot = wlc_add_cgroup(w->cnt, fd, g->path, em);
	if (fd >= 0)
		close(fd);
	if (r < 0) {
		g->denied = true;
		snprintf(g->why, sizeof(g->why), "%s", errmsg_text(em, r));
		return r;
	}
	g->have_usage = cgroupfs_usage(&w->fs, g->path, &g->usage) == 0;
	return 0;
}

void wl_cg_sample(struct app *a, struct app_wl *w, struct wl_cg *g, double interval)
{
	uint64_t usage;

	if (g->slot >= 0)
		wlc_read(w->cnt, g->slot, g->val);
	else
		for (int e = 0; e < w->nev; e++) {
			memset(&g->val[e], 0, sizeof(g->val[e]));
			/* refused: as perf shows an event the kernel refused, never as idle */
			g->val[e].state = !w->use[e] ? EVS_ABSENT : g->denied ? EVS_UNSUPPORTED : EVS_NOT_COUNTED;
			g->val[e].value = g->val[e].pct = NAN;
		}
	g->idle = wl_not_run(g->val, w->nev, true);
	model_metrics(&a->model, g->val, interval, g->m, true);
	g->m[M_UTIL] = NAN;
	if (cgroupfs_usage(&w->fs, g->path, &usage) == 0) {
		if (g->have_usage && usage >= g->usage && interval > 0)
			g->m[M_UTIL] = 100 * (double)(usage - g->usage) / (interval * 1e6);
		g->usage = usage;
		g->have_usage = true;
		g->idle &= !(g->m[M_UTIL] > 0);   /* cpu.stat's word over the events' */
	} else {
		/* no cpu.stat (cgroup v1, a simulated machine): the events' enabled time, which passes
		 * while the cgroup runs on a CPU (for the root, always) */
		for (int e = 0; e < w->nev && interval > 0; e++)
			if (g->val[e].state == EVS_OK && !(g->m[M_UTIL] >= 100 * (double)g->val[e].enabled / (interval * 1e9)))
				g->m[M_UTIL] = 100 * (double)g->val[e].enabled / (interval * 1e9);
	}
	if (g->idle)
		g->m[M_UTIL] = 0;
}
