/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay_ranges.c: every number a recording holds is range-checked, the reason names the field
 * and the line, and values that reach the model convert to counts without undefined behaviour. */
#include "t.h"
#include "replay/csvrow.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include "replaytext.h"
#include <stdint.h>
#include <unistd.h>

static int row(const char *s, struct csv_row *r)
{
	return csvrow_parse(s, strlen(s), ',', r);
}

/* Each line breaks one range; the reason must name that field. */
TEST(rows_out_of_range_are_bad)
{
	static const struct { const char *line, *why; } cases[] = {
		{ "1.0,CPU0,1e60,,cycles,1000,100.00,,", "value out of range" },
		{ "1.0,CPU0,-5,,cycles,1000,100.00,,", "value out of range" },
		{ "1.0,CPU0,18446744073709551616,,cycles,1000,100.00,,", "value out of range" },
		{ "1e25,CPU0,5,,cycles,1000,100.00,,", "time out of range" },
		{ "-1.0,CPU0,5,,cycles,1000,100.00,,", "time out of range" },
		{ "1.0,CPU0,5,,cycles,1e30,100.00,,", "run time out of range" },
		{ "1.0,CPU0,5,,cycles,-7,100.00,,", "run time out of range" },
		{ "1.0,CPU0,5,,cycles,1000,100.5,,", "percent running out of range" },
		{ "1.0,CPU0,5,,cycles,1000,-1,,", "percent running out of range" },
		{ "1.0,CPU0,5,,cycles,1e19,1e-10,,", "enabled time" },
		{ "1.0,CPU0,nan,,cycles,1000,100.00,,", "value is not a number" },
		{ "1.0,CPU0,inf,,cycles,1000,100.00,,", "value is not a number" },
		{ "1.0,CPU0,5,,cycles,1000,nan,,", "percent running is not a number" },
	};
	struct csv_row r;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int k = row(cases[i].line, &r);
		CHECK(k == CSVROW_BAD && r.why && strstr(r.why, cases[i].why),
		      "%s: kind %d, why %s", cases[i].line, k, t_str(r.why));
	}
}

TEST(rows_at_the_limits_are_kept)
{
	struct csv_row r;

	CHECK_EQ_INT(row("0,CPU0,0,,cycles,0,0,,", &r), CSVROW_DATA);
	CHECK_EQ_INT(row("1e9,CPU0,18446744073709549568,,cycles,18446744073709549568,100.00,,", &r), CSVROW_DATA);
	CHECK_NEAR(r.value, 18446744073709549568.0, 0);
	CHECK_NEAR(r.time, 1e9, 0);
	/* a metric out of range is informational: dropped, the row stays */
	CHECK_EQ_INT(row("1.0,CPU0,5,,cycles,1000,100.00,1e300,GHz", &r), CSVROW_DATA);
	CHECK(isnan(r.metric), "metric dropped: %g", r.metric);
}

/* Conversions to counts saturate instead of being undefined for negatives and values past 2^64. */
TEST(model_conversions_saturate)
{
	struct ev_val v, sum;

	model_set_recorded(&v, -5, 1000, 100, EVS_OK);
	CHECK_EQ_U64(v.raw, 0);
	model_set_recorded(&v, 1e30, UINT64_MAX, 50, EVS_OK);
	CHECK_EQ_U64(v.raw, UINT64_MAX);
	CHECK_EQ_U64(v.enabled, UINT64_MAX);
	memset(&sum, 0, sizeof(sum));
	model_sum_into(&sum, &v);
	model_sum_into(&sum, &v);
	CHECK_EQ_U64(sum.raw, UINT64_MAX);      /* not wrapped round to a small number */
	CHECK_EQ_U64(sum.running, UINT64_MAX);
}

static const char hostile[] =
	"     1.000000000,CPU0,1000,,cycles,1000000,100.00,,\n"
	"     1.000000000,CPU0,1e60,,instructions,1000000,100.00,,\n"
	"1e25,CPU0,5,,cycles,1000000,100.00,,\n"
	"     2.000000000,CPU0,-5,,cycles,1000000,100.00,,\n"
	"     2.000000000,CPU0,2000,,instructions,1000000,100.00,,\n";

TEST(replay_names_file_line_and_reason)
{
	char path[] = "/tmp/pmutop-test-ranges.XXXXXX", want[128];
	int lines[4];
	struct replay *r = replay_of_text(path, hostile);
	struct model m;

	if (!r)
		return;
	CHECK_EQ_INT(replay_bad_lines(r, lines, 4), 3);
	CHECK(lines[0] == 2 && lines[1] == 3 && lines[2] == 4, "lines %d %d %d", lines[0], lines[1], lines[2]);
	snprintf(want, sizeof(want), "%s:2: value out of range", path);
	CHECK(strncmp(replay_bad_summary(r), want, strlen(want)) == 0, "summary: %s", replay_bad_summary(r));
	CHECK_EQ_INT(replay_count(r), 2);
	CHECK_EQ_INT(replay_setup_model(r, &m, 4), 0);
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	model_derive(&m);
	CHECK_NEAR(m.cur.t, 1.0, 0);
	for (int e = 0; e < m.nev; e++) {
		const struct ev_val *v = &m.cur.cpu[e];
		if (strcmp(m.ev[e].name, "cycles") == 0)
			CHECK_NEAR(v->value, 1000, 0);
		else
			CHECK_EQ_INT(v->state, EVS_ABSENT);   /* its only row was rejected */
	}
	model_free(&m);
	replay_close(r);
	unlink(path);
}

int main(void)
{
	RUN(rows_out_of_range_are_bad);
	RUN(rows_at_the_limits_are_kept);
	RUN(model_conversions_saturate);
	RUN(replay_names_file_line_and_reason);
	T_DONE();
}
