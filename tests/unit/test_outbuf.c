/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_outbuf.c: the fast number and JSON string appenders agree with printf. */
#include "t.h"
#include "out/outbuf.h"
#include <json-c/json.h>
#include <stdbool.h>

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

/* The rounding the writers have always had (and recordings carry): half away from zero of
 * v * 10^d, as llround; a reference written with printf, for the hand-made formatter. */
static void ref_fixed(char *out, size_t n, double v, int d, int trim)
{
	static const double p10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	long long s = llround(fabs(v) * p10[d]), p = (long long)p10[d];
	int k = snprintf(out, n, "%s%lld", v < 0 ? "-" : "", s / p);
	if (d)
		k += snprintf(out + k, n - (size_t)k, ".%0*lld", d, s % p);
	while (trim && d && out[k - 1] == '0')
		out[--k] = '\0';
	if (trim && d && out[k - 1] == '.')
		out[--k] = '\0';
}

static const char *fmt_with(void (*f)(struct outbuf *, double, int, const char *), double v, int d)
{
	static char out[64];
	struct outbuf b;
	ob_init(&b, 1);
	f(&b, v, d, "nan");
	ob_char(&b, '\0');
	snprintf(out, sizeof(out), "%s", b.p);
	ob_free(&b);
	return out;
}

static const char *json_of(double v)
{
	static char out[64];
	struct outbuf b;
	ob_init(&b, 1);
	ob_json_num(&b, v);
	ob_char(&b, '\0');
	snprintf(out, sizeof(out), "%s", b.p);
	ob_free(&b);
	return out;
}

/* Boundaries: halves (.005 at two decimals, which binary makes a little over or under), zero
 * of both signs, negatives that round to zero, the JSON switch from 6 to 2 decimals at 1e6,
 * and 300,000 generated values, each the same text as the reference. */
TEST(fixed_rounding_as_before)
{
	char want[64];
	unsigned x = 7;
	int bad = 0;

	CHECK_EQ_STR(fmt_with(ob_fixed, 0.125, 2), "0.13");        /* exact half: away from zero */
	CHECK_EQ_STR(fmt_with(ob_fixed, -0.125, 2), "-0.13");
	CHECK_EQ_STR(fmt_with(ob_fixed, 1.005, 2), "1.00");        /* 1.00499999999999989... */
	CHECK_EQ_STR(fmt_with(ob_fixed, 1.015, 2), "1.01");        /* 101.49999999999999 */
	CHECK_EQ_STR(fmt_with(ob_fixed, 99.995, 2), "100.00");
	CHECK_EQ_STR(fmt_with(ob_fixed, -0.001, 2), "-0.00");
	CHECK_EQ_STR(fmt_with(ob_fixed, -0.0, 2), "0.00");
	CHECK_EQ_STR(fmt_with(ob_fixed, 0.5, 0), "1");
	CHECK_EQ_STR(fmt_with(ob_fixed, 0.49999999999999994, 0), "0");   /* x + 0.5 would give 1 */
	CHECK_EQ_STR(fmt_with(ob_fixed, 4503599627370495.5, 0), "4503599627370496");
	CHECK_EQ_STR(fmt_with(ob_fixed, 1.000000001, 9), "1.000000001");
	CHECK_EQ_STR(fmt_with(ob_fixed, INFINITY, 2), "nan");
	CHECK_EQ_STR(fmt_with(ob_fixed, -INFINITY, 2), "nan");
	CHECK_EQ_STR(fmt_with(ob_fixed_trimmed, 12.5, 6), "12.5");
	CHECK_EQ_STR(fmt_with(ob_fixed_trimmed, 12.0000001, 6), "12");
	CHECK_EQ_STR(fmt_with(ob_fixed_trimmed, 1e17, 2), "100000000000000000");
	CHECK_EQ_STR(json_of(-0.0), "0");
	CHECK_EQ_STR(json_of(0.1), "0.1");
	CHECK_EQ_STR(json_of(-0.0000004), "-0");
	CHECK_EQ_STR(json_of(999999.9999996), "1000000");
	CHECK_EQ_STR(json_of(1000000.125), "1000000.13");
	CHECK_EQ_STR(json_of(-1234567.891), "-1234567.89");
	CHECK_EQ_STR(json_of(8999999999999999.0), "8999999999999999");
	CHECK_EQ_STR(json_of(-9007199254740991.0), "-9007199254740991");
	for (int i = 0; i < 300000 && bad < 5; i++) {
		double v;
		int d;
		x = x * 1103515245u + 12345u;
		d = (int)(x >> 20) % 10;
		/* mantissas of up to 12 digits at every scale from 1e-9 to 1e9, either sign */
		v = (double)((x >> 4) % 1000000000000ull + (x & 15)) / pow(10, (int)(x >> 8) % 19 - 3 + 0.0);
		v = (x & 0x100) ? -v : v;
		if (fabs(v) * pow(10, d) >= 9e18)
			continue;
		ref_fixed(want, sizeof(want), v, d, 0);
		if (strcmp(fmt_with(ob_fixed, v, d), want) != 0) {
			CHECK(0, "%.17g with %d: %s, before %s", v, d, fmt_with(ob_fixed, v, d), want);
			bad++;
		}
		ref_fixed(want, sizeof(want), v, d, 1);   /* trimmed at every width (8 and less at once) */
		if (strcmp(fmt_with(ob_fixed_trimmed, v, d), want) != 0) {
			CHECK(0, "%.17g trimmed with %d: %s, before %s", v, d, fmt_with(ob_fixed_trimmed, v, d), want);
			bad++;
		}
		ref_fixed(want, sizeof(want), v, fabs(v) >= 1e6 ? 2 : 6, 1);
		if (fabs(v) < 9e15 && v != floor(v) && strcmp(json_of(v), want) != 0) {
			CHECK(0, "json %.17g: %s, before %s", v, json_of(v), want);
			bad++;
		}
	}
}

TEST(i64_extremes)
{
	struct outbuf b;
	ob_init(&b, 1);
	ob_i64(&b, INT64_MIN);
	ob_char(&b, ' ');
	ob_i64(&b, INT64_MAX);
	ob_char(&b, ' ');
	ob_u64(&b, 0);
	ob_char(&b, ' ');
	ob_i64(&b, -1);
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "-9223372036854775808 9223372036854775807 0 -1");
	ob_free(&b);
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
	CHECK_EQ_STR(b.p, "18446744073709551615 -42 2.5 3 null \"a\\\"b\\\\\\\\c\\u000a\"");   /* holds b\\c */
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

static char *json_escaped(const char *s, bool whole)
{
	struct outbuf b;
	char *out;

	ob_init(&b, 1);
	if (whole)
		ob_json_text(&b, s);
	else
		ob_json_str(&b, s);
	ob_char(&b, '\0');
	out = strdup(b.p);
	ob_free(&b);
	return out;
}

/* text parses as JSON with json-c's UTF-8 check on; the string it holds (or its "k" member) is copied to val. */
static bool json_valid(const char *text, char *val, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o, *k;
	bool ok;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	o = json_tokener_parse_ex(tok, text, (int)strlen(text));
	ok = o && json_tokener_get_error(tok) == json_tokener_success;
	if (!ok || !json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, "k", &k))
		k = o;
	if (ok)
		snprintf(val, len, "%s", json_object_get_string(k));
	json_object_put(o);   /* the document, k with it */
	json_tokener_free(tok);
	return ok;
}

/* No byte a terminal acts on leaves as it is: C0, DEL and C1 (U+0080..U+009F: c2 80..c2 9f) as
 * \u00NN, the string's value kept; invalid UTF-8 byte by byte as the text \xNN (printable.h's form). */
TEST(json_str_controls_and_bad_utf8)
{
	static const struct {
		const char *in, *want, *value;
	} cases[] = {
		{ "csi\xc2\x9b" "31m", "\"csi\\u009b31m\"", "csi\xc2\x9b" "31m" },
		{ "\xc2\x80\xc2\x9f|\xc2\xa0", "\"\\u0080\\u009f|\xc2\xa0\"", "\xc2\x80\xc2\x9f|\xc2\xa0" },
		{ "esc\x1b[2J\x7f", "\"esc\\u001b[2J\\u007f\"", "esc\x1b[2J\x7f" },
		{ "lone\x9b", "\"lone\\\\x9b\"", "lone\\x9b" },
		{ "ff\xff" "e\xc3", "\"ff\\\\xff" "e\\\\xc3\"", "ff\\xff" "e\\xc3" },
		{ "over\xc0\x80", "\"over\\\\xc0\\\\x80\"", "over\\xc0\\x80" },
		{ "surr\xed\xa0\x80", "\"surr\\\\xed\\\\xa0\\\\x80\"", "surr\\xed\\xa0\\x80" },
		{ "ok \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\"ok \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
		  "ok \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80" },
	};
	char val[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = json_escaped(cases[i].in, false), wrapped[256];

		CHECK_EQ_STR(got, cases[i].want);
		for (const unsigned char *p = (const unsigned char *)got; *p; p++)
			CHECK(*p >= 0x20 && *p != 0x7f && !(p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f),
			      "case %zu: raw byte %02x", i, *p);
		snprintf(wrapped, sizeof(wrapped), "{\"k\":%s}", got);
		CHECK(json_valid(wrapped, val, sizeof(val)), "case %zu: %s is not valid JSON", i, got);
		CHECK_EQ_STR(val, cases[i].value);
		free(got);
	}
}

/* json-c's text (--list-events --json): its C1 controls and invalid UTF-8 escaped inside strings, the
 * pretty printer's newlines and its own escapes left alone. */
TEST(json_text_from_json_c)
{
	struct json_object *o = json_object_new_object();
	char val[128];
	const char *text;
	char *got;

	json_object_object_add(o, "k", json_object_new_string("a\xc2\x9b" "b\x1b\"\\\xfe\x7f\xc3\xa9"));
	text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	CHECK(strstr(text, "\xc2\x9b") != NULL, "json-c escaped C1 itself: %s", text);
	got = json_escaped(text, true);
	CHECK(strchr(got, '\n') != NULL, "the newlines went: %s", got);
	CHECK(strstr(got, "a\\u009bb\\u001b\\\"\\\\\\\\xfe\\u007f\xc3\xa9") != NULL, "%s", got);
	CHECK(json_valid(got, val, sizeof(val)), "%s is not valid JSON", got);
	CHECK_EQ_STR(val, "a\xc2\x9b" "b\x1b\"\\\\xfe\x7f\xc3\xa9");
	free(got);
	json_object_put(o);
}

int main(void)
{
	RUN(fixed_huge_every_digit);
	RUN(json_num_huge_and_infinite);
	RUN(pad_left);
	RUN(fixed_matches_printf);
	RUN(u64_and_json);
	RUN(u64_every_width);
	RUN(fixed_rounding_as_before);
	RUN(i64_extremes);
	RUN(json_str_controls_and_bad_utf8);
	RUN(json_text_from_json_c);
	T_DONE();
}
