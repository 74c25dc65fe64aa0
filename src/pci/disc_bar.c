/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_bar.c: copy a discovery table out of a BAR, read-only: the sysfs resource file, else /dev/mem. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "disc.h"
#include "base/errmsg.h"

/* The largest table the format can describe: 1023 units at a stride of 255 words, plus the global entry. */
#define TABLE_MAX ((size_t)1024 * 255 * 8)

/* Copy with aligned 8-byte loads: the source may be device memory, where wide vector loads
 * (as memcpy may use) are not guaranteed to behave. */
static void copy_io(uint8_t *dst, const volatile uint8_t *src, size_t len)
{
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w = *(const volatile uint64_t *)(src + i);

		memcpy(dst + i, &w, 8);
	}
	for (; i < len; i++)
		dst[i] = src[i];
}

static size_t page_round(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

/* Map [off, off + n) of fd read-only and copy it to dst. */
static int map_copy(int fd, off_t off, size_t n, uint8_t *dst)
{
	size_t maplen = page_round(n);
	void *p = mmap(NULL, maplen, PROT_READ, MAP_SHARED, fd, off);

	if (p == MAP_FAILED)
		return -errno;
	copy_io(dst, p, n);
	munmap(p, maplen);
	return 0;
}

/* Read [off, off + n) of an ordinary file into dst: -ENODATA when it holds less (it shrank since its
 * size was checked). */
static int pread_copy(int fd, off_t off, size_t n, uint8_t *dst)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = pread(fd, dst + got, n - got, off + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			return -ENODATA;
		got += (size_t)r;
	}
	return 0;
}

/* How a BAR is copied: mapped where the kernel made the file (sysfs, /dev/mem), whose size no one
 * can change under us; read into a buffer from any other file (a --sysfs tree another user may hold:
 * truncated while mapped, its pages past the new end are SIGBUS, issue 26). */
typedef int (*copy_fn)(int fd, off_t off, size_t n, uint8_t *dst);

/* Read the global entry first, then exactly the table it describes, clamped to what the BAR holds
 * (avail); the parser counts units cut off by the clamp. */
static int read_table(int fd, copy_fn copy, off_t off, size_t avail, uint8_t **buf, size_t *len)
{
	uint8_t head[24];
	size_t need, stride, units;
	int rc;

	if (avail < sizeof(head))
		return -EINVAL;
	rc = copy(fd, off, sizeof(head), head);
	if (rc)
		return rc;
	stride = (size_t)head[1] * 8;
	units = (size_t)(head[2] | (head[3] & 3) << 8);
	need = (units + 1) * stride;
	if (need < sizeof(head))
		need = sizeof(head);
	if (need > TABLE_MAX)
		need = TABLE_MAX;
	if (need > avail)
		need = avail;
	*buf = malloc(need);
	if (!*buf)
		return -ENOMEM;
	rc = copy(fd, off, need, *buf);
	if (rc) {
		free(*buf);
		*buf = NULL;
		return rc;
	}
	*len = need;
	return 0;
}

int disc_bar_read(const char *sysfs_root, const char *bdf, int bir, uint64_t base, uint64_t bar_size,
		  uint8_t **buf, size_t *len, struct errmsg *em)
{
	char path[4096];
	struct stat st;
	struct statfs sfs;
	int fd, rc, rc_mem = 0;

	*buf = NULL;
	*len = 0;
	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/resource%d", sysfs_root, bdf, bir);
	/* The kernel's resourceN is a regular file exactly as long as the BAR. Read only what the file holds:
	 * an empty or short file (a broken or hostile tree) is refused here, and a FIFO or device in its
	 * place is neither waited on nor read. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd >= 0) {
		if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
			close(fd);
			return errmsg_set(em, -EINVAL, "BAR%d of %s: resource%d is not a regular file: skipped", bir,
					  bdf, bir);
		}
		if ((uint64_t)st.st_size < 24 || (bar_size && (uint64_t)st.st_size < bar_size)) {
			close(fd);
			return errmsg_set(em, -EINVAL, "BAR%d of %s: resource%d holds %lld bytes, %s: skipped", bir,
					  bdf, bir, (long long)st.st_size,
					  bar_size && (uint64_t)st.st_size < bar_size ? "less than the BAR's size"
										       : "too short for a table");
		}
		bool sysfs = fstatfs(fd, &sfs) == 0 && sfs.f_type == SYSFS_MAGIC;
		rc = read_table(fd, sysfs ? map_copy : pread_copy, 0, bar_size ? bar_size : (size_t)st.st_size, buf, len);
		close(fd);
		if (rc == 0)
			return 0;
		if (rc == -ENODATA)
			return errmsg_set(em, -EINVAL, "BAR%d of %s: resource%d became shorter while it was read: "
					  "skipped", bir, bdf, bir);
	} else {
		rc = -errno;
	}
	/* /dev/mem holds this machine's memory: only meaningful when the tree is the real /sys,
	 * never for a fixture or simulated tree whose addresses are made up. */
	if (strcmp(sysfs_root, "/sys") == 0 && base) {
		fd = open("/dev/mem", O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			rc_mem = read_table(fd, map_copy, (off_t)base, bar_size ? bar_size : TABLE_MAX, buf, len);
			close(fd);
			if (rc_mem == 0)
				return 0;
		} else {
			rc_mem = -errno;
		}
		return errmsg_set(em, rc, "cannot map BAR%d of %s: %s (/dev/mem: %s); run as root "
				  "(kernel lockdown refuses it even then)", bir, bdf, strerror(-rc), strerror(-rc_mem));
	}
	return errmsg_set(em, rc, "cannot map BAR%d of %s: %s; run as root", bir, bdf, strerror(-rc));
}
