/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sim_kernel.h: the simulated kernel's state, shared by its open/read side and its scheduler. */
#ifndef PMUTOP_SIM_KERNEL_H
#define PMUTOP_SIM_KERNEL_H
#include "hw/sys/seam.h"
#include "sim_sched.h"

#define SIMK_FD_BASE 1000
#define SIMK_MAX_MEMBERS 63   /* members besides the leader */

struct simk {
	struct perf_seam seam;
	const struct sim_machine *m;
	struct sim_faults f;
	struct sev *ev; int nev, cap;   /* indexed by fd - SIMK_FD_BASE */
	int *freefd; int nfree;
	int nopen;
	uint64_t next_id;
	long nreads;
	double t0_abs;                  /* CLOCK_MONOTONIC at creation */
	double first_open;              /* seconds, < 0 before the first open */
	struct sctx ***ctx; int *nctx;  /* per CPU: its contexts, one per PMU used */
};

/* The simulated /proc/stat (sim_procstat.c): CPU times that grow with the clock, each CPU busy
 * in proportion to its load, so utilisation agrees with the counts. */
int simk_proc_stat(void *ctx, char *buf, size_t len);
/* The simulated /proc/interrupts (sim_procstat.c): device, timer and IPI lines whose counts grow
 * with the clock, busier CPUs taking more. */
int simk_proc_interrupts(void *ctx, char *buf, size_t len);

static inline struct sev *simk_ev(const struct simk *k, int fd)
{
	int i = fd - SIMK_FD_BASE;

	return i >= 0 && i < k->nev && k->ev[i].used ? &k->ev[i] : NULL;
}
#endif
