/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_exporter_auth.c: the checks of basic authentication's passwords (src/out/exporter_auth.c,
 * issue 37) with a stand-in for crypt_r that takes 50 ms: a password that matched is let in at once,
 * also while the worker is busy; a wrong one is checked once, then refused without a check; an
 * unknown user costs a check as a known one does; every refusal waits AUTH_HOLD_S (to 1.5 x); one client's
 * failures beyond AUTH_BURST get AUTH_LATER with Retry-After while another client is still checked;
 * auth_stop wakes every connection still waiting and refuses what comes after. The HTTP side is in
 * tests/cli/exporter_auth.sh, with a real client. */
#include "t.h"
#include "base/errmsg.h"
#include "config/webconfig.h"
#include "out/exporter_auth.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define HASH "$2y$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int conns[64];         /* per connection: 1 suspended, 2 woken */
static int crypts;

/* alice's password is "right"; 50 ms a check, as bcrypt at cost 9 or so */
static char *fake_crypt(const char *phrase, const char *setting, struct crypt_data *cd)
{
	(void)cd;
	usleep(50000);
	pthread_mutex_lock(&lock);
	crypts++;
	pthread_mutex_unlock(&lock);
	return !strcmp(phrase, "right") ? (char *)setting : (char *)"$2y$10$wrong";
}

static void suspend(void *c)
{
	pthread_mutex_lock(&lock);
	conns[(int *)c - conns] = 1;
	pthread_mutex_unlock(&lock);
}

static void wake(void *c)
{
	pthread_mutex_lock(&lock);
	conns[(int *)c - conns] = 2;
	pthread_mutex_unlock(&lock);
}

static int state(int i)
{
	pthread_mutex_lock(&lock);
	int s = conns[i];
	pthread_mutex_unlock(&lock);
	return s;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* wait (at most 3 s) for connection i to be woken; its verdict, the request freed */
static enum auth_verdict woken(struct exporter_auth *a, int i, struct auth_req *r, unsigned *retry)
{
	double end = now() + 3;
	enum auth_verdict v;

	while (state(i) != 2 && now() < end)
		usleep(2000);
	v = auth_req_verdict(a, r, retry);
	auth_req_free(a, r);
	return v;
}

/* call (once: CHECK_EQ_INT would make it again to print it) gives want */
#define EXPECT(call, want) do { \
	enum auth_verdict v_ = (call); \
	CHECK(v_ == (want), "%d, not %d", v_, want); \
} while (0)

static struct sockaddr_in addr(const char *ip)
{
	struct sockaddr_in s = { .sin_family = AF_INET };

	inet_pton(AF_INET, ip, &s.sin_addr);
	return s;
}

static struct exporter_auth *setup(void)
{
	static struct webcfg_user users[] = { { (char *)"alice", (char *)HASH } };
	struct webcfg cfg = { .nusers = 1, .users = users };
	struct errmsg em = { 0 };

	memset(conns, 0, sizeof(conns));
	crypts = 0;
	struct exporter_auth *a = auth_new(&cfg, fake_crypt, wake, &em);
	if (!a)
		printf("     auth_new: %s\n", em.text);
	return a;
}

/* one check from ip on connection i: its verdict once decided, with the seconds it took */
static enum auth_verdict check(struct exporter_auth *a, const char *ip, const char *user, const char *pw, int i,
			       double *took, unsigned *retry)
{
	struct sockaddr_in p = addr(ip);
	struct auth_req *r;
	double t0 = now();
	enum auth_verdict v = auth_check(a, user, pw, (struct sockaddr *)&p, &conns[i], suspend, &r, retry);

	if (v == AUTH_WAIT) {
		CHECK(state(i) == 1 || state(i) == 2, "connection %d not suspended", i);
		v = woken(a, i, r, retry);
	}
	*took = now() - t0;
	return v;
}

TEST(good_kept_wrong_checked_once)
{
	struct exporter_auth *a = setup();
	double took;
	unsigned retry;

	if (!a)
		T_SKIP("no GnuTLS HMAC here");
	EXPECT(check(a, "127.0.0.1", "alice", "right", 0, &took, &retry), AUTH_OK);
	CHECK_EQ_INT(auth_checks(a), 1);
	/* kept: at once, no check */
	EXPECT(check(a, "127.0.0.1", "alice", "right", 1, &took, &retry), AUTH_OK);
	CHECK(took < 0.02 && auth_checks(a) == 1, "%.3f s, %lu checks", took, auth_checks(a));
	/* a wrong one: checked, refused no sooner than AUTH_HOLD_S; again: refused without a check */
	EXPECT(check(a, "127.0.0.1", "alice", "wrong", 2, &took, &retry), AUTH_REFUSED);
	CHECK(took >= AUTH_HOLD_S - 0.01 && auth_checks(a) == 2, "%.3f s, %lu checks", took, auth_checks(a));
	EXPECT(check(a, "127.0.0.1", "alice", "wrong", 3, &took, &retry), AUTH_REFUSED);
	CHECK(took >= AUTH_HOLD_S - 0.01 && auth_checks(a) == 2, "%.3f s, %lu checks", took, auth_checks(a));
	/* the password of alice is not bob's: an unknown user costs a check, and is refused */
	EXPECT(check(a, "127.0.0.1", "bob", "right", 4, &took, &retry), AUTH_REFUSED);
	CHECK_EQ_INT(auth_checks(a), 3);
	/* no user and password: refused, held, no check */
	EXPECT(check(a, "127.0.0.1", NULL, NULL, 5, &took, &retry), AUTH_REFUSED);
	CHECK(took >= AUTH_HOLD_S - 0.01 && took < 1.5 * AUTH_HOLD_S + 0.25 && auth_checks(a) == 3, "%.3f s, %lu checks",
	      took, auth_checks(a));
	auth_free(a);
}

TEST(failures_limited_per_client)
{
	struct exporter_auth *a = setup();
	struct auth_req *r[AUTH_BURST + 4];
	struct sockaddr_in p = addr("192.0.2.7");
	struct sockaddr_in6 m = { .sin6_family = AF_INET6 };
	unsigned retry = 0;
	double took;
	char pw[32];
	int n = 0, later = 0;

	if (!a)
		T_SKIP("no GnuTLS HMAC here");
	/* distinct wrong passwords, each sent once the last one's check is made: AUTH_BURST are checked */
	for (int i = 0; i < AUTH_BURST + 2; i++) {
		snprintf(pw, sizeof(pw), "wrong-%d", i);
		enum auth_verdict v = auth_check(a, "alice", pw, (struct sockaddr *)&p, &conns[i], suspend, &r[i], &retry);
		CHECK_EQ_INT(v, AUTH_WAIT);
		/* its check made (and recorded just after), when it is one: not the last two */
		pthread_mutex_lock(&lock);
		int made = crypts;
		pthread_mutex_unlock(&lock);
		for (double end = now() + 2; i < AUTH_BURST && made < i + 1 && now() < end;) {
			usleep(1000);
			pthread_mutex_lock(&lock);
			made = crypts;
			pthread_mutex_unlock(&lock);
		}
		usleep(20000);
		n++;
	}
	/* at once, before a token comes back (one every AUTH_REFILL_S): the right password from that
	 * client waits too, nothing tells it from another guess; also when it comes over IPv6 as an
	 * IPv4-mapped address */
	enum auth_verdict v1 = auth_check(a, "alice", "right", (struct sockaddr *)&p, &conns[n], suspend, &r[n], &retry);
	inet_pton(AF_INET6, "::ffff:192.0.2.7", &m.sin6_addr);
	enum auth_verdict v2 = auth_check(a, "alice", "right", (struct sockaddr *)&m, &conns[n + 1], suspend, &r[n + 1], &retry);
	CHECK(v1 == AUTH_WAIT && v2 == AUTH_WAIT, "%d %d", v1, v2);
	for (int i = 0; i < n + 2; i++) {
		enum auth_verdict v = woken(a, i, r[i], &retry);
		if (i < AUTH_BURST)
			CHECK(v == AUTH_REFUSED, "%d: %d", i, v);
		else
			later += v == AUTH_LATER && retry >= 1 && retry <= AUTH_REFILL_S + 1;
	}
	CHECK(later == 4 && auth_checks(a) == AUTH_BURST, "%d later, %lu checks", later, auth_checks(a));
	/* another client is checked and let in, and after it the first one too, at once */
	v1 = check(a, "192.0.2.8", "alice", "right", 21, &took, &retry);
	v2 = check(a, "192.0.2.7", "alice", "right", 22, &took, &retry);
	CHECK(v1 == AUTH_OK && v2 == AUTH_OK && took < 0.02, "%d %d, %.3f s", v1, v2, took);
	auth_free(a);
}

TEST(stop_wakes_everyone)
{
	struct exporter_auth *a = setup();
	struct auth_req *r[6];
	unsigned retry;
	double t0;
	char ip[32];

	if (!a)
		T_SKIP("no GnuTLS HMAC here");
	/* one check under way, four waiting for it (one client each), one refusal held */
	for (int i = 0; i < 5; i++) {
		struct sockaddr_in p;
		snprintf(ip, sizeof(ip), "198.51.100.%d", i + 1);
		p = addr(ip);
		EXPECT(auth_check(a, "alice", "wrong", (struct sockaddr *)&p, &conns[i], suspend, &r[i], &retry), AUTH_WAIT);
	}
	struct sockaddr_in q = addr("198.51.100.9");
	EXPECT(auth_check(a, NULL, NULL, (struct sockaddr *)&q, &conns[5], suspend, &r[5], &retry), AUTH_WAIT);
	usleep(10000);
	t0 = now();
	auth_stop(a);
	CHECK(now() - t0 < 0.01, "auth_stop took %.3f s", now() - t0);
	for (int i = 0; i < 6; i++) {
		CHECK(state(i) == 2, "connection %d not woken", i);
		enum auth_verdict v = auth_req_verdict(a, r[i], &retry);
		CHECK(v == AUTH_REFUSED, "connection %d: %d", i, v);
		auth_req_free(a, r[i]);
	}
	struct auth_req *late;
	EXPECT(auth_check(a, "alice", "right", (struct sockaddr *)&q, &conns[7], suspend, &late, &retry), AUTH_REFUSED);
	auth_free(a);   /* the worker may still be in its check: it frees what is left */
}

int main(void)
{
	RUN(good_kept_wrong_checked_once);
	RUN(failures_limited_per_client);
	RUN(stop_wakes_everyone);
	T_DONE();
}
