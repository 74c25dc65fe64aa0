/* test_outbuf.c: the fast number and JSON string appenders agree with printf. */
#include "t.h"
#include "out/outbuf.h"

static const char *fmt_fixed(double v, int d)
{
	static char out[64];
	struct outbuf b;
	ob_init(&b, 4);
	ob_fixed(&b, v, d, "nan");
	ob_char(&b, '\0');
	snprintf(out, sizeof(out), "%s", b.p);
	ob_free(&b);
	return out;
}

TEST(fixed_matches_printf)
{
	double vals[] = { 0, 1, 0.5, 1023.539561, 123456789.987654, -2.25, 1e-7, 99.995, 50.03, 1e17 };
	char want[64];
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		for (int d = 0; d <= 9; d += 3) {
			snprintf(want, sizeof(want), "%.*f", d, vals[i]);
			/* printf rounds half to even on binary values; allow the last digit to differ by one ulp of print */
			const char *got = fmt_fixed(vals[i], d);
			CHECK(strcmp(got, want) == 0 || fabs(atof(got) - atof(want)) <= pow(10, -d) * 1.01,
			      "%g with %d decimals: %s vs printf %s", vals[i], d, got, want);
		}
	CHECK_EQ_STR(fmt_fixed(NAN, 2), "nan");
}

TEST(u64_and_json)
{
	struct outbuf b;
	ob_init(&b, 1);
	ob_u64(&b, 18446744073709551615ULL);
	ob_char(&b, ' ');
	ob_i64(&b, -42);
	ob_char(&b, ' ');
	ob_json_num(&b, 2.5);
	ob_char(&b, ' ');
	ob_json_num(&b, 3);
	ob_char(&b, ' ');
	ob_json_num(&b, NAN);
	ob_char(&b, ' ');
	ob_json_str(&b, "a\"b\\c\n");
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "18446744073709551615 -42 2.5 3 null \"a\\\"b\\\\c\\u000a\"");
	ob_free(&b);
}

TEST(u64_every_width)
{
	uint64_t v = 1;
	char want[32];
	for (int digits = 1; digits <= 20; digits++) {
		uint64_t cases[3] = { v, v * 10 - 1 > v ? v * 10 - 1 : UINT64_MAX, v + 7 };
		for (int k = 0; k < 3; k++) {
			struct outbuf b;
			ob_init(&b, 2);
			ob_u64(&b, cases[k]);
			ob_char(&b, '\0');
			snprintf(want, sizeof(want), "%llu", (unsigned long long)cases[k]);
			CHECK_EQ_STR(b.p, want);
			ob_free(&b);
		}
		if (digits < 20)
			v *= 10;
	}
}

int main(void)
{
	RUN(fixed_matches_printf);
	RUN(u64_and_json);
	RUN(u64_every_width);
	T_DONE();
}
