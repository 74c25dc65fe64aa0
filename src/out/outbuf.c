/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* outbuf.c: fast appenders for batch output; printf per field is too slow at 224 CPUs x 16 events. */
#include "outbuf.h"
#include "base/printable.h"
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ob_init(struct outbuf *b, size_t cap)
{
	b->len = 0;
	b->oom = 0;
	b->sink = NULL;
	b->spill = 0;
	b->werr = 0;
	b->cap = cap ? cap : 4096;
	b->p = malloc(b->cap);
	if (!b->p) {
		b->cap = 0;
		b->oom = 1;
	}
}

static void put_ob(void *ctx, const char *p, size_t len)
{
	ob_mem(ctx, p, len);
}

void ob_text(struct outbuf *b, const char *s)
{
	size_t n = strlen(s);

	if (printable_span(s, n) == n)
		ob_mem(b, s, n);
	else
		printable_each(s, n, put_ob, b);
}

void ob_field(struct outbuf *b, const char *s, const char *sep)
{
	printable_each_also(s, strlen(s), sep, put_ob, b);
}

void ob_free(struct outbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void ob_reset(struct outbuf *b) { b->len = 0; }

static int ob_room(struct outbuf *b, size_t n)
{
	if (b->len + n <= b->cap)
		return 1;
	if (b->oom)
		return 0;
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + n)
		cap *= 2;
	char *np = realloc(b->p, cap);
	if (!np) {
		b->oom = 1;
		return 0;
	}
	b->p = np;
	b->cap = cap;
	return 1;
}

void ob_mem_grow(struct outbuf *b, const char *s, size_t n)
{
	if (!ob_room(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

void ob_char_grow(struct outbuf *b, char c)
{
	if (ob_room(b, 1))
		b->p[b->len++] = c;
}

static const uint64_t p10u[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
	1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
	100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
	1000000000000000000ull, 10000000000000000000ull,
};

/* The number of decimal digits of v (1 for 0): log10 from the bit length, then one compare. */
static inline int ndigits(uint64_t v)
{
	int t = ((64 - __builtin_clzll(v | 1)) * 1233) >> 12;

	return v ? t + 1 - (v < p10u[t]) : 1;
}

static const char d2[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The n (at most 8) last digits of w at p, two at a time, in 32-bit arithmetic. */
static inline void put_digits32(char *p, uint32_t w, int n)
{
	while (n >= 2) {
		unsigned k = (w % 100) * 2;
		w /= 100;
		p[--n] = d2[k + 1];
		p[--n] = d2[k];
	}
	if (n)
		p[0] = (char)('0' + w % 10);
}

/* The digits of v, exactly n of them (leading zeros when v is shorter), at p: eight at a time,
 * so that all but one division per eight digits are 32-bit. */
static inline void put_digits(char *p, uint64_t v, int n)
{
	while (n > 8) {
		put_digits32(p + n - 8, (uint32_t)(v % 100000000), 8);
		v /= 100000000;
		n -= 8;
	}
	put_digits32(p, (uint32_t)v, n);
}

int u64_text(char out[20], uint64_t v)
{
	int n = ndigits(v);

	put_digits(out, v, n);
	return n;
}

void ob_u64(struct outbuf *b, uint64_t v)
{
	if (b->cap - b->len < 20 && !ob_room(b, 20))
		return;
	b->len += (size_t)u64_text(b->p + b->len, v);
}

void ob_i64(struct outbuf *b, int64_t v)
{
	if (v < 0) {
		ob_char(b, '-');
		ob_u64(b, (uint64_t)0 - (uint64_t)v);
	} else {
		ob_u64(b, (uint64_t)v);
	}
}

/* printf of one number straight into the buffer, however long its text is. */
static void ob_printf_num(struct outbuf *b, const char *fmt, int prec, double v)
{
	int n = snprintf(NULL, 0, fmt, prec, v);

	if (n < 0 || !ob_room(b, (size_t)n + 1))
		return;
	snprintf(b->p + b->len, (size_t)n + 1, fmt, prec, v);
	b->len += (size_t)n;
}

void ob_pad_left(struct outbuf *b, size_t start, size_t width)
{
	size_t have, pad;

	if (start > b->len || (have = b->len - start) >= width || !ob_room(b, width - have))
		return;
	pad = width - have;
	memmove(b->p + start + pad, b->p + start, have);
	memset(b->p + start, ' ', pad);
	b->len += pad;
}

static const double pow10_tab[10] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };

/* llround for 0 <= x < 2^63, without the libm call: x minus its integer part is exact. */
static inline uint64_t round_half_up(double x)
{
	uint64_t i = (uint64_t)x;

	return i + (x - (double)i >= 0.5);
}

/* v (finite, |v| * 10^decimals below 9e18) with decimals digits after the point at out, at most
 * 30 characters (a sign, 19 digits, the point, 9 decimals); trim drops the trailing zeros of the
 * decimals and then a lone point. Returns the length. */
static int fixed_text(char *out, double v, int decimals, bool trim)
{
	uint64_t scaled, ip, fp;
	int nd = decimals, n = 0;

	if (v < 0) {
		out[n++] = '-';
		v = -v;
	}
	scaled = round_half_up(v * pow10_tab[decimals]);
	switch (decimals) {   /* constant divisors: multiplications, not divisions */
	case 2: ip = scaled / 100, fp = scaled % 100; break;
	case 6: ip = scaled / 1000000, fp = scaled % 1000000; break;
	case 9: ip = scaled / 1000000000, fp = scaled % 1000000000; break;
	default: ip = scaled / p10u[decimals], fp = scaled % p10u[decimals]; break;
	}
	n += u64_text(out + n, ip);
	if (trim)
		for (; nd && fp % 10 == 0; nd--)
			fp /= 10;
	if (!nd)
		return n;
	out[n] = '.';
	put_digits(out + n + 1, fp, nd);
	return n + nd + 1;
}

static void fixed(struct outbuf *b, double v, int decimals, bool trim)
{
	if (b->cap - b->len < 32 && !ob_room(b, 32))
		return;
	b->len += (size_t)fixed_text(b->p + b->len, v, decimals, trim);
}

static void fixed_checked(struct outbuf *b, double v, int decimals, const char *nan_text, bool trim)
{
	if (!isfinite(v)) {
		ob_str(b, nan_text);
		return;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	if (fabs(v) >= 9e18 / pow10_tab[decimals]) {   /* too big for the integer path */
		size_t start = b->len;
		ob_printf_num(b, "%.*f", decimals, v);
		if (trim && !b->oom && memchr(b->p + start, '.', b->len - start)) {
			while (b->len > start + 1 && b->p[b->len - 1] == '0')
				b->len--;
			if (b->p[b->len - 1] == '.')
				b->len--;
		}
		return;
	}
	fixed(b, v, decimals, trim);
}

void ob_fixed(struct outbuf *b, double v, int decimals, const char *nan_text)
{
	fixed_checked(b, v, decimals, nan_text, false);
}

void ob_fixed_trimmed(struct outbuf *b, double v, int decimals, const char *nan_text)
{
	fixed_checked(b, v, decimals, nan_text, true);
}

int json_num_text(char out[JSON_NUM_MAX], double v)
{
	if (!isfinite(v)) {
		memcpy(out, "null", 4);
		return 4;
	}
	if (fabs(v) < 9e15) {
		if ((double)(int64_t)v == v) {   /* an integer, exactly */
			int64_t i = (int64_t)v;

			if (i < 0) {
				out[0] = '-';
				return 1 + u64_text(out + 1, (uint64_t)0 - (uint64_t)i);
			}
			return u64_text(out, (uint64_t)i);
		}
		/* up to 6 decimals, trailing zeros trimmed */
		return fixed_text(out, v, fabs(v) >= 1e6 ? 2 : 6, true);
	}
	/* beyond exact integers: the shortest form that reads back the same */
	char tmp[40];
	int n = 0;
	for (int prec = 15; prec <= 17; prec++) {
		n = snprintf(tmp, sizeof(tmp), "%.*g", prec, v);   /* at most 24 characters */
		if (strtod(tmp, NULL) == v)
			break;
	}
	if (n < 0 || n > JSON_NUM_MAX)   /* cannot happen: a double's %.17g is at most 24 */
		n = 0;
	memcpy(out, tmp, (size_t)n);
	return n;
}

void ob_json_num(struct outbuf *b, double v)
{
	if (b->cap - b->len < JSON_NUM_MAX && !ob_room(b, JSON_NUM_MAX))
		return;
	b->len += (size_t)json_num_text(b->p + b->len, v);
}

static void json_u00(struct outbuf *b, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };

	ob_mem(b, e, 6);
}

/* The n bytes at s into a JSON string, or whole: s is JSON text another writer made (json-c), whose
 * quotes, backslashes and C0 controls inside strings are escaped already and whose bytes from 0x7f
 * up are all inside strings. Either way no byte a terminal would act on passes: C0 controls and DEL
 * become \u0000..\u001f and \u007f, C1 controls (U+0080..U+009F, two bytes in UTF-8) \u0080..\u009f,
 * and each byte of invalid UTF-8 the five characters \\xNN: the string then holds \xNN, what
 * base/printable.h shows for that byte in text and CSV output, and the JSON is valid UTF-8. A backslash
 * of s (not whole) is \\\\, the string holding \\ as base/printable writes it: so \xNN in a string
 * is only ever a byte's escape and two different names are never the same string. */
static void json_put(struct outbuf *b, const char *s, size_t n, bool whole)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		const unsigned char *r = p;
		size_t k;

		if (whole)   /* its C0 bytes are the pretty printer's newlines, outside strings */
			while (r < end && *r < 0x7f)
				r++;
		else
			while (r < end && *r >= 0x20 && *r < 0x7f && *r != '"' && *r != '\\')
				r++;
		ob_mem(b, (const char *)p, (size_t)(r - p));
		p = r;
		if (p == end)
			break;
		if (*p == '"') {
			ob_mem(b, "\\\"", 2);
			p++;
		} else if (*p == '\\') {   /* the string holds \\, as base/printable writes a backslash */
			ob_mem(b, "\\\\\\\\", 4);
			p++;
		} else if (*p < 0x80) {
			json_u00(b, *p++);
		} else if (p[0] == 0xc2 && end - p >= 2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			json_u00(b, p[1]);
			p += 2;
		} else if ((k = printable_char_len((const char *)p, (size_t)(end - p)))) {
			ob_mem(b, (const char *)p, k);
			p += k;
		} else {
			char e[5] = { '\\', '\\', 'x', hex[*p >> 4], hex[*p & 15] };
			ob_mem(b, e, 5);
			p++;
		}
	}
}

void ob_json_str(struct outbuf *b, const char *s)
{
	ob_char(b, '"');
	json_put(b, s, strlen(s), false);
	ob_char(b, '"');
}

void ob_json_text(struct outbuf *b, const char *json)
{
	json_put(b, json, strlen(json), true);
}

void json_fputs(FILE *f, const char *s)
{
	struct outbuf b;
	ob_init(&b, 64);
	ob_json_str(&b, s ? s : "");
	ob_flush(&b, f);
	ob_free(&b);
}

void ob_spill_out(struct outbuf *b)
{
	if (b->len && fwrite(b->p, 1, b->len, b->sink) != b->len)
		b->werr = 1;
	b->len = 0;
}

int ob_flush(struct outbuf *b, FILE *f)
{
	int r = b->werr ? -EIO : 0;

	b->werr = 0;
	if (b->len && fwrite(b->p, 1, b->len, f) != b->len)
		r = -EIO;
	if (fflush(f) != 0)
		r = -EIO;
	b->len = 0;
	return r;
}
