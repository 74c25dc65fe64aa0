/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* summary.h: the whole run of -- COMMAND as perf stat -- COMMAND prints it at the end. */
#ifndef PMUTOP_CMD_SUMMARY_H
#define PMUTOP_CMD_SUMMARY_H
#include "out/outbuf.h"

struct model;
struct app_wl_run;

/* perf stat's summary (its layout in the C locale; digits grouped as printf's ' flag groups them in
 * the locale set): "Performance counter stats for 'COMMAND':", one line per event counted (count,
 * unit, name, perf's comment: CPUs utilized for a clock, insn per cycle, GHz, the share of misses,
 * else per second of the clock), the time elapsed and the user and system time. argv NULL-ended. */
void out_command_summary(struct outbuf *b, const struct model *m, char *const *argv, const struct app_wl_run *run);
#endif
