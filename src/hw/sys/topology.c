/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topology.c: online CPUs and their socket/die/core/node/SMT position from sysfs, CPU model from cpuinfo. */
#include "topology.h"
#include "cpulist.h"
#include "pmu.h"
#include "sysfs.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOPO_MAX_NODES 1024

static int read_cpu_int(int cpu, const char *file, int dflt)
{
	char rel[128];
	long long v;

	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/%s", cpu, file);
	return sysfs_read_ll(rel, &v) == 0 && v >= INT_MIN && v <= INT_MAX ? (int)v : dflt;
}

static void read_nodes(struct topology *t)
{
	char path[4096], rel[320], buf[4096];
	struct dirent *de;
	DIR *d;

	if (sysfs_path(path, sizeof(path), "devices/system/node") < 0 || !(d = opendir(path)))
		return;
	while ((de = readdir(d))) {
		int *cpus = NULL, n, i;
		long node;
		char *end;

		/* "node<N>" in the kernel's spelling only (no sign, no leading zero), so each N is read once */
		if (strncmp(de->d_name, "node", 4) != 0 || !isdigit((unsigned char)de->d_name[4]) ||
		    (de->d_name[4] == '0' && de->d_name[5]))
			continue;
		errno = 0;
		node = strtol(de->d_name + 4, &end, 10);
		/* The kernel has at most 1 << 10 nodes: more directories than that are not a real tree, and
		 * bounding them bounds the work (each may list every CPU). */
		if (*end || end == de->d_name + 4 || errno || node < 0 || node >= TOPO_MAX_NODES)
			continue;
		snprintf(rel, sizeof(rel), "devices/system/node/%s/cpulist", de->d_name);
		if (sysfs_read(rel, buf, sizeof(buf)) < 0)
			continue;
		n = cpulist_parse(buf, &cpus);
		for (i = 0; i < n; i++) {
			int idx = topo_index(t, cpus[i]);
			if (idx >= 0)
				t->cpus[idx].node = (int)node;
		}
		free(cpus);
	}
	closedir(d);
}

/* Copy the text after "key<spaces>:" of the first matching line. */
static int cpuinfo_field(const char *info, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);
	const char *p = info;

	while (p && *p) {
		if (strncmp(p, key, klen) == 0 && (p[klen] == ' ' || p[klen] == '\t' || p[klen] == ':')) {
			const char *c = strchr(p, ':'), *eol = strchr(p, '\n');
			size_t n;
			if (!c || (eol && c > eol))
				return -1;
			c++;
			while (*c == ' ' || *c == '\t')
				c++;
			n = eol ? (size_t)(eol - c) : strlen(c);
			if (n >= len)
				n = len - 1;
			memcpy(out, c, n);
			out[n] = '\0';
			return 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

static void read_cpuinfo(struct topology *t)
{
	static char info[1 << 16];
	char flags[4096], impl[32], part[32], num[32];

	t->family = t->model_id = t->part = -1;
	if (procfs_read("cpuinfo", info, sizeof(info)) < 0)
		return;
	if (cpuinfo_field(info, "vendor_id", t->vendor, sizeof(t->vendor)) == 0) {
		cpuinfo_field(info, "model name", t->model, sizeof(t->model));
		if (cpuinfo_field(info, "cpu family", num, sizeof(num)) == 0)
			t->family = (int)strtol(num, NULL, 10);
		if (cpuinfo_field(info, "model", num, sizeof(num)) == 0)
			t->model_id = (int)strtol(num, NULL, 10);
	} else if (cpuinfo_field(info, "CPU implementer", impl, sizeof(impl)) == 0) {
		long v = strtol(impl, NULL, 0);
		if (cpuinfo_field(info, "CPU part", num, sizeof(num)) == 0)
			t->part = (int)strtol(num, NULL, 0);
		snprintf(t->vendor, sizeof(t->vendor), "%s", v == 0x61 ? "Apple" : v == 0xc0 ? "Ampere" : "ARM");
		if (cpuinfo_field(info, "model name", t->model, sizeof(t->model)) < 0) {
			if (cpuinfo_field(info, "CPU part", part, sizeof(part)) < 0)
				snprintf(part, sizeof(part), "?");
			snprintf(t->model, sizeof(t->model), "%s (implementer %s, part %s)", t->vendor, impl, part);
		}
	}
	if (cpuinfo_field(info, "flags", flags, sizeof(flags)) == 0) {
		char *p = strstr(flags, "hypervisor");
		t->hypervisor = p && (p == flags || p[-1] == ' ') && (p[10] == ' ' || p[10] == '\0');
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The online CPUs, ascending (caller frees); the count or -errno (-ENOENT when none). */
static int read_online(int **cpus)
{
	char buf[8192];
	int r = sysfs_read("devices/system/cpu/online", buf, sizeof(buf)), n;

	*cpus = NULL;
	if (r < 0)
		return r;
	n = cpulist_parse(buf, cpus);
	return n <= 0 ? (n < 0 ? n : -ENOENT) : n;
}

int topo_load_brief(struct topology *t)
{
	int *cpus, n;

	memset(t, 0, sizeof(*t));
	n = read_online(&cpus);
	free(cpus);
	if (n < 0)
		return n;
	read_cpuinfo(t);
	return 0;
}

int topo_node_socket(int node)
{
	char rel[64], buf[8192];
	int *cpus = NULL, *online = NULL, n, no, s = -1;

	if (node < 0 || node >= TOPO_MAX_NODES)
		return -1;
	snprintf(rel, sizeof(rel), "devices/system/node/node%d/cpulist", node);
	if (sysfs_read(rel, buf, sizeof(buf)) < 0 || (n = cpulist_parse(buf, &cpus)) <= 0)
		return -1;
	no = read_online(&online);
	for (int i = 0; i < n && no > 0 && s < 0; i++)
		if (bsearch(&cpus[i], online, (size_t)no, sizeof(int), cmp_int)) {
			s = read_cpu_int(cpus[i], "physical_package_id", 0);
			if (s < 0)
				s = 0;   /* as topo_load reads it */
		}
	free(cpus);
	free(online);
	return s;
}

int topo_load(struct topology *t)
{
	char buf[8192];
	int *cpus = NULL, n, i;

	memset(t, 0, sizeof(*t));
	n = read_online(&cpus);
	if (n < 0)
		return n;
	t->ncpus = n;
	t->cpus = calloc((size_t)n, sizeof(*t->cpus));
	t->max_cpu = cpus[n - 1];
	t->cpu_index = malloc((size_t)(t->max_cpu + 1) * sizeof(int));
	t->socket_ids = calloc((size_t)n, sizeof(int));
	if (!t->cpus || !t->cpu_index || !t->socket_ids) {
		free(cpus);
		topo_free(t);
		return -ENOMEM;
	}
	for (i = 0; i <= t->max_cpu; i++)
		t->cpu_index[i] = -1;
	for (i = 0; i < n; i++) {
		struct topo_cpu *c = &t->cpus[i];
		char rel[128];
		int ns;

		c->cpu = cpus[i];
		c->socket = read_cpu_int(c->cpu, "physical_package_id", 0);
		if (c->socket < 0)
			c->socket = 0;
		c->die = read_cpu_int(c->cpu, "die_id", 0);
		c->core = read_cpu_int(c->cpu, "core_id", c->cpu);
		c->node = -1;
		c->core_pmu = -1;
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/thread_siblings_list", c->cpu);
		/* The rank is counted over the list's ranges, never expanded: a hostile "0-65535" in every
		 * CPU's file must not make loading quadratic. */
		if (sysfs_read(rel, buf, sizeof(buf)) >= 0 && (ns = cpulist_rank(buf, c->cpu)) >= 0)
			c->thread = ns;
		t->cpu_index[c->cpu] = i;
	}
	free(cpus);
	/* distinct sockets, ascending: sorted and searched, as every CPU may name its own */
	for (i = 0; i < n; i++)
		t->socket_ids[i] = t->cpus[i].socket;
	qsort(t->socket_ids, (size_t)n, sizeof(int), cmp_int);
	for (i = 0; i < n; i++)
		if (!t->nsockets || t->socket_ids[t->nsockets - 1] != t->socket_ids[i])
			t->socket_ids[t->nsockets++] = t->socket_ids[i];
	for (i = 0; i < n; i++) {
		const int *k = bsearch(&t->cpus[i].socket, t->socket_ids, (size_t)t->nsockets, sizeof(int),
				       cmp_int);
		t->cpus[i].sock_idx = (int)(k - t->socket_ids);
	}
	read_nodes(t);
	read_cpuinfo(t);
	return 0;
}

void topo_assign_core_pmus(struct topology *t, const struct pmu_registry *reg)
{
	for (int i = 0; i < t->ncpus; i++)
		t->cpus[i].core_pmu = -1;
	for (int p = 0; p < reg->n; p++) {
		const struct pmu *pm = &reg->pmus[p];
		if (pm->kind != PMU_KIND_CORE)
			continue;
		for (int i = 0; i < t->ncpus; i++) {
			if (t->cpus[i].core_pmu >= 0)
				continue;
			if (!pm->cpus || cpulist_has(pm->cpus, pm->ncpus, t->cpus[i].cpu))
				t->cpus[i].core_pmu = p;
		}
	}
}

void topo_free(struct topology *t)
{
	free(t->cpus);
	free(t->cpu_index);
	free(t->socket_ids);
	memset(t, 0, sizeof(*t));
}

int topo_index(const struct topology *t, int cpu)
{
	if (cpu < 0 || cpu > t->max_cpu || !t->cpu_index)
		return -1;
	return t->cpu_index[cpu];
}

int topo_filter(struct topology *t, const int *cpus, int n)
{
	int k = 0;

	for (int i = 0; i < t->ncpus; i++)
		if (cpulist_has(cpus, n, t->cpus[i].cpu))
			t->cpus[k++] = t->cpus[i];
	if (k == 0)
		return -EINVAL;
	t->ncpus = k;
	for (int i = 0; i <= t->max_cpu; i++)
		t->cpu_index[i] = -1;
	for (int i = 0; i < k; i++)
		t->cpu_index[t->cpus[i].cpu] = i;
	return 0;
}
