/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_evexpand.c: events that expand to several PMUs: uncore instances, AMD, hybrid Intel, Arm, Apple. */
#include "t.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>

#include "evfixture.h"

static const struct ev_spec *find_name(const struct ev_list *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->ev[i].name, name))
			return &l->ev[i];
	return NULL;
}

static bool cpus_are(const struct ev_spec *e, const int *want, int n)
{
	if (!e || e->ncpus != n || (n && !e->cpus))
		return false;
	for (int i = 0; i < n; i++)
		if (e->cpus[i] != want[i])
			return false;
	return true;
}

static int pmu_type(const char *name)
{
	int i = pmus_find(&reg, name);
	return i < 0 ? -1 : (int)reg.pmus[i].type;
}

/* uncore_imc/cas_count_read/, imc/..., and the bare alias all give one spec per instance. */
TEST(uncore_instances)
{
	const char *forms[] = { "uncore_imc/cas_count_read/", "imc/cas_count_read/", "cas_count_read" };
	static const int sockets[] = { 0, 56 };
	struct ev_list l = { 0 };

	use("spr_uncore");
	for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
		if (parse(forms[f], &l) < 0 || l.n != 4) {
			CHECK(0, "%s: %d specs", forms[f], l.n);
			continue;
		}
		CHECK_EQ_INT(l.ngroups, 4);
		for (int i = 0; i < 4; i++) {
			char name[64], pmu[32];
			const struct ev_spec *e;

			snprintf(pmu, sizeof(pmu), "uncore_imc_%d", i);
			snprintf(name, sizeof(name), "%s/cas_count_read/", pmu);
			e = find_name(&l, name);
			CHECK(e != NULL, "%s: no %s", forms[f], name);
			if (!e)
				continue;
			CHECK_EQ_INT(e->type, pmu_type(pmu));
			CHECK_EQ_INT(e->pmu, pmus_find(&reg, pmu));
			CHECK_EQ_U64(e->config, 0xcf05);
			CHECK_EQ_STR(e->base, "cas_count_read");
			CHECK_EQ_STR(e->input, forms[f]);
			CHECK_NEAR(e->scale, 6.103515625e-5, 0);
			CHECK_EQ_STR(e->unit, "MiB");
			CHECK(cpus_are(e, sockets, 2), "%s cpus", name);
		}
	}
	/* one named instance; a user term ORs into the alias' bits (perf 6.1) */
	if (parse("uncore_imc_2/cas_count_read,umask=0x30/", &l) == 0 && l.n == 1) {
		CHECK_EQ_STR(l.ev[0].name, "uncore_imc_2/cas_count_read,umask=0x30/");
		CHECK_EQ_U64(l.ev[0].config, 0xff05);
		CHECK_EQ_STR(l.ev[0].base, "cas_count_read");
	}
	/* RAPL energy: scale and unit from the alias files */
	if (parse("power/energy-pkg/,energy-pkg", &l) == 0 && l.n == 2) {
		for (int i = 0; i < 2; i++) {
			CHECK_EQ_STR(l.ev[i].name, "power/energy-pkg/");
			CHECK_EQ_U64(l.ev[i].config, 2);
			CHECK_NEAR(l.ev[i].scale, 2.3283064365386962890625e-10, 0);
			CHECK_EQ_STR(l.ev[i].unit, "Joules");
		}
	}
	/* cha umask is split across config:8-15,32-57 */
	if (parse("cha/event=0x34,umask=0x1fe001/", &l) == 0 && l.n == 2)
		CHECK_EQ_U64(l.ev[0].config, 0x34ULL | 0x01ULL << 8 | (0x1fe001ULL >> 8) << 32);
	ev_list_free(&l);
}

/* The event list of the real Ice Lake-SP recording (cha/ and imc/ short forms, :D, raw groups). */
TEST(realdata_command)
{
	char path[1024], line[4096], list[2048];
	struct ev_list l = { 0 };
	char *a, *b;
	FILE *f;
	int n_cha = 0, n_imc = 0, n_raw = 0;

	snprintf(path, sizeof(path), "%s/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.cmd.sh", t_realdata());
	f = fopen(path, "r");
	CHECK(f != NULL, "%s", path);
	if (!f)
		return;
	list[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		a = strstr(line, "perf stat -e ");
		if (!a)
			continue;
		a += strlen("perf stat -e ");
		b = strstr(a, " -A");
		if (b)
			snprintf(list, sizeof(list), "%.*s", (int)(b - a), a);
	}
	fclose(f);
	CHECK(list[0], "no -e list in %s", path);
	/* The shell quotes the groups; duration_time is a perf tool event, not a counter. */
	for (a = b = list; *a; a++)
		if (*a != '\'')
			*b++ = *a;
	*b = '\0';
	a = strstr(list, "duration_time,");
	if (a)
		memmove(a, a + strlen("duration_time,"), strlen(a + strlen("duration_time,")) + 1);
	use("spr_uncore");
	CHECK_EQ_INT(parse(list, &l), 0);
	for (int i = 0; i < l.n; i++) {
		n_cha += !strncmp(l.ev[i].name, "uncore_cha_", 11);
		n_imc += !strncmp(l.ev[i].name, "uncore_imc_", 11);
		n_raw += l.ev[i].type == PERF_TYPE_RAW;
	}
	CHECK_EQ_INT(n_cha, 2 * 2);   /* two cha events, two CHA boxes in the fixture */
	CHECK_EQ_INT(n_imc, 2 * 4);   /* two imc events, four IMCs */
	CHECK_EQ_INT(n_raw, 4 + 6);   /* the two raw groups */
	{
		const struct ev_spec *e = find_name(&l, "cycles:D");
		CHECK(e && e->pinned && e->type == PERF_TYPE_HARDWARE, "cycles:D");
		e = find_name(&l, "uncore_imc_1/event=0x04,umask=0x0f/");
		CHECK(e && e->config == 0x0f04, "imc short form");
		e = find_name(&l, "msr/tsc/");
		CHECK(e && e->type == 21, "msr/tsc/");
	}
	ev_list_free(&l);
}

TEST(amd_uncore)
{
	struct ev_list l = { 0 };
	static const int one[] = { 0 }, ccx[] = { 0, 8, 16, 24 };

	use("amd_zen");
	if (parse("amd_df/event=0x1ff/", &l) == 0 && l.n == 1) {
		CHECK_EQ_INT(l.ev[0].type, pmu_type("amd_df"));
		/* event bits 8.. land in config bits 32.. */
		CHECK_EQ_U64(l.ev[0].config, 0x1000000ffULL);
		CHECK(cpus_are(&l.ev[0], one, 1), "amd_df cpumask");
	}
	if (parse("amd_df/event=0x3fff,umask=0x2/", &l) == 0 && l.n == 1)
		CHECK_EQ_U64(l.ev[0].config, 0x1800000f000002ffULL);
	if (parse("amd_l3/event=0x4,umask=0xff/", &l) == 0 && l.n == 1) {
		CHECK_EQ_U64(l.ev[0].config, 0xff04);
		CHECK(cpus_are(&l.ev[0], ccx, 4), "one CPU per CCX");
	}
	if (parse("amd_umc/event=0x14,rdwrmask=1/", &l) == 0) {
		CHECK_EQ_INT(l.n, 4);
		for (int i = 0; i < l.n; i++) {
			char name[64];

			snprintf(name, sizeof(name), "amd_umc_%d/event=0x14,rdwrmask=1/", i);
			CHECK_EQ_STR(l.ev[i].name, name);
			CHECK_EQ_U64(l.ev[i].config, 0x114);
			CHECK_EQ_INT(l.ev[i].type, 13 + i);
		}
	}
	{
		struct ev_error err;
		struct ev_list e = { 0 };

		CHECK_EQ_INT(evparse("amd_umc/rdwrmask=4/", &reg, NULL, &e, &err), -EINVAL);
		CHECK_EQ_INT(err.pos, 8);
		CHECK(strstr(err.msg, "2 bits") != NULL, "%s", err.msg);
		CHECK_EQ_INT(evparse("amd_df/event=0x4000/", &reg, NULL, &e, &err), -EINVAL);
		CHECK(strstr(err.msg, "14 bits") != NULL, "%s", err.msg);
		/* "amd" is not an instance prefix of amd_df, amd_l3 ... */
		CHECK_EQ_INT(evparse("amd/event=1/", &reg, NULL, &e, &err), -EINVAL);
		CHECK(strstr(err.msg, "unknown PMU") != NULL, "%s", err.msg);
	}
	ev_list_free(&l);
}

TEST(hybrid_intel)
{
	struct ev_list l = { 0 };
	const struct ev_spec *c, *a;
	static const int pcore[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const int ecore[] = { 16, 17, 18, 19, 20, 21, 22, 23 };

	use("adl_hybrid");
	CHECK(reg.hybrid, "hybrid");
	if (parse("cycles", &l) == 0 && l.n == 2) {
		c = find_name(&l, "cpu_core/cycles/");
		a = find_name(&l, "cpu_atom/cycles/");
		CHECK(c && a, "names");
		if (c && a) {
			CHECK_EQ_INT(c->type, PERF_TYPE_HARDWARE);
			CHECK_EQ_U64(c->config, 0x0000000400000000ULL);
			CHECK_EQ_U64(a->config, 0x0000000a00000000ULL);
			CHECK_EQ_STR(c->base, "cycles");
			CHECK(cpus_are(c, pcore, 16) && cpus_are(a, ecore, 8), "cpus");
			CHECK_EQ_INT(c->pmu, pmus_find(&reg, "cpu_core"));
			CHECK(c->group != a->group, "separate events");
		}
	} else {
		CHECK(0, "cycles: %d", l.n);
	}
	if (parse("{cycles,instructions,cs}", &l) == 0 && l.n == 6) {
		CHECK_EQ_INT(l.ngroups, 2);
		for (int g = 0; g < 2; g++) {
			const struct ev_spec *m = &l.ev[g * 3];

			CHECK(m[0].group == m[1].group && m[1].group == m[2].group, "group %d", g);
			CHECK(m[0].pmu == m[1].pmu, "one core PMU per group copy");
			CHECK_EQ_U64(m[1].config >> 32, reg.pmus[m[0].pmu].type);
			CHECK_EQ_U64(m[1].config & 0xffffffff, PERF_COUNT_HW_INSTRUCTIONS);
			/* the software member follows its group's CPUs */
			CHECK_EQ_INT(m[2].type, PERF_TYPE_SOFTWARE);
			CHECK(m[2].ncpus == m[0].ncpus && m[2].cpus && m[2].cpus[0] == m[0].cpus[0], "cs cpus");
		}
		CHECK(l.ev[0].group != l.ev[3].group, "two groups");
	} else {
		CHECK(0, "group: %d", l.n);
	}
	if (parse("L1-dcache-load-misses:u", &l) == 0 && l.n == 2) {
		c = find_name(&l, "cpu_core/L1-dcache-load-misses/u");
		CHECK(c && c->type == PERF_TYPE_HW_CACHE && c->config == (0x10000ULL | 4ULL << 32) &&
		      c->exclude_kernel, "cache on cpu_core");
	}
	if (parse("r3c", &l) == 0 && l.n == 2) {
		c = find_name(&l, "cpu_core/r3c/");
		a = find_name(&l, "cpu_atom/r3c/");
		CHECK(c && a && c->type == 4 && a->type == 10 && c->config == 0x3c && a->config == 0x3c, "raw");
		CHECK_EQ_STR(c ? c->base : NULL, "r3c");
	}
	if (parse("cs", &l) == 0 && l.n == 1)
		CHECK(l.ev[0].cpus == NULL && l.ev[0].pmu == -1, "software stays single");
	if (parse("cpu_atom/event=0x3c/,cpu_core/cpu-cycles/", &l) == 0 && l.n == 2) {
		CHECK(l.ev[0].type == 10 && cpus_are(&l.ev[0], ecore, 8), "cpu_atom terms");
		CHECK(l.ev[1].type == 4 && l.ev[1].config == 0x3c, "cpu_core alias");
	}
	ev_list_free(&l);
}

/* A group member on one hybrid core PMU (PMU syntax, or a vendor name only one core type's table has)
 * goes into that PMU's copy of the group only: in the other copy it would open again on its own CPUs
 * and count twice. Software members follow every copy; the copy's first event takes the group's D. */
TEST(hybrid_group_member_of_one_core_type)
{
	struct ev_list l = { 0 };
	int core, atom;

	use("adl_hybrid");
	core = pmus_find(&reg, "cpu_core");
	atom = pmus_find(&reg, "cpu_atom");
	if (parse("{cycles,cpu_core/event=0xc0/,cs}", &l) == 0) {
		int nc0 = 0, ncs = 0;

		CHECK_EQ_INT(l.n, 5);
		CHECK_EQ_INT(l.ngroups, 2);
		for (int i = 0; i < l.n; i++) {
			const struct ev_spec *e = &l.ev[i];

			if (e->type == 4 && e->config == 0xc0) {
				nc0++;
				/* its group is the cpu_core copy: led by cpu_core/cycles/ */
				for (int k = 0; k < l.n; k++)
					if (l.ev[k].group == e->group && l.ev[k].type == PERF_TYPE_HARDWARE)
						CHECK_EQ_INT(l.ev[k].pmu, core);
			}
			ncs += e->type == PERF_TYPE_SOFTWARE;
		}
		CHECK_EQ_INT(nc0, 1);
		CHECK_EQ_INT(ncs, 2);
	}
	if (parse("{cpu_core/event=0xc0/,cycles}:D", &l) == 0 && l.n == 3) {
		for (int i = 0; i < l.n; i++) {
			bool first = i == 0 || l.ev[i - 1].group != l.ev[i].group;

			CHECK(l.ev[i].pinned == first, "event %d (%s): pinned %d, leads its copy %d", i, l.ev[i].name,
			      l.ev[i].pinned, first);
		}
		CHECK(l.ev[0].pmu == atom || l.ev[1].pmu == atom, "an atom copy");
	} else {
		CHECK(0, "{cpu_core/event=0xc0/,cycles}:D: %d events", l.n);
	}
	ev_list_free(&l);
}

/* Every name the parser prints re-parses to the same attributes. */
TEST(names_round_trip)
{
	const char *fixtures[] = { "adl_hybrid", "arm_biglittle", "apple_m1", "spr_uncore", "amd_zen" };
	const char *input = "{cycles,instructions:u},cache-misses,r11,cs,LLC-load-misses:k";
	struct ev_list l = { 0 }, again = { 0 };

	for (size_t f = 0; f < sizeof(fixtures) / sizeof(fixtures[0]); f++) {
		use(fixtures[f]);
		if (parse(input, &l) < 0)
			continue;
		for (int i = 0; i < l.n; i++) {
			const struct ev_spec *e = &l.ev[i];

			if (parse(e->name, &again) < 0 || again.n != 1) {
				CHECK(0, "%s: %s gives %d events", fixtures[f], e->name, again.n);
				continue;
			}
			CHECK(again.ev[0].type == e->type && again.ev[0].config == e->config &&
			      again.ev[0].exclude_kernel == e->exclude_kernel &&
			      again.ev[0].exclude_user == e->exclude_user, "%s: %s", fixtures[f], e->name);
		}
	}
	ev_list_free(&l);
	ev_list_free(&again);
}

TEST(arm_biglittle)
{
	struct ev_list l = { 0 };
	const struct ev_spec *e;
	static const int little[] = { 0, 1, 2, 3 }, big[] = { 4, 5 };

	use("arm_biglittle");
	if (parse("cycles", &l) == 0 && l.n == 2) {
		e = find_name(&l, "armv8_pmuv3_0/cycles/");
		CHECK(e && e->config == (uint64_t)pmu_type("armv8_pmuv3_0") << 32 && cpus_are(e, little, 4), "A53");
		e = find_name(&l, "armv8_pmuv3_1/cycles/");
		CHECK(e && e->config == (uint64_t)pmu_type("armv8_pmuv3_1") << 32 && cpus_are(e, big, 2), "A72");
	} else {
		CHECK(0, "cycles on big.LITTLE");
	}
	if (parse("armv8_pmuv3_0/event=0x11/", &l) == 0 && l.n == 1) {
		CHECK_EQ_INT(l.ev[0].type, pmu_type("armv8_pmuv3_0"));
		CHECK_EQ_U64(l.ev[0].config, 0x11);
	}
	/* a PMU name prefix stands for every instance */
	if (parse("armv8_pmuv3/event=0xffff/", &l) == 0)
		CHECK(l.n == 2 && l.ev[1].type == (uint32_t)pmu_type("armv8_pmuv3_1") && l.ev[1].config == 0xffff,
		      "both instances");
	if (parse("inst_retired", &l) == 0 && l.n == 2) {
		CHECK_EQ_STR(l.ev[0].name, "armv8_pmuv3_0/inst_retired/");
		CHECK_EQ_U64(l.ev[0].config, 0x8);
		CHECK_EQ_STR(l.ev[0].base, "inst_retired");
	}
	{
		struct ev_error err;
		struct ev_list x = { 0 };

		CHECK_EQ_INT(evparse("armv8_pmuv3_0/event=0x10000/", &reg, NULL, &x, &err), -EINVAL);
		CHECK(err.pos == 14 && strstr(err.msg, "16 bits"), "%d %s", err.pos, err.msg);
	}
	ev_list_free(&l);
}

TEST(apple_m1)
{
	struct ev_list l = { 0 };
	const struct ev_spec *e;
	static const int ice[] = { 0, 1, 2, 3 }, fire[] = { 4, 5, 6, 7 };

	use("apple_m1");
	if (parse("cycles,instructions", &l) == 0 && l.n == 4) {
		e = find_name(&l, "apple_firestorm_pmu/cycles/");
		CHECK(e && e->type == PERF_TYPE_HARDWARE && e->config == (uint64_t)pmu_type("apple_firestorm_pmu") << 32 &&
		      cpus_are(e, fire, 4), "firestorm");
		e = find_name(&l, "apple_icestorm_pmu/instructions/");
		CHECK(e && e->config == ((uint64_t)pmu_type("apple_icestorm_pmu") << 32 | PERF_COUNT_HW_INSTRUCTIONS) &&
		      cpus_are(e, ice, 4), "icestorm");
	} else {
		CHECK(0, "apple cycles,instructions");
	}
	if (parse("apple_firestorm_pmu/event=0x8c/", &l) == 0 && l.n == 1)
		CHECK(l.ev[0].type == (uint32_t)pmu_type("apple_firestorm_pmu") && l.ev[0].config == 0x8c, "terms");
	ev_list_free(&l);
}

TEST(builtin_names)
{
	const char *const *names = evparse_builtin_names();
	struct ev_list l = { 0 };
	struct ev_error err;
	int n = 0, ncache = 0;
	bool cycles = false, llc = false, clock = false;

	for (; names[n]; n++) {
		ev_list_free(&l);
		/* no registry: built-ins need none */
		CHECK(evparse(names[n], NULL, NULL, &l, &err) == 0 && l.n == 1, "%s: %s", names[n], err.msg);
		if (l.n == 1)
			CHECK_EQ_STR(l.ev[0].base, names[n]);
		ncache += l.n == 1 && l.ev[0].type == PERF_TYPE_HW_CACHE;
		for (int j = 0; j < n; j++)
			CHECK(strcmp(names[j], names[n]) != 0, "duplicate %s", names[n]);
		cycles |= !strcmp(names[n], "cycles");
		llc |= !strcmp(names[n], "LLC-load-misses");
		clock |= !strcmp(names[n], "cpu-clock");
	}
	CHECK(cycles && llc && clock, "expected names");
	/* perf's cache table: L1d, LLC, dTLB, node: load/store/prefetch; L1i load/prefetch; iTLB, branch: load */
	CHECK_EQ_INT(ncache, 2 * (3 + 2 + 3 + 3 + 1 + 1 + 3));
	CHECK_EQ_INT(evparse("cpu/event=1/", NULL, NULL, &l, &err), -EINVAL);
	CHECK(strstr(err.msg, "unknown PMU") != NULL, "%s", err.msg);
	ev_list_free(&l);
}

int main(void)
{
	RUN(uncore_instances);
	{
		char path[1024];
		FILE *f;

		snprintf(path, sizeof(path), "%s/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.cmd.sh",
			 t_realdata());
		f = fopen(path, "r");
		if (f) {
			fclose(f);
			RUN(realdata_command);
		} else {
			printf("SKIP %s:realdata_command: %s not found\n", t_file, path);
		}
	}
	RUN(amd_uncore);
	RUN(hybrid_intel);
	RUN(hybrid_group_member_of_one_core_type);
	RUN(names_round_trip);
	RUN(arm_biglittle);
	RUN(apple_m1);
	RUN(builtin_names);
	pmus_free(&reg);
	T_DONE();
}
