/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_skt.h: the sockets' memory bandwidth, interconnect, L3 and power figures: the machine's events
 * for them (the uncore event set, each event kept only where this machine has its PMU), added to what
 * is counted while a part of the screen shows them and taken out again when none does. */
#ifndef PMUTOP_APP_SKT_H
#define PMUTOP_APP_SKT_H
#include <stdbool.h>
#include <stddef.h>
#include "owners.h"

struct app;


/* Find the machine's events (once). */
void app_skt_detect(struct app *a);
/* Count the events (want: as the sockets' entries of the event list, shared with the user's where
 * the user counts the same) or stop counting them (!want: the sockets' marks go, and the entries
 * only they held). 0, or a negative errno with a->msg filled (the events counted before stay
 * counted). */
int app_skt_show(struct app *a, bool want);
void app_skt_free(struct app *a);
#endif
