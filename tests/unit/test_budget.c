/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_budget.c: counter slots from CPUID or the table, fixed counters, NMI watchdog, offcore limit. */
#include "t.h"
#include "hw/model/budget.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

static int cpuid_spr(void *ctx, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	(void)ctx; (void)sub;
	if (leaf != 0x0a)
		return -ENOENT;
	r[0] = 5 | (8 << 8) | (48 << 16);   /* version 5, 8 GP, 48-bit */
	r[1] = r[2] = 0;
	r[3] = 4 | (48 << 5);               /* 4 fixed, 48-bit */
	return 0;
}

static const struct perf_seam seam_spr = { .name = "t", .cpuid = cpuid_spr };

static void add(struct ev_list *l, uint32_t type, uint64_t config)
{
	struct ev_spec *s = &l->ev[l->n++];
	memset(s, 0, sizeof(*s));
	s->pmu = -1;
	s->type = type;
	s->config = config;
	s->group = l->n - 1;
}

/* a procfs with nmi_watchdog = 1 beside a sysfs root */
static void with_nmi(const char *dir, int on)
{
	char p[256];
	snprintf(p, sizeof(p), "%s/sys", dir); mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/proc", dir); mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/proc/sys", dir); mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/proc/sys/kernel", dir); mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/proc/sys/kernel/nmi_watchdog", dir);
	FILE *f = fopen(p, "w");
	fprintf(f, "%d\n", on);
	fclose(f);
	snprintf(p, sizeof(p), "%s/sys", dir);
	sysfs_set_root(p);
}

TEST(intel_cpuid_fixed_and_gp)
{
	char dir[] = "/tmp/pmutop-budget.XXXXXX";
	struct pmu pm = { .name = "cpu", .kind = PMU_KIND_CORE };
	struct pmu_registry reg = { .n = 1, .pmus = &pm, .ncore = 1 };
	struct topology t = { .vendor = "GenuineIntel" };
	struct ev_spec specs[16];
	struct ev_list l = { .ev = specs };
	struct budget b[2];
	char line[256];

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	with_nmi(dir, 1);
	CHECK_EQ_INT(budget_probe(&reg, &t, &seam_spr, b, 2), 1);
	CHECK_EQ_INT(b[0].gp, 8);
	CHECK_EQ_INT(b[0].fixed, 4);
	CHECK_EQ_INT(b[0].width, 48);
	CHECK(b[0].nmi_watchdog, "nmi watchdog read from procfs");
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	for (int i = 0; i < 6; i++)
		add(&l, PERF_TYPE_RAW, 0x100 + (uint64_t)i);
	add(&l, PERF_TYPE_SOFTWARE, 0);   /* software events take no counter */
	budget_need(b, 1, &reg, &l);
	/* the watchdog holds fixed counter 1: the user's cycles goes to a GP counter */
	CHECK_EQ_INT(b[0].need_fixed, 1);
	CHECK_EQ_INT(b[0].need_gp, 7);
	CHECK(!b[0].watchdog_gp, "the watchdog is on the fixed cycles counter");
	CHECK(!b[0].multiplex, "7 GP of 8 fits");
	budget_describe(&b[0], line, sizeof(line));
	CHECK(strstr(line, "cpu: 8 GP + 4 fixed, 48-bit; NMI watchdog holds fixed cycles; 8 events need 7 GP: fits"),
	      "%s", line);
	add(&l, PERF_TYPE_RAW, 0x200);
	add(&l, PERF_TYPE_RAW, 0x201);
	budget_need(b, 1, &reg, &l);
	CHECK(b[0].multiplex, "9 GP events on 8 counters multiplex");
	budget_describe(&b[0], line, sizeof(line));
	CHECK(strstr(line, "will multiplex"), "%s", line);
	/* 8 raw events plus instructions and ref-cycles fit with the watchdog on; a ninth does not */
	l.n = 0;
	for (int i = 0; i < 8; i++)
		add(&l, PERF_TYPE_RAW, 0x100 + (uint64_t)i);
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES);
	budget_need(b, 1, &reg, &l);
	CHECK(!b[0].multiplex, "8 GP + 2 fixed fit");
	CHECK_EQ_INT(b[0].need_fixed, 2);
	add(&l, PERF_TYPE_RAW, 0x108);
	budget_need(b, 1, &reg, &l);
	CHECK(b[0].multiplex, "a ninth GP event multiplexes");
	/* slots (0x0400) counts on fixed counter 3 only: a second one has no counter */
	l.n = 0;
	add(&l, PERF_TYPE_RAW, 0x0400);
	budget_need(b, 1, &reg, &l);
	CHECK(!b[0].multiplex && b[0].need_fixed == 1 && b[0].need_gp == 0, "one slots on its fixed counter");
	add(&l, PERF_TYPE_RAW, 0x0400);
	budget_need(b, 1, &reg, &l);
	CHECK(b[0].multiplex && b[0].need_gp == 0, "slots never takes a GP counter");
	/* a second cycles event needs a GP counter too */
	l.n = 0;
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	budget_need(b, 1, &reg, &l);
	CHECK_EQ_INT(b[0].need_fixed, 0);
	CHECK_EQ_INT(b[0].need_gp, 2);
	/* three offcore response masks exceed the two MSRs even with GP counters free */
	l.n = 0;
	add(&l, PERF_TYPE_RAW, 0x01b7);
	add(&l, PERF_TYPE_RAW, 0x01bb);
	add(&l, PERF_TYPE_RAW, 0x01b7);
	l.ev[0].config1 = 0x3fffc00001;
	l.ev[1].config1 = 0x10001;
	l.ev[2].config1 = 0x10002;
	budget_need(b, 1, &reg, &l);
	CHECK(b[0].multiplex, "third offcore mask multiplexes");
	with_nmi(dir, 0);
	budget_probe(&reg, &t, &seam_spr, b, 2);
	CHECK(!b[0].nmi_watchdog, "watchdog off");
	l.n = 0;
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	budget_need(b, 1, &reg, &l);
	CHECK_EQ_INT(b[0].need_fixed, 1);   /* without the watchdog cycles has its fixed counter */
	/* AMD has no fixed counters: the watchdog takes one of the 6 GP counters */
	{
		struct topology ta = { .vendor = "AuthenticAMD" };
		with_nmi(dir, 1);
		CHECK_EQ_INT(budget_probe(&reg, &ta, &seam_spr, b, 2), 1);
		CHECK_EQ_INT(b[0].gp, 6);
		CHECK(b[0].nmi_watchdog, "watchdog on AMD too");
		l.n = 0;
		for (int i = 0; i < 5; i++)
			add(&l, PERF_TYPE_RAW, 0x100 + (uint64_t)i);
		budget_need(b, 1, &reg, &l);
		CHECK(b[0].watchdog_gp && !b[0].multiplex, "5 of 6 GP with the watchdog on one");
		budget_describe(&b[0], line, sizeof(line));
		CHECK(strstr(line, "NMI watchdog holds 1 GP; 5 events need 5 GP: fits"), "%s", line);
		add(&l, PERF_TYPE_RAW, 0x105);
		budget_need(b, 1, &reg, &l);
		CHECK(b[0].multiplex, "6 GP events with the watchdog on one multiplex");
	}
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	CHECK_EQ_INT(system(cmd), 0);
	sysfs_set_root(NULL);
}

TEST(hybrid_and_arm_from_table)
{
	struct pmu pm[3] = { { .name = "apple_firestorm_pmu", .kind = PMU_KIND_CORE },
			     { .name = "apple_icestorm_pmu", .kind = PMU_KIND_CORE },
			     { .name = "software", .kind = PMU_KIND_SOFTWARE } };
	struct pmu_registry reg = { .n = 3, .pmus = pm, .ncore = 2, .hybrid = true };
	struct topology t = { .vendor = "Apple" };
	struct budget b[4];
	int n = budget_probe(&reg, &t, &seam_spr, b, 4);
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_INT(b[0].gp + b[0].fixed, 10);
	CHECK_EQ_INT(b[0].fixed, 2);
	struct pmu arm = { .name = "armv8_pmuv3_0", .kind = PMU_KIND_CORE };
	struct pmu_registry r2 = { .n = 1, .pmus = &arm, .ncore = 1 };
	struct topology ta = { .vendor = "Ampere" };
	CHECK_EQ_INT(budget_probe(&r2, &ta, &seam_spr, b, 4), 1);
	CHECK_EQ_INT(b[0].gp, 6);
	CHECK_EQ_INT(b[0].fixed, 1);
}

TEST(counter_field_masks)
{
	CHECK_EQ_U64(budget_counter_mask("0,1,2,3"), 0xf);
	CHECK_EQ_U64(budget_counter_mask("1,2,3,4,5,6,7"), 0xfe);
	CHECK_EQ_U64(budget_counter_mask("0-3"), 0xf);
	CHECK_EQ_U64(budget_counter_mask("Fixed counter 1"), 0);
	CHECK_EQ_U64(budget_counter_mask(""), 0);
	CHECK_EQ_U64(budget_counter_mask("0,99"), 0);
	CHECK_EQ_U64(budget_counter_mask("3-1"), 0);
}

static void add_named(struct ev_list *l, const char *base, uint64_t config)
{
	add(l, PERF_TYPE_RAW, config);
	l->ev[l->n - 1].pmu = 0;
	l->ev[l->n - 1].base = (char *)base;
}

/* an event the vendor table limits to counters 0-3 does not fit in counter 6 */
TEST(counter_constraints_from_the_catalog)
{
	struct pmu pm = { .name = "cpu", .kind = PMU_KIND_CORE };
	struct pmu_registry reg = { .n = 1, .pmus = &pm, .ncore = 1 };
	struct ev_spec specs[16];
	struct ev_list l = { .ev = specs };
	struct budget b = { .pmu = "cpu", .gp = 8, .fixed = 4, .width = 48 };
	struct catalog c;
	struct cat_event low = { .name = "low.four", .pmu = "", .terms = "event=0xd1,umask=0x20", .desc = "",
				 .topic = "", .counter = "0,1,2,3" };
	struct cat_event any = { .name = "any.eight", .pmu = "", .terms = "event=0x2e,umask=0x41", .desc = "",
				 .topic = "", .counter = "0,1,2,3,4,5,6,7" };
	char line[256];

	catalog_init(&c, "GenuineIntel-6-8F-8", NULL, NULL);
	c.load = NULL;
	CHECK_EQ_INT(catalog_add(&c, &low, "test"), 0);
	CHECK_EQ_INT(catalog_add(&c, &any, "test"), 0);
	CHECK_EQ_INT(catalog_finish(&c), 0);
	c.loaded = true;
	catalog_set_active(&c);
	/* four limited events and four free ones: every counter taken, each where it may be */
	for (int i = 0; i < 4; i++)
		add_named(&l, "low.four", 0x20d1);
	for (int i = 0; i < 4; i++)
		add_named(&l, "any.eight", 0x412e);
	budget_need(&b, 1, &reg, &l);
	CHECK_EQ_INT(b.need_gp, 8);
	CHECK_EQ_INT(b.unplaced, 0);
	CHECK(!b.multiplex, "4 on 0-3 and 4 anywhere fit 8 counters");
	/* a fifth limited event has only 8 - 5 = 3 events to share 4-7 with, yet no free counter in 0-3 */
	l.n = 0;
	for (int i = 0; i < 5; i++)
		add_named(&l, "low.four", 0x20d1);
	add_named(&l, "any.eight", 0x412e);
	budget_need(&b, 1, &reg, &l);
	CHECK_EQ_INT(b.need_gp, 6);
	CHECK_EQ_INT(b.unplaced, 1);
	CHECK(b.multiplex, "six GP events on eight counters, but five want counters 0-3");
	budget_describe(&b, line, sizeof(line));
	CHECK(strstr(line, "(1 limited to counters already taken): will multiplex"), "%s", line);
	/* without the catalog loaded the budget knows no limits (it never loads it) */
	c.loaded = false;
	budget_need(&b, 1, &reg, &l);
	CHECK(!b.multiplex && b.unplaced == 0, "unknown limits: the count decides");
	catalog_set_active(NULL);
	catalog_free(&c);
}

static void add_ev(struct ev_list *l, const char *name, uint64_t config, uint64_t config1)
{
	add(l, PERF_TYPE_RAW, config);
	l->ev[l->n - 1].pmu = 0;
	l->ev[l->n - 1].input = (char *)name;
	l->ev[l->n - 1].config1 = config1;
}

/* The extra registers (issue 30): two OFFCORE_RSP MSRs per CPU hold two response masks, whatever
 * event code asks (the kernel moves an event to the other MSR); a third mask multiplexes, and the
 * budget names the events. Load latency and frontend hold one value each. An event that sets no
 * config1 needs no register (0xb7 is an AMX event on Sapphire Rapids). Packing never puts more
 * masks in one group than the registers hold, which the kernel would refuse. */
TEST(extra_registers)
{
	struct pmu pm = { .name = "cpu", .kind = PMU_KIND_CORE };
	struct pmu_registry reg = { .n = 1, .pmus = &pm, .ncore = 1 };
	struct ev_spec specs[16];
	struct ev_list l = { .ev = specs };
	struct budget b = { .pmu = "cpu", .gp = 8, .fixed = 4, .width = 48 };
	int plan[16];
	char line[512];

	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	add(&l, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	add_ev(&l, "ocr.demand_data_rd.l3_miss", 0x012a, 0x3fbfc00001);
	add_ev(&l, "ocr.demand_rfo.l3_miss", 0x012a, 0x3f3fc00002);
	add_ev(&l, "ocr.demand_data_rd.any_response", 0x012a, 0x10001);
	budget_need(&b, 1, &reg, &l);
	CHECK_EQ_INT(b.need_gp, 3);
	CHECK_EQ_INT(b.offcore, 3);
	CHECK(b.multiplex, "three masks for two MSRs");
	budget_describe(&b, line, sizeof(line));
	CHECK(strstr(line, "; 3 offcore masks for 2 MSRs (ocr.demand_data_rd.l3_miss, ocr.demand_rfo.l3_miss, "
			   "ocr.demand_data_rd.any_response): will multiplex"), "%s", line);
	/* no group packed with all three: at most two masks in one */
	budget_pack(&b, 1, &reg, &l, plan);
	CHECK(plan[2] == plan[3] && plan[4] != plan[2], "groups %d %d %d", plan[2], plan[3], plan[4]);
	/* the same mask again shares a register; two masks on 0x2a and 0x2b fit */
	l.ev[4].config1 = 0x3fbfc00001;
	l.ev[3].config = 0x012b;
	budget_need(&b, 1, &reg, &l);
	CHECK(!b.multiplex && b.offcore == 2 && !b.xwhy[0], "two masks fit: %d, \"%s\"", b.offcore, b.xwhy);
	budget_pack(&b, 1, &reg, &l, plan);
	CHECK(plan[2] == plan[3] && plan[3] == plan[4], "groups %d %d %d", plan[2], plan[3], plan[4]);
	/* two load-latency thresholds for one MSR_PEBS_LD_LAT_THRESHOLD; two frontend values likewise */
	l.n = 0;
	add_ev(&l, "mem_trans_retired.load_latency_gt_32", 0x01cd, 0x20);
	add_ev(&l, "mem_trans_retired.load_latency_gt_128", 0x01cd, 0x80);
	budget_need(&b, 1, &reg, &l);
	budget_describe(&b, line, sizeof(line));
	CHECK(b.multiplex && strstr(line, "2 ldlat values for 1 MSR (mem_trans_retired.load_latency_gt_32, "
				     "mem_trans_retired.load_latency_gt_128)"), "%s", line);
	l.n = 0;
	add_ev(&l, "frontend_retired.dsb_miss", 0x01c6, 0x11);
	add_ev(&l, "frontend_retired.itlb_miss", 0x01c6, 0x14);
	budget_need(&b, 1, &reg, &l);
	CHECK(b.multiplex && b.frontend == 2, "two frontend values");
	/* event 0xb7 without config1 (an AMX event on SPR) takes no register */
	l.n = 0;
	add_ev(&l, "amx_ops_retired.int8", 0x01b7, 0);
	add_ev(&l, "ocr.a", 0x012a, 0x10001);
	add_ev(&l, "ocr.b", 0x012a, 0x10002);
	budget_need(&b, 1, &reg, &l);
	CHECK(!b.multiplex && b.offcore == 2, "an event without a mask needs no MSR");
}

int main(void)
{
	RUN(extra_registers);
	RUN(counter_field_masks);
	RUN(counter_constraints_from_the_catalog);
	RUN(intel_cpuid_fixed_and_gp);
	RUN(hybrid_and_arm_from_table);
	T_DONE();
}
