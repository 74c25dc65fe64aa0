/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_resctrl.c: a simulated machine's resctrl: its tree, its groups, and values moving with the load. */
#include "sim_resctrl.h"
#include "hw/sys/fsat.h"
#include "sim_desc.h"
#include "sim_load.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RC "sys/fs/resctrl"
#define MAXDOM 64
#define MAXGRP 1024   /* groups followed at most; the arrays grow with the groups there are */

/* The groups the machine starts with, each with its RMID's share of every domain's traffic and
 * cache (what an orchestrator would have made: two containers in the default group, a batch
 * control group with one of its own). The shares of a control group's RMIDs add up in its
 * mon_data, as the kernel sums a control group with its monitoring groups. */
static const struct { const char *rel; double share; } groups[] = {
	{ "", 0.20 }, { "mon_groups/web", 0.25 }, { "mon_groups/db", 0.15 },
	{ "batch", 0.30 }, { "batch/mon_groups/etl", 0.10 },
};
#define NGROUPS (int)(sizeof(groups) / sizeof(groups[0]))

bool simr_has(const struct sim_machine *m)
{
	const char *f = m->flags ? strstr(m->flags, "cqm_occup_llc") : NULL;

	return f && (f == m->flags || f[-1] == ' ') && (f[13] == ' ' || f[13] == 0);
}

static bool flag(const struct sim_machine *m, const char *name)
{
	size_t n = strlen(name);

	for (const char *f = m->flags; f && (f = strstr(f, name)); f += n)
		if ((f == m->flags || f[-1] == ' ') && (f[n] == ' ' || f[n] == 0))
			return true;
	return false;
}

/* L3 domains: one per socket on Intel; on AMD one per CCX (the amd_l3 PMU's CPUs, one per CCX). */
static int ccx_per_socket(const struct sim_machine *m)
{
	if (strcmp(m->vendor, "AuthenticAMD"))
		return 1;
	for (int i = 0; i < m->npmus; i++)
		if (!strcmp(m->pmus[i].name, "amd_l3") && m->pmus[i].ncpus >= m->sockets)
			return m->pmus[i].ncpus / m->sockets;
	return 1;
}

static int ndom(const struct sim_machine *m)
{
	int n = m->sockets * ccx_per_socket(m);

	return n > MAXDOM ? MAXDOM : n;
}

static int dom_of(const struct sim_machine *m, int cpu)
{
	int k = ccx_per_socket(m), cps = m->cores_per_socket > 0 ? m->cores_per_socket : 1;
	int d = m->cpus[cpu].socket * k + (m->cpus[cpu].core % cps) * k / cps;

	return d < MAXDOM ? d : MAXDOM - 1;
}

static int put(struct fsat *t, const char *rel, const char *text)
{
	return fsat_write(t, rel, text, strlen(text), 0);
}

static int putf(struct fsat *t, const char *rel, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int putf(struct fsat *t, const char *rel, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return put(t, rel, text);
}

/* A group's files besides its values. */
static int write_group(const struct sim_machine *m, struct fsat *t, const char *rel, bool ctrl)
{
	char f[256];
	int r;

	snprintf(f, sizeof(f), RC "%s%s/tasks", *rel ? "/" : "", rel);
	r = put(t, f, "");
	snprintf(f, sizeof(f), RC "%s%s/cpus_list", *rel ? "/" : "", rel);
	r = r ? r : (*rel ? put(t, f, "\n") : putf(t, f, "0-%d\n", m->ncpus - 1));
	if (ctrl && !r) {
		snprintf(f, sizeof(f), RC "%s%s/mon_groups", *rel ? "/" : "", rel);
		r = fsat_dir(t, f) < 0 ? -EIO : 0;
	}
	return r;
}

/* ---- values ---- */

struct simr_grp {
	char rel[192];
	double share;         /* of each domain's traffic and cache; < 0: a per-CPU group (cpu) */
	int cpu;
	double total[MAXDOM], local[MAXDOM];   /* bytes counted so far */
	int fd[MAXDOM][3];                     /* value files kept open, + 1 (0: none) */
	unsigned char len[MAXDOM][3];          /* their text's length now */
};
#define KEPT_MAX 192   /* value files rewritten in place through a kept descriptor; the rest reopened */

struct simr {
	int root;
	int nfd;              /* descriptors kept */
	long phase;           /* the load phase busy[] holds, -1 none */
	double busy[MAXDOM], ncpu[MAXDOM];   /* each domain's CPUs' busy fractions summed, and count */
	double list_key;      /* the group folders' times when rels was listed, -1 never */
	int nrels, crels;     /* rels listed, room for */
	char (*rels)[192];
	double last_t;
	int n, cap;           /* groups followed, room for */
	struct simr_grp *g;   /* some 2 KiB each: as many as there are, not MAXGRP */
};

/* Room for element `used` of an array of *cap elements of size bytes, at most MAXGRP: the array
 * (moved when it grew), or NULL when full or out of memory (the old one kept as it was). */
static void *room_for(void *v, int *cap, int used, size_t size)
{
	size_t want;
	void *nv;

	if (used < *cap)
		return v;
	if (*cap >= MAXGRP)
		return NULL;
	want = *cap ? (size_t)*cap * 2 : 8;
	want = want < MAXGRP ? want : MAXGRP;
	if (want > SIZE_MAX / size || !(nv = realloc(v, want * size)))
		return NULL;
	*cap = (int)want;
	return nv;
}

/* The machine's traffic now: bytes per second per CPU while busy, the local share, and the
 * bytes of L3 per domain a busy domain fills. */
/* a busy CPU's memory traffic: each socket's MBM near the IMC or UMC traffic the machine counts
 * (spr-2s: 112 CPUs for some 90 GB/s; zen4-1s: 64 for some 75) */
#define BW_CPU(m) (strcmp((m)->vendor, "AuthenticAMD") ? 1.15e9 : 1.7e9)
#define L3_BYTES(m) (strcmp((m)->vendor, "AuthenticAMD") ? 105.0 * 1048576 : 32.0 * 1048576)

static void cpu_bw(const struct sim_machine *m, int c, double t, double *bw)
{
	const struct simm_pmu *p = m->cpus[c].core_pmu >= 0 ? &m->pmus[m->cpus[c].core_pmu] : NULL;
	struct simm_state st;

	simm_cpu_state(m, p, c, simm_phase_of(t), &st);
	/* memory traffic wanders within a phase too (a few percent), as a real one does */
	*bw = st.busy * BW_CPU(m) * (1 + 0.04 * sin(t * 2.7 + c * 0.61));
}

/* Find or add the group rel (a per-CPU group reads its CPU from cpus_list). */
static struct simr_grp *group(struct simr *s, const char *rel)
{
	char path[256], buf[32];
	struct simr_grp *g;
	int fd;
	ssize_t k;

	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->g[i].rel, rel))
			return &s->g[i];
	if (!(g = room_for(s->g, &s->cap, s->n, sizeof(*s->g))))
		return NULL;
	s->g = g;
	g = &s->g[s->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->rel, sizeof(g->rel), "%.180s", rel);
	g->share = -1;
	g->cpu = -1;
	for (int i = 0; i < NGROUPS; i++)
		if (!strcmp(groups[i].rel, rel))
			g->share = groups[i].share;
	if (g->share < 0) {
		snprintf(path, sizeof(path), RC "/%.180s/cpus_list", rel);
		fd = openat(s->root, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		k = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
		if (fd >= 0)
			close(fd);
		buf[k > 0 ? k : 0] = 0;
		g->cpu = k > 0 && buf[0] >= '0' && buf[0] <= '9' ? atoi(buf) : -1;
	}
	return g;
}

/* The share of domain d's figures group g's mon_data shows: its own RMID's and, for a control
 * group, its monitoring groups'. A per-CPU group: its CPU's traffic, tasks of the default group. */
static double share_of(const struct simr *s, const struct simr_grp *g)
{
	double sh = g->share > 0 ? g->share : 0;
	size_t n = strlen(g->rel);

	if (strstr(g->rel, "mon_groups/"))
		return sh;
	for (int i = 0; i < NGROUPS; i++)   /* a control group adds its children */
		if (strstr(groups[i].rel, "mon_groups/") &&
		    (n ? !strncmp(groups[i].rel, g->rel, n) && groups[i].rel[n] == '/' :
			 !strncmp(groups[i].rel, "mon_groups/", 11)))
			sh += groups[i].share;
	(void)s;
	return sh;
}

/* A value file's new text: in place through its kept descriptor (the same file, as the kernel's
 * is, so a reader that keeps it open reads the new value), else made or rewritten by path. */
static int put_value(struct simr *s, struct fsat *t, struct simr_grp *g, int d, int k, const char *v)
{
	static const char *const files[3] = { "llc_occupancy", "mbm_total_bytes", "mbm_local_bytes" };
	char rel[320];
	size_t n = strlen(v);
	int fd, r;

	if (g->fd[d][k]) {
		fd = g->fd[d][k] - 1;
		if (pwrite(fd, v, n, 0) != (ssize_t)n || (n < g->len[d][k] && ftruncate(fd, (off_t)n) < 0))
			return -EIO;
		g->len[d][k] = (unsigned char)n;
		return 0;
	}
	snprintf(rel, sizeof(rel), RC "%s%.180s/mon_data/mon_L3_%02d/%s", *g->rel ? "/" : "", g->rel, d, files[k]);
	if ((r = put(t, rel, v)) < 0 || s->nfd >= KEPT_MAX)
		return r;
	if ((fd = openat(s->root, rel, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)) >= 0) {
		g->fd[d][k] = fd + 1;
		g->len[d][k] = (unsigned char)n;
		s->nfd++;
	}
	return 0;
}

static int write_vals(struct simr *s, struct fsat *t, const struct sim_machine *m, struct simr_grp *g, int d,
		      double occ, double dt, double bw, double local)
{
	char v[32];
	int r;

	g->total[d] += bw * dt;
	g->local[d] += local * dt;
	snprintf(v, sizeof(v), "%llu\n", (unsigned long long)occ / 64 * 64);
	r = put_value(s, t, g, d, 0, v);
	if (flag(m, "cqm_mbm_total")) {
		snprintf(v, sizeof(v), "%llu\n", (unsigned long long)g->total[d]);
		r = r ? r : put_value(s, t, g, d, 1, v);
	}
	if (flag(m, "cqm_mbm_local")) {
		snprintf(v, sizeof(v), "%llu\n", (unsigned long long)g->local[d]);
		r = r ? r : put_value(s, t, g, d, 2, v);
	}
	return r;
}

static void close_kept(struct simr *s)
{
	for (int i = 0; i < s->n; i++)
		for (int d = 0; d < MAXDOM; d++)
			for (int k = 0; k < 3; k++)
				if (s->g[i].fd[d][k])
					close(s->g[i].fd[d][k] - 1);
	s->nfd = 0;
}

/* Room in s->rels for entry n: where it goes, NULL past MAXGRP (or out of memory). */
static char *rel_slot(struct simr *s, int n)
{
	char (*r)[192] = room_for(s->rels, &s->crels, n, sizeof(*s->rels));

	if (!r)
		return NULL;
	s->rels = r;
	return r[n];
}

/* Every group folder now in the tree into s->rels: the default, top-level control groups,
 * monitoring groups. How many. */
static int list(struct simr *s)
{
	const char *parents[1 + NGROUPS];
	int n = 0, np = 0;
	char *slot;

	if (!(slot = rel_slot(s, n)))
		return 0;
	slot[0] = 0;
	n++;
	parents[np++] = "";
	for (int i = 0; i < NGROUPS; i++)
		if (*groups[i].rel && !strchr(groups[i].rel, '/'))
			parents[np++] = groups[i].rel;
	for (int p = 0; p < np; p++) {
		char dir[256];
		struct dirent *de;
		DIR *dd;
		int fd;

		if (*parents[p]) {
			if (!(slot = rel_slot(s, n)))
				break;
			snprintf(slot, 192, "%s", parents[p]);
			n++;
		}
		snprintf(dir, sizeof(dir), RC "%s%s/mon_groups", *parents[p] ? "/" : "", parents[p]);
		fd = openat(s->root, dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || !(dd = fdopendir(fd))) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		while ((de = readdir(dd)) && (slot = rel_slot(s, n)))
			if (de->d_name[0] != '.' && strlen(de->d_name) < 64) {
				snprintf(slot, 192, "%.64s%smon_groups/%.64s", parents[p], *parents[p] ? "/" : "", de->d_name);
				n++;
			}
		closedir(dd);
	}
	return n;
}

/* The modification times of the folders that hold groups: they change when one is made or removed. */
static double list_key(const struct simr *s)
{
	double key = 0;

	for (int i = 0; i < NGROUPS; i++) {
		char dir[256];
		struct stat st;

		if (strchr(groups[i].rel, '/'))
			continue;
		snprintf(dir, sizeof(dir), RC "%s%s", *groups[i].rel ? "/" : "", groups[i].rel);
		for (int k = 0; k < 2; k++) {
			if (k)
				snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/mon_groups");
			if (fstatat(s->root, dir, &st, AT_SYMLINK_NOFOLLOW) < 0)
				return -1;
			key += (double)st.st_mtim.tv_sec * 1e9 + (double)st.st_mtim.tv_nsec;
		}
	}
	return key;
}

/* Rewrite every group's values at t under s->root. */
static int update_at(const struct sim_machine *m, struct simr *s, double t)
{
	double bw[MAXDOM] = { 0 }, *busy = s->busy, *ncpu = s->ncpu, dt, key = list_key(s);
	/* remote traffic: a share of what the other sockets' CPUs fetch from here */
	double lf = m->sockets > 1 ? 0.8 : 1.0;
	int nd = ndom(m), n, r = 0;
	struct fsat ft;   /* one for every file: each group's folders opened once */

	dt = t > s->last_t ? t - s->last_t : 0;
	s->last_t = t;
	if (simm_phase_of(t) != s->phase) {   /* the CPUs' load changes with the phase only */
		s->phase = simm_phase_of(t);
		memset(s->busy, 0, sizeof(s->busy));
		memset(s->ncpu, 0, sizeof(s->ncpu));
		for (int c = 0; c < m->ncpus; c++) {
			const struct simm_pmu *p = m->cpus[c].core_pmu >= 0 ? &m->pmus[m->cpus[c].core_pmu] : NULL;
			struct simm_state st;

			simm_cpu_state(m, p, c, s->phase, &st);
			busy[dom_of(m, c)] += st.busy;
			ncpu[dom_of(m, c)]++;
		}
	}
	for (int d = 0; d < nd; d++)   /* memory traffic wanders within a phase too (a few percent) */
		bw[d] = busy[d] * BW_CPU(m) * (1 + 0.04 * sin(t * 2.7 + d * 0.61));
	if (key != s->list_key || key < 0) {   /* a group made or removed since: list them again */
		s->nrels = list(s);
		s->list_key = key;
	}
	n = s->nrels;
	fsat_init(&ft, s->root);
	ft.replace = 1;
	for (int i = 0; i < n && !r; i++) {
		struct simr_grp *g = group(s, s->rels[i]);

		if (!g)
			break;
		for (int d = 0; d < nd && !r; d++) {
			double occ_d = L3_BYTES(m) * (0.3 + 0.6 * (ncpu[d] ? busy[d] / ncpu[d] : 0)) *
				       (1 + 0.03 * sin(t * 1.9 + d));
			double sh = share_of(s, g), b = bw[d] * sh, o = occ_d * sh;

			if (g->cpu >= 0 || g->share < 0) {   /* a per-CPU group: its CPU's default-group tasks */
				if (g->cpu < 0 || g->cpu >= m->ncpus || dom_of(m, g->cpu) != d) {
					b = 0;
					o = 0;
				} else {
					cpu_bw(m, g->cpu, t, &b);
					b *= groups[0].share;
					o = occ_d * (bw[d] > 0 ? b / bw[d] : 0);
				}
			}
			r = write_vals(s, &ft, m, g, d, o, dt, b, b * lf);
		}
	}
	fsat_done(&ft);
	return r;
}

int simr_update(const struct sim_machine *m, const char *dir, double t, struct simr **state)
{
	struct simr *s = *state;

	if (!simr_has(m))
		return 0;
	if (!s) {
		if (!(s = calloc(1, sizeof(*s))))
			return -ENOMEM;
		if ((s->root = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
			free(s);
			return -errno;
		}
		s->last_t = t;
		s->phase = -1;
		s->list_key = -1;
		*state = s;
	}
	return update_at(m, s, t);
}

void simr_free(struct simr *s)
{
	if (!s)
		return;
	close_kept(s);
	close(s->root);
	free(s->rels);
	free(s->g);
	free(s);
}

int simr_l3_id(const struct sim_machine *m, int cpu)
{
	return cpu >= 0 && cpu < m->ncpus ? dom_of(m, cpu) : -1;
}

int simr_write(const struct sim_machine *m, struct fsat *t)
{
	int r, nd = ndom(m);

	if (!simr_has(m))
		return 0;
	/* its line of proc/self/mountinfo: simm_write_tree_at (SIMR_MOUNTINFO) */
	r = putf(t, RC "/info/L3_MON/mon_features", "llc_occupancy\n%s%s",
			 flag(m, "cqm_mbm_total") ? "mbm_total_bytes\n" : "",
			 flag(m, "cqm_mbm_local") ? "mbm_local_bytes\n" : "");
	r = r ? r : put(t, RC "/info/L3_MON/num_rmids", "256\n");
	r = r ? r : put(t, RC "/info/L3_MON/max_threshold_occupancy", "106496\n");
	r = r ? r : put(t, RC "/info/last_cmd_status", "ok\n");
	for (int g = 0; g < NGROUPS && !r; g++)
		r = write_group(m, t, groups[g].rel, !strchr(groups[g].rel, '/'));
	(void)nd;
	if (!r) {   /* the values at time 0, as a tree written for --sim-tree shows them */
		struct simr *s = calloc(1, sizeof(*s));

		if (!s)
			return -ENOMEM;
		s->root = t->root;
		s->phase = -1;
		s->list_key = -1;
		s->nfd = KEPT_MAX;   /* written once: nothing kept open */
		r = update_at(m, s, 0);
		close_kept(s);
		free(s->rels);
		free(s->g);
		free(s);
	}
	return r;
}
