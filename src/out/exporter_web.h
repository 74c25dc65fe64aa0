/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_web.h: the web configuration at work for the exporter's server: the TLS certificate and
 * key read into memory for libmicrohttpd (MHD_USE_TLS), the GnuTLS priorities for the TLS versions,
 * and the system's crypt() for basic authentication (libcrypt, loaded when users are configured:
 * bcrypt's $2a$, $2b$ and $2y$; exporter_auth.c checks passwords with it). */
#ifndef PMUTOP_EXPORTER_WEB_H
#define PMUTOP_EXPORTER_WEB_H
#include <microhttpd.h>
#include <stdbool.h>
#include "config/webconfig.h"

struct errmsg;
struct crypt_data;
struct exporter_auth;

struct exporter_web {
	struct webcfg cfg;
	char *cert, *key;      /* PEM text, NUL-terminated; NULL without TLS. The key is wiped on free. */
	char priorities[128];  /* GnuTLS priority string for min_tls..max_tls */
	/* basic authentication: crypt_r from libcrypt, when there are users */
	char *(*crypt_r)(const char *phrase, const char *setting, struct crypt_data *data);
	struct exporter_auth *auth;   /* the passwords' checks (exporter_auth.c) */
};

/* Read the web configuration file, the certificate and key it names, and load libcrypt and start
 * the checks of passwords when it has users. 0, or a negative errno with em saying what and where. */
int exporter_web_open(struct exporter_web *w, const char *path, struct errmsg *em);
/* Before the server stops: the requests waiting for a check are refused and woken (libmicrohttpd
 * may not stop with a connection suspended). */
void exporter_web_stop(struct exporter_web *w);
/* After the server stopped. */
void exporter_web_close(struct exporter_web *w);
static inline bool exporter_web_tls(const struct exporter_web *w) { return w->cert != NULL; }
static inline bool exporter_web_auth(const struct exporter_web *w) { return w->cfg.nusers > 0; }
/* http_server_config.headers on a response. */
void exporter_web_headers(const struct exporter_web *w, struct MHD_Response *r);
/* Basic authentication for a request whose headers are in (*state NULL), or which a check woke
 * (*state the check, set here). true: it may go on (*state NULL); false: the handler returns *ret,
 * MHD_YES while the connection waits for its check, else a refusal (401, or 429 with Retry-After). */
bool exporter_web_gate(struct exporter_web *w, struct MHD_Connection *c, void **state, enum MHD_Result *ret);
/* The request of *state ended (MHD_OPTION_NOTIFY_COMPLETED): its check, if any, is dropped. */
void exporter_web_done(struct exporter_web *w, void **state);
/* exporter_conn.c closes c: a refusal held for it is answered now (on_cut, cls: w). */
void exporter_web_release(void *w, struct MHD_Connection *c);
#endif
