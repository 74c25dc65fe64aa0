/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* safefile.h: opening the files pmutop reads and writes for its user (the config file, -o) so that, when it
 * runs as root, neither a symbolic link nor a file or folder another user controls can redirect a write
 * or feed it settings (issue 26). Unprivileged, the same calls behave as plain opens through links.
 *
 * When privileged (effective uid 0): every folder on the way is owned by root or the invoking user and
 * not writable by others unless sticky; a symbolic link is followed only when root owns it and it sits in
 * a folder only root can change; an existing file must belong to root or the invoking user and not be
 * writable by everyone. The invoking user is the real uid, or SUDO_UID under sudo. */
#ifndef PMUTOP_SAFEFILE_H
#define PMUTOP_SAFEFILE_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct errmsg;

/* A located file: an open folder and the name in it, links already resolved by the rules above. */
struct safefile {
	int dfd;            /* the folder, O_PATH; -1 when closed */
	char name[256];     /* the last component */
	bool via_link;      /* reached through a symbolic link */
	bool follow;        /* name is a link the rules trust, left for open() to follow (-o /dev/stdout) */
};

bool safefile_privileged(void);
/* The user pmutop works for: getuid(), or SUDO_UID when root runs it through sudo. */
unsigned safefile_user(void);
/* Find path's folder (creating missing folders when mkdirs, owned like their parent) and last component.
 * 0, or a negative errno with em: -EPERM for what another user controls, -ELOOP for too many links. */
int safefile_locate(const char *path, bool mkdirs, struct safefile *sf, struct errmsg *em);
void safefile_close(struct safefile *sf);
/* Open the located file for reading: O_NONBLOCK, a regular file only (-EINVAL "not a regular file",
 * -EISDIR for a folder), whose owner the rules accept. st gets its fstat. A descriptor, or a negative
 * errno with em (-ENOENT when it does not exist). shown names the file in messages. */
int safefile_read_open(const struct safefile *sf, const char *shown, struct stat *st, struct errmsg *em);
/* safefile_locate and safefile_read_open in one: how a file pmutop reads for its user is opened. */
int safefile_open_read(const char *path, struct stat *st, struct errmsg *em);
/* Replace the located file's contents with data: a new temporary file beside it, fsync, renamed over it.
 * It keeps the old file's owner and mode; a new file gets mode 0644 and its folder's owner and group.
 * 0, or a negative errno with em; the old file is untouched on failure. */
int safefile_replace(const struct safefile *sf, const char *shown, const void *data, size_t len,
		     struct errmsg *em);
/* Open path for writing output (-o): a regular file is truncated only after the checks, a new one is
 * created (its folder's owner when that is the invoking user); a FIFO is opened non-blocking first, so one
 * without a reader is an error (-ENXIO), not a hang; a character device (/dev/null) is written as it is;
 * a folder or a block device is refused. A blocking descriptor, or a negative errno with em. */
int safefile_open_output(const char *path, struct errmsg *em);
#endif
