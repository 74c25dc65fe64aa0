/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* uncore.h: the uncore view's state (its own, kept in struct ui as u->uncore). */
#ifndef PMUTOP_UI_UNCORE_H
#define PMUTOP_UI_UNCORE_H

struct ui;

int ui_uncore_init(struct ui *u);   /* 0 or -ENOMEM */
void ui_uncore_free(struct ui *u);
#endif
