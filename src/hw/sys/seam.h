/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* seam.h: the one interface every perf system call goes through (real kernel or simulated), and its clock. */
#ifndef PMUTOP_SEAM_H
#define PMUTOP_SEAM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

struct perf_seam {
	const char *name;   /* "kernel", "sim" */
	void *ctx;
	/* Each returns >= 0 on success or a negative errno. */
	int (*open)(void *ctx, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		    unsigned long flags);
	ssize_t (*read)(void *ctx, int fd, void *buf, size_t len);
	int (*ioctl)(void *ctx, int fd, unsigned long req, unsigned long arg);
	int (*close)(void *ctx, int fd);
	/* CPUID as seen by the machine being counted: fills regs[4] = eax, ebx,
	 * ecx, edx. Returns 0, or -ENOTSUP when there is no CPUID (non-x86). */
	int (*cpuid)(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);
	/* The text of /proc/stat on the machine being counted (NUL-terminated, at most len - 1
	 * bytes): the real file under the procfs root, or the simulated kernel's CPU times.
	 * Returns the length or a negative errno; NULL: none. */
	int (*proc_stat)(void *ctx, char *buf, size_t len);
	/* The text of /proc/interrupts on the machine being counted (same contract); NULL: none. */
	int (*proc_interrupts)(void *ctx, char *buf, size_t len);
	/* The clock the machine's counts and times follow, in nanoseconds from an arbitrary start,
	 * never going back: CLOCK_MONOTONIC for the real kernel (what time_enabled and time_running
	 * advance with); the simulated kernel's is the clock it was given (simk_set_clock), so its
	 * tests drive time instead of sleeping. */
	uint64_t (*clock_ns)(void *ctx);
	/* A sampling event's ring buffer (issue 40): mmap of len bytes (one header page and a power of two
	 * of data pages) over fd, shared and writable as perf_event_open(2) says; NULL with *err set to a
	 * negative errno on failure. ring_unmap undoes it. ring_poll (NULL: nothing to do) lets a kernel
	 * that is not the real one write the records it owes up to its clock's now before the ring is
	 * read; the real kernel writes them as they happen. */
	void *(*ring_map)(void *ctx, int fd, size_t len, int *err);
	int (*ring_unmap)(void *ctx, int fd, void *addr, size_t len);
	void (*ring_poll)(void *ctx, int fd);
};

/* The real kernel (perf_event_open(2) and friends). */
extern const struct perf_seam seam_kernel;
#endif
