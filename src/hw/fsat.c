/* fsat.c: a private tree written and removed through directory fds, never through a symbolic link. */
#include "hw/fsat.h"
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
	t->dir[0] = 0;
}

void fsat_done(struct fsat *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	t->dir[0] = 0;
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
	const char *p = rel;
	int fd;

	if (t->fd >= 0 && !strcmp(t->dir, rel))
		return t->fd;
	if (!fsat_rel_ok(rel) || strlen(rel) >= sizeof(t->dir))
		return -EINVAL;
	fsat_done(t);
	fd = openat(t->root, ".", DIR_FLAGS);
	while (fd >= 0 && *p) {
		const char *e = strchr(p, '/');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		int next;

		memcpy(part, p, n);
		part[n] = 0;
		p += n + (e ? 1 : 0);
		next = openat(fd, part, DIR_FLAGS);
		if (next < 0 && errno == ENOENT) {
			if (mkdirat(fd, part, 0755) < 0 && errno != EEXIST) {
				next = -errno;
				close(fd);
				return next;
			}
			next = openat(fd, part, DIR_FLAGS);
		}
		if (next < 0) {
			next = -errno;   /* ELOOP or ENOTDIR: a link or a file where a folder should be */
			close(fd);
			return next;
		}
		close(fd);
		fd = next;
	}
	if (fd < 0)
		return -errno;
	t->fd = fd;
	snprintf(t->dir, sizeof(t->dir), "%s", rel);
	return fd;
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

static int remove_in(int dfd, int depth)
{
	char buf[2048];
	int first = 0, removed;

	if (depth > 32)
		return -ELOOP;
	/* Unlinking while reading can make a directory stream skip entries: read again from the
	 * start until a pass finds nothing left to remove. */
	do {
		long n;

		removed = 0;
		if (lseek(dfd, 0, SEEK_SET) < 0)
			return -errno;
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
				if (d->type == DT_DIR || errno == EISDIR) {
					int sub = openat(dfd, d->name, DIR_FLAGS);

					if (sub < 0) {
						r = -errno;
					} else {
						r = remove_in(sub, depth + 1);
						close(sub);
						if (unlinkat(dfd, d->name, AT_REMOVEDIR) == 0)
							removed++;
						else if (!r)
							r = -errno;
					}
				} else {
					r = -errno;
				}
				if (r && !first)
					first = r;
			}
		}
		if (n < 0)
			return -errno;
	} while (removed);
	return first;
}

int fsat_remove_tree(int parentfd, const char *name)
{
	int fd = openat(parentfd, name, DIR_FLAGS), r;

	if (fd < 0) {
		if (errno != ENOTDIR && errno != ELOOP)
			return errno == ENOENT ? 0 : -errno;
		return unlinkat(parentfd, name, 0) == 0 ? 0 : -errno;   /* a file or a link: only the name goes */
	}
	r = remove_in(fd, 0);
	close(fd);
	if (unlinkat(parentfd, name, AT_REMOVEDIR) < 0 && !r)
		r = -errno;
	return r;
}
