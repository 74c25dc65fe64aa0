/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_out_json.c: the JSON frame's event objects, whose repeated numbers are copies of text
 * formatted once, are the text of the generic appenders (ob_json_num, ob_u64) field by field;
 * u64_text and json_num_text at their edges. */
#include "t.h"
#include "app/app.h"
#include "out/output.h"
#include "out/outbuf.h"
#include <errno.h>
#include <stdint.h>

/* An event's object as the generic appenders write it, field by field: the oracle. */
static void ref_obj(struct outbuf *b, const struct ev_val *v)
{
	ob_str(b, "{\"value\":");
	ob_json_num(b, v->state == EVS_OK ? v->value : NAN);
	if (v->state == EVS_UNSUPPORTED) {
		ob_str(b, ",\"counted\":false,\"supported\":false}");
		return;
	}
	ob_str(b, ",\"raw\":");
	ob_u64(b, v->raw);
	ob_str(b, ",\"enabled_ns\":");
	ob_u64(b, v->enabled);
	ob_str(b, ",\"running_ns\":");
	ob_u64(b, v->running);
	ob_str(b, ",\"running_pct\":");
	ob_json_num(b, isnan(v->pct) ? NAN : floor(v->pct * 100 + 0.5) / 100);
	ob_str(b, v->state == EVS_OK ? ",\"counted\":true}" : ",\"counted\":false}");
}

static struct ev_val val(uint64_t raw, uint64_t enabled, uint64_t running, double scale)
{
	struct ev_val v;

	model_set_value(&v, raw, enabled, running, scale);
	return v;
}

static struct ev_val rec(double value, uint64_t running, double pct, int state)
{
	struct ev_val v;

	model_set_recorded(&v, value, running, pct, state);
	return v;
}

/* One CPU, one event per case: each object of the frame against the oracle's. */
TEST(events_as_generic_appenders)
{
	struct ev_val cases[] = {
		val(123456789, 1000, 1000, 1),            /* unscaled, all the interval: value is raw */
		val(987654321, 1000, 1000, 1),            /* the same times as the one before */
		val(0, 1000, 1000, 1),                    /* zero counts */
		val(0, 0, 0, 1),                          /* never enabled: pct NAN, not counted */
		val(7, 2000, 0, 1),                       /* enabled, never ran */
		val(33492254, 91746696, 75746696, 1),     /* multiplexed: scaled, a fraction */
		val(91746847, 91746846, 91746846, 1e-6),  /* cpu-clock: msec */
		val(UINT64_MAX, UINT64_MAX, UINT64_MAX, 1),  /* past 9e15: exponent form, not raw's digits */
		val(9007199254740993ull, 5, 5, 1),        /* 2^53 + 1: its double is 2^53, not the count */
		val(8999999999999999ull, 5, 5, 1),        /* the last count below 9e15 */
		val(9000000000000000ull, 5, 5, 1),        /* 9e15 itself */
		val(5, 100, 101, 1),                      /* running past enabled (kernel rounding) */
		val(1, 3, 2, 1),                          /* pct 66.666...: rounded to cents */
		val(200, 1000, 999, 2.5),                 /* scaled by an alias */
		rec(-5.5, 10, 100, EVS_OK),               /* a recording's negative value */
		rec(INFINITY, 10, 100, EVS_OK),           /* and an infinite one: null */
		rec(NAN, 10, 50, EVS_OK),
		rec(42, 10, -3, EVS_OK),                  /* a negative percentage */
		rec(42, 10, 1e300, EVS_OK),               /* a percentage beyond the integers */
		rec(0, 0, NAN, EVS_UNSUPPORTED),
		rec(3, 10, 99.995, EVS_NOT_COUNTED),
	};
	enum { N = sizeof(cases) / sizeof(cases[0]) };
	static struct app a;
	int id = 0, sock = 0, core = 0;
	struct outbuf got, want;

	memset(&a, 0, sizeof(a));
	CHECK(model_init(&a.model, 1, &id, &sock, &core, 1, &sock, 4) == 0, "model_init");
	for (int e = 0; e < N; e++) {
		char name[16];

		snprintf(name, sizeof(name), "ev%d", e);
		model_add_event(&a.model, name, name, "cpu", "", 0, false);
	}
	CHECK(model_alloc_frame(&a.model) == 0, "model_alloc_frame");
	a.model.cur.online[0] = true;
	for (int e = 0; e < N; e++)
		a.model.cur.cpu[e] = cases[e];
	model_derive(&a.model);
	snprintf(a.source_label, sizeof(a.source_label), "test");
	ob_init(&got, 1);
	out_json_frame(&got, &a);
	ob_char(&got, '\0');
	CHECK(!got.oom, "oom");
	for (int e = 0; e < N && !got.oom; e++) {
		char key[24];
		const char *at;

		snprintf(key, sizeof(key), "\"ev%d\":", e);
		at = strstr(got.p, key);   /* the CPU's row comes first */
		ob_init(&want, 1);
		ref_obj(&want, &cases[e]);
		CHECK(at && strncmp(at + strlen(key), want.p, want.len) == 0, "event %d: %.200s, want %.*s", e,
		      at ? at + strlen(key) : "(absent)", (int)want.len, want.p);
		ob_free(&want);
	}
	ob_free(&got);
	model_free(&a.model);
}

/* 10^k, and UINT64_MAX + 1 (0) for k = 20 */
static uint64_t p10(uint64_t k)
{
	uint64_t v = 1;

	while (k--)
		v *= 10;
	return v;
}

/* The text functions at their edges: u64_text against printf, json_num_text (and ob_json_num
 * over it, from a one-byte buffer) against the texts the JSON writer has always given. */
TEST(text_at_edges)
{
	uint64_t u[] = { 0, 1, 9, 10, 99999999, 100000000, 4294967295ull, 9999999999999999ull,
			 10000000000000000ull, 9999999999999999999ull, 10000000000000000000ull, UINT64_MAX };
	static const struct { double v; const char *text; } d[] = {
		{ 0, "0" }, { -0.0, "0" }, { 1, "1" }, { -1, "-1" }, { 0.5, "0.5" }, { -2.25, "-2.25" },
		{ 1e-7, "0" }, { 4e-7, "0" }, { 0.1234565, "0.123457" }, { 66.666666666, "66.666667" },
		{ 999999.5, "999999.5" }, { 999999.9999995, "1000000" }, { 1e6, "1000000" },
		{ 1e6 + 0.005, "1000000.01" }, { 123456789.987654, "123456789.99" },
		{ 8999999999999999.0, "8999999999999999" }, { 9e15, "9e+15" }, { -9e15, "-9e+15" },
		{ (double)INT64_MIN, "-9.223372036854776e+18" }, { 1e300, "1e+300" },
		{ -1.7976931348623157e308, "-1.7976931348623157e+308" }, { 5e-324, "0" },
		{ NAN, "null" }, { INFINITY, "null" }, { -INFINITY, "null" },
	};
	char t[JSON_NUM_MAX + 8];

	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		char want[32];
		int n;

		memset(t, 'x', sizeof(t));
		n = u64_text(t, u[i]);
		snprintf(want, sizeof(want), "%llu", (unsigned long long)u[i]);
		CHECK(n == (int)strlen(want) && memcmp(t, want, (size_t)n) == 0 && t[n] == 'x', "%s: %.*s", want,
		      n > 0 && n <= 20 ? n : 0, t);
	}
	/* every width, its first and last value, and a million spread over the range */
	for (uint64_t x = 88172645463325252ull, i = 0; i < 1000000; i++) {
		char want[32];
		uint64_t v = i < 40 ? (i % 2 ? p10(i / 2) - 1 : p10(i / 2)) : (x ^= x << 13, x ^= x >> 7, x ^= x << 17) >> (i % 64);
		int n = u64_text(t, v);

		snprintf(want, sizeof(want), "%llu", (unsigned long long)v);
		if (n != (int)strlen(want) || memcmp(t, want, (size_t)n) != 0) {
			CHECK(0, "%s: %.*s", want, n > 0 && n <= 20 ? n : 0, t);
			break;
		}
	}
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		struct outbuf b;
		int n;

		memset(t, 'x', sizeof(t));
		n = json_num_text(t, d[i].v);
		CHECK(n == (int)strlen(d[i].text) && memcmp(t, d[i].text, (size_t)n) == 0 && t[n] == 'x',
		      "%.17g: %.*s, want %s", d[i].v, n > 0 && n <= JSON_NUM_MAX ? n : 0, t, d[i].text);
		ob_init(&b, 1);
		ob_str(&b, "=");
		ob_json_num(&b, d[i].v);
		ob_char(&b, '\0');
		CHECK(!b.oom && strcmp(b.p + 1, d[i].text) == 0, "ob_json_num %.17g: %s", d[i].v, b.p);
		ob_free(&b);
	}
}

/* A frame of 64 CPUs x 3 events as batch writes it, in parts of spill bytes to a stream, against
 * the same frame kept whole: JSON, CSV and perf's text. */
static char *frame_text(const struct app *a, int fmt, size_t spill, int *err)
{
	struct outbuf b;
	FILE *f = spill ? tmpfile() : NULL;
	char *out = NULL;
	long n;

	ob_init(&b, 16);
	if (spill) {
		b.sink = f;
		b.spill = spill;
	}
	if (fmt == 0)
		out_json_frame(&b, a);
	else if (fmt == 1)
		out_csv_frame(&b, a, ",");
	else
		out_text_frame(&b, a);
	if (!spill) {
		ob_char(&b, '\0');
		out = strdup(b.p);
		ob_free(&b);
		return out;
	}
	*err = ob_flush(&b, f);
	ob_free(&b);
	if (f && (n = ftell(f)) >= 0 && (out = calloc(1, (size_t)n + 1))) {
		rewind(f);
		if (fread(out, 1, (size_t)n, f) != (size_t)n)
			out[0] = '\0';
	}
	if (f)
		fclose(f);
	return out;
}

TEST(frame_in_parts)
{
	static struct app a;
	int ids[64], sock[64], err = 0;
	const char *evs[] = { "cycles", "instructions", "cpu-clock" };

	memset(&a, 0, sizeof(a));
	for (int c = 0; c < 64; c++)
		ids[c] = c, sock[c] = c / 32;
	CHECK(model_init(&a.model, 64, ids, sock, ids, 2, (int[]){ 0, 1 }, 4) == 0, "model_init");
	for (int e = 0; e < 3; e++)
		model_add_event(&a.model, evs[e], evs[e], e == 2 ? "software" : "cpu", e == 2 ? "msec" : "", 0, false);
	CHECK(model_alloc_frame(&a.model) == 0, "model_alloc_frame");
	for (int c = 0; c < 64; c++) {
		a.model.cur.online[c] = true;
		for (int e = 0; e < 3; e++)
			model_set_value(&a.model.cur.cpu[c * 3 + e], 1000003u * (unsigned)(c + 1) * (unsigned)(e + 1),
					100000000, c % 3 ? 100000000 : 75000000, e == 2 ? 1e-6 : 1);
	}
	a.model.cur.t = 1.5;
	a.model.cur.interval = 1;
	a.model.cur.seq = 1;
	model_derive(&a.model);
	snprintf(a.source_label, sizeof(a.source_label), "test");
	for (int fmt = 0; fmt < 3; fmt++) {
		char *whole = frame_text(&a, fmt, 0, &err);

		for (size_t spill = 1; spill <= 1 << 16; spill *= 16) {
			char *parts = frame_text(&a, fmt, spill, &err);

			CHECK(whole && parts && strcmp(whole, parts) == 0 && !err, "format %d, parts of %zu: %zu bytes, "
			      "whole %zu", fmt, spill, parts ? strlen(parts) : 0, whole ? strlen(whole) : 0);
			free(parts);
		}
		CHECK(whole && strlen(whole) > 10000, "a frame of %zu bytes", whole ? strlen(whole) : 0);
		free(whole);
	}
	model_free(&a.model);
}

/* A part that cannot be written is reported by the flush that ends the frame. */
TEST(spill_write_error)
{
	struct outbuf b;
	FILE *f = fopen("/dev/null", "r");   /* a stream that refuses writes */

	CHECK(f != NULL, "open");
	if (!f)
		return;
	ob_init(&b, 16);
	b.sink = f;
	b.spill = 4;
	ob_str(&b, "0123456789");
	ob_spill(&b);
	CHECK(b.len == 0 && b.werr, "len %zu werr %d", b.len, b.werr);
	CHECK(ob_flush(&b, f) == -EIO, "the flush reports it");
	CHECK(b.werr == 0, "and forgets it");
	ob_free(&b);
	fclose(f);
}

int main(void)
{
	RUN(events_as_generic_appenders);
	RUN(text_at_edges);
	RUN(frame_in_parts);
	RUN(spill_write_error);
	T_DONE();
}
