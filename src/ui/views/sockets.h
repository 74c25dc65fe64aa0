/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sockets.h: the sockets view's state (its own, kept in struct ui as u->sockets). */
#ifndef PMUTOP_UI_SOCKETS_H
#define PMUTOP_UI_SOCKETS_H

struct ui;

int ui_sockets_init(struct ui *u);   /* 0 or -ENOMEM */
void ui_sockets_free(struct ui *u);
#endif
