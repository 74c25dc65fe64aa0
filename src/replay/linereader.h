/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* linereader.h: lines of a file read in fixed blocks, with seeking (or of a pipe), in bounded memory. */
#ifndef PMUTOP_LINEREADER_H
#define PMUTOP_LINEREADER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* (a fuzz build makes both small, so that its short inputs cross blocks and hold long lines) */
#ifndef LR_BLOCK
#define LR_BLOCK (1u << 20)     /* bytes read at a time: the reader's whole buffer */
#endif
#ifndef LR_MAXLINE
#define LR_MAXLINE (64u << 10)  /* a longer line is reported (LR_LONG) and skipped, never held */
#endif
_Static_assert(LR_BLOCK > LR_MAXLINE, "a line of LR_MAXLINE bytes and its newline fit one block");

enum { LR_END = 0, LR_LINE = 1, LR_LONG = 2 };

struct errmsg;

struct linereader {
	int fd;
	char *buf;            /* [LR_BLOCK] */
	size_t start, end;    /* unread bytes: buf[start..end) */
	uint64_t off;         /* file offset of buf[start] */
	bool eof;
	bool pipe;            /* a pipe or FIFO: waited on with poll, which a signal cuts short */
};

/* Open a regular file (a FIFO or directory is refused without waiting). 0, or a negative errno
 * (-EINVAL for what is not a regular file) with "PATH: why" in em (may be NULL). */
int lr_open(struct linereader *lr, const char *path, struct errmsg *em);
/* The same for a reader that never seeks: a regular file, a pipe or a FIFO (waited on until a
 * writer opens it); "-" is standard input. Anything else is refused. */
int lr_open_stream(struct linereader *lr, const char *path, struct errmsg *em);
void lr_close(struct linereader *lr);
/* The file's size now (0 when unknown). */
uint64_t lr_size(const struct linereader *lr);
/* Make the next line the one starting at file offset off: free when off is still in the
 * buffer (the line just read, or any later one), else one lseek. 0 or -errno. */
int lr_seek(struct linereader *lr, uint64_t off);
/* The next line, without its '\n': LR_LINE with *line, *len and *off (valid until the next call),
 * LR_LONG for a line longer than LR_MAXLINE (skipped; *off and *len = LR_MAXLINE set, *line
 * NULL), LR_END at the end, or -errno. A last line without '\n' is a line. A signal caught while
 * waiting on a pipe gives -EINTR (so Ctrl-C ends a replay whose writer stalls: a handler with
 * SA_RESTART would restart a read); the caller may call again. */
int lr_next(struct linereader *lr, const char **line, size_t *len, uint64_t *off);
#endif
