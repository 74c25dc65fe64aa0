/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_cpupat.c: the mapfile pattern subset (hw/sys/cpupat): what real rows use matches as regex would,
 * what is outside the subset is refused, and hostile nesting still answers. */
#include "t.h"
#include "hw/sys/cpupat.h"
#include <errno.h>
#include <string.h>

static int m(const char *pat, const char *text)
{
	static struct cpupat p;

	if (cpupat_compile(&p, pat, NULL) < 0)
		return -1;
	return cpupat_match(&p, text, strlen(text), true);
}

TEST(real_rows)
{
	CHECK_EQ_INT(m("GenuineIntel-6-8F", "GenuineIntel-6-8F"), 1);
	CHECK_EQ_INT(m("GenuineIntel-6-8F", "GenuineIntel-6-8E"), 0);
	CHECK_EQ_INT(m("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-BA"), 1);
	CHECK_EQ_INT(m("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-BB"), 0);
	CHECK_EQ_INT(m("AuthenticAMD-25-([245][[:xdigit:]]|[[:xdigit:]])", "AuthenticAMD-25-4F"), 1);
	CHECK_EQ_INT(m("AuthenticAMD-23-([12][0-9A-F]|0[0-9A-F])", "AuthenticAMD-23-31"), 0);
	CHECK_EQ_INT(m("0x00000000410fd4[0-9a-f]0", "0x00000000410fd490"), 1);
	CHECK_EQ_INT(m("^GenuineIntel-6-8F$", "GenuineIntel-6-8F"), 1);
	CHECK_EQ_INT(m("a+b?c*.", "aaacx"), 1);
	CHECK_EQ_INT(m("[^x]+", "abc"), 1);
	CHECK_EQ_INT(m("[^x]+", "axc"), 0);
	CHECK_EQ_INT(m("a\\.b", "a.b"), 1);
	CHECK_EQ_INT(m("a\\.b", "axb"), 0);
}

TEST(outside_the_subset)
{
	static const char *const bad[] = { "(|)(\\1\\1)*", "a{2}", "a**", "(a", "a)", "[a", "*a", "[[:nope:]]" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(m(bad[i], "a") == -1, "%s accepted", bad[i]);
}

TEST(hostile_nesting_answers)
{
	char text[200];

	memset(text, 'e', sizeof(text) - 1);
	text[sizeof(text) - 1] = 0;
	CHECK_EQ_INT(m("((((e*)*)*)*)*(e|ee)*x", text), 0);
	CHECK_EQ_INT(m("((((e*)*)*)*)*(e|ee)*", text), 1);
}

int main(void)
{
	RUN(real_rows);
	RUN(outside_the_subset);
	RUN(hostile_nesting_answers);
	T_DONE();
}
