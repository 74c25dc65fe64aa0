/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_wl_not_run.c: a workload's row that did not run reads <not counted> as perf stat's; one that
 * ran (even with a cgroup's clock standing still) keeps the zeros it counted. */
#include "t.h"
#include <math.h>
#include <string.h>
#include "app/app_wl_impl.h"

static struct ev_val ok(uint64_t raw, uint64_t enabled)
{
	struct ev_val v;

	memset(&v, 0, sizeof(v));
	v.state = EVS_OK;
	v.raw = raw;
	v.enabled = v.running = enabled;
	v.value = (double)raw;
	v.pct = enabled ? 100 : NAN;
	return v;
}

static struct ev_val nc(uint64_t enabled)
{
	struct ev_val v;

	memset(&v, 0, sizeof(v));
	v.state = EVS_NOT_COUNTED;
	v.enabled = enabled;
	v.value = v.pct = NAN;
	return v;
}

TEST(nothing_ran)
{
	struct ev_val row[2] = { ok(0, 0), ok(0, 0) };

	CHECK(wl_not_run(row, 2, false), "a sleeping process: idle");
	CHECK_EQ_INT(row[0].state, EVS_NOT_COUNTED);
	CHECK_EQ_INT(row[1].state, EVS_NOT_COUNTED);
	CHECK(isnan(row[1].value), "no value");
}

TEST(ran_keeps_zeros)
{
	/* a busy cgroup read while its clock stood: task-clock counted, context switches none */
	struct ev_val row[2] = { ok(500000000, 0), ok(0, 0) };

	CHECK(!wl_not_run(row, 2, true), "a busy cgroup is not idle");
	CHECK_EQ_INT(row[1].state, EVS_OK);
	CHECK(row[1].value == 0, "its zero stands: %g", row[1].value);
	/* a process whose other events were multiplexed out: it ran */
	struct ev_val p[2] = { nc(1000), ok(0, 0) };

	CHECK(!wl_not_run(p, 2, false), "a multiplexed process ran");
	CHECK_EQ_INT(p[1].state, EVS_OK);
}

TEST(failed_is_not_idle)
{
	struct ev_val row[2] = { nc(0), ok(0, 0) };   /* a read that failed, and a zero */

	CHECK(!wl_not_run(row, 2, false), "a failed read is not idleness");
	CHECK_EQ_INT(row[1].state, EVS_NOT_COUNTED);
}

int main(void)
{
	RUN(nothing_ran);
	RUN(ran_keeps_zeros);
	RUN(failed_is_not_idle);
	T_DONE();
}
