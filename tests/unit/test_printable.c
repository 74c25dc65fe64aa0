/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_printable.c: base/printable: what a terminal would act on is shown as \xNN, the rest passes. */
#include "t.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include <errno.h>

TEST(escapes)
{
	static const struct { const char *in, *out; } c[] = {
		{ "plain text", "plain text" },
		{ "a\x1b[2Jb", "a\\x1b[2Jb" },
		{ "tab\there\n", "tab\\x09here\\x0a" },
		{ "del\x7f", "del\\x7f" },
		{ "c1 \xc2\x9b" "31m", "c1 \\xc2\\x9b31m" },          /* U+009B as UTF-8 */
		{ "raw \x9b", "raw \\x9b" },                        /* a lone C1 byte */
		{ "caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac" }, /* valid UTF-8 passes */
		{ "nbsp\xc2\xa0", "nbsp\xc2\xa0" },
		{ "over\xc0\xaf", "over\\xc0\\xaf" },               /* overlong */
		{ "sur\xed\xa0\x80", "sur\\xed\\xa0\\x80" },        /* a surrogate */
		{ "cut\xe2\x82", "cut\\xe2\\x82" },                 /* truncated */
		{ "back\\slash", "back\\\\slash" },                 /* a backslash: \\, so that */
		{ "l\\x1b", "l\\\\x1b" },                           /* the text \x1b is not ESC's */
	};
	char buf[128];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		CHECK_EQ_STR(printable(buf, sizeof(buf), c[i].in), c[i].out);
	/* a short buffer cuts before an escape, never inside one */
	CHECK_EQ_STR(printable(buf, 6, "ab\x1b" "cd"), "ab");
	CHECK_EQ_STR(printable(buf, 4, "ab\xc3\xa9"), "ab");
	CHECK_EQ_STR(printable(buf, 4, "ab\\"), "ab");   /* the backslash's escape is whole or absent */
}

/* The inverse of the escaping as printable.h states it: \\ a backslash, \xNN the byte NN, every
 * other byte itself. Returns the length of the bytes in out, -1 when the text is not an escaping's
 * output (a lone backslash, a short escape, a byte that should have been escaped). */
static int unescape(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	while (*s) {
		unsigned v;

		if (n == cap)
			return -1;
		if (*s != '\\') {
			size_t k = printable_char_len(s, strlen(s));

			if (!k)
				return -1;
			while (k-- && n < cap)
				out[n++] = *s++;
			continue;
		}
		if (s[1] == '\\') {
			out[n++] = '\\';
			s += 2;
		} else if (s[1] == 'x' && sscanf(s + 2, "%2x", &v) == 1 && strspn(s + 2, "0123456789abcdef") >= 2) {
			out[n++] = (char)v;
			s += 4;
		} else {
			return -1;
		}
	}
	return (int)n;
}

struct cat { char *p; size_t n, cap; };

static void put_cat(void *ctx, const char *p, size_t len)
{
	struct cat *c = ctx;

	if (c->n + len < c->cap) {
		memcpy(c->p + c->n, p, len);
		c->n += len;
	}
	c->p[c->n] = 0;
}

/* Every string of up to 4 bytes from a hostile alphabet (the escapes' own characters, ESC, invalid
 * and partial UTF-8, C1, the separators) comes back from its escaped text byte for byte, so no two of
 * them are written the same (issue 37: d\xff and d\xfe were one label, l<ESC> and l\x1b one line);
 * with a separator, no field holds it. */
TEST(reversible_over_hostile_strings)
{
	static const char alpha[] = { '\\', 'x', '1', 'b', 'f', 0x1b, (char)0xff, (char)0xfe, (char)0xc2,
		(char)0x9b, (char)0xe2, (char)0x82, (char)0xac, ',', ';', '"', ' ', '\n', 0x7f };
	const size_t na = sizeof(alpha);
	char in[8], esc[64], back[64];
	long tried = 0, bad = 0;

	for (int len = 1; len <= 4; len++) {
		long total = 1;

		for (int i = 0; i < len; i++)
			total *= (long)na;
		for (long k = 0; k < total; k++) {
			long r = k;
			struct cat c = { esc, 0, sizeof(esc) };

			for (int i = 0; i < len; i++, r /= (long)na)
				in[i] = alpha[r % (long)na];
			in[len] = 0;
			for (int also = 0; also < 2; also++) {
				c.n = 0;
				printable_each_also(in, (size_t)len, also ? ",;" : NULL, put_cat, &c);
				tried++;
				if (unescape(esc, back, sizeof(back)) != len || memcmp(back, in, (size_t)len) ||
				    (also && strpbrk(esc, ",;")) ||
				    (!also && strcmp(printable(back, sizeof(back), in), esc))) {   /* the same text */
					if (!bad++)
						CHECK(0, "%d bytes %02x.. escaped as \"%s\" do not come back", len,
						      (unsigned char)in[0], esc);
				}
			}
		}
	}
	CHECK_EQ_INT(bad, 0);
	CHECK(tried > 200000, "%ld", tried);
	/* the pairs of the issue: different names, different text */
	CHECK(strcmp(printable(esc, sizeof(esc), "d\xff"), printable(back, sizeof(back), "d\xfe")) != 0, "%s", esc);
	CHECK(strcmp(printable(esc, sizeof(esc), "l\x1b"), printable(back, sizeof(back), "l\\x1b")) != 0, "%s", esc);
}

TEST(errmsg_is_printable)
{
	struct errmsg em;

	errmsg_set(&em, -EINVAL, "%s: no event", "x\x1b]0;t\a");
	CHECK_EQ_STR(em.text, "x\\x1b]0;t\\x07: no event");
}

int main(void)
{
	RUN(escapes);
	RUN(reversible_over_hostile_strings);
	RUN(errmsg_is_printable);
	T_DONE();
}
