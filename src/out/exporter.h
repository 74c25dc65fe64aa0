/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter.h: --listen (GET /metrics over libmicrohttpd) and --prom (node_exporter textfile).
 * The refresh path publishes a complete, immutable exposition after each sample; the HTTP thread
 * serves the last one published, so neither ever waits for the other. */
#ifndef PMUTOP_EXPORTER_H
#define PMUTOP_EXPORTER_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

struct app;

/* Start what --listen/--prom or the [exporter] section ask for: bind the address (so a port in
 * use or not permitted is an error now, before the TUI starts) and check the textfile's directory.
 * Returns 0 (also when nothing is asked) or an exit status with the message printed. */
int exporter_start(struct app *a, const char *version);
/* After each sample: add the frame to the totals, publish its exposition, write the textfile.
 * Problems go to a->msg (shown once until they clear). */
void exporter_publish(struct app *a);
/* Stop the server (waits for its thread) and free everything. Safe when not started. */
void exporter_stop(struct app *a);

/* "[ADDR:]PORT": PORT alone means 127.0.0.1; IPv6 addresses in brackets ("[::1]:9100"). Numeric
 * addresses only. Port 0 picks a free port. Returns 0, or -1 with why filled. */
int exporter_parse_listen(const char *spec, struct sockaddr_storage *ss, socklen_t *len,
			  char *why, size_t whylen);
/* Content negotiation: true when Accept prefers application/openmetrics-text to text/plain. */
bool exporter_want_openmetrics(const char *accept);
/* True when Accept-Encoding accepts gzip (q > 0). */
bool exporter_want_gzip(const char *accept_encoding);
#endif
