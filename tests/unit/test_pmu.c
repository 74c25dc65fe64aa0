/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_pmu.c: the PMU registry over fixture sysfs trees, and format bit ranges. */
#include "t.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

static int load(struct pmu_registry *reg, const char *fixture)
{
	char root[512];

	snprintf(root, sizeof(root), "tests/fixtures/sysfs/%s", fixture);
	sysfs_set_root(root);
	return pmus_load(reg);
}

static const struct pmu *get(const struct pmu_registry *reg, const char *name)
{
	int i = pmus_find(reg, name);
	return i < 0 ? NULL : &reg->pmus[i];
}

TEST(format_parse_forms)
{
	struct pmu_format f;

	CHECK_EQ_INT(pmu_format_parse("config:0-7", &f), 0);
	CHECK_EQ_INT(f.field, 0);
	CHECK_EQ_INT(f.nranges, 1);
	CHECK_EQ_INT(pmu_format_width(&f), 8);
	CHECK_EQ_INT(pmu_format_parse("config1:0-63", &f), 0);
	CHECK_EQ_INT(f.field, 1);
	CHECK_EQ_INT(pmu_format_width(&f), 64);
	CHECK_EQ_INT(pmu_format_parse("config:0-7,32-35,59-60", &f), 0);
	CHECK_EQ_INT(f.nranges, 3);
	CHECK_EQ_INT(f.r[1].lo, 32);
	CHECK_EQ_INT(f.r[2].hi, 60);
	CHECK_EQ_INT(pmu_format_width(&f), 14);
	CHECK_EQ_INT(pmu_format_parse("config:5", &f), 0);
	CHECK_EQ_INT(f.nranges, 1);
	CHECK_EQ_INT(f.r[0].lo, 5);
	CHECK_EQ_INT(f.r[0].hi, 5);
	CHECK_EQ_INT(pmu_format_parse("config2:0,2,4-7", &f), 0);
	CHECK_EQ_INT(f.field, 2);
	CHECK_EQ_INT(pmu_format_width(&f), 6);
	CHECK_EQ_INT(pmu_format_parse("config3:1-2\n", &f), 0);
	CHECK_EQ_INT(f.field, 3);
}

TEST(format_parse_bad)
{
	struct pmu_format f;

	CHECK_EQ_INT(pmu_format_parse("config4:0-7", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:7-0", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:0-64", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:1,", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:1-", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("cfg:1", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:1x", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", &f), -EINVAL);
}

TEST(format_apply_scatter)
{
	struct pmu_format f;
	uint64_t cfg[4] = { 0, 0, 0, 0 };

	/* amd_df event: value bits 0-7 -> 0-7, 8-11 -> 32-35, 12-13 -> 59-60 */
	pmu_format_parse("config:0-7,32-35,59-60", &f);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x1ff, cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x1000000ffULL);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x3fff, cfg), 0);
	CHECK_EQ_U64(cfg[0], 0x1800000f000000ffULL);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x4000, cfg), -ERANGE);
	CHECK_EQ_U64(cfg[0], 0x1800000f000000ffULL);
	/* applying again ORs, as perf 6.1's pmu_format_value() (event=0x3c,event=0xc0 is 0xfc) */
	cfg[0] = 0x3c;
	pmu_format_parse("config:0-7", &f);
	CHECK_EQ_INT(pmu_format_apply(&f, 0xc0, cfg), 0);
	CHECK_EQ_U64(cfg[0], 0xfcULL);
	pmu_format_parse("config1:0-63", &f);
	CHECK_EQ_INT(pmu_format_apply(&f, UINT64_MAX, cfg), 0);
	CHECK_EQ_U64(cfg[1], UINT64_MAX);
	pmu_format_parse("config2:0,2,4-7", &f);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x3f, cfg), 0);
	CHECK_EQ_U64(cfg[2], 0xf5ULL);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x40, cfg), -ERANGE);
}

TEST(format_high_range_first)
{
	struct pmu_format f;
	uint64_t cfg[4] = { 0, 0, 0, 0 };

	/* the value fills the format's bits from the lowest up, whatever order the
	 * file lists the ranges in (perf checked: cpu/hilo=0x1234/ with
	 * config1:24-31,0-7 gives config1 0x12000034) */
	CHECK_EQ_INT(pmu_format_parse("config1:24-31,0-7", &f), 0);
	CHECK_EQ_INT(pmu_format_width(&f), 16);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x1234, cfg), 0);
	CHECK_EQ_U64(cfg[1], 0x12000034ULL);
	CHECK_EQ_INT(pmu_format_apply(&f, 0x10000, cfg), -ERANGE);
	/* a field past bit 63 is refused, not shifted out of range */
	CHECK_EQ_INT(pmu_format_parse("config:60-70", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:64", &f), -EINVAL);
	CHECK_EQ_INT(pmu_format_parse("config:0-99999999999999999999", &f), -EINVAL);
}

TEST(krava_loads)
{
	struct pmu_registry reg;
	const struct pmu *p;
	const struct pmu_format *f, *fv;
	const struct pmu_alias *a;

	CHECK_EQ_INT(load(&reg, "krava"), 0);
	CHECK_EQ_INT(reg.n, 1);
	p = get(&reg, "perf-pmu-test");
	CHECK(p != NULL, "perf-pmu-test missing");
	if (p) {
		/* the type file has no trailing newline */
		CHECK_EQ_INT(p->type, 9999);
		CHECK_EQ_INT(pmu_formats(p, &fv), 9);
		CHECK_EQ_INT(p->kind, PMU_KIND_OTHER);
		CHECK(p->cpus == NULL, "no cpus file");
		f = pmu_find_format(p, "krava21");
		CHECK(f && f->field == 2 && f->nranges == 7, "krava21");
		f = pmu_find_format(p, "krava11");
		CHECK(f && f->field == 1 && pmu_format_width(f) == 14, "krava11");
		a = pmu_find_alias(p, "test-event");
		CHECK(a != NULL, "test-event alias");
		if (a) {
			CHECK_EQ_STR(a->terms, "krava01=15,krava02=170,krava03=1,krava11=27,krava12=1,"
				     "krava13=2,krava21=119,krava22=11,krava23=2");
			CHECK_NEAR(a->scale, 1.0, 0);
			CHECK_EQ_STR(a->unit, "");
		}
	}
	CHECK_EQ_INT(reg.ncore, 0);
	CHECK(!reg.hybrid, "not hybrid");
	pmus_free(&reg);
}

TEST(spr_uncore_loads)
{
	struct pmu_registry reg;
	const struct pmu *p;
	const struct pmu_alias *a, *av;
	const struct pmu_format *fv;

	CHECK_EQ_INT(load(&reg, "spr_uncore"), 0);
	/* sorted by name */
	for (int i = 1; i < reg.n; i++)
		CHECK(strcmp(reg.pmus[i - 1].name, reg.pmus[i].name) < 0, "order %s %s",
		      reg.pmus[i - 1].name, reg.pmus[i].name);
	CHECK_EQ_INT(reg.n, 11);   /* with uncore_imc_free_running_0 */
	CHECK_EQ_INT(reg.ncore, 1);
	CHECK(!reg.hybrid, "one core PMU");
	p = get(&reg, "cpu");
	CHECK(p && p->kind == PMU_KIND_CORE && p->type == 4 && pmu_formats(p, &fv) == 9, "cpu");
	CHECK_EQ_STR(p ? pmu_cap(p, "pmu_name") : NULL, "sapphire_rapids");
	CHECK(p && pmu_cap(p, "nope") == NULL, "absent cap");
	p = get(&reg, "software");
	CHECK(p && p->kind == PMU_KIND_SOFTWARE && p->type == 1, "software");
	p = get(&reg, "msr");
	CHECK(p && p->kind == PMU_KIND_OTHER, "msr has no cpumask");
	p = get(&reg, "power");
	CHECK(p && p->kind == PMU_KIND_UNCORE, "power");
	p = get(&reg, "uncore_imc_2");
	CHECK(p != NULL, "uncore_imc_2");
	if (p) {
		/* its formats and aliases are read on first use, not by pmus_load */
		CHECK(p->det && !p->det->loaded, "uncore_imc_2 read at load");
		CHECK_EQ_INT(p->kind, PMU_KIND_UNCORE);
		CHECK_EQ_INT(p->type, 15);
		CHECK(!p->cpus_file, "cpumask, not cpus");
		CHECK_EQ_INT(p->ncpus, 2);
		CHECK(p->ncpus == 2 && p->cpus[0] == 0 && p->cpus[1] == 56, "cpumask 0,56");
		/* .scale and .unit are not aliases of their own */
		CHECK_EQ_INT(pmu_aliases(p, &av), 3);
		a = pmu_find_alias(p, "cas_count_read");
		CHECK(a && !strcmp(a->terms, "event=0x05,umask=0xcf"), "terms");
		CHECK(a && a->scale == 6.103515625e-5, "scale");
		CHECK_EQ_STR(a ? a->unit : NULL, "MiB");
		CHECK(pmu_find_alias(p, "cas_count_read.scale") == NULL, "side file");
		a = pmu_find_alias(p, "clockticks");
		CHECK(a && a->scale == 1.0 && !strcmp(a->unit, ""), "defaults");
		CHECK(p->det && p->det->loaded == 1u << PMU_DET_ALIASES, "uncore_imc_2: its aliases read on use, no more");
	}
	/* no lookup named the other boxes: their folders stay unread */
	p = get(&reg, "uncore_imc_0");
	CHECK(p && p->det && !p->det->loaded, "uncore_imc_0 unread");
	pmus_free(&reg);
}

TEST(hybrid_and_arm_kinds)
{
	struct pmu_registry reg;
	const struct pmu *p;

	CHECK_EQ_INT(load(&reg, "adl_hybrid"), 0);
	CHECK_EQ_INT(reg.ncore, 2);
	CHECK(reg.hybrid, "ADL is hybrid");
	p = get(&reg, "cpu_atom");
	CHECK(p && p->kind == PMU_KIND_CORE && p->type == 10 && p->cpus_file && p->ncpus == 8 &&
	      p->cpus[0] == 16, "cpu_atom");
	pmus_free(&reg);

	CHECK_EQ_INT(load(&reg, "arm_biglittle"), 0);
	CHECK_EQ_INT(reg.ncore, 2);
	CHECK(reg.hybrid, "big.LITTLE");
	p = get(&reg, "armv8_pmuv3_1");
	CHECK(p && p->kind == PMU_KIND_CORE && p->ncpus == 2 && p->cpus[0] == 4, "armv8_pmuv3_1");
	pmus_free(&reg);

	CHECK_EQ_INT(load(&reg, "apple_m1"), 0);
	CHECK_EQ_INT(reg.ncore, 2);
	p = get(&reg, "apple_firestorm_pmu");
	CHECK(p && p->kind == PMU_KIND_CORE && p->ncpus == 4 && p->cpus[0] == 4, "firestorm");
	pmus_free(&reg);

	CHECK_EQ_INT(load(&reg, "amd_zen"), 0);
	CHECK_EQ_INT(reg.ncore, 1);
	p = get(&reg, "amd_l3");
	CHECK(p && p->kind == PMU_KIND_UNCORE && p->ncpus == 4 && p->cpus[3] == 24, "amd_l3 per CCX");
	p = get(&reg, "amd_umc_3");
	CHECK(p && p->kind == PMU_KIND_UNCORE && pmu_find_format(p, "rdwrmask"), "amd_umc_3");
	pmus_free(&reg);
}

static void put(const char *dir, const char *rel, const char *text)
{
	char path[1024], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (slash = strchr(path + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(odd_trees)
{
	char dir[] = "/tmp/pmutop-pmu-XXXXXX";
	char cmd[600];
	struct pmu_registry reg;
	const struct pmu *p;
	const struct pmu_format *fv;

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	/* a PMU without a type file is skipped; a garbled format is dropped */
	put(dir, "bus/event_source/devices/notype/format/event", "config:0-7\n");
	put(dir, "bus/event_source/devices/x/type", "0x20\n");
	put(dir, "bus/event_source/devices/x/format/event", "config:0-7\n");
	put(dir, "bus/event_source/devices/x/format/junk", "config9:1\n");
	/* a `cpus` file with formats makes a core PMU whatever its name */
	put(dir, "bus/event_source/devices/x/cpus", "0-1\n");
	put(dir, "bus/event_source/devices/tp/type", "2");
	/* instances in the kernel's numbering order, not strcmp's */
	put(dir, "bus/event_source/devices/uncore_b_10/type", "40\n");
	put(dir, "bus/event_source/devices/uncore_b_2/type", "32\n");
	put(dir, "bus/event_source/devices/uncore_b_1/type", "31\n");
	put(dir, "bus/event_source/devices/uncore_b_10/cpumask", "0\n");
	sysfs_set_root(dir);
	CHECK_EQ_INT(pmus_load(&reg), 0);
	CHECK_EQ_INT(reg.n, 5);
	CHECK(pmus_find(&reg, "uncore_b_1") >= 0 &&
	      pmus_find(&reg, "uncore_b_1") + 1 == pmus_find(&reg, "uncore_b_2") &&
	      pmus_find(&reg, "uncore_b_2") + 1 == pmus_find(&reg, "uncore_b_10"), "natural order");
	p = get(&reg, "uncore_b_10");
	CHECK(p && p->kind == PMU_KIND_UNCORE && p->ncpus == 1, "cpumask without formats is uncore");
	/* an uncore box's folder is read when first used, after the load */
	put(dir, "bus/event_source/devices/uncore_b_10/format/event", "config:0-7\n");
	put(dir, "bus/event_source/devices/uncore_b_10/events/later", "event=0x2a\n");
	CHECK(p && pmu_find_alias(p, "later") && pmu_find_format(p, "event"), "read on first use");
	p = get(&reg, "uncore_b_2");
	CHECK(p && p->kind == PMU_KIND_OTHER, "no cpumask, no cpus: other");
	CHECK_EQ_INT(pmus_find(&reg, "notype"), -1);
	p = get(&reg, "x");
	CHECK(p && p->type == 32 && pmu_formats(p, &fv) == 1 && p->kind == PMU_KIND_CORE, "x");
	p = get(&reg, "tp");
	CHECK(p && p->type == 2 && p->kind == PMU_KIND_OTHER, "tp");
	pmus_free(&reg);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	CHECK_EQ_INT(system(cmd), 0);

	sysfs_set_root("/nonexistent-pmutop-root");
	CHECK_EQ_INT(pmus_load(&reg), -ENOENT);
	CHECK_EQ_INT(reg.n, 0);
	pmus_free(&reg);
}

int main(void)
{
	RUN(format_parse_forms);
	RUN(format_parse_bad);
	RUN(format_apply_scatter);
	RUN(format_high_range_first);
	RUN(krava_loads);
	RUN(spr_uncore_loads);
	RUN(hybrid_and_arm_kinds);
	RUN(odd_trees);
	T_DONE();
}
