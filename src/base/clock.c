/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* clock.c: the clocks in seconds (clock.h). */
#include "clock.h"
#include <time.h>

static double seconds(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double clock_mono(void)
{
	return seconds(CLOCK_MONOTONIC);
}

double clock_real(void)
{
	return seconds(CLOCK_REALTIME);
}
