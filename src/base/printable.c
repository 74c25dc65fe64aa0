/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* printable.c: untrusted text shown without a byte a terminal would act on, and reversibly (printable.h). */
#include "printable.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid, printable UTF-8 character at s (n bytes left), 0 when it must be escaped. */
static size_t char_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	uint32_t cp, min;

	if (c >= 0x20 && c < 0x7f)
		return c != '\\';   /* a backslash is escaped too (\\): the text \xNN is then only ever an escape */
	if (c < 0xc2 || c > 0xf4)
		return 0;   /* C0, DEL, a lone continuation or C1 byte, overlong leads, beyond U+10FFFF */
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	min = len == 2 ? 0xa0 : len == 3 ? 0x800 : 0x10000;   /* below U+00A0 in two bytes: C1 */
	if (n < len)
		return 0;
	cp = c & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

size_t printable_char_len(const char *s, size_t n)
{
	return n ? char_len((const unsigned char *)s, n) : 0;
}

size_t printable_span(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && (k = char_len((const unsigned char *)s + i, n - i)))
		i += k;
	return i;
}

void printable_each_also(const char *s, size_t n, const char *also,
			 void (*put)(void *ctx, const char *p, size_t len), void *ctx)
{
	static const char hex[] = "0123456789abcdef";

	while (n) {
		size_t k = printable_span(s, n);

		if (also && *also)   /* the run ends at the first byte of also too */
			for (size_t i = 0; i < k; i++)
				if (strchr(also, s[i])) {
					k = i;
					break;
				}
		if (k)
			put(ctx, s, k);
		if (k < n) {
			unsigned char c = (unsigned char)s[k];
			char esc[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };

			if (c == '\\')
				put(ctx, "\\\\", 2);
			else
				put(ctx, esc, 4);
			k++;
		}
		s += k;
		n -= k;
	}
}

void printable_each(const char *s, size_t n, void (*put)(void *ctx, const char *p, size_t len), void *ctx)
{
	printable_each_also(s, n, NULL, put, ctx);
}

struct fill {
	char *dst;
	size_t len, used;
	bool full;
};

static void put_buf(void *ctx, const char *p, size_t len)
{
	struct fill *f = ctx;

	if (f->full)
		return;
	if (f->used + len >= f->len) {
		/* a run of plain text may be cut at a character; an escape is whole or absent */
		size_t room = f->len - 1 - f->used;

		if (len > 4 || p[0] != '\\')
			while (room && room < len && ((unsigned char)p[room] & 0xc0) == 0x80)
				room--;
		else
			room = 0;
		memcpy(f->dst + f->used, p, room);
		f->used += room;
		f->full = true;
		return;
	}
	memcpy(f->dst + f->used, p, len);
	f->used += len;
}

char *printable(char *dst, size_t len, const char *src)
{
	struct fill f = { dst, len, 0, false };

	printable_each(src, strlen(src), put_buf, &f);
	dst[f.used] = 0;
	return dst;
}

static void put_file(void *ctx, const char *p, size_t len)
{
	fwrite(p, 1, len, ctx);
}

void printable_fputs(const char *s, FILE *f)
{
	printable_each(s, strlen(s), put_file, f);
}

void printable_inplace(char *s, size_t len)
{
	size_t n = strlen(s);
	char *copy;

	if (printable_span(s, n) == n)
		return;
	copy = malloc(n + 1);
	if (!copy) {   /* no memory for the copy: every byte that is not plain ASCII becomes '?' */
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
				s[i] = '?';
		return;
	}
	memcpy(copy, s, n + 1);
	printable(s, len, copy);
	free(copy);
}

void printable_eprintf(const char *fmt, ...)
{
	char *text = NULL, *line, *nl;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	for (line = text; (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = 0;
		printable_fputs(line, stderr);
		fputc('\n', stderr);
	}
	printable_fputs(line, stderr);
	free(text);
}
