/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* grouplimit.c: the guest's own answer, without pmutop, to how large a group of events the armv8
 * driver accepts on CPU 0 (raw perf_event_open; built static for the guest by initramfs.sh). One
 * line each: "NAME N": N events opened before the kernel refused the next (its errno after).
 *   plain      SW_INCR (0x00), every event on (the event counters)
 *   plain_off  the same with the leader off (the Arm PMU framework's group check passes it)
 *   long       SW_INCR with the `long` bit (config1:0), leader off with enable_on_exec (as many as
 *              plain on 64-bit counters; a chained pair of 32-bit ones each before PMUv3p5) */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int open_one(int type, unsigned long long config1, int off, int on_exec, int group)
{
	struct perf_event_attr a;
	long r;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (unsigned)type;
	a.config1 = config1;
	a.disabled = off;
	a.enable_on_exec = on_exec;
	a.read_format = PERF_FORMAT_GROUP;
	r = syscall(SYS_perf_event_open, &a, -1, 0, group, 0);
	return r < 0 ? -errno : (int)r;
}

static void largest(int type, const char *name, unsigned long long config1, int off, int on_exec)
{
	int fds[64], n = 0, r = 0;

	while (n < 64 && (r = open_one(type, config1, n ? 0 : off, n ? 0 : on_exec, n ? fds[0] : -1)) >= 0)
		fds[n++] = r;
	printf("%s %d %s\n", name, n, r < 0 ? strerror(-r) : "none refused");
	while (n > 0)
		close(fds[--n]);
}

int main(int argc, char **argv)
{
	FILE *f = fopen(argc > 1 ? argv[1] : "/sys/bus/event_source/devices/armv8_pmuv3/type", "r");
	int type;

	if (!f || fscanf(f, "%d", &type) != 1) {
		printf("no PMU type\n");
		return 1;
	}
	fclose(f);
	largest(type, "plain", 0, 0, 0);
	largest(type, "plain_off", 0, 1, 0);
	largest(type, "long", 1, 1, 1);
	return 0;
}
