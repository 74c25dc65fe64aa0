/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_profile.h: what the simulated tasks run (issue 40): each process's functions with their
 * weights (shares of its time), IPC and cache misses per 1000 instructions, some changing with the
 * antagonist's phase (sim_tasks.h simt_phase), and the files the symbol resolver names them from in
 * the machine's tree: proc/PID/maps (the program's text), tmp/perf-PID.map (its functions, as a JIT
 * map) and proc/kallsyms (the kernel's). The sampling of sim_sample.c draws its samples from these. */
#ifndef PMUTOP_SIM_PROFILE_H
#define PMUTOP_SIM_PROFILE_H
#include <stdbool.h>
#include <stdint.h>

struct fsat;

#define SIMP_MAXFN 5
#define SIMP_TEXT 0x400000ULL              /* where a program's functions are */
#define SIMP_KTEXT 0xffffffff81000000ULL   /* where the kernel's are */

struct simp_fn {
	const char *name;
	bool kernel;            /* in the kernel (a [k] function of the task, or the idle loop) */
	double weight;          /* share of the task's time at phase 0 */
	double dweight;         /* added at phase 1 (the antagonist's cycle, simt_phase) */
	double ipc, dipc;       /* IPC at phase 0, and its fall at phase 1 (a fraction) */
	double mpki, dmpki;     /* misses per 1000 instructions at phase 0, added at phase 1 */
};

struct simp {
	const char *comm;       /* the process it is the profile of; NULL: every other process */
	const char *exe;        /* its program's path (in proc/PID/maps) */
	int nfn;
	struct simp_fn fn[SIMP_MAXFN];
};

/* The profile of a process by name (the default one for a name without its own). */
const struct simp *simp_of(const char *comm);
/* The idle loop (a CPU's time that no task uses, sampled by cpu-clock). */
const struct simp_fn *simp_idle(void);
/* A function's weight, IPC and MPKI at phase ph (0..1). */
double simp_weight(const struct simp_fn *f, double ph);
double simp_ipc(const struct simp_fn *f, double ph);
double simp_mpki(const struct simp_fn *f, double ph);
/* The address of function i of p (the idle loop: p NULL): its start; 0x800 bytes long. */
uint64_t simp_addr(const struct simp *p, int i);
/* proc/PID/maps, and tmp/perf-PID.map, of process pid named comm into the tree (apart: the tree
 * writes one folder's files in one run). 0 or a negative errno. */
int simp_write_maps(struct fsat *t, int pid, const char *comm);
int simp_write_perfmap(struct fsat *t, int pid, const char *comm);
/* proc/kallsyms (every profile's kernel functions and the idle loop) into the tree. */
int simp_write_kallsyms(struct fsat *t);
#endif
