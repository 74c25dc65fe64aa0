/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter_mhd.h: libmicrohttpd's functions, found with dlopen when a server is asked for (issue 18: linked,
 * it and the TLS libraries it pulls in cost every run some 3 times the loader work of pmutop's own). */
#ifndef PMUTOP_EXPORTER_MHD_H
#define PMUTOP_EXPORTER_MHD_H
#include <microhttpd.h>

struct exporter_mhd {
	__typeof__(&MHD_create_response_from_buffer_with_free_callback_cls) create_response_from_buffer_with_free_callback_cls;
	__typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
	__typeof__(&MHD_add_response_header) add_response_header;
	__typeof__(&MHD_queue_response) queue_response;
	__typeof__(&MHD_destroy_response) destroy_response;
	__typeof__(&MHD_lookup_connection_value) lookup_connection_value;
	__typeof__(&MHD_get_connection_info) get_connection_info;
	__typeof__(&MHD_start_daemon) start_daemon;
	__typeof__(&MHD_stop_daemon) stop_daemon;
	/* TLS and basic authentication (--web-config) */
	__typeof__(&MHD_is_feature_supported) is_feature_supported;
	__typeof__(&MHD_basic_auth_get_username_password) basic_auth_get_username_password;
	__typeof__(&MHD_queue_basic_auth_fail_response) queue_basic_auth_fail_response;
	__typeof__(&MHD_free) free;
	/* a connection waits while its password is checked off the server's thread (exporter_auth.c) */
	__typeof__(&MHD_suspend_connection) suspend_connection;
	__typeof__(&MHD_resume_connection) resume_connection;
};
/* Filled by exporter_mhd_open; all NULL before. */
extern struct exporter_mhd mhd;

/* 0 once libmicrohttpd's functions are found; else -1, with a message that says what to install. */
int exporter_mhd_open(void);
#endif
