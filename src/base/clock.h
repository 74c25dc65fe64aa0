/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* clock.h: the clocks in seconds, as doubles (the simulated machines' clock is the seam's, not these). */
#ifndef PMUTOP_BASE_CLOCK_H
#define PMUTOP_BASE_CLOCK_H

/* CLOCK_MONOTONIC: for intervals and deadlines. */
double clock_mono(void);
/* CLOCK_REALTIME: the time of day (seconds since 1970), for what is shown or compared with others'. */
double clock_real(void);
#endif
