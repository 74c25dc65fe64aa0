/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* linereader.c: read a file's (or a pipe's) lines block by block; only one block is ever in memory. */
#include "linereader.h"
#include "base/errmsg.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The reader over an open fd: a regular file, or also a FIFO or pipe with pipe_ok. 0, or a negative
 * errno with em. */
static int lr_init(struct linereader *lr, int fd, const char *path, bool pipe_ok, struct errmsg *em)
{
	struct stat st;

	lr->fd = fd;
	if (fstat(lr->fd, &st) < 0 || !(S_ISREG(st.st_mode) || (pipe_ok && S_ISFIFO(st.st_mode)))) {
		errmsg_set(em, -EINVAL, "%s: not a regular file%s", path, pipe_ok ? " or pipe" :
			   S_ISFIFO(st.st_mode) ? " (a pipe or FIFO is read only front to back: with -b)" : "");
		lr_close(lr);
		return -EINVAL;
	}
	lr->pipe = S_ISFIFO(st.st_mode);
	lr->buf = malloc(LR_BLOCK);
	if (!lr->buf) {
		errmsg_set(em, -ENOMEM, "%s: out of memory", path);
		lr_close(lr);
		return -ENOMEM;
	}
	return 0;
}

int lr_open(struct linereader *lr, const char *path, struct errmsg *em)
{
	memset(lr, 0, sizeof(*lr));
	/* O_NONBLOCK: a FIFO is refused below, not waited on */
	lr->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (lr->fd < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	return lr_init(lr, lr->fd, path, false, em);
}

int lr_open_stream(struct linereader *lr, const char *path, struct errmsg *em)
{
	struct stat st;
	int fd;

	memset(lr, 0, sizeof(*lr));
	lr->fd = -1;
	if (strcmp(path, "-") == 0) {
		fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
	} else {
		/* A FIFO is opened to wait for its writer (opened and closed again, it could leave the
		 * writer with no reader: SIGPIPE); anything else with O_NONBLOCK, so that a device is
		 * refused below without waiting. The mode is checked again on what was opened. */
		bool fifo = stat(path, &st) == 0 && S_ISFIFO(st.st_mode);

		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (fifo ? 0 : O_NONBLOCK));
	}
	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	return lr_init(lr, fd, path, true, em);
}

void lr_close(struct linereader *lr)
{
	if (lr->fd >= 0)
		close(lr->fd);
	free(lr->buf);
	memset(lr, 0, sizeof(*lr));
	lr->fd = -1;
}

uint64_t lr_size(const struct linereader *lr)
{
	struct stat st;

	return fstat(lr->fd, &st) == 0 && st.st_size > 0 ? (uint64_t)st.st_size : 0;
}

int lr_seek(struct linereader *lr, uint64_t off)
{
	uint64_t base = lr->off - lr->start;   /* the file offset of buf[0] */

	if (off >= base && off - base <= lr->end) {
		lr->start = (size_t)(off - base);
		lr->off = off;
		return 0;
	}
	if (off > (uint64_t)INT64_MAX)
		return -EINVAL;
	if (lseek(lr->fd, (off_t)off, SEEK_SET) < 0)
		return -errno;
	lr->start = lr->end = 0;
	lr->off = off;
	lr->eof = false;
	return 0;
}

/* Read more after the unread bytes (moved to the front); 0, or -errno. Sets eof. */
static int fill(struct linereader *lr)
{
	ssize_t n;

	if (lr->start) {
		memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
		lr->end -= lr->start;
		lr->start = 0;
	}
	if (lr->pipe) {
		struct pollfd p = { .fd = lr->fd, .events = POLLIN };

		/* poll is never restarted after a handler: a stop the caller's handler flags is seen */
		if (poll(&p, 1, -1) < 0)
			return -errno;
	}
	do
		n = read(lr->fd, lr->buf + lr->end, LR_BLOCK - lr->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == 0)
		lr->eof = true;
	lr->end += (size_t)n;
	return 0;
}

/* Drop a too-long line through its '\n' (or the end of the file). */
static int skip_line(struct linereader *lr)
{
	for (;;) {
		char *nl = memchr(lr->buf + lr->start, '\n', lr->end - lr->start);
		size_t n = nl ? (size_t)(nl - (lr->buf + lr->start)) + 1 : lr->end - lr->start;
		int rc;

		lr->start += n;
		lr->off += n;
		if (nl || lr->eof)
			return 0;
		lr->start = lr->end = 0;
		if ((rc = fill(lr)) < 0)
			return rc;
	}
}

int lr_next(struct linereader *lr, const char **line, size_t *len, uint64_t *off)
{
	int rc;

	for (;;) {
		size_t have = lr->end - lr->start;
		char *p = lr->buf + lr->start, *nl = memchr(p, '\n', have);

		if (nl || (lr->eof && have)) {
			size_t n = nl ? (size_t)(nl - p) : have;
			if (n > LR_MAXLINE)
				break;
			*line = p;
			*len = n;
			*off = lr->off;
			n += nl != NULL;
			lr->start += n;
			lr->off += n;
			return LR_LINE;
		}
		if (lr->eof)
			return LR_END;
		if (have > LR_MAXLINE)
			break;
		if ((rc = fill(lr)) < 0)
			return rc;
	}
	*line = NULL;
	*len = LR_MAXLINE;
	*off = lr->off;
	rc = skip_line(lr);
	return rc < 0 ? rc : LR_LONG;
}
