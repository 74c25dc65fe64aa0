/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* safefile.c: files read and written for the user, walked folder by folder through descriptors, so that a
 * link or a file another user controls cannot turn a write by root into a write elsewhere (safefile.h). */
#include "safefile.h"
#include "errmsg.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINKS 8
#define DENIED "pmutop running as root does not use what another user controls"

bool safefile_privileged(void)
{
	return geteuid() == 0;
}

unsigned safefile_user(void)
{
	const char *s = getenv("SUDO_UID");
	char *end;
	unsigned long u;

	if (getuid() != 0 || !s || !*s)
		return (unsigned)getuid();
	errno = 0;
	u = strtoul(s, &end, 10);
	return errno || *end || u > UINT_MAX - 1 ? 0u : (unsigned)u;
}

static bool owner_ok(uid_t uid)
{
	return uid == 0 || uid == geteuid() || uid == (uid_t)safefile_user();
}

/* A folder others cannot change: root's or the user's, writable by others only with the sticky bit. */
static int dir_check(int fd, const char *shown, struct errmsg *em)
{
	struct stat st;

	if (!safefile_privileged())
		return 0;
	if (fstat(fd, &st) < 0)
		return errmsg_set(em, -errno, "%s: %s", shown, strerror(errno));
	if (!owner_ok(st.st_uid))
		return errmsg_set(em, -EPERM, "%s: a folder on the way belongs to user %u; " DENIED, shown,
				  (unsigned)st.st_uid);
	if ((st.st_mode & 022) && !(st.st_mode & S_ISVTX))
		return errmsg_set(em, -EPERM, "%s: a folder on the way is writable by others (mode %o) without "
				  "the sticky bit; " DENIED, shown, (unsigned)(st.st_mode & 07777));
	return 0;
}

static int file_check(const struct stat *st, const char *shown, struct errmsg *em)
{
	if (!safefile_privileged())
		return 0;
	if (!owner_ok(st->st_uid))
		return errmsg_set(em, -EPERM, "%s: belongs to user %u; " DENIED " (as sudo and ssh refuse such "
				  "files): use a file of your own", shown, (unsigned)st->st_uid);
	if ((st->st_mode & 002) && !S_ISCHR(st->st_mode))
		return errmsg_set(em, -EPERM, "%s: writable by every user (mode %o); " DENIED, shown,
				  (unsigned)(st->st_mode & 07777));
	return 0;
}

/* A link root may follow: root made it, in a folder only root can change. */
static bool link_trusted(int dfd, const char *name)
{
	struct stat dst, lst;

	if (!safefile_privileged())
		return true;
	return fstat(dfd, &dst) == 0 && fstatat(dfd, name, &lst, AT_SYMLINK_NOFOLLOW) == 0 && lst.st_uid == 0 &&
	       dst.st_uid == 0 && !(dst.st_mode & 022);
}

/* New folders take their parent's owner, so root does not leave folders of its own in a user's home. */
static int own_like(int dfd, const char *name)
{
	struct stat dst;

	if (safefile_privileged() && fstat(dfd, &dst) == 0 && dst.st_uid != 0 && owner_ok(dst.st_uid))
		return fchownat(dfd, name, dst.st_uid, dst.st_gid, AT_SYMLINK_NOFOLLOW) < 0 ? -errno : 0;
	return 0;
}

static int step_open(int *fd, const char *comp, const char *shown, bool mkdirs, struct errmsg *em)
{
	int nfd = openat(*fd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (nfd < 0 && errno == ENOENT && mkdirs) {
		if (mkdirat(*fd, comp, 0755) < 0 && errno != EEXIST)
			return errmsg_set(em, -errno, "%s: cannot create its folder %s: %s", shown, comp, strerror(errno));
		if (own_like(*fd, comp) < 0)   /* a folder left root's still works: say nothing */
			errno = 0;
		nfd = openat(*fd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	}
	if (nfd < 0)
		return errmsg_set(em, -errno, "%s: %s", shown, strerror(errno));
	if (fstat(nfd, &st) == 0 && S_ISLNK(st.st_mode)) {
		close(nfd);
		if (!link_trusted(*fd, comp))
			return errmsg_set(em, -EPERM, "%s: %s is a symbolic link another user may control; " DENIED,
					  shown, comp);
		nfd = openat(*fd, comp, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (nfd < 0)
			return errmsg_set(em, -errno, "%s: %s", shown, strerror(errno));
	} else if (!S_ISDIR(st.st_mode)) {
		close(nfd);
		return errmsg_set(em, -ENOTDIR, "%s: %s is not a folder", shown, comp);
	}
	close(*fd);
	*fd = nfd;
	return dir_check(nfd, shown, em);
}

/* Walk every component of path but the last from start (or / for an absolute path); sf gets the folder
 * and the last component. Then a link in the last place is resolved the same way, at most MAX_LINKS deep. */
static int walk(int start, const char *path, bool mkdirs, int depth, const char *shown, struct safefile *sf,
		struct errmsg *em)
{
	const bool keep_link = sf->follow;
	int fd = openat(path[0] == '/' ? AT_FDCWD : start, path[0] == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	const char *p = path, *slash;
	char comp[256], target[PATH_MAX];
	struct stat st;
	int rc;

	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", shown, strerror(errno));
	while ((slash = strchr(p, '/'))) {
		size_t n = (size_t)(slash - p);

		if (n >= sizeof(comp)) {
			close(fd);
			return errmsg_set(em, -ENAMETOOLONG, "%s: a name on the way is too long", shown);
		}
		memcpy(comp, p, n);
		comp[n] = 0;
		p = slash + 1;
		if ((n && (rc = step_open(&fd, comp, shown, mkdirs, em)) < 0)) {
			close(fd);
			return rc;
		}
	}
	if (!*p || strlen(p) >= sizeof(sf->name) || !strcmp(p, ".") || !strcmp(p, "..")) {
		close(fd);
		return errmsg_set(em, *p ? -ENAMETOOLONG : -EISDIR, "%s: not a file name", shown);
	}
	if ((rc = dir_check(fd, shown, em)) < 0) {
		close(fd);
		return rc;
	}
	if (fstatat(fd, p, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
		ssize_t n = readlinkat(fd, p, target, sizeof(target) - 1);

		if (!link_trusted(fd, p) || n <= 0 || depth >= MAX_LINKS) {
			close(fd);
			if (n > 0 && depth >= MAX_LINKS)
				return errmsg_set(em, -ELOOP, "%s: too many symbolic links", shown);
			return errmsg_set(em, -EPERM, "%s: a symbolic link another user may control; " DENIED, shown);
		}
		target[n] = 0;
		sf->via_link = true;
		if (keep_link)   /* /dev/stdout's target is no path: the kernel follows it */
			goto found;
		rc = walk(fd, target, false, depth + 1, shown, sf, em);
		close(fd);
		return rc;
	}
found:
	sf->dfd = fd;
	snprintf(sf->name, sizeof(sf->name), "%s", p);
	return 0;
}

static int locate(const char *path, bool mkdirs, bool keep_link, struct safefile *sf, struct errmsg *em)
{
	sf->dfd = -1;
	sf->name[0] = 0;
	sf->via_link = false;
	sf->follow = keep_link;
	if (!path || !*path)
		return errmsg_set(em, -ENOENT, "no file name");
	return walk(AT_FDCWD, path, mkdirs, 0, path, sf, em);
}

int safefile_locate(const char *path, bool mkdirs, struct safefile *sf, struct errmsg *em)
{
	return locate(path, mkdirs, false, sf, em);
}

void safefile_close(struct safefile *sf)
{
	if (sf->dfd >= 0)
		close(sf->dfd);
	sf->dfd = -1;
}

int safefile_read_open(const struct safefile *sf, const char *shown, struct stat *st, struct errmsg *em)
{
	int fd = openat(sf->dfd, sf->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), rc;

	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", shown, strerror(errno));
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		bool dir = S_ISDIR(st->st_mode);

		close(fd);
		return errmsg_set(em, dir ? -EISDIR : -EINVAL, "%s: not a regular file%s", shown,
				  dir ? " (a directory)" : "");
	}
	if ((rc = file_check(st, shown, em)) < 0) {
		close(fd);
		return rc;
	}
	return fd;
}

int safefile_open_read(const char *path, struct stat *st, struct errmsg *em)
{
	struct safefile sf;
	int rc = safefile_locate(path, false, &sf, em);

	if (rc < 0)
		return rc;
	rc = safefile_read_open(&sf, path, st, em);
	safefile_close(&sf);
	return rc;
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A temporary name beside the file that no one else has: O_EXCL on a random suffix, a few tries. */
static int make_temp(const struct safefile *sf, char *tmp, size_t len)
{
	for (int i = 0; i < 16; i++) {
		int fd;

		snprintf(tmp, len, ".%.200s.%08lx", sf->name, (unsigned long)random() ^ (unsigned long)getpid());
		fd = openat(sf->dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd < 0 ? -errno : fd;
	}
	return -EEXIST;
}

/* The new file's owner and mode: the old file's, else the folder's owner and 0644. */
static int give_owner(int fd, const struct safefile *sf, const struct stat *old)
{
	struct stat dst;

	if (old) {
		if (safefile_privileged() && fchown(fd, old->st_uid, old->st_gid) < 0)
			return -errno;
		return fchmod(fd, old->st_mode & 07777) < 0 ? -errno : 0;
	}
	if (safefile_privileged() && fstat(sf->dfd, &dst) == 0 && dst.st_uid != 0 && owner_ok(dst.st_uid) &&
	    fchown(fd, dst.st_uid, dst.st_gid) < 0)
		return -errno;
	return fchmod(fd, 0644) < 0 ? -errno : 0;
}

int safefile_replace(const struct safefile *sf, const char *shown, const void *data, size_t len,
		     struct errmsg *em)
{
	struct stat st;
	char tmp[300];
	int fd, rc, dfd;
	bool exists = fstatat(sf->dfd, sf->name, &st, AT_SYMLINK_NOFOLLOW) == 0;

	if (exists && !S_ISREG(st.st_mode))
		return errmsg_set(em, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL, "%s: not a regular file%s", shown,
				  S_ISDIR(st.st_mode) ? " (a directory)" : "");
	if (exists && (rc = file_check(&st, shown, em)) < 0)
		return rc;
	if ((fd = make_temp(sf, tmp, sizeof(tmp))) < 0)
		return errmsg_set(em, fd, "%s: cannot create a temporary file beside it: %s", shown, strerror(-fd));
	if ((rc = give_owner(fd, sf, exists ? &st : NULL)) < 0 || (rc = write_all(fd, data, len)) < 0 ||
	    (fsync(fd) < 0 && (rc = -errno) < 0)) {
		close(fd);
		unlinkat(sf->dfd, tmp, 0);
		return errmsg_set(em, rc, "%s: write failed: %s", shown, strerror(-rc));
	}
	if (close(fd) < 0 || renameat(sf->dfd, tmp, sf->dfd, sf->name) < 0) {
		rc = -errno;
		unlinkat(sf->dfd, tmp, 0);
		return errmsg_set(em, rc, "%s: cannot replace: %s", shown, strerror(-rc));
	}
	/* make the rename itself durable */
	if ((dfd = openat(sf->dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}

/* After the open: what the descriptor is decides whether it may be written. */
static int output_check(int fd, const char *path, bool created, const struct safefile *sf, struct errmsg *em)
{
	struct stat st;
	int rc;

	if (fstat(fd, &st) < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
		return errmsg_set(em, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL, "%s: not a file to write output to "
				  "(a %s)", path, S_ISDIR(st.st_mode) ? "directory" : S_ISBLK(st.st_mode) ? "block device" : "socket");
	if ((rc = file_check(&st, path, em)) < 0)
		return rc;
	if (created && give_owner(fd, sf, NULL) < 0)
		return errmsg_set(em, -errno, "%s: cannot give it its folder's owner: %s", path, strerror(errno));
	if (!created && S_ISREG(st.st_mode) && ftruncate(fd, 0) < 0)
		return errmsg_set(em, -errno, "%s: cannot truncate: %s", path, strerror(errno));
	return 0;
}

int safefile_open_output(const char *path, struct errmsg *em)
{
	struct safefile sf;
	int rc = locate(path, false, true, &sf, em), fd;
	bool created = !sf.via_link;
	const int fl = O_WRONLY | (sf.via_link ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;

	if (rc < 0)
		return rc;
	fd = sf.via_link ? openat(sf.dfd, sf.name, fl) : openat(sf.dfd, sf.name, fl | O_CREAT | O_EXCL, 0644);
	if (fd < 0 && errno == EEXIST) {
		created = false;
		fd = openat(sf.dfd, sf.name, fl);
	}
	if (fd < 0) {
		rc = errno == ENXIO ? errmsg_set(em, -ENXIO, "%s: a FIFO no process reads; start its reader first",
						 path)
				    : errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	} else if ((rc = output_check(fd, path, created, &sf, em)) < 0 ||
		   (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0 && (rc = -errno) < 0)) {
		if (created)
			unlinkat(sf.dfd, sf.name, 0);
		close(fd);
	} else {
		rc = fd;
	}
	safefile_close(&sf);
	return rc;
}
