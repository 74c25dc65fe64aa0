/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_rdt.c: RDT/PQoS figures per interval from resctrl: values read, byte counters turned into
 * rates (wrap-safe), summed per socket and system; the per-CPU monitoring groups of
 * --rdt-cpu-groups made at start and removed at every way out. */
#include "app.h"
#include "app_rdt.h"
#include "base/errmsg.h"
#include "guard.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_resctrl.h"
#include "hw/sys/fsat.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#define RDTGROUP_SUPER_MAGIC 0x7655821
#define MAX_GROUPS 4096
static const struct rdt_fig none = { NAN, NAN, NAN, NAN, NAN };

/* ---- the per-CPU groups, removed on a fatal signal too ---- */

static struct {
	int dirfd;            /* mon_groups of the default group, -1 none */
	int resctrl;          /* 1: the kernel's file system (rmdir takes a group with its files) */
	int n;
	char (*names)[24];
} made = { -1, 0, 0, NULL };

/* async-signal-safe: unlinkat, or fsat_remove_tree for a test tree */
static void remove_made(void)
{
	int fd = made.dirfd;

	made.dirfd = -1;
	if (fd < 0)
		return;
	for (int i = 0; i < made.n; i++)
		if (made.resctrl)
			unlinkat(fd, made.names[i], AT_REMOVEDIR);
		else
			fsat_remove_tree(fd, made.names[i]);
	close(fd);
	made.n = 0;
}

static void cpu_groups_remove(struct app_rdt *r)
{
	guard_set_cleanup(NULL);
	remove_made();
	free(made.names);
	made.names = NULL;
	free(r->made_cpu);
	r->made_cpu = NULL;
	r->nmade = 0;
}

/* One group per CPU of the model, after checking the RMIDs left. 0 or a negative errno (why). */
static int cpu_groups_make(struct app *a)
{
	struct app_rdt *r = &a->rdt;
	const struct model *m = &a->model;
	int used = resctrl_rmids_used(&r->rc), need = m->ncpus, k = 0;
	char path[sizeof(r->rc.root) + 16];
	struct statfs sf;
	struct errmsg em = { 0 };

	if (r->rc.num_rmids < 0 || used < 0)
		return snprintf(r->why, sizeof(r->why), "--rdt-cpu-groups: cannot tell how many RMIDs are free "
				"(%s/info/L3_MON/num_rmids unreadable); no group made", r->rc.root), -EIO;
	if (r->rc.num_rmids - used < need)
		return snprintf(r->why, sizeof(r->why), "--rdt-cpu-groups needs %d RMIDs (one monitoring group "
				"per CPU) but only %d of %d are free (%d groups exist); count fewer CPUs (-C) or "
				"remove groups; none made", need, r->rc.num_rmids - used, r->rc.num_rmids, used), -ENOSPC;
	snprintf(path, sizeof(path), "%s/mon_groups", r->rc.root);
	made.names = calloc((size_t)need + 1, sizeof(*made.names));
	r->made_cpu = calloc((size_t)need + 1, sizeof(int));
	if (!made.names || !r->made_cpu || (made.dirfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		k = made.names && r->made_cpu ? -errno : -ENOMEM;
		cpu_groups_remove(r);
		return snprintf(r->why, sizeof(r->why), "--rdt-cpu-groups: %.300s: %s", path, strerror(-k)), k;
	}
	made.resctrl = fstatfs(made.dirfd, &sf) == 0 && (unsigned long)sf.f_type == RDTGROUP_SUPER_MAGIC;
	guard_set_cleanup(remove_made);
	for (int c = 0; c < need; c++) {
		snprintf(made.names[made.n], sizeof(made.names[0]), "pmutop_cpu%d", m->cpu_ids[c]);
		/* counted as made before mkdir: a signal between the two removes what exists */
		r->made_cpu[r->nmade++] = m->cpu_ids[c];
		made.n++;
		if ((k = resctrl_mkgroup_cpu(&r->rc, made.names[made.n - 1], m->cpu_ids[c], &em)) < 0) {
			if (k != -EEXIST)
				resctrl_rmgroup(&r->rc, made.names[made.n - 1]);
			made.n--;
			r->nmade--;
			cpu_groups_remove(r);
			return snprintf(r->why, sizeof(r->why), "--rdt-cpu-groups: %.400s; the groups made are removed",
					errmsg_text(&em, k)), k;
		}
	}
	return 0;
}

/* Each domain's socket: the CPUs' L3 ids (cache/index3/id), else one domain per socket in order. */
static void map_domains(struct app *a)
{
	struct app_rdt *r = &a->rdt;
	const struct model *m = &a->model;
	char rel[96];
	long long id;
	int found = 0;

	for (int d = 0; d < RDT_MAXDOM; d++)
		r->dom_sock[d] = -1;
	for (int c = 0; c < m->ncpus; c++) {
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/cache/index3/id", m->cpu_ids[c]);
		if (sysfs_read_ll(rel, &id) < 0)
			continue;
		for (int d = 0; d < r->rc.ndom; d++)
			if (r->rc.dom[d] == id && r->dom_sock[d] < 0) {
				r->dom_sock[d] = m->cpu_sock[c];
				found++;
			}
	}
	if (!found && r->rc.ndom == m->nsock)
		for (int d = 0; d < r->rc.ndom; d++)
			r->dom_sock[d] = d;
}

static double sim_time(const struct app *a)
{
	return app_clock(a) - a->t0;
}

int app_rdt_detect(struct app *a)
{
	struct app_rdt *r = &a->rdt;
	struct errmsg em = { 0 };
	int k;

	if (r->detected)
		return 0;
	r->detected = true;
	if (a->rep) {   /* a recording has none: nothing to say unless they were asked for */
		if (a->opt.rdt_cpu_groups)
			snprintf(r->why, sizeof(r->why), "--rdt-cpu-groups: a recording has no RDT monitoring");
		return a->opt.rdt_cpu_groups ? -ENOTSUP : 0;
	}
	if (a->sim && a->sim_dir[0] && (k = simr_update(a->sim, a->sim_dir, sim_time(a), &r->sim)) < 0)
		snprintf(r->why, sizeof(r->why), "simulated resctrl: %s", strerror(-k));
	if ((k = resctrl_open(&r->rc, &em)) < 0) {
		snprintf(r->why, sizeof(r->why), "%.500s", errmsg_text(&em, k));
		app_sim_paths(a, r->why);
		return a->opt.rdt_cpu_groups ? k : 0;
	}
	if (!(r->sock = calloc((size_t)a->model.nsock + 1, sizeof(*r->sock))) ||
	    !(r->acc = malloc(sizeof(double) * 2 * (RDT_MAXDOM + 2 + (size_t)a->model.nsock))))
		return snprintf(r->why, sizeof(r->why), "RDT monitoring: out of memory"), -ENOMEM;
	r->nsock = a->model.nsock;
	map_domains(a);
	if (a->opt.rdt_cpu_groups && (k = cpu_groups_make(a)) < 0)
		return k;
	for (int i = 0; i < 2 * (RDT_MAXDOM + 2 + a->model.nsock); i++)
		r->acc[i] = NAN;
	r->avail = true;
	r->last_t = r->last_list = NAN;
	r->fd_budget = 96;   /* a few groups' values kept open; pmutop's descriptors are for counting */
	return 0;
}

/* A counter's bytes since the last read: NAN the first time, and when it went back (the group
 * was made again under the same name); unsigned arithmetic carries a 64-bit wrap. */
static double delta(uint64_t now, uint64_t *prev, unsigned char *have, unsigned bit, int st)
{
	uint64_t d = now - *prev;
	bool had = *have & bit;

	if (st != RDT_OK) {
		*have &= (unsigned char)~bit;
		return NAN;
	}
	*prev = now;
	*have |= (unsigned char)bit;
	return had && d < (UINT64_C(1) << 63) ? (double)d : NAN;
}

static void fig_add(struct rdt_fig *to, const struct rdt_fig *f, bool *bad)
{
	double *t[] = { &to->occ, &to->total, &to->local, &to->total_sum, &to->local_sum };
	const double v[] = { f->occ, f->total, f->local, f->total_sum, f->local_sum };

	for (int i = 0; i < 5; i++) {
		if (isnan(v[i]))
			bad[i] = true;
		*t[i] = isnan(*t[i]) ? v[i] : *t[i] + v[i];
	}
}

/* A sum is counted only when every part was: a part that read "Unavailable" makes the whole not
 * counted, never a smaller number. */
static void fig_close(struct rdt_fig *f, const bool *bad)
{
	double *t[] = { &f->occ, &f->total, &f->local, &f->total_sum, &f->local_sum };

	for (int i = 0; i < 5; i++)
		if (bad[i])
			*t[i] = NAN;
}

static void read_group(struct app_rdt *r, struct rdt_grp *g, double dt)
{
	bool bad[5] = { false };

	g->all = none;
	for (int d = 0; d < r->rc.ndom; d++) {
		struct rdt_fig *f = &g->dom[d];
		struct rdt_sample s;
		double bt, bl, ts = f->total_sum, ls = f->local_sum;

		resctrl_read_kept(&r->rc, g->g.rel, d, g->fd[d], &r->fd_budget, &s);
		bt = delta(s.v[RDT_TOTAL], &g->prev[d][0], &g->have[d], 1, s.st[RDT_TOTAL]);
		bl = delta(s.v[RDT_LOCAL], &g->prev[d][1], &g->have[d], 2, s.st[RDT_LOCAL]);
		f->occ = s.st[RDT_OCC] == RDT_OK ? (double)s.v[RDT_OCC] : NAN;
		f->total = dt > 0 && !isnan(bt) ? bt / dt : NAN;
		f->local = dt > 0 && !isnan(bl) ? bl / dt : NAN;
		/* the totals start at 0 with the first value read; an interval not counted adds nothing */
		if (!isnan(bt) || ((g->have[d] & 1) && isnan(ts)))
			f->total_sum = (isnan(ts) ? 0 : ts) + (isnan(bt) ? 0 : bt);
		if (!isnan(bl) || ((g->have[d] & 2) && isnan(ls)))
			f->local_sum = (isnan(ls) ? 0 : ls) + (isnan(bl) ? 0 : bl);
		fig_add(&g->all, f, bad);
	}
	fig_close(&g->all, bad);
}

/* The groups now, each carrying its counters over from the last read by its path. */
static void relist(struct app_rdt *r)
{
	struct rdt_group *now;
	struct rdt_grp *old = r->grp, *next = NULL;
	int n = -1, oldn = r->ngrp;

	/* each group's state is some 4 KiB: as many as there are, not MAX_GROUPS; so is the list of
	 * names (292 bytes each), kept from one interval to the next and grown while the groups fill
	 * it (resctrl_groups counts those past its room as skipped) */
	for (;;) {
		int cap = r->names_cap;

		if (r->names && (n = resctrl_groups(&r->rc, r->names, cap, &r->skipped)) < 0)
			return;
		if (r->names && (n < cap || !r->skipped || cap >= MAX_GROUPS))
			break;
		cap = cap ? cap * 2 : 16;
		cap = cap < MAX_GROUPS ? cap : MAX_GROUPS;
		if ((size_t)cap > SIZE_MAX / sizeof(*now) || !(now = realloc(r->names, sizeof(*now) * (size_t)cap)))
			return;
		r->names = now;
		r->names_cap = cap;
	}
	now = r->names;
	if (!(next = calloc((size_t)n + 1, sizeof(*next))))
		return;
	for (int i = 0, j = 0; i < n; i++) {
		int o = -1;

		for (int k = 0; k < oldn && o < 0; k++, j = (j + 1) % oldn)
			if (!strcmp(old[j].g.rel, now[i].rel))
				o = j;   /* the same order as last time: found at once */
		if (o >= 0) {
			next[i] = old[o];
			old[o].g.rel[0] = 1;   /* taken: its descriptors are next[i]'s now */
		} else {
			next[i].g = now[i];
			for (int d = 0; d < RDT_MAXDOM; d++)
				next[i].dom[d] = none;
		}
		next[i].cpu = -1;
		if (now[i].kind == RDT_MON && !strncmp(now[i].rel, "mon_groups/pmutop_cpu", 21))
			for (int k = 0; k < r->nmade; k++) {
				char want[40];

				snprintf(want, sizeof(want), "mon_groups/pmutop_cpu%d", r->made_cpu[k]);
				if (!strcmp(want, now[i].rel))
					next[i].cpu = r->made_cpu[k];
			}
	}
	for (int k = 0; k < oldn; k++)   /* the groups gone: their descriptors */
		if (old[k].g.rel[0] != 1)
			for (int d = 0; d < RDT_MAXDOM; d++)
				r->fd_budget += resctrl_unkeep(old[k].fd[d]);
	free(old);
	r->grp = next;
	r->ngrp = n;
}

/* The domains, sockets and system: every control group (the default's included) summed, as a
 * control group's mon_data already holds its monitoring groups'. */
/* A place's byte totals: its own, adding each interval's rate (a group that goes away takes
 * nothing back from them). */
static void accumulate(struct rdt_fig *f, double *acc, double dt)
{
	if (!isnan(f->total) && dt > 0)
		acc[0] = (isnan(acc[0]) ? 0 : acc[0]) + f->total * dt;
	if (!isnan(f->local) && dt > 0)
		acc[1] = (isnan(acc[1]) ? 0 : acc[1]) + f->local * dt;
	f->total_sum = acc[0];
	f->local_sum = acc[1];
}

static void sum_places(struct app *a, double dt)
{
	struct app_rdt *r = &a->rdt;
	bool bad_d[RDT_MAXDOM][5] = { { false } }, bad_s[r->nsock + 1][5], bad_y[5] = { false };

	memset(bad_s, 0, sizeof(bad_s));
	for (int d = 0; d < r->rc.ndom; d++)
		r->dom[d] = none;
	for (int i = 0; i < r->ngrp; i++)
		if (r->grp[i].g.kind != RDT_MON)
			for (int d = 0; d < r->rc.ndom; d++)
				fig_add(&r->dom[d], &r->grp[i].dom[d], bad_d[d]);
	for (int s = 0; s < r->nsock; s++)
		r->sock[s] = none;
	r->sys = none;
	for (int d = 0; d < r->rc.ndom; d++) {
		fig_close(&r->dom[d], bad_d[d]);
		if (r->dom_sock[d] >= 0 && r->dom_sock[d] < r->nsock)
			fig_add(&r->sock[r->dom_sock[d]], &r->dom[d], bad_s[r->dom_sock[d]]);
		fig_add(&r->sys, &r->dom[d], bad_y);
	}
	for (int s = 0; s < r->nsock; s++) {
		fig_close(&r->sock[s], bad_s[s]);
		accumulate(&r->sock[s], &r->acc[(RDT_MAXDOM + 1 + s) * 2], dt);
	}
	for (int d = 0; d < r->rc.ndom; d++)
		accumulate(&r->dom[d], &r->acc[d * 2], dt);
	fig_close(&r->sys, bad_y);
	accumulate(&r->sys, &r->acc[RDT_MAXDOM * 2], dt);
}

/* The per-CPU groups' figures by model CPU index. */
static void per_cpu(struct app *a)
{
	struct app_rdt *r = &a->rdt;
	const struct model *m = &a->model;

	if (!r->nmade)
		return;
	if (r->ncpu != m->ncpus) {
		free(r->cpu_occ);
		r->cpu_occ = malloc(sizeof(double) * 3 * (size_t)(m->ncpus + 1));
		r->ncpu = r->cpu_occ ? m->ncpus : 0;
		r->cpu_total = r->cpu_occ ? r->cpu_occ + m->ncpus : NULL;
		r->cpu_local = r->cpu_occ ? r->cpu_occ + 2 * m->ncpus : NULL;
	}
	for (int c = 0; c < r->ncpu; c++)
		r->cpu_occ[c] = r->cpu_total[c] = r->cpu_local[c] = NAN;
	for (int i = 0; i < r->ngrp; i++) {
		int c = r->grp[i].cpu;

		for (int k = 0; c >= 0 && k < r->ncpu; k++)
			if (m->cpu_ids[k] == c) {
				r->cpu_occ[k] = r->grp[i].all.occ;
				r->cpu_total[k] = r->grp[i].all.total;
				r->cpu_local[k] = r->grp[i].all.local;
			}
	}
}

void app_rdt_sample(struct app *a)
{
	struct app_rdt *r = &a->rdt;
	double now = app_clock(a), dt;

	if (!r->detected)
		app_rdt_detect(a);
	if (!r->avail)
		return;
	/* read only for whoever shows them: JSON rows, the exporter, the screen while the sockets
	 * view or the meters show them (some 30 files a refresh on a two-socket machine) */
	if (!a->opt.json && !a->exp && !r->shown && !r->nmade) {
		r->skipped_last = true;
		return;
	}
	if (r->skipped_last)   /* a rate over the time nobody looked would be an average: none */
		r->last_t = NAN;
	r->skipped_last = false;
	if (a->sim && r->sim)
		simr_update(a->sim, a->sim_dir, sim_time(a), &r->sim);
	dt = isnan(r->last_t) ? NAN : now - r->last_t;
	r->last_t = now;
	/* groups come and go with containers: listed again at most once a second (three folders
	 * read on a two-socket machine), their values every refresh */
	if (!r->grp || !(now - r->last_list < 1.0)) {
		relist(r);
		r->last_list = now;
	}
	for (int i = 0; i < r->ngrp; i++)
		read_group(r, &r->grp[i], dt);
	sum_places(a, dt);
	per_cpu(a);
	r->seq++;
}

void app_rdt_free(struct app *a)
{
	struct app_rdt *r = &a->rdt;

	for (int i = 0; i < r->ngrp; i++)
		for (int d = 0; d < RDT_MAXDOM; d++)
			resctrl_unkeep(r->grp[i].fd[d]);
	cpu_groups_remove(r);
	resctrl_close(&r->rc);
	free(r->names);
	free(r->grp);
	free(r->sock);
	free(r->acc);
	free(r->cpu_occ);
	simr_free(r->sim);
	memset(r, 0, sizeof(*r));
}
