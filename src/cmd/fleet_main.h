/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_main.h: --fleet in batch mode. */
#ifndef PMUTOP_CMD_FLEET_MAIN_H
#define PMUTOP_CMD_FLEET_MAIN_H
struct app;
/* The fleet's frames until -n or a signal (settings loaded). Returns the exit status. */
int fleet_main(struct app *a);
#endif
