/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topology.h: online CPUs with socket, die, core, NUMA node and core PMU, read under the sysfs root. */
#ifndef PMUTOP_TOPOLOGY_H
#define PMUTOP_TOPOLOGY_H
#include <stdbool.h>

struct pmu_registry;

struct topo_cpu {
	int cpu;       /* kernel CPU number */
	int socket;    /* physical_package_id */
	int sock_idx;  /* index into topology.socket_ids (0..nsockets-1) */
	int die;       /* die_id, 0 when absent */
	int core;      /* core_id */
	int node;      /* NUMA node, -1 when unknown */
	int thread;    /* position among its SMT siblings (0 = first) */
	int core_pmu;  /* index into the pmu registry of the core PMU covering it, -1 if none */
};

struct topology {
	int ncpus;              /* online CPUs, ascending by cpu number */
	struct topo_cpu *cpus;
	int max_cpu;            /* highest online CPU number */
	int *cpu_index;         /* [max_cpu + 1]: cpu number -> index into cpus, -1 if offline */
	int nsockets;
	int *socket_ids;        /* ascending physical package ids */
	char vendor[32];        /* "GenuineIntel", "AuthenticAMD", "ARM", "Apple", "" */
	char model[128];        /* CPU model name, "" when unknown */
	bool hypervisor;        /* /proc/cpuinfo has the hypervisor flag */
	int family, model_id;   /* x86 "cpu family" and "model", -1 when unknown */
	int part;               /* Arm "CPU part" (0xd0c = Neoverse N1), -1 when unknown */
};

/* Read the topology under the current sysfs/procfs roots. Returns 0 or -errno. */
int topo_load(struct topology *t);
/* Fill topo_cpu.core_pmu from the registry's core PMUs (a PMU with a `cpus`
 * file covers those CPUs; a lone core PMU without one covers all). */
/* Only what names the machine (cpuinfo's vendor, model, family; the online list checked as topo_load
 * does), no per-CPU entries (ncpus 0): for --list-uncore, which reads no CPU's position. */
int topo_load_brief(struct topology *t);
/* The physical package of the lowest online CPU of NUMA node `node`, read from sysfs (not from a loaded
 * topology, which -C may have filtered); -1 when the node has none or is not one. */
int topo_node_socket(int node);
void topo_assign_core_pmus(struct topology *t, const struct pmu_registry *reg);
void topo_free(struct topology *t);
/* Index of a CPU number, or -1. */
int topo_index(const struct topology *t, int cpu);

/* Keep only the CPUs listed (for -C). Returns 0, or -EINVAL when none of them is online. */
int topo_filter(struct topology *t, const int *cpus, int n);
#endif
