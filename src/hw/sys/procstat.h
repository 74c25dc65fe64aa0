/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* procstat.h: CPU time per CPU from /proc/stat (the "cpuN" lines), for utilisation as top and
 * htop compute it: the non-idle share of the jiffies that passed in an interval. */
#ifndef PMUTOP_PROCSTAT_H
#define PMUTOP_PROCSTAT_H
#include <stddef.h>
#include <stdint.h>

/* The columns of a "cpuN" line, in the kernel's order (guest time is inside user/nice). */
enum ut_part { UT_USER, UT_NICE, UT_SYSTEM, UT_IDLE, UT_IOWAIT, UT_IRQ, UT_SOFTIRQ, UT_STEAL, UT_N };

#define PROCSTAT_MAX_CPU 65535   /* a CPU number above this is a hostile file */

struct procstat {
	int n, cap;
	int *cpu;               /* [n]: CPU numbers in file order */
	uint64_t (*j)[UT_N];    /* [n]: jiffies per column; columns a line lacks are 0 */
};

/* Parse the text of /proc/stat; the "cpu" total line and other lines are skipped. 0, or
 * -EINVAL for a malformed cpuN line (the whole text is rejected), -ENOMEM. */
int procstat_parse(struct procstat *ps, const char *text);
void procstat_free(struct procstat *ps);
/* Index of CPU cpu in ps, -1 when absent. */
int procstat_find(const struct procstat *ps, int cpu);
/* The jiffies of each column between two readings of one CPU into out[UT_N]; -ERANGE when a
 * counter went backwards (a CPU that went offline and came back), out then NAN. */
int procstat_delta(const uint64_t *prev, const uint64_t *cur, double *out);
#endif
