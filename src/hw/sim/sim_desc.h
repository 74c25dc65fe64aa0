/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_desc.h: the parsed form of a machine description, shared by the tree writer and the simulated kernel. */
#ifndef PMUTOP_SIM_DESC_H
#define PMUTOP_SIM_DESC_H
#include <stdbool.h>
#include <stdint.h>
#include "sim.h"

enum simm_kind { SIMM_OTHER, SIMM_SOFTWARE, SIMM_CORE, SIMM_UNCORE };

/* A PERF_TYPE_HARDWARE config has no meaning past this (PERF_COUNT_HW_MAX). */
#define SIMM_NGENERIC 10
#define SIMM_MAXFIXED 4

struct simm_kv { char *key, *val; int line; };   /* line: where the description set it */

struct simm_rate { uint64_t config; double rate; };

/* A counter constraint, as the kernel's event_constraint tables (arch/x86/events/intel/core.c):
 * events whose event select (or, for a code past 0xff, event select and umask) lies in lo..hi may
 * use the GP counters of mask only. The first that matches decides. */
struct simm_cons { uint64_t lo, hi, match; uint64_t mask; };

/* Extra registers an event programs beside its counter (the kernel's extra_regs): the offcore
 * response pair, load latency, frontend. One value each per logical CPU (the kernel sets
 * PMU_FL_NO_HT_SHARING on every part since Sandy Bridge); an offcore event whose MSR holds another
 * value moves to the other one (intel_alt_er). */
enum simm_xr { SIMM_XR_RSP0, SIMM_XR_RSP1, SIMM_XR_LDLAT, SIMM_XR_FE, SIMM_NXR };
#define SIMM_MAXXREG 8
struct simm_xreg { uint64_t event, match; int reg; uint64_t valid; };
#define SIMM_MAXCONS 32

struct simm_pmu {
	char *name;
	char *base;              /* name without the instance number ("uncore_imc") */
	int instance;            /* index within a {a..b} range, 0 otherwise */
	int line;                /* of its section, for messages */
	uint32_t type;
	enum simm_kind kind;
	int *cpus; int ncpus;    /* where it counts (cpumask CPUs or covered CPUs); NULL = all */
	bool cpus_file;          /* write `cpus` (core PMU coverage) instead of `cpumask` */
	bool has_cpulist;        /* write a cpumask/cpus file at all */
	int nformats; struct simm_kv *formats;   /* name -> "config:0-7" */
	int nevents; struct simm_kv *events;     /* alias -> terms */
	int nscales; struct simm_kv *scales;     /* alias -> .scale text */
	int nunits; struct simm_kv *units;       /* alias -> .unit text */
	int ncaps; struct simm_kv *caps;
	int gp, fixed, width;
	/* config1 bits of the `long` format (Arm: config1:0), 0 none: such an event counts 64 bits,
	 * which counters narrower than that give by chaining two (the armv8 driver's CHAIN event) */
	uint64_t long_cfg1;
	int nfixed_ev; uint64_t fixed_ev[SIMM_MAXFIXED];  /* config each fixed counter takes */
	int noffcore; uint64_t offcore[4];       /* event codes that need an offcore MSR */
	int max_offcore;
	/* `constraints`, in the table's order (at most SIMM_MAXCONS): as many as it has, as most PMUs
	 * have none (spr-2s: 98 PMUs, 1 KiB each for a full table) */
	int ncons; struct simm_cons *cons;
	int nxreg; struct simm_xreg xreg[SIMM_MAXXREG];  /* `extra_regs` (or `offcore`'s codes) */
	bool has_generic[SIMM_NGENERIC]; uint64_t generic[SIMM_NGENERIC];
	int mux_ms;
	/* rates (events per second at the reference CPU) */
	int nrates; struct simm_rate *rates;
	double default_rate, spread, jitter;
	bool has_default;
	/* physics of a core PMU ([rates] ghz_min, ghz_max, tsc_ghz; 0 when not given): the clock
	 * stays between the part's lowest and highest turbo frequency, ref-cycles and bus-cycles
	 * count at the TSC rate while the CPU is busy */
	double ghz_min, ghz_max, tsc_ghz;
};

struct simm_cpu {
	int socket, die, core, node, thread;
	int core_pmu;            /* index into pmus, -1 none */
};

struct simm_pci {
	char bdf[16];
	int socket, node;
	uint64_t bar;            /* BAR base address */
	uint64_t bar_size;
	int bir;
	int dvsec_ids[8]; int ndvsec;
	uint16_t vendor, device;
	uint32_t class_rev;
	int table_type, stride;
	uint64_t global_ctl;
};

struct sim_machine {
	char *name, *description;
	char *vendor, *model, *flags, *implementer, *part;
	char *cpuid;             /* "GenuineIntel-6-8F-8", Arm "0x00000000410fd0c0"; "" when not given */
	int family, model_id, stepping;
	double mhz;
	int sockets, dies, numa_nodes, cores_per_socket, threads_max;
	int nmi_watchdog, paranoid, mux_ms;
	uint64_t seed;           /* [machine] seed: the load's phases over time (default 1) */
	int ncpus;
	struct simm_cpu *cpus;
	int npmus;
	struct simm_pmu *pmus;
	int nboxes;
	struct sim_box *boxes;
	int npci;
	struct simm_pci *pci;
	/* software event rates (per second per CPU), by PERF_COUNT_SW_* config */
	double sw_rate[16];
};

/* Per-CPU rate of config on pmu (events per second), including the per-CPU variation. */
double simm_rate_of(const struct simm_pmu *p, int cpu, uint64_t config);
/* Apply a PMU's alias terms ("event=0x3c,umask=0x1") to configs; 0 or -EINVAL. */
int simm_terms_config(const struct simm_pmu *p, const char *terms, uint64_t cfg[3]);
int simm_pmu_covers(const struct simm_pmu *p, int cpu);
uint64_t simm_hash(uint64_t a, uint64_t b);
#endif
