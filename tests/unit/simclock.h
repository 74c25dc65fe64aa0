/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* simclock.h: a clock the test moves, for the simulated kernel to follow (simk_set_clock): time
 * passes only when the test says so, so counts and times are exact whatever the host's load. */
#ifndef PMUTOP_SIMCLOCK_H
#define PMUTOP_SIMCLOCK_H
#include <errno.h>
#include <stdint.h>
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"

static uint64_t simclock_now_ns = 1000000000u;   /* not 0: the simulated kernel's start is any reading */

static uint64_t simclock_read(void *ctx)
{
	(void)ctx;
	return simclock_now_ns;
}

static const struct perf_seam simclock = { .name = "test clock", .clock_ns = simclock_read };

/* Let ms milliseconds pass. */
static inline void simclock_advance_ms(uint64_t ms)
{
	simclock_now_ns += ms * 1000000u;
}

/* Make the simulated kernel s follow the test's clock (before it opens anything); 0 or a negative errno. */
static inline int simclock_attach(struct perf_seam *s)
{
	return s ? simk_set_clock(s, &simclock) : -EINVAL;
}
#endif
