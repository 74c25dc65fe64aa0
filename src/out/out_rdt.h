/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_rdt.h: RDT/PQoS monitoring figures (app_rdt) in batch JSON. */
#ifndef PMUTOP_OUT_RDT_H
#define PMUTOP_OUT_RDT_H
#include <stdbool.h>

struct app;
struct outbuf;

/* The figures of a CPU (c >= 0: its per-CPU group's, with --rdt-cpu-groups), a socket (s >= 0) or
 * the system as metrics members ("rdt_l3_occupancy_bytes":..., null when not counted), each
 * preceded by a comma unless *first. Nothing when resctrl gives none. */
void out_rdt_json_metrics(struct outbuf *b, const struct app *a, int c, int s, bool *first);
/* The frame's "rdt" member (with its leading comma): every L3 domain and group. Nothing when
 * resctrl gives none. */
void out_rdt_json(struct outbuf *b, const struct app *a);
#endif
