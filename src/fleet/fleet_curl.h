/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_curl.h: libcurl loaded when a fleet is asked for, not at every start (with its TLS, LDAP and
 * HTTP/2 libraries it would cost every run of pmutop; as libmicrohttpd, exporter_mhd.h). The fleet's
 * code calls libcurl through fc. */
#ifndef PMUTOP_FLEET_CURL_H
#define PMUTOP_FLEET_CURL_H
#include <curl/curl.h>

struct errmsg;

struct fleet_curl {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *c, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *c);
	CURLcode (*easy_getinfo)(CURL *c, CURLINFO info, ...);
	void (*easy_cleanup)(CURL *c);
	const char *(*easy_strerror)(CURLcode rc);
	char *(*easy_escape)(CURL *c, const char *s, int len);
	void (*free)(void *p);
	struct curl_slist *(*slist_append)(struct curl_slist *l, const char *s);
	void (*slist_free_all)(struct curl_slist *l);
	CURLM *(*multi_init)(void);
	CURLMcode (*multi_add_handle)(CURLM *m, CURL *c);
	CURLMcode (*multi_remove_handle)(CURLM *m, CURL *c);
	CURLMcode (*multi_perform)(CURLM *m, int *running);
	CURLMcode (*multi_poll)(CURLM *m, struct curl_waitfd fds[], unsigned int n, int ms, int *ret);
	CURLMsg *(*multi_info_read)(CURLM *m, int *left);
	CURLMcode (*multi_setopt)(CURLM *m, CURLMoption opt, ...);
	CURLMcode (*multi_cleanup)(CURLM *m);
};
extern struct fleet_curl fc;

/* Load libcurl and start it (once; thread-safe after the first call returns). 0, or -ENOENT with em
 * saying what to install. */
int fleet_curl_open(struct errmsg *em);
#endif
