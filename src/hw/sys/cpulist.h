/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpulist.h: the kernel's CPU list syntax ("0-3,8,10-11"). */
#ifndef PMUTOP_CPULIST_H
#define PMUTOP_CPULIST_H
#include <stddef.h>

/* The highest CPU number accepted anywhere (65,536 CPUs, more than any machine has). */
#define CPULIST_MAX_CPU 65535

/* Parse a CPU list into a malloc'd ascending, de-duplicated array (*out,
 * caller frees). Returns the count, -EINVAL on malformed text, -ERANGE for a
 * CPU number above CPULIST_MAX_CPU. An empty string gives 0 and *out = NULL.
 * Time and memory are linear in the text plus the CPUs listed. */
int cpulist_parse(const char *s, int **out);
/* Position of cpu among the CPUs of list s (0 = lowest) without expanding it, -ENOENT when cpu is not
 * listed, or cpulist_parse's errors. */
int cpulist_rank(const char *s, int cpu);
/* Write cpus (ascending) in the compact form into buf. Returns 0 or -ENOSPC. */
int cpulist_format(const int *cpus, int n, char *buf, size_t len);
/* 1 when cpu is in the sorted list. */
int cpulist_has(const int *cpus, int n, int cpu);
/* Index of cpu in cpus[n], -1 when absent: at once where CPU k is at index k, by halves in an
 * ascending list (as /proc/stat and /proc/interrupts give them), by a scan otherwise, so that
 * looking up every CPU of a file is not quadratic in the CPUs. */
int cpulist_index(const int *cpus, int n, int cpu);
#endif
