/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim.h: simulated machines: descriptions, generated sysfs trees and a simulated perf kernel. */
#ifndef PMUTOP_SIM_H
#define PMUTOP_SIM_H
#include <stddef.h>
#include <stdint.h>

struct perf_seam;
struct sim_machine;  /* opaque: a parsed description */

/* Load a machine by built-in name ("spr-2s") or by path to a description file.
 * Returns NULL and writes a message into err on failure. */
struct sim_machine *simm_load(const char *name_or_path, char *err, size_t errlen);
/* Parse a description held in memory (len bytes, need not end in NUL): a pure function of its input,
 * no files touched. Messages name FILE:LINE. NULL with err filled on failure. Every name that becomes a
 * path of the tree is checked (sysfs characters), and every count bounded (see sim_parse.h). */
struct sim_machine *simm_parse(const char *file, const char *name, const char *text, size_t len,
			       char *err, size_t errlen);
void simm_free(struct sim_machine *m);
const char *simm_name(const struct sim_machine *m);
/* NULL-terminated list of built-in machine names. */
const char *const *simm_builtin_names(void);

/* Write the machine's tree: DIR/sys/{devices,bus}/..., DIR/proc/{cpuinfo,sys/kernel/...}.
 * Returns 0 or a negative errno. */
int simm_write_tree(const struct sim_machine *m, const char *dir);
/* The same under an open directory: every file is created new (O_CREAT|O_EXCL) and no link is
 * followed (openat/mkdirat with O_NOFOLLOW), so nothing is written outside root. SIMM_TREE_NAMES
 * leaves out what naming the uncore boxes never reads (--list-uncore: pmus_load_names,
 * topo_load_brief): PMU formats and events, and every CPU's topology but cpu0's and each NUMA
 * node's first CPU's physical_package_id. */
enum simm_tree_scope { SIMM_TREE_FULL, SIMM_TREE_NAMES };
int simm_write_tree_at(const struct sim_machine *m, int root, enum simm_tree_scope scope);

/* Faults to inject, from --sim-fault or PMUTOP_SIM_FAULT: a comma separated list of
 * eacces | emfile=N | enodev=CPU@SECONDS[-SECONDS] | shortread=N | readfail=N  (N: after N calls)
 * | throttle=RATE (the kernel lowers perf_event_max_sample_rate to RATE once sampling).
 * enodev unplugs the CPU at the first time and, given the second, plugs it back then. */
struct sim_faults {
	int eacces;
	int emfile_after;   /* 0 = off; EMFILE once this many fds are open */
	int enodev_cpu;     /* -1 = off */
	double enodev_at;   /* seconds after the first open */
	double enodev_back; /* seconds after the first open it is back online; < 0 never */
	int shortread_after, readfail_after; /* 0 = off; the Nth read onward */
	int throttle_rate;  /* 0 = off; the samples per second the kernel allows once sampling */
};
int sim_faults_parse(const char *spec, struct sim_faults *f, char *err, size_t errlen);

/* A simulated kernel for the machine, behind the perf seam. The machine must outlive it
 * (simk_free first, then simm_free). f may be NULL (no faults). See docs/machines.md. */
struct perf_seam *simk_new(const struct sim_machine *m, const struct sim_faults *f);
void simk_free(struct perf_seam *s);
/* Make the simulated kernel follow clock's clock_ns instead of the real kernel's CLOCK_MONOTONIC
 * (its time starts again at 0), so a test moves time itself: before the first open only. 0, -EINVAL
 * for a seam without a clock, or -EBUSY once an event was opened. */
int simk_set_clock(struct perf_seam *s, const struct perf_seam *clock);

/* --- accessors for tests and tools --- */
/* One uncore box of the machine's discovery tables (what disc_scan should find). */
struct sim_box {
	int socket, type, box_id, access;   /* access: 0 MSR, 1 MMIO, 2 PCI */
	uint64_t ctrl;
	int num_counters, counter_width, ctl_offset, ctr_offset;
	char pmu[48];                       /* kernel PMU of the box ("uncore_imc_3"), "" none */
};
/* The description's one-line `description` ("" when absent). */
const char *simm_description(const struct sim_machine *m);
int simm_ncpus(const struct sim_machine *m);
int simm_cpu_socket(const struct sim_machine *m, int cpu);   /* -1 when out of range */
int simm_nsockets(const struct sim_machine *m);
/* Boxes, sorted by socket, type, box_id. */
int simm_nboxes(const struct sim_machine *m);
const struct sim_box *simm_box(const struct sim_machine *m, int i);
/* Discovery devices: count, BDF, and their DVSEC IDs (returns how many, at most max). */
int simm_npci(const struct sim_machine *m);
const char *simm_pci_bdf(const struct sim_machine *m, int i);
int simm_pci_dvsec_ids(const struct sim_machine *m, int i, int *ids, int max);
/* The PMU type number of a PMU name, or -ENOENT. */
int simm_pmu_type(const struct sim_machine *m, const char *pmu);
/* Events per second the machine counts for config on pmu at cpu in the first phase of its load
 * (the first 2 seconds; per-CPU variation included, noise excluded), NAN when that PMU does not
 * count on that CPU. */
double simm_rate(const struct sim_machine *m, const char *pmu, int cpu, uint64_t config);
/* The core PMU that counts on cpu ("cpu_core"), NULL when none. */
const char *simm_cpu_pmu(const struct sim_machine *m, int cpu);
/* The same at t seconds after the simulated kernel started (the load changes in phases). */
double simm_rate_t(const struct sim_machine *m, const char *pmu, int cpu, uint64_t config, double t);
/* The load of cpu at t seconds: busy fraction (0.01..1) and clock in GHz while busy (NAN when its
 * core PMU has no clock range); the part's range in lo/hi and the TSC rate (0 when none) in tsc.
 * Returns 0, or -ENOENT when the CPU has no core PMU with a clock range. */
int simm_load_at(const struct sim_machine *m, int cpu, double t, double *busy, double *ghz, double *lo,
	         double *hi, double *tsc);
/* The config of a generic hardware event (PERF_COUNT_HW_*) on a core PMU, or -ENOENT. */
int simm_generic_config(const struct sim_machine *m, const char *pmu, int hw, uint64_t *config);
#endif
