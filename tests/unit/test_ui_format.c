/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_format.c: UI number formatting, event cells, multiplexing marks, folding sums. */
#include "t.h"
#include "hw/model/model.h"
#include "ui/widgets/format.h"
#include "ui/views/rdt.h"

static const char *cnt(double v)
{
	static char b[32];
	ui_fmt_count(v, b, sizeof(b));
	return b;
}

TEST(count_units)
{
	CHECK_EQ_STR(cnt(0), "0");
	CHECK_EQ_STR(cnt(7), "7");
	CHECK_EQ_STR(cnt(999), "999");
	CHECK_EQ_STR(cnt(1000), "1.00K");
	CHECK_EQ_STR(cnt(12345), "12.3K");
	CHECK_EQ_STR(cnt(123456), "123K");
	CHECK_EQ_STR(cnt(4.56e9), "4.56G");
	CHECK_EQ_STR(cnt(2.5e12), "2.50T");
	CHECK_EQ_STR(cnt(3.25), "3.25");
}

TEST(count_rounding_moves_up_a_unit)
{
	/* 999.6 would print as "1000": it must become 1.00K, and 999.96K 1.00M */
	CHECK_EQ_STR(cnt(999.6), "1.00K");
	CHECK_EQ_STR(cnt(999960), "1.00M");
	CHECK_EQ_STR(cnt(99.96e3), "100K");
	CHECK_EQ_STR(cnt(9.996e6), "10.0M");
}

TEST(count_fits_five_columns)
{
	for (double v = 1; v < 1e18; v *= 1.37)
		CHECK(strlen(cnt(v)) <= 5, "%g gives %s", v, cnt(v));
	/* past the last suffix (a recording's sum of many CPUs near 2^64): exponent form */
	for (double v = 1e21; v < 1e99; v *= 9.1)
		CHECK(strlen(cnt(v)) <= 5 && atof(cnt(v)) > 0, "%g gives %s", v, cnt(v));
	CHECK_EQ_STR(cnt(1.2e24), "1e+24");
}

TEST(missing_is_dash_never_zero)
{
	struct ev_val v = { 0 };
	char b[16];

	CHECK_EQ_STR(cnt(NAN), "-");
	v.state = EVS_ABSENT;
	ui_fmt_val(&v, b, sizeof(b));
	CHECK_EQ_STR(b, "-");
	v.state = EVS_UNSUPPORTED;
	ui_fmt_val(&v, b, sizeof(b));
	CHECK_EQ_STR(b, "n/a");
	v.state = EVS_NOT_COUNTED;
	v.value = NAN;
	ui_fmt_val(&v, b, sizeof(b));
	CHECK_EQ_STR(b, "!nc");
	v.state = EVS_OK;
	v.value = 1.5e6;
	ui_fmt_val(&v, b, sizeof(b));
	CHECK_EQ_STR(b, "1.50M");
	ui_fmt_fixed(NAN, 2, b, sizeof(b));
	CHECK_EQ_STR(b, "-");
	ui_fmt_fixed(1.234, 2, b, sizeof(b));
	CHECK_EQ_STR(b, "1.23");
}

TEST(fixed_matches_printf)
{
	/* the hand-made formatting prints what printf does (away from exact halves) */
	char a[48], b[48];
	double v = 0.000123;

	for (int i = 0; i < 400; i++, v *= 1.1113) {
		for (int prec = 0; prec <= 3; prec++) {
			ui_fmt_fixed(v, prec, a, sizeof(a));
			snprintf(b, sizeof(b), "%.*f", prec, v);
			CHECK_EQ_STR(a, b);
			ui_fmt_fixed(-v, prec, a, sizeof(a));
			snprintf(b, sizeof(b), "%.*f", prec, -v);
			if (strcmp(b, "-0") && strcmp(b, "-0.0") && strcmp(b, "-0.00") && strcmp(b, "-0.000"))
				CHECK_EQ_STR(a, b);
		}
	}
	/* a small buffer is cut, never overrun */
	ui_fmt_fixed(123456.789, 2, a, 5);
	CHECK_EQ_STR(a, "1234");
}

TEST(elapsed)
{
	char b[16];

	ui_fmt_elapsed(5, b, sizeof(b));
	CHECK_EQ_STR(b, "5s");
	ui_fmt_elapsed(184, b, sizeof(b));
	CHECK_EQ_STR(b, "3m04s");
	ui_fmt_elapsed(7500, b, sizeof(b));
	CHECK_EQ_STR(b, "2h05m");
	ui_fmt_elapsed(3 * 86400 + 4 * 3600, b, sizeof(b));
	CHECK_EQ_STR(b, "3d04h");
	/* a recording's timestamp far past LONG_MAX: clamped, never a negative or undefined cast */
	ui_fmt_elapsed(1e25, b, sizeof(b));
	CHECK(b[0] >= '1' && b[0] <= '9' && strchr(b, 'd'), "1e25 s gives %s", b);
}

static void setv(struct ev_val *v, int state, double pct)
{
	v->state = (uint8_t)state;
	v->pct = pct;
	v->value = state == EVS_OK ? 1000 : NAN;
}

TEST(mux_least_fraction)
{
	struct ev_val row[4];
	struct ui_mux mx;
	char b[16];

	memset(row, 0, sizeof(row));
	setv(&row[0], EVS_OK, 100);
	setv(&row[1], EVS_OK, 63.7);
	setv(&row[2], EVS_OK, 80);
	setv(&row[3], EVS_UNSUPPORTED, NAN);
	mx = ui_mux_of(row, NULL, 4);
	CHECK_EQ_INT(mx.kind, UI_MUX_EST);
	CHECK_NEAR(mx.pct, 63.7, 1e-9);
	ui_mux_text(mx, b, sizeof(b));
	CHECK_EQ_STR(b, "~63%");

	/* an estimate never reads as full */
	setv(&row[1], EVS_OK, 99.9);
	setv(&row[2], EVS_OK, 100);
	mx = ui_mux_of(row, NULL, 4);
	ui_mux_text(mx, b, sizeof(b));
	CHECK_EQ_STR(b, "~99%");

	setv(&row[1], EVS_OK, 100);
	mx = ui_mux_of(row, NULL, 4);
	CHECK_EQ_INT(mx.kind, UI_MUX_FULL);
	ui_mux_text(mx, b, sizeof(b));
	CHECK_EQ_STR(b, "full");

	setv(&row[2], EVS_NOT_COUNTED, 0);
	mx = ui_mux_of(row, NULL, 4);
	CHECK_EQ_INT(mx.kind, UI_MUX_NC);
	ui_mux_text(mx, b, sizeof(b));
	CHECK_EQ_STR(b, "!nc");
}

TEST(mux_mask_and_nothing_counted)
{
	struct ev_val row[2];
	bool use[2] = { true, false };
	struct ui_mux mx;
	char b[16];

	memset(row, 0, sizeof(row));
	setv(&row[0], EVS_UNSUPPORTED, NAN);
	setv(&row[1], EVS_OK, 20);     /* masked out (an uncore event) */
	mx = ui_mux_of(row, use, 2);
	CHECK_EQ_INT(mx.kind, UI_MUX_NONE);
	ui_mux_text(mx, b, sizeof(b));
	CHECK_EQ_STR(b, "-");
}

TEST(fold_sum_matches_model_rules)
{
	struct ev_val a = { 0 }, b = { 0 }, s = { 0 };

	model_set_value(&a, 100, 1000, 500, 1);   /* 200 estimated */
	model_set_value(&b, 300, 1000, 1000, 1);
	model_sum_into(&s, &a);
	model_sum_into(&s, &b);
	model_sum_finish(&s);
	CHECK_EQ_INT(s.state, EVS_OK);
	CHECK_NEAR(s.value, 500, 1e-9);
	CHECK_NEAR(s.pct, 75, 1e-9);

	/* absent siblings add nothing; unsupported alone stays without a value */
	memset(&s, 0, sizeof(s));
	memset(&a, 0, sizeof(a));
	a.state = EVS_UNSUPPORTED;
	model_sum_into(&s, &a);
	model_sum_finish(&s);
	CHECK_EQ_INT(s.state, EVS_UNSUPPORTED);
	CHECK(isnan(s.value), "unsupported sum has no value");
}

/* Every cell of a column in one unit: no "999" beside "1.00K". */
TEST(count_in_fixed_unit)
{
	char b[16];

	ui_fmt_count_in(999, 1, b, sizeof(b));
	CHECK_EQ_STR(b, "1.00K");
	ui_fmt_count_in(1000, 1, b, sizeof(b));
	CHECK_EQ_STR(b, "1.00K");
	ui_fmt_count_in(523, 1, b, sizeof(b));
	CHECK_EQ_STR(b, "0.52K");
	ui_fmt_count_in(12345678, 2, b, sizeof(b));
	CHECK_EQ_STR(b, "12.3M");
	ui_fmt_count_in(987e9, 3, b, sizeof(b));
	CHECK_EQ_STR(b, "987G");
	ui_fmt_count_in(42, 0, b, sizeof(b));
	CHECK_EQ_STR(b, "42");
	ui_fmt_count_in(2.5, 0, b, sizeof(b));
	CHECK_EQ_STR(b, "2.50");
	ui_fmt_count_in(NAN, 1, b, sizeof(b));
	CHECK_EQ_STR(b, "-");
}

/* A column's unit goes up at once and down only with room to spare, so a value that moves
 * around 1000 keeps one unit across refreshes. */
TEST(unit_pick_is_stable)
{
	int u = ui_fmt_unit_pick(998, -1);

	CHECK_EQ_INT(u, 0);
	u = ui_fmt_unit_pick(1001, u);
	CHECK_EQ_INT(u, 1);
	u = ui_fmt_unit_pick(998, u);
	CHECK_EQ_INT(u, 1);
	u = ui_fmt_unit_pick(1003, u);
	CHECK_EQ_INT(u, 1);
	u = ui_fmt_unit_pick(400, u);
	CHECK_EQ_INT(u, 0);
	CHECK_EQ_INT(ui_fmt_unit_pick(5e9, -1), 3);
	CHECK_EQ_INT(ui_fmt_unit_pick(6e8, 3), 3);
	CHECK_EQ_INT(ui_fmt_unit_pick(4e8, 3), 2);
	CHECK_EQ_INT(ui_fmt_unit_pick(NAN, 2), 2);
}

/* Wrapping at spaces: every line within the width, no word split, every word kept in order;
 * the count says when the text needs more lines than were given. */
TEST(wrap_whole_words)
{
	const char *t = "no hardware PMU: /sys/bus/event_source/devices has no cpu PMU (virtual machine: the "
			"hypervisor exposes none); software events only";
	int st[8], ln[8], n;

	for (int w = 31; w <= 121; w += 9) {   /* from the longest word's length up */
		char joined[256] = "";
		n = ui_wrap(t, w, st, ln, 8);
		CHECK(n >= 1 && n <= 8, "w %d: %d lines", w, n);
		for (int k = 0; k < n && k < 8; k++) {
			CHECK(ln[k] <= w, "w %d line %d: %d columns", w, k, ln[k]);
			CHECK(t[st[k]] != ' ' && (st[k] + ln[k] == (int)strlen(t) || t[st[k] + ln[k]] == ' '),
			      "w %d line %d ends inside a word: \"%.*s\"", w, k, ln[k], t + st[k]);
			snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined), "%s%.*s", k ? " " : "",
				 ln[k], t + st[k]);
		}
		CHECK_EQ_STR(joined, t);
	}
	CHECK_EQ_INT(ui_wrap(t, 200, st, ln, 1), 1);
	CHECK(ui_wrap(t, 40, st, ln, 1) > 1, "needs more than one line at 40");
	/* a word longer than the width is cut there, alone on its line */
	n = ui_wrap("ab /sys/bus/event_source/devices cd", 10, st, ln, 8);
	CHECK(n == 5 && ln[0] == 2 && ln[1] == 10, "%d lines, %d %d", n, ln[0], ln[1]);
	CHECK_EQ_INT(ui_wrap("", 10, st, ln, 8), 0);
}

/* RDT figures keep their unit at any size (issue 37: an occupancy of 2^64-1 showed as "1844674407",
 * no unit, cut by its cell): within the L3OCC (7) and MBT/MBL (9) columns, the unit last, the value
 * read back within rounding, and past what E holds a ">999E" mark. */
TEST(rdt_amounts_keep_their_unit)
{
	static const char units[] = "KMGTPE";
	char b[64];
	double p = 1;

	ui_rdt_bytes(18446744073709551615.0, b, sizeof(b));
	CHECK_EQ_STR(b, "18.45E");
	ui_rdt_rate(18446744073709551615.0, b, sizeof(b));
	CHECK_EQ_STR(b, "18.45E/s");
	ui_rdt_bytes(2097152, b, sizeof(b));   /* as before: K whole, M one decimal, G two */
	CHECK_EQ_STR(b, "2.1M");
	ui_rdt_rate(0, b, sizeof(b));
	CHECK_EQ_STR(b, "0.0M/s");
	ui_rdt_bytes(1e21, b, sizeof(b));
	CHECK_EQ_STR(b, ">999E");
	ui_rdt_rate(INFINITY, b, sizeof(b));
	CHECK_EQ_STR(b, ">999E/s");
	ui_rdt_bytes(NAN, b, sizeof(b));
	CHECK_EQ_STR(b, "-");
	for (int k = 0; k < 21; k++, p *= 10) {
		static const double m[] = { 1, 2.5, 9.994, 9.996, 99.94, 99.96, 999.4, 999.6, 999.996 };

		for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
			double v = m[i] * p, back;
			char *end;
			const char *u;

			for (int rate = 0; rate < 2; rate++) {
				size_t n;

				(rate ? ui_rdt_rate : ui_rdt_bytes)(v, b, sizeof(b));
				n = strlen(b) - (rate ? 2 : 0);
				CHECK(n <= 7 && (!rate || strcmp(b + n, "/s") == 0), "%g: \"%s\" too wide", v, b);
				if (v >= 999.995e18) {   /* past E: the mark */
					CHECK(strncmp(b, ">999E", 5) == 0, "%g: \"%s\"", v, b);
					continue;
				}
				back = strtod(b, &end);
				u = strchr(units, *end);
				CHECK(u && *end && end == b + n - 1, "%g: \"%s\" has no unit", v, b);
				if (u) {
					back *= pow(1000, (double)(u - units + 1));
					CHECK(fabs(back - v) <= 0.0051 * v + (rate ? 5e4 : 500), "%g read back as %g (%s)", v, back, b);
				}
			}
		}
	}
}

int main(void)
{
	RUN(wrap_whole_words);
	RUN(count_in_fixed_unit);
	RUN(unit_pick_is_stable);
	RUN(count_units);
	RUN(count_rounding_moves_up_a_unit);
	RUN(count_fits_five_columns);
	RUN(missing_is_dash_never_zero);
	RUN(fixed_matches_printf);
	RUN(elapsed);
	RUN(mux_least_fraction);
	RUN(mux_mask_and_nothing_counted);
	RUN(fold_sum_matches_model_rules);
	RUN(rdt_amounts_keep_their_unit);
	T_DONE();
}
