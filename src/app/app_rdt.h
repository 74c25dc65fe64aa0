/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_rdt.h: RDT/PQoS monitoring figures of each interval (resctrl): every L3 domain's cache
 * occupancy and memory bandwidth, the sockets' and the system's sums, and the same per control and
 * monitoring group; with --rdt-cpu-groups, a monitoring group per CPU that pmutop makes and removes. */
#ifndef PMUTOP_APP_RDT_H
#define PMUTOP_APP_RDT_H
#include <stdbool.h>
#include "owners.h"   /* struct app_rdt */

struct app;

/* Find resctrl and its domains (once); with --rdt-cpu-groups make the per-CPU groups. 0, or a
 * negative errno when the per-CPU groups were asked for and cannot be made (why says so; nothing
 * is left made). Without resctrl the figures are simply absent (why says why). */
int app_rdt_detect(struct app *a);
/* Read the values and derive the interval's figures (after the counters' sample). */
void app_rdt_sample(struct app *a);
/* Remove the groups pmutop made and free everything. */
void app_rdt_free(struct app *a);
#endif
