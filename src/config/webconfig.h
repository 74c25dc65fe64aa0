/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* webconfig.h: the exporter's TLS and basic authentication settings, from a web configuration file
 * in the format of Prometheus' exporter-toolkit (the YAML node_exporter's --web.config.file reads):
 *
 *   tls_server_config:
 *     cert_file: server.crt        # relative paths are from the file's folder
 *     key_file: server.key
 *     min_version: TLS12           # TLS10..TLS13, default TLS12; max_version likewise
 *   basic_auth_users:
 *     alice: $2y$10$...            # bcrypt hashes ($2a$, $2b$, $2y$), cost 4..12
 *   http_server_config:
 *     headers: { X-Frame-Options: deny, ... }   # the five exporter-toolkit allows, as a block
 *
 * What pmutop does not do (client certificates, cipher and curve lists, rate_limit, inline PEM) is
 * refused by name rather than ignored, and an unknown key is an error, as exporter-toolkit's strict
 * reading has it. The parser reads the block-style YAML subset these files use (mappings, plain and
 * quoted scalars, comments); anything else is an error with the line. */
#ifndef PMUTOP_WEBCONFIG_H
#define PMUTOP_WEBCONFIG_H
#include <stddef.h>

struct errmsg;

struct webcfg_user {
	char *name;
	char *hash;        /* a bcrypt hash, checked for form: $2b$NN$ and 53 characters */
};

struct webcfg_header {
	char *name, *value;
};

struct webcfg {
	char *cert_file, *key_file;  /* both or neither (NULL: plain HTTP) */
	int min_tls, max_tls;        /* 10..13 (TLS 1.0 .. 1.3) */
	int nusers;                  /* 0: no authentication */
	struct webcfg_user *users;
	int nheaders;
	struct webcfg_header *headers;
};

/* Parse text[0..len) (what a file named `name`, in folder dir, holds) into w. Returns 0, or
 * -EINVAL with "NAME:LINE: what" in em; w is then empty. Time and memory are linear in len. */
int webcfg_parse(const char *text, size_t len, const char *name, const char *dir, struct webcfg *w,
		 struct errmsg *em);
/* Read and parse a file (a regular file of at most 64 KiB). 0 or a negative errno with em. */
int webcfg_load(const char *path, struct webcfg *w, struct errmsg *em);
void webcfg_free(struct webcfg *w);
/* Is s a bcrypt hash crypt() can check: $2a$, $2b$ or $2y$, a cost of 04..31, 53 characters of
 * bcrypt's base 64? Its cost, or -EINVAL. */
int webcfg_bcrypt_form(const char *s);
/* The highest cost a user's hash may have (issue 37): one check must fit well inside a scrape, also
 * queued behind a few others (exporter_auth.h). A check takes about 60 ms at 10, 0.2 s at 12 and
 * doubles at each step up; at 31 it takes a day or more. */
#define WEBCFG_BCRYPT_MAX_COST 12
#endif
