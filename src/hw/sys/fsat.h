/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fsat.h: write and remove a private directory tree through directory fds (openat/mkdirat with
 * O_NOFOLLOW), so that no name, link or race can make a write or a removal leave the tree. */
#ifndef PMUTOP_FSAT_H
#define PMUTOP_FSAT_H
#include <stddef.h>
#include <stdint.h>

#define FSAT_DEPTH 16

/* A tree being written: its root fd and the last directory used, with an open fd for each of its
 * leading parts (files come in runs per folder, folders in runs per parent: moving to a sibling
 * opens one folder, not the whole path again). */
struct fsat {
	int root;
	int fd;              /* of dir, -1 none */
	int replace;         /* 1: an existing file is truncated and rewritten (fixtures); 0: O_EXCL */
	int depth;           /* open parts of dir: fds[i] is dir's first ends[i] characters */
	int fds[FSAT_DEPTH];
	unsigned short ends[FSAT_DEPTH];
	char dir[1024];
};

/* Start writing under the directory root (an open fd the caller keeps and closes). */
void fsat_init(struct fsat *t, int root);
void fsat_done(struct fsat *t);
/* A relative path is safe when every '/'-separated part is a plain name: not empty, ".", "..". */
int fsat_rel_ok(const char *rel);
/* Open the directory REL under t's root, making the missing parts (0755); never follows a link.
 * Returns an fd owned by t (valid until the next call) or a negative errno. */
int fsat_dir(struct fsat *t, const char *rel);
/* Create the file REL (O_CREAT|O_EXCL|O_NOFOLLOW, 0644, or O_TRUNC when t->replace; parents made) and return its fd (the caller
 * closes it), or a negative errno. */
int fsat_create(struct fsat *t, const char *rel);
/* Create REL holding len bytes of data, then grown to size bytes of zeros when size > len (sparse).
 * 0 or a negative errno. */
int fsat_write(struct fsat *t, const char *rel, const void *data, size_t len, uint64_t size);

/* Remove name (a directory or a file) under parentfd and all it holds, never following a symbolic
 * link: links are removed, not their targets. No malloc, no stdio: safe in a signal handler.
 * 0 or a negative errno (the first failure; it goes on removing what it can). */
int fsat_remove_tree(int parentfd, const char *name);
#endif
