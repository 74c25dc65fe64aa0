/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cgroupfs.c: the cgroup mount perf uses, cgroup paths, cpu.stat (see cgroupfs.h). */
#include "cgroupfs.h"
#include "sysfs.h"
#include "base/errmsg.h"
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Copy a mountinfo field (up to a space or the end of the line), undoing \ooo escapes. */
static int copy_field(const char *p, char *out, size_t n)
{
	size_t k = 0;

	while (*p && *p != ' ' && *p != '\n') {
		char c = *p++;

		if (c == '\\' && p[0] >= '0' && p[0] <= '3' && p[1] >= '0' && p[1] <= '7' && p[2] >= '0' && p[2] <= '7') {
			c = (char)((p[0] - '0') * 64 + (p[1] - '0') * 8 + (p[2] - '0'));
			p += 3;
		}
		if (c == '\0' || k + 1 >= n)
			return -EINVAL;
		out[k++] = c;
	}
	out[k] = '\0';
	return k ? 0 : -EINVAL;
}

/* The n-th space-separated field (from 0) of a line, NULL when the line is shorter. */
static const char *field(const char *line, const char *eol, int n)
{
	const char *p = line;

	for (int i = 0; i < n; i++) {
		p = memchr(p, ' ', (size_t)(eol - p));
		if (!p)
			return NULL;
		p++;
	}
	return p < eol ? p : NULL;
}

int cgroupfs_parse_mountinfo(const char *text, struct cgroupfs *fs)
{
	const char *p = text;
	bool have2 = false;
	char v2[sizeof(fs->mount)];

	while (p && *p) {
		const char *eol = strchr(p, '\n'), *sep, *mp, *type, *opts;

		if (!eol)
			eol = p + strlen(p);
		/* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER */
		sep = strstr(p, " - ");
		mp = field(p, eol, 4);
		if (sep && sep < eol && mp && mp < sep) {
			type = sep + 3;
			opts = field(type, eol, 2);
			if (strncmp(type, "cgroup2 ", 8) == 0 && !have2)
				have2 = copy_field(mp, v2, sizeof(v2)) == 0;
			else if (strncmp(type, "cgroup ", 7) == 0 && opts) {
				for (const char *o = opts; o < eol;) {
					size_t k = strcspn(o, ",\n ");
					if (k == 10 && strncmp(o, "perf_event", 10) == 0 &&
					    copy_field(mp, fs->mount, sizeof(fs->mount)) == 0) {
						fs->v1 = 1;
						return 0;
					}
					if (o[k] != ',')
						break;
					o += k + 1;
				}
			}
		}
		p = *eol ? eol + 1 : NULL;
	}
	if (!have2)
		return -ENOENT;
	snprintf(fs->mount, sizeof(fs->mount), "%s", v2);
	fs->v1 = 0;
	return 0;
}

int cgroupfs_find(struct cgroupfs *fs, struct errmsg *em)
{
	/* a host with many containers has thousands of mounts: 4 MiB holds them, and is bounded */
	size_t len = 4 << 20;
	char *buf = malloc(len);
	int r = buf ? procfs_read("self/mountinfo", buf, len) : -ENOMEM;

	memset(fs, 0, sizeof(*fs));
	if (r >= 0)
		r = cgroupfs_parse_mountinfo(buf, fs) < 0 ? -ENODATA : 0;
	free(buf);
	if (r < 0 && r != -ENODATA)
		return errmsg_set(em, r, "cannot read %s/self/mountinfo to find the cgroup file system: %s",
				  procfs_root() ? procfs_root() : "/proc", strerror(-r));
	if (r < 0)
		return errmsg_set(em, -ENOENT, "no cgroup2 file system (nor a cgroup v1 perf_event hierarchy) "
				  "is mounted: mount one (mount -t cgroup2 none /sys/fs/cgroup) to count cgroups");
	/* a tree's mountinfo (--sysfs, --sim: T/proc) names mount points inside the tree T */
	if (procfs_root() && strcmp(procfs_root(), "/proc") != 0) {
		const char *root = procfs_root(), *slash = strrchr(root, '/');
		char full[sizeof(fs->mount)];
		int n = snprintf(full, sizeof(full), "%.*s%s", slash ? (int)(slash - root) : 0, root, fs->mount);

		if (n < 0 || (size_t)n >= sizeof(full))
			return errmsg_set(em, -ENAMETOOLONG, "%s: cgroup mount point too long", root);
		memcpy(fs->mount, full, (size_t)n + 1);
	}
	return 0;
}

int cgroupfs_resolve(const struct cgroupfs *fs, const char *arg, char *rel, size_t n, struct errmsg *em)
{
	size_t ml = strlen(fs->mount), k = 0;
	const char *p = arg;
	char full[2048];
	struct stat st;

	/* absolute under the mount: the part after it; else relative to the mount (perf's -G) */
	if (arg[0] == '/' && strncmp(arg, fs->mount, ml) == 0 && (arg[ml] == '/' || !arg[ml]))
		p = arg + ml;
	if (k + 1 >= n)
		return -ENAMETOOLONG;
	rel[k++] = '/';
	while (*p) {
		size_t len;

		while (*p == '/')
			p++;
		len = strcspn(p, "/");
		if (!len)
			break;
		if ((len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.'))
			return errmsg_set(em, -EINVAL, "cgroup %s: give the path without . or .. parts", arg);
		if (k + len + 2 >= n)
			return errmsg_set(em, -ENAMETOOLONG, "cgroup %s: path too long", arg);
		if (k > 1)
			rel[k++] = '/';
		memcpy(rel + k, p, len);
		k += len;
		p += len;
	}
	rel[k] = '\0';
	snprintf(full, sizeof(full), "%s%s", fs->mount, rel);
	if (stat(full, &st) < 0 || !S_ISDIR(st.st_mode))
		return errmsg_set(em, -ENOENT, "cgroup %s: no such cgroup (%s is not a directory; cgroups are "
				  "named from %s, as perf -G names them)", arg, full, fs->mount);
	return 0;
}

int cgroupfs_open(const struct cgroupfs *fs, const char *rel)
{
	char full[2048];
	int fd;

	snprintf(full, sizeof(full), "%s%s", fs->mount, rel);
	fd = open(full, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int cgroupfs_parse_usage(const char *text, uint64_t *usec)
{
	const char *p = strstr(text, "usage_usec ");
	char *end;

	if (!p || (p != text && p[-1] != '\n'))
		return -EINVAL;
	errno = 0;
	*usec = strtoull(p + 11, &end, 10);
	if (errno || end == p + 11)
		return -EINVAL;
	return 0;
}

int cgroupfs_usage(const struct cgroupfs *fs, const char *rel, uint64_t *usec)
{
	char full[2048], buf[1024];
	int r;

	snprintf(full, sizeof(full), "%s%s/cpu.stat", fs->mount, strcmp(rel, "/") ? rel : "");
	if ((r = file_read_small(full, buf, sizeof(buf))) < 0)
		return r;
	return cgroupfs_parse_usage(buf, usec);
}
