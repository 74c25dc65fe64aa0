/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpufreq.h: the current clock of a CPU: cpufreq's scaling_cur_freq (kHz) where the kernel has a
 * cpufreq driver, else the "cpu MHz" lines of /proc/cpuinfo (x86, virtual machines). */
#ifndef PMUTOP_CPUFREQ_H
#define PMUTOP_CPUFREQ_H
#include <stddef.h>

#define CPUFREQ_MAX_MHZ 100000.0   /* 100 GHz: a larger clock is a hostile file */
#define CPUFREQ_MAX_CPU 65535

/* The text of scaling_cur_freq ("2400000\n", kHz) in MHz. 0, or -EINVAL for anything but one
 * decimal number in (0, CPUFREQ_MAX_MHZ] MHz. */
int cpufreq_parse_khz(const char *text, double *mhz);
/* The "cpu MHz" of each "processor : N" block of a cpuinfo text: mhz[i] for CPU cpus[i], at
 * most max of them. Returns the count (0 when the text has no such lines, as on Arm), -EINVAL
 * for a CPU number past CPUFREQ_MAX_CPU or a clock out of (0, CPUFREQ_MAX_MHZ]. */
int cpufreq_parse_cpuinfo(const char *text, int *cpus, double *mhz, int max);
/* Read CPU cpu's clock (MHz) under the sysfs root; a negative errno when it has no cpufreq. */
int cpufreq_read(int cpu, double *mhz);
#endif
