/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_conn.c: deadlines for requests, a free slot for new connections and a cap on what slow
 * readers pin, beside libmicrohttpd's own idle timeout (exporter_conn.h). */
#include "exporter_conn.h"
#include "exporter_mhd.h"
#include "exporter_snap.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include "base/clock.h"
#include "base/thread.h"

struct xconn {
	struct xconn *prev, *next;
	struct MHD_Connection *conn;
	int fd;
	double since;      /* opened, or its last response ended */
	bool busy;         /* a whole request is being answered */
	bool gone;         /* shut down by us */
	uint64_t seq;      /* the snapshot its response holds (0: none) */
	size_t bytes;      /* that snapshot's bytes when the response started */
};

static void unlink_x(struct exporter_conns *xc, struct xconn *x)
{
	if (x->prev)
		x->prev->next = x->next;
	else
		xc->head = x->next;
	if (x->next)
		x->next->prev = x->prev;
	else
		xc->tail = x->prev;
	x->prev = x->next = NULL;
}

static void append_x(struct exporter_conns *xc, struct xconn *x)
{
	x->prev = xc->tail;
	x->next = NULL;
	if (xc->tail)
		xc->tail->next = x;
	else
		xc->head = x;
	xc->tail = x;
}

/* Close x: its socket ends both ways; libmicrohttpd sees it at once and cleans up. Lock held. */
static void cut(struct exporter_conns *xc, struct xconn *x, unsigned long *why)
{
	if (x->gone)
		return;
	shutdown(x->fd, SHUT_RDWR);
	if (xc->on_cut)
		xc->on_cut(xc->on_cut_cls, x->conn);
	x->gone = true;
	xc->gone++;
	(*why)++;
}

/* A slot for the connection just opened (skip): the oldest waiting for its request, else the oldest. */
static void make_room(struct exporter_conns *xc, const struct xconn *skip)
{
	struct xconn *victim = NULL;

	for (struct xconn *x = xc->head; x && !victim; x = x->next)
		if (x != skip && !x->gone && !x->busy)
			victim = x;
	for (struct xconn *x = xc->head; x && !victim; x = x->next)
		if (x != skip && !x->gone)
			victim = x;
	if (victim)
		cut(xc, victim, &xc->crowded);
}

void xconns_notify(void *cls, struct MHD_Connection *c, void **socket_context, enum MHD_ConnectionNotificationCode code)
{
	struct exporter_conns *xc = cls;
	struct xconn *x = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = mhd.get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (!ci || !(x = calloc(1, sizeof(*x))))
			return;   /* not tracked: libmicrohttpd's own timeout still applies */
		x->fd = ci->connect_fd;
		x->conn = c;
		x->since = clock_mono();
		pthread_mutex_lock(&xc->lock);
		append_x(xc, x);
		xc->n++;
		if (xc->n - xc->gone > xc->limit)
			make_room(xc, x);
		pthread_mutex_unlock(&xc->lock);
		*socket_context = x;
	} else if (x) {   /* closed: before libmicrohttpd closes the descriptor */
		pthread_mutex_lock(&xc->lock);
		unlink_x(xc, x);
		xc->n--;
		if (x->gone)
			xc->gone--;
		pthread_mutex_unlock(&xc->lock);
		free(x);
		*socket_context = NULL;
	}
}

static struct xconn *of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = mhd.get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

void xconns_answering(struct exporter_conns *xc, struct MHD_Connection *c, const struct snap *s)
{
	struct xconn *x = of(c);

	if (!x)
		return;
	pthread_mutex_lock(&xc->lock);
	x->busy = true;
	x->seq = s ? s->seq : 0;
	x->bytes = s ? __atomic_load_n(&s->bytes, __ATOMIC_RELAXED) : 0;
	pthread_mutex_unlock(&xc->lock);
}

void xconns_completed(void *cls, struct MHD_Connection *c, void **req, enum MHD_RequestTerminationCode toe)
{
	struct exporter_conns *xc = cls;
	struct xconn *x = of(c);

	(void)req, (void)toe;
	if (!x)
		return;
	pthread_mutex_lock(&xc->lock);
	x->busy = false;
	x->seq = 0;
	x->bytes = 0;
	x->since = clock_mono();   /* the next request's time starts now */
	unlink_x(xc, x);
	append_x(xc, x);
	pthread_mutex_unlock(&xc->lock);
}

/* Whether x's response holds an old snapshot (one before cur). */
static bool holds_old(const struct xconn *x, uint64_t cur)
{
	return !x->gone && x->busy && x->seq && x->seq < cur;
}

/* The bytes the distinct old snapshots still read hold. */
static size_t old_bytes(const struct exporter_conns *xc, uint64_t cur)
{
	size_t sum = 0;

	for (const struct xconn *x = xc->head; x; x = x->next) {
		const struct xconn *y = xc->head;
		if (!holds_old(x, cur))
			continue;
		while (y != x && !(holds_old(y, cur) && y->seq == x->seq))
			y = y->next;
		if (y == x)
			sum += x->bytes;
	}
	return sum;
}

void xconns_check(struct exporter_conns *xc, double now)
{
	uint64_t cur = xc->slot ? snap_current_seq(xc->slot) : 0;
	size_t held;

	pthread_mutex_lock(&xc->lock);
	for (struct xconn *x = xc->head; x; x = x->next)
		if (!x->gone && !x->busy && now - x->since > xc->deadline)
			cut(xc, x, &xc->late);
	held = old_bytes(xc, cur);
	/* oldest first; the newest old one stays, so that one exposition larger than the cap can still
	 * be read by a client slower than an interval */
	while (held > xc->cap) {
		uint64_t oldest = UINT64_MAX, newest = 0;
		size_t bytes = 0;
		for (struct xconn *x = xc->head; x; x = x->next)
			if (holds_old(x, cur)) {
				if (x->seq < oldest) {
					oldest = x->seq;
					bytes = x->bytes;
				}
				if (x->seq > newest)
					newest = x->seq;
			}
		if (oldest == UINT64_MAX || oldest == newest)
			break;
		for (struct xconn *x = xc->head; x; x = x->next)
			if (holds_old(x, cur) && x->seq == oldest)
				cut(xc, x, &xc->slow);
		held -= bytes < held ? bytes : held;
	}
	pthread_mutex_unlock(&xc->lock);
}

static void *watchdog(void *arg)
{
	struct exporter_conns *xc = arg;
	struct timespec until;

	pthread_mutex_lock(&xc->lock);
	while (!xc->stop) {
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += XCONN_TICK_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&xc->wake, &xc->lock, &until);
		if (xc->stop)
			break;
		pthread_mutex_unlock(&xc->lock);
		xconns_check(xc, clock_mono());
		pthread_mutex_lock(&xc->lock);
	}
	pthread_mutex_unlock(&xc->lock);
	return NULL;
}

int xconns_start(struct exporter_conns *xc, int limit, double deadline, size_t cap, struct snap_slot *slot)
{
	pthread_condattr_t ca;
	int r;

	memset(xc, 0, sizeof(*xc));
	pthread_mutex_init(&xc->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&xc->wake, &ca);
	pthread_condattr_destroy(&ca);
	xc->limit = limit;
	xc->deadline = deadline;
	xc->cap = cap;
	xc->slot = slot;
	if ((r = thread_start(&xc->thread, watchdog, xc)))
		return -r;
	xc->running = true;
	return 0;
}

void xconns_stop(struct exporter_conns *xc)
{
	if (xc->running) {
		pthread_mutex_lock(&xc->lock);
		xc->stop = true;
		pthread_cond_signal(&xc->wake);
		pthread_mutex_unlock(&xc->lock);
		pthread_join(xc->thread, NULL);
		xc->running = false;
	}
	while (xc->head) {   /* libmicrohttpd stopped: it told us of every close; nothing should be left */
		struct xconn *x = xc->head;
		unlink_x(xc, x);
		free(x);
	}
	pthread_cond_destroy(&xc->wake);
	pthread_mutex_destroy(&xc->lock);
}
