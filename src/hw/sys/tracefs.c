/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* tracefs.c: find tracepoints and their ids in tracefs (events/<sys>/<event>/id). */
#include "tracefs.h"
#include "sysfs.h"
#include "base/errmsg.h"
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const event_dirs[] = { "kernel/tracing/events", "kernel/debug/tracing/events" };

static int cmp_tp(const void *a, const void *b)
{
	return strcmp(((const struct tracefs_tp *)a)->name, ((const struct tracefs_tp *)b)->name);
}

/* A directory entry usable in a path: not a dot entry, no slash, short. */
static int safe_name(const char *n)
{
	return n[0] != '.' && !strchr(n, '/') && strlen(n) < 64;
}

static int add_event(const char *dir, const char *sys, const char *ev, struct tracefs_tp **v, int *n)
{
	char rel[512];
	long long id;
	struct tracefs_tp *nv;

	if ((size_t)snprintf(rel, sizeof(rel), "%s/%s/%s/id", dir, sys, ev) >= sizeof(rel))
		return 0;   /* names are checked short: a path this long is no tracepoint of ours */
	if (sysfs_read_ll(rel, &id) < 0 || id < 0)
		return 0;   /* not a tracepoint directory (enable, filter, ...) */
	if (*n >= TRACEFS_MAX_MATCHES)
		return -E2BIG;
	nv = realloc(*v, (size_t)(*n + 1) * sizeof(**v));
	if (!nv)
		return -ENOMEM;
	*v = nv;
	if ((size_t)snprintf(nv[*n].name, sizeof(nv[0].name), "%s:%s", sys, ev) >= sizeof(nv[0].name))
		return 0;   /* a name it could not hold whole is not offered cut */
	nv[*n].id = (uint64_t)id;
	(*n)++;
	return 0;
}

static int scan_sys(const char *dir, const char *sys, const char *event, struct tracefs_tp **v, int *n)
{
	char rel[512], path[4096];
	struct dirent *de;
	DIR *d;
	int r = 0;

	snprintf(rel, sizeof(rel), "%s/%s", dir, sys);
	if (sysfs_path(path, sizeof(path), rel) < 0 || !(d = opendir(path)))
		return 0;
	while (r == 0 && (de = readdir(d)))
		if (safe_name(de->d_name) && fnmatch(event, de->d_name, 0) == 0)
			r = add_event(dir, sys, de->d_name, v, n);
	closedir(d);
	return r;
}

int tracefs_lookup(const char *sys, const char *event, struct tracefs_tp **out, struct errmsg *em)
{
	char path[4096];
	struct tracefs_tp *v = NULL;
	const char *dir = NULL;
	struct dirent *de;
	DIR *d = NULL;
	int n = 0, r = 0;

	*out = NULL;
	for (size_t i = 0; i < sizeof(event_dirs) / sizeof(event_dirs[0]) && !d; i++) {
		if (sysfs_path(path, sizeof(path), event_dirs[i]) < 0)
			continue;
		d = opendir(path);
		dir = event_dirs[i];
	}
	if (!d)
		return errmsg_set(em, -ENOENT, "no tracefs under %s (kernel/tracing or kernel/debug/tracing): "
				  "mount it with `mount -t tracefs nodev /sys/kernel/tracing`", sysfs_root());
	while (r == 0 && (de = readdir(d)))
		if (safe_name(de->d_name) && fnmatch(sys, de->d_name, 0) == 0)
			r = scan_sys(dir, de->d_name, event, &v, &n);
	closedir(d);
	if (r == -E2BIG)
		errmsg_set(em, r, "%s:%s matches more than %d tracepoints", sys, event, TRACEFS_MAX_MATCHES);
	else if (r == 0 && n == 0)
		r = errmsg_set(em, -ENOENT, "no tracepoint %s:%s in %s/%s", sys, event, sysfs_root(), dir);
	if (r < 0) {
		free(v);
		return r;
	}
	qsort(v, (size_t)n, sizeof(*v), cmp_tp);
	*out = v;
	return n;
}
