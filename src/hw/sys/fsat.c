/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fsat.c: a private tree written and removed through directory fds, never through a symbolic link. */
#include "fsat.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

void fsat_init(struct fsat *t, int root)
{
	t->root = root;
	t->fd = -1;
	t->replace = 0;
	t->depth = 0;
	t->dir[0] = 0;
}

/* Keep the first keep open parts of dir, closing the deeper ones. */
static void fsat_trim(struct fsat *t, int keep)
{
	while (t->depth > keep)
		close(t->fds[--t->depth]);
	t->dir[t->depth ? t->ends[t->depth - 1] : 0] = 0;
	t->fd = t->depth ? t->fds[t->depth - 1] : -1;
}

void fsat_done(struct fsat *t)
{
	fsat_trim(t, 0);
}

int fsat_rel_ok(const char *rel)
{
	const char *p = rel;

	if (!*rel || *rel == '/')
		return 0;
	while (*p) {
		const char *e = strchr(p, '/');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.') || n > 255)
			return 0;
		p += n;
		if (*p == '/')
			p++;
		if (e && !*p)   /* a trailing slash */
			return 0;
	}
	return 1;
}

int fsat_dir(struct fsat *t, const char *rel)
{
	char part[256];
	const char *p;
	int keep = 0, fd, next;

	if (t->fd >= 0 && !strcmp(t->dir, rel))
		return t->fd;
	if (!fsat_rel_ok(rel) || strlen(rel) >= sizeof(t->dir))
		return -EINVAL;
	/* the open parts rel shares with dir stay open */
	while (keep < t->depth && !strncmp(rel, t->dir, t->ends[keep]) &&
	       (rel[t->ends[keep]] == '/' || !rel[t->ends[keep]]))
		keep++;
	fsat_trim(t, keep);
	p = rel + (keep ? t->ends[keep - 1] : 0);
	fd = keep ? t->fds[keep - 1] : t->root;
	while (*p) {
		const char *e;
		size_t n;

		p += *p == '/';
		e = strchr(p, '/');
		n = e ? (size_t)(e - p) : strlen(p);
		memcpy(part, p, n);
		part[n] = 0;
		p += n;
		/* a new tree's folders are mostly new: make first, open after */
		if (mkdirat(fd, part, 0755) < 0 && errno != EEXIST)
			next = -errno;
		else if ((next = openat(fd, part, DIR_FLAGS)) < 0)
			next = -errno;   /* ELOOP or ENOTDIR: a link or a file where a folder should be */
		if (next < 0) {
			fsat_trim(t, t->depth);
			return next;
		}
		if (t->depth == FSAT_DEPTH)   /* deeper than kept: the last slot holds the deepest part */
			close(t->fds[--t->depth]);
		t->fds[t->depth] = next;
		t->ends[t->depth++] = (unsigned short)(p - rel);
		memcpy(t->dir, rel, (size_t)(p - rel));
		t->dir[p - rel] = 0;
		t->fd = fd = next;
	}
	return t->fd;
}

int fsat_create(struct fsat *t, const char *rel)
{
	const char *slash = strrchr(rel, '/'), *base = slash ? slash + 1 : rel;
	char dir[sizeof(t->dir)];
	int dfd, fd;

	if (!fsat_rel_ok(rel) || (slash && (size_t)(slash - rel) >= sizeof(dir)))
		return -EINVAL;
	if (slash) {
		memcpy(dir, rel, (size_t)(slash - rel));
		dir[slash - rel] = 0;
		dfd = fsat_dir(t, dir);
	} else {
		dfd = t->root;
	}
	if (dfd < 0)
		return dfd;
	fd = openat(dfd, base, O_WRONLY | O_CREAT | (t->replace ? O_TRUNC : O_EXCL) | O_NOFOLLOW | O_CLOEXEC, 0644);
	return fd < 0 ? -errno : fd;
}

int fsat_write(struct fsat *t, const char *rel, const void *data, size_t len, uint64_t size)
{
	const char *p = data;
	int fd = fsat_create(t, rel), r = 0;

	if (fd < 0)
		return fd;
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n <= 0) {
			r = n < 0 ? -errno : -EIO;
			break;
		}
		p += n;
		len -= (size_t)n;
	}
	if (!r && size > (uint64_t)(p - (const char *)data) && ftruncate(fd, (off_t)size) < 0)
		r = -errno;
	if (close(fd) < 0 && !r)
		r = -errno;
	return r;
}

/* The kernel's getdents64 record; glibc's readdir would malloc. */
struct dent64 {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

static int remove_dir(int parent, const char *name, int fd, int depth);

/* One pass over the directory dfd from where its stream stands: removes what it finds. Returns the
 * number removed; *first gets the first failure. */
static int remove_pass(int dfd, int depth, int *first)
{
	char buf[2048];
	int removed = 0;
	long n;

	while ((n = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dent64 *d = (struct dent64 *)(buf + off);
			int r = 0;

			off += d->reclen;
			if (!strcmp(d->name, ".") || !strcmp(d->name, ".."))
				continue;
			if (d->type != DT_DIR && unlinkat(dfd, d->name, 0) == 0) {
				removed++;
				continue;
			}
			if (d->type == DT_DIR || errno == EISDIR)
				r = remove_dir(dfd, d->name, -1, depth + 1);
			else
				r = -errno;
			if (!r)
				removed++;
			else if (!*first)
				*first = r;
		}
	}
	if (n < 0 && !*first)
		*first = -errno;
	return removed;
}

/* Remove the directory name under parent, open as fd (-1: open it here; closed on return), with all
 * it holds. Unlinking while reading can make a directory stream skip entries: when the emptied
 * directory will not go, read it again from the start, as long as a pass still finds something. */
static int remove_dir(int parent, const char *name, int fd, int depth)
{
	int first = 0, removed;

	if (fd < 0 && (fd = openat(parent, name, DIR_FLAGS)) < 0)
		return -errno;
	if (depth > 32) {
		close(fd);
		return -ELOOP;
	}
	for (;;) {
		removed = remove_pass(fd, depth, &first);
		if (unlinkat(parent, name, AT_REMOVEDIR) == 0)
			break;
		if (errno != ENOTEMPTY || !removed || lseek(fd, 0, SEEK_SET) < 0) {
			if (!first)
				first = -errno;
			break;
		}
	}
	close(fd);
	return first;
}

int fsat_remove_tree(int parentfd, const char *name)
{
	int fd = openat(parentfd, name, DIR_FLAGS);

	if (fd < 0) {
		if (errno != ENOTDIR && errno != ELOOP)
			return errno == ENOENT ? 0 : -errno;
		return unlinkat(parentfd, name, 0) == 0 ? 0 : -errno;   /* a file or a link: only the name goes */
	}
	return remove_dir(parentfd, name, fd, 0);
}
