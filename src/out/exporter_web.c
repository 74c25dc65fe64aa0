/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_web.c: TLS material, the headers and basic authentication for the exporter's server, from
 * the web configuration file (config/webconfig.c reads it); the passwords are checked by
 * exporter_auth.c. */
#include "exporter_web.h"
#include "base/dynlib.h"
#include "base/errmsg.h"
#include "exporter_auth.h"
#include "exporter_mhd.h"
#include <crypt.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PEM_MAX (1024 * 1024)   /* a certificate chain or key; more is not one */

/* A PEM file into a NUL-terminated buffer; the key's is wiped when freed (read_pem's caller). */
static int read_pem(const char *path, const char *what, char **out, struct errmsg *em)
{
	struct stat st;
	char *buf;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK), e;

	if (fd < 0)
		return errmsg_set(em, -errno, "%s %s: %s", what, path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		e = errno;
		close(fd);
		return errmsg_set(em, -e, "%s %s: %s", what, path, strerror(e));
	}
	if (!S_ISREG(st.st_mode) || st.st_size <= 0 || st.st_size > PEM_MAX) {
		close(fd);
		return errmsg_set(em, -EINVAL, "%s %s: %s", what, path, !S_ISREG(st.st_mode) ? "not a regular file" :
				  "empty or larger than 1 MiB");
	}
	if (!(buf = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return errmsg_set(em, -ENOMEM, "%s %s: out of memory", what, path);
	}
	while (n < st.st_size) {
		ssize_t k = read(fd, buf + n, (size_t)(st.st_size - n));
		if (k <= 0)
			break;
		n += k;
	}
	close(fd);
	buf[n] = '\0';
	if (n != st.st_size || !strstr(buf, "-----BEGIN ")) {
		explicit_bzero(buf, (size_t)n);
		free(buf);
		return errmsg_set(em, -EINVAL, "%s %s: %s", what, path, n != st.st_size ? "cannot read it whole" :
				  "not PEM (no -----BEGIN line)");
	}
	*out = buf;
	return 0;
}

/* GnuTLS priorities allowing exactly TLS 1.min .. 1.max. */
static void priorities(struct exporter_web *w)
{
	size_t used = (size_t)snprintf(w->priorities, sizeof(w->priorities), "NORMAL:-VERS-ALL");

	for (int v = w->cfg.max_tls; v >= w->cfg.min_tls && used < sizeof(w->priorities); v--)
		used += (size_t)snprintf(w->priorities + used, sizeof(w->priorities) - used, ":+VERS-TLS1.%d", v - 10);
}

static void suspend(void *c) { mhd.suspend_connection(c); }
static void resume(void *c) { mhd.resume_connection(c); }

/* libcrypt's crypt_r, loaded only by a server with users (like libmicrohttpd, not at every start). */
static int open_crypt(struct exporter_web *w, struct errmsg *em)
{
	static const char *const sonames[] = { "libcrypt.so.1", NULL };
	const struct dynlib_fn fns[] = { DYNLIB_FN(*w, crypt_r, "crypt_r") };
	struct crypt_data *cd;
	const char *r;
	char why[256];
	int rc = dynlib_open(sonames, fns, 1, NULL, why, sizeof(why));

	if (rc == -ELIBACC)
		return errmsg_set(em, -ENOENT, "basic_auth_users needs libcrypt (%s); install it (Debian/Ubuntu: "
				  "libcrypt1)", why);
	if (rc < 0)
		return errmsg_set(em, -ENOTSUP, "basic_auth_users: the libcrypt installed has no crypt_r");
	if (!(cd = calloc(1, sizeof(*cd))))
		return errmsg_set(em, -ENOMEM, "basic_auth_users: out of memory");
	/* crypt() that cannot check bcrypt (a libcrypt without it) would refuse everyone: asked at the
	 * lowest cost, not the users' (a check at their cost is the worker's, exporter_auth.c) */
	r = w->crypt_r("", "$2b$04$pmutopTestSaltForBobxu", cd);
	r = r && r[0] != '*' ? r : NULL;
	free(cd);
	if (!r)
		return errmsg_set(em, -ENOTSUP, "basic_auth_users: this system's crypt() cannot check bcrypt "
				  "hashes (%.7s...): libxcrypt has them", w->cfg.users[0].hash);
	return 0;
}

int exporter_web_open(struct exporter_web *w, const char *path, struct errmsg *em)
{
	int r;

	memset(w, 0, sizeof(*w));
	if ((r = webcfg_load(path, &w->cfg, em)) < 0)
		return r;
	if (w->cfg.cert_file && ((r = read_pem(w->cfg.cert_file, "cert_file", &w->cert, em)) < 0 ||
				 (r = read_pem(w->cfg.key_file, "key_file", &w->key, em)) < 0))
		return r;
	priorities(w);
	if (w->cfg.nusers && (r = open_crypt(w, em)) < 0)
		return r;
	if (w->cfg.nusers && !(w->auth = auth_new(&w->cfg, w->crypt_r, resume, em)))
		return -EINVAL;
	return 0;
}

void exporter_web_stop(struct exporter_web *w)
{
	if (w->auth)
		auth_stop(w->auth);
}

void exporter_web_close(struct exporter_web *w)
{
	auth_free(w->auth);   /* the worker is not waited for: it ends its check on its own */
	if (w->key)
		explicit_bzero(w->key, strlen(w->key));
	free(w->key);
	free(w->cert);
	webcfg_free(&w->cfg);
	memset(w, 0, sizeof(*w));
}

void exporter_web_headers(const struct exporter_web *w, struct MHD_Response *r)
{
	for (int i = 0; i < w->cfg.nheaders; i++)
		mhd.add_response_header(r, w->cfg.headers[i].name, w->cfg.headers[i].value);
}

static enum MHD_Result reply_unauthorized(struct exporter_web *w, struct MHD_Connection *c)
{
	static const char text[] = "401 Unauthorized: pmutop asks for a user and password\n";
	struct MHD_Response *r = mhd.create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ok;

	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
	exporter_web_headers(w, r);
	ok = mhd.queue_basic_auth_fail_response(c, "pmutop", r);   /* 401 with WWW-Authenticate: Basic */
	mhd.destroy_response(r);
	return ok;
}

/* 429: too many wrong passwords from this client, or too many checks waiting */
static enum MHD_Result reply_later(struct exporter_web *w, struct MHD_Connection *c, unsigned retry_after)
{
	static const char text[] = "429 Too Many Requests: too many wrong passwords; try again later\n";
	struct MHD_Response *r = mhd.create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
	char secs[16];
	enum MHD_Result ok;

	if (!r)
		return MHD_NO;
	snprintf(secs, sizeof(secs), "%u", retry_after ? retry_after : 1);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, secs);
	exporter_web_headers(w, r);
	ok = mhd.queue_response(c, MHD_HTTP_TOO_MANY_REQUESTS, r);
	mhd.destroy_response(r);
	return ok;
}

bool exporter_web_gate(struct exporter_web *w, struct MHD_Connection *c, void **state, enum MHD_Result *ret)
{
	enum auth_verdict v;
	unsigned retry_after = 0;

	if (!w->auth)
		return true;
	if (*state) {   /* woken: the check is decided */
		v = auth_req_verdict(w->auth, *state, &retry_after);
		auth_req_free(w->auth, *state);
		*state = NULL;
	} else {
		char *pass = NULL, *user = mhd.basic_auth_get_username_password(c, &pass);
		const union MHD_ConnectionInfo *ci = mhd.get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		struct auth_req *req = NULL;
		v = auth_check(w->auth, user, pass, ci ? ci->client_addr : NULL, c, suspend, &req, &retry_after);
		if (pass) {
			explicit_bzero(pass, strlen(pass));
			mhd.free(pass);
		}
		if (user)
			mhd.free(user);
		if (v == AUTH_WAIT)
			*state = req;
	}
	if (v == AUTH_OK)
		return true;
	*ret = v == AUTH_WAIT ? MHD_YES : v == AUTH_LATER ? reply_later(w, c, retry_after) : reply_unauthorized(w, c);
	return false;
}

void exporter_web_done(struct exporter_web *w, void **state)
{
	if (w->auth && *state) {
		auth_req_free(w->auth, *state);
		*state = NULL;
	}
}

void exporter_web_release(void *w, struct MHD_Connection *c)
{
	auth_release(((struct exporter_web *)w)->auth, c);
}
