/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_mhd.c: libmicrohttpd loaded when a server is asked for, not at every start. */
#include "exporter_mhd.h"
#include <dlfcn.h>
#include <stdio.h>

struct exporter_mhd mhd;

#define SYM(field, name) (*(void **)&mhd.field = dlsym(h, name))

int exporter_mhd_open(void)
{
	static const char *const sonames[] = { "libmicrohttpd.so.12", "libmicrohttpd.so" };
	void *h = NULL;

	if (mhd.start_daemon)
		return 0;
	for (size_t i = 0; !h && i < sizeof(sonames) / sizeof(sonames[0]); i++)
		h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd (%s); install it "
			"(Debian/Ubuntu: apt install libmicrohttpd12) or use --prom FILE instead of --listen\n", dlerror());
		return -1;
	}
	int missing = 0;
	missing += !SYM(create_response_from_buffer_with_free_callback_cls,
			"MHD_create_response_from_buffer_with_free_callback_cls");
	missing += !SYM(create_response_from_buffer, "MHD_create_response_from_buffer");
	missing += !SYM(add_response_header, "MHD_add_response_header");
	missing += !SYM(queue_response, "MHD_queue_response");
	missing += !SYM(destroy_response, "MHD_destroy_response");
	missing += !SYM(lookup_connection_value, "MHD_lookup_connection_value");
	missing += !SYM(get_connection_info, "MHD_get_connection_info");
	missing += !SYM(stop_daemon, "MHD_stop_daemon");
	missing += !SYM(is_feature_supported, "MHD_is_feature_supported");
	missing += !SYM(basic_auth_get_username_password, "MHD_basic_auth_get_username_password");
	missing += !SYM(queue_basic_auth_fail_response, "MHD_queue_basic_auth_fail_response");
	missing += !SYM(free, "MHD_free");
	missing += !SYM(suspend_connection, "MHD_suspend_connection");
	missing += !SYM(resume_connection, "MHD_resume_connection");
	missing += !SYM(start_daemon, "MHD_start_daemon");
	if (missing) {
		mhd.start_daemon = NULL;
		dlclose(h);
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd 0.9.71 or newer; the one installed lacks a function it uses\n");
		return -1;
	}
	return 0;
}
