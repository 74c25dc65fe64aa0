/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dynlib.h: a library loaded with dlopen when a feature first needs it, not at every start (libcurl,
 * libmicrohttpd, libcrypt, GnuTLS, libpfm4, libelf and libdw): the first of its names that opens,
 * and the functions it must have, each into its pointer. */
#ifndef PMUTOP_BASE_DYNLIB_H
#define PMUTOP_BASE_DYNLIB_H
#include <stddef.h>

/* A function the library must have: its symbol, and the function pointer its address goes to. */
struct dynlib_fn {
	void **slot;
	const char *name;
};
/* The entry of function pointer field of table for symbol name. */
#define DYNLIB_FN(table, field, name) { (void **)&(table).field, (name) }

/* Open the first of sonames (NULL-terminated, in order) that loads and fill the n slots of fns.
 * 0 with *handle (handle may be NULL: the library stays loaded); -ELIBACC when none opens (why: the loader's message for the first); -ENOENT when
 * it lacks a function (why names the first missing, "and others" after it when more; the slots are
 * NULL again and the library closed). why may be NULL. */
int dynlib_open(const char *const *sonames, const struct dynlib_fn *fns, size_t n, void **handle,
		char *why, size_t len);
#endif
