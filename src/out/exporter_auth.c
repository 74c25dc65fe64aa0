/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_auth.c: basic authentication's answers kept, its bcrypt checks made by a worker thread and
 * limited per client (exporter_auth.h). */
#include "exporter_auth.h"
#include "base/dynlib.h"
#include "base/errmsg.h"
#include "config/webconfig.h"
#include <crypt.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include "base/clock.h"
#include "base/thread.h"

#define TAG_LEN 32              /* HMAC-SHA-256 */
#define KEY_LEN 9               /* a client: 4 or 6, then its IPv4 address or IPv6 /64 */
#define GNUTLS_MAC_SHA256 6     /* gnutls_mac_algorithm_t, <gnutls/gnutls.h> */

struct tag {
	unsigned char b[TAG_LEN];
};

struct client {
	unsigned char key[KEY_LEN];
	bool used, pending;
	double tokens;          /* wrong passwords it may still send now */
	double stamp;           /* when tokens was last brought up to date */
};

struct auth_req {
	void *conn;
	int user;               /* -1: no such user */
	char *password;         /* taken by the worker when it starts */
	struct tag tag;
	unsigned char key[KEY_LEN];   /* its client */
	enum auth_verdict verdict;   /* AUTH_WAIT until its connection is woken */
	enum auth_verdict result;    /* what a held refusal will say */
	unsigned retry_after;
	double arrived, due;
	bool queued, held;
	struct auth_req *prev, *next;   /* among the held */
};

struct user {
	char *name;
	char hash[61];
	bool good_set;
	struct tag good;        /* the password that matched */
};

struct exporter_auth {
	pthread_mutex_t lock;
	pthread_cond_t work;
	int refs;               /* the owner's and the worker's */
	bool stopping;
	auth_crypt_fn crypt_r;
	auth_conn_fn wake;
	int (*hmac)(int alg, const void *key, size_t keylen, const void *text, size_t len, void *digest);
	unsigned char key[32];
	int nusers;
	struct user *users;
	struct tag bad[AUTH_BAD_MAX];
	int nbad, badnext;
	struct client clients[AUTH_CLIENTS];
	struct auth_req *queue[AUTH_QUEUE];
	int nq;
	struct auth_req *held, *held_tail;   /* refusals held until their time */
	int nheld;
	struct auth_req *running;   /* the check the worker makes; NULL once auth_stop gave up on it */
	unsigned long checks;
	uint64_t spread;            /* xorshift64's state, for hold_time */
};

/* a == b over n bytes, in a time that depends on n only */
static bool same_bytes(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	unsigned char d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (unsigned char)(x[i] ^ y[i]);
	return d == 0;
}

/* a == b as strings, in a time that depends on their lengths only */
static bool same(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return (same_bytes(a, b, la < lb ? la : lb) & (la == lb)) != 0;
}

static int tag_of(const struct exporter_auth *a, const char *user, const char *password, struct tag *t)
{
	size_t lu = strlen(user), lp = strlen(password);
	char *text = malloc(lu + lp + 1);
	int r;

	if (!text)
		return -ENOMEM;
	memcpy(text, user, lu + 1);   /* neither holds a NUL: "user\0password" is unambiguous */
	memcpy(text + lu + 1, password, lp);
	r = a->hmac(GNUTLS_MAC_SHA256, a->key, sizeof(a->key), text, lu + 1 + lp, t->b);
	explicit_bzero(text, lu + 1 + lp);
	free(text);
	return r < 0 ? -EIO : 0;
}

static void client_key(const struct sockaddr *peer, unsigned char key[KEY_LEN])
{
	memset(key, 0, KEY_LEN);
	if (peer && peer->sa_family == AF_INET) {
		key[0] = 4;
		memcpy(key + 1, &((const struct sockaddr_in *)peer)->sin_addr, 4);
	} else if (peer && peer->sa_family == AF_INET6) {
		const struct in6_addr *s = &((const struct sockaddr_in6 *)peer)->sin6_addr;
		key[0] = IN6_IS_ADDR_V4MAPPED(s) ? 4 : 6;
		memcpy(key + 1, key[0] == 4 ? s->s6_addr + 12 : s->s6_addr, key[0] == 4 ? 4 : 8);
	}
}

/* The client of key, its tokens brought up to date; a new one takes a free entry or one that is
 * forgotten at no loss (nothing waiting, every token back). NULL when none is free. Lock held. */
static struct client *client_of(struct exporter_auth *a, const unsigned char key[KEY_LEN], double now)
{
	struct client *c = NULL, *spare = NULL;

	for (int i = 0; i < AUTH_CLIENTS && !c; i++) {
		struct client *x = &a->clients[i];
		if (x->used && !memcmp(x->key, key, KEY_LEN))
			c = x;
		else if (!spare && (!x->used || (!x->pending && x->tokens + (now - x->stamp) / AUTH_REFILL_S >= AUTH_BURST)))
			spare = x;
	}
	if (!c && (c = spare)) {
		memset(c, 0, sizeof(*c));
		memcpy(c->key, key, KEY_LEN);
		c->used = true;
		c->tokens = AUTH_BURST;
		c->stamp = now;
	}
	if (c) {
		c->tokens = fmin(AUTH_BURST, c->tokens + (now - c->stamp) / AUTH_REFILL_S);
		c->stamp = now;
	}
	return c;
}

/* What a check decided: kept, and its client's tokens. Lock held. */
static void record(struct exporter_auth *a, int user, const struct tag *t, const unsigned char key[KEY_LEN], bool ok)
{
	struct client *c = client_of(a, key, clock_mono());

	if (ok) {
		a->users[user].good = *t;
		a->users[user].good_set = true;
	} else {
		a->bad[a->badnext] = *t;
		a->badnext = (a->badnext + 1) % AUTH_BAD_MAX;
		if (a->nbad < AUTH_BAD_MAX)
			a->nbad++;
	}
	if (c) {
		c->pending = false;
		if (!ok)
			c->tokens -= 1;
	}
}

static void unref(struct exporter_auth *a)
{
	if (--a->refs > 0) {
		pthread_mutex_unlock(&a->lock);
		return;
	}
	pthread_mutex_unlock(&a->lock);
	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->work);
	for (int i = 0; i < a->nusers; i++)
		free(a->users[i].name);
	free(a->users);
	explicit_bzero(a, sizeof(*a));   /* the key and the tags */
	free(a);
}

/* AUTH_HOLD_S to 1.5 x AUTH_HOLD_S: the connections of a flood, refused together, are not answered
 * together again (each burst would make a scrape wait for all of it). Lock held. */
static double hold_time(struct exporter_auth *a)
{
	a->spread ^= a->spread << 13;
	a->spread ^= a->spread >> 7;
	a->spread ^= a->spread << 17;
	return AUTH_HOLD_S * (1 + 0.5 * (double)(a->spread >> 11) / (double)(1ULL << 53));
}

/* The held refusals: kept in a list, answered at r->due. Lock held. */
static void held_add(struct exporter_auth *a, struct auth_req *r, enum auth_verdict v, double due)
{
	r->result = v;
	r->due = due;
	r->held = true;
	r->next = NULL;
	r->prev = a->held_tail;
	if (a->held_tail)
		a->held_tail->next = r;
	else
		a->held = r;
	a->held_tail = r;
	a->nheld++;
}

static void held_del(struct exporter_auth *a, struct auth_req *r)
{
	if (r->prev)
		r->prev->next = r->next;
	else
		a->held = r->next;
	if (r->next)
		r->next->prev = r->prev;
	else
		a->held_tail = r->prev;
	r->prev = r->next = NULL;
	r->held = false;
	a->nheld--;
}

/* Wake the held refusals that are due (all with force); the time of the next one, 0 when none. */
static double release(struct exporter_auth *a, double now, bool force)
{
	double next = 0;

	for (struct auth_req *r = a->held, *n; r; r = n) {
		n = r->next;
		if (force || r->due <= now) {
			held_del(a, r);
			r->verdict = r->result;
			a->wake(r->conn);
		} else if (!next || r->due < next) {
			next = r->due;
		}
	}
	return next;
}

static void wait_until(struct exporter_auth *a, double when)
{
	struct timespec ts;

	if (!when) {
		pthread_cond_wait(&a->work, &a->lock);
		return;
	}
	ts.tv_sec = (time_t)when;
	ts.tv_nsec = (long)((when - (double)ts.tv_sec) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(&a->work, &a->lock, &ts);
}

static void *worker(void *arg)
{
	struct exporter_auth *a = arg;
	struct crypt_data *cd = calloc(1, sizeof(*cd));

	pthread_mutex_lock(&a->lock);
	while (!a->stopping) {
		struct auth_req *r;
		char hash[61], *password;
		unsigned char key[KEY_LEN];
		struct tag t;
		int user;
		bool ok;
		double next = release(a, clock_mono(), false);
		if (!a->nq) {
			/* the held ones due within 10 ms of each other are woken together: a wake a
			 * refusal would cost O(held) each, O(held^2) in all */
			wait_until(a, next ? next + 0.01 : 0);
			continue;
		}
		r = a->queue[0];
		memmove(a->queue, a->queue + 1, sizeof(a->queue[0]) * (size_t)--a->nq);
		r->queued = false;
		a->running = r;
		/* what the check needs, copied: auth_stop may give r back to its connection meanwhile */
		user = r->user;
		password = r->password;
		r->password = NULL;
		t = r->tag;
		memcpy(key, r->key, KEY_LEN);
		memcpy(hash, a->users[user >= 0 ? user : 0].hash, sizeof(hash));
		a->checks++;
		pthread_mutex_unlock(&a->lock);

		/* an unknown user is checked against a real hash all the same: as slow as a known one */
		const char *out = cd ? a->crypt_r(password, hash, cd) : NULL;
		ok = user >= 0 && out && out[0] != '*' && same(out, hash);
		explicit_bzero(password, strlen(password));
		free(password);

		pthread_mutex_lock(&a->lock);
		record(a, user, &t, key, ok);
		if (a->running == r) {
			a->running = NULL;
			if (ok) {
				r->verdict = AUTH_OK;
				a->wake(r->conn);
			} else {   /* refused no sooner than any other refusal */
				held_add(a, r, AUTH_REFUSED, r->arrived + hold_time(a));
			}
		}
	}
	if (cd) {
		explicit_bzero(cd, sizeof(*cd));
		free(cd);
	}
	unref(a);   /* unlocks */
	return NULL;
}

struct exporter_auth *auth_new(const struct webcfg *cfg, auth_crypt_fn crypt_r, auth_conn_fn wake, struct errmsg *em)
{
	struct exporter_auth *a = calloc(1, sizeof(*a));
	static const char *const gnutls[] = { "libgnutls.so.30", NULL };
	const struct dynlib_fn hmac[] = { DYNLIB_FN(*a, hmac, "gnutls_hmac_fast") };
	char why[256];
	pthread_t th;
	int r;

	if (!a || !(a->users = calloc((size_t)cfg->nusers, sizeof(*a->users)))) {
		free(a);
		errmsg_set(em, -ENOMEM, "basic_auth_users: out of memory");
		return NULL;
	}
	a->crypt_r = crypt_r;
	a->wake = wake;
	a->nusers = cfg->nusers;
	for (int i = 0; i < cfg->nusers; i++) {
		a->users[i].name = strdup(cfg->users[i].name);
		snprintf(a->users[i].hash, sizeof(a->users[i].hash), "%s", cfg->users[i].hash);
		if (!a->users[i].name) {
			errmsg_set(em, -ENOMEM, "basic_auth_users: out of memory");
			goto fail;
		}
	}
	if ((r = dynlib_open(gnutls, hmac, 1, NULL, why, sizeof(why))) < 0) {
		errmsg_set(em, -ENOENT, "basic_auth_users needs GnuTLS's HMAC (libgnutls.so.30: %s%s); install it "
			   "(Debian/Ubuntu: libgnutls30)", r == -ENOENT ? "no " : "", why);
		goto fail;
	}
	if (getrandom(a->key, sizeof(a->key), 0) != (ssize_t)sizeof(a->key) ||
	    getrandom(&a->spread, sizeof(a->spread), 0) != (ssize_t)sizeof(a->spread)) {
		errmsg_set(em, -EIO, "basic_auth_users: no random key for the password cache: %s", strerror(errno));
		goto fail;
	}
	pthread_condattr_t ca;
	a->spread |= 1;   /* xorshift's state is never 0 */
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->work, &ca);
	pthread_condattr_destroy(&ca);
	a->refs = 2;
	if ((r = thread_start(&th, worker, a))) {
		errmsg_set(em, -r, "basic_auth_users: cannot start the thread that checks passwords: %s", strerror(r));
		goto fail;
	}
	pthread_detach(th);
	return a;
fail:
	for (int i = 0; i < a->nusers; i++)
		free(a->users[i].name);
	free(a->users);
	explicit_bzero(a, sizeof(*a));
	free(a);
	return NULL;
}

enum auth_verdict auth_check(struct exporter_auth *a, const char *user, const char *password,
			     const struct sockaddr *peer, void *conn, auth_conn_fn suspend, struct auth_req **req,
			     unsigned *retry_after)
{
	struct auth_req *r = NULL;
	struct client *c;
	struct tag t;
	unsigned char key[KEY_LEN];
	bool have = user && password && tag_of(a, user, password, &t) == 0, good = false, bad = false;
	enum auth_verdict v = AUTH_REFUSED;
	double now = clock_mono();
	int u = -1;

	*req = NULL;
	*retry_after = 0;
	for (int i = 0; have && i < a->nusers; i++)
		if (same(a->users[i].name, user))
			u = i;
	client_key(peer, key);
	pthread_mutex_lock(&a->lock);
	if (a->stopping) {
		pthread_mutex_unlock(&a->lock);
		return AUTH_REFUSED;
	}
	for (int i = 0; have && i < a->nusers; i++)
		good |= a->users[i].good_set & same_bytes(a->users[i].good.b, t.b, TAG_LEN) & (i == u);
	for (int i = 0; have && i < a->nbad; i++)
		bad |= same_bytes(a->bad[i].b, t.b, TAG_LEN);
	if (good) {
		pthread_mutex_unlock(&a->lock);
		return AUTH_OK;
	}
	if (have && !bad) {   /* bcrypt decides, when this client may have a check made now */
		c = client_of(a, key, now);
		if (c && !c->pending && c->tokens >= 1 && a->nq < AUTH_QUEUE) {
			if (!(r = calloc(1, sizeof(*r))) || !(r->password = strdup(password))) {
				free(r);
				pthread_mutex_unlock(&a->lock);
				return AUTH_REFUSED;
			}
			r->user = u;
			r->tag = t;
			memcpy(r->key, key, KEY_LEN);
			r->queued = true;
			a->queue[a->nq++] = r;
			c->pending = true;
		} else {
			v = AUTH_LATER;
			*retry_after = (unsigned)ceil(c && !c->pending && c->tokens < 1 ? (1 - c->tokens) * AUTH_REFILL_S : 1);
		}
	}
	/* else no user and password, or a wrong password already checked: refused, without bcrypt */
	if (!r && a->nheld < AUTH_HELD && (r = calloc(1, sizeof(*r)))) {   /* the refusal held */
		held_add(a, r, v, now + hold_time(a));
		r->retry_after = *retry_after;
	}
	if (!r) {   /* too many held: at once */
		pthread_mutex_unlock(&a->lock);
		return v;
	}
	r->conn = conn;
	r->arrived = now;
	r->verdict = AUTH_WAIT;
	/* suspended before the worker can see it, so that its wake always comes after */
	suspend(conn);
	pthread_cond_signal(&a->work);
	pthread_mutex_unlock(&a->lock);
	*req = r;
	return AUTH_WAIT;
}

enum auth_verdict auth_req_verdict(struct exporter_auth *a, const struct auth_req *r, unsigned *retry_after)
{
	enum auth_verdict v;

	pthread_mutex_lock(&a->lock);
	v = r->verdict;
	*retry_after = r->retry_after;
	pthread_mutex_unlock(&a->lock);
	return v;
}

void auth_req_free(struct exporter_auth *a, struct auth_req *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&a->lock);
	if (r->queued) {   /* not woken yet: only when the server ends without auth_stop */
		for (int i = 0; i < a->nq; i++)
			if (a->queue[i] == r) {
				memmove(a->queue + i, a->queue + i + 1, sizeof(a->queue[0]) * (size_t)(a->nq - i - 1));
				a->nq--;
				break;
			}
	}
	if (r->held)
		held_del(a, r);
	if (a->running == r)
		a->running = NULL;
	pthread_mutex_unlock(&a->lock);
	if (r->password) {
		explicit_bzero(r->password, strlen(r->password));
		free(r->password);
	}
	free(r);
}

void auth_release(struct exporter_auth *a, void *conn)
{
	pthread_mutex_lock(&a->lock);
	for (struct auth_req *r = a->held; r; r = r->next)
		if (r->conn == conn) {
			held_del(a, r);
			r->verdict = r->result;
			a->wake(r->conn);
			break;
		}
	pthread_mutex_unlock(&a->lock);
}

void auth_stop(struct exporter_auth *a)
{
	pthread_mutex_lock(&a->lock);
	a->stopping = true;
	for (int i = 0; i < a->nq; i++) {
		a->queue[i]->queued = false;
		a->queue[i]->verdict = AUTH_REFUSED;
		a->wake(a->queue[i]->conn);
	}
	a->nq = 0;
	if (a->running) {   /* its bcrypt ends on its own; its answer is dropped */
		a->running->verdict = AUTH_REFUSED;
		a->wake(a->running->conn);
		a->running = NULL;
	}
	release(a, 0, true);
	pthread_cond_broadcast(&a->work);
	pthread_mutex_unlock(&a->lock);
}

void auth_free(struct exporter_auth *a)
{
	if (!a)
		return;
	auth_stop(a);
	pthread_mutex_lock(&a->lock);
	unref(a);   /* unlocks; the worker frees it if it is still checking */
}

unsigned long auth_checks(struct exporter_auth *a)
{
	unsigned long n;

	pthread_mutex_lock(&a->lock);
	n = a->checks;
	pthread_mutex_unlock(&a->lock);
	return n;
}
