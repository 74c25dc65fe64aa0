/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_out_json.c: the JSON writer's frames and event objects (whose repeated numbers are copies of
 * text formatted once) against JSON written out by hand; u64_text and json_num_text at their edges. */
#include "t.h"
#include "app/app.h"
#include "out/output.h"
#include "out/outbuf.h"
#include <errno.h>
#include <stdint.h>

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

/* One CPU, one event per case: each event's object of the frame is the text written here, worked
 * out by hand from the case (not by the appenders the writer uses: a bug in both would agree). */
TEST(events_as_literal_text)
{
	static const char *const ok = ",\"counted\":true}", *const nc = ",\"counted\":false}";
	struct { struct ev_val v; const char *want, *end; } cases[] = {
		/* unscaled, all the interval: value is raw */
		{ val(123456789, 1000, 1000, 1),
		  "{\"value\":123456789,\"raw\":123456789,\"enabled_ns\":1000,\"running_ns\":1000,\"running_pct\":100", ok },
		/* the same times as the one before */
		{ val(987654321, 1000, 1000, 1),
		  "{\"value\":987654321,\"raw\":987654321,\"enabled_ns\":1000,\"running_ns\":1000,\"running_pct\":100", ok },
		{ val(0, 1000, 1000, 1),   /* zero counts */
		  "{\"value\":0,\"raw\":0,\"enabled_ns\":1000,\"running_ns\":1000,\"running_pct\":100", ok },
		{ val(0, 0, 0, 1),   /* never enabled: pct unknown, not counted */
		  "{\"value\":null,\"raw\":0,\"enabled_ns\":0,\"running_ns\":0,\"running_pct\":null", nc },
		{ val(7, 2000, 0, 1),   /* enabled, never ran */
		  "{\"value\":null,\"raw\":7,\"enabled_ns\":2000,\"running_ns\":0,\"running_pct\":0", nc },
		/* multiplexed: 33492254 x 91746696 / 75746696 = 40566834.045..., 82.5606...% */
		{ val(33492254, 91746696, 75746696, 1),
		  "{\"value\":40566834.05,\"raw\":33492254,\"enabled_ns\":91746696,\"running_ns\":75746696,"
		  "\"running_pct\":82.56", ok },
		/* cpu-clock: msec */
		{ val(91746847, 91746846, 91746846, 1e-6),
		  "{\"value\":91.746847,\"raw\":91746847,\"enabled_ns\":91746846,\"running_ns\":91746846,"
		  "\"running_pct\":100", ok },
		/* past 9e15: the value in exponent form (2^64 as a double), raw with every digit */
		{ val(UINT64_MAX, UINT64_MAX, UINT64_MAX, 1),
		  "{\"value\":1.8446744073709552e+19,\"raw\":18446744073709551615,\"enabled_ns\":18446744073709551615,"
		  "\"running_ns\":18446744073709551615,\"running_pct\":100", ok },
		/* 2^53 + 1: its double is 2^53, not the count (16 digits: %.16g writes no exponent) */
		{ val(9007199254740993ull, 5, 5, 1),
		  "{\"value\":9007199254740992,\"raw\":9007199254740993,\"enabled_ns\":5,\"running_ns\":5,"
		  "\"running_pct\":100", ok },
		/* the last count below 9e15, and 9e15 itself */
		{ val(8999999999999999ull, 5, 5, 1),
		  "{\"value\":8999999999999999,\"raw\":8999999999999999,\"enabled_ns\":5,\"running_ns\":5,"
		  "\"running_pct\":100", ok },
		{ val(9000000000000000ull, 5, 5, 1),
		  "{\"value\":9e+15,\"raw\":9000000000000000,\"enabled_ns\":5,\"running_ns\":5,\"running_pct\":100", ok },
		/* running past enabled (kernel rounding): not scaled below raw */
		{ val(5, 100, 101, 1),
		  "{\"value\":5,\"raw\":5,\"enabled_ns\":100,\"running_ns\":101,\"running_pct\":101", ok },
		/* 2 of 3 ns: value 1.5, pct 66.666... rounded to cents */
		{ val(1, 3, 2, 1),
		  "{\"value\":1.5,\"raw\":1,\"enabled_ns\":3,\"running_ns\":2,\"running_pct\":66.67", ok },
		/* scaled by an alias: 200 x 1000 / 999 x 2.5 = 500.5005005... */
		{ val(200, 1000, 999, 2.5),
		  "{\"value\":500.500501,\"raw\":200,\"enabled_ns\":1000,\"running_ns\":999,\"running_pct\":99.9", ok },
		/* a recording's negative value: no raw count below 0 */
		{ rec(-5.5, 10, 100, EVS_OK),
		  "{\"value\":-5.5,\"raw\":0,\"enabled_ns\":10,\"running_ns\":10,\"running_pct\":100", ok },
		/* an infinite one: null, the raw count saturated */
		{ rec(INFINITY, 10, 100, EVS_OK),
		  "{\"value\":null,\"raw\":18446744073709551615,\"enabled_ns\":10,\"running_ns\":10,\"running_pct\":100", ok },
		/* NaN at 50%: enabled twice running */
		{ rec(NAN, 10, 50, EVS_OK),
		  "{\"value\":null,\"raw\":0,\"enabled_ns\":20,\"running_ns\":10,\"running_pct\":50", ok },
		/* a negative percentage, and one beyond the integers */
		{ rec(42, 10, -3, EVS_OK),
		  "{\"value\":42,\"raw\":0,\"enabled_ns\":10,\"running_ns\":10,\"running_pct\":-3", ok },
		{ rec(42, 10, 1e300, EVS_OK),
		  "{\"value\":42,\"raw\":42,\"enabled_ns\":0,\"running_ns\":10,\"running_pct\":1e+300", ok },
		{ rec(0, 0, NAN, EVS_UNSUPPORTED), "{\"value\":null,\"counted\":false,\"supported\":false}", "" },
		/* not counted: no value, no raw count; 99.995% rounds to 100 */
		{ rec(3, 10, 99.995, EVS_NOT_COUNTED),
		  "{\"value\":null,\"raw\":0,\"enabled_ns\":0,\"running_ns\":10,\"running_pct\":100", nc },
		/* groups multiplexed over one enabled time: a group's running time and percentage are
		 * formatted once and copied, another group's (or a group counted all along) in between
		 * must not be taken for it */
		{ val(100, 3000, 1000, 1),
		  "{\"value\":300,\"raw\":100,\"enabled_ns\":3000,\"running_ns\":1000,\"running_pct\":33.33", ok },
		{ val(200, 3000, 1000, 1),
		  "{\"value\":600,\"raw\":200,\"enabled_ns\":3000,\"running_ns\":1000,\"running_pct\":33.33", ok },
		{ val(300, 3000, 2000, 1),
		  "{\"value\":450,\"raw\":300,\"enabled_ns\":3000,\"running_ns\":2000,\"running_pct\":66.67", ok },
		{ val(500, 3000, 3000, 1),
		  "{\"value\":500,\"raw\":500,\"enabled_ns\":3000,\"running_ns\":3000,\"running_pct\":100", ok },
		{ val(400, 3000, 1000, 1),
		  "{\"value\":1200,\"raw\":400,\"enabled_ns\":3000,\"running_ns\":1000,\"running_pct\":33.33", ok },
		/* a recording's own percentage */
		{ rec(8, 1000, 50, EVS_OK),
		  "{\"value\":8,\"raw\":4,\"enabled_ns\":2000,\"running_ns\":1000,\"running_pct\":50", ok },
		{ val(50, 4000, 1000, 1),
		  "{\"value\":200,\"raw\":50,\"enabled_ns\":4000,\"running_ns\":1000,\"running_pct\":25", ok },
		{ val(60, 4000, 1004, 1),
		  "{\"value\":239.043825,\"raw\":60,\"enabled_ns\":4000,\"running_ns\":1004,\"running_pct\":25.1", ok },
	};
	enum { N = sizeof(cases) / sizeof(cases[0]) };
	static struct app a;
	int id = 0, sock = 0, core = 0;
	struct outbuf got;

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
		a.model.cur.cpu[e] = cases[e].v;
	model_derive(&a.model);
	snprintf(a.source_label, sizeof(a.source_label), "test");
	ob_init(&got, 1);
	out_json_frame(&got, &a);
	ob_char(&got, '\0');
	CHECK(!got.oom, "oom");
	for (int e = 0; e < N && !got.oom; e++) {
		char key[24], want[400];
		const char *at;

		snprintf(key, sizeof(key), "\"ev%d\":", e);
		snprintf(want, sizeof(want), "%s%s", cases[e].want, cases[e].end);
		at = strstr(got.p, key);   /* the CPU's row comes first */
		CHECK(at && strncmp(at + strlen(key), want, strlen(want)) == 0, "event %d: %.200s, want %s", e,
		      at ? at + strlen(key) : "(absent)", want);
	}
	ob_free(&got);
	model_free(&a.model);
}

/* The whole line of a frame, against text written by hand. */
static void check_frame(const struct app *a, const char *want)
{
	struct outbuf got;
	size_t n = strlen(want), i = 0;

	ob_init(&got, 1);
	out_json_frame(&got, a);
	ob_char(&got, '\0');
	CHECK(!got.oom, "oom");
	while (!got.oom && i < n && got.p[i] == want[i])
		i++;
	CHECK(!got.oom && strcmp(got.p, want) == 0, "differs at byte %zu:\n     got  ...%.160s\n     want ...%.160s", i,
	      got.oom ? "" : got.p + (i > 40 ? i - 40 : 0), want + (i > 40 ? i - 40 : 0));
	ob_free(&got);
}

/* Two CPUs of one socket: counted, multiplexed, not counted and unsupported values, the socket and
 * system sums, the metrics where their inputs counted, and a key and source needing escapes. */
TEST(frame_with_sums_and_escapes)
{
	static struct app a;
	struct ev_val *c0, *c1;

	memset(&a, 0, sizeof(a));
	CHECK(model_init(&a.model, 2, (int[]){ 0, 1 }, (int[]){ 0, 0 }, (int[]){ 0, 1 }, 1, (int[]){ 0 }, 4) == 0,
	      "model_init");
	model_add_event(&a.model, "cycles", "cycles", "cpu", "", 0, false);
	model_add_event(&a.model, "instructions", "instructions", "cpu", "", 0, false);
	model_add_event(&a.model, "odd\"na\\me\t", "odd\"na\\me\t", "cpu", "", 1, false);
	CHECK(model_alloc_frame(&a.model) == 0, "model_alloc_frame");
	a.model.cur.online[0] = a.model.cur.online[1] = true;
	c0 = &a.model.cur.cpu[0];
	c1 = &a.model.cur.cpu[3];
	c0[0] = val(2000000000, 1000000000, 1000000000, 1);
	c0[1] = val(3000000000u, 1000000000, 1000000000, 1);
	c0[2] = val(5, 1000000000, 500000000, 1);            /* half the time: 10 */
	c1[0] = val(0, 1000000000, 0, 1);                    /* enabled, never ran */
	c1[1] = val(7, 1000000000, 1000000000, 1);
	c1[2] = rec(0, 0, NAN, EVS_UNSUPPORTED);
	a.model.cur.t = 1.5;
	a.model.cur.interval = 1;
	a.model.cur.seq = 3;
	model_derive(&a.model);
	snprintf(a.source_label, sizeof(a.source_label), "replay: a\"b\\c\td");
	/* the socket's and system's cycles: CPU 1's enabled time counts, its running time was 0 (50%);
	 * IPC 3000000007 / 2000000000 = 1.5000000035, CPI 0.66666666511, GHz 2e9 / 2e9 ns */
#define SUM_EVENTS "\"events\":{" \
	"\"cycles\":{\"value\":2000000000,\"raw\":2000000000,\"enabled_ns\":2000000000,\"running_ns\":1000000000," \
	"\"running_pct\":50,\"counted\":true}," \
	"\"instructions\":{\"value\":3000000007,\"raw\":3000000007,\"enabled_ns\":2000000000," \
	"\"running_ns\":2000000000,\"running_pct\":100,\"counted\":true}," \
	"\"odd\\\"na\\\\\\\\me\\u0009\":{\"value\":10,\"raw\":5,\"enabled_ns\":1000000000,\"running_ns\":500000000," \
	"\"running_pct\":50,\"counted\":true}}," \
	"\"metrics\":{\"ipc\":1.5,\"cpi\":0.666667,\"ghz\":1}"
	check_frame(&a, "{\"time\":1.500000,\"interval\":1.000000,\"seq\":3,\"source\":\"replay: a\\\"b\\\\\\\\c\\u0009d\","
		    "\"cpus\":["
		    "{\"cpu\":0,\"socket\":0,\"core\":0,\"events\":{"
		    "\"cycles\":{\"value\":2000000000,\"raw\":2000000000,\"enabled_ns\":1000000000,"
		    "\"running_ns\":1000000000,\"running_pct\":100,\"counted\":true},"
		    "\"instructions\":{\"value\":3000000000,\"raw\":3000000000,\"enabled_ns\":1000000000,"
		    "\"running_ns\":1000000000,\"running_pct\":100,\"counted\":true},"
		    "\"odd\\\"na\\\\\\\\me\\u0009\":{\"value\":10,\"raw\":5,\"enabled_ns\":1000000000,"
		    "\"running_ns\":500000000,\"running_pct\":50,\"counted\":true}},"
		    "\"metrics\":{\"ipc\":1.5,\"cpi\":0.666667,\"ghz\":2}},"
		    "{\"cpu\":1,\"socket\":0,\"core\":1,\"events\":{"
		    "\"cycles\":{\"value\":null,\"raw\":0,\"enabled_ns\":1000000000,\"running_ns\":0,"
		    "\"running_pct\":0,\"counted\":false},"
		    "\"instructions\":{\"value\":7,\"raw\":7,\"enabled_ns\":1000000000,\"running_ns\":1000000000,"
		    "\"running_pct\":100,\"counted\":true},"
		    "\"odd\\\"na\\\\\\\\me\\u0009\":{\"value\":null,\"counted\":false,\"supported\":false}},"
		    "\"metrics\":{}}],"   /* its cycles did not count: no IPC, CPI or GHz */
		    "\"sockets\":[{\"socket\":0," SUM_EVENTS "}],"
		    "\"system\":{" SUM_EVENTS "}}\n");
#undef SUM_EVENTS
	model_free(&a.model);
}

/* A hybrid of one P-core and one E-core counting x on each core PMU: a CPU row has its own PMU's
 * count; the socket and the system have both and, under "totals", their sum by the name without
 * the PMU (times summed as a socket sums its CPUs). */
TEST(frame_with_hybrid_totals)
{
	static struct app a;

	memset(&a, 0, sizeof(a));
	CHECK(model_init(&a.model, 2, (int[]){ 0, 1 }, (int[]){ 0, 0 }, (int[]){ 0, 1 }, 1, (int[]){ 0 }, 4) == 0,
	      "model_init");
	model_add_event(&a.model, "cpu_core/x/", "x", "cpu_core", "", 0, false);
	model_add_event(&a.model, "cpu_atom/x/", "x", "cpu_atom", "", 1, false);
	CHECK(model_alloc_frame(&a.model) == 0, "model_alloc_frame");
	a.model.cur.online[0] = a.model.cur.online[1] = true;
	a.model.cur.cpu[0] = val(600, 1000, 1000, 1);
	a.model.cur.cpu[3] = val(300, 1000, 500, 1);     /* multiplexed: 600 */
	a.model.cur.t = 1;
	a.model.cur.interval = 1;
	a.model.cur.seq = 1;
	model_derive(&a.model);
#define SUM_EVENTS "\"events\":{" \
	"\"cpu_core/x/\":{\"value\":600,\"raw\":600,\"enabled_ns\":1000,\"running_ns\":1000,\"running_pct\":100," \
	"\"counted\":true}," \
	"\"cpu_atom/x/\":{\"value\":600,\"raw\":300,\"enabled_ns\":1000,\"running_ns\":500,\"running_pct\":50," \
	"\"counted\":true}}," \
	"\"totals\":{\"x\":{\"value\":1200,\"raw\":900,\"enabled_ns\":2000,\"running_ns\":1500,\"running_pct\":75," \
	"\"counted\":true}}," \
	"\"metrics\":{}"
	check_frame(&a, "{\"time\":1.000000,\"interval\":1.000000,\"seq\":1,\"source\":\"\",\"cpus\":["
		    "{\"cpu\":0,\"socket\":0,\"core\":0,\"events\":{"
		    "\"cpu_core/x/\":{\"value\":600,\"raw\":600,\"enabled_ns\":1000,\"running_ns\":1000,"
		    "\"running_pct\":100,\"counted\":true}},\"metrics\":{}},"
		    "{\"cpu\":1,\"socket\":0,\"core\":1,\"events\":{"
		    "\"cpu_atom/x/\":{\"value\":600,\"raw\":300,\"enabled_ns\":1000,\"running_ns\":500,"
		    "\"running_pct\":50,\"counted\":true}},\"metrics\":{}}],"
		    "\"sockets\":[{\"socket\":0," SUM_EVENTS "}],"
		    "\"system\":{" SUM_EVENTS "}}\n");
#undef SUM_EVENTS
	model_free(&a.model);
}

/* One CPU of no known socket or core, counts past 2^53 and 2^64 - 1, no time yet: the values are
 * the doubles' (2^53, and 2^64 in exponent form), the raw counts keep every digit. */
TEST(frame_with_big_numbers)
{
	static struct app a;

	memset(&a, 0, sizeof(a));
	CHECK(model_init(&a.model, 1, (int[]){ 7 }, NULL, NULL, 1, NULL, 4) == 0, "model_init");
	model_add_event(&a.model, "cycles", "cycles", "cpu", "", 0, false);
	model_add_event(&a.model, "instructions", "instructions", "cpu", "", 0, false);
	CHECK(model_alloc_frame(&a.model) == 0, "model_alloc_frame");
	a.model.cur.online[0] = true;
	a.model.cur.cpu[0] = val(UINT64_MAX, UINT64_MAX, UINT64_MAX, 1);
	a.model.cur.cpu[1] = val(9007199254740993ull, 5, 5, 1);
	a.model.cur.t = NAN;
	a.model.cur.interval = NAN;
	model_derive(&a.model);
	snprintf(a.source_label, sizeof(a.source_label), "sim");
	/* IPC 2^53 / 2^64 = 0.00048828125, CPI 2048, GHz 2^64 / 2^64 */
#define EVENTS "\"events\":{" \
	"\"cycles\":{\"value\":1.8446744073709552e+19,\"raw\":18446744073709551615," \
	"\"enabled_ns\":18446744073709551615,\"running_ns\":18446744073709551615,\"running_pct\":100," \
	"\"counted\":true}," \
	"\"instructions\":{\"value\":9007199254740992,\"raw\":9007199254740993,\"enabled_ns\":5," \
	"\"running_ns\":5,\"running_pct\":100,\"counted\":true}}," \
	"\"metrics\":{\"ipc\":0.000488,\"cpi\":2048,\"ghz\":1}"
	check_frame(&a, "{\"time\":null,\"interval\":null,\"seq\":0,\"source\":\"sim\","
		    "\"cpus\":[{\"cpu\":7,\"socket\":null,\"core\":null," EVENTS "}],"
		    "\"sockets\":[{\"socket\":null," EVENTS "}],"
		    "\"system\":{" EVENTS "}}\n");
#undef EVENTS
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
	RUN(events_as_literal_text);
	RUN(frame_with_sums_and_escapes);
	RUN(frame_with_big_numbers);
	RUN(frame_with_hybrid_totals);
	RUN(text_at_edges);
	RUN(frame_in_parts);
	RUN(spill_write_error);
	T_DONE();
}
