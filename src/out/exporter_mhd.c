/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_mhd.c: libmicrohttpd loaded when a server is asked for, not at every start. */
#include "exporter_mhd.h"
#include <errno.h>
#include <stdio.h>
#include "base/dynlib.h"

struct exporter_mhd mhd;

#define FN(field, name) DYNLIB_FN(mhd, field, name)
static const struct dynlib_fn fns[] = {
	FN(create_response_from_buffer_with_free_callback_cls, "MHD_create_response_from_buffer_with_free_callback_cls"),
	FN(create_response_from_buffer, "MHD_create_response_from_buffer"),
	FN(add_response_header, "MHD_add_response_header"), FN(queue_response, "MHD_queue_response"),
	FN(destroy_response, "MHD_destroy_response"), FN(lookup_connection_value, "MHD_lookup_connection_value"),
	FN(get_connection_info, "MHD_get_connection_info"), FN(stop_daemon, "MHD_stop_daemon"),
	FN(is_feature_supported, "MHD_is_feature_supported"),
	FN(basic_auth_get_username_password, "MHD_basic_auth_get_username_password"),
	FN(queue_basic_auth_fail_response, "MHD_queue_basic_auth_fail_response"), FN(free, "MHD_free"),
	FN(suspend_connection, "MHD_suspend_connection"), FN(resume_connection, "MHD_resume_connection"),
	FN(start_daemon, "MHD_start_daemon"),
};

int exporter_mhd_open(void)
{
	static const char *const sonames[] = { "libmicrohttpd.so.12", "libmicrohttpd.so", NULL };
	char why[256];
	int rc;

	if (mhd.start_daemon)
		return 0;
	rc = dynlib_open(sonames, fns, sizeof(fns) / sizeof(fns[0]), NULL, why, sizeof(why));
	if (rc == -ELIBACC) {
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd (%s); install it "
			"(Debian/Ubuntu: apt install libmicrohttpd12) or use --prom FILE instead of --listen\n", why);
		return -1;
	}
	if (rc < 0) {
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd 0.9.71 or newer; the one installed "
			"lacks %s\n", why);
		return -1;
	}
	return 0;
}
