/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_curl.c: libcurl loaded with dlopen when the fleet first asks (fleet_curl.h). */
#include "fleet_curl.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include "base/errmsg.h"

struct fleet_curl fc;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

#define SYM(field, name) (*(void **)&fc.field = dlsym(h, name))

static int load(struct errmsg *em)
{
	/* Debian's libcurl4, then a development link */
	static const char *const sonames[] = { "libcurl.so.4", "libcurl.so" };
	void *h = NULL;
	int missing = 0;

	for (size_t i = 0; !h && i < sizeof(sonames) / sizeof(sonames[0]); i++)
		h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return errmsg_set(em, -ENOENT, "the fleet needs libcurl (%s); install it (Debian/Ubuntu: apt install "
				  "libcurl4)", dlerror());
	missing += !SYM(global_init, "curl_global_init");
	missing += !SYM(easy_init, "curl_easy_init");
	missing += !SYM(easy_setopt, "curl_easy_setopt");
	missing += !SYM(easy_perform, "curl_easy_perform");
	missing += !SYM(easy_getinfo, "curl_easy_getinfo");
	missing += !SYM(easy_cleanup, "curl_easy_cleanup");
	missing += !SYM(easy_strerror, "curl_easy_strerror");
	missing += !SYM(easy_escape, "curl_easy_escape");
	missing += !SYM(free, "curl_free");
	missing += !SYM(slist_append, "curl_slist_append");
	missing += !SYM(slist_free_all, "curl_slist_free_all");
	missing += !SYM(multi_init, "curl_multi_init");
	missing += !SYM(multi_add_handle, "curl_multi_add_handle");
	missing += !SYM(multi_remove_handle, "curl_multi_remove_handle");
	missing += !SYM(multi_perform, "curl_multi_perform");
	missing += !SYM(multi_poll, "curl_multi_poll");
	missing += !SYM(multi_info_read, "curl_multi_info_read");
	missing += !SYM(multi_setopt, "curl_multi_setopt");
	missing += !SYM(multi_cleanup, "curl_multi_cleanup");
	if (missing) {
		dlclose(h);
		fc.easy_init = NULL;
		return errmsg_set(em, -ENOENT, "the fleet needs libcurl 7.66 or newer (curl_multi_poll); the one "
				  "installed lacks %d of the functions it uses", missing);
	}
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
