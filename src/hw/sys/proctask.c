/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* proctask.c: a task's facts from procfs, read as hostile text (see proctask.h). */
#include "proctask.h"
#include "sysfs.h"
#include <ctype.h>
#include <stdbool.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int proctask_parse_pid(const char *s, int *pid)
{
	long v = 0;

	if (!s || !*s)
		return -EINVAL;
	for (const char *p = s; *p; p++) {
		if (!isdigit((unsigned char)*p) || p - s > 8)
			return -EINVAL;
		v = v * 10 + (*p - '0');
	}
	if (v < 1 || v > PROCTASK_PID_MAX)
		return -EINVAL;
	*pid = (int)v;
	return 0;
}

int proctask_parse_list(const char *s, int *out, int *n, int max, int *bad)
{
	const char *p = s;

	*bad = 0;
	for (;;) {
		char item[16];
		size_t len = strcspn(p, ",");
		int pid;

		*bad = (int)(p - s);
		if (len == 0 || len >= sizeof(item))
			return -EINVAL;
		memcpy(item, p, len);
		item[len] = '\0';
		if (proctask_parse_pid(item, &pid) < 0)
			return -EINVAL;
		if (*n >= max)
			return -E2BIG;
		out[(*n)++] = pid;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

/* The next space-separated number of a stat line; -EINVAL when there is none. */
static int next_ull(const char **p, unsigned long long *v)
{
	char *end;

	while (**p == ' ')
		(*p)++;
	if (!isdigit((unsigned char)**p) && **p != '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(*p, &end, 10);
	if (errno || end == *p)
		return -EINVAL;
	*p = end;
	return 0;
}

int proctask_parse_stat(const char *text, struct proctask *t)
{
	const char *open = strchr(text, '('), *close = strrchr(text, ')'), *p;
	unsigned long long f[20];
	size_t len;
	int pid;
	char pidtext[16];

	memset(t, 0, sizeof(*t));
	t->uid = -1;
	if (!open || !close || close < open || open == text || (size_t)(open - text) > sizeof(pidtext))
		return -EINVAL;
	len = (size_t)(open - text - 1);
	if (text[len] != ' ')
		return -EINVAL;
	memcpy(pidtext, text, len);
	pidtext[len] = '\0';
	if (proctask_parse_pid(pidtext, &pid) < 0)
		return -EINVAL;
	t->pid = pid;
	len = (size_t)(close - open - 1);
	if (len >= sizeof(t->comm))
		len = sizeof(t->comm) - 1;   /* the kernel's is at most 15 bytes: a longer one is cut */
	memcpy(t->comm, open + 1, len);
	t->comm[len] = '\0';
	p = close + 1;
	if (p[0] != ' ' || !p[1] || p[2] != ' ')
		return -EINVAL;
	t->state = p[1];
	p += 2;
	/* fields 4 (ppid) to 22 (starttime) */
	for (int i = 0; i < 19; i++)
		if (next_ull(&p, &f[i]) < 0)
			return -EINVAL;
	t->ppid = f[0] <= PROCTASK_PID_MAX ? (int)f[0] : 0;
	t->utime = f[10];
	t->stime = f[11];
	t->nthreads = f[16] > 0 && f[16] < INT_MAX ? (int)f[16] : 1;
	t->start = f[18];
	return 0;
}

int proctask_parse_uid(const char *text)
{
	const char *p = text;

	while (p && *p) {
		if (strncmp(p, "Uid:", 4) == 0) {
			char *end;
			long v;

			errno = 0;
			v = strtol(p + 4, &end, 10);
			if (errno || end == p + 4 || v < 0 || v > INT_MAX)
				return -EINVAL;
			return (int)v;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -EINVAL;
}

int proctask_parse_cgroup(const char *text, const char *v1, char *out, size_t n)
{
	const char *p = text;

	while (p && *p) {
		const char *eol = strchr(p, '\n'), *c1 = strchr(p, ':'), *c2;
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		c2 = c1 && c1 < p + len ? memchr(c1 + 1, ':', (size_t)(p + len - c1 - 1)) : NULL;
		if (c2) {
			size_t clen = (size_t)(c2 - c1 - 1);
			bool hit = false;

			if (!v1)
				hit = strncmp(p, "0::", 3) == 0;
			else   /* "5:cpu,perf_event:/x": one of the controllers named */
				for (const char *q = c1 + 1; q < c2;) {
					size_t k = strcspn(q, ",:");
					if (k == strlen(v1) && strncmp(q, v1, k) == 0 && k <= clen)
						hit = true;
					q += k + 1;
				}
			if (hit) {
				size_t plen = (size_t)(p + len - c2 - 1);
				if (plen >= n || plen == 0 || c2[1] != '/')
					return -EINVAL;
				memcpy(out, c2 + 1, plen);
				out[plen] = '\0';
				return 0;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	return -ENOENT;
}

int proctask_read_stat(int pid, struct proctask *t)
{
	char rel[64], buf[1024];
	int r;

	snprintf(rel, sizeof(rel), "%d/stat", pid);
	if ((r = procfs_read(rel, buf, sizeof(buf))) < 0)
		return r == -ESRCH ? -ENOENT : r;
	if (proctask_parse_stat(buf, t) < 0 || t->pid != pid)
		return -EINVAL;
	return 0;
}

int proctask_thread_stat(int pid, int tid, struct proctask *t)
{
	char rel[64], buf[1024];
	int r;

	snprintf(rel, sizeof(rel), "%d/task/%d/stat", pid, tid);
	if ((r = procfs_read(rel, buf, sizeof(buf))) < 0)
		return r == -ESRCH ? -ENOENT : r;
	if (proctask_parse_stat(buf, t) < 0 || t->pid != tid)
		return -EINVAL;
	return 0;
}

int proctask_read(int pid, struct proctask *t)
{
	char rel[64], st[4096];
	int r;

	if ((r = proctask_read_stat(pid, t)) < 0)
		return r;
	snprintf(rel, sizeof(rel), "%d/status", pid);
	if (procfs_read(rel, st, sizeof(st)) > 0)
		t->uid = proctask_parse_uid(st);
	if (t->uid < 0)
		t->uid = -1;
	return 0;
}

int proctask_cgroup(int pid, const char *v1, char *out, size_t n)
{
	char rel[64], buf[4096];
	int r;

	snprintf(rel, sizeof(rel), "%d/cgroup", pid);
	if ((r = procfs_read(rel, buf, sizeof(buf))) < 0)
		return r;
	return proctask_parse_cgroup(buf, v1, out, n);
}

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

/* The numeric entries of a directory under the procfs root (rel "" for the root itself). */
static int list_ids(const char *rel, int *ids, int max, int *more)
{
	const char *root = procfs_root();
	char path[4200];
	struct dirent *d;
	DIR *dir;
	int n = 0;

	if (more)
		*more = 0;
	if (!root)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s%s%s", root, rel[0] ? "/" : "", rel);
	if (!(dir = opendir(path)))
		return -errno;
	while ((d = readdir(dir))) {
		int id;

		if (proctask_parse_pid(d->d_name, &id) < 0)
			continue;
		if (n < max)
			ids[n++] = id;
		else if (more)
			(*more)++;
	}
	closedir(dir);
	qsort(ids, (size_t)n, sizeof(int), int_cmp);
	return n;
}

int proctask_threads(int pid, int *tids, int max)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "%d/task", pid);
	return list_ids(rel, tids, max, NULL);
}

int proctask_thread_alive(int pid, int tid)
{
	const char *root = procfs_root();
	char path[4200];

	if (!root)
		return 0;
	snprintf(path, sizeof(path), "%s/%d/task/%d", root, pid, tid);
	return access(path, F_OK) == 0;
}

int proctask_pids(int *pids, int max, int *more)
{
	return list_ids("", pids, max, more);
}
