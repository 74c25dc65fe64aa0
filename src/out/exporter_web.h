/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exporter_web.h: the web configuration at work for the exporter's server: the TLS certificate and
 * key read into memory for libmicrohttpd (MHD_USE_TLS), the GnuTLS priorities for the TLS versions,
 * and basic authentication checked with the system's crypt() (libcrypt, loaded when users are
 * configured: bcrypt's $2a$, $2b$ and $2y$). */
#ifndef PMUTOP_EXPORTER_WEB_H
#define PMUTOP_EXPORTER_WEB_H
#include <pthread.h>
#include <stdbool.h>
#include "config/webconfig.h"

struct errmsg;
struct crypt_data;

struct exporter_web {
	struct webcfg cfg;
	char *cert, *key;      /* PEM text, NUL-terminated; NULL without TLS. The key is wiped on free. */
	char priorities[128];  /* GnuTLS priority string for min_tls..max_tls */
	/* basic authentication: crypt_r from libcrypt; per user the last password that matched, so a
	 * scrape every few seconds costs one bcrypt per password change, not one per request */
	char *(*crypt_r)(const char *phrase, const char *setting, struct crypt_data *data);
	struct crypt_data *crypt_data;
	char **ok;             /* [cfg.nusers] */
	pthread_mutex_t lock;
};

/* Read the web configuration file, the certificate and key it names, and load libcrypt when it
 * has users. 0, or a negative errno with em saying what and where. */
int exporter_web_open(struct exporter_web *w, const char *path, struct errmsg *em);
void exporter_web_close(struct exporter_web *w);
static inline bool exporter_web_tls(const struct exporter_web *w) { return w->cert != NULL; }
static inline bool exporter_web_auth(const struct exporter_web *w) { return w->cfg.nusers > 0; }
/* Do user and password (either may be NULL: none given) match a configured user? An unknown user
 * costs a bcrypt too, so the time taken does not tell which users exist. */
bool exporter_web_check(struct exporter_web *w, const char *user, const char *password);
#endif
