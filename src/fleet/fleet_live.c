/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_live.c: the fleet engine on its own thread (fleet_live.h). The thread alone calls the
 * engine (it is not shared); the newest frame and drill-down wait under a lock for the screen,
 * which copies them when they changed. */
#include "fleet_live.h"
#include "base/errmsg.h"
#include "base/thread.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct fleet_live {
	struct fleet *f;
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;        /* a drill-down asked, or stop */
	bool stop, busy;
	/* under mu: the newest frame and drill-down, and what failed */
	struct fleet_frame fr;
	unsigned seq;
	char err[512];
	char want[FLEET_NAME_MAX];   /* the host whose drill-down is asked, "" none */
	unsigned want_gen;
	struct fleet_detail d;
	unsigned dseq;
	bool dvalid;
	char derr[512];
};

static bool copy_rows(struct fleet_row **dst, const struct fleet_row *src, int n)
{
	*dst = NULL;
	if (n <= 0)
		return true;
	if (!(*dst = malloc((size_t)n * sizeof(**dst))))
		return false;
	memcpy(*dst, src, (size_t)n * sizeof(**dst));
	return true;
}

static void put_frame(struct fleet_live *l, struct fleet_frame *fr, int r, const struct errmsg *em)
{
	pthread_mutex_lock(&l->mu);
	if (r < 0) {
		fleet_frame_free(fr);
		snprintf(l->err, sizeof(l->err), "%s", errmsg_text(em, r));
	} else {
		fleet_frame_free(&l->fr);
		l->fr = *fr;
		l->err[0] = '\0';
	}
	l->seq++;
	pthread_mutex_unlock(&l->mu);
}

/* The drill-down of the host asked (when one is); false when the request changed meanwhile. */
static void one_detail(struct fleet_live *l)
{
	char host[FLEET_NAME_MAX];
	struct fleet_detail d;
	struct errmsg em = { 0 };
	unsigned gen;
	int r;

	pthread_mutex_lock(&l->mu);
	snprintf(host, sizeof(host), "%s", l->want);
	gen = l->want_gen;
	pthread_mutex_unlock(&l->mu);
	if (!host[0])
		return;
	memset(&d, 0, sizeof(d));
	r = fleet_host_detail(l->f, host, &d, &em);
	pthread_mutex_lock(&l->mu);
	if (gen != l->want_gen) {   /* another host asked meanwhile: this one is stale */
		if (r >= 0)
			fleet_detail_free(&d);
	} else if (r < 0) {
		snprintf(l->derr, sizeof(l->derr), "%s", errmsg_text(&em, r));
		l->dseq++;
	} else {
		fleet_detail_free(&l->d);
		l->d = d;
		l->dvalid = true;
		l->derr[0] = '\0';
		l->dseq++;
	}
	pthread_mutex_unlock(&l->mu);
}

static void deadline(struct timespec *ts, double s)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += (time_t)s;
	ts->tv_nsec += (long)((s - (double)(time_t)s) * 1e9);
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static void *worker(void *arg)
{
	struct fleet_live *l = arg;

	for (;;) {
		struct fleet_frame fr;
		struct errmsg em = { 0 };
		struct timespec ts;
		unsigned gen;
		int r;

		pthread_mutex_lock(&l->mu);
		l->busy = true;
		pthread_mutex_unlock(&l->mu);
		memset(&fr, 0, sizeof(fr));
		r = fleet_refresh(l->f, &fr, &em);
		put_frame(l, &fr, r, &em);
		one_detail(l);
		double step = fleet_window(l->f) / 4;
		deadline(&ts, step < 1 ? 1 : step);
		pthread_mutex_lock(&l->mu);
		l->busy = false;
		gen = l->want_gen;
		/* until the next refresh; a new drill-down asked is fetched at once */
		while (!l->stop && gen == l->want_gen &&
		       pthread_cond_timedwait(&l->cv, &l->mu, &ts) != ETIMEDOUT)
			;
		bool stop = l->stop, asked = gen != l->want_gen;
		pthread_mutex_unlock(&l->mu);
		if (stop)
			return NULL;
		while (asked) {   /* the drill-down at once, then the refresh when due */
			one_detail(l);
			pthread_mutex_lock(&l->mu);
			gen = l->want_gen;
			while (!l->stop && gen == l->want_gen &&
			       pthread_cond_timedwait(&l->cv, &l->mu, &ts) != ETIMEDOUT)
				;
			stop = l->stop;
			asked = gen != l->want_gen;
			pthread_mutex_unlock(&l->mu);
			if (stop)
				return NULL;
		}
	}
}

int fleet_live_start(const struct fleet_opts *o, struct fleet_live **out, struct errmsg *em)
{
	struct fleet_live *l = calloc(1, sizeof(*l));
	pthread_condattr_t ca;
	int r;

	*out = NULL;
	if (!l)
		return errmsg_set(em, -ENOMEM, "out of memory for the fleet's engine");
	if ((r = fleet_open(o, &l->f, em)) < 0) {
		free(l);
		return r;
	}
	pthread_mutex_init(&l->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&l->cv, &ca);
	pthread_condattr_destroy(&ca);
	l->busy = true;
	if ((r = thread_start(&l->th, worker, l)) != 0) {
		fleet_close(l->f);
		pthread_cond_destroy(&l->cv);
		pthread_mutex_destroy(&l->mu);
		free(l);
		return errmsg_set(em, -r, "cannot start the fleet's thread: %s", strerror(r));
	}
	*out = l;
	return 0;
}

void fleet_live_stop(struct fleet_live *l)
{
	if (!l)
		return;
	pthread_mutex_lock(&l->mu);
	l->stop = true;
	pthread_cond_signal(&l->cv);
	pthread_mutex_unlock(&l->mu);
	pthread_join(l->th, NULL);
	fleet_close(l->f);
	fleet_frame_free(&l->fr);
	fleet_detail_free(&l->d);
	pthread_cond_destroy(&l->cv);
	pthread_mutex_destroy(&l->mu);
	free(l);
}

bool fleet_live_take(struct fleet_live *l, unsigned *seq, struct fleet_frame *out, char *err, size_t n,
		     bool *busy)
{
	bool got = false;

	pthread_mutex_lock(&l->mu);
	*busy = l->busy;
	if (*seq != l->seq) {
		*out = l->fr;
		if (copy_rows(&out->rows, l->fr.rows, l->fr.nrows)) {
			*seq = l->seq;
			snprintf(err, n, "%s", l->err);
			got = true;
		}
	}
	pthread_mutex_unlock(&l->mu);
	return got;
}

void fleet_live_detail(struct fleet_live *l, const char *host)
{
	pthread_mutex_lock(&l->mu);
	snprintf(l->want, sizeof(l->want), "%s", host ? host : "");
	l->want_gen++;
	fleet_detail_free(&l->d);
	l->dvalid = false;
	l->derr[0] = '\0';
	l->dseq++;
	pthread_cond_signal(&l->cv);
	pthread_mutex_unlock(&l->mu);
}

bool fleet_live_take_detail(struct fleet_live *l, unsigned *seq, struct fleet_detail *out, char *err,
			    size_t n)
{
	bool got = false;

	pthread_mutex_lock(&l->mu);
	if (*seq != l->dseq) {
		*out = l->d;
		out->rows = NULL;
		out->kind = NULL;
		if (!l->dvalid)
			out->nrows = 0;
		if (copy_rows(&out->rows, l->d.rows, out->nrows) &&
		    (!out->nrows || (out->kind = malloc((size_t)out->nrows * sizeof(*out->kind))))) {
			if (out->nrows)
				memcpy(out->kind, l->d.kind, (size_t)out->nrows * sizeof(*out->kind));
			*seq = l->dseq;
			snprintf(err, n, "%s", l->derr);
			got = true;
		} else {
			free(out->rows);
			out->rows = NULL;
		}
	}
	pthread_mutex_unlock(&l->mu);
	return got;
}
