/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_curl.c: libcurl loaded with dlopen when the fleet first asks (fleet_curl.h). */
#include "fleet_curl.h"
#include <errno.h>
#include <pthread.h>
#include "base/dynlib.h"
#include "base/errmsg.h"

struct fleet_curl fc;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

#define FN(field, name) DYNLIB_FN(fc, field, name)
static const struct dynlib_fn fns[] = {
	FN(global_init, "curl_global_init"), FN(easy_init, "curl_easy_init"), FN(easy_setopt, "curl_easy_setopt"),
	FN(easy_perform, "curl_easy_perform"), FN(easy_getinfo, "curl_easy_getinfo"),
	FN(easy_cleanup, "curl_easy_cleanup"), FN(easy_strerror, "curl_easy_strerror"),
	FN(easy_escape, "curl_easy_escape"), FN(free, "curl_free"), FN(slist_append, "curl_slist_append"),
	FN(slist_free_all, "curl_slist_free_all"), FN(multi_init, "curl_multi_init"),
	FN(multi_add_handle, "curl_multi_add_handle"), FN(multi_remove_handle, "curl_multi_remove_handle"),
	FN(multi_perform, "curl_multi_perform"), FN(multi_poll, "curl_multi_poll"),
	FN(multi_info_read, "curl_multi_info_read"), FN(multi_setopt, "curl_multi_setopt"),
	FN(multi_cleanup, "curl_multi_cleanup"),
};

static int load(struct errmsg *em)
{
	/* Debian's libcurl4, then a development link */
	static const char *const sonames[] = { "libcurl.so.4", "libcurl.so", NULL };
	char why[256];
	int rc = dynlib_open(sonames, fns, sizeof(fns) / sizeof(fns[0]), NULL, why, sizeof(why));

	if (rc == -ELIBACC)
		return errmsg_set(em, -ENOENT, "the fleet needs libcurl (%s); install it (Debian/Ubuntu: apt install "
				  "libcurl4)", why);
	if (rc < 0)
		return errmsg_set(em, -ENOENT, "the fleet needs libcurl 7.66 or newer (curl_multi_poll); the one "
				  "installed lacks %s", why);
	if (fc.global_init(CURL_GLOBAL_DEFAULT) != 0) {
		fc.easy_init = NULL;
		return errmsg_set(em, -EIO, "libcurl did not start (curl_global_init)");
	}
	return 0;
}

int fleet_curl_open(struct errmsg *em)
{
	static int done;   /* 1 loaded, < 0 the error of the first try */
	int rc;

	pthread_mutex_lock(&lock);
	if (!done) {
		rc = load(em);
		done = rc < 0 ? rc : 1;
	} else {
		rc = done < 0 ? errmsg_set(em, done, "libcurl could not be loaded (said before)") : 0;
	}
	pthread_mutex_unlock(&lock);
	return rc;
}
