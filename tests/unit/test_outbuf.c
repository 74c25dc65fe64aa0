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

/* A value far past the integer path prints every digit, however small the buffer started:
 * the text of 1e300 with 9 decimals is 311 characters. */
TEST(fixed_huge_every_digit)
{
	double vals[] = { 1e60, -1e300, 1.7976931348623157e308, 1e25 };
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		for (int d = 0; d <= 9; d += 9) {
			char want[400];
			struct outbuf b;
			snprintf(want, sizeof(want), "%.*f", d, vals[i]);
			ob_init(&b, 4);
			ob_str(&b, "x=");
			ob_fixed(&b, vals[i], d, "nan");
			ob_char(&b, '\0');
			CHECK(!b.oom, "oom");
			CHECK(strncmp(b.p, "x=", 2) == 0 && strcmp(b.p + 2, want) == 0, "%g: %.40s... (%zu chars, want %zu)",
			      vals[i], b.p, strlen(b.p) - 2, strlen(want));
			ob_free(&b);
		}
}

TEST(json_num_huge_and_infinite)
{
	struct outbuf b;
	ob_init(&b, 1);
	ob_json_num(&b, 1e60);
	ob_char(&b, ' ');
	ob_json_num(&b, -1.5e20);
	ob_char(&b, ' ');
	ob_json_num(&b, 12345678.25);
	ob_char(&b, ' ');
	ob_json_num(&b, INFINITY);
	ob_char(&b, ' ');
	ob_json_num(&b, -INFINITY);
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "1e+60 -1.5e+20 12345678.25 null null");
	CHECK(atof(b.p) == 1e60, "reads back");
	ob_free(&b);
}

TEST(pad_left)
{
	struct outbuf b;
	ob_init(&b, 2);
	ob_str(&b, "ab");
	ob_str(&b, "123");
	ob_pad_left(&b, 2, 6);
	ob_str(&b, "|");
	ob_pad_left(&b, b.len, 0);            /* nothing to pad */
	ob_str(&b, "1234567");
	ob_pad_left(&b, b.len - 7, 3);        /* wider than the field: unchanged */
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "ab   123|1234567");
	ob_free(&b);
}

int main(void)
{
	RUN(fixed_huge_every_digit);
	RUN(json_num_huge_and_infinite);
	RUN(pad_left);
	RUN(fixed_matches_printf);
	RUN(u64_and_json);
	RUN(u64_every_width);
	T_DONE();
}
