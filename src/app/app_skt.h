/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app_skt.h: the sockets' memory bandwidth, interconnect, L3 and power figures: the machine's events
 * for them (the uncore event set, each event kept only where this machine has its PMU), added to what
 * is counted while a part of the screen shows them and taken out again when none does. */
#ifndef PMUTOP_APP_SKT_H
#define PMUTOP_APP_SKT_H
#include <stdbool.h>
#include <stddef.h>

struct app;

enum { SKT_MEM = 1, SKT_UPI = 2, SKT_PWR = 4, SKT_L3 = 8, SKT_DRAM = 16 };

struct app_skt {
	bool detected;
	bool on;              /* the events of `added` are in the event list */
	bool failed;          /* adding them failed (why says how): not tried again */
	unsigned has;         /* SKT_* figures this machine's events give */
	char avail[1024];     /* the machine's events for them, perf syntax, one per line */
	char added[1024];     /* those app_skt_show added (not already counted), one per line */
	char why[256];        /* "" when the machine has some; else why there are none */
};

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
