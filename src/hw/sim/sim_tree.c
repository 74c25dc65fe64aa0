/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_tree.c: write a machine's sysfs and procfs tree (DIR/sys, DIR/proc) for --sysfs and the tests. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "hw/sys/cpulist.h"
#include "hw/sys/fsat.h"
#include "sim_desc.h"
#include "sim_tasks.h"
#include "sim_sample.h"
#include "sim_resctrl.h"
#include "pci/disc.h"

#define PATHMAX 4096

/* Write text into REL of the tree (made with its parents), with a trailing newline as sysfs has.
 * Every file is new (O_EXCL) and no part of REL may be a link: the tree never leaves its root. */
static int put(struct fsat *t, const char *rel, const char *text)
{
	size_t len = strlen(text);
	struct iovec v[2] = { { (void *)text, len }, { "\n", len && text[len - 1] != '\n' } };
	int fd = fsat_create(t, rel), r = 0;

	if (fd < 0)
		return fd;
	/* one call for the text and its newline: the tree has thousands of files */
	if (writev(fd, v, 2) != (ssize_t)(len + v[1].iov_len))
		r = -EIO;
	close(fd);
	return r;
}

static int putf(struct fsat *t, const char *rel, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int putf(struct fsat *t, const char *rel, const char *fmt, ...)
{
	char text[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return put(t, rel, text);
}

/* The lowest CPU of its NUMA node: the one whose package names the node's socket (topo_node_socket). */
static int node_first(const struct sim_machine *m, int c)
{
	for (int o = 0; o < c; o++)
		if (m->cpus[o].node == m->cpus[c].node)
			return 0;
	return 1;
}

static int write_cpus(const struct sim_machine *m, struct fsat *sys, enum simm_tree_scope scope)
{
	int *sib = malloc(sizeof(int) * (size_t)m->ncpus), *pkg = malloc(sizeof(int) * (size_t)m->ncpus);
	char rel[256], list[8192];
	int r = 0;

	if (!sib || !pkg) {
		free(sib);
		free(pkg);
		return -ENOMEM;
	}
	r = putf(sys, "sys/devices/system/cpu/online", "0-%d", m->ncpus - 1);
	r = r ? r : putf(sys, "sys/devices/system/cpu/possible", "0-%d", m->ncpus - 1);
	r = r ? r : putf(sys, "sys/devices/system/cpu/present", "0-%d", m->ncpus - 1);
	for (int c = 0; c < m->ncpus && !r; c++) {
		const struct simm_cpu *p = &m->cpus[c];
		int ns = 0, np = 0;

		if (scope == SIMM_TREE_NAMES && c && !node_first(m, c))
			continue;
		for (int o = 0; o < m->ncpus; o++) {
			if (m->cpus[o].socket != p->socket)
				continue;
			pkg[np++] = o;
			if (m->cpus[o].core == p->core)
				sib[ns++] = o;
		}
#define T(file, ...) do { snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/topology/" file, c); \
		r = r ? r : putf(sys, rel, __VA_ARGS__); } while (0)
		if (m->cpuid && !strncmp(m->cpuid, "0x", 2)) { /* Arm: the MIDR perf and pmutop read */
			snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/regs/identification/midr_el1", c);
			r = r ? r : putf(sys, rel, "%s", m->cpuid);
		}
		T("physical_package_id", "%d", p->socket);
		if (scope == SIMM_TREE_NAMES)
			continue;   /* a node's socket is its first CPU's package (and cpu0's MIDR): all naming reads */
		T("die_id", "%d", p->die);
		T("core_id", "%d", p->core);
		cpulist_format(sib, ns, list, sizeof(list));
		T("thread_siblings_list", "%s", list);
		T("core_cpus_list", "%s", list);
		cpulist_format(pkg, np, list, sizeof(list));
		T("core_siblings_list", "%s", list);
		T("package_cpus_list", "%s", list);
#undef T
		if (simr_has(m)) {   /* the L3 domain resctrl's mon_L3_NN names */
			snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/cache/index3/id", c);
			r = r ? r : putf(sys, rel, "%d", simr_l3_id(m, c));
		}
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/online", c);
		if (c)
			r = r ? r : put(sys, rel, "1");
	}
	for (int n = 0; n < m->numa_nodes && !r; n++) {
		int k = 0;

		for (int c = 0; c < m->ncpus; c++)
			if (m->cpus[c].node == n)
				sib[k++] = c;
		cpulist_format(sib, k, list, sizeof(list));
		snprintf(rel, sizeof(rel), "sys/devices/system/node/node%d/cpulist", n);
		r = put(sys, rel, list);
	}
	r = r ? r : putf(sys, "sys/devices/system/node/online", "0-%d", m->numa_nodes - 1);
	free(sib);
	free(pkg);
	return r;
}

static int write_pmu(const struct simm_pmu *p, struct fsat *sys, enum simm_tree_scope scope)
{
	char d[512], rel[700], list[16384];
	int r;

	snprintf(d, sizeof(d), "sys/bus/event_source/devices/%s", p->name);
#define F(fmt, ...) (snprintf(rel, sizeof(rel), "%s/" fmt, d, __VA_ARGS__), rel)
	r = putf(sys, F("%s", "type"), "%u", p->type);
	if (p->has_cpulist) {
		cpulist_format(p->cpus, p->ncpus, list, sizeof(list));
		r = r ? r : put(sys, F("%s", p->cpus_file ? "cpus" : "cpumask"), list);
	}
	for (int i = 0; i < p->ncaps && !r; i++)
		r = put(sys, F("caps/%s", p->caps[i].key), p->caps[i].val);
	if (scope == SIMM_TREE_NAMES)
		return r;
	if (p->kind != SIMM_SOFTWARE && p->kind != SIMM_OTHER)
		r = r ? r : putf(sys, F("%s", "perf_event_mux_interval_ms"), "%d", p->mux_ms);
	for (int i = 0; i < p->nformats && !r; i++)
		r = put(sys, F("format/%s", p->formats[i].key), p->formats[i].val);
	for (int i = 0; i < p->nevents && !r; i++)
		r = put(sys, F("events/%s", p->events[i].key), p->events[i].val);
	for (int i = 0; i < p->nscales && !r; i++)
		r = put(sys, F("events/%s.scale", p->scales[i].key), p->scales[i].val);
	for (int i = 0; i < p->nunits && !r; i++)
		r = put(sys, F("events/%s.unit", p->units[i].key), p->units[i].val);
#undef F
	return r;
}

/* One discovery device per socket: config space with the DVSECs, and the BAR holding the
 * table of that socket's boxes, built by the PCI module's own fixture builders. */
static int write_pci(const struct sim_machine *m, const struct simm_pci *p, int sysfd)
{
	struct disc_fixture_dvsec dv[8];
	struct disc_global g = { 0 };
	struct disc_unit *u;
	struct disc_fixture_dev dev = { 0 };
	uint32_t bar[6] = { 0 };
	uint8_t cfg[4096], *table;
	size_t tlen;
	long used;
	int n = 0, r;

	u = calloc((size_t)m->nboxes + 1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	for (int i = 0; i < m->nboxes; i++) {
		const struct sim_box *b = &m->boxes[i];

		if (b->socket != p->socket)
			continue;
		u[n].num_regs = b->num_counters;
		u[n].ctl_offset = b->ctl_offset;
		u[n].bit_width = b->counter_width;
		u[n].ctr_offset = b->ctr_offset;
		u[n].access = b->access;
		u[n].ctl = b->ctrl;
		u[n].box_type = b->type;
		u[n].box_id = b->box_id;
		n++;
	}
	g.type = p->table_type;
	g.stride = p->stride;
	g.max_units = n;
	g.access = 1;
	g.ctl = p->global_ctl;
	tlen = (size_t)(n + 1) * (size_t)p->stride * 8;
	table = calloc(1, tlen);
	if (!table) {
		free(u);
		return -ENOMEM;
	}
	used = disc_build_table(&g, u, n, table, tlen);
	free(u);
	if (used < 0 || (uint64_t)used > p->bar_size) {
		free(table);
		return used < 0 ? (int)used : -ENOSPC;
	}
	bar[p->bir] = (uint32_t)p->bar;
	if (p->bar >> 32) {
		if (p->bir > 4) {
			free(table);
			return -EINVAL;
		}
		bar[p->bir] |= 4;   /* 64-bit memory BAR: high half in the next register */
		bar[p->bir + 1] = (uint32_t)(p->bar >> 32);
	}
	for (int i = 0; i < p->ndvsec; i++)
		dv[i] = (struct disc_fixture_dvsec){ 0x8086, (uint16_t)p->dvsec_ids[i], (uint8_t)p->bir, 16 };
	r = disc_build_config(cfg, p->vendor, p->device, p->class_rev, bar, dv, p->ndvsec);
	if (!r) {
		dev.bdf = p->bdf;
		dev.cfg = cfg;
		dev.numa_node = p->node;
		dev.res_size[p->bir] = p->bar_size;
		dev.res[p->bir] = table;
		dev.res_len[p->bir] = (size_t)used;
		r = disc_fixture_write_sysfs_at(sysfd, &dev);
	}
	free(table);
	return r;
}

static int write_cpuinfo(const struct sim_machine *m, struct fsat *t)
{
	FILE *f;
	int arm = !strcmp(m->vendor, "ARM") || !strcmp(m->vendor, "Apple") || m->implementer[0];
	int fd = fsat_create(t, "proc/cpuinfo");

	if (fd < 0)
		return fd;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	for (int c = 0; c < m->ncpus; c++) {
		const struct simm_cpu *p = &m->cpus[c];
		int sib = 0;

		for (int o = 0; o < m->ncpus; o++)
			sib += m->cpus[o].socket == p->socket;
		if (arm) {
			fprintf(f, "processor\t: %d\nBogoMIPS\t: 50.00\nFeatures\t: %s\n"
				   "CPU implementer\t: %s\nCPU architecture: 8\nCPU variant\t: 0x0\n"
				   "CPU part\t: %s\nCPU revision\t: %d\n\n",
				c, m->flags, m->implementer, m->part, m->stepping);
			continue;
		}
		fprintf(f, "processor\t: %d\nvendor_id\t: %s\ncpu family\t: %d\nmodel\t\t: %d\n"
			   "model name\t: %s\nstepping\t: %d\ncpu MHz\t\t: %.3f\nphysical id\t: %d\n"
			   "siblings\t: %d\ncore id\t\t: %d\ncpu cores\t: %d\napicid\t\t: %d\n"
			   "fpu\t\t: yes\ncpuid level\t: 32\nflags\t\t: %s\n\n",
			c, m->vendor, m->family, m->model_id, m->model, m->stepping, m->mhz, p->socket,
			sib, p->core, m->cores_per_socket, (p->socket * 128 + p->core) * 2 + p->thread, m->flags);
	}
	return fclose(f) ? -EIO : 0;
}

int simm_write_tree_at(const struct sim_machine *m, int root, enum simm_tree_scope scope)
{
	struct fsat t;
	int r;

	fsat_init(&t, root);
	r = fsat_dir(&t, "proc/sys/kernel");
	r = r < 0 ? r : write_cpus(m, &t, scope);
	r = r ? r : fsat_dir(&t, "sys/bus/event_source/devices");
	for (int i = 0; i < m->npmus && r >= 0; i++)
		r = write_pmu(&m->pmus[i], &t, scope);
	r = r < 0 ? r : fsat_dir(&t, "sys/bus/pci/devices");
	if (r >= 0 && m->npci) {   /* the PCI fixture writer works from the sysfs root */
		int sysfd = openat(root, "sys", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		r = sysfd < 0 ? -errno : 0;
		for (int i = 0; i < m->npci && r >= 0; i++)
			r = write_pci(m, &m->pci[i], sysfd);
		if (sysfd >= 0)
			close(sysfd);
	}
	r = r < 0 ? r : write_cpuinfo(m, &t);
	if (r >= 0 && scope == SIMM_TREE_FULL)
		r = simr_write(m, &t);
	/* one mountinfo for every mount the tree has: sysfs, the cgroup2 of its tasks, resctrl */
	if (r >= 0 && scope == SIMM_TREE_FULL)
		r = putf(&t, "proc/self/mountinfo", "22 1 0:21 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - "
			 "sysfs sysfs rw\n%s%s", SIMT_MOUNTINFO, simr_has(m) ? SIMR_MOUNTINFO : "");
	r = r ? r : putf(&t, "proc/sys/kernel/perf_event_paranoid", "%d", m->paranoid);
	r = r ? r : putf(&t, "proc/sys/kernel/nmi_watchdog", "%d", m->nmi_watchdog);
	/* Linux's default; the throttle fault lowers the simulated kernel's own after the open, as the
	 * kernel does when sample interrupts take too long */
	r = r ? r : putf(&t, "proc/sys/kernel/perf_event_max_sample_rate", "%d", SIMS_MAX_RATE);
	r = r || scope != SIMM_TREE_FULL ? r : simt_write_tree(m, &t);   /* its tasks and cgroups */
	fsat_done(&t);
	return r < 0 ? r : 0;
}

int simm_write_tree(const struct sim_machine *m, const char *dir)
{
	int root = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), r;

	if (root < 0 && errno == ENOENT && mkdir(dir, 0755) == 0)
		root = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (root < 0)
		return -errno;
	r = simm_write_tree_at(m, root, SIMM_TREE_FULL);
	close(root);
	return r;
}
