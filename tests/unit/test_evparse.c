/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_evparse.c: perf event syntax over the fixture sysfs trees (krava, Intel, AMD, hybrid, Arm, Apple). */
#include "t.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>

#include "evfixture.h"


TEST(krava_golden)
{
	struct ev_list l = { 0 };
	const char *forms[] = {
		"perf-pmu-test/test-event/",
		("perf-pmu-test/krava01=15,krava02=170,krava03=1,krava11=27,krava12=1,krava13=2,"
		 "krava21=119,krava22=11,krava23=2/"),
		"test-event",
	};

	use("krava");
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		if (parse(forms[i], &l) < 0 || l.n != 1) {
			CHECK(0, "%s: %d events", forms[i], l.n);
			continue;
		}
		CHECK_EQ_INT(l.ev[0].type, 9999);
		CHECK_EQ_U64(l.ev[0].config, 0xc00000000002a823ULL);
		CHECK_EQ_U64(l.ev[0].config1, 0x8000400000000145ULL);
		CHECK_EQ_U64(l.ev[0].config2, 0x0400000020041d07ULL);
		CHECK_EQ_INT(l.ev[0].pmu, pmus_find(&reg, "perf-pmu-test"));
	}
	parse(forms[0], &l);
	CHECK_EQ_STR(l.n ? l.ev[0].name : NULL, "perf-pmu-test/test-event/");
	CHECK_EQ_STR(l.n ? l.ev[0].base : NULL, "test-event");
	CHECK_EQ_STR(l.n ? l.ev[0].input : NULL, "perf-pmu-test/test-event/");
	/* a user term ORs into the alias' bits, as perf 6.1 (it never clears a bit) */
	if (parse("perf-pmu-test/test-event,krava02=0/", &l) == 0 && l.n == 1)
		CHECK_EQ_U64(l.ev[0].config, 0xc00000000002a823ULL);
	if (parse("perf-pmu-test/test-event,krava01=0x3c0/", &l) == 0 && l.n == 1)
		CHECK_EQ_U64(l.ev[0].config, 0xc00000000002a823ULL | 0x3c0);
	ev_list_free(&l);
}

TEST(intel_cpu_formats)
{
	struct ev_list l = { 0 };

	use("spr_uncore");
	if (parse("cpu/event=0x3c,umask=0x0/", &l) == 0 && l.n == 1) {
		CHECK_EQ_INT(l.ev[0].type, 4);
		CHECK_EQ_U64(l.ev[0].config, 0x3c);
		CHECK_EQ_STR(l.ev[0].name, "cpu/event=0x3c,umask=0x0/");
		CHECK_EQ_STR(l.ev[0].base, "event=0x3c,umask=0x0");
		CHECK(l.ev[0].cpus == NULL, "x86 cpu PMU has no cpus file");
	} else {
		CHECK(0, "cpu/event=0x3c,umask=0x0/");
	}
	if (parse("cpu/event=0xb7,umask=0x1,offcore_rsp=0x3fffc00001/", &l) == 0 && l.n == 1) {
		CHECK_EQ_U64(l.ev[0].config, 0x1b7);
		CHECK_EQ_U64(l.ev[0].config1, 0x3fffc00001ULL);
	}
	/* a term without value is 1; decimal values */
	if (parse("cpu/event=60,cmask=2,inv,edge/", &l) == 0 && l.n == 1)
		CHECK_EQ_U64(l.ev[0].config, 0x3cULL | 2ULL << 24 | 1ULL << 23 | 1ULL << 18);
	if (parse("cpu/config=0x1234,config1=5,config2=0x7,config3=9/", &l) == 0 && l.n == 1) {
		CHECK_EQ_U64(l.ev[0].config, 0x1234);
		CHECK_EQ_U64(l.ev[0].config1, 5);
		CHECK_EQ_U64(l.ev[0].config2, 7);
		CHECK_EQ_U64(l.ev[0].config3, 9);
	}
	if (parse("cpu/event=0x3c,name=clk/", &l) == 0 && l.n == 1) {
		CHECK_EQ_STR(l.ev[0].name, "clk");
		CHECK_EQ_U64(l.ev[0].config, 0x3c);
	}
	/* a sysfs alias of the core PMU */
	if (parse("cpu/cpu-cycles/u", &l) == 0 && l.n == 1) {
		CHECK_EQ_INT(l.ev[0].type, 4);
		CHECK_EQ_U64(l.ev[0].config, 0x3c);
		CHECK_EQ_STR(l.ev[0].name, "cpu/cpu-cycles/u");
		CHECK(l.ev[0].exclude_kernel && !l.ev[0].exclude_user, "u after the slash");
	}
	CHECK_ERR("cpu/event=0x100/", 4, "too big");
	CHECK_ERR("cpu/event=0x100/", 4, "8 bits");
	CHECK_ERR("cpu/umask=1,event=0x1ff/", 12, "'event'");
	ev_list_free(&l);
}

TEST(generic_hardware)
{
	static const struct { const char *name, *base; uint64_t config; } hw[] = {
		{ "cycles", "cycles", PERF_COUNT_HW_CPU_CYCLES },
		{ "cpu-cycles", "cycles", PERF_COUNT_HW_CPU_CYCLES },
		{ "instructions", "instructions", PERF_COUNT_HW_INSTRUCTIONS },
		{ "cache-references", "cache-references", PERF_COUNT_HW_CACHE_REFERENCES },
		{ "cache-misses", "cache-misses", PERF_COUNT_HW_CACHE_MISSES },
		{ "branches", "branches", PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "branch-instructions", "branches", PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "branch-misses", "branch-misses", PERF_COUNT_HW_BRANCH_MISSES },
		{ "bus-cycles", "bus-cycles", PERF_COUNT_HW_BUS_CYCLES },
		{ "stalled-cycles-frontend", "stalled-cycles-frontend", PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
		{ "idle-cycles-frontend", "stalled-cycles-frontend", PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
		{ "stalled-cycles-backend", "stalled-cycles-backend", PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
		{ "idle-cycles-backend", "stalled-cycles-backend", PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
		{ "ref-cycles", "ref-cycles", PERF_COUNT_HW_REF_CPU_CYCLES },
	};
	struct ev_list l = { 0 };

	use("spr_uncore");
	for (size_t i = 0; i < sizeof(hw) / sizeof(hw[0]); i++) {
		if (parse(hw[i].name, &l) < 0 || l.n != 1) {
			CHECK(0, "%s", hw[i].name);
			continue;
		}
		CHECK_EQ_INT(l.ev[0].type, PERF_TYPE_HARDWARE);
		CHECK_EQ_U64(l.ev[0].config, hw[i].config);
		CHECK_EQ_STR(l.ev[0].base, hw[i].base);
		CHECK_EQ_STR(l.ev[0].name, hw[i].name);
		CHECK_EQ_INT(l.ev[0].pmu, -1);
		CHECK(l.ev[0].cpus == NULL && l.ev[0].scale == 1.0 && l.ev[0].unit[0] == 0, "%s", hw[i].name);
	}
	ev_list_free(&l);
}

#define CACHE(c, op, res) (PERF_COUNT_HW_CACHE_##c | PERF_COUNT_HW_CACHE_OP_##op << 8 | \
			   PERF_COUNT_HW_CACHE_RESULT_##res << 16)

TEST(hardware_cache)
{
	static const struct { const char *name; uint64_t config; } c[] = {
		{ "L1-dcache-loads", CACHE(L1D, READ, ACCESS) },
		{ "L1-dcache-load-misses", CACHE(L1D, READ, MISS) },
		{ "L1-dcache-stores", CACHE(L1D, WRITE, ACCESS) },
		{ "L1-dcache-prefetch-misses", CACHE(L1D, PREFETCH, MISS) },
		{ "L1-icache-load-misses", CACHE(L1I, READ, MISS) },
		{ "L1-icache-prefetches", CACHE(L1I, PREFETCH, ACCESS) },
		{ "LLC-loads", CACHE(LL, READ, ACCESS) },
		{ "LLC-load-misses", CACHE(LL, READ, MISS) },
		{ "LLC-store-misses", CACHE(LL, WRITE, MISS) },
		{ "dTLB-prefetch-misses", CACHE(DTLB, PREFETCH, MISS) },
		{ "iTLB-load-misses", CACHE(ITLB, READ, MISS) },
		{ "branch-loads", CACHE(BPU, READ, ACCESS) },
		{ "branch-load-misses", CACHE(BPU, READ, MISS) },
		{ "node-stores", CACHE(NODE, WRITE, ACCESS) },
		{ "node-prefetch-misses", CACHE(NODE, PREFETCH, MISS) },
	};
	struct ev_list l = { 0 };

	use("spr_uncore");
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		if (parse(c[i].name, &l) < 0 || l.n != 1) {
			CHECK(0, "%s", c[i].name);
			continue;
		}
		CHECK_EQ_INT(l.ev[0].type, PERF_TYPE_HW_CACHE);
		CHECK_EQ_U64(l.ev[0].config, c[i].config);
		CHECK_EQ_STR(l.ev[0].base, c[i].name);
	}
	/* operations perf does not offer on that cache */
	CHECK_ERR("iTLB-stores", 0, "unknown event");
	CHECK_ERR("L1-icache-stores", 0, "unknown event");
	CHECK_ERR("branch-prefetches", 0, "unknown event");
	ev_list_free(&l);
}

TEST(software)
{
	static const struct { const char *name, *base; uint64_t config; } sw[] = {
		{ "cpu-clock", "cpu-clock", PERF_COUNT_SW_CPU_CLOCK },
		{ "task-clock", "task-clock", PERF_COUNT_SW_TASK_CLOCK },
		{ "page-faults", "page-faults", PERF_COUNT_SW_PAGE_FAULTS },
		{ "faults", "page-faults", PERF_COUNT_SW_PAGE_FAULTS },
		{ "context-switches", "context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cs", "context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cpu-migrations", "cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "migrations", "cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "minor-faults", "minor-faults", PERF_COUNT_SW_PAGE_FAULTS_MIN },
		{ "major-faults", "major-faults", PERF_COUNT_SW_PAGE_FAULTS_MAJ },
		{ "alignment-faults", "alignment-faults", PERF_COUNT_SW_ALIGNMENT_FAULTS },
		{ "emulation-faults", "emulation-faults", PERF_COUNT_SW_EMULATION_FAULTS },
		{ "dummy", "dummy", PERF_COUNT_SW_DUMMY },
		{ "bpf-output", "bpf-output", PERF_COUNT_SW_BPF_OUTPUT },
		{ "cgroup-switches", "cgroup-switches", PERF_COUNT_SW_CGROUP_SWITCHES },
	};
	struct ev_list l = { 0 };

	use("adl_hybrid"); /* software events are not expanded per core PMU */
	for (size_t i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		bool clock = sw[i].config == PERF_COUNT_SW_CPU_CLOCK || sw[i].config == PERF_COUNT_SW_TASK_CLOCK;

		if (parse(sw[i].name, &l) < 0 || l.n != 1) {
			CHECK(0, "%s", sw[i].name);
			continue;
		}
		CHECK_EQ_INT(l.ev[0].type, PERF_TYPE_SOFTWARE);
		CHECK_EQ_U64(l.ev[0].config, sw[i].config);
		CHECK_EQ_STR(l.ev[0].base, sw[i].base);
		CHECK_EQ_STR(l.ev[0].name, sw[i].name);
		CHECK(l.ev[0].cpus == NULL, "%s: every CPU", sw[i].name);
		CHECK_EQ_STR(l.ev[0].unit, clock ? "msec" : "");
		CHECK_NEAR(l.ev[0].scale, clock ? 1e-6 : 1.0, 0);
	}
	ev_list_free(&l);
}

TEST(raw)
{
	struct ev_list l = { 0 };

	use("spr_uncore");
	if (parse("r08d1,rC0", &l) == 0 && l.n == 2) {
		CHECK_EQ_INT(l.ev[0].type, PERF_TYPE_RAW);
		CHECK_EQ_U64(l.ev[0].config, 0x8d1);
		CHECK_EQ_STR(l.ev[0].base, "r08d1");
		CHECK_EQ_STR(l.ev[0].name, "r08d1");
		CHECK_EQ_U64(l.ev[1].config, 0xc0);
	} else {
		CHECK(0, "raw");
	}
	CHECK_ERR("r08g1", 0, "unknown event");
	CHECK_ERR("cs,r", 3, "unknown event");
	ev_list_free(&l);
}

TEST(modifiers)
{
	struct ev_list l = { 0 };
	static const struct { const char *s; bool eu, ek, eh, pinned; } m[] = {
		{ "cycles", false, false, false, false },
		{ "cycles:u", false, true, true, false },
		{ "cycles:k", true, false, true, false },
		{ "cycles:h", true, true, false, false },
		{ "cycles:uk", false, false, true, false },
		{ "cycles:ku", false, false, true, false },
		{ "cycles:D", false, false, false, true },
		{ "instructions:uD", false, true, true, true },
	};

	use("spr_uncore");
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		if (parse(m[i].s, &l) < 0 || l.n != 1) {
			CHECK(0, "%s", m[i].s);
			continue;
		}
		CHECK(l.ev[0].exclude_user == m[i].eu && l.ev[0].exclude_kernel == m[i].ek &&
		      l.ev[0].exclude_hv == m[i].eh && l.ev[0].pinned == m[i].pinned, "%s", m[i].s);
		CHECK_EQ_STR(l.ev[0].name, m[i].s);
		CHECK_EQ_STR(l.ev[0].input, m[i].s);
	}
	CHECK_ERR("cycles:x", 7, "bad modifier");
	CHECK_ERR("cycles:uz", 8, "bad modifier");
	CHECK_ERR("cycles:", 7, "expected modifiers");
	CHECK_ERR("cs,cycles:,cs", 10, "expected modifiers");
	CHECK_ERR("cpu/event=1/q", 12, "bad modifier");
	CHECK_ERR("{cycles}:q", 9, "bad modifier");
	ev_list_free(&l);
}

TEST(groups)
{
	struct ev_list l = { 0 };

	use("spr_uncore");
	if (parse("cs,{cycles,instructions:k}:u,cpu-clock", &l) == 0 && l.n == 4) {
		CHECK_EQ_INT(l.ngroups, 3);
		CHECK_EQ_INT(l.ev[0].group, 0);
		CHECK_EQ_INT(l.ev[1].group, 1);
		CHECK_EQ_INT(l.ev[2].group, 1);
		CHECK_EQ_INT(l.ev[3].group, 2);
		CHECK_EQ_STR(l.ev[1].name, "cycles:u");
		CHECK_EQ_STR(l.ev[1].input, "cycles");
		CHECK(!l.ev[1].exclude_user && l.ev[1].exclude_kernel && l.ev[1].exclude_hv, "group :u");
		/* the group's u/k/h adds to the member's, as perf 6.1 does: k then u is user+kernel */
		CHECK(!l.ev[2].exclude_user && !l.ev[2].exclude_kernel && l.ev[2].exclude_hv, "group :u over member :k");
		CHECK(!l.ev[0].exclude_kernel && !l.ev[3].exclude_kernel, "outside the group");
	} else {
		CHECK(0, "group list");
	}
	/* commas inside /.../ do not split; a group may hold PMU events */
	if (parse("{cpu/event=0x3c,umask=0x0/,cpu/event=0xc0,umask=0x0/}:D,cs", &l) == 0 && l.n == 3) {
		CHECK_EQ_INT(l.ngroups, 2);
		CHECK(l.ev[0].group == l.ev[1].group && l.ev[2].group != l.ev[0].group, "groups");
		/* a group's D pins the leader only, as perf 6.1 */
		CHECK(l.ev[0].pinned && !l.ev[1].pinned && !l.ev[2].pinned, "D on group");
		CHECK_EQ_STR(l.ev[1].name, "cpu/event=0xc0,umask=0x0/D");
	} else {
		CHECK(0, "pmu group");
	}
	CHECK_ERR("{cycles,instructions", 0, "unbalanced group");
	CHECK_ERR("cs,{cycles", 3, "unbalanced group");
	CHECK_ERR("cycles}", 6, "unbalanced group");
	CHECK_ERR("}", 0, "unbalanced group");
	CHECK_ERR("{cycles,{cs}}", 8, "groups do not nest");
	CHECK_ERR("{}", 1, "expected an event before '}'");
	CHECK_ERR("{cycles,}", 8, "expected an event before '}'");
	CHECK_ERR("{cycles}x", 8, "unexpected character");
	ev_list_free(&l);
}

TEST(errors)
{
	use("spr_uncore");
	CHECK_ERR("", 0, "no event given");
	CHECK_ERR("cycles,,cs", 7, "expected an event before ','");
	CHECK_ERR("cycles,", 7, "expected an event at the end");
	CHECK_ERR(",cycles", 0, "expected an event before ','");
	CHECK_ERR("foo", 0, "unknown event 'foo'");
	CHECK_ERR("cs,foo-bar", 3, "unknown event 'foo-bar'");
	CHECK_ERR("nopmu/event=1/", 0, "unknown PMU 'nopmu'");
	CHECK_ERR("cs,imcx/event=1/", 3, "unknown PMU");
	CHECK_ERR("cpu/bogus=1/", 4, "unknown term 'bogus' for PMU cpu");
	CHECK_ERR("cpu/event=1,bogus/", 12, "unknown term");
	CHECK_ERR("cpu/event=0x1g/", 10, "bad value");
	CHECK_ERR("cpu/event=/", 10, "needs a value");
	CHECK_ERR("cpu/event=0x10000000000000000/", 10, "bad value");
	CHECK_ERR("cpu/event=1", 3, "missing closing '/'");
	CHECK_ERR("cpu/event=1,,umask=1/", 12, "empty term");
	CHECK_ERR("cpu/=1/", 4, "expected a term name");
	CHECK_ERR("cpu/name/", 4, "needs a value");
	CHECK_ERR("cycles cs", 7, "expected ',' between events");
	CHECK_ERR("cycles;cs", 6, "unexpected character ';'");
	CHECK_ERR("*", 0, "wildcards only in tracepoint");
}

TEST(out_unchanged_on_error)
{
	struct ev_list l = { 0 };
	struct ev_error err;

	use("spr_uncore");
	CHECK_EQ_INT(evparse("cycles", &reg, NULL, &l, &err), 0);
	CHECK_EQ_INT(evparse("cs,uncore_imc/cas_count_read/,foo", &reg, NULL, &l, &err), -EINVAL);
	CHECK_EQ_INT(err.pos, 30);
	CHECK_EQ_INT(l.n, 1);
	CHECK_EQ_INT(l.ngroups, 1);
	CHECK_EQ_STR(l.n ? l.ev[0].name : NULL, "cycles");
	ev_list_free(&l);
}

TEST(evlist_append_remove)
{
	struct ev_list l = { 0 };
	struct ev_error err;

	use("spr_uncore");
	CHECK_EQ_INT(evparse("cycles", &reg, NULL, &l, &err), 0);
	CHECK_EQ_INT(evparse("{cs,cpu-clock},instructions", &reg, NULL, &l, &err), 0);
	CHECK_EQ_INT(l.n, 4);
	CHECK_EQ_INT(l.ngroups, 3);
	if (l.n == 4) {
		CHECK_EQ_INT(l.ev[0].group, 0);
		CHECK_EQ_INT(l.ev[1].group, 1);
		CHECK_EQ_INT(l.ev[2].group, 1);
		CHECK_EQ_INT(l.ev[3].group, 2);
	}
	ev_list_remove(&l, 1);
	CHECK_EQ_INT(l.n, 3);
	if (l.n == 3) {
		CHECK_EQ_STR(l.ev[0].name, "cycles");
		CHECK_EQ_STR(l.ev[1].name, "cpu-clock");
		CHECK_EQ_INT(l.ev[1].group, 1);
		CHECK_EQ_STR(l.ev[2].name, "instructions");
	}
	CHECK_EQ_INT(l.ngroups, 3);
	ev_list_remove(&l, 7);  /* out of range: nothing */
	ev_list_remove(&l, -1);
	CHECK_EQ_INT(l.n, 3);
	ev_list_remove(&l, 2);
	ev_list_remove(&l, 0);
	CHECK_EQ_INT(l.n, 1);
	CHECK_EQ_STR(l.n ? l.ev[0].name : NULL, "cpu-clock");
	ev_list_free(&l);
	CHECK(l.n == 0 && l.ev == NULL, "freed");
}

int main(void)
{
	RUN(krava_golden);
	RUN(intel_cpu_formats);
	RUN(generic_hardware);
	RUN(hardware_cache);
	RUN(software);
	RUN(raw);
	RUN(modifiers);
	RUN(groups);
	RUN(errors);
	RUN(out_unchanged_on_error);
	RUN(evlist_append_remove);
	pmus_free(&reg);
	T_DONE();
}
