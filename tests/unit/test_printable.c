/* SPDX-License-Identifier: GPL-2.0-or-later */
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
	};
	char buf[128];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		CHECK_EQ_STR(printable(buf, sizeof(buf), c[i].in), c[i].out);
	/* a short buffer cuts before an escape, never inside one */
	CHECK_EQ_STR(printable(buf, 6, "ab\x1b" "cd"), "ab");
	CHECK_EQ_STR(printable(buf, 4, "ab\xc3\xa9"), "ab");
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
	RUN(errmsg_is_printable);
	T_DONE();
}
