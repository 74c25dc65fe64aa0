/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores_rdt.h: the cores view's RDT columns (L3OCC, MBT, MBL): each CPU's resctrl group's L3
 * occupancy and memory bandwidth, where --rdt-cpu-groups made one per CPU (Intel PCM's columns). */
#ifndef PMUTOP_UI_CORES_RDT_H
#define PMUTOP_UI_CORES_RDT_H
#include <stddef.h>

struct ui;
struct ui_col;

/* Append the RDT columns to cols[n..max) when every CPU may have figures (the session's per-CPU
 * groups); otherwise none. Returns the new count. */
int ui_cores_rdt_cols(struct ui *u, struct ui_col *cols, int n, int max);
/* The figure idx (enum rdt_feat) of a row of n CPUs (model indices): their sum, NAN when any of
 * them is not counted (no group, "Unavailable", "Error", the first interval of a rate). */
double ui_cores_rdt_val(struct ui *u, int idx, const int *cpus, int n);
/* The same for the all row: the system's figure over every L3 domain. */
double ui_cores_rdt_all(struct ui *u, int idx);
/* A cell's text: bytes for the occupancy ("68.2M"), bytes per second for the bandwidths
 * ("1.23G/s"); "-" when v is NAN (not counted, never 0). */
void ui_cores_rdt_text(int idx, double v, char *buf, size_t len);
#endif
