/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prog7030.c: the test program of --hot (issue 40): two hot functions sharing the CPU 70/30 by the
 * CPU time they run (7 ms in the first, 3 ms in the second, over and over), whatever the CPU's speed
 * and however often other work preempts it (a split by wall time bends when it does). The clock is
 * read every 100000 steps (about 0.1 ms): reading a thread's CPU time is a system call, and the
 * kernel's share must stay small beside the two functions.
 *   prog7030 SECONDS [EXEC_AFTER PROGRAM ARGS...]   run SECONDS; or exec PROGRAM after EXEC_AFTER s
 * Built with -DSECOND the functions are second_a and second_b (the program an exec switches to). */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#ifdef SECOND
#define FA second_a
#define FB second_b
#else
#define FA hot_a
#define FB hot_b
#endif

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* wall time, for how long the program runs */
static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/* this thread's CPU time, for the split between the two functions */
static double cpu(void)
{
	return clock_s(CLOCK_THREAD_CPUTIME_ID);
}

volatile unsigned long sink;

__attribute__((noinline)) void FA(double until)
{
	unsigned long x = sink;

	while (cpu() < until)
		for (int i = 0; i < 100000; i++)
			x = x * 6364136223846793005UL + 1442695040888963407UL;
	sink = x;
}

__attribute__((noinline)) void FB(double until)
{
	unsigned long x = sink;

	while (cpu() < until)
		for (int i = 0; i < 100000; i++)
			x = x * 2862933555777941757UL + 3037000493UL;
	sink = x;
}

int main(int argc, char **argv)
{
	double t0 = now(), end = t0 + (argc > 1 ? atof(argv[1]) : 10), ex = argc > 3 ? t0 + atof(argv[2]) : 0;

	while (now() < end) {
		double c = cpu();

		if (ex && now() >= ex) {
			execv(argv[3], argv + 3);
			return 127;
		}
		FA(c + 0.007);
		FB(c + 0.010);
	}
	return 0;
}
