/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_catalog.c: vendor event names: cpuid detection and matching, both mapfile layouts, both JSON schemas,
 * hybrid and uncore units, hostile files, suggestions, and the terms resolved through simulated PMUs. */
#include "t.h"
#include "base/errmsg.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/catalog/catalog_json.h"
#include "hw/catalog/catalog_pfm.h"
#include "hw/sys/cpuid.h"
#include "hw/events/evparse.h"
#include "hw/events/evsyntax.h"
#include "hw/events/evterms.h"
#include "hw/sys/pmu.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#define FIX "tests/fixtures/events"

static void open_cat(struct catalog *c, const char *cpuid, const char *dir)
{
	catalog_init(c, cpuid, dir, NULL);
	c->no_pfm = true;
}

/* The terms of name (for PMU pmu, core or not), or "" when absent. */
static const char *terms(struct catalog *c, const char *pmu, bool core, const char *name)
{
	const struct cat_event *e = catalog_find(c, pmu, core, name);

	return e ? e->terms : "";
}

TEST(cpuid_from_cpuinfo_text)
{
	char id[CPUID_MAX];

	CHECK_EQ_INT(cpuid_from_cpuinfo("processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
					"model\t\t: 143\nmodel name\t: Xeon\nstepping\t: 8\n\nprocessor\t: 1\n", id, sizeof(id)), 0);
	CHECK_EQ_STR(id, "GenuineIntel-6-8F-8");
	CHECK_EQ_INT(cpuid_from_cpuinfo("vendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\n"
					"model name\t: EPYC 9654\nstepping\t: 1\n", id, sizeof(id)), 0);
	CHECK_EQ_STR(id, "AuthenticAMD-25-11-1");
	/* Arm: variant and revision cleared, the architecture field is 0xf in the MIDR */
	CHECK_EQ_INT(cpuid_from_cpuinfo("processor\t: 0\nCPU implementer\t: 0x41\nCPU architecture: 8\n"
					"CPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n", id, sizeof(id)), 0);
	CHECK_EQ_STR(id, "0x00000000410fd0c0");
	CHECK_EQ_INT(cpuid_from_cpuinfo("processor\t: 0\nflags\t: fpu\n", id, sizeof(id)), -ENOENT);
	CHECK_EQ_INT(cpuid_check("Genuine Intel"), -EINVAL);
	CHECK_EQ_INT(cpuid_check("GenuineIntel-6-8F-8"), 0);
}

TEST(cpuid_match_as_perf)
{
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-8F", "GenuineIntel-6-8F-8"), 1);   /* stepping ignored */
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-8F", "GenuineIntel-6-8F"), 1);
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-8", "GenuineIntel-6-8F-8"), 0);    /* whole model, not a prefix */
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-8F-9", "GenuineIntel-6-8F-8"), 0); /* stepping-specific row */
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-8F-8", "GenuineIntel-6-8F"), 0);   /* full row needs a full id */
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-(97|9A|B7)", "GenuineIntel-6-9A-3"), 1);
	CHECK_EQ_INT(cpuid_match("AuthenticAMD-25-([245][[:xdigit:]]|[[:xdigit:]])", "AuthenticAMD-25-11-1"), 0);
	CHECK_EQ_INT(cpuid_match("AuthenticAMD-25-([245][[:xdigit:]]|[[:xdigit:]])", "AuthenticAMD-25-21-0"), 1);
	CHECK_EQ_INT(cpuid_match("0x00000000410fd0c0", "0x00000000410fd0c0"), 1);
	CHECK_EQ_INT(cpuid_match("0x00000000410fd0c0", "0x00000000410fd0c01"), 0);
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-(8F", "GenuineIntel-6-8F-8"), -EINVAL);
	CHECK_EQ_INT(cpuid_match("(((a{255}){255}){255})", "GenuineIntel-6-8F-8"), -EINVAL); /* found by fuzzing */
	CHECK_EQ_INT(cpuid_match("GenuineIntel-6-++++++++8F", "GenuineIntel-6-8F-8"), -EINVAL); /* likewise */
}

TEST(names_in_every_spelling)
{
	char out[CAT_NAME_MAX];

	CHECK_EQ_INT(catalog_norm("MEM_LOAD_RETIRED.L3_MISS", out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "mem_load_retired.l3_miss");
	CHECK_EQ_INT(catalog_norm("MEM_LOAD_RETIRED:L3_MISS", out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "mem_load_retired.l3_miss");
	CHECK_EQ_INT(catalog_norm("spr::MEM_LOAD_RETIRED:L3_MISS", out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "mem_load_retired.l3_miss");
	CHECK_EQ_INT(catalog_norm("cpu/event=1/", out, sizeof(out)), -EINVAL);
	CHECK_EQ_INT(catalog_norm("", out, sizeof(out)), -EINVAL);
}

TEST(perfmon_layout_core_and_offcore)
{
	struct catalog c;
	const struct cat_event *e;

	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/perfmon");
	CHECK(!c.loaded, "nothing is read before a name is needed");
	CHECK_EQ_STR(terms(&c, "cpu", true, "mem_load_retired.l3_miss"), "event=0xd1,umask=0x20");
	CHECK(c.loaded, "loaded on the first lookup");
	CHECK_EQ_STR(terms(&c, "cpu", true, "MEM_LOAD_RETIRED:L3_MISS"), "event=0xd1,umask=0x20");
	/* fixed counters: Intel's pseudo codes become the events the kernel schedules */
	CHECK_EQ_STR(terms(&c, "cpu", true, "inst_retired.any"), "event=0xc0");
	CHECK_EQ_STR(terms(&c, "cpu", true, "cpu_clk_unhalted.thread"), "event=0x3c");
	CHECK_EQ_STR(terms(&c, "cpu", true, "cycle_activity.stalls_total"), "event=0xa3,cmask=0x4,umask=0x4");
	CHECK_EQ_STR(terms(&c, "cpu", true, "int_misc.clears_count"), "event=0xad,cmask=0x1,edge=0x1,umask=0x1");
	CHECK_EQ_STR(terms(&c, "cpu", true, "mem_trans_retired.load_latency_gt_32"),
		     "event=0xcd,umask=0x1,ldlat=0x20");
	CHECK_EQ_STR(terms(&c, "cpu", true, "ocr.demand_data_rd.any_response"),
		     "event=0x2a,umask=0x1,offcore_rsp=0x10001");
	e = catalog_find(&c, "cpu", true, "mem_load_retired.l3_miss");
	CHECK(e && !strcmp(e->counter, "0,1,2,3") && e->src == CAT_SRC_JSON && !e->deprecated, "counter, source");
	CHECK(e && strstr(e->desc, "beyond the last-level") && strstr(e->origin, "sapphirerapids_core.json"),
	      "description and origin: %s", e ? e->origin : "-");
	e = catalog_find(&c, "cpu", true, "machine_clears.count_old");
	CHECK(e && e->deprecated, "Deprecated kept as a flag");
	CHECK_EQ_STR(terms(&c, "cpu", true, "broken.code"), "");      /* unreadable encoding left out */
	CHECK_EQ_STR(terms(&c, "cpu", true, "not_an_event"), "");     /* metrics are not events */
	CHECK(strstr(c.json_from, "perfmon/mapfile.csv"), "json_from: %s", c.json_from);
	CHECK_EQ_INT(c.nerrors, 0);
	catalog_free(&c);
}

TEST(uncore_units_expand_to_boxes)
{
	struct catalog c;
	const struct cat_event *e;

	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/perfmon");
	e = catalog_find(&c, "uncore_imc_3", false, "unc_m_cas_count.rd");
	CHECK(e && !strcmp(e->pmu, "uncore_imc") && e->per_pkg, "IMC unit is uncore_imc");
	CHECK_EQ_STR(e ? e->terms : "", "event=0x5,umask=0xcf");
	CHECK(!catalog_find(&c, "cpu", true, "unc_m_cas_count.rd"), "an uncore event is not a core event");
	/* Intel repeats UMaskExt inside the wide UMask: take it once */
	CHECK_EQ_STR(terms(&c, "uncore_cha_55", false, "unc_cha_tor_inserts.ia_miss"), "event=0x35,umask=0xc001fe01");
	if (e) {
		CHECK(catalog_pmu_matches(e, "uncore_imc", false), "the unit itself");
		CHECK(catalog_pmu_matches(e, "uncore_imc_11", false), "box 11");
		CHECK(!catalog_pmu_matches(e, "uncore_imc_", false), "no box number");
		CHECK(!catalog_pmu_matches(e, "uncore_imc_1a", false), "not a number");
		CHECK(!catalog_pmu_matches(e, "uncore_imcx_1", false), "another unit");
	}
	catalog_free(&c);
}

TEST(hybrid_tables_by_core_type)
{
	struct catalog c;
	const struct cat_event *e;

	for (int layout = 0; layout < 2; layout++) {
		open_cat(&c, "GenuineIntel-6-97-2", layout ? FIX "/kernel" : FIX "/perfmon");
		CHECK_EQ_INT(catalog_lookup(&c, "br_misp_retired.all_branches", &e), 2);
		CHECK_EQ_STR(terms(&c, "cpu_core", true, "br_misp_retired.all_branches"), "event=0xc5");
		CHECK_EQ_STR(terms(&c, "cpu_atom", true, "br_misp_retired.all_branches"), "event=0xc5,umask=0xfe");
		CHECK_EQ_STR(terms(&c, "cpu_atom", true, "topdown_retiring.all"), "event=0xc2");
		CHECK_EQ_STR(terms(&c, "cpu_core", true, "topdown_retiring.all"), "");
		catalog_free(&c);
	}
}

TEST(kernel_layout_x86_amd_arm)
{
	struct catalog c;
	const struct cat_event *e;

	/* the arch folder (x86 chosen from the cpuid) or the x86 folder itself */
	for (int i = 0; i < 2; i++) {
		open_cat(&c, "GenuineIntel-6-8F-8", i ? FIX "/kernel/x86" : FIX "/kernel");
		CHECK_EQ_STR(terms(&c, "cpu", true, "mem_trans_retired.load_latency_gt_128"),
			     "event=0xcd,umask=0x1,ldlat=0x80");
		CHECK_EQ_STR(terms(&c, "cpu", true, "inst_retired.any"), "event=0xc0,umask=0x1");
		CHECK_EQ_STR(terms(&c, "uncore_imc_0", false, "unc_m_cas_count.rd"), "event=0x5,umask=0xcf");
		e = catalog_find(&c, "cpu", true, "mem_load_retired.l3_miss");
		CHECK(e && !strcmp(e->topic, "cache"), "topic from the file name");
		CHECK(strstr(c.json_from, "sapphirerapids"), "first matching row: %s", c.json_from);
		catalog_free(&c);
	}
	open_cat(&c, "AuthenticAMD-25-11-1", FIX "/kernel");
	CHECK_EQ_STR(terms(&c, "cpu", true, "de_no_dispatch_per_slot.backend_stalls"), "event=0x1a0,umask=0x1e");
	CHECK_EQ_STR(terms(&c, "amd_l3", false, "l3_lookup_state.l3_miss"), "event=0x4,umask=0x1");
	CHECK(strstr(c.json_from, "amdzen4"), "zen4 row, not zen3: %s", c.json_from);
	catalog_free(&c);
	open_cat(&c, "0x00000000410fd0c0", FIX "/kernel");
	e = catalog_find(&c, "armv8_pmuv3_0", true, "l1d_cache_refill");
	CHECK(e && !strcmp(e->terms, "event=0x3") && strstr(e->desc, "First-level"), "Arm common event by reference");
	e = catalog_find(&c, "armv8_pmuv3_0", true, "LL_CACHE_MISS_RD");
	CHECK(e && !strcmp(e->terms, "event=0x37") && strstr(e->desc, "as this core"), "own description wins");
	CHECK_EQ_STR(terms(&c, "armv8_pmuv3_0", true, "not_in_the_common_list"), "");
	CHECK_EQ_STR(terms(&c, "armv8_pmuv3_0", true, "inst_retired"), ""); /* common, but not this core's */
	catalog_free(&c);
}

TEST(toplev_cache_layout)
{
	struct catalog c;

	/* event_download.py names files after the CPU and keeps no mapfile */
	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/toplev");
	CHECK_EQ_STR(terms(&c, "cpu", true, "mem_load_retired.l3_miss"), "event=0xd1,umask=0x20");
	CHECK_EQ_STR(terms(&c, "uncore_imc_0", false, "unc_m_cas_count.rd"), "event=0x5,umask=0xcf");
	CHECK(strstr(c.json_from, "GenuineIntel-6-8F-core.json"), "%s", c.json_from);
	catalog_free(&c);
	open_cat(&c, "GenuineIntel-6-8E-8", FIX "/toplev");
	CHECK_EQ_INT(catalog_lookup(&c, "mem_load_retired.l3_miss", &(const struct cat_event *){ NULL }), 0);
	CHECK_EQ_STR(c.json_from, "");
	catalog_free(&c);
}

TEST(search_order_and_unknown_cpu)
{
	struct catalog c;

	setenv("PMUTOP_EVENTS_DIR", FIX "/kernel", 1);
	catalog_init(&c, "GenuineIntel-6-8F-8", "/nonexistent/pmutop-events", FIX "/perfmon");
	c.no_pfm = true;
	CHECK_EQ_STR(terms(&c, "cpu", true, "mem_trans_retired.load_latency_gt_128"), "event=0xcd,umask=0x1,ldlat=0x80");
	CHECK(strstr(c.json_from, "kernel"), "environment before the config: %s", c.json_from);
	catalog_free(&c);
	unsetenv("PMUTOP_EVENTS_DIR");
	catalog_init(&c, "GenuineIntel-6-8F-8", NULL, FIX "/perfmon");
	c.no_pfm = true;
	CHECK_EQ_STR(terms(&c, "cpu", true, "mem_trans_retired.load_latency_gt_32"), "event=0xcd,umask=0x1,ldlat=0x20");
	catalog_free(&c);
	setenv("PMUTOP_CPUID", "GenuineIntel-6-99-1", 1);
	catalog_init(&c, NULL, FIX "/perfmon", NULL);
	c.no_pfm = true;
	CHECK_EQ_STR(c.cpuid, "GenuineIntel-6-99-1");
	CHECK_EQ_INT(catalog_lookup(&c, "mem_load_retired.l3_miss", &(const struct cat_event *){ NULL }), 0);
	{
		char hint[512];

		catalog_hint(&c, hint, sizeof(hint));
		CHECK(strstr(hint, "no event tables for GenuineIntel-6-99-1") && strstr(hint, "--events-dir"), "%s", hint);
	}
	catalog_free(&c);
	unsetenv("PMUTOP_CPUID");
}

TEST(hostile_files_named_and_skipped)
{
	struct catalog c;
	struct errmsg em = { 0 };
	static const char *const bad[] = { "truncated.json", "notalist.json", "deep.json", "trailing.json",
					   "missing.json", "unsafe path" };

	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/bad");
	CHECK_EQ_STR(terms(&c, "cpu", true, "good.one"), "event=0x3c");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(strstr(c.errors, bad[i]), "%s is named in:\n%s", bad[i], c.errors);
	CHECK_EQ_INT(c.nerrors, 6);
	CHECK_EQ_STR(terms(&c, "cpu", true, "good.too"), ""); /* a file with junk after it is refused whole */
	catalog_free(&c);
	memset(&c, 0, sizeof(c));
	CHECK_EQ_INT(catjson_parse(&c, "[ {\"EventName\": 1 ", 17, "x.json", NULL, NULL, NULL, &em), -EINVAL);
	CHECK(strstr(em.text, "x.json: not valid JSON"), "%s", em.text);
	{
		static const char mixed[] = "[{\"EventName\":\"A.B\",\"EventCode\":\"0x1\",\"UMask\":\"1,inv=1\"},"
				    "{\"EventName\":\"C/D\",\"EventCode\":\"0x1\"},"
				    "{\"EventName\":\"E.F\",\"EventCode\":\"0x1\",\"Unit\":\"../x\"},"
				    "{\"EventName\":\"G.H\",\"EventCode\":\"0x1\",\"Filter\":\"a/b\"},"
				    "{\"EventName\":\"OK.1\",\"EventCode\":7,\"UMask\":\"0x02\"}]";

		CHECK_EQ_INT(catjson_parse(&c, mixed, sizeof(mixed) - 1, "y.json", NULL, NULL, NULL, NULL), 1);
	}
	CHECK(c.n == 1 && !strcmp(c.ev[0].terms, "event=0x7,umask=0x2"), "only the clean event: %d", c.n);
	catalog_free(&c);
}

/* A name with a NUL inside (\u0000) is refused and told, never listed as what comes before the NUL;
 * a Unit with one is no Unit (issue 26). */
TEST(json_nul_in_names)
{
	static const char tab[] = "[{\"EventName\":\"ZERO\\u0000HIDDEN\",\"EventCode\":\"0x3c\"},"
				  "{\"EventName\":\"ZERO\",\"EventCode\":\"0x3d\",\"Unit\":\"cpu\\u0000x\"}]";
	struct catalog c;

	memset(&c, 0, sizeof(c));
	CHECK_EQ_INT(catjson_parse(&c, tab, sizeof(tab) - 1, "z.json", "cpu", NULL, NULL, NULL), 1);
	CHECK(c.n == 1 && !strcmp(c.ev[0].terms, "event=0x3d"), "only the clean ZERO: %d %s", c.n,
	      c.n ? c.ev[0].terms : "");
	CHECK(strstr(c.errors, "z.json: event \"ZERO...\": a NUL byte inside its name, skipped"), "%s", c.errors);
	catalog_free(&c);
}

/* Every field of Intel's schema handled or ignored on purpose: "none" values, Filter's kinds, UMaskExt beside
 * PortMask/FCMask, lists in EventCode, UMask and MSRIndex, FIXED and FREERUN uncore counters, fields that do
 * not change the encoding. */
TEST(perfmon_schema_fields)
{
	static const char tab[] =
		"{\"Header\": {\"Copyright\": \"x\"}, \"Events\": ["
		"{\"EventName\":\"UNC_CHA_X\",\"Unit\":\"CHA\",\"EventCode\":\"0x35\",\"UMask\":\"0x01\","
		" \"UMaskExt\":\"0x00c001fe\",\"PortMask\":\"0x00\",\"FCMask\":\"0x00\",\"Filter\":\"na\","
		" \"FILTER_VALUE\":\"0\",\"ExtSel\":\"0\",\"ELLC\":\"0\",\"Deprecated\":\"0\",\"CounterType\":\"PGMABLE\"},"
		"{\"EventName\":\"UNC_IIO_Y\",\"Unit\":\"IIO\",\"EventCode\":\"0x83\",\"UMask\":\"0x04\","
		" \"UMaskExt\":\"0x00070010\",\"PortMask\":\"0x0010\",\"FCMask\":\"0x07\",\"Filter\":\"fc, chnl\"},"
		"{\"EventName\":\"UNC_C_Z\",\"Unit\":\"CBO\",\"EventCode\":\"0x34\",\"UMask\":\"0x03\","
		" \"Filter\":\"Filter1\",\"FILTER_VALUE\":\"0x40433\"},"
		"{\"EventName\":\"UNC_H_NO\",\"Unit\":\"HA\",\"EventCode\":\"0x1\",\"Filter\":\"HA_AddrMatch0[31:6]\"},"
		"{\"EventName\":\"UNC_CHA_F\",\"Unit\":\"CHA\",\"EventCode\":\"0x1\",\"Filter\":\"CHAFilter0[26:17]\"},"
		"{\"EventName\":\"UNC_P_O\",\"Unit\":\"PCU\",\"EventCode\":\"0x80\",\"Filter\":\"occ_sel=1\"},"
		"{\"EventName\":\"UNC_M_HCLOCKTICKS\",\"Unit\":\"iMC\",\"EventCode\":\"0x00\",\"UMask\":\"0x00\","
		" \"Counter\":\"FIXED\",\"CounterType\":\"FIXED\"},"
		"{\"EventName\":\"UNC_IIO_BANDWIDTH_IN.PART3_FREERUN\",\"Unit\":\"IIO\",\"EventCode\":\"0x00\","
		" \"UMask\":\"0x00\",\"Counter\":\"4\",\"CounterType\":\"FREERUN\"},"
		"{\"EventName\":\"UNC_MC1_RDCAS_COUNT_FREERUN\",\"Unit\":\"iMC\",\"EventCode\":\"0x00\","
		" \"UMask\":\"0x00\",\"Counter\":\"3\",\"CounterType\":\"FREERUN\"},"
		"{\"EventName\":\"UNC_Q_FREERUN\",\"Unit\":\"QPI\",\"EventCode\":\"0x0\",\"CounterType\":\"FREERUN\"},"
		"{\"EventName\":\"OFFCORE_RESPONSE.X\",\"EventCode\":\"0xB7, 0xBB\",\"UMask\":\"0x01\","
		" \"MSRIndex\":\"0x1a6,0x1a7\",\"MSRValue\":\"0x3fffc00001\",\"Counter\":\"0,1,2,3\","
		" \"Errata\":\"SKL091, SKL044\",\"PEBS\":\"0\",\"SampleAfterValue\":\"100003\",\"PDISTCounter\":\"NA\"},"
		"{\"EventName\":\"LIST.UMASK\",\"EventCode\":\"0xd1\",\"UMask\":\"0x01,0x02\",\"CounterMask\":\"tbd\","
		" \"Invert\":\"null\",\"EdgeDetect\":\"NA\",\"MSRIndex\":\"0x00\",\"MSRValue\":\"0x00\"},"
		"{\"EventName\":\"LAT.X\",\"EventCode\":\"0xcd\",\"UMask\":\"0x01\",\"MSRIndex\":\"0x3F6\",\"MSRValue\":\"0x0\"},"
		"{\"EventName\":\"INST_RETIRED.PREC_DIST\",\"EventCode\":\"0x00\",\"UMask\":\"0x01\",\"Counter\":\"Fixed counter 0\"},"
		"{\"EventName\":\"INST_RETIRED.ANY\",\"EventCode\":\"0x00\",\"UMask\":\"0x01\",\"Counter\":\"Fixed counter 0\"},"
		"{\"EventName\":\"BAD.NUMBER\",\"EventCode\":\"0x1\",\"CounterMask\":\"many\"}]}";
	struct catalog c;

	memset(&c, 0, sizeof(c));
	CHECK_EQ_INT(catjson_parse(&c, tab, sizeof(tab) - 1, "t.json", NULL, NULL, NULL, NULL), 13);
	CHECK_EQ_INT(catalog_finish(&c), 0);
	CHECK_EQ_STR(terms(&c, "uncore_cha_3", false, "unc_cha_x"), "event=0x35,umask=0xc001fe01");
	/* PortMask and FCMask carry the bits; UMaskExt is left out as perf's converter does */
	CHECK_EQ_STR(terms(&c, "uncore_iio_0", false, "unc_iio_y"), "event=0x83,ch_mask=0x10,fc_mask=0x7,umask=0x4");
	CHECK_EQ_STR(terms(&c, "uncore_cbox_0", false, "unc_c_z"), "event=0x34,umask=0x3,config1=0x40433");
	CHECK_EQ_STR(terms(&c, "uncore_ha_0", false, "unc_h_no"), ""); /* perf cannot program the filter */
	CHECK_EQ_STR(terms(&c, "uncore_cha_0", false, "unc_cha_f"), "event=0x1");
	CHECK_EQ_STR(terms(&c, "uncore_pcu", false, "unc_p_o"), "event=0x80,occ_sel=1");
	CHECK_EQ_STR(terms(&c, "uncore_imc_2", false, "unc_m_hclockticks"), "event=0xff");
	CHECK_EQ_STR(terms(&c, "uncore_iio_free_running_1", false, "unc_iio_bandwidth_in.part3_freerun"),
		     "event=0xff,umask=0x23");
	CHECK_EQ_STR(terms(&c, "uncore_imc_free_running_1", false, "unc_mc1_rdcas_count_freerun"),
		     "event=0xff,umask=0x20");
	CHECK_EQ_STR(terms(&c, "uncore_qpi_0", false, "unc_q_freerun"), "");
	CHECK_EQ_STR(terms(&c, "cpu", true, "offcore_response.x"), "event=0xb7,umask=0x1,offcore_rsp=0x3fffc00001");
	CHECK_EQ_STR(terms(&c, "cpu", true, "list.umask"), "event=0xd1,umask=0x1");
	CHECK_EQ_STR(terms(&c, "cpu", true, "lat.x"), "event=0xcd,umask=0x1,ldlat=0x0");
	CHECK_EQ_STR(terms(&c, "cpu", true, "inst_retired.prec_dist"), "event=0x0,umask=0x1");
	CHECK_EQ_STR(terms(&c, "cpu", true, "inst_retired.any"), "event=0xc0");
	CHECK_EQ_STR(terms(&c, "cpu", true, "bad.number"), ""); /* text where a number belongs: left out */
	catalog_free(&c);
}

/* Intel's real files (tests/fixtures/events/intel, verbatim): every event of SPR, GNR and ADL is read, the
 * experimental tables only when asked, and the metrics and retire-latency rows are skipped without a word. */
TEST(intel_real_files)
{
	static const struct { const char *cpuid; int events, experimental; } cpus[] = {
		{ "GenuineIntel-6-8F-8", 700, 0 }, { "GenuineIntel-6-AD-1", 772, 0 }, { "GenuineIntel-6-97-2", 561, 2 },
	};
	struct catalog c;

	for (size_t i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		int json = 0;

		for (int exp = 0; exp < 2; exp++) {
			open_cat(&c, cpus[i].cpuid, FIX "/intel");
			c.experimental = exp;
			CHECK_EQ_INT(catalog_load(&c), 0);
			json = 0;
			for (int k = 0; k < c.n; k++)
				json += c.ev[k].src == CAT_SRC_JSON;
			/* the experimental rows of SPR and GNR name files not kept here: said, not fatal */
			CHECK(exp ? json >= cpus[i].events + cpus[i].experimental : json == cpus[i].events,
			      "%s: %d events from the JSON tables (experimental %d)", cpus[i].cpuid, json, exp);
			CHECK(exp || !c.errors[0], "%s: %s", cpus[i].cpuid, c.errors);
			catalog_free(&c);
		}
	}
	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/intel");
	CHECK_EQ_STR(terms(&c, "uncore_cha_7", false, "UNC_CHA_TOR_INSERTS.IA_MISS"), "event=0x35,umask=0xc001fe01");
	CHECK_EQ_STR(terms(&c, "uncore_iio_free_running_0", false, "unc_iio_clockticks_freerun"),
		     "event=0xff,umask=0x10");
	catalog_free(&c);
}

struct bad_rows {
	int n, lines[8];
	char why[8][128];
};

static void note_bad(void *ctx, int line, const char *why)
{
	struct bad_rows *b = ctx;

	if (b->n < 8) {
		b->lines[b->n] = line;
		snprintf(b->why[b->n], sizeof(b->why[0]), "%s", why);
	}
	b->n++;
}

static int count_rows(void *ctx, char *const *f, int nf)
{
	(void)f, (void)nf;
	((struct bad_rows *)ctx)->lines[7]++;   /* matching rows, beside the bad ones */
	return 0;
}

TEST(mapfile_rows)
{
	struct bad_rows b = { 0 };

	CHECK_EQ_INT(catjson_mapfile("# c\nFamily-model,Version,Filename,EventType\nGenuineIntel-6-8F,v1,spr,core\n"
				     "GenuineIntel-6-8F,v1,spr2,core\nGenuineIntel-6-55,v1,skx,core\n",
				     "GenuineIntel-6-8F-8", NULL, note_bad, &b), 2);
	CHECK_EQ_INT(b.n, 0);
	/* the current 7-column form and the older 4-column one, side by side */
	CHECK_EQ_INT(catjson_mapfile("Family-model,Version,Filename,EventType,Core Type,Native Model ID,Core Role Name\n"
				     "GenuineIntel-6-97,V1.40,/ADL/a.json,hybridcore,0x20,0x000001,Atom\n"
				     "GenuineIntel-6-97,V1.40,/ADL/u.json,uncore,,,\n"
				     "GenuineIntel-6-97,V1,/ADL/o.json,core\n", "GenuineIntel-6-97-2", NULL, NULL, NULL), 3);
}

/* A bad row is told with its line and skipped; the rows before and after it still count (issue 26). */
TEST(mapfile_bad_rows_skipped)
{
	struct bad_rows b = { 0 };
	char *text = malloc(8000);

	memset(text, 'x', 8000);
	snprintf(text, 200, "GenuineIntel-6-8F,v1,a.json,core\nGenuineIntel-6-(8F,v1,spr,core\nonlyonefield\n"
		 "(|)(\\1\\1)*,v1,x.json,core\n");
	text[strlen(text)] = 'x';   /* a 5th line of 7,000 bytes */
	snprintf(text + 7000, 1000, "\nGenuineIntel-6-8F,v1,b.json,core\n");
	CHECK_EQ_INT(catjson_mapfile(text, "GenuineIntel-6-8F-8", count_rows, note_bad, &b), 2);
	CHECK_EQ_INT(b.lines[7], 2);
	CHECK_EQ_INT(b.n, 4);
	CHECK_EQ_INT(b.lines[0], 2);
	CHECK(strstr(b.why[0], "bad regular expression 'GenuineIntel-6-(8F'"), "%s", b.why[0]);
	CHECK_EQ_INT(b.lines[1], 3);
	CHECK(strstr(b.why[1], "expected"), "%s", b.why[1]);
	CHECK_EQ_INT(b.lines[2], 4);
	CHECK(strstr(b.why[2], "bad regular expression"), "%s", b.why[2]);
	CHECK_EQ_INT(b.lines[3], 5);
	CHECK(strstr(b.why[3], "longer than"), "%s", b.why[3]);
	free(text);
}

TEST(suggestions)
{
	struct catalog c;
	const char *s[3];
	int n;

	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/perfmon");
	n = catalog_suggest(&c, "mem_load_retired.l3_mis", s, 3);
	CHECK(n >= 1 && !strcmp(s[0], "mem_load_retired.l3_miss"), "n=%d first=%s", n, n ? s[0] : "-");
	n = catalog_suggest(&c, "LONGEST_LAT_CACHE:MISSES", s, 3);
	CHECK(n >= 1 && !strcmp(s[0], "longest_lat_cache.miss"), "n=%d", n);
	CHECK_EQ_INT(catalog_suggest(&c, "zzzzzzzzzzzzqqqqqqqqqqqqq", s, 3), 0);
	catalog_free(&c);
}

TEST(pfm_encoding_to_terms)
{
	char t[128];

	CHECK_EQ_INT(catpfm_terms("spr", "MEM_LOAD_RETIRED", 0x20d1, 0, 0, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0xd1,umask=0x20");
	CHECK_EQ_INT(catpfm_terms("spr", "CYCLE_ACTIVITY", 0x018401a3ULL | (1ULL << 23) | (1ULL << 18), 0, 0, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0xa3,umask=0x1,edge=1,inv=1,cmask=0x1");
	CHECK_EQ_INT(catpfm_terms("skx", "OFFCORE_RESPONSE_0", 0x01b7, 0x10001, 1, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0xb7,umask=0x1,offcore_rsp=0x10001");
	CHECK_EQ_INT(catpfm_terms("spr", "OCR", 0x012a, 0x10001, 1, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0x2a,umask=0x1,offcore_rsp=0x10001");
	/* on Sapphire Rapids 0xb7 is an AMX event: a second code there is no offcore mask */
	CHECK_EQ_INT(catpfm_terms("spr", "EXE", 0x02b7, 0x2, 1, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0xb7,umask=0x2");
	CHECK_EQ_INT(catpfm_terms("spr", "MEM_TRANS_RETIRED", 0x01cd, 0x20, 1, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0xcd,umask=0x1,ldlat=0x20");
	/* AMD: event bits 8-11 live in PERFEVTSEL 32-35 */
	CHECK_EQ_INT(catpfm_terms("amd64_fam19h_zen4", "DISPATCH_STALLS_1", (1ULL << 32) | 0x1ea0, 0, 0, t, sizeof(t)), 0);
	CHECK_EQ_STR(t, "event=0x1a0,umask=0x1e");
	CHECK(catpfm_table_for("GenuineIntel-6-8F-8") && !strcmp(catpfm_table_for("GenuineIntel-6-8F-8"), "spr"), "spr");
	CHECK(catpfm_table_for("AuthenticAMD-25-11-1") &&
	      !strcmp(catpfm_table_for("AuthenticAMD-25-11-1"), "amd64_fam19h_zen4"), "zen4");
	CHECK(catpfm_table_for("AuthenticAMD-25-21-0") &&
	      !strcmp(catpfm_table_for("AuthenticAMD-25-21-0"), "amd64_fam19h_zen3"), "zen3");
	CHECK(!catpfm_table_for("GenuineIntel-6-97-2"), "no Alder Lake in libpfm4 4.13");
}

/* Write a simulated machine's tree, make it the root, load its PMUs. Returns 0 or -1. */
static int sim_root(const char *machine, char *dir, struct pmu_registry *reg)
{
	char err[256], sys[128];
	struct sim_machine *m = simm_load(machine, err, sizeof(err));
	int r;

	strcpy(dir, "/tmp/pmutop-cat-XXXXXX");
	if (!m || !mkdtemp(dir)) {
		simm_free(m);
		return -1;
	}
	r = simm_write_tree(m, dir);
	simm_free(m);
	snprintf(sys, sizeof(sys), "%s/sys", dir);
	sysfs_set_root(sys);
	return r || pmus_load(reg) < 0 ? -1 : 0;
}

static void rm_tree(const char *dir)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("     could not remove %s\n", dir);
}

/* Resolve a catalog event's terms through PMU pmu's sysfs formats. */
static int config_of(struct catalog *c, const struct pmu_registry *reg, const char *pmu, const char *name,
		     uint64_t cfg[4])
{
	int p = pmus_find(reg, pmu);
	const struct cat_event *e;
	struct evterms t;
	struct ev_error err;
	struct evs_term *terms = NULL;
	int r, nterms = 0;

	if (p < 0)
		return -ENOENT;
	e = catalog_find(c, pmu, reg->pmus[p].kind == PMU_KIND_CORE, name);
	if (!e)
		return -ENOENT;
	r = evs_parse_terms(e->terms, (int)strlen(e->terms), 0, &terms, &nterms, &err);
	if (r < 0)
		return r;
	r = evterms_resolve(&reg->pmus[p], reg->hybrid, terms, nterms, &t, &err);
	evs_terms_free(terms, nterms);
	if (r < 0)
		return r;
	free(t.name);
	memcpy(cfg, t.cfg, sizeof(t.cfg));
	return 0;
}

TEST(simulated_machines_carry_their_cpuid)
{
	static const char *const machines[][2] = {
		{ "spr-2s", "GenuineIntel-6-8F-8" }, { "zen4-1s", "AuthenticAMD-25-11-1" },
		{ "adl-hybrid", "GenuineIntel-6-97-2" }, { "gnr-1s", "GenuineIntel-6-AD-1" },
		{ "altra-160", "0x00000000410fd0c0" },
	};

	for (size_t i = 0; i < sizeof(machines) / sizeof(machines[0]); i++) {
		char dir[64], id[CPUID_MAX] = "";
		struct pmu_registry reg = { 0 };

		CHECK_EQ_INT(sim_root(machines[i][0], dir, &reg), 0);
		CHECK_EQ_INT(cpuid_detect(id, sizeof(id)), 0);
		CHECK(!strcmp(id, machines[i][1]), "%s: detected %s, want %s", machines[i][0], id, machines[i][1]);
		pmus_free(&reg);
		rm_tree(dir);
	}
	sysfs_set_root(NULL);
}

TEST(terms_become_attributes_through_sim_formats)
{
	char dir[64];
	struct pmu_registry reg = { 0 };
	struct catalog c;
	uint64_t cfg[4];

	CHECK_EQ_INT(sim_root("spr-2s", dir, &reg), 0);
	catalog_init(&c, NULL, FIX "/perfmon", NULL); /* the cpuid comes from the simulated cpuinfo */
	c.no_pfm = true;
	CHECK_EQ_INT(config_of(&c, &reg, "cpu", "mem_load_retired.l3_miss", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x20d1);
	CHECK_EQ_INT(config_of(&c, &reg, "cpu", "int_misc.clears_count", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x010401ad); /* cmask 1 at 24, edge at 18 */
	CHECK_EQ_INT(config_of(&c, &reg, "cpu", "ocr.demand_data_rd.any_response", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x012a);
	CHECK_EQ_U64(cfg[1], 0x10001);
	CHECK_EQ_INT(config_of(&c, &reg, "cpu", "mem_trans_retired.load_latency_gt_32", cfg), 0);
	CHECK_EQ_U64(cfg[1], 0x20);
	CHECK_EQ_INT(config_of(&c, &reg, "uncore_imc_7", "unc_m_cas_count.rd", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0xcf05);
	/* the CHA umask format is split (config:8-15,32-57) */
	CHECK_EQ_INT(config_of(&c, &reg, "uncore_cha_0", "unc_cha_tor_inserts.ia_miss", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x35 | (0x01ULL << 8) | (0xc001feULL << 32));
	catalog_free(&c);
	pmus_free(&reg);
	rm_tree(dir);

	CHECK_EQ_INT(sim_root("zen4-1s", dir, &reg), 0);
	catalog_init(&c, NULL, FIX "/kernel", NULL);
	c.no_pfm = true;
	CHECK_EQ_INT(config_of(&c, &reg, "cpu", "de_no_dispatch_per_slot.backend_stalls", cfg), 0);
	CHECK_EQ_U64(cfg[0], (1ULL << 32) | 0x1ea0);
	CHECK_EQ_INT(config_of(&c, &reg, "amd_l3", "l3_lookup_state.l3_miss", cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x0104);
	catalog_free(&c);
	pmus_free(&reg);
	rm_tree(dir);
	sysfs_set_root(NULL);
}

TEST(alias_source_for_the_resolver)
{
	struct catalog c;
	struct pmu cpu = { .name = (char *)"cpu", .kind = PMU_KIND_CORE };
	struct pmu imc = { .name = (char *)"uncore_imc_2", .kind = PMU_KIND_UNCORE };
	struct pmu cha = { .name = (char *)"uncore_cha_2", .kind = PMU_KIND_UNCORE };
	const struct pmu_alias *a;

	open_cat(&c, "GenuineIntel-6-8F-8", FIX "/perfmon");
	CHECK(!catalog_alias_find(&cpu, "mem_load_retired.l3_miss"), "no active catalog, no names");
	catalog_set_active(&c);
	a = catalog_alias_find(&cpu, "MEM_LOAD_RETIRED.L3_MISS");
	CHECK(a && !strcmp(a->terms, "event=0xd1,umask=0x20") && a->scale == 1.0 && !strcmp(a->unit, ""), "core");
	a = catalog_alias_find(&imc, "unc_m_cas_count.rd");
	CHECK(a && !strcmp(a->terms, "event=0x5,umask=0xcf"), "every IMC box");
	CHECK(!catalog_alias_find(&cha, "unc_m_cas_count.rd"), "not the CHA");
	CHECK(!catalog_alias_find(&imc, "mem_load_retired.l3_miss"), "a core event is not an IMC event");
	catalog_set_active(NULL);
	catalog_free(&c);
}

/* Sources ranked: JSON before libpfm4. Where both have a core event with other terms, the JSON one is
 * kept and carries libpfm4's terms and table; the same encoding written otherwise is no difference;
 * on a hybrid the JSON event of the PMU wins over libpfm4's for every core PMU. */
TEST(json_over_libpfm4_with_the_difference_kept)
{
	static const struct { const char *name, *pmu, *terms; enum cat_src src; } add[] = {
		{ "topdown.backend_bound_slots", "", "event=0xa4,umask=0x02", CAT_SRC_JSON },
		{ "topdown.backend_bound_slots", "", "event=0x0,umask=0x2", CAT_SRC_PFM },
		{ "mem_load_retired.l3_miss", "", "event=0xd1,umask=0x20", CAT_SRC_JSON },
		{ "mem_load_retired.l3_miss", "", "umask=0x20,event=0xd1,cmask=0", CAT_SRC_PFM },
		{ "only.pfm", "", "event=0x11", CAT_SRC_PFM },
		{ "hy.brid", "cpu_core", "event=0x2a,umask=0x1", CAT_SRC_JSON },
		{ "hy.brid", "", "event=0xb7,umask=0x1", CAT_SRC_PFM },
	};
	struct catalog c;
	const struct cat_event *e;

	CHECK(catalog_terms_equal("event=0xd1,umask=0x20", "umask=0x20,event=0xd1,cmask=0"), "order, zero terms");
	CHECK(catalog_terms_equal("event=0x3c,edge", "edge=1,event=0x3c"), "a bare term is 1");
	CHECK(!catalog_terms_equal("event=0xa4,umask=0x2", "event=0x0,umask=0x2"), "event differs");
	CHECK(!catalog_terms_equal("event=0xc2,umask=0x4,frontend=0x8", "event=0xc2,umask=0x4"), "extra term");
	catalog_init(&c, "GenuineIntel-6-8F-8", NULL, NULL);
	c.load = NULL;
	for (size_t i = 0; i < sizeof(add) / sizeof(add[0]); i++) {
		struct cat_event ce = { .name = (char *)add[i].name, .pmu = (char *)add[i].pmu,
					.terms = (char *)add[i].terms, .src = add[i].src };

		CHECK_EQ_INT(catalog_add(&c, &ce, add[i].src == CAT_SRC_PFM ? "libpfm4 spr" : "a.json"), 0);
	}
	CHECK_EQ_INT(catalog_finish(&c), 0);
	c.loaded = true;
	e = catalog_find(&c, "cpu", true, "topdown.backend_bound_slots");
	CHECK(e && e->src == CAT_SRC_JSON && !strcmp(e->terms, "event=0xa4,umask=0x02"), "JSON wins");
	CHECK(e && e->other_terms && !strcmp(e->other_terms, "event=0x0,umask=0x2") && e->other_origin &&
	      !strcmp(e->other_origin, "libpfm4 spr"), "libpfm4's terms kept: %s", e && e->other_terms ? e->other_terms : "none");
	CHECK_EQ_INT(catalog_lookup(&c, "topdown.backend_bound_slots", &e), 1);
	e = catalog_find(&c, "cpu", true, "mem_load_retired.l3_miss");
	CHECK(e && e->src == CAT_SRC_JSON && !e->other_terms, "the same encoding is no difference");
	e = catalog_find(&c, "cpu", true, "only.pfm");
	CHECK(e && e->src == CAT_SRC_PFM && !e->other_terms, "libpfm4 alone");
	e = catalog_find(&c, "cpu_core", true, "hy.brid");
	CHECK(e && e->src == CAT_SRC_JSON && e->other_terms && !strcmp(e->other_terms, "event=0xb7,umask=0x1"),
	      "hybrid: the PMU's JSON event wins over libpfm4's for every core PMU");
	e = catalog_find(&c, "cpu_atom", true, "hy.brid");
	CHECK(e && e->src == CAT_SRC_PFM, "a core PMU without a JSON event takes libpfm4's");
	catalog_free(&c);
}

int main(void)
{
	unsetenv("PMUTOP_EVENTS_DIR");
	unsetenv("PMUTOP_CPUID");
	RUN(cpuid_from_cpuinfo_text);
	RUN(cpuid_match_as_perf);
	RUN(names_in_every_spelling);
	RUN(perfmon_layout_core_and_offcore);
	RUN(uncore_units_expand_to_boxes);
	RUN(hybrid_tables_by_core_type);
	RUN(kernel_layout_x86_amd_arm);
	RUN(toplev_cache_layout);
	RUN(search_order_and_unknown_cpu);
	RUN(hostile_files_named_and_skipped);
	RUN(perfmon_schema_fields);
	RUN(intel_real_files);
	RUN(json_nul_in_names);
	RUN(mapfile_rows);
	RUN(mapfile_bad_rows_skipped);
	RUN(suggestions);
	RUN(pfm_encoding_to_terms);
	RUN(simulated_machines_carry_their_cpuid);
	RUN(terms_become_attributes_through_sim_formats);
	RUN(alias_source_for_the_resolver);
	RUN(json_over_libpfm4_with_the_difference_kept);
	T_DONE();
}
