/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* seam_kernel.c: the perf seam over the real kernel (perf_event_open(2), read, ioctl, close, cpuid, /proc,
 * CLOCK_MONOTONIC). */
#include "seam.h"
#include "sysfs.h"
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static int k_open(void *ctx, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		  unsigned long flags)
{
	long fd;
	(void)ctx;
	fd = syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags | PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : (int)fd;
}

static ssize_t k_read(void *ctx, int fd, void *buf, size_t len)
{
	ssize_t r;
	(void)ctx;
	do
		r = read(fd, buf, len);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

static int k_ioctl(void *ctx, int fd, unsigned long req, unsigned long arg)
{
	(void)ctx;
	return ioctl(fd, req, arg) < 0 ? -errno : 0;
}

static int k_close(void *ctx, int fd)
{
	(void)ctx;
	return close(fd) < 0 ? -errno : 0;
}

static int k_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
#if defined(__x86_64__) || defined(__i386__)
	if ((uint32_t)__get_cpuid_max(leaf & 0x80000000u, NULL) < leaf)
		return -ENOENT;
	__cpuid_count(leaf, subleaf, regs[0], regs[1], regs[2], regs[3]);
	return 0;
#else
	(void)leaf; (void)subleaf; (void)regs;
	return -ENOTSUP;
#endif
}

/* /proc/stat under the procfs root (a fixture tree may carry its own), read every interval the
 * outputs show utilisation: the file stays open for the life of the process */
static int k_proc_stat(void *ctx, char *buf, size_t len)
{
	static struct kept_file f;
	(void)ctx;
	return procfs_read_kept(&f, "stat", buf, len);
}

static int k_proc_interrupts(void *ctx, char *buf, size_t len)
{
	static struct kept_file f;
	(void)ctx;
	return procfs_read_kept(&f, "interrupts", buf, len);
}

static uint64_t k_clock_ns(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void *k_ring_map(void *ctx, int fd, size_t len, int *err)
{
	void *p;

	(void)ctx;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		*err = -errno;
		return NULL;
	}
	return p;
}

static int k_ring_unmap(void *ctx, int fd, void *addr, size_t len)
{
	(void)ctx; (void)fd;
	return munmap(addr, len) < 0 ? -errno : 0;
}

const struct perf_seam seam_kernel = {
	.name = "kernel", .ctx = NULL,
	.open = k_open, .read = k_read, .ioctl = k_ioctl, .close = k_close, .cpuid = k_cpuid,
	.proc_stat = k_proc_stat, .proc_interrupts = k_proc_interrupts, .clock_ns = k_clock_ns,
	.ring_map = k_ring_map, .ring_unmap = k_ring_unmap, .ring_poll = NULL,
};
