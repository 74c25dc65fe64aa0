/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim.c: simulated machines: descriptions load, generated trees read back with pmutop's own loaders
 * and with lspci, and counting through the simulated kernel (layout, rates, IPC, multiplexing) on a
 * clock the test moves (simclock.h). */
#include "t.h"
#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <unistd.h>

#include "hw/sys/pmu.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include "simclock.h"

#define RF_ALL (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING)

/* The machines issue 3 asks for, with the CPU counts it gives them. */
static const struct { const char *name; int ncpus; } want[] = {
	{ "spr-2s", 224 }, { "gnr-1s", 128 }, { "adl-hybrid", 24 }, { "zen4-1s", 64 },
	{ "altra-160", 160 }, { "m1-asahi", 8 }, { "kvm-nopmu", 2 }, { "big-1024", 1024 },
};
#define NWANT (int)(sizeof(want) / sizeof(want[0]))

static int rm_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(p);
}

static void rmtree(const char *dir)
{
	nftw(dir, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
}

static struct sim_machine *load(const char *name)
{
	char err[256] = "";
	struct sim_machine *m = simm_load(name, err, sizeof(err));

	if (!m)
		printf("     load %s: %s\n", name, err);
	return m;
}

/* A simulated kernel for m on the test's clock, or NULL. */
static struct perf_seam *clocked(const struct sim_machine *m)
{
	struct perf_seam *s = m ? simk_new(m, NULL) : NULL;

	if (s && simclock_attach(s) != 0) {
		simk_free(s);
		return NULL;
	}
	return s;
}

#define MS 1000000ull   /* nanoseconds */

static int read_text(const char *dir, const char *rel, char *buf, size_t n)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return file_read_small(path, buf, n);
}

static int open_ev(struct perf_seam *s, uint32_t type, uint64_t config, int cpu, int group, int disabled, int pinned)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.disabled = disabled;
	a.pinned = pinned;
	a.read_format = RF_ALL;
	return s->open(s->ctx, &a, -1, cpu, group, 0);
}

/* The core PMU covering a CPU, from the generated tree's point of view: the PMU type to put in
 * config bits 32+ of a generic event on hybrid machines, 0 on machines with one core PMU. */
static const char *core_pmu_of(const char *machine, int cpu)
{
	if (!strcmp(machine, "adl-hybrid"))
		return cpu < 16 ? "cpu_core" : "cpu_atom";
	if (!strcmp(machine, "m1-asahi"))
		return cpu < 4 ? "apple_icestorm_pmu" : "apple_firestorm_pmu";
	if (!strcmp(machine, "altra-160"))
		return "armv8_pmuv3_0";
	if (!strcmp(machine, "kvm-nopmu"))
		return NULL;
	return "cpu";
}

TEST(every_machine_loads)
{
	const char *const *names = simm_builtin_names();
	int n = 0;

	for (int i = 0; names[i]; i++)
		n++;
	CHECK(n >= NWANT, "%d built-in machines", n);
	for (int i = 0; i < NWANT; i++) {
		struct sim_machine *m = load(want[i].name);

		CHECK(m != NULL, "%s loads", want[i].name);
		if (!m)
			continue;
		CHECK_EQ_STR(simm_name(m), want[i].name);
		CHECK_EQ_INT(simm_ncpus(m), want[i].ncpus);
		CHECK(strstr(simm_description(m), "simulated") != NULL, "%s says it is simulated", want[i].name);
		simm_free(m);
	}
}

/* Instance ranges number the types; box addresses follow the listed ones, then their last step. */
TEST(description_expansion)
{
	struct sim_machine *m = load("spr-2s");
	int found = 0;

	if (!m)
		return;
	CHECK_EQ_INT(simm_pmu_type(m, "uncore_imc_0"), 11);
	CHECK_EQ_INT(simm_pmu_type(m, "uncore_imc_3"), 14);
	CHECK_EQ_INT(simm_pmu_type(m, "uncore_cha_55"), 19 + 55);
	CHECK_EQ_INT(simm_pmu_type(m, "uncore_imc_8"), -ENOENT);
	for (int i = 0; i < simm_nboxes(m); i++) {
		const struct sim_box *b = simm_box(m, i);

		if (b->socket == 0 && b->type == 6 && b->box_id == 7)
			{ found++; CHECK_EQ_U64(b->ctrl, 0xc8c2a800); }          /* as the PCM print */
		if (b->socket == 1 && b->type == 6 && b->box_id == 1)
			{ found++; CHECK_EQ_U64(b->ctrl, 0xc8aaa800 + 0x20000000); }
		if (b->socket == 1 && b->type == 0 && b->box_id == 55)
			{ found++; CHECK_EQ_U64(b->ctrl, 0x2000 + 55 * 0x10); }  /* extrapolated */
		if (b->type == 6)
			CHECK(b->num_counters == 4 && b->counter_width == 48 && b->ctl_offset == 64 && b->ctr_offset == 8 &&
			      b->access == 1, "IMC box %d: MMIO, 48-bit x4, offsets 64/8", b->box_id);
	}
	CHECK_EQ_INT(found, 3);
	simm_free(m);
	m = load("machines/kvm-nopmu.machine");   /* by path, from the repository root */
	CHECK(m && !strcmp(simm_name(m), "kvm-nopmu"), "loads by path");
	simm_free(m);
}

TEST(load_errors)
{
	char err[256] = "", path[] = "/tmp/pmutop-simdesc-XXXXXX";
	int fd = mkstemp(path);
	const char bad[] = "[machine]\nsockets = 1\ncores = cpu:4x1\n[pmu cpu]\nkind = core\n";

	CHECK(simm_load("no-such-machine", err, sizeof(err)) == NULL, "unknown name fails");
	CHECK(strstr(err, "no-such-machine") != NULL, "message names it: %s", err);
	CHECK(fd >= 0, "temp file");
	if (fd < 0)
		return;
	CHECK(write(fd, bad, sizeof(bad) - 1) == (ssize_t)sizeof(bad) - 1, "write");
	close(fd);
	err[0] = 0;
	CHECK(simm_load(path, err, sizeof(err)) == NULL, "a PMU without a type is refused");
	CHECK(strstr(err, "type") != NULL, "message says why: %s", err);
	{
		const char dup[] = "[machine]\nsockets = 1\ncores = cpu:4x1\n[pmu cpu]\ntype = 4\nkind = core\n"
				   "[pmu uncore_x_{0..2}]\ntype = 3\nkind = uncore\ncpumask = sockets\n";
		FILE *f = fopen(path, "w");

		CHECK(f && fwrite(dup, 1, sizeof(dup) - 1, f) == sizeof(dup) - 1, "write");
		if (f)
			fclose(f);
		err[0] = 0;
		CHECK(simm_load(path, err, sizeof(err)) == NULL, "uncore_x_1 takes type 4 of cpu: refused");
		CHECK(strstr(err, "share type 4") != NULL, "message: %s", err);
	}
	unlink(path);
}

/* Generate each tree and read it back through pmutop's own topology and PMU loaders. */
TEST(trees_read_back)
{
	for (int i = 0; i < NWANT; i++) {
		char dir[] = "/tmp/pmutop-simtree-XXXXXX", sys[64], buf[256];
		struct sim_machine *m = load(want[i].name);
		struct pmu_registry reg = { 0 };
		struct topology topo = { 0 };
		int r;

		if (!m || !mkdtemp(dir)) {
			CHECK(0, "setup %s", want[i].name);
			simm_free(m);
			continue;
		}
		r = simm_write_tree(m, dir);
		CHECK_EQ_INT(r, 0);
		snprintf(sys, sizeof(sys), "%s/sys", dir);
		sysfs_set_root(sys);
		CHECK_EQ_INT(topo_load(&topo), 0);
		CHECK_EQ_INT(topo.ncpus, want[i].ncpus);
		CHECK_EQ_INT(topo.nsockets, simm_nsockets(m));
		for (int c = 0; c < topo.ncpus; c++)
			if (topo.cpus[c].socket != simm_cpu_socket(m, topo.cpus[c].cpu)) {
				CHECK(0, "%s cpu %d socket %d", want[i].name, topo.cpus[c].cpu, topo.cpus[c].socket);
				break;
			}
		CHECK_EQ_INT(pmus_load(&reg), 0);
		CHECK(pmus_find(&reg, "software") >= 0, "%s has the software PMU", want[i].name);
		CHECK_EQ_INT(topo.hypervisor, !strcmp(want[i].name, "kvm-nopmu"));
		CHECK_EQ_INT(reg.ncore, !strcmp(want[i].name, "kvm-nopmu") ? 0 :
			     !strcmp(want[i].name, "adl-hybrid") || !strcmp(want[i].name, "m1-asahi") ? 2 : 1);
		CHECK(read_text(dir, "proc/sys/kernel/perf_event_paranoid", buf, sizeof(buf)) >= 0, "paranoid");
		if (!strcmp(want[i].name, "spr-2s")) {
			int p = pmus_find(&reg, "uncore_imc_0");
			const struct pmu_alias *al = p >= 0 ? pmu_find_alias(&reg.pmus[p], "cas_count_read") : NULL;

			CHECK(al != NULL, "uncore_imc_0/cas_count_read");
			if (al) {
				CHECK_NEAR(al->scale, 6.103515625e-5, 1e-15);
				CHECK_EQ_STR(al->unit, "MiB");
			}
			CHECK(p >= 0 && reg.pmus[p].ncpus == 2 && reg.pmus[p].cpus[0] == 0 && reg.pmus[p].cpus[1] == 56,
			      "imc cpumask 0,56");
			p = pmus_find(&reg, "cpu");
			CHECK(p >= 0 && pmu_cap(&reg.pmus[p], "pmu_name") && !strcmp(pmu_cap(&reg.pmus[p], "pmu_name"),
			      "sapphire_rapids"), "caps/pmu_name");
			CHECK(read_text(dir, "sys/bus/event_source/devices/power/events/energy-pkg.scale", buf,
					sizeof(buf)) >= 0 && !strcmp(buf, "2.3283064365386962890625e-10"), "energy scale %s", buf);
			CHECK(read_text(dir, "sys/devices/system/cpu/cpu0/topology/thread_siblings_list", buf,
					sizeof(buf)) >= 0 && !strcmp(buf, "0,112"), "siblings of cpu0: %s", buf);
			for (int k = 0; k < 56; k++) {
				char nm[32];

				snprintf(nm, sizeof(nm), "uncore_cha_%d", k);
				if (pmus_find(&reg, nm) < 0)
					CHECK(0, "%s missing", nm);
			}
		}
		if (!strcmp(want[i].name, "adl-hybrid")) {
			int pc = pmus_find(&reg, "cpu_core"), pa = pmus_find(&reg, "cpu_atom");

			CHECK(pc >= 0 && reg.pmus[pc].type == 4 && reg.pmus[pc].cpus_file && reg.pmus[pc].ncpus == 16,
			      "cpu_core: type 4, cpus 0-15");
			CHECK(pa >= 0 && reg.pmus[pa].type == 10 && reg.pmus[pa].ncpus == 8 && reg.pmus[pa].cpus[0] == 16,
			      "cpu_atom: type 10, cpus 16-23");
			CHECK(read_text(dir, "sys/devices/system/cpu/cpu1/topology/thread_siblings_list", buf,
					sizeof(buf)) >= 0 && !strcmp(buf, "0-1"), "P-core siblings adjacent: %s", buf);
		}
		if (!strcmp(want[i].name, "zen4-1s")) {
			int p = pmus_find(&reg, "amd_df");
			const struct pmu_format *f = p >= 0 ? pmu_find_format(&reg.pmus[p], "event") : NULL;

			CHECK(f && f->nranges == 3 && f->r[1].lo == 32 && f->r[2].hi == 60, "amd_df split event format");
			CHECK(pmus_find(&reg, "amd_umc_11") >= 0 && pmus_find(&reg, "amd_l3") >= 0, "amd_umc_N, amd_l3");
		}
		if (!strcmp(want[i].name, "altra-160"))
			CHECK(read_text(dir, "sys/bus/event_source/devices/armv8_pmuv3_0/cpus", buf, sizeof(buf)) >= 0 &&
			      !strcmp(buf, "0-159"), "armv8 cpus %s", buf);
		if (!strcmp(want[i].name, "m1-asahi"))
			CHECK(read_text(dir, "sys/bus/event_source/devices/apple_firestorm_pmu/cpus", buf, sizeof(buf)) >= 0 &&
			      !strcmp(buf, "4-7"), "firestorm cpus %s", buf);
		if (!strcmp(want[i].name, "kvm-nopmu"))
			CHECK(pmus_find(&reg, "cpu") < 0, "no cpu PMU");
		pmus_free(&reg);
		topo_free(&topo);
		sysfs_set_root(NULL);
		rmtree(dir);
		simm_free(m);
	}
}

/* libpci itself must see the DVSECs of the generated discovery devices. */
TEST(lspci_sees_dvsec)
{
	const char *names[] = { "spr-2s", "gnr-1s" };

	if (access("/usr/bin/lspci", X_OK) && access("/usr/sbin/lspci", X_OK) && access("/bin/lspci", X_OK))
		T_SKIP("lspci not installed");
	for (int i = 0; i < 2; i++) {
		char dir[] = "/tmp/pmutop-simpci-XXXXXX", cmd[256], line[512];
		struct sim_machine *m = load(names[i]);
		int seen[5] = { 0 }, ids[8], nids;
		FILE *p;

		if (!m || !mkdtemp(dir)) {
			CHECK(0, "setup");
			simm_free(m);
			continue;
		}
		CHECK_EQ_INT(simm_write_tree(m, dir), 0);
		snprintf(cmd, sizeof(cmd), "lspci -A linux-sysfs -O sysfs.path=%s/sys/bus/pci -vvv 2>/dev/null", dir);
		p = popen(cmd, "r");
		while (p && fgets(line, sizeof(line), p)) {
			unsigned id;
			char *d = strstr(line, "Designated Vendor-Specific: Vendor=8086 ID=");

			if (d && sscanf(d + strlen("Designated Vendor-Specific: Vendor=8086 ID="), "%x", &id) == 1 && id < 5)
				seen[id]++;
		}
		CHECK(p && pclose(p) == 0, "lspci runs");
		CHECK_EQ_INT(seen[1], simm_npci(m));
		nids = simm_pci_dvsec_ids(m, 0, ids, 8);
		for (int k = 0; k < nids; k++)
			CHECK(ids[k] < 5 && seen[ids[k]] == simm_npci(m), "%s: DVSEC ID %d listed", names[i], ids[k]);
		if (!strcmp(names[i], "gnr-1s"))
			CHECK(seen[2] == 1 && seen[3] == 1 && seen[4] == 1, "gnr: IDs 2-4 as on the real board");
		rmtree(dir);
		simm_free(m);
	}
}

/* Count cycles and instructions on every CPU (a sample on the big ones) and compare with the
 * description's rates: layout, 100% running when it fits, IPC as described and varying per CPU. */
TEST(counting_every_machine)
{
	for (int i = 0; i < NWANT; i++) {
		struct sim_machine *m = load(want[i].name);
		struct perf_seam *s = clocked(m);
		int n = m ? simm_ncpus(m) : 0, step = n > 64 ? n / 32 : 1, ncpu = 0;
		int lead[1100], memb[1100], cpus[1100];
		double ipc_min = 1e9, ipc_max = 0;

		if (!s) {
			CHECK(0, "setup %s", want[i].name);
			simm_free(m);
			continue;
		}
		for (int c = 0; c < n; c += step) {
			const char *pmu = core_pmu_of(want[i].name, c);
			uint64_t ext = 0;

			if (!strcmp(want[i].name, "adl-hybrid") || !strcmp(want[i].name, "m1-asahi"))
				ext = (uint64_t)simm_pmu_type(m, pmu) << 32;
			lead[ncpu] = open_ev(s, PERF_TYPE_HARDWARE, ext | PERF_COUNT_HW_CPU_CYCLES, c, -1, 1, 0);
			if (!pmu) {
				CHECK_EQ_INT(lead[ncpu], -ENOENT);
				continue;
			}
			CHECK(lead[ncpu] >= 1000, "%s cpu %d cycles: %d", want[i].name, c, lead[ncpu]);
			memb[ncpu] = open_ev(s, PERF_TYPE_HARDWARE, ext | PERF_COUNT_HW_INSTRUCTIONS, c, lead[ncpu], 0, 0);
			CHECK(memb[ncpu] >= 1000, "instructions: %d", memb[ncpu]);
			CHECK_EQ_INT(s->ioctl(s->ctx, lead[ncpu], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP), 0);
			cpus[ncpu++] = c;
		}
		simclock_advance_ms(60);
		for (int k = 0; k < ncpu; k++) {
			uint64_t b[16], id0 = 0, id1 = 0, cyc_cfg = 0, ins_cfg = 0;
			const char *pmu = core_pmu_of(want[i].name, cpus[k]);
			ssize_t r = s->read(s->ctx, lead[k], b, sizeof(b));
			double ipc, want_ipc, rc;

			s->ioctl(s->ctx, lead[k], PERF_EVENT_IOC_ID, (unsigned long)&id0);
			s->ioctl(s->ctx, memb[k], PERF_EVENT_IOC_ID, (unsigned long)&id1);
			CHECK_EQ_INT(r, 7 * 8);   /* nr, enabled, running, {value, id} x 2 */
			if (r != 56)
				break;
			CHECK_EQ_INT(b[0], 2);
			CHECK_EQ_U64(b[4], id0);
			CHECK_EQ_U64(b[6], id1);
			CHECK(b[1] == 60 * MS && b[2] == 60 * MS, "enabled %llu, running %llu: the 60 ms",
			      (unsigned long long)b[1], (unsigned long long)b[2]);
			simm_generic_config(m, pmu, PERF_COUNT_HW_CPU_CYCLES, &cyc_cfg);
			simm_generic_config(m, pmu, PERF_COUNT_HW_INSTRUCTIONS, &ins_cfg);
			rc = simm_rate(m, pmu, cpus[k], cyc_cfg);
			CHECK_NEAR(b[3] / (b[2] * 1e-9), rc, rc * 0.05);
			ipc = (double)b[5] / (double)b[3];
			want_ipc = simm_rate(m, pmu, cpus[k], ins_cfg) / rc;
			CHECK_NEAR(ipc, want_ipc, want_ipc * 0.05);
			CHECK(ipc > 0.01 && ipc < 8, "%s cpu %d IPC %.3f plausible", want[i].name, cpus[k], ipc);
			ipc_min = fmin(ipc_min, ipc);
			ipc_max = fmax(ipc_max, ipc);
		}
		if (ncpu > 1)
			CHECK(ipc_max > ipc_min * 1.02, "%s: IPC differs per CPU (%.3f..%.3f)", want[i].name, ipc_min, ipc_max);
		simk_free(s);
		simm_free(m);
	}
}

/* spr-2s: 12 raw events as their own groups plus cycles and instructions pinned; the NMI watchdog
 * holds fixed counter 1, so the pinned cycles takes a GP counter and leaves 7 for 12 groups. Each
 * 4 ms rotation step runs the 7 groups from its place on: over 300 ms (6 rotations of 12 steps and
 * 3 steps more) group g runs 6 x 7 steps, and step s of the 3 when (g - s) mod 12 < 7. */
TEST(spr_multiplexing)
{
	struct sim_machine *m = load("spr-2s");
	struct perf_seam *s = clocked(m);
	int fd[14], cpu = 3;
	uint64_t cfg[12];

	if (!s) {
		CHECK(0, "setup");
		simm_free(m);
		return;
	}
	for (int i = 0; i < 12; i++) {
		cfg[i] = 0x01a1 + (uint64_t)i * 0x100;   /* event 0xa1 with umasks 1..12: no fixed counter takes them */
		fd[i] = open_ev(s, PERF_TYPE_RAW, cfg[i], cpu, -1, 0, 0);
		CHECK(fd[i] >= 1000, "raw %d", i);
	}
	fd[12] = open_ev(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, cpu, -1, 0, 1);
	fd[13] = open_ev(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, cpu, -1, 0, 1);
	simclock_advance_ms(300);
	for (int i = 0; i < 14; i++) {
		uint64_t b[8], steps = 6 * 7;
		ssize_t r = s->read(s->ctx, fd[i], b, sizeof(b));
		double est, rate;

		CHECK_EQ_INT(r, 5 * 8);
		if (r != 40)
			continue;
		CHECK_EQ_INT(b[1], 300 * MS);
		if (i >= 12) {
			CHECK(b[1] == b[2], "pinned event %d at 100%% (%llu ns)", i, (unsigned long long)b[2]);
			continue;
		}
		for (int st = 0; st < 3; st++)
			steps += (i - st + 12) % 12 < 7;
		CHECK(b[2] == steps * 4 * MS, "raw %d ran %llu ns, want %llu steps of 4 ms", i,
		      (unsigned long long)b[2], (unsigned long long)steps);
		/* scaled by enabled / running, the count is the rate over the whole 300 ms */
		est = b[3] * (double)b[1] / (double)b[2];
		rate = simm_rate(m, "cpu", cpu, cfg[i]) * 0.3;
		CHECK_NEAR(est, rate, 2 * (double)b[1] / (double)b[2]);
	}
	simk_free(s);
	simm_free(m);
}

/* The kernel stops scheduling flexible groups at the first one that does not fit, so an unpinned
 * cycles group (the watchdog holds its fixed counter: it needs a GP one) rotates with 12 raw
 * events: 13 groups, 8 GP counters. Over 100 ms (25 steps of 4 ms: one rotation of 13 and 12
 * steps more) it runs 8 steps of the first rotation and 7 of the next: steps 5..11, where
 * (12 - s) mod 13 < 8. */
TEST(unpinned_fixed_event_rotates)
{
	struct sim_machine *m = load("spr-2s");
	struct perf_seam *s = clocked(m);
	uint64_t b[8];
	int cyc;

	if (!s) {
		CHECK(0, "setup");
		simm_free(m);
		return;
	}
	for (int i = 0; i < 12; i++)
		open_ev(s, PERF_TYPE_RAW, 0x01a1 + (uint64_t)i * 0x100, 0, -1, 0, 0);
	cyc = open_ev(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, -1, 0, 0);
	simclock_advance_ms(100);
	CHECK_EQ_INT(s->read(s->ctx, cyc, b, sizeof(b)), 40);
	CHECK(b[1] == 100 * MS && b[2] == (8 + 7) * 4 * MS, "running %llu of enabled %llu ns",
	      (unsigned long long)b[2], (unsigned long long)b[1]);
	simk_free(s);
	simm_free(m);
}

/* Uncore: per socket on the cpumask CPU, at the description's rate; memory bandwidth from it. */
TEST(spr_uncore_per_socket)
{
	struct sim_machine *m = load("spr-2s");
	struct perf_seam *s = clocked(m);
	int type = m ? simm_pmu_type(m, "uncore_imc_0") : -1, fd0, fd1;
	uint64_t cas_rd = 0x05 | 0xcf << 8, b[8];

	if (!s || type < 0) {
		CHECK(0, "setup");
		simk_free(s);
		simm_free(m);
		return;
	}
	fd0 = open_ev(s, (uint32_t)type, cas_rd, 0, -1, 0, 0);
	fd1 = open_ev(s, (uint32_t)type, cas_rd, 56, -1, 0, 0);
	CHECK(fd0 >= 1000 && fd1 >= 1000, "open on 0 and 56: %d %d", fd0, fd1);
	CHECK_EQ_INT(open_ev(s, (uint32_t)type, cas_rd, 1, -1, 0, 0), -EINVAL);
	simclock_advance_ms(50);
	for (int k = 0; k < 2; k++) {
		double rate = simm_rate(m, "uncore_imc_0", k ? 56 : 0, cas_rd);

		CHECK_EQ_INT(s->read(s->ctx, k ? fd1 : fd0, b, sizeof(b)), 40);
		CHECK(b[1] == 50 * MS && b[2] == 50 * MS, "uncore counts all the time: %llu of %llu ns",
		      (unsigned long long)b[2], (unsigned long long)b[1]);
		CHECK_NEAR(b[3] / 0.05, rate, rate * 0.05);   /* the rate, with its noise */
	}
	CHECK(isnan(simm_rate(m, "uncore_imc_0", 5, cas_rd)), "no rate off the cpumask");
	simk_free(s);
	simm_free(m);
}

/* altra-160 against the real 160-CPU recording: the same event groups multiplex the same way
 * (7 GP events for 6 counters: each group about half the time, cycles pinned at 100%) and the
 * machine-wide IPC is the recording's. */
TEST(altra_matches_recording)
{
	char path[512], line[512];
	double rec_pct = 0, rec_cyc = 0, rec_ins = 0, sim_pct = 0, sim_cyc = 0, sim_ins = 0;
	int npct = 0, nsim = 0;
	struct sim_machine *m;
	struct perf_seam *s;
	FILE *f;

	snprintf(path, sizeof(path), "%s/perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv", t_realdata());
	f = fopen(path, "r");
	if (!f)
		T_SKIP("%s not found", path);
	while (fgets(line, sizeof(line), f)) {
		double t, v, run, pct;
		char cpu[16], unit[16], ev[32];

		/* time,CPUn,value,unit,event,run,pct,... */
		if (sscanf(line, " %lf,%15[^,],%lf,%15[^,],%31[^,],%lf,%lf", &t, cpu, &v, unit, ev, &run, &pct) != 7 &&
		    sscanf(line, " %lf,%15[^,],%lf,,%31[^,],%lf,%lf", &t, cpu, &v, ev, &run, &pct) != 6)
			continue;
		if (!strcmp(ev, "cycles:D"))
			rec_cyc += v;
		if (!strcmp(ev, "instructions")) {
			rec_ins += v;   /* perf already scaled it by enabled/running */
			rec_pct += pct / 100;
			npct++;
		}
	}
	fclose(f);
	CHECK(npct > 100 && rec_cyc > 0, "recording parsed: %d rows", npct);
	m = load("altra-160");
	s = clocked(m);
	if (!s || !npct) {
		simm_free(m);
		return;
	}
	{
		int cyc[160], g1[160], g2[160];
		const uint64_t r1[] = { 0x08, 0x01, 0x03, 0x17, 0x2a }, r2[] = { 0x21, 0x22 };

		for (int c = 0; c < 160; c++) {
			cyc[c] = open_ev(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, c, -1, 0, 1);
			g1[c] = open_ev(s, PERF_TYPE_RAW, r1[0], c, -1, 0, 0);
			for (int i = 1; i < 5; i++)
				open_ev(s, PERF_TYPE_RAW, r1[i], c, g1[c], 0, 0);
			g2[c] = open_ev(s, PERF_TYPE_RAW, r2[0], c, -1, 0, 0);
			open_ev(s, PERF_TYPE_RAW, r2[1], c, g2[c], 0, 0);
		}
		simclock_advance_ms(200);
		for (int c = 0; c < 160; c++) {
			uint64_t a[16], b[16];

			if (s->read(s->ctx, cyc[c], a, sizeof(a)) != 40 || s->read(s->ctx, g1[c], b, sizeof(b)) != 104)
				continue;
			CHECK(a[1] == a[2], "pinned cycles at 100%% on cpu %d", c);
			sim_cyc += (double)a[3];
			sim_ins += b[3] * (double)b[1] / (double)b[2];
			sim_pct += (double)b[2] / (double)b[1];
			nsim++;
		}
	}
	CHECK_EQ_INT(nsim, 160);
	if (nsim) {
		CHECK_NEAR(sim_pct / nsim, rec_pct / npct, 0.05);
		CHECK_NEAR(sim_ins / sim_cyc, rec_ins / rec_cyc, 0.15 * rec_ins / rec_cyc);
	}
	simk_free(s);
	simm_free(m);
}

int main(void)
{
	RUN(every_machine_loads);
	RUN(description_expansion);
	RUN(load_errors);
	RUN(trees_read_back);
	RUN(lspci_sees_dvsec);
	RUN(counting_every_machine);
	RUN(spr_multiplexing);
	RUN(unpinned_fixed_event_rotates);
	RUN(spr_uncore_per_socket);
	RUN(altra_matches_recording);
	T_DONE();
}
