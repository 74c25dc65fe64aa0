/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_profile.c: what the simulated tasks run, and their symbol files (see sim_profile.h). */
#include "sim_profile.h"
#include "hw/sys/fsat.h"
#include <stdio.h>
#include <string.h>

/* Kernel functions have one address for every process: their index in this list. */
static const char *const kfuncs[] = { "default_idle_call", "tcp_sendmsg", "do_syscall_64", "copy_user_enhanced_fast_string",
				      "clear_page_erms", "__schedule" };
#define NKF ((int)(sizeof(kfuncs) / sizeof(kfuncs[0])))

static const struct simp_fn idle = { "default_idle_call", true, 1, 0, 0.3, 0, 0.5, 0 };

/* name, kernel, weight, dweight, ipc, dipc, mpki, dmpki */
static const struct simp profiles[] = {
	{ "nginx", "/usr/sbin/nginx", 4, {
		{ "ngx_http_parse_request_line", false, 0.40, 0, 2.0, 0, 1.5, 0 },
		{ "ngx_http_gzip_body_filter", false, 0.30, 0, 1.6, 0, 2.0, 0 },
		{ "ngx_epoll_process_events", false, 0.20, 0, 1.0, 0, 8.0, 0 },
		{ "tcp_sendmsg", true, 0.10, 0, 0.8, 0, 14.0, 0 } } },
	{ "postgres", "/usr/lib/postgresql/15/bin/postgres", 4, {
		{ "ExecScanHashBucket", false, 0.35, 0, 0.9, 0, 18.0, 0 },
		{ "hash_search_with_hash_value", false, 0.30, 0, 1.3, 0, 9.0, 0 },
		{ "heap_getnextslot", false, 0.25, 0, 1.5, 0, 4.0, 0 },
		{ "copy_user_enhanced_fast_string", true, 0.10, 0, 0.9, 0, 6.0, 0 } } },
	/* the neighbour: its lookups miss more and retire less while the antagonist streams */
	{ "redis-server", "/usr/bin/redis-server", 3, {
		{ "dictFind", false, 0.50, 0, 2.6, 0.6, 1.0, 8.0 },
		{ "processCommand", false, 0.35, 0, 2.2, 0.5, 1.5, 4.0 },
		{ "do_syscall_64", true, 0.15, 0, 1.2, 0, 3.0, 0 } } },
	/* the antagonist: its copy loop takes over as it streams harder */
	{ "stream", "/opt/stream/stream", 3, {
		{ "stream_copy", false, 0.30, 0.40, 0.6, 0.3, 10.0, 40.0 },
		{ "stream_triad", false, 0.50, -0.30, 0.7, 0.2, 8.0, 30.0 },
		{ "clear_page_erms", true, 0.20, -0.10, 0.5, 0, 20.0, 0 } } },
	{ "java", "/usr/lib/jvm/java-17/bin/java", 4, {
		{ "Interpreter", false, 0.40, 0, 1.2, 0, 4.0, 0 },
		{ "G1ParScanThreadState::trim_queue", false, 0.25, 0, 0.9, 0, 12.0, 0 },
		{ "JavaThread::run", false, 0.20, 0, 1.8, 0, 2.0, 0 },
		{ "__schedule", true, 0.15, 0, 0.7, 0, 6.0, 0 } } },
	{ "python3", "/usr/bin/python3.11", 3, {
		{ "_PyEval_EvalFrameDefault", false, 0.60, 0, 2.8, 0, 0.4, 0 },
		{ "PyObject_GetAttr", false, 0.30, 0, 2.2, 0, 0.6, 0 },
		{ "do_syscall_64", true, 0.10, 0, 1.0, 0, 1.0, 0 } } },
	{ NULL, NULL, 3, {
		{ "main_loop", false, 0.60, 0, 1.2, 0, 3.0, 0 },
		{ "handle_event", false, 0.30, 0, 1.0, 0, 4.0, 0 },
		{ "do_syscall_64", true, 0.10, 0, 0.8, 0, 5.0, 0 } } },
};
#define NPROF ((int)(sizeof(profiles) / sizeof(profiles[0])))

const struct simp *simp_of(const char *comm)
{
	for (int i = 0; i < NPROF - 1; i++)
		if (comm && !strcmp(profiles[i].comm, comm))
			return &profiles[i];
	return &profiles[NPROF - 1];
}

const struct simp_fn *simp_idle(void)
{
	return &idle;
}

double simp_weight(const struct simp_fn *f, double ph)
{
	return f->weight + f->dweight * ph;
}

double simp_ipc(const struct simp_fn *f, double ph)
{
	return f->ipc * (1 - f->dipc * ph);
}

double simp_mpki(const struct simp_fn *f, double ph)
{
	return f->mpki + f->dmpki * ph;
}

static int kindex(const char *name)
{
	for (int i = 0; i < NKF; i++)
		if (!strcmp(kfuncs[i], name))
			return i;
	return 0;
}

uint64_t simp_addr(const struct simp *p, int i)
{
	const struct simp_fn *f = p ? &p->fn[i] : &idle;

	if (f->kernel)
		return SIMP_KTEXT + 0x1000ULL * (uint64_t)(kindex(f->name) + 1);
	return SIMP_TEXT + 0x1000ULL * (uint64_t)(i + 1);
}

int simp_write_maps(struct fsat *t, int pid, const char *comm)
{
	const struct simp *p = simp_of(comm);
	char rel[64], text[1024], exe[256];

	if (p->exe)
		snprintf(exe, sizeof(exe), "%s", p->exe);
	else
		snprintf(exe, sizeof(exe), "/usr/bin/%s", comm);
	snprintf(rel, sizeof(rel), "proc/%d/maps", pid);
	snprintf(text, sizeof(text), "%llx-%llx r-xp 00000000 08:01 %d %s\n", SIMP_TEXT,
		 SIMP_TEXT + 0x1000ULL * (SIMP_MAXFN + 1), 1000 + pid, exe);
	return fsat_write(t, rel, text, strlen(text), 0);
}

int simp_write_perfmap(struct fsat *t, int pid, const char *comm)
{
	const struct simp *p = simp_of(comm);
	char rel[64], text[1024];
	size_t o = 0;

	for (int i = 0; i < p->nfn && o < sizeof(text) - 128; i++)
		if (!p->fn[i].kernel)
			o += (size_t)snprintf(text + o, sizeof(text) - o, "%llx 800 %s\n",
					      (unsigned long long)simp_addr(p, i), p->fn[i].name);
	snprintf(rel, sizeof(rel), "tmp/perf-%d.map", pid);
	return fsat_write(t, rel, text, o, 0);
}

int simp_write_kallsyms(struct fsat *t)
{
	char text[1024];
	size_t o = 0;

	for (int i = 0; i < NKF; i++)
		o += (size_t)snprintf(text + o, sizeof(text) - o, "%llx T %s\n",
				      SIMP_KTEXT + 0x1000ULL * (unsigned long long)(i + 1), kfuncs[i]);
	o += (size_t)snprintf(text + o, sizeof(text) - o, "%llx T _etext\n", SIMP_KTEXT + 0x1000ULL * (NKF + 1));
	return fsat_write(t, "proc/kallsyms", text, o, 0);
}
