/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_auth.h: basic authentication that wrong passwords cannot use to stall the server (issue 37).
 * A bcrypt check on libmicrohttpd's one thread made every other request wait for it: 120 connections
 * sending wrong passwords at cost 10 held a correct scrape for 5 to 9 s. Here:
 *  - every answer is kept, under a tag: HMAC-SHA-256 of "user\0password" with a key drawn at start
 *    (GnuTLS, loaded with libmicrohttpd's TLS), compared in constant time. The password that matched,
 *    per user, and the last AUTH_BAD_MAX wrong ones are answered without bcrypt, at once;
 *  - a check that needs bcrypt is made by one worker thread, never on the server's: the connection
 *    waits (suspended in libmicrohttpd) and is woken with the answer, while the server goes on;
 *  - each client (an IPv4 address, an IPv6 /64) has one check at a time and AUTH_BURST wrong
 *    passwords, then one more every AUTH_REFILL_S seconds; at most AUTH_QUEUE checks wait in all.
 *    Beyond that the answer is 429 with Retry-After, with no bcrypt at all;
 *  - every refusal (401, 429) is answered AUTH_HOLD_S to 1.5 x AUTH_HOLD_S after its request came
 *    (spread at random, so that a flood's connections are not answered in bursts), not sooner: the
 *    connection waits, suspended, at no cost to the server. A flood of wrong passwords then gets
 *    as many answers a second as it holds connections, and wrong passwords cost their sender
 *    time, not the scrapes; when AUTH_HELD are waiting, or the connection is needed for another
 *    (auth_release, from exporter_conn.c), it is answered at once;
 *  - at the end the checks waiting are refused and their connections woken, and the worker is not
 *    waited for: the one check it may be making ends on its own (WEBCFG_BCRYPT_MAX_COST bounds it).
 * The module knows nothing of libmicrohttpd: the caller gives the functions that suspend and wake a
 * connection. */
#ifndef PMUTOP_EXPORTER_AUTH_H
#define PMUTOP_EXPORTER_AUTH_H
#include <stdbool.h>

struct crypt_data;
struct errmsg;
struct sockaddr;
struct webcfg;
struct exporter_auth;
struct auth_req;

#define AUTH_BURST 8        /* wrong passwords a client may send at once */
#define AUTH_REFILL_S 2.0   /* then one more every this many seconds */
#define AUTH_QUEUE 16       /* checks waiting for the worker, all clients together */
#define AUTH_CLIENTS 256    /* clients whose failures are remembered */
#define AUTH_BAD_MAX 64     /* wrong passwords remembered */
#define AUTH_HOLD_S 0.5     /* a refusal's answer waits this long (to 1.5 x) after the request came */
#define AUTH_HELD 4096      /* refusals held at once (max_connections is at most 4096) */

enum auth_verdict {
	AUTH_OK,       /* a user and its password */
	AUTH_REFUSED,  /* 401 */
	AUTH_WAIT,     /* a check is under way: the connection was suspended and will be woken */
	AUTH_LATER,    /* too many wrong passwords from this client, or checks waiting: 429 */
};

typedef char *(*auth_crypt_fn)(const char *phrase, const char *setting, struct crypt_data *data);
typedef void (*auth_conn_fn)(void *conn);

/* The users of cfg (copied), checked with crypt_r; wake(conn) resumes a suspended connection (called
 * under the module's lock, from the worker or auth_stop). NULL with em on failure. */
struct exporter_auth *auth_new(const struct webcfg *cfg, auth_crypt_fn crypt_r, auth_conn_fn wake, struct errmsg *em);
/* Check user and password (NULL: none given) from peer. AUTH_WAIT: suspend(conn) was called, *req
 * holds the check; once conn is woken, auth_req_verdict(*req) tells, and auth_req_free ends it.
 * AUTH_LATER: *retry_after is the seconds to say in Retry-After. */
enum auth_verdict auth_check(struct exporter_auth *a, const char *user, const char *password,
			     const struct sockaddr *peer, void *conn, auth_conn_fn suspend, struct auth_req **req,
			     unsigned *retry_after);
/* AUTH_OK, AUTH_REFUSED or AUTH_LATER (with *retry_after), once the connection was woken; AUTH_WAIT
 * before. */
enum auth_verdict auth_req_verdict(struct exporter_auth *a, const struct auth_req *r, unsigned *retry_after);
void auth_req_free(struct exporter_auth *a, struct auth_req *r);
/* The connection is closed by exporter_conn.c: a refusal held for it is woken now. */
void auth_release(struct exporter_auth *a, void *conn);
/* Refuse every check waiting and wake its connection; every later one is refused at once. */
void auth_stop(struct exporter_auth *a);
/* auth_stop, and free: at once, or when the worker ends its check. */
void auth_free(struct exporter_auth *a);
/* Bcrypt checks made since the start (for tests and the log). */
unsigned long auth_checks(struct exporter_auth *a);
#endif
