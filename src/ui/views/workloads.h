/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* workloads.h: the processes view (P) and the cgroups view (G): their state (their own, kept in
 * struct ui as u->wl). */
#ifndef PMUTOP_UI_WORKLOADS_H
#define PMUTOP_UI_WORKLOADS_H

struct ui;

int ui_wl_init(struct ui *u);   /* 0 or -ENOMEM */
void ui_wl_free(struct ui *u);
#endif
