/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* topdown.c: the top-down methods (one table entry each, formulas as perf 6.1 prints them with
 * `perf list --details metric`, AMD's and Arm's from the kernel's later amdzen4/amdzen5 and sbsa
 * tables), the method per core PMU, and shares from counted values (percent of slots). */
#include "topdown.h"
#include "hw/events/evparse.h"
#include "model.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/pmu.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct td_share_def td_shares[TD_NSHARES] = {
	[TD_RETIRING]  = { "tma_retiring",         "Retiring",        'R', -1 },
	[TD_BAD_SPEC]  = { "tma_bad_speculation",  "Bad speculation", 'B', -1 },
	[TD_FRONTEND]  = { "tma_frontend_bound",   "Frontend bound",  'F', -1 },
	[TD_BACKEND]   = { "tma_backend_bound",    "Backend bound",   'K', -1 },
	[TD_SMT]       = { "tma_smt_contention",   "SMT contention",  'S', -1 },
	[TD_LIGHT]     = { "tma_light_operations", "Light operations", 'l', TD_RETIRING },
	[TD_HEAVY]     = { "tma_heavy_operations", "Heavy operations", 'h', TD_RETIRING },
	[TD_BR_MISP]   = { "tma_branch_mispredicts", "Branch mispredicts", 'b', TD_BAD_SPEC },
	[TD_MCLEAR]    = { "tma_machine_clears",   "Machine clears",  'm', TD_BAD_SPEC },
	[TD_FETCH_LAT] = { "tma_fetch_latency",    "Fetch latency",   'f', TD_FRONTEND },
	[TD_FETCH_BW]  = { "tma_fetch_bandwidth",  "Fetch bandwidth", 'w', TD_FRONTEND },
	[TD_MEM]       = { "tma_memory_bound",     "Memory bound",    'M', TD_BACKEND },
	[TD_CORE]      = { "tma_core_bound",       "Core bound",      'C', TD_BACKEND },
};

#define L1 (1u << TD_RETIRING | 1u << TD_BAD_SPEC | 1u << TD_FRONTEND | 1u << TD_BACKEND)
#define L2 (1u << TD_LIGHT | 1u << TD_HEAVY | 1u << TD_BR_MISP | 1u << TD_MCLEAR | \
	    1u << TD_FETCH_LAT | 1u << TD_FETCH_BW | 1u << TD_MEM | 1u << TD_CORE)

static double pos(double x) { return x > 0 ? x : 0; }

/* PERF_METRICS (Ice Lake and later P-cores): each level-1 metric over the sum of the four, as perf
 * 6.1's tma_* expressions; Frontend Bound less INT_MISC.UOP_DROPPING / SLOTS; Bad Speculation what
 * the other three leave (not below 0). drop and rec are already over SLOTS: Ice Lake and Tiger
 * Lake's backend adds 5 x INT_MISC.RECOVERY_CYCLES:c1:e / SLOTS, Golden Cove's adds nothing.
 * v = slots, retiring, bad-spec, fe-bound, be-bound, ... */
static void metrics_common(const double *v, double drop, double rec, double *o)
{
	double t = v[1] + v[2] + v[3] + v[4];

	o[TD_RETIRING] = v[1] / t;
	o[TD_FRONTEND] = v[3] / t - drop;
	o[TD_BACKEND] = v[4] / t + rec;
	o[TD_BAD_SPEC] = pos(1 - (o[TD_FRONTEND] + o[TD_BACKEND] + o[TD_RETIRING]));
}

/* Ice Lake, Tiger Lake: v = slots, the four metrics, INT_MISC.UOP_DROPPING (0x0d, umask 0x10),
 * INT_MISC.RECOVERY_CYCLES:c1:e */
static void c_metrics_l1(const double *v, double width, double *o)
{
	(void)width;
	metrics_common(v, v[5] / v[0], 5 * v[6] / v[0], o);
}

/* Sapphire Rapids, Alder Lake P-cores and later: v = slots, the four level-1 and four level-2
 * metrics, INT_MISC.UOP_DROPPING (0xad, umask 0x10); level 2 by subtraction as PMU-FACTS.md */
static void c_metrics_l2(const double *v, double width, double *o)
{
	double t = v[1] + v[2] + v[3] + v[4], drop = v[9] / v[0];

	(void)width;
	metrics_common(v, drop, 0, o);
	o[TD_HEAVY] = v[5] / t;
	o[TD_LIGHT] = pos(o[TD_RETIRING] - o[TD_HEAVY]);
	o[TD_BR_MISP] = v[6] / t;
	o[TD_MCLEAR] = pos(o[TD_BAD_SPEC] - o[TD_BR_MISP]);
	o[TD_FETCH_LAT] = v[7] / t - drop;
	o[TD_FETCH_BW] = pos(o[TD_FRONTEND] - o[TD_FETCH_LAT]);
	o[TD_MEM] = v[8] / t;
	o[TD_CORE] = pos(o[TD_BACKEND] - o[TD_MEM]);
}

/* Skylake, Cascade Lake (client and server), as perf 6.1's TopdownL1 for them: SLOTS = 4 x the core's
 * clocks; retiring = UOPS_RETIRED.RETIRE_SLOTS / SLOTS, bad speculation = (UOPS_ISSUED.ANY -
 * RETIRE_SLOTS + 4 x recovery cycles) / SLOTS, frontend = IDQ_UOPS_NOT_DELIVERED.CORE / SLOTS,
 * backend = 1 - frontend - (UOPS_ISSUED.ANY + 4 x recovery cycles) / SLOTS. Two groups of four (4
 * GP counters per thread with Hyper-Threading), each with its own clock and recovery count:
 * v = clocks, IDQ_UOPS_NOT_DELIVERED.CORE, recovery, UOPS_ISSUED.ANY |
 *     clocks, recovery, UOPS_RETIRED.RETIRE_SLOTS, UOPS_ISSUED.ANY.
 * With SMT on, clocks and recovery are the AnyThread counts (CPU_CLK_UNHALTED.THREAD_ANY,
 * INT_MISC.RECOVERY_CYCLES_ANY) halved: width is that divisor (2, else 1). */
static void c_skl(const double *v, double width, double *o)
{
	double s1 = 4 * v[0] / width, r1 = v[2] / width, s2 = 4 * v[4] / width, r2 = v[5] / width;

	o[TD_FRONTEND] = v[1] / s1;
	o[TD_BACKEND] = 1 - o[TD_FRONTEND] - (v[3] + 4 * r1) / s1;
	o[TD_RETIRING] = v[6] / s2;
	o[TD_BAD_SPEC] = (v[7] - v[6] + 4 * r2) / s2;
}

/* E-cores: v = CPU_CLK_UNHALTED.CORE, TOPDOWN_RETIRING.ALL, TOPDOWN_FE_BOUND.ALL,
 * TOPDOWN_BE_BOUND.ALL; SLOTS = width x cycles; Bad Speculation the rest (as perf 6.1). */
static void c_atom(const double *v, double width, double *o)
{
	double s = width * v[0];

	o[TD_RETIRING] = v[1] / s;
	o[TD_FRONTEND] = v[2] / s;
	o[TD_BACKEND] = v[3] / s;
	o[TD_BAD_SPEC] = (s - (v[1] + v[2] + v[3])) / s;
}

/* AMD Zen 4/5 in three groups of at most three counters (six GP counters, the NMI watchdog may
 * hold one, cycles and instructions are often counted too), each with its own cycle count:
 * v = ls_not_halted_cyc, de_no_dispatch_per_slot.no_ops_from_frontend, .backend_stalls |
 * ls_not_halted_cyc, de_src_op_disp.all, ex_ret_ops | ls_not_halted_cyc, .smt_contention.
 * Each share over its group's width x cycles, as the amdzen4 metrics. */
static void c_zen(const double *v, double width, double *o)
{
	double s1 = width * v[0], s2 = width * v[3], s3 = width * v[6];

	o[TD_FRONTEND] = v[1] / s1;
	o[TD_BACKEND] = v[2] / s1;
	o[TD_BAD_SPEC] = (v[4] - v[5]) / s2;
	o[TD_RETIRING] = v[5] / s2;
	o[TD_SMT] = v[7] / s3;
}

/* Arm PMUv3.4 slot events: v = cpu_cycles, stall_slot, stall_slot_frontend, stall_slot_backend,
 * op_spec, op_retired; slots per cycle from caps/slots. */
static void c_arm_slots(const double *v, double width, double *o)
{
	double s = width * v[0], busy = 1 - v[1] / s, ret = v[5] / v[4];

	o[TD_FRONTEND] = v[2] / s;
	o[TD_BACKEND] = v[3] / s;
	o[TD_RETIRING] = ret * busy;
	o[TD_BAD_SPEC] = (1 - ret) * busy;
}

/* Neoverse N1 (no slot events): v = cpu_cycles, stall_frontend, stall_backend, inst_retired,
 * inst_spec; stall cycles over cycles, the remaining cycles split by retired / speculated. */
static void c_arm_cycles(const double *v, double width, double *o)
{
	double busy = 1 - (v[1] + v[2]) / v[0], ret = v[3] / v[4];

	(void)width;
	o[TD_FRONTEND] = v[1] / v[0];
	o[TD_BACKEND] = v[2] / v[0];
	o[TD_RETIRING] = ret * busy;
	o[TD_BAD_SPEC] = (1 - ret) * busy;
}

const struct td_method td_methods[] = {
	{ "intel-metrics-l2", "Intel PERF_METRICS, slots group with level 2 (Sapphire Rapids and later)",
	  { "slots", "topdown-retiring", "topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound",
	    "topdown-heavy-ops", "topdown-br-mispredict", "topdown-fetch-lat", "topdown-mem-bound",
	    "event=0xad,umask=0x10" }, L1 | L2, false, c_metrics_l2 },
	{ "intel-metrics-l1", "Intel PERF_METRICS, slots group (Ice Lake, Tiger Lake)",
	  { "slots", "topdown-retiring", "topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound",
	    "event=0xd,umask=0x10", "event=0xd,umask=0x1,cmask=1,edge=1" }, L1, false, c_metrics_l1 },
	{ "intel-skl-smt", "Intel uops and AnyThread clocks (Skylake, Cascade Lake; SMT on)",
	  { "event=0x3c,any=1", "event=0x9c,umask=0x1", "event=0xd,umask=0x1,any=1", "event=0xe,umask=0x1", "|",
	    "event=0x3c,any=1", "event=0xd,umask=0x1,any=1", "event=0xc2,umask=0x2", "event=0xe,umask=0x1" },
	  L1, false, c_skl },
	{ "intel-skl", "Intel uops and clocks (Skylake, Cascade Lake; SMT off)",
	  { "event=0x3c", "event=0x9c,umask=0x1", "event=0xd,umask=0x1", "event=0xe,umask=0x1", "|",
	    "event=0x3c", "event=0xd,umask=0x1", "event=0xc2,umask=0x2", "event=0xe,umask=0x1" },
	  L1, false, c_skl },
	{ "intel-atom", "Intel E-core TOPDOWN_* events over width x cycles",
	  { "event=0x3c", "event=0xc2", "event=0x71", "event=0x74" }, L1, false, c_atom },
	{ "amd-zen", "AMD dispatch slots (de_no_dispatch_per_slot, ex_ret_ops)",
	  { "event=0x76", "event=0x1a0,umask=0x1", "event=0x1a0,umask=0x1e", "|",
	    "event=0x76", "event=0xaa,umask=0x7", "event=0xc1", "|", "event=0x76", "event=0x1a0,umask=0x60" }, L1 | 1u << TD_SMT, false, c_zen },
	{ "arm-slots", "Arm PMUv3.4 slot events (stall_slot_*, op_spec, op_retired)",
	  { "event=0x11", "event=0x3f", "event=0x3e", "event=0x3d", "event=0x3b", "event=0x3a" },
	  L1, false, c_arm_slots },
	{ "arm-n1-cycles", "APPROXIMATION from stall cycles (Neoverse N1 has no slot events)",
	  { "event=0x11", "event=0x23", "event=0x24", "event=0x8", "event=0x1b" }, L1, true, c_arm_cycles },
};
const int td_nmethods = sizeof(td_methods) / sizeof(td_methods[0]);

static const struct td_method *method(const char *id)
{
	for (int i = 0; i < td_nmethods; i++)
		if (strcmp(td_methods[i].id, id) == 0)
			return &td_methods[i];
	return NULL;
}

static int method_nev(const struct td_method *m)
{
	int n = 0;

	for (int i = 0; i < TD_MAXEV && m->ev[i]; i++)
		n += strcmp(m->ev[i], "|") != 0;
	return n;
}

void td_compute(const struct td_method *m, double width, const double *v, double out[TD_NSHARES])
{
	int n = method_nev(m);

	for (int s = 0; s < TD_NSHARES; s++)
		out[s] = NAN;
	for (int i = 0; i < n; i++)
		if (!isfinite(v[i]) || v[i] < 0)
			return;
	m->compute(v, width, out);
	for (int s = 0; s < TD_NSHARES; s++)
		out[s] = m->shares & 1u << s && isfinite(out[s]) ? 100 * out[s] : NAN;
}

int td_share_by_name(const char *name)
{
	for (int s = 0; s < TD_NSHARES; s++)
		if (strcmp(td_shares[s].name, name) == 0)
			return s;
	return -1;
}

/* --- counters --- */

enum { K_GP, K_CYC, K_FIXONLY, K_NONE };

/* Which counter an event of m takes: Intel's slots only fixed counter 3, its metric events none
 * (PERF_METRICS), cycles (Intel 0x3c, Arm 0x11) the fixed cycles counter when free, else a GP one. */
static int ev_kind(const struct td_method *m, const char *t)
{
	if (strcmp(t, "slots") == 0)
		return K_FIXONLY;
	if (strncmp(t, "topdown-", 8) == 0 && strncmp(m->id, "intel-metrics", 13) == 0)
		return K_NONE;
	if ((strncmp(m->id, "arm-", 4) == 0 && strcmp(t, "event=0x11") == 0) ||
	    (strncmp(m->id, "intel-", 6) == 0 && strncmp(t, "event=0x3c", 10) == 0 && (!t[10] || !strcmp(t + 10, ",any=1"))))
		return K_CYC;
	return K_GP;
}

/* GP counters the group of m's events [from, to) needs; *nev gets its size. */
static int group_gp(const struct td_method *m, int from, int to, bool cyc_free, int *nev)
{
	int gp = 0;

	*nev = to - from;
	for (int k = from; k < to; k++)
		switch (ev_kind(m, m->ev[k])) {
		case K_GP: gp++; break;
		case K_CYC: if (cyc_free) cyc_free = false; else gp++; break;
		default: break;
		}
	return gp;
}

int td_fit(struct td_inst *in, int gp, int fixed, bool watchdog, bool watchdog_gp)
{
	const struct td_method *m = in->m;
	bool has_cyc = fixed >= 1, has_ins = fixed >= 2;
	/* alone: all but the watchdog's; beside pmutop's pinned group: its cycles takes the fixed
	 * cycles counter (a GP one when the watchdog has that), its instructions fixed 0 or a GP one */
	bool cyc_alone = has_cyc && !(watchdog && !watchdog_gp);
	int gp_alone = gp - (watchdog && (watchdog_gp || !has_cyc)), held = !cyc_alone + !has_ins;
	int gp_beside = gp_alone - held;

	in->fit = TD_FITS;
	in->fit_why[0] = '\0';
	if (gp < 0)
		return TD_FITS;
	for (int from = 0, to = 0; m->ev[from]; from = to + (m->ev[to] != NULL)) {
		int n, need, need_b;

		for (to = from; to < TD_MAXEV && m->ev[to] && strcmp(m->ev[to], "|") != 0; to++)
			;
		need = group_gp(m, from, to, cyc_alone, &n);
		need_b = group_gp(m, from, to, false, &n);
		if (need > gp_alone) {
			in->fit = TD_NEVER;
			snprintf(in->fit_why, sizeof(in->fit_why), "%s: top-down's group of %d events needs %d general "
				 "counters%s, and %s has %d%s: the kernel can never schedule it, so top-down is not "
				 "counted there", in->pmu_name, n, need, has_cyc && !cyc_alone ? " (cycles too: the NMI "
				 "watchdog holds the fixed cycles counter)" : "", in->pmu_name, gp,
				 gp_alone < gp ? " (the NMI watchdog holds one)" : "");
			return TD_NEVER;
		}
		if (need_b > gp_beside && in->fit == TD_FITS) {
			in->fit = TD_NEEDS_ROOM;
			snprintf(in->fit_why, sizeof(in->fit_why), "%s: top-down's group of %d events needs %d general "
				 "counters beside pmutop's pinned cycles/instructions group, which%s holds %s%d of the %d%s; "
				 "%d are left: that group is not pinned while top-down counts, and the two take turns",
				 in->pmu_name, n, need_b, gp_alone < gp ? " with the NMI watchdog" : "",
				 cyc_alone ? "the cycle counter and " : "", gp - gp_beside, gp, has_cyc && !cyc_alone ?
				 ", its cycles (the NMI watchdog holds the fixed cycles counter)" : "", gp_beside);
		}
	}
	return in->fit;
}

void td_refused(struct td_inst *in, int g, int gp)
{
	const struct td_method *m = in->m;
	int from = 0, to = 0, n = 0, need;

	for (int k = 0; ; from = to + 1, k++) {
		for (to = from; to < TD_MAXEV && m->ev[to] && strcmp(m->ev[to], "|") != 0; to++)
			;
		if (k == g || to >= TD_MAXEV || !m->ev[to])
			break;
	}
	need = group_gp(m, from, to, true, &n);
	in->fit = TD_NEVER;
	snprintf(in->fit_why, sizeof(in->fit_why), "%s: the kernel refuses top-down's group of %d events (EINVAL): "
		 "it needs at least %d general counters%s, more than %s has%s: the kernel can never schedule it, so "
		 "top-down is not counted there", in->pmu_name, n, need, need < n ? " beside its fixed ones" : "",
		 in->pmu_name, gp >= need ? " (although pmutop took it to have enough)" : "");
}

/* --- the method per core PMU --- */

/* perf's #SMT_on: the kernel's smt/active, else whether the first covered CPU has a sibling (read
 * from sysfs, not the topology, which -C may have cut to one thread per core). */
static bool smt_on(const struct pmu *p, const struct topology *t)
{
	char rel[96], buf[256];
	long long on;
	int cpu = p->cpus && p->ncpus ? p->cpus[0] : t->ncpus ? t->cpus[0].cpu : 0;

	if (sysfs_read_ll("devices/system/cpu/smt/active", &on) == 0)
		return on > 0;
	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
	if (sysfs_read(rel, buf, sizeof(buf)) < 0)
		return false;
	return strpbrk(buf, ",-") != NULL;
}

static const char *pick(const struct pmu *p, const struct topology *t, double *width, char *why, size_t wlen)
{
	const char *pname = pmu_cap(p, "pmu_name"), *slots;

	*width = 0;
	if (strncmp(p->name, "apple_", 6) == 0) {
		snprintf(why, wlen, "Apple's PMU (%s) has no documented top-down events", p->name);
		return NULL;
	}
	if (strncmp(p->name, "armv8_", 6) == 0 || strncmp(p->name, "armv9_", 6) == 0) {
		slots = pmu_cap(p, "slots");
		if (slots && strtol(slots, NULL, 0) > 0) {
			*width = (double)strtol(slots, NULL, 0);
			return "arm-slots";
		}
		if (t->part == 0xd0c)
			return "arm-n1-cycles";
		snprintf(why, wlen, "%s has no slot events (PMUv3.4 caps/slots is %s) and no documented "
			 "cycle-based method for CPU part 0x%x", p->name, slots ? slots : "absent", (unsigned)t->part);
		return NULL;
	}
	if (strcmp(t->vendor, "AuthenticAMD") == 0) {
		int mo = t->model_id;
		/* Zen 4: family 0x19 models 0x10-0x1f (Genoa), 0x60-0x7f (Raphael, Phoenix), 0xa0-0xaf
		 * (Bergamo); the rest of family 0x19 is Zen 3 */
		if (t->family == 0x19 && ((mo >= 0x10 && mo <= 0x1f) || (mo >= 0x60 && mo <= 0x7f) ||
					  (mo >= 0xa0 && mo <= 0xaf))) {
			*width = 6;
			return "amd-zen";
		}
		if (t->family == 0x1a) {
			*width = 8;
			return "amd-zen";
		}
		snprintf(why, wlen, "AMD family 0x%x model 0x%x: dispatch-slot events start with Zen 4",
			 (unsigned)t->family, (unsigned)t->model_id);
		return NULL;
	}
	if (strcmp(t->vendor, "GenuineIntel") == 0) {
		if (pmu_find_alias(p, "topdown-retiring"))
			return pmu_find_alias(p, "topdown-heavy-ops") ? "intel-metrics-l2" : "intel-metrics-l1";
		if (pmu_find_alias(p, "topdown-total-slots")) {
			*width = smt_on(p, t) ? 2 : 1;   /* AnyThread counts cover both threads */
			return *width > 1 ? "intel-skl-smt" : "intel-skl";
		}
		if (strcmp(p->name, "cpu_atom") == 0 || (pname && (strstr(pname, "sierra") || strstr(pname, "grand_ridge")))) {
			/* Gracemont issues 5 per cycle, Crestmont 6 */
			*width = pname && (strstr(pname, "meteorlake") || strstr(pname, "sierra") ||
					   strstr(pname, "grand_ridge")) ? 6 : 5;
			return "intel-atom";
		}
		snprintf(why, wlen, "the kernel lists no topdown events for %s (%s)", p->name,
			 t->hypervisor ? "a virtual machine's PMU" : "an Intel core before Skylake or an unknown one");
		return NULL;
	}
	snprintf(why, wlen, "no documented top-down method for %s (%s)", p->name, t->vendor[0] ? t->vendor : "unknown vendor");
	return NULL;
}

int td_detect(const struct pmu_registry *reg, const struct topology *topo, struct td_plan *plan)
{
	char why[200] = "";

	memset(plan, 0, sizeof(*plan));
	for (int i = 0; i < reg->n && plan->n < TD_MAXINST; i++) {
		const struct pmu *p = &reg->pmus[i];
		struct td_inst *in = &plan->in[plan->n];
		const char *id;
		double w;

		if (p->kind != PMU_KIND_CORE)
			continue;
		id = pick(p, topo, &w, why, sizeof(why));
		if (!id)
			continue;
		in->pmu = i;
		snprintf(in->pmu_name, sizeof(in->pmu_name), "%s", p->name);
		in->m = method(id);
		in->width = w;
		in->nev = method_nev(in->m);
		for (int e = 0; e < TD_MAXEV; e++)
			in->ev[e] = -1;
		plan->n++;
	}
	if (why[0])
		snprintf(plan->reason, sizeof(plan->reason), "no top-down method for this CPU: %s", why);
	else if (reg->ncore == 0)
		snprintf(plan->reason, sizeof(plan->reason), "no top-down method for this CPU: no hardware PMU "
			 "is exposed%s", topo->hypervisor ? " (a virtual machine without a virtual PMU)" : "");
	return plan->n;
}

char *td_inst_text(const struct td_inst *in)
{
	size_t len = 1, used = 0;
	bool open = false;
	char *out;

	for (int k = 0; k < TD_MAXEV && in->m->ev[k]; k++)
		len += strlen(in->pmu_name) + strlen(in->m->ev[k]) + 5;   /* ",{" "pmu/" "ev/" "}" */
	if (!(out = malloc(len)))
		return NULL;
	out[0] = '\0';
	for (int k = 0; k < TD_MAXEV && in->m->ev[k]; k++) {
		if (strcmp(in->m->ev[k], "|") == 0) {
			used += (size_t)snprintf(out + used, len - used, "}");
			open = false;
			continue;
		}
		used += (size_t)snprintf(out + used, len - used, "%s%s%s/%s/", used ? "," : "", open ? "" : "{",
					 in->pmu_name, in->m->ev[k]);
		open = true;
	}
	if (open)
		snprintf(out + used, len - used, "}");
	return out;
}

bool td_bind_inst(struct td_inst *in, const int *ev, int n)
{
	for (int k = 0; k < TD_MAXEV; k++)
		in->ev[k] = k < n ? ev[k] : -1;
	in->bound = n == in->nev && n > 0;
	return in->bound;
}

int td_inst_for_pmu(const struct td_plan *plan, int core_pmu)
{
	for (int i = 0; i < plan->n; i++)
		if (plan->in[i].pmu == core_pmu)
			return i;
	return -1;
}

bool td_row(const struct td_inst *in, const struct ev_val *row, double out[TD_NSHARES])
{
	double v[TD_MAXEV];

	for (int s = 0; s < TD_NSHARES; s++)
		out[s] = NAN;
	if (!in->bound)
		return false;
	for (int k = 0; k < in->nev; k++) {
		const struct ev_val *x = &row[in->ev[k]];
		if (x->state != EVS_OK)
			return false;
		v[k] = x->value;
	}
	td_compute(in->m, in->width, v, out);
	return isfinite(out[TD_RETIRING]);
}
