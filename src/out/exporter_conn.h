/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_conn.h: the server's connections, kept in check beside libmicrohttpd (issue 26). Its own
 * timeout restarts on every byte, so 128 connections sending a header byte every 3 s held every slot
 * for as long as they liked. Here:
 *  - a request must arrive whole within `deadline` seconds of the connection opening or of the last
 *    response on it ending (an idle keep-alive connection gets the same), however it trickles;
 *  - a new connection beyond `limit` closes the oldest one whose request is not in yet (or, when every
 *    one is being answered, the oldest), so a scrape always finds a slot;
 *  - the old snapshots that responses still being read hold (a new one is published every interval)
 *    may hold `cap` bytes together: past it the readers of the oldest are cut off (the newest old one
 *    stays, however large).
 * A connection is closed by shutdown() of its socket, under the lock that its removal takes, before
 * libmicrohttpd closes the descriptor; libmicrohttpd then sees the end and cleans it up. One that is
 * suspended (a refusal held by exporter_auth.c) is handed to on_cut too, which wakes it. */
#ifndef PMUTOP_EXPORTER_CONN_H
#define PMUTOP_EXPORTER_CONN_H
#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct xconn;
struct snap;
struct snap_slot;

struct exporter_conns {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;          /* the watchdog: deadlines and the cap, every XCONN_TICK_MS */
	bool running, stop;
	struct xconn *head, *tail; /* by the time they last started waiting for a request */
	int n, gone;               /* open, and among them closed by us and not yet cleaned up */
	int limit;
	double deadline;           /* seconds */
	size_t cap;
	struct snap_slot *slot;
	/* what was closed, for the log and tests: late requests, for a new connection, slow readers */
	unsigned long late, crowded, slow;
	/* called under the lock for each connection closed (may be NULL) */
	void (*on_cut)(void *cls, struct MHD_Connection *c);
	void *on_cut_cls;
};

#define XCONN_TICK_MS 100
/* Bytes old snapshots may hold for slow readers: about three expositions of 1024 CPUs x 16 events. */
#define XCONN_SLOW_CAP ((size_t)16 << 20)

/* Start the watchdog. 0 or a negative errno. */
int xconns_start(struct exporter_conns *xc, int limit, double deadline, size_t cap, struct snap_slot *slot);
/* After libmicrohttpd has stopped: stop the watchdog, free what is left. */
void xconns_stop(struct exporter_conns *xc);
/* MHD_OPTION_NOTIFY_CONNECTION (cls: xc) and MHD_OPTION_NOTIFY_COMPLETED (cls: xc). */
void xconns_notify(void *cls, struct MHD_Connection *c, void **socket_context, enum MHD_ConnectionNotificationCode code);
void xconns_completed(void *cls, struct MHD_Connection *c, void **req, enum MHD_RequestTerminationCode toe);
/* The request on c arrived whole and is being answered from s (NULL: a fixed text): no deadline
 * applies to it until its response ends. */
void xconns_answering(struct exporter_conns *xc, struct MHD_Connection *c, const struct snap *s);
/* One round of the watchdog's checks at time now (seconds, CLOCK_MONOTONIC): for tests. */
void xconns_check(struct exporter_conns *xc, double now);
#endif
