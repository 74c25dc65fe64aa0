/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_procstat.h: the simulated kernel's /proc/stat and /proc/interrupts, the seam's proc_stat and
 * proc_interrupts (ctx: its struct simk). */
#ifndef PMUTOP_SIM_PROCSTAT_H
#define PMUTOP_SIM_PROCSTAT_H
#include <stddef.h>

/* The simulated /proc/stat: CPU times that grow with the clock, each CPU busy in proportion to its
 * load, so utilisation agrees with the counts. */
int simk_proc_stat(void *ctx, char *buf, size_t len);
/* The simulated /proc/interrupts: device, timer and IPI lines whose counts grow with the clock,
 * busier CPUs taking more. */
int simk_proc_interrupts(void *ctx, char *buf, size_t len);
#endif
