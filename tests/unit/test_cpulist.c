/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_cpulist.c: CPU list parsing and printing. */
#include <errno.h>
#include <time.h>

#include "t.h"
#include "hw/sys/cpulist.h"

TEST(parse_ranges)
{
	int *v = NULL;
	int n = cpulist_parse("0-3,8,10-11\n", &v);
	CHECK_EQ_INT(n, 7);
	if (n == 7) {
		CHECK_EQ_INT(v[0], 0);
		CHECK_EQ_INT(v[3], 3);
		CHECK_EQ_INT(v[4], 8);
		CHECK_EQ_INT(v[6], 11);
	}
	free(v);
}

TEST(parse_bad)
{
	int *v = NULL;
	CHECK_EQ_INT(cpulist_parse("3-1", &v), -22);
	CHECK_EQ_INT(cpulist_parse("a", &v), -22);
	CHECK_EQ_INT(cpulist_parse("1,,2", &v), -22);
	CHECK_EQ_INT(cpulist_parse("", &v), 0);
	CHECK(v == NULL, "empty list gives NULL");
}

TEST(format_roundtrip)
{
	int cpus[] = { 0, 1, 2, 3, 32, 33, 40 };
	char buf[64];
	CHECK_EQ_INT(cpulist_format(cpus, 7, buf, sizeof(buf)), 0);
	CHECK_EQ_STR(buf, "0-3,32-33,40");
	CHECK(cpulist_has(cpus, 7, 33), "33 is in the list");
	CHECK(!cpulist_has(cpus, 7, 34), "34 is not");
	CHECK_EQ_INT(cpulist_format(cpus, 7, buf, 4), -28);
}

TEST(parse_bounds)
{
	int *v = NULL;

	/* 65,536 CPUs at most; numbers of any length are refused, never wrapped */
	CHECK_EQ_INT(cpulist_parse("0-4294967295", &v), -ERANGE);
	CHECK_EQ_INT(cpulist_parse("4294967296", &v), -ERANGE);
	CHECK_EQ_INT(cpulist_parse("0-99999999999999999999999", &v), -ERANGE);
	CHECK_EQ_INT(cpulist_parse("65536", &v), -ERANGE);
	CHECK(v == NULL, "nothing allocated");
	CHECK_EQ_INT(cpulist_parse("65535", &v), 1);
	CHECK_EQ_INT(v[0], 65535);
	free(v);
}

/* A list repeating a full range: its cost follows the text, not ranges x CPUs (the old parser expanded
 * every range before de-duplicating: 64 KB of text made 500 million entries). */
TEST(parse_repeated_ranges_linear)
{
	const char *unit = "0-65535,";
	size_t reps = 8192, ulen = strlen(unit);
	char *text = malloc(reps * ulen + 1);
	int *v = NULL, n;
	clock_t t0;

	for (size_t i = 0; i < reps; i++)
		memcpy(text + i * ulen, unit, ulen);
	text[reps * ulen - 1] = 0;      /* no trailing comma */
	t0 = clock();
	n = cpulist_parse(text, &v);
	CHECK_EQ_INT(n, 65536);
	CHECK(n == 65536 && v[0] == 0 && v[65535] == 65535, "ends");
	/* generous: the work is 64 KB of text and 65,536 entries */
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 1.0, "took %.2f s", (double)(clock() - t0) / CLOCKS_PER_SEC);
	free(v);
	CHECK_EQ_INT(cpulist_rank(text, 4242), 4242);
	free(text);
}

TEST(rank)
{
	CHECK_EQ_INT(cpulist_rank("0-3,8,10-11", 0), 0);
	CHECK_EQ_INT(cpulist_rank("0-3,8,10-11", 8), 4);
	CHECK_EQ_INT(cpulist_rank("10-11,0-3,8", 11), 6);
	CHECK_EQ_INT(cpulist_rank("2,66", 66), 1);
	CHECK_EQ_INT(cpulist_rank("0-3", 5), -ENOENT);
	CHECK_EQ_INT(cpulist_rank("", 0), -ENOENT);
	CHECK_EQ_INT(cpulist_rank("1-", 1), -EINVAL);
	CHECK_EQ_INT(cpulist_rank("0,2-3,2-3,1", 3), 3);
}

/* Where each CPU of a file's list is: every CPU online, some offline, another order, absent. */
TEST(index_of)
{
	static const int all[] = { 0, 1, 2, 3 }, gaps[] = { 0, 2, 5, 9, 11 }, other[] = { 3, 1, 2, 0 };
	int big[4096];

	for (int i = 0; i < 4; i++)
		CHECK_EQ_INT(cpulist_index(all, 4, i), i);
	CHECK_EQ_INT(cpulist_index(gaps, 5, 2), 1);
	CHECK_EQ_INT(cpulist_index(gaps, 5, 9), 3);
	CHECK_EQ_INT(cpulist_index(gaps, 5, 11), 4);
	CHECK_EQ_INT(cpulist_index(gaps, 5, 4), -1);
	CHECK_EQ_INT(cpulist_index(gaps, 5, -1), -1);
	CHECK_EQ_INT(cpulist_index(other, 4, 3), 0);
	CHECK_EQ_INT(cpulist_index(other, 4, 0), 3);
	CHECK_EQ_INT(cpulist_index(other, 4, 7), -1);
	CHECK_EQ_INT(cpulist_index(NULL, 0, 0), -1);
	for (int i = 0; i < 4096; i++)   /* CPU 100 offline: the rest one place down */
		big[i] = i < 100 ? i : i + 1;
	CHECK_EQ_INT(cpulist_index(big, 4096, 4096), 4095);
	CHECK_EQ_INT(cpulist_index(big, 4096, 101), 100);
	CHECK_EQ_INT(cpulist_index(big, 4096, 100), -1);
}

int main(void)
{
	RUN(parse_ranges);
	RUN(parse_bad);
	RUN(format_roundtrip);
	RUN(parse_bounds);
	RUN(parse_repeated_ranges_linear);
	RUN(rank);
	RUN(index_of);
	T_DONE();
}
