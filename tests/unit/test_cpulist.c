/* test_cpulist.c: CPU list parsing and printing. */
#include "t.h"
#include "hw/cpulist.h"

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

int main(void)
{
	RUN(parse_ranges);
	RUN(parse_bad);
	RUN(format_roundtrip);
	T_DONE();
}
