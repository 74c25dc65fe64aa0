/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sysfs.c: reads under the sysfs/procfs roots chosen at start-up. */
#include "sysfs.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char sys_root[4096] = "/sys";
static char proc_root[4096 + 16] = "/proc";
static int have_proc = 1;

void sysfs_set_root(const char *root)
{
	struct stat st;
	size_t len;

	if (!root || !*root)
		root = "/sys";
	snprintf(sys_root, sizeof(sys_root), "%s", root);
	len = strlen(sys_root);
	while (len > 1 && sys_root[len - 1] == '/')
		sys_root[--len] = '\0';
	if (strcmp(sys_root, "/sys") == 0) {
		snprintf(proc_root, sizeof(proc_root), "/proc");
		have_proc = 1;
		return;
	}
	/* A fixture tree "T/sys" may carry its own "T/proc". */
	snprintf(proc_root, sizeof(proc_root), "%s/../proc", sys_root);
	have_proc = stat(proc_root, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *sysfs_root(void) { return sys_root; }
const char *procfs_root(void) { return have_proc ? proc_root : NULL; }

int sysfs_path(char *out, size_t n, const char *rel)
{
	int r = snprintf(out, n, "%s/%s", sys_root, rel);
	return (r < 0 || (size_t)r >= n) ? -ENAMETOOLONG : 0;
}

/* Open a file to read as file_read_small does: the descriptor, or a negative errno. */
static int open_regular(const char *path, struct stat *st)
{
	int fd;

	/* O_NONBLOCK: opening a FIFO planted in a tree must not wait for a writer; only regular files are
	 * read (sysfs and procfs attributes are regular files). */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return S_ISDIR(st->st_mode) ? -EISDIR : -EINVAL;
	}
	return fd;
}

/* The file's text from offset 0 into buf, never more than n - 1 bytes (pread: a descriptor kept
 * open reads the file afresh, as procfs and sysfs make it again at offset 0). */
static int read_all(int fd, const struct stat *st, char *buf, size_t n)
{
	ssize_t got;
	size_t len = 0;

	while (len < n - 1) {
		got = pread(fd, buf + len, n - 1 - len, (off_t)len);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (got == 0)
			break;
		len += (size_t)got;
		/* all the file holds, as far as its size says (a tree of regular files, --sim's; sysfs
		 * says 4096 and procfs 0, so there the read to the end decides) */
		if (st->st_size > 0 && (off_t)len >= st->st_size)
			break;
	}
	buf[len] = '\0';
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' ' ||
			   buf[len - 1] == '\t' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	return (int)len;
}

int file_read_small(const char *path, char *buf, size_t n)
{
	struct stat st = { 0 };
	int fd, r;

	if (n == 0)
		return -EINVAL;
	if ((fd = open_regular(path, &st)) < 0)
		return fd;
	r = read_all(fd, &st, buf, n);
	close(fd);
	return r;
}

int procfs_read_kept(struct kept_file *k, const char *rel, char *buf, size_t n)
{
	char path[sizeof(k->path)];
	int r;

	if (n == 0)
		return -EINVAL;
	if (!have_proc)
		return -ENOENT;
	r = snprintf(path, sizeof(path), "%s/%s", proc_root, rel);
	if (r < 0 || (size_t)r >= sizeof(path))
		return -ENAMETOOLONG;
	if (k->open && strcmp(path, k->path) != 0)
		kept_file_close(k);   /* another root since */
	if (!k->open) {
		struct stat st = { 0 };
		int fd = open_regular(path, &st);

		if (fd < 0)
			return fd;
		/* a file with a size is a tree's (--sysfs, a test's), which may be replaced between
		 * reads: read it and close it, as procfs_read does */
		if (st.st_size > 0) {
			r = read_all(fd, &st, buf, n);
			close(fd);
			return r;
		}
		k->fd = fd;
		k->open = true;
		memcpy(k->path, path, strlen(path) + 1);
	}
	if ((r = read_all(k->fd, &(struct stat){ 0 }, buf, n)) < 0)
		kept_file_close(k);   /* open it again next time */
	return r;
}

void kept_file_close(struct kept_file *k)
{
	if (k->open)
		close(k->fd);
	k->open = false;
	k->fd = -1;
}

int sysfs_read(const char *rel, char *buf, size_t n)
{
	char path[4096];
	int r = sysfs_path(path, sizeof(path), rel);
	return r < 0 ? r : file_read_small(path, buf, n);
}

int procfs_read(const char *rel, char *buf, size_t n)
{
	char path[4096];
	int r;

	if (!have_proc)
		return -ENOENT;
	r = snprintf(path, sizeof(path), "%s/%s", proc_root, rel);
	if (r < 0 || (size_t)r >= sizeof(path))
		return -ENAMETOOLONG;
	return file_read_small(path, buf, n);
}

int sysfs_read_ll(const char *rel, long long *out)
{
	char buf[64], *end;
	int r = sysfs_read(rel, buf, sizeof(buf));

	if (r < 0)
		return r;
	if (r == 0)
		return -EINVAL;
	errno = 0;
	*out = strtoll(buf, &end, 0);
	if (errno || *end)
		return -EINVAL;
	return 0;
}
