/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* mouse.h: clicks and the wheel. */
#ifndef PMUTOP_UI_MOUSE_H
#define PMUTOP_UI_MOUSE_H

struct ui;

/* Report buttons and the wheel (unless [display] mouse = false). */
void ui_mouse_start(void);
/* Handle one KEY_MOUSE. */
void ui_mouse(struct ui *u);
#endif
