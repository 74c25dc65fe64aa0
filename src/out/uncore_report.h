/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* uncore_report.h: print the uncore PMON discovery inventory (--list-uncore), as text or JSON. */
#ifndef PMUTOP_UNCORE_REPORT_H
#define PMUTOP_UNCORE_REPORT_H
#include <stdbool.h>
#include <stdio.h>

#include "pci/disc.h"

/* Text: DVSEC lines, then one line per socket and box type, then skips and the warning.
 * JSON: {"dvsec":[...],"boxes":[...],"skipped":N,"generation":...,"warning":...}; values that are
 * unknown (socket, BAR, note, kernel PMU) are null. Returns 0 or -EIO when writing failed. */
int uncore_report(FILE *f, const struct disc_inventory *inv, bool json);
#endif
