/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* outbuf.h: a growable output buffer with fast number and JSON string appenders (no printf on the hot path). */
#ifndef PMUTOP_OUTBUF_H
#define PMUTOP_OUTBUF_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct outbuf {
	char *p;
	size_t len, cap;
	int oom;   /* set when growing failed; appends then stop */
	FILE *sink;     /* ob_spill writes the text out here once it holds spill bytes (NULL: never) */
	size_t spill;
	int werr;       /* a write to sink failed: ob_flush reports it */
};

void ob_init(struct outbuf *b, size_t cap);
void ob_free(struct outbuf *b);
void ob_reset(struct outbuf *b);
/* Batch output writes a frame out in parts of this size: a JSON frame of 1024 CPUs x 16 events is
 * 2 MiB, and whole it pushed the model's arrays out of the caches every refresh (issue 18). */
#define OB_SPILL_BATCH (64 * 1024)
void ob_spill_out(struct outbuf *b);
/* Between the parts of a long text (rows): with a sink, what the buffer holds is written out once
 * it reaches spill bytes, so the buffer stays small. The text is the same, in more writes. */
static inline void ob_spill(struct outbuf *b)
{
	if (b->sink && b->len >= b->spill)
		ob_spill_out(b);
}
#include <string.h>
/* the slow paths: grow, then append */
void ob_mem_grow(struct outbuf *b, const char *s, size_t n);
void ob_char_grow(struct outbuf *b, char c);
static inline void ob_mem(struct outbuf *b, const char *s, size_t n)
{
	if (b->len + n <= b->cap) {
		memcpy(b->p + b->len, s, n);
		b->len += n;
	} else {
		ob_mem_grow(b, s, n);
	}
}
static inline void ob_str(struct outbuf *b, const char *s) { ob_mem(b, s, strlen(s)); }
/* ob_str for text from outside (event and PMU names, the CPU model): control bytes and invalid UTF-8 as
 * \xNN (base/printable.h), so a recording or a sysfs tree cannot drive the terminal. */
void ob_text(struct outbuf *b, const char *s);
/* ob_text for a field of -x output: the bytes of the separator sep escaped as \xNN too, so the field
 * never holds it and the row keeps its number of fields (perf writes such a name raw and the row
 * falls apart). */
void ob_field(struct outbuf *b, const char *s, const char *sep);
static inline void ob_char(struct outbuf *b, char c)
{
	if (b->len < b->cap)
		b->p[b->len++] = c;
	else
		ob_char_grow(b, c);
}
void ob_u64(struct outbuf *b, uint64_t v);
/* The decimal digits of v (ob_u64's text) at out, without a terminator: returns how many, 1 to 20.
 * For a number written more than once: format it once, append the copies. */
int u64_text(char out[20], uint64_t v);
void ob_i64(struct outbuf *b, int64_t v);
/* Fixed-point decimal with `decimals` digits (0..9), every digit of any finite value (the
 * buffer grows as needed); NAN/inf print `nan_text`. */
void ob_fixed(struct outbuf *b, double v, int decimals, const char *nan_text);
/* ob_fixed without the trailing zeros of the decimals (and without a lone '.'). */
void ob_fixed_trimmed(struct outbuf *b, double v, int decimals, const char *nan_text);
/* Right-align what was appended since start in width columns (spaces inserted at start). */
void ob_pad_left(struct outbuf *b, size_t start, size_t width);
/* A number for JSON: integers exactly, others with up to 6 significant decimals, magnitudes
 * from 9e15 up in exponent form (1e+60); NAN and inf -> null. */
void ob_json_num(struct outbuf *b, double v);
/* ob_json_num's text at out, without a terminator; returns its length, at most JSON_NUM_MAX. */
#define JSON_NUM_MAX 32
int json_num_text(char out[JSON_NUM_MAX], double v);
/* A quoted, escaped JSON string. Nothing a terminal acts on passes raw: C0 and C1 controls and DEL
 * as \u00NN, each byte of invalid UTF-8 as the text \xNN (written \\xNN; base/printable's form) and a
 * backslash as the text \\ (written \\\\), so that the string is never the same for two names. */
void ob_json_str(struct outbuf *b, const char *s);
/* JSON text from another writer (json-c, which escapes only '"', '\\' and C0) appended with its C1
 * controls, DEL and invalid UTF-8 escaped as ob_json_str does. */
void ob_json_text(struct outbuf *b, const char *json);
/* The same quoted, escaped JSON string written straight to a stream (NULL prints ""). */
void json_fputs(FILE *f, const char *s);
/* Write everything to f and reset. Returns 0 or -EIO (also when an earlier ob_spill's write failed). */
int ob_flush(struct outbuf *b, FILE *f);
#endif
