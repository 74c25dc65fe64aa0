/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_rdt.c: the RDT figures of each interval (app_rdt): on a simulated spr-2s, rates from the
 * byte counters' deltas as the tree's own files give them, moving with the load, every group
 * listed; on the fixture, "Unavailable" and "Error" not counted (and a sum with such a part not
 * counted), a counter that wraps counted, one that goes back not; per-CPU groups made, refused
 * when too few RMIDs are free, and removed. */
#include "t.h"
#include "apprig.h"
#include "simclock.h"
#include "app/app_rdt.h"
#include "app/session.h"
#include "hw/sim/sim_resctrl.h"
#include "hw/sys/sysfs.h"
#include <dirent.h>
#include <errno.h>
#include <malloc.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t file_u64(const char *dir, const char *rel)
{
	char p[4400], buf[64];

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	return file_read_small(p, buf, sizeof(buf)) > 0 ? strtoull(buf, NULL, 10) : 0;
}

static const struct rdt_grp *group_named(const struct app_rdt *r, const char *name)
{
	for (int i = 0; i < r->ngrp; i++)
		if (!strcmp(r->grp[i].g.name, name))
			return &r->grp[i];
	return NULL;
}

TEST(sim_rates_follow_the_counters)
{
	static struct app a;
	const struct app_rdt *r = &a.rdt;
	char rc[4200];
	uint64_t before, after;
	double prev_total = NAN, prev_occ = NAN;
	int moved = 0;

	if (apprig_open_clocked(&a, "spr-2s", NULL, "cycles", 1.0, &simclock) != 0) {
		CHECK(0, "spr-2s did not come up");
		app_close(&a);
		return;
	}
	CHECK(r->avail, "no RDT on spr-2s: %s", r->why);
	/* nobody shows them (no JSON, exporter or screen): nothing is read */
	simclock_advance_ms(1000);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK_EQ_INT(r->seq, 0);
	session_rdt_show(&a, true);
	CHECK_EQ_INT(r->rc.ndom, 2);
	CHECK_EQ_INT(r->rc.features, 7);
	snprintf(rc, sizeof(rc), "%s/sys/fs/resctrl", a.sim_dir);
	for (int i = 0; i < 4; i++) {
		before = file_u64(rc, "mon_data/mon_L3_00/mbm_total_bytes") + file_u64(rc, "batch/mon_data/mon_L3_00/mbm_total_bytes");
		simclock_advance_ms(1000);
		CHECK_EQ_INT(app_sample(&a), 0);
		after = file_u64(rc, "mon_data/mon_L3_00/mbm_total_bytes") + file_u64(rc, "batch/mon_data/mon_L3_00/mbm_total_bytes");
		CHECK(r->dom[0].occ > 0, "occupancy %g", r->dom[0].occ);
		if (i == 0) {
			CHECK(isnan(r->dom[0].total), "a rate without a previous value: %g", r->dom[0].total);
			continue;
		}
		/* the domain's rate is its control groups' byte counters' growth over the second */
		CHECK_NEAR(r->dom[0].total, (double)(after - before), 1.0);
		CHECK(r->dom[0].total > 1e9, "bandwidth %g", r->dom[0].total);
		CHECK(r->dom[0].local > 0 && r->dom[0].local < r->dom[0].total, "local %g of %g", r->dom[0].local, r->dom[0].total);
		CHECK_NEAR(r->sys.total, r->sock[0].total + r->sock[1].total, 1e-3 * r->sys.total);
		CHECK_NEAR(r->sock[0].occ, r->dom[0].occ, 0);   /* one L3 domain per socket */
		CHECK_NEAR(r->sys.total_sum, r->dom[0].total_sum + r->dom[1].total_sum, 1e-6 * r->sys.total_sum);
		moved += r->dom[0].total != prev_total && r->dom[0].occ != prev_occ;
		prev_total = r->dom[0].total;
		prev_occ = r->dom[0].occ;
	}
	CHECK(moved >= 2, "the figures did not change between intervals (%d)", moved);
	CHECK(group_named(r, "/") && group_named(r, "/web") && group_named(r, "/db") && group_named(r, "batch") &&
	      group_named(r, "batch/etl"), "groups: %d", r->ngrp);
	CHECK_EQ_INT(r->ngrp, 5);
	if (group_named(r, "/web") && group_named(r, "/"))   /* a control group's figures hold its monitoring groups' */
		CHECK(group_named(r, "/")->all.total > group_named(r, "/web")->all.total, "default below web");
	app_close(&a);
}

/* A copy of the fixture to change between reads. */
static char tdir[64];

static int copy_fixture(void)
{
	char cmd[256];

	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-rdt.XXXXXX");
	if (!mkdtemp(tdir))
		return -1;
	snprintf(cmd, sizeof(cmd), "cp -r tests/fixtures/resctrl/unavailable/sys tests/fixtures/resctrl/unavailable/proc %s/", tdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void put(const char *rel, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/sys/fs/resctrl/%s", tdir, rel);
	if ((f = fopen(p, "w"))) {
		fputs(text, f);
		fclose(f);
	}
}

static void cleanup(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tdir);
	if (tdir[0] && system(cmd) != 0)
		printf("     could not remove %s\n", tdir);
	tdir[0] = 0;
}

/* An app over the copied fixture: 2 CPUs, each its own socket and L3 domain; time on the test clock. */
static int fixture_app(struct app *a, bool cpu_groups)
{
	static int ids[2] = { 0, 1 }, sock[2] = { 0, 1 }, core[2] = { 0, 0 }, sids[2] = { 0, 1 };
	char root[128];

	memset(a, 0, sizeof(*a));
	snprintf(root, sizeof(root), "%s/sys", tdir);
	sysfs_set_root(root);
	a->seam = &simclock;
	a->opt.rdt_cpu_groups = cpu_groups;
	a->model.ncpus = 2;
	a->model.cpu_ids = ids;
	a->model.cpu_sock = sock;
	a->model.cpu_core = core;
	a->model.nsock = 2;
	a->model.sock_ids = sids;
	return app_rdt_detect(a);
}

TEST(unavailable_and_error_not_counted)
{
	static struct app a;
	const struct app_rdt *r = &a.rdt;
	const struct rdt_grp *web, *m1;

	if (copy_fixture() < 0)
		T_SKIP("cannot copy the fixture");
	CHECK_EQ_INT(fixture_app(&a, false), 0);
	CHECK(r->avail, "%s", r->why);
	session_rdt_show(&a, true);
	app_rdt_sample(&a);
	simclock_advance_ms(2000);
	put("mon_groups/web/mon_data/mon_L3_00/mbm_total_bytes", "400\n");   /* went back from 1000 */
	put("ctl1/mon_groups/m1/mon_data/mon_L3_00/mbm_total_bytes", "5\n"); /* wrapped from 2^64-1 */
	put("ctl1/mon_data/mon_L3_01/mbm_total_bytes", "3000\n");            /* +3000 */
	app_rdt_sample(&a);
	/* domain 0: occupancy counted in both control groups; total Unavailable and local Error in
	 * the default group make the domain's not counted, never the other group's part alone */
	CHECK_NEAR(r->dom[0].occ, 1048576 + 2097152, 0);
	CHECK(isnan(r->dom[0].total), "total %g", r->dom[0].total);
	CHECK(isnan(r->dom[0].local), "local %g", r->dom[0].local);
	/* domain 1: occupancy Unavailable; total counted: (5000 - 5000 + 3000 - 0) / 2 s */
	CHECK(isnan(r->dom[1].occ), "occ %g", r->dom[1].occ);
	CHECK_NEAR(r->dom[1].total, 1500, 1e-9);
	CHECK(isnan(r->dom[1].local), "12junk counted: %g", r->dom[1].local);
	CHECK_NEAR(r->sock[1].total, 1500, 1e-9);
	CHECK(isnan(r->sys.total), "system total %g", r->sys.total);
	CHECK_NEAR(r->dom[1].total_sum, 3000, 1e-6);
	web = group_named(r, "/web");
	m1 = group_named(r, "ctl1/m1");
	CHECK(web && m1, "groups missing");
	if (web && m1) {
		CHECK(isnan(web->dom[0].total), "a counter that went back: %g", web->dom[0].total);
		CHECK_NEAR(m1->dom[0].total, 3.0, 1e-9);   /* 2^64-1 -> 5: 6 bytes in 2 s */
		CHECK(isnan(m1->all.total), "m1 domain 1 is not a number");
		CHECK_NEAR(web->all.occ, 524288 + 262144, 0);
	}
	CHECK_EQ_INT(r->skipped, 1);
	/* not shown for a while, then again: the first interval back has no rate (not the average
	 * over the time nobody looked), the next one has */
	session_rdt_show(&a, false);
	simclock_advance_ms(1000);
	app_rdt_sample(&a);
	put("ctl1/mon_data/mon_L3_01/mbm_total_bytes", "9000\n");
	session_rdt_show(&a, true);
	simclock_advance_ms(1000);
	app_rdt_sample(&a);
	CHECK(isnan(r->dom[1].total), "a rate across the gap: %g", r->dom[1].total);
	put("ctl1/mon_data/mon_L3_01/mbm_total_bytes", "10000\n");
	simclock_advance_ms(1000);
	app_rdt_sample(&a);
	CHECK_NEAR(r->dom[1].total, 1000, 1e-9);
	app_rdt_free(&a);
	cleanup();
}

static int count_cpu_groups(void)
{
	char p[128];
	struct dirent *de;
	int n = 0;
	DIR *d;

	snprintf(p, sizeof(p), "%s/sys/fs/resctrl/mon_groups", tdir);
	if (!(d = opendir(p)))
		return -1;
	while ((de = readdir(d)))
		n += !strncmp(de->d_name, "pmutop_cpu", 10);
	closedir(d);
	return n;
}

TEST(cpu_groups)
{
	static struct app a;
	const struct app_rdt *r = &a.rdt;

	if (copy_fixture() < 0)
		T_SKIP("cannot copy the fixture");
	CHECK_EQ_INT(fixture_app(&a, true), 0);
	CHECK_EQ_INT(r->nmade, 2);
	CHECK_EQ_INT(count_cpu_groups(), 2);
	app_rdt_sample(&a);
	CHECK_EQ_INT(r->ngrp, 6);
	CHECK(group_named(r, "/pmutop_cpu1") && group_named(r, "/pmutop_cpu1")->cpu == 1, "cpu group");
	app_rdt_free(&a);
	CHECK_EQ_INT(count_cpu_groups(), 0);
	/* 4 groups exist, 5 RMIDs: 1 free for 2 CPUs */
	put("info/L3_MON/num_rmids", "5\n");
	CHECK_EQ_INT(fixture_app(&a, true), -ENOSPC);
	CHECK(strstr(r->why, "needs 2 RMIDs") && strstr(r->why, "only 1 of 5"), "%s", r->why);
	CHECK_EQ_INT(count_cpu_groups(), 0);
	app_rdt_free(&a);
	cleanup();
}

/* Bytes malloc holds for the program now: the heap's blocks in use and the blocks mapped apart. */
static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/* Whether heap_in_use sees an allocation (a sanitizer's allocator keeps its own books). */
static bool heap_seen(void)
{
	size_t before = heap_in_use();
	char *p = malloc(256 * 1024);
	bool seen = p && heap_in_use() - before >= 256 * 1024;

	free(p);
	return seen;
}

static void make_groups(const char *resctrl, int from, int n)
{
	char p[4400];

	for (int i = from; i < from + n; i++) {
		snprintf(p, sizeof(p), "%s/mon_groups/g%02d", resctrl, i);
		CHECK(mkdir(p, 0755) == 0, "mkdir %s", p);
	}
}

/* The memory of the groups grows with the groups there are, not with the limits (1,024 simulated,
 * 4,096 listed): a group's state is some 2.3 KiB in the simulated resctrl and 4.7 KiB plus a
 * 292-byte name in the app (64 domains' figures each), so 8 KiB per group present bounds both with
 * room for twice as many names; arrays sized for the limits were 2.4 MB and 1.2 MB. */
#define PER_GROUP (8 * 1024)

TEST(sim_groups_held_as_they_come)
{
	static struct app a;
	struct simr *s = NULL;
	char rc[4200], p[4400];
	size_t before;
	struct stat st;

	if (!heap_seen())
		T_SKIP("malloc statistics not kept by this allocator (a sanitizer build)");
	if (apprig_open_clocked(&a, "spr-2s", NULL, "cycles", 1.0, &simclock) != 0) {
		CHECK(0, "spr-2s did not come up");
		app_close(&a);
		return;
	}
	snprintf(rc, sizeof(rc), "%s/sys/fs/resctrl", a.sim_dir);
	before = heap_in_use();
	CHECK_EQ_INT(simr_update(a.sim, a.sim_dir, 1.0, &s), 0);
	CHECK(heap_in_use() - before < 5 * PER_GROUP, "%zu bytes for the 5 groups", heap_in_use() - before);
	make_groups(rc, 0, 60);
	CHECK_EQ_INT(simr_update(a.sim, a.sim_dir, 2.0, &s), 0);
	CHECK(heap_in_use() - before < 65 * PER_GROUP, "%zu bytes for 65 groups", heap_in_use() - before);
	/* every group made since has its values, the last one listed too */
	snprintf(p, sizeof(p), "%s/mon_groups/g59/mon_data/mon_L3_01/llc_occupancy", rc);
	CHECK(stat(p, &st) == 0, "%s missing", p);
	simr_free(s);
	app_close(&a);
}

TEST(app_groups_held_as_they_come)
{
	static struct app a;
	const struct app_rdt *r = &a.rdt;
	char rc[128];
	size_t before;

	if (!heap_seen())
		T_SKIP("malloc statistics not kept by this allocator (a sanitizer build)");
	if (copy_fixture() < 0)
		T_SKIP("cannot copy the fixture");
	CHECK_EQ_INT(fixture_app(&a, false), 0);
	snprintf(rc, sizeof(rc), "%s/sys/fs/resctrl", tdir);
	/* 61 more beside the fixture's 4: past the first rooms (16, 32, 64) of the list of names */
	make_groups(rc, 0, 61);
	session_rdt_show(&a, true);
	before = heap_in_use();
	app_rdt_sample(&a);
	CHECK(heap_in_use() - before < 65 * PER_GROUP, "%zu bytes for 65 groups", heap_in_use() - before);
	CHECK_EQ_INT(r->ngrp, 65);
	CHECK_EQ_INT(r->skipped, 1);   /* "has space" only: none left out for room */
	CHECK(group_named(r, "/g60") && group_named(r, "ctl1/m1"), "groups past the first rooms missing");
	app_rdt_free(&a);
	cleanup();
}

int main(void)
{
	RUN(sim_rates_follow_the_counters);
	RUN(unavailable_and_error_not_counted);
	RUN(cpu_groups);
	RUN(sim_groups_held_as_they_come);
	RUN(app_groups_held_as_they_come);
	T_DONE();
}
