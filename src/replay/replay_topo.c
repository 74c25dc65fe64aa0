/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_topo.c: read the socket of each CPU of a replay from lscpu (-p or plain) output. */
#include "replay_topo.h"
#include "base/errmsg.h"
#include "hw/sys/cpulist.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rtopo_add(struct rtopo *t, int cpu, int sock, int core)
{
	if (cpu < 0 || cpu > CPULIST_MAX_CPU)
		return -EINVAL;
	t->ranked = false;
	/* cpu -> position, so that adding and mapping stay linear in the CPUs; grown to the highest CPU */
	if (cpu >= t->idx_len) {
		int len = cpu + 1 > 2 * t->idx_len ? cpu + 1 : 2 * t->idx_len;
		int *n;

		if (len > CPULIST_MAX_CPU + 1)
			len = CPULIST_MAX_CPU + 1;
		n = realloc(t->idx, (size_t)len * sizeof(int));
		if (!n)
			return -ENOMEM;
		for (int i = t->idx_len; i < len; i++)
			n[i] = -1;
		t->idx = n;
		t->idx_len = len;
	}
	if (t->idx[cpu] >= 0) {   /* a later line wins */
		t->sock[t->idx[cpu]] = sock;
		t->core[t->idx[cpu]] = core;
		return 0;
	}
	if (t->n == t->cap) {
		int ncap = t->cap ? t->cap * 2 : 64;
		int *c = realloc(t->cpu, (size_t)ncap * sizeof(int));
		if (c)
			t->cpu = c;
		int *s = realloc(t->sock, (size_t)ncap * sizeof(int));
		if (s)
			t->sock = s;
		int *k = realloc(t->core, (size_t)ncap * sizeof(int));
		if (k)
			t->core = k;
		if (!c || !s || !k)
			return -ENOMEM;
		t->cap = ncap;
	}
	t->idx[cpu] = t->n;
	t->cpu[t->n] = cpu;
	t->sock[t->n] = sock;
	t->core[t->n] = core;
	t->n++;
	return 0;
}

void rtopo_free(struct rtopo *t)
{
	free(t->idx);
	free(t->cpu);
	free(t->sock);
	free(t->core);
	free(t->sorted);
	free(t->rank);
	free(t->mark);
	memset(t, 0, sizeof(*t));
}

/* Split a comma list into at most max fields (in place); returns the count. */
static int split_commas(char *s, char **f, int max)
{
	int n = 0;

	for (;;) {
		char *c = strchr(s, ',');
		if (n < max)
			f[n++] = s;
		if (!c)
			break;
		*c = '\0';
		s = c + 1;
	}
	return n;
}

static int parse_int(const char *s, int *out)
{
	char *end;
	long v;

	while (*s == ' ')
		s++;
	if (!*s)
		return -1;
	v = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\n' || *end == '\r')
		end++;
	if (*end || v < 0 || v > CPULIST_MAX_CPU)   /* CPU, core and socket numbers alike */
		return -1;
	*out = (int)v;
	return 0;
}

/* Plain lscpu: usable only when every NUMA node is one socket. */
static int load_plain(struct rtopo *t, FILE *f, const char *path, struct errmsg *em)
{
	char line[4096];
	int sockets = -1, nodes = -1, node;

	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *v;
		int *cpus, n;
		if (!colon)
			continue;
		v = colon + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		v[strcspn(v, "\r\n")] = '\0';
		if (strncmp(line, "Socket(s):", 10) == 0) {
			parse_int(v, &sockets);
		} else if (strncmp(line, "NUMA node(s):", 13) == 0) {
			parse_int(v, &nodes);
		} else if (sscanf(line, "NUMA node%d CPU(s):", &node) == 1) {
			n = cpulist_parse(v, &cpus);
			if (n < 0)
				return errmsg_set(em, -EINVAL, "%s: bad CPU list \"%s\"", path, v);
			for (int i = 0; i < n && node >= 0 && node <= CPULIST_MAX_CPU; i++)
				if (rtopo_add(t, cpus[i], node, -1) < 0)
					break;
			free(cpus);
		}
	}
	if (sockets < 1 || sockets != nodes || !t->n)
		return errmsg_set(em, -EINVAL, "%s: plain lscpu output gives sockets only when NUMA nodes are "
				  "sockets (here %d sockets, %d nodes); use `lscpu -p` output", path, sockets, nodes);
	return 0;
}

int rtopo_load(struct rtopo *t, const char *path, struct errmsg *em)
{
	struct stat st = { 0 };
	FILE *fp = NULL;
	int fd, rc;

	/* O_NONBLOCK: a FIFO is refused, not waited on */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(fp = fdopen(fd, "r"))) {
		close(fd);
		return errmsg_set(em, -EINVAL, "%s: not a regular file", path);
	}
	rc = rtopo_parse(t, fp, path, em);
	fclose(fp);
	return rc;
}

int rtopo_parse(struct rtopo *t, FILE *fp, const char *path, struct errmsg *em)
{
	char line[4096], *f[64];
	int col_cpu = 0, col_core = 1, col_sock = 2, lineno = 0, rc = 0;

	while (fgets(line, sizeof(line), fp)) {
		int n, cpu, sock, core = -1;
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#') {
			char *h = line + 1;
			while (*h == ' ')
				h++;
			if (strncmp(h, "CPU,", 4) == 0) {   /* the column names */
				n = split_commas(h, f, 64);
				col_core = col_sock = -1;
				for (int i = 0; i < n; i++) {
					if (strcmp(f[i], "Core") == 0)
						col_core = i;
					else if (strcmp(f[i], "Socket") == 0)
						col_sock = i;
				}
				if (col_sock < 0) {
					rc = errmsg_set(em, -EINVAL, "%s:%d: no Socket column (use lscpu -p)", path,
							lineno);
					break;
				}
			}
			continue;
		}
		if (!line[0])
			continue;
		if (strchr(line, ':') && !t->n) {   /* not the parsable form */
			rewind(fp);
			rc = load_plain(t, fp, path, em);
			break;
		}
		n = split_commas(line, f, 64);
		if (n <= col_sock || parse_int(f[col_cpu], &cpu) < 0 || parse_int(f[col_sock], &sock) < 0 ||
		    (col_core >= 0 && col_core < n && parse_int(f[col_core], &core) < 0)) {
			rc = errmsg_set(em, -EINVAL, "%s:%d: expected CPU,Core,Socket numbers (lscpu -p)", path,
					lineno);
			break;
		}
		if (rtopo_add(t, cpu, sock, core) < 0) {
			rc = errmsg_set(em, -ENOMEM, "%s:%d: out of memory", path, lineno);
			break;
		}
	}
	if (!rc && !t->n)
		rc = errmsg_set(em, -EINVAL, "%s: no CPUs found (expected lscpu -p output)", path);
	if (rc)
		rtopo_free(t);
	return rc;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The cache of rtopo_map: the distinct socket ids sorted, each position's rank. -ENOMEM leaves it unmade. */
static int rank_sockets(struct rtopo *t)
{
	size_t n = (size_t)(t->n ? t->n : 1);
	int *sorted = malloc(n * sizeof(int)), *rank = malloc(n * sizeof(int)), *mark = calloc(n, sizeof(int)), d = 0;

	if (!sorted || !rank || !mark) {
		free(sorted);
		free(rank);
		free(mark);
		return -ENOMEM;
	}
	if (t->n)
		memcpy(sorted, t->sock, (size_t)t->n * sizeof(int));
	qsort(sorted, (size_t)t->n, sizeof(int), cmp_int);
	for (int k = 0; k < t->n; k++)
		if (!d || sorted[d - 1] != sorted[k])
			sorted[d++] = sorted[k];
	for (int i = 0; i < t->n; i++)
		rank[i] = (int)((const int *)bsearch(&t->sock[i], sorted, (size_t)d, sizeof(int), cmp_int) - sorted);
	free(t->sorted);
	free(t->rank);
	free(t->mark);
	t->sorted = sorted;
	t->nsorted = d;
	t->rank = rank;
	t->mark = mark;
	t->ranked = true;
	return 0;
}

int rtopo_map(struct rtopo *t, const int *cpus, int ncpus, int *sock_idx, int *core, int *sock_ids)
{
	int nsock = 0;

	for (int k = 0; k < ncpus; k++)
		if (cpus[k] < 0 || cpus[k] >= t->idx_len || t->idx[cpus[k]] < 0)
			return -(k + 1);
	if (!t->ranked && rank_sockets(t) < 0) {
		/* no memory for the cache: sort these CPUs' sockets */
		for (int k = 0; k < ncpus; k++)
			sock_ids[k] = t->sock[t->idx[cpus[k]]];
		qsort(sock_ids, (size_t)ncpus, sizeof(int), cmp_int);
		for (int k = 0; k < ncpus; k++)
			if (!nsock || sock_ids[nsock - 1] != sock_ids[k])
				sock_ids[nsock++] = sock_ids[k];
		for (int k = 0; k < ncpus; k++) {
			int s = t->sock[t->idx[cpus[k]]];
			sock_idx[k] = (int)((const int *)bsearch(&s, sock_ids, (size_t)nsock, sizeof(int), cmp_int) - sock_ids);
			core[k] = t->core[t->idx[cpus[k]]];
		}
		return nsock;
	}
	/* the ranks these CPUs use, numbered in ascending order: their sockets' indices */
	for (int k = 0; k < ncpus; k++)
		t->mark[t->rank[t->idx[cpus[k]]]] = 1;
	for (int r = 0; r < t->nsorted; r++) {
		if (t->mark[r]) {
			sock_ids[nsock] = t->sorted[r];
			t->mark[r] = ++nsock;
		}
	}
	for (int k = 0; k < ncpus; k++) {
		int i = t->idx[cpus[k]];

		sock_idx[k] = t->mark[t->rank[i]] - 1;
		core[k] = t->core[i];
	}
	memset(t->mark, 0, (size_t)t->nsorted * sizeof(int));
	return nsock;
}
