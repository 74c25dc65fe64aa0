/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay.c: perf stat -x row parser, separator detection, replay of real and synthetic recordings. */
#include "t.h"
#include "base/errmsg.h"
#include "replay/csvrow.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include <errno.h>
#include <unistd.h>

static int row(const char *s, char sep, struct csv_row *r)
{
	return csvrow_parse(s, strlen(s), sep, r);
}

static int field_is(const char *p, int len, const char *want)
{
	return len == (int)strlen(want) && memcmp(p, want, (size_t)len) == 0;
}

TEST(row_tab_full)
{
	struct csv_row r;

	CHECK_EQ_INT(row("     1.001047559\tCPU0\t130992\t\tr08d1\t511300367\t50.03\t127.980\tK/sec\n", '\t', &r),
		     CSVROW_DATA);
	CHECK_NEAR(r.time, 1.001047559, 1e-12);
	CHECK_EQ_INT(r.cpu, 0);
	CHECK_NEAR(r.value, 130992, 0);
	CHECK(field_is(r.event, r.event_len, "r08d1"), "event %.*s", r.event_len, r.event);
	CHECK_EQ_INT(r.unit_len, 0);
	CHECK_NEAR(r.run_ns, 511300367, 0);
	CHECK_NEAR(r.pct, 50.03, 1e-12);
	CHECK_NEAR(r.metric, 127.98, 1e-12);
	CHECK(field_is(r.metric_unit, r.metric_unit_len, "K/sec"), "metric unit");
	CHECK(!r.summary, "not summary");
}

TEST(row_comma_event_with_commas)
{
	struct csv_row r;

	CHECK_EQ_INT(row("2.0,CPU12,1.5e3,,cpu/event=0x3c,umask=0x0/u,1000,100.00,,", ',', &r), CSVROW_DATA);
	CHECK(field_is(r.event, r.event_len, "cpu/event=0x3c,umask=0x0/u"), "event %.*s", r.event_len, r.event);
	CHECK_EQ_INT(r.cpu, 12);
	CHECK_NEAR(r.value, 1500, 0);
	CHECK_NEAR(r.pct, 100, 0);
	CHECK(isnan(r.metric), "empty metric is NAN");
	/* a PMU event whose slashes never close is malformed */
	CHECK_EQ_INT(row("2.0,CPU1,5,,cpu/event=0x3c,umask=0x0,1000,100", ',', &r), CSVROW_BAD);
}

TEST(row_semicolon_summary_and_states)
{
	struct csv_row r;

	CHECK_EQ_INT(row("summary;CPU3;<not counted>;;cycles;0;0.00;;", ';', &r), CSVROW_DATA);
	CHECK(r.summary, "summary flagged");
	CHECK(isnan(r.time), "no time in a summary row");
	CHECK_EQ_INT(r.cpu, 3);
	CHECK_EQ_INT(r.vstate, CSVV_NOT_COUNTED);
	CHECK(isnan(r.value), "not counted has no value");
	CHECK_EQ_INT(row("  3.5;CPU2;<not supported>;;instructions;0;100.00;;", ';', &r), CSVROW_DATA);
	CHECK_EQ_INT(r.vstate, CSVV_NOT_SUPPORTED);
	CHECK_NEAR(r.time, 3.5, 0);
}

TEST(row_optional_columns)
{
	struct csv_row r;

	/* old perf: no run time, percent or metric columns */
	CHECK_EQ_INT(row("1.000,CPU7,42,,cycles", ',', &r), CSVROW_DATA);
	CHECK(isnan(r.run_ns) && isnan(r.pct), "absent run/pct are NAN");
	CHECK_NEAR(r.value, 42, 0);
	/* no CPU column (perf stat -I without -A) */
	CHECK_EQ_INT(row("1.000,42,,cycles,1000,100.00", ',', &r), CSVROW_DATA);
	CHECK_EQ_INT(r.cpu, -1);
	CHECK_NEAR(r.time, 1.0, 0);
	/* unit present */
	CHECK_EQ_INT(row("1.000,CPU0,1023.54,msec,cpu-clock,1023539561,100.00,1.024,CPUs utilized", ',', &r),
		     CSVROW_DATA);
	CHECK(field_is(r.unit, r.unit_len, "msec"), "unit");
	CHECK_NEAR(r.value, 1023.54, 0);
}

TEST(row_skip_and_bad)
{
	struct csv_row r;

	CHECK_EQ_INT(row("", ',', &r), CSVROW_SKIP);
	CHECK_EQ_INT(row("   \r\n", ',', &r), CSVROW_SKIP);
	CHECK_EQ_INT(row("# started on Sun Nov 22", ',', &r), CSVROW_SKIP);
	/* metric-only continuation line */
	CHECK_EQ_INT(row("     1.001,CPU0,,,,,,0.23,frontend cycles idle", ',', &r), CSVROW_SKIP);
	CHECK_EQ_INT(row("1.0,CPU0,12x,,cycles,1,100", ',', &r), CSVROW_BAD);
	CHECK(r.why && strstr(r.why, "value"), "why names the field: %s", t_str(r.why));
	CHECK_EQ_INT(row("1.0,CPU0,12,,cycles,abc,100", ',', &r), CSVROW_BAD);
	CHECK_EQ_INT(row("garbage", ',', &r), CSVROW_BAD);
}

TEST(number_exact)
{
	double d;
	const char *cases[] = { "0", "1023.54", "511300367", "50.03", "1.001047559", "-2.5", "1e3",
				"123456789012345678901234" };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ_INT(csvrow_number(cases[i], strlen(cases[i]), &d), 0);
		CHECK(d == strtod(cases[i], NULL), "%s: %.17g", cases[i], d);
	}
	CHECK_EQ_INT(csvrow_number("", 0, &d), -1);
	CHECK_EQ_INT(csvrow_number("nan", 3, &d), -1);
	CHECK_EQ_INT(csvrow_number(".", 1, &d), -1);
}

/* Every decimal form the fast path takes (signs, leading zeros, 0 to 20 digits on either side of
 * the point, runs of eight digits that start anywhere) reads exactly as strtod, or goes to it. */
TEST(number_matches_strtod)
{
	char s[64];
	unsigned x = 12345;
	int bad = 0;

	for (int i = 0; i < 200000 && bad < 5; i++) {
		int n = 0, ni, nf, zeros;
		double d, want;
		char *end;
		x = x * 1103515245u + 12345u;
		ni = (int)(x >> 8) % 21;
		nf = (int)(x >> 16) % 21;
		zeros = (int)(x >> 24) % 4;
		if (x & 1)
			s[n++] = (x & 2) ? '-' : '+';
		for (int k = 0; k < zeros; k++)
			s[n++] = '0';
		for (int k = 0; k < ni; k++, x = x * 1103515245u + 12345u)
			s[n++] = (char)('0' + (x >> 16) % 10);
		if (nf || (x & 4))
			s[n++] = '.';
		for (int k = 0; k < nf; k++, x = x * 1103515245u + 12345u)
			s[n++] = (char)('0' + (x >> 16) % 10);
		s[n] = '\0';
		want = strtod(s, &end);
		if (csvrow_number(s, (size_t)n, &d) == 0) {
			if (memcmp(&d, &want, sizeof(d)) != 0 || *end) {
				CHECK(0, "%s: %.17g, strtod %.17g", s, d, want);
				bad++;
			}
		} else if (*end == '\0' && end != s && (zeros || ni || nf)) {
			CHECK(0, "%s refused", s);
			bad++;
		}
	}
	double d;

	/* the largest count perf prints, 2^64 - 1 */
	CHECK_EQ_INT(csvrow_number("18446744073709551615", 20, &d), 0);
	CHECK(d == 18446744073709551615.0, "%.17g", d);
	CHECK_EQ_INT(csvrow_number("12345678x", 9, &d), -1);
	CHECK_EQ_INT(csvrow_number("1234567812345678.", 17, &d), 0);
	CHECK(d == 1234567812345678.0, "%.17g", d);
}

/* The time cache changes no result: every line parses the same with it as without, whatever the
 * line before it was (the same time, another, a bad one, one too long to keep, a summary). */
TEST(time_cache_same_rows)
{
	static const char *lines[] = {
		"  1.5,CPU0,10,,cycles,100,100.00,,", "  1.5,CPU1,11,,cycles,100,50.00,,",
		"  1.5;CPU1;11;;cycles;100;50.00;;", "  2.5,CPU1,12,,cycles,100,100.00,,",
		"x2.5,CPU1,12,,cycles,100,100.00,,", "x2.5,CPU1,12,,cycles,100,100.00,,",
		"2.5,CPU1,12,,cycles,100,100.00,,", "summary,CPU1,12,,cycles,100,100.00,,",
		"2.5,CPU1,12,,cycles,100,100.00,,", "2.50000000000000000000000000000000001,CPU2,1,,cycles,1,100,,",
		"2.50000000000000000000000000000000001,CPU3,1,,cycles,1,100,,", "2.5,5,,cycles,1,100",
		"-1,CPU1,12,,cycles,100,100.00,,", "-1,CPU1,12,,cycles,100,100.00,,", "1e400,CPU1,1,,c,1,1,,",
		"1e400,CPU1,1,,c,1,1,,", "3,CPU1,1,,c,1,1,,",
	};
	struct csvrow_ctx ctx;

	memset(&ctx, 0, sizeof(ctx));
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		struct csv_row a, b;
		int ka = csvrow_parse(lines[i], strlen(lines[i]), ',', &a);
		int kb = csvrow_parse_ctx(lines[i], strlen(lines[i]), ',', &b, &ctx);
		CHECK(ka == kb && memcmp(&a.time, &b.time, sizeof(double)) == 0 && a.cpu == b.cpu &&
		      memcmp(&a.value, &b.value, sizeof(double)) == 0 && a.vstate == b.vstate &&
		      a.event == b.event && a.event_len == b.event_len && a.summary == b.summary &&
		      memcmp(&a.pct, &b.pct, sizeof(double)) == 0 && a.why == b.why,
		      "line %zu \"%s\": kind %d/%d time %g/%g cpu %d/%d", i, lines[i], ka, kb, a.time, b.time,
		      a.cpu, b.cpu);
	}
}

/* The index's scan (numbers other than the time left unread on the common row) gives the parse's
 * kind, time, CPU, unit, event and reason on every line, above all the rows next to a limit: each
 * line follows one with the same time, so the scan's short path is the one taken. */
TEST(scan_same_rows_as_parse)
{
	static const char *lines[] = {
		"  1.5,CPU0,10,msec,cycles,100,100.00,1.0,CPUs utilized",
		"  1.5,CPU1,999999999999999,,cycles,999999999999999,0.01,,",   /* 15 digits, 0.01 %: kept */
		"  1.5,CPU1,9999999999999999,,cycles,1,100,,",                  /* 16 digits: parsed */
		"  1.5,CPU1,18446744073709551616,,cycles,1,100,,",              /* 2^64: out of range */
		"  1.5,CPU1,1,,cycles,18446744073709551616,100,,",
		"  1.5,CPU1,1,,cycles,999999999999999,0.005,,",                 /* enabled time past 2^64 */
		"  1.5,CPU1,1,,cycles,1000000000000000000,0.001,,",             /* past 2^64 */
		"  1.5,CPU1,1,,cycles,1,100.01,,", "  1.5,CPU1,1,,cycles,1,100.000,,", "  1.5,CPU1,1,,cycles,1,101,,",
		"  1.5,CPU1,1,,cycles,1,0.000,,", "  1.5,CPU1,1,,cycles,1,.5,,", "  1.5,CPU1,1,,cycles,1,0.05,,",
		"  1.5,CPU1,1.2.3,,cycles,1,100,,", "  1.5,CPU1,.,,cycles,1,100,,", "  1.5,CPU1,,,cycles,1,100,,",
		"  1.5,CPU1,1,, ,1,100,,", "  1.5,CPU1,1,,cpu/event=0x3c,umask=0x0/,1,100,,",
		"  1.5,CPU1,1,,cpu/event=0x3c,1,100,,", "  1.5,CPU1,1,, cycles ,1, 50 ,,", "  1.5,CPU1, 1,,cycles,1,50,,",
		"  1.5,CPUx,1,,cycles,1,50,,", "  1.5, CPU1,1,,cycles,1,50,,", "  1.5,CPU1,<not counted>,,cycles,0,0.00,,",
		"  1.5,CPU1,1,,cycles,-1,50,,", "  1.5,CPU1,1,,cycles", "  1.5,CPU1,1,,cycles,1,50,,,,,,,,,,,,,,,,,,,,,,,,,,,",
		"  1.5,CPU1,1,,cycles,1,50,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,", "  1.5,CPU1,1,,cycles,1,50,,\r",
		"2000000000,CPU1,1,,cycles,1,50,,", "2000000000,CPU1,1,,cycles,1,50,,",   /* time out of range */
		"  1.5\tCPU1\t1\t\tcycles\t1\t50", "summary,CPU1,1,,cycles,1,50,,", "# 1.5,CPU1,1,,cycles,1,50,,",
	};
	struct csvrow_ctx ca, cb;

	memset(&ca, 0, sizeof(ca));
	memset(&cb, 0, sizeof(cb));
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		for (int rep = 0; rep < 2; rep++) {   /* the second time, the time is the cached one */
			struct csv_row a, b;
			size_t len = strlen(lines[i]);
			int ka = csvrow_parse_ctx(lines[i], len, ',', &a, &ca);
			int kb = csvrow_scan_ctx(lines[i], len, ',', &b, &cb);
			CHECK(ka == kb && a.why == b.why &&
			      (ka != CSVROW_DATA ||
			       (memcmp(&a.time, &b.time, sizeof(double)) == 0 && a.cpu == b.cpu && a.summary == b.summary &&
				a.event == b.event && a.event_len == b.event_len && a.unit == b.unit &&
				a.unit_len == b.unit_len)),
			      "line %zu \"%s\": kind %d/%d why %s/%s", i, lines[i], ka, kb, a.why ? a.why : "-",
			      b.why ? b.why : "-");
		}
	}
}

/* Every field of csvrow_parse_ctx's common row (its time the previous line's: numbers read without
 * the full parse) is the full parse's, bit for bit: values with and without fractions, leading
 * zeros, 15 and 16 digits, percents at their limits, metrics and their units, blanks, every
 * separator; with no_metric only the metric differs (NAN). */
TEST(common_row_same_fields)
{
	static const char *lines[] = {
		"  1.5,CPU0,1010.83,msec,cpu-clock,1010827080,100.00,1.011,CPUs utilized",
		"  1.5,CPU1,0.000123,,cycles,999999999999999,0.01,,", "  1.5,CPU1,.5,,cycles,5.,50,,",
		"  1.5,CPU1,000012.50,,cycles,00,0,,", "  1.5,CPU1,123456789012345,,cycles,1,99.99,,",
		"  1.5,CPU1,1234567890123456,,cycles,1,99.99,,", "  1.5,CPU1,12345678.1234567,,cycles,12345678,100,,",
		"  1.5,CPU1,7,,cycles,1,100.000,  2.5 ,  GHz ", "  1.5,CPU1,7,,cycles,1,100,x,y", "  1.5,CPU1,7,,cycles,1,100,1e30,",
		"  1.5,CPU1,7,,cycles,1,100,-3,u,extra,fields", "  1.5,CPU1,7,,cycles,,,,", "  1.5,CPU1,7,,cycles",
		"  1.5,CPU1,7,,cycles,1", "  1.5,CPU1,7,, cpu/event=0x3c,umask=0x0/ ,1,5,,", "  1.5,CPU1,7,,ev,1,100.01,,",
		"  1.5,CPU12345,7,unit,ev,1,0.000,,",
	};
	static const char seps[] = { ',', ';', '\t' };

	for (size_t k = 0; k < sizeof(seps); k++) {
		for (int no_metric = 0; no_metric < 2; no_metric++) {
			struct csvrow_ctx ctx;
			memset(&ctx, 0, sizeof(ctx));
			ctx.no_metric = no_metric;
			for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
				char line[256];
				size_t len = strlen(lines[i]);
				for (size_t j = 0; j <= len; j++)   /* the separator of the round */
					line[j] = lines[i][j] == ',' && !strstr(lines[i], "umask") ? seps[k] : lines[i][j];
				for (int rep = 0; rep < 2; rep++) {   /* the second time through the time cache */
					struct csv_row a, b;
					int ka = csvrow_parse(line, len, seps[k], &a);
					int kb = csvrow_parse_ctx(line, len, seps[k], &b, &ctx);
					if (no_metric)
						a.metric = NAN;
					CHECK(ka == kb && !memcmp(&a.time, &b.time, sizeof(double)) && a.cpu == b.cpu &&
					      a.summary == b.summary && !memcmp(&a.value, &b.value, sizeof(double)) &&
					      a.vstate == b.vstate && a.unit == b.unit && a.unit_len == b.unit_len &&
					      a.event == b.event && a.event_len == b.event_len &&
					      !memcmp(&a.run_ns, &b.run_ns, sizeof(double)) &&
					      !memcmp(&a.pct, &b.pct, sizeof(double)) &&
					      !memcmp(&a.metric, &b.metric, sizeof(double)) && a.metric_unit_len == b.metric_unit_len &&
					      (!a.metric_unit_len || a.metric_unit == b.metric_unit) && a.why == b.why,
					      "sep %d no_metric %d \"%s\": kind %d/%d value %.17g/%.17g run %.17g/%.17g pct %.17g/%.17g "
					      "metric %.17g/%.17g", seps[k], no_metric, lines[i], ka, kb, a.value, b.value, a.run_ns,
					      b.run_ns, a.pct, b.pct, a.metric, b.metric);
				}
			}
		}
	}
}

TEST(detect_separator)
{
	const char *tab = "# c\n\n 1.0\tCPU0\t5\t\tcha/event=0x34,umask=0x1/\t1\t100\n";
	const char *semi = " 1.0;CPU0;5;;cpu/event=0x3c,umask=0x0/;1;100\n";
	const char *comma = "# x, y; z\t\n 1.0,CPU0,5,,cycles,1,100\n";

	CHECK_EQ_INT(csvrow_detect_sep(tab, strlen(tab)), '\t');
	CHECK_EQ_INT(csvrow_detect_sep(semi, strlen(semi)), ';');
	CHECK_EQ_INT(csvrow_detect_sep(comma, strlen(comma)), ',');
	CHECK_EQ_INT(csvrow_detect_sep("# only\n", 7), 0);
}

TEST(event_names)
{
	char base[128], pmu[64];
	struct { const char *in, *base, *pmu; int uncore; } c[] = {
		{ "instructions:D", "instructions", "", 0 },
		{ "cycles:D", "cycles", "", 0 },
		{ "cpu_core/instructions/", "instructions", "cpu_core", 0 },
		{ "apple_firestorm_pmu/instructions/u", "instructions", "apple_firestorm_pmu", 0 },
		{ "msr/tsc/", "tsc", "msr", 0 },
		{ "uncore_imc_0/cas_count_read/", "uncore_imc_0/cas_count_read/", "uncore_imc_0", 1 },
		{ "imc/event=0x04,umask=0x0f/", "imc/event=0x04,umask=0x0f/", "imc", 1 },
		{ "cha/event=0x34,umask=0x1fe001/", "cha/event=0x34,umask=0x1fe001/", "cha", 1 },
		{ "power/energy-pkg/", "power/energy-pkg/", "power", 1 },
		{ "amd_umc_3/umc_cas_cmd.rd/", "amd_umc_3/umc_cas_cmd.rd/", "amd_umc_3", 1 },
		{ "cpu/event=0x3c,umask=0x0/k", "cpu/event=0x3c,umask=0x0/", "cpu", 0 },
		{ "armv8_pmuv3_0/cpu_cycles/", "cpu_cycles", "armv8_pmuv3_0", 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		replay_event_base(c[i].in, base, sizeof(base), pmu, sizeof(pmu));
		CHECK_EQ_STR(base, c[i].base);
		CHECK_EQ_STR(pmu, c[i].pmu);
		CHECK_EQ_INT(replay_event_uncore(pmu), c[i].uncore);
	}
	/* roles work through the base names the model gets */
	replay_event_base("instructions:D", base, sizeof(base), pmu, sizeof(pmu));
	CHECK_EQ_INT(model_role_of(base), ROLE_INSTRUCTIONS);
	replay_event_base("apple_firestorm_pmu/cycles/", base, sizeof(base), pmu, sizeof(pmu));
	CHECK_EQ_INT(model_role_of(base), ROLE_CYCLES);
}

/* ---- recordings ---- */

static char *write_tmp(const char *text)
{
	static char path[8][64];
	static int k;
	char *p = path[k++ % 8];
	int fd;

	snprintf(p, 64, "/tmp/pmutop-test-replay.XXXXXX");
	fd = mkstemp(p);
	if (fd < 0)
		return NULL;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		return NULL;
	}
	close(fd);
	return p;
}

static int ev_index(const struct model *m, const char *name)
{
	for (int e = 0; e < m->nev; e++)
		if (strcmp(m->ev[e].name, name) == 0)
			return e;
	return -1;
}

static int cpu_index(const struct model *m, int cpu)
{
	for (int c = 0; c < m->ncpus; c++)
		if (m->cpu_ids[c] == cpu)
			return c;
	return -1;
}

static const char synth[] =
	"# pmutop 1 recording\n"
	"# cpu-model: Test CPU\n"
	"# sockets: 2\n"
	"# topology: cpu,socket,core\n"
	"# cpu 0,0,0\n"
	"# cpu 1,0,1\n"
	"# cpu 2,1,0\n"
	"# cpu 3,1,1\n"
	"     1.000100000;CPU0;1000;;cycles;1000000;100.00;;\n"
	"     1.000100000;CPU1;<not counted>;;cycles;0;0.00;;\n"
	"     1.000100000;CPU2;2000;;cycles;1000000;100.00;;\n"
	"     1.000100000;CPU3;<not supported>;;cycles;0;100.00;;\n"
	"     1.000100000;CPU0;500;;instructions;1000000;50.00;0.50;insn per cycle\n"
	";;;;;;;0.5;frontend cycles idle\n"
	"     1.000100000;CPU2;3000;;instructions;1000000;100.00;;\n"
	"this is not a row\n"
	"\n"
	"     2.000200000;CPU0;4000;;cycles;1000000;100.00;;\n"
	"     2.000200000;CPU1;12x;;cycles;1000000;100.00;;\n"
	"     2.000200000;CPU0;2000;;instructions;1000000;100.00;;\n"
	"summary;CPU0;5000;;cycles;2000000;100.00;;\n";

TEST(synthetic_semicolon_header_states)
{
	char *path = write_tmp(synth);
	struct errmsg em = { 0 };
	struct replay *r = NULL;
	struct model m;
	int lines[4], cyc, ins, c0, c1, c2, c3, ne;

	if (path)
		replay_open(path, NULL, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	if (!r)
		return;
	CHECK_EQ_INT(replay_sep(r), ';');
	CHECK_EQ_INT(replay_count(r), 2);
	CHECK_NEAR(replay_interval(r), 1.0001, 1e-9);
	CHECK_EQ_INT(replay_bad_lines(r, lines, 4), 2);
	CHECK_EQ_INT(lines[0], 16);
	CHECK_EQ_INT(lines[1], 19);
	CHECK(strstr(replay_bad_summary(r), "16, 19") != NULL, "summary: %s", replay_bad_summary(r));
	CHECK_EQ_STR(replay_cpu_model(r), "Test CPU");
	CHECK_EQ_STR(replay_topology_source(r), "recording");
	CHECK_EQ_INT(replay_setup_model(r, &m, 16), 0);
	CHECK_EQ_INT(m.ncpus, 4);
	CHECK_EQ_INT(m.nsock, 2);
	CHECK_EQ_INT(m.sock_ids[1], 1);
	c0 = cpu_index(&m, 0), c1 = cpu_index(&m, 1), c2 = cpu_index(&m, 2), c3 = cpu_index(&m, 3);
	CHECK_EQ_INT(m.cpu_sock[c2], 1);
	CHECK_EQ_INT(m.cpu_core[c3], 1);
	cyc = ev_index(&m, "cycles"), ins = ev_index(&m, "instructions");
	ne = m.nev;
	CHECK(cyc >= 0 && ins >= 0, "events");
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	model_derive(&m);
	CHECK_NEAR(m.cur.t, 1.0001, 1e-12);
	CHECK_EQ_INT(m.cur.seq, 1);
	CHECK_EQ_INT(m.cur.cpu[c1 * ne + cyc].state, EVS_NOT_COUNTED);
	CHECK_EQ_INT(m.cur.cpu[c3 * ne + cyc].state, EVS_UNSUPPORTED);
	CHECK_EQ_INT(m.cur.cpu[c1 * ne + ins].state, EVS_ABSENT);
	CHECK(isnan(m.cur.cpu[c1 * ne + ins].value), "absent stays NAN");
	CHECK_NEAR(m.cur.cpu[c0 * ne + ins].pct, 50.0, 0);
	CHECK_NEAR(m.cur.cpu_m[c0 * NMETRICS + M_IPC], 0.5, 1e-12);
	CHECK_NEAR(m.cur.cpu_m[c2 * NMETRICS + M_IPC], 1.5, 1e-12);
	CHECK(isnan(m.cur.cpu_m[c1 * NMETRICS + M_IPC]), "not counted gives no IPC");
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	model_derive(&m);
	CHECK_NEAR(m.cur.interval, 1.0001, 1e-9);
	CHECK_EQ_INT(m.cur.seq, 2);
	CHECK_NEAR(m.cur.cpu_m[c0 * NMETRICS + M_IPC], 0.5, 1e-12);
	CHECK_EQ_INT(m.cur.cpu[c1 * ne + cyc].state, EVS_ABSENT);   /* its row was malformed */
	CHECK_EQ_INT(replay_next(r, &m, NULL), 1);
	/* stepping back replays the same numbers */
	replay_seek(r, 0);
	CHECK_EQ_INT(replay_pos(r), 0);
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	model_derive(&m);
	CHECK_NEAR(m.cur.t, 1.0001, 1e-12);
	CHECK_NEAR(m.cur.cpu_m[c2 * NMETRICS + M_IPC], 1.5, 1e-12);
	replay_seek(r, 99);
	CHECK_EQ_INT(replay_pos(r), 2);
	model_free(&m);
	replay_close(r);
	unlink(path);
}

static const char synth_comma[] =
	"     0.500000000,CPU0,100,,cycles,500000000,100.00,,\n"
	"     0.500000000,CPU1,100,,cycles,500000000,100.00,,\n"
	"     0.500000000,CPU0,7,,cpu/event=0xc0,umask=0x0/,500000000,100.00,,\n";

TEST(topology_file_lscpu_p)
{
	struct errmsg em = { 0 };
	char *data = write_tmp(synth_comma);
	char *topo = write_tmp("# The following is the parsable format\n# CPU,Core,Socket,Node,,L1d\n"
			       "0,0,3,0,,0\n1,0,5,1,,1\n");
	char *partial = write_tmp("# CPU,Core,Socket\n0,0,0\n");
	struct replay *r;
	struct model m;

	CHECK_EQ_INT(replay_open(data, topo, &r, &em), 0);
	CHECK(r != NULL, "open: %s", em.text);
	if (!r)
		return;
	CHECK_EQ_INT(replay_sep(r), ',');
	CHECK_EQ_STR(replay_topology_source(r), "topology file");
	CHECK_EQ_INT(replay_setup_model(r, &m, 4), 0);
	CHECK_EQ_INT(m.nsock, 2);
	CHECK_EQ_INT(m.sock_ids[0], 3);
	CHECK_EQ_INT(m.sock_ids[1], 5);
	CHECK_EQ_INT(m.cpu_sock[1], 1);
	CHECK(ev_index(&m, "cpu/event=0xc0,umask=0x0/") >= 0, "comma event re-joined");
	model_free(&m);
	replay_close(r);
	/* a topology that lacks a recorded CPU leaves sockets unknown */
	replay_open(data, partial, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	if (r) {
		CHECK_EQ_INT(replay_setup_model(r, &m, 4), 0);
		CHECK_EQ_INT(m.nsock, 1);
		CHECK_EQ_INT(m.sock_ids[0], -1);
		CHECK(strstr(replay_topology_source(r), "CPU 1") != NULL, "%s", replay_topology_source(r));
		model_free(&m);
		replay_close(r);
	}
	/* no topology: unknown */
	replay_open(data, NULL, &r, NULL);   /* no words wanted */
	CHECK(r && strcmp(replay_topology_source(r), "unknown") == 0, "unknown topology");
	replay_close(r);
	unlink(data);
	unlink(topo);
	unlink(partial);
}

TEST(open_errors)
{
	struct errmsg em = { 0 };
	struct replay *r = (struct replay *)1;   /* not NULL: a failed open must set it so */
	char *empty = write_tmp("# nothing here\n\n");
	char *noa = write_tmp("1.0,5,,cycles,1,100\n2.0,5,,cycles,1,100\n");
	char *data = write_tmp(synth_comma);

	CHECK_EQ_INT(replay_open("/nonexistent/rec.csv", NULL, &r, &em), -ENOENT);
	CHECK(r == NULL, "missing file: no replay handed out");
	CHECK(strstr(em.text, "/nonexistent/rec.csv") && strstr(em.text, "No such file"), "msg: %s", em.text);
	CHECK_EQ_INT(replay_open("/tmp", NULL, &r, &em), -EINVAL);
	CHECK(strstr(em.text, "not a regular file") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(replay_open(empty, NULL, &r, &em), -EINVAL);
	CHECK(strstr(em.text, "no data") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(replay_open(noa, NULL, &r, &em), -EINVAL);
	CHECK(strstr(em.text, "-A") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(replay_open(data, "/nonexistent/topo", &r, &em), -ENOENT);
	CHECK(strstr(em.text, "/nonexistent/topo") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(replay_open(noa, NULL, &r, NULL), -EINVAL);   /* no words wanted: the same status */
	CHECK(r == NULL, "no replay handed out");
	unlink(empty);
	unlink(noa);
	unlink(data);
}

/* ---- the real recordings: an oracle that reads the file with a plain split ---- */

#define OR_MAXIV 64
#define OR_MAXCPU 256
struct oracle {
	int niv;
	double t[OR_MAXIV];
	double ins[OR_MAXIV][OR_MAXCPU], cyc[OR_MAXIV][OR_MAXCPU], pct_ins[OR_MAXIV][OR_MAXCPU];
	char present[OR_MAXIV][OR_MAXCPU];
};

static int oracle_read(struct oracle *o, const char *path, const char *sep, const char *ins, const char *cyc)
{
	char line[1024];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	memset(o, 0, sizeof(*o));
	while (fgets(line, sizeof(line), f)) {
		char *fld[12], *s = line, *tok;
		int n = 0, cpu;
		double t;
		while (n < 12 && (tok = strsep(&s, sep)) != NULL)
			fld[n++] = tok;
		if (n < 7 || sscanf(fld[1], "CPU%d", &cpu) != 1 || cpu >= OR_MAXCPU)
			continue;
		t = atof(fld[0]);
		if (!o->niv || o->t[o->niv - 1] != t) {
			if (o->niv == OR_MAXIV)
				break;
			o->t[o->niv++] = t;
		}
		o->present[o->niv - 1][cpu] = 1;
		if (strcmp(fld[4], ins) == 0) {
			o->ins[o->niv - 1][cpu] = atof(fld[2]);
			o->pct_ins[o->niv - 1][cpu] = atof(fld[6]);
		} else if (strcmp(fld[4], cyc) == 0) {
			o->cyc[o->niv - 1][cpu] = atof(fld[2]);
		}
	}
	fclose(f);
	return 0;
}

/* Replays path and checks every interval and CPU against the oracle. Returns
 * the model (caller frees) positioned after the last interval. */
static void check_real(const char *t_name, const char *file, const char *topo, const char *sep,
		       const char *ins, const char *cyc, int want_cpus, int want_iv,
		       void (*extra)(const char *, struct model *, int))
{
	char path[4096], tpath[4096];
	struct errmsg em = { 0 };
	static struct oracle o;
	struct replay *r;
	struct model m;
	int ei, ncmp = 0, npct = 0;

	snprintf(path, sizeof(path), "%s/%s", t_realdata(), file);
	if (topo)
		snprintf(tpath, sizeof(tpath), "%s/%s", t_realdata(), topo);
	CHECK_EQ_INT(oracle_read(&o, path, sep, ins, cyc), 0);
	replay_open(path, topo ? tpath : NULL, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	if (!r)
		return;
	CHECK_EQ_INT(replay_bad_lines(r, NULL, 0), 0);
	CHECK_EQ_INT(replay_count(r), o.niv);
	CHECK_EQ_INT(replay_count(r), want_iv);
	CHECK_NEAR(replay_interval(r), 1.0, 0.05);
	CHECK_EQ_INT(replay_setup_model(r, &m, 8), 0);
	CHECK_EQ_INT(m.ncpus, want_cpus);
	for (int c = 0; c < m.ncpus; c++)
		CHECK(m.cpu_ids[c] == c, "CPU ids ascending from 0: [%d] = %d", c, m.cpu_ids[c]);
	ei = ev_index(&m, ins);
	CHECK(ei >= 0, "event %s", ins);
	for (int iv = 0; iv < o.niv; iv++) {
		CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
		model_derive(&m);
		CHECK_NEAR(m.cur.t, o.t[iv], 1e-9);
		for (int c = 0; c < m.ncpus; c++) {
			int cpu = m.cpu_ids[c];
			double want = o.ins[iv][cpu] / o.cyc[iv][cpu];
			CHECK(o.present[iv][cpu], "interval %d CPU %d has rows", iv, cpu);
			CHECK(o.cyc[iv][cpu] > 0, "oracle has cycles for CPU %d", cpu);
			if (fabs(m.cur.cpu_m[c * NMETRICS + M_IPC] - want) <= 1e-12 * want)
				ncmp++;
			else
				CHECK(0, "interval %d CPU %d: IPC %.15g, file says %.15g", iv, cpu,
				      m.cur.cpu_m[c * NMETRICS + M_IPC], want);
			if (ei >= 0 && m.cur.cpu[c * m.nev + ei].pct == o.pct_ins[iv][cpu])
				npct++;
		}
		if (extra)
			extra(t_name, &m, iv);
	}
	CHECK_EQ_INT(ncmp, want_cpus * want_iv);
	CHECK_EQ_INT(npct, want_cpus * want_iv);
	CHECK_EQ_INT(replay_next(r, &m, NULL), 1);
	model_free(&m);
	replay_close(r);
}

static void icx_extra(const char *t_name, struct model *m, int iv)
{
	int imc = ev_index(m, "imc/event=0x04,umask=0x0f/"), dur = ev_index(m, "duration_time");
	int c0 = cpu_index(m, 0), c1 = cpu_index(m, 1), c16 = cpu_index(m, 16), c32 = cpu_index(m, 32);
	int ms = ev_index(m, "r08d1");

	CHECK(imc >= 0 && dur >= 0 && ms >= 0, "events present");
	if (imc < 0 || dur < 0 || ms < 0)
		return;
	CHECK(m->ev[imc].uncore, "imc is uncore");
	CHECK(!m->ev[dur].uncore, "duration_time is not uncore");
	CHECK_EQ_INT(m->cur.cpu[c0 * m->nev + imc].state, EVS_OK);
	CHECK_EQ_INT(m->cur.cpu[c16 * m->nev + imc].state, EVS_OK);
	CHECK_EQ_INT(m->cur.cpu[c1 * m->nev + imc].state, EVS_ABSENT);
	CHECK_EQ_INT(m->cur.cpu[c1 * m->nev + dur].state, EVS_ABSENT);
	CHECK_EQ_INT(m->cur.cpu[c0 * m->nev + dur].state, EVS_OK);
	/* sockets from the lscpu file: NUMA node1 = 16-31,48-63 */
	CHECK_EQ_INT(m->nsock, 2);
	CHECK_EQ_INT(m->cpu_sock[c16], 1);
	CHECK_EQ_INT(m->cpu_sock[c32], 0);
	/* the multiplexed group keeps its percent running */
	CHECK(m->cur.cpu[c0 * m->nev + ms].pct > 49 && m->cur.cpu[c0 * m->nev + ms].pct < 51,
	      "interval %d r08d1 pct %g", iv, m->cur.cpu[c0 * m->nev + ms].pct);
	/* the socket sums the uncore row of its one CPU */
	CHECK(m->cur.sock[1 * m->nev + imc].value == m->cur.cpu[c16 * m->nev + imc].value,
	      "socket 1 imc = CPU16's row");
}

TEST(real_icx_tab_2socket)
{
	check_real(t_name, "perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.txt",
		   "perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.lscpu.txt", "\t",
		   "instructions:D", "cycles:D", 64, 10, icx_extra);
}

static void altra_extra(const char *t_name, struct model *m, int iv)
{
	int ins = ev_index(m, "instructions"), c5 = cpu_index(m, 5);

	(void)iv;
	CHECK(ins >= 0 && c5 >= 0, "instructions and CPU5 present");
	if (ins < 0 || c5 < 0)
		return;
	CHECK(m->cur.cpu[c5 * m->nev + ins].pct > 40 && m->cur.cpu[c5 * m->nev + ins].pct < 60,
	      "multiplexed near 50%%: %g", m->cur.cpu[c5 * m->nev + ins].pct);
	CHECK_EQ_INT(m->nsock, 1);
	CHECK_EQ_INT(m->sock_ids[0], -1);
}

TEST(real_altra_comma_160cpu)
{
	check_real(t_name, "perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv", NULL, ",",
		   "instructions", "cycles:D", 160, 5, altra_extra);
}

static int have_real(const char *file, const char *test)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", t_realdata(), file);
	if (access(path, R_OK) == 0)
		return 1;
	printf("SKIP %s:%s: %s absent\n", t_file, test, path);
	return 0;
}

static void run_data_tests(void)
{
	RUN(synthetic_semicolon_header_states);
	RUN(topology_file_lscpu_p);
	RUN(open_errors);
	if (have_real("perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.txt", "real_icx_tab_2socket"))
		RUN(real_icx_tab_2socket);
	if (have_real("perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv", "real_altra_comma_160cpu"))
		RUN(real_altra_comma_160cpu);
}

int main(void)
{
	RUN(row_tab_full);
	RUN(row_comma_event_with_commas);
	RUN(row_semicolon_summary_and_states);
	RUN(row_optional_columns);
	RUN(row_skip_and_bad);
	RUN(number_exact);
	RUN(number_matches_strtod);
	RUN(time_cache_same_rows);
	RUN(scan_same_rows_as_parse);
	RUN(common_row_same_fields);
	RUN(detect_separator);
	RUN(event_names);
	run_data_tests();
	T_DONE();
}
