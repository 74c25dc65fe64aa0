/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sysfs.h: every sysfs and procfs read goes under one configurable root. */
#ifndef PMUTOP_SYSFS_H
#define PMUTOP_SYSFS_H
#include <stdbool.h>
#include <stddef.h>

/* Set the sysfs root ("/sys" when NULL). The procfs root becomes the folder
 * "proc" beside it when that exists ("T/sys" -> "T/proc"), "/proc" for "/sys",
 * and none otherwise (procfs reads then fail with -ENOENT). The string is copied. */
void sysfs_set_root(const char *root);
const char *sysfs_root(void);
const char *procfs_root(void); /* NULL when there is none */

/* Join the root and a relative path ("bus/event_source/devices") into out.
 * Returns 0 or -ENAMETOOLONG. */
int sysfs_path(char *out, size_t n, const char *rel);

/* Read a whole small file under the root into buf (NUL-terminated, trailing
 * whitespace and newlines stripped). Returns its length or a negative errno. */
int sysfs_read(const char *rel, char *buf, size_t n);
/* Read a decimal or 0x-hex integer. Returns 0 or a negative errno (-EINVAL on junk). */
int sysfs_read_ll(const char *rel, long long *out);
/* Same as sysfs_read, under the procfs root. */
int procfs_read(const char *rel, char *buf, size_t n);

/* Read any file by absolute path (same rules as sysfs_read). Only regular files are read: a directory
 * gives -EISDIR, a FIFO, socket or device -EINVAL, without blocking. */
int file_read_small(const char *path, char *buf, size_t n);

/* A procfs file read every interval (/proc/stat, /proc/interrupts, /proc/cpuinfo): opened at the
 * first read and kept open, then read again from offset 0 with pread, which saves an open, a
 * fstat and a close each time. Only files whose size says 0 are kept (procfs makes its text at
 * each read); a tree's regular files are opened each time. Zero-initialised it is closed. */
struct kept_file {
	bool open;
	int fd;
	char path[4096 + 32];
};
/* procfs_read(rel, buf, n) through k: the same result. A failed read closes k (the next opens
 * again); another procfs root since the last read opens the new file. */
int procfs_read_kept(struct kept_file *k, const char *rel, char *buf, size_t n);
void kept_file_close(struct kept_file *k);
#endif
