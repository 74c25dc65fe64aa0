/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* thread.h: pmutop's own threads (the exporter's watchdog and password checker, the fleet's engine)
 * take no signals: SIGCHLD (the command of -- ended), SIGINT, SIGTERM, SIGWINCH stay with the
 * refresh loop, which waits on them; a thread these start (libcurl's resolver) takes none either. */
#ifndef PMUTOP_BASE_THREAD_H
#define PMUTOP_BASE_THREAD_H
#include <pthread.h>

/* pthread_create with every signal blocked in the new thread: 0 or its error number. */
int thread_start(pthread_t *th, void *(*fn)(void *), void *arg);
#endif
