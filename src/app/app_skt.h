/* SPDX-License-Identifier: GPL-2.0-or-later */
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
/* Count the events (want) or stop counting those this added (!want). 0, or a negative errno
 * with a->msg filled (the events counted before stay counted). */
int app_skt_show(struct app *a, bool want);
/* The event list as app_events_text, without the events app_skt_show added. */
void app_skt_user_text(const struct app *a, char *buf, size_t len);
/* Count the user's list (the events view applies it) and, while they are shown, the events
 * app_skt_show added. As app_set_events. */
int app_skt_set_events(struct app *a, const char *user, struct ev_error *err);
/* Length of the first piece of an event list: up to its first comma outside /terms/ and {groups}. */
size_t app_skt_piece(const char *list);
#endif
