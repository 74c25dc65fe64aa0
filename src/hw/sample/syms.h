/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* syms.h: addresses of processes and of the kernel made into function names (issue 40): each
 * process's executable mappings (/proc/PID/maps at first sight, then the MMAP2, COMM exec, FORK and
 * EXIT records), their files' symbols through the DSO cache, /tmp/perf-PID.map for JIT code, and
 * /proc/kallsyms where kptr_restrict shows the addresses. What cannot be named is said as
 * DSO+0xOFFSET with the reason. Files are found under the procfs root (a simulated machine's tree
 * has its own). Names returned are raw bytes from files: escape them before printing. */
#ifndef PMUTOP_SYMS_H
#define PMUTOP_SYMS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct prec;
struct syms;

struct sym_res {
	const char *dso;       /* the file as mapped ("/usr/lib/.../libc.so.6"), "[kernel.kallsyms]",
				  "[anon]", "[unknown]" */
	const char *sym;       /* NULL: not named, see why */
	uint64_t off;          /* unnamed: the offset in the DSO (the address for the kernel) */
	const char *why;       /* unnamed: "stripped", "no permission", "kptr_restrict", "not found",
				  "changed", "no mapping", "damaged", ... */
	uint64_t vaddr;        /* the address as the DSO's symbols count it */
	int slot;              /* the DSO's cache slot and generation (for source lines), -1 none */
	uint32_t gen;
};

/* cache_bytes bounds the DSO cache (0: 32 MiB). NULL when out of memory. */
struct syms *syms_new(size_t cache_bytes);
void syms_free(struct syms *s);
/* A record that changes what a process maps (MMAP2, COMM with exec, FORK, EXIT). */
void syms_record(struct syms *s, const struct prec *r);
/* Forget processes that exited (after a drain: their last samples are in). */
void syms_reap(struct syms *s);
/* Name ip of pid; kernel: the sample was taken in the kernel. res's strings stay valid until the
 * next call. */
void syms_resolve(struct syms *s, int pid, uint64_t ip, bool kernel, struct sym_res *res);
/* The source file and line of a resolved address where the DSO has debug information: 0 or a
 * negative errno. */
int syms_srcline(struct syms *s, int pid, uint64_t ip, char *file, size_t n, int *line);
/* What the symbols hold in memory: the DSO cache and the rest, in bytes; DSOs cached. */
size_t syms_bytes(const struct syms *s, int *ndso);
/* What kptr_restrict allows for this user: "" when kernel addresses are shown, else a sentence. */
const char *syms_kernel_note(struct syms *s);
#endif
