/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* errmsg.h: the error convention of the kernel-facing and file-reading code. A function returns 0 (or
 * a count) on success and a negative errno on failure; a caller that wants to tell the user more than
 * strerror() passes a struct errmsg, which the function fills with what failed, why and what to do.
 * A caller that does not want the words passes NULL. A function that makes an object returns its
 * status and hands the object out through a pointer (int x_open(..., struct x **out, struct errmsg *)). */
#ifndef PMUTOP_ERRMSG_H
#define PMUTOP_ERRMSG_H

struct errmsg {
	int code;          /* the negative errno the function returned, 0 when none */
	char text[512];    /* what failed and what to do; "" when nothing was said */
};

/* Fill m (when not NULL) with code and the formatted text; returns code, so a function can end with
 * `return errmsg_set(m, -ENOENT, "...", ...)`. */
int errmsg_set(struct errmsg *m, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The words for the user: m's text, else strerror of code. */
const char *errmsg_text(const struct errmsg *m, int code);
void errmsg_clear(struct errmsg *m);
#endif
