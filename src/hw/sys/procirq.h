/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* procirq.h: interrupts per CPU from /proc/interrupts: the "CPUn" header names the columns
 * (offline CPUs have none), each "NAME: n n n ... description" line adds its counts. */
#ifndef PMUTOP_PROCIRQ_H
#define PMUTOP_PROCIRQ_H
#include <stdint.h>

#define PROCIRQ_MAX_CPU 65535   /* a CPU number above this is a hostile file */

struct procirq {
	int n, cap;
	int *cpu;          /* [n]: the CPU of each column, in header order */
	uint64_t *count;   /* [n]: interrupts of every line summed (saturating at UINT64_MAX) */
	uint64_t *tmp;     /* [cap]: one line's numbers before they are added */
};

/* Parse the text of /proc/interrupts. A line with fewer numbers than there are CPU columns
 * (ERR:, MIS: hold one system-wide count) adds nothing. 0, or -EINVAL for a header that
 * names no CPU, a CPU twice or past PROCIRQ_MAX_CPU, or a number that does not fit 64 bits;
 * -ENOMEM. */
int procirq_parse(struct procirq *pi, const char *text);
void procirq_free(struct procirq *pi);
/* Index of CPU cpu in pi, -1 when absent. */
int procirq_find(const struct procirq *pi, int cpu);
#endif
