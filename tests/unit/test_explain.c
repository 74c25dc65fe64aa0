/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_explain.c: --explain-events output (JSON and text) for parsed events. */
#include "t.h"
#include "out/explain.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include <linux/perf_event.h>
#include <stdint.h>

static struct pmu_registry reg;

/* Explain s on fixture into a malloc'd string. */
static char *explain(const char *fixture, const char *s, const struct topology *topo, bool json)
{
	char root[512], *buf = NULL;
	size_t len = 0;
	struct ev_list l = { 0 };
	struct ev_error err;
	FILE *out;

	pmus_free(&reg);
	snprintf(root, sizeof(root), "tests/fixtures/sysfs/%s", fixture);
	sysfs_set_root(root);
	if (pmus_load(&reg) < 0 || evparse(s, &reg, NULL, &l, &err) < 0) {
		printf("     %s: %s at %d\n", s, err.msg, err.pos);
		return NULL;
	}
	out = open_memstream(&buf, &len);
	if (!out || explain_events(out, &l, NULL, &reg, topo, json) < 0)
		printf("     explain_events failed\n");
	if (out)
		fclose(out);
	ev_list_free(&l);
	return buf;
}

TEST(json_krava)
{
	char *s = explain("krava", "perf-pmu-test/test-event/", NULL, true);

	CHECK(s != NULL, "no output");
	if (!s)
		return;
	CHECK(s[0] == '[' && strstr(s, "]\n"), "array: %s", s);
	CHECK(strstr(s, "\"name\": \"perf-pmu-test/test-event/\""), "%s", s);
	CHECK(strstr(s, "\"pmu\": \"perf-pmu-test\""), "%s", s);
	CHECK(strstr(s, "\"type\": 9999,"), "%s", s);
	CHECK(strstr(s, "\"config\": \"0xc00000000002a823\""), "%s", s);
	CHECK(strstr(s, "\"config1\": \"0x8000400000000145\""), "%s", s);
	CHECK(strstr(s, "\"config2\": \"0x400000020041d07\""), "%s", s);
	CHECK(strstr(s, "\"cpus\": []"), "no topology, no cpus: %s", s);
	free(s);
}

TEST(json_uncore_and_software)
{
	char *s = explain("spr_uncore", "uncore_imc_0/cas_count_read/,cpu-clock:u", NULL, true);
	struct topo_cpu cpus[3] = { { .cpu = 0 }, { .cpu = 1 }, { .cpu = 5 } };
	struct topology topo = { .ncpus = 3, .cpus = cpus };

	CHECK(s != NULL, "no output");
	if (!s)
		return;
	CHECK(strstr(s, "\"scale\": 6.103515625e-05, \"unit\": \"MiB\""), "%s", s);
	CHECK(strstr(s, "\"cpus\": [0, 56]"), "%s", s);
	CHECK(strstr(s, "\"pmu\": null"), "software has no registry PMU: %s", s);
	CHECK(strstr(s, "\"type\": 1, \"config\": \"0x0\""), "%s", s);
	CHECK(strstr(s, "\"unit\": \"msec\""), "%s", s);
	CHECK(strstr(s, "\"exclude_kernel\": true"), "%s", s);
	/* the alias names its file; a built-in event has no source */
	CHECK(strstr(s, "\"source\": \"sysfs\", \"origin\": \"tests/fixtures/sysfs/spr_uncore/bus/event_source/devices/"
		     "uncore_imc_0/events/cas_count_read\", \"libpfm4_only\": false, \"overrides\": null"), "%s", s);
	CHECK(strstr(s, "\"source\": null, \"origin\": null, \"libpfm4_only\": false"), "%s", s);
	/* exactly one separator between the two objects */
	CHECK(strstr(s, "},\n  {") && !strstr(strstr(s, "},\n  {") + 1, "},\n"), "%s", s);
	free(s);
	/* with a topology, an event without its own list opens on every online CPU */
	s = explain("spr_uncore", "cs", &topo, true);
	CHECK(s && strstr(s, "\"cpus\": [0, 1, 5]"), "%s", s ? s : "");
	free(s);
}

TEST(text_lines)
{
	char *s = explain("adl_hybrid", "cycles:u,cs", NULL, false), want[200];
	int lines = 0;

	CHECK(s != NULL, "no output");
	if (!s)
		return;
	for (char *p = s; *p; p++)
		lines += *p == '\n';
	CHECK_EQ_INT(lines, 3);
	CHECK(strstr(s, "cycles:u: cpu_core/cycles/u pmu=cpu_core type=0 config=0x400000000 group="), "%s", s);
	/* the rest of the attribute as perf -vv prints it: the fields that are not 0, in its order (a
	 * leader: enable_on_exec, for the Arm driver's group check) */
	snprintf(want, sizeof(want), "cpus=0-15 size=%zu read_format=TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|GROUP "
		 "disabled=1 exclude_kernel=1 exclude_hv=1 enable_on_exec=1 exclude_guest=1\n", sizeof(struct perf_event_attr));
	CHECK(strstr(s, want), "%s", s);
	CHECK(strstr(s, "cpus=16-23"), "%s", s);
	/* the group it opens in: the one its PMU-less software events share */
	CHECK(strstr(s, "cs: cs pmu=- type=1 config=0x3 group=3 cpus=- size="), "%s", s);
	free(s);
}

int main(void)
{
	RUN(json_krava);
	RUN(json_uncore_and_software);
	RUN(text_lines);
	pmus_free(&reg);
	T_DONE();
}
