/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_out.h: the fleet's frames and a host's drill-down as JSON (one object per refresh) or as
 * -x rows, the fields named by the fleet's field table. */
#ifndef PMUTOP_CMD_FLEET_OUT_H
#define PMUTOP_CMD_FLEET_OUT_H
#include "out/outbuf.h"
#include "fleet/fleet.h"
#include <stdbool.h>

void out_fleet_json(struct outbuf *b, const struct fleet_frame *fr);
/* -x SEP: the header line when header, then a row per host */
void out_fleet_csv(struct outbuf *b, const struct fleet_frame *fr, const char *sep, bool header);
void out_fleet_text(struct outbuf *b, const struct fleet_frame *fr);
void out_fleet_detail_json(struct outbuf *b, const struct fleet_detail *d);
void out_fleet_detail_csv(struct outbuf *b, const struct fleet_detail *d, const char *sep, bool header);
#endif
