/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_http.c: HTTP towards the query API and the exporters, through libcurl: a few handles kept
 * alive across refreshes and driven together by one multi handle (a refresh's queries asked at
 * once: the server evaluates them side by side), HTTP/2 where the server offers it (over TLS),
 * timeouts, basic or bearer authentication read from files, a CA bundle and a client certificate.
 * Each body is bounded. */
#include "fleet_impl.h"
#include "base/errmsg.h"
#include "fleet_curl.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fleet_http {
	CURL *easy[FLEET_HTTP_PAR];   /* easy[0] made at open, the others when first needed */
	CURLM *multi;
	double timeout;
	char user[256], password[256];
	char bearer[4096 + 32];       /* "Authorization: Bearer ..." */
	struct curl_slist *headers, *headers_om;   /* the bearer's; the same and Accept: OpenMetrics */
	const char *ca, *cert, *key;
};


/* The first line of a secret's file, without its newline; the file must not be empty. */
static int read_secret(const char *path, char *dst, size_t n, const char *what, struct errmsg *em)
{
	FILE *f = fopen(path, "r");
	size_t len;

	if (!f)
		return errmsg_set(em, -errno, "%s %s: %s", what, path, strerror(errno));
	if (!fgets(dst, (int)n, f)) {
		fclose(f);
		return errmsg_set(em, -EINVAL, "%s %s: empty", what, path);
	}
	fclose(f);
	len = strcspn(dst, "\r\n");
	dst[len] = '\0';
	if (len == 0 || len + 1 >= n)
		return errmsg_set(em, -EINVAL, "%s %s: %s", what, path, len ? "longer than 4096 bytes" : "empty first line");
	return 0;
}

size_t fleet_http_sink(char *p, size_t size, size_t nmemb, void *ctx)
{
	struct fleet_body *b = ctx;
	size_t n = size * nmemb;

	if (b->len + n > FLEET_BODY_MAX) {
		b->over = true;
		return 0;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 16384;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *q = realloc(b->p, cap);
		if (!q)
			return 0;
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
	return n;
}

int fleet_http_setup(struct fleet_http *h, void *easy, bool openmetrics, struct errmsg *em)
{
	CURL *c = easy;
	long ms = (long)(h->timeout * 1000);

	(void)em;
	fc.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	fc.easy_setopt(c, CURLOPT_TIMEOUT_MS, ms);
	fc.easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, ms < 5000 ? ms : 5000L);
	fc.easy_setopt(c, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
	fc.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	fc.easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");   /* gzip where offered */
	fc.easy_setopt(c, CURLOPT_USERAGENT, "pmutop-fleet");
	fc.easy_setopt(c, CURLOPT_WRITEFUNCTION, fleet_http_sink);
	if (h->user[0]) {
		fc.easy_setopt(c, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
		fc.easy_setopt(c, CURLOPT_USERNAME, h->user);
		fc.easy_setopt(c, CURLOPT_PASSWORD, h->password);
	}
	fc.easy_setopt(c, CURLOPT_HTTPHEADER, openmetrics ? h->headers_om : h->headers);
	if (h->ca)
		fc.easy_setopt(c, CURLOPT_CAINFO, h->ca);
	if (h->cert)
		fc.easy_setopt(c, CURLOPT_SSLCERT, h->cert);
	if (h->key)
		fc.easy_setopt(c, CURLOPT_SSLKEY, h->key);
	return 0;
}

int fleet_http_open(const struct fleet_opts *o, struct fleet_http **out, struct errmsg *em)
{
	struct fleet_http *h;
	int r;

	*out = NULL;
	if ((r = fleet_curl_open(em)) < 0)
		return r;
	if (!(h = calloc(1, sizeof(*h))))
		return errmsg_set(em, -ENOMEM, "out of memory");
	h->timeout = o->timeout > 0 ? o->timeout : 10;
	h->ca = o->ca;
	h->cert = o->cert;
	h->key = o->key;
	if (o->user) {
		snprintf(h->user, sizeof(h->user), "%s", o->user);
		if (!o->password_file) {
			fleet_http_close(h);
			return errmsg_set(em, -EINVAL, "--fleet-user needs --fleet-password-file FILE (its first line)");
		}
		if ((r = read_secret(o->password_file, h->password, sizeof(h->password), "--fleet-password-file", em)) < 0) {
			fleet_http_close(h);
			return r;
		}
	}
	if (o->bearer_file) {
		char tok[4096];
		if ((r = read_secret(o->bearer_file, tok, sizeof(tok), "--fleet-bearer-file", em)) < 0) {
			fleet_http_close(h);
			return r;
		}
		snprintf(h->bearer, sizeof(h->bearer), "Authorization: Bearer %s", tok);
		if (!(h->headers = fc.slist_append(NULL, h->bearer)) ||
		    !(h->headers_om = fc.slist_append(NULL, h->bearer))) {
			fleet_http_close(h);
			return errmsg_set(em, -ENOMEM, "out of memory");
		}
	}
	struct curl_slist *om = fc.slist_append(h->headers_om, "Accept: application/openmetrics-text;"
						  "version=1.0.0,text/plain;version=0.0.4;q=0.5");
	if (!om) {
		fleet_http_close(h);
		return errmsg_set(em, -ENOMEM, "out of memory");
	}
	h->headers_om = om;
	if (!(h->easy[0] = fc.easy_init()) || !(h->multi = fc.multi_init())) {
		fleet_http_close(h);
		return errmsg_set(em, -ENOMEM, "libcurl: no handle");
	}
	fleet_http_setup(h, h->easy[0], false, em);
	*out = h;
	return 0;
}

void fleet_http_close(struct fleet_http *h)
{
	if (!h)
		return;
	for (int i = 0; i < FLEET_HTTP_PAR; i++)
		if (h->easy[i])
			fc.easy_cleanup(h->easy[i]);
	if (h->multi)
		fc.multi_cleanup(h->multi);
	fc.slist_free_all(h->headers);
	fc.slist_free_all(h->headers_om);
	memset(h->password, 0, sizeof(h->password));
	memset(h->bearer, 0, sizeof(h->bearer));
	free(h);
}

int fleet_http_escape(struct fleet_http *h, const char *s, char *dst, size_t n)
{
	char *e = fc.easy_escape(h->easy[0], s, 0);
	int k;

	if (!e)
		return -ENOMEM;
	k = snprintf(dst, n, "%s", e);
	fc.free(e);
	return k < 0 || (size_t)k >= n ? -ENOSPC : k;
}

void fleet_http_multi_run(void *multi)
{
	int running = 0;

	do {
		if (fc.multi_perform(multi, &running) != CURLM_OK)
			break;
		if (running)
			fc.multi_poll(multi, NULL, 0, 1000, NULL);
	} while (running);
}

/* One batch (at most FLEET_HTTP_PAR requests), each on its own handle, all through the multi handle. */
static void do_batch(struct fleet_http *h, const char *base, size_t bl, struct fleet_req *rq, int n,
		     struct fleet_body *b)
{
	char url[FLEET_HTTP_PAR][2048];
	int left, added = 0;
	CURLMsg *msg;

	for (int i = 0; i < n; i++) {
		memset(&b[i], 0, sizeof(b[i]));
		rq[i].rc = errmsg_set(&rq[i].em, -EIO, "%.*s%s: no answer", (int)bl, base, rq[i].path);
		if (snprintf(url[i], sizeof(url[i]), "%.*s%s", (int)bl, base, rq[i].path) >= (int)sizeof(url[i])) {
			rq[i].rc = errmsg_set(&rq[i].em, -ENAMETOOLONG, "the URL is too long");
			continue;
		}
		if (!h->easy[i]) {
			if (!(h->easy[i] = fc.easy_init())) {
				rq[i].rc = errmsg_set(&rq[i].em, -ENOMEM, "libcurl: no handle");
				continue;
			}
			fleet_http_setup(h, h->easy[i], false, &rq[i].em);
		}
		fc.easy_setopt(h->easy[i], CURLOPT_URL, url[i]);
		fc.easy_setopt(h->easy[i], CURLOPT_WRITEDATA, &b[i]);
		if (rq[i].form)
			fc.easy_setopt(h->easy[i], CURLOPT_POSTFIELDS, rq[i].form);
		else
			fc.easy_setopt(h->easy[i], CURLOPT_HTTPGET, 1L);
		if (fc.multi_add_handle(h->multi, h->easy[i]) == CURLM_OK)
			added |= 1 << i;
	}
	fleet_http_multi_run(h->multi);
	while ((msg = fc.multi_info_read(h->multi, &left))) {
		int i = 0;
		if (msg->msg != CURLMSG_DONE)
			continue;
		while (i < n && h->easy[i] != msg->easy_handle)
			i++;
		if (i == n)
			continue;
		fc.easy_getinfo(h->easy[i], CURLINFO_RESPONSE_CODE, &rq[i].status);
		if (msg->data.result == CURLE_OK)
			rq[i].rc = 0;
		else if (b[i].over)
			rq[i].rc = errmsg_set(&rq[i].em, -E2BIG, "%s: the answer is larger than %u MiB", url[i],
					      FLEET_BODY_MAX >> 20);
		else
			rq[i].rc = errmsg_set(&rq[i].em, msg->data.result == CURLE_OPERATION_TIMEDOUT ? -ETIMEDOUT :
					      msg->data.result == CURLE_COULDNT_CONNECT ? -ECONNREFUSED : -EIO, "%s: %s",
					      url[i], fc.easy_strerror(msg->data.result));
	}
	for (int i = 0; i < n; i++) {
		if (added & (1 << i))
			fc.multi_remove_handle(h->multi, h->easy[i]);
		if (rq[i].rc == 0 && !(rq[i].body = b[i].p ? b[i].p : strdup("")))
			rq[i].rc = errmsg_set(&rq[i].em, -ENOMEM, "out of memory");
		else if (rq[i].rc == 0)
			rq[i].len = b[i].len;
		else
			free(b[i].p);
	}
}

void fleet_http_do_many(struct fleet_http *h, const char *base, struct fleet_req *reqs, int n)
{
	struct fleet_body b[FLEET_HTTP_PAR];
	size_t bl = strlen(base);

	while (bl > 0 && base[bl - 1] == '/')
		bl--;
	for (int i = 0; i < n; i++) {
		reqs[i].body = NULL;
		reqs[i].len = 0;
		reqs[i].status = 0;
		reqs[i].em = (struct errmsg){ 0 };
	}
	for (int at = 0; at < n; at += FLEET_HTTP_PAR)
		do_batch(h, base, bl, reqs + at, n - at < FLEET_HTTP_PAR ? n - at : FLEET_HTTP_PAR, b);
}

int fleet_http_do(struct fleet_http *h, const char *base, const char *path, const char *form, char **body,
		  size_t *len, long *status, struct errmsg *em)
{
	struct fleet_req rq = { .path = path, .form = form };

	fleet_http_do_many(h, base, &rq, 1);
	*body = rq.body;
	*len = rq.len;
	*status = rq.status;
	if (rq.rc < 0)
		*em = rq.em;
	return rq.rc;
}
