/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_dump.c: check an `lspci -xxxx` dump line by line before libpci reads it. libpci trusts the offsets
 * and bytes of a dump; a hostile one (offsets past 4,096, broken hex) corrupts its heap. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disc.h"
#include "base/errmsg.h"

#define CFG_SIZE 4096

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Up to max hex digits at *p; returns how many were read (0: none), -1 when there are more than max. */
static int hexnum(const char **p, int max, unsigned long *v)
{
	int n = 0;

	*v = 0;
	for (; hexval((unsigned char)**p) >= 0; (*p)++, n++) {
		if (n == max)
			return -1;
		*v = *v << 4 | (unsigned long)hexval((unsigned char)**p);
	}
	return n;
}

static const char *skip_hex(const char *s, const char *end)
{
	while (s < end && hexval((unsigned char)*s) >= 0)
		s++;
	return s;
}

static int bad(struct errmsg *em, int line, const char *why)
{
	return errmsg_set(em, -EINVAL, "%d: %s", line, why);
}

/* "[domain:]bus:slot.func" then a space or the end of the line. */
static int check_device(const char *s, const char *end, int line, struct errmsg *em)
{
	unsigned long v[4];
	int n = 0, digits;

	for (;;) {
		digits = hexnum(&s, 8, &v[n]);
		if (digits <= 0)
			return bad(em, line, "malformed device address (expected [domain:]bus:slot.func)");
		n++;
		if (*s != ':')
			break;
		if (n == 3)
			return bad(em, line, "malformed device address (too many fields)");
		s++;
	}
	if (n < 2 || *s != '.' || hexval((unsigned char)s[1]) < 0)
		return bad(em, line, "malformed device address (expected [domain:]bus:slot.func)");
	v[n] = (unsigned long)hexval((unsigned char)s[1]);
	s += 2;
	if (s < end && *s != ' ' && *s != '\t' && *s != '\r')
		return bad(em, line, "malformed device address (expected [domain:]bus:slot.func)");
	if (v[n - 1] > 0x1f || v[n] > 7 || v[n - 2] > 0xff || (n == 3 && v[0] > 0x7fffffff))
		return bad(em, line, "device address out of range (domain <= 7fffffff, bus <= ff, "
			   "slot <= 1f, function <= 7)");
	return 0;
}

/* "OFF: xx xx ...": at most 16 bytes, all inside the 4,096 bytes of config space. */
static int check_data(const char *s, const char *end, int line, struct errmsg *em)
{
	unsigned long off;
	int digits = hexnum(&s, 3, &off), n = 0;
	char why[96];

	if (digits < 0 || off >= CFG_SIZE) {
		snprintf(why, sizeof(why), "offset past the %d bytes of config space", CFG_SIZE);
		return bad(em, line, why);
	}
	s++;    /* the ':' */
	while (s < end) {
		if (*s != ' ')
			return bad(em, line, "malformed byte (expected space-separated hex pairs)");
		while (s < end && *s == ' ')
			s++;
		if (s == end)
			break;
		if (hexval((unsigned char)s[0]) < 0 || s + 1 >= end || hexval((unsigned char)s[1]) < 0 ||
		    (s + 2 < end && s[2] != ' '))
			return bad(em, line, "malformed byte (expected space-separated hex pairs)");
		s += 2;
		if (++n > 16)
			return bad(em, line, "more than 16 bytes on one line");
		if (off + (unsigned long)n > CFG_SIZE) {
			snprintf(why, sizeof(why), "bytes run past the %d bytes of config space", CFG_SIZE);
			return bad(em, line, why);
		}
	}
	return 0;
}

int disc_dump_check(const char *text, size_t len, struct errmsg *em)
{
	const char *p = text, *end = text + len;
	int line = 0, ndev = 0;
	bool in_dev = false;
	char buf[DISC_DUMP_MAX_LINE + 1];

	errmsg_clear(em);
	if ((p = memchr(text, 0, len))) {
		for (const char *q = text; q < p; q++)
			line += *q == '\n';
		return bad(em, line + 1, "binary data (a NUL byte): not an lspci dump");
	}
	p = text;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *s, *l = buf;
		char *le;

		if (!eol)
			eol = end;
		if (++line > DISC_DUMP_MAX_LINES)
			return bad(em, line, "too many lines for an lspci dump");
		if (eol - p > DISC_DUMP_MAX_LINE)
			return bad(em, line, "line too long for an lspci dump");
		/* a NUL-terminated copy: the checks below may look one character past the line's end */
		memcpy(buf, p, (size_t)(eol - p));
		buf[eol - p] = 0;
		le = buf + (eol - p);
		if (le > l && le[-1] == '\r')   /* CRLF, as libpci takes it */
			*--le = 0;
		if (le == l) {
			in_dev = false;       /* a blank line ends a device, as for libpci */
		} else if ((s = skip_hex(l, le)) > l && *s == ':' && (s[1] == 0 || s[1] == ' ')) {
			if (!in_dev)
				return bad(em, line, "config bytes outside any device");
			if (check_data(l, le, line, em))
				return -EINVAL;
		} else if (s > l && *s == ':') {
			if (check_device(l, le, line, em))
				return -EINVAL;
			if (++ndev > DISC_DUMP_MAX_DEVICES)
				return bad(em, line, "more devices than a PCI domain holds");
			in_dev = true;
		}
		/* anything else (lspci's -v text, indented) is ignored, as libpci does */
		p = eol < end ? eol + 1 : end;
	}
	return 0;
}

int disc_dump_open(const char *path, struct errmsg *em)
{
	struct stat st;
	struct errmsg why;
	char *text = NULL;
	size_t len = 0;
	int fd, mfd = -1, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return errmsg_set(em, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL, "%s: %s, not an lspci dump (give the "
				  "file `lspci -xxxx` wrote)", path, S_ISDIR(st.st_mode) ? "is a directory" :
				  "is not a regular file");
	}
	if (st.st_size > DISC_DUMP_MAX_BYTES) {
		close(fd);
		return errmsg_set(em, -EFBIG, "%s: %lld bytes, more than the %d MiB an lspci dump can need", path,
				  (long long)st.st_size, DISC_DUMP_MAX_BYTES >> 20);
	}
	/* Read it once: what is checked is what libpci gets, from a private copy. */
	text = malloc((size_t)st.st_size + 1);
	rc = text ? 0 : -ENOMEM;
	while (!rc && len <= (size_t)st.st_size) {
		ssize_t n = read(fd, text + len, (size_t)st.st_size + 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			rc = -errno;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	if (!rc && len > (size_t)st.st_size)
		rc = -EAGAIN;     /* it grew while read */
	if (rc) {
		free(text);
		return errmsg_set(em, rc, "%s: %s", path, strerror(-rc));
	}
	if (disc_dump_check(text, len, &why)) {
		free(text);
		return errmsg_set(em, -EINVAL, "%s:%s", path, why.text);
	}
	mfd = memfd_create("pmutop-pci-dump", MFD_CLOEXEC);
	if (mfd >= 0) {
		size_t done = 0;

		while (done < len) {
			ssize_t n = write(mfd, text + done, len - done);

			if (n <= 0)
				break;
			done += (size_t)n;
		}
		if (done < len || lseek(mfd, 0, SEEK_SET) < 0) {
			close(mfd);
			mfd = -1;
		}
	}
	free(text);
	if (mfd < 0) {
		rc = errno ? -errno : -EIO;
		return errmsg_set(em, rc, "%s: cannot keep a private copy: %s", path, strerror(-rc));
	}
	return mfd;
}
