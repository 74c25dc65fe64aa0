/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* printable.h: the one place that makes untrusted text safe for a terminal or a log (issue 26), and
 * unambiguous (issue 37): C0 controls, DEL, C1 controls (raw or as UTF-8, U+0080..U+009F) and bytes of
 * invalid UTF-8 are shown as \xNN, one escape per byte, and a backslash as \\; printable ASCII and valid
 * UTF-8 above U+009F pass as they are. The escaping is reversible: read \\ as a backslash and \xNN as
 * the byte NN, and the text gives back the bytes it was made of, so two different names are never
 * written the same (a name holding the text \x1b is written \\x1b, one holding ESC \x1b). Names from
 * recordings, sysfs trees, event tables, /proc/cpuinfo, processes and cgroups go through it before they
 * are printed: text and CSV output (ob_text, ob_field), Prometheus label values (prom_label_value), the
 * screen. */
#ifndef PMUTOP_PRINTABLE_H
#define PMUTOP_PRINTABLE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The length of the one character at the start of s (n bytes) when it passes as it is, 0 when it is escaped. */
size_t printable_char_len(const char *s, size_t n);
/* How many bytes at the start of s (n bytes) pass as they are. */
size_t printable_span(const char *s, size_t n);
/* Hand s (n bytes) to put in pieces: runs that pass as they are, and the escapes \xNN and \\. */
void printable_each(const char *s, size_t n, void (*put)(void *ctx, const char *p, size_t len), void *ctx);
/* printable_each with every byte of also escaped as \xNN too (a CSV separator: a field then never holds
 * it). also holds no backslash, letter or digit (the escapes are made of them); NULL for none. */
void printable_each_also(const char *s, size_t n, const char *also,
			 void (*put)(void *ctx, const char *p, size_t len), void *ctx);
/* dst (len > 0) gets src made printable, cut before a piece that does not fit. Returns dst. */
char *printable(char *dst, size_t len, const char *src);
/* fputs of s made printable. */
void printable_fputs(const char *s, FILE *f);
/* s made printable in place, within its buffer of size len (escapes are longer: cut at the end). */
void printable_inplace(char *s, size_t len);
/* fprintf(stderr, ...) for a message that echoes input: each line made printable, the newlines kept. */
void printable_eprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
