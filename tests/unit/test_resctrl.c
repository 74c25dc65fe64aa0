/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_resctrl.c: the resctrl reader: values parsed strictly, the mount point found, groups listed
 * (a name that is not plain left out), "Unavailable" and "Error" kept apart from numbers, the
 * messages without resctrl, and a per-CPU group made and removed in a scratch tree. */
#include "t.h"
#include "base/errmsg.h"
#include "hw/sys/resctrl.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX "tests/fixtures/resctrl/unavailable/sys"

TEST(parse_values)
{
	uint64_t v = 7;

	CHECK_EQ_INT(resctrl_parse_value("12345\n", 6, &v), RDT_OK);
	CHECK_EQ_U64(v, 12345);
	CHECK_EQ_INT(resctrl_parse_value("18446744073709551615", 20, &v), RDT_OK);
	CHECK_EQ_U64(v, UINT64_MAX);
	CHECK_EQ_INT(resctrl_parse_value("Unavailable\n", 12, &v), RDT_UNAVAILABLE);
	CHECK_EQ_INT(resctrl_parse_value("Error", 5, &v), RDT_ERROR);
	v = 7;
	CHECK_EQ_INT(resctrl_parse_value("18446744073709551616", 20, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("", 0, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("\n", 1, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("-1", 2, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value(" 5", 2, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("12junk", 6, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("unavailable", 11, &v), -EINVAL);
	CHECK_EQ_INT(resctrl_parse_value("5\n\n", 3, &v), -EINVAL);
	CHECK_EQ_U64(v, 7);   /* untouched by a refusal */
}

TEST(names)
{
	CHECK(resctrl_name_ok("web"), "plain");
	CHECK(resctrl_name_ok("pod-1.a_b:c@d+e"), "plain punctuation");
	CHECK(!resctrl_name_ok(""), "empty");
	CHECK(!resctrl_name_ok("."), "dot");
	CHECK(!resctrl_name_ok(".."), "dotdot");
	CHECK(!resctrl_name_ok("a/b"), "slash");
	CHECK(!resctrl_name_ok("has space"), "space");
	CHECK(!resctrl_name_ok("esc\x1b[2J"), "escape");
	CHECK(!resctrl_name_ok("caf\xc3\xa9"), "not ASCII");
	char longname[RDT_NAME_MAX + 2];
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = 0;
	CHECK(!resctrl_name_ok(longname), "too long");
	longname[RDT_NAME_MAX] = 0;
	CHECK(resctrl_name_ok(longname), "longest");
}

TEST(open_fixture)
{
	struct resctrl r;
	struct errmsg em = { 0 };
	int k;

	sysfs_set_root(FIX);
	k = resctrl_open(&r, &em);
	CHECK_EQ_INT(k, 0);
	CHECK(strstr(r.root, FIX "/fs/resctrl") != NULL, "root %s", r.root);
	CHECK_EQ_INT(r.features, 7);
	CHECK_EQ_INT(r.num_rmids, 8);
	CHECK_EQ_INT(r.ndom, 2);
	CHECK_EQ_INT(r.dom[0], 0);
	CHECK_EQ_INT(r.dom[1], 1);
	resctrl_close(&r);
	CHECK_EQ_INT(r.dirfd, -1);
}

TEST(groups_and_values)
{
	struct rdt_group g[16];
	struct rdt_sample s;
	struct resctrl r;
	int n, skipped = -1;

	sysfs_set_root(FIX);
	/* the fixture ships with the tree: a reader that cannot open it is broken, not skipped */
	if (resctrl_open(&r, NULL) < 0) {
		CHECK(0, "resctrl_open refused the fixture %s", FIX);
		return;
	}
	n = resctrl_groups(&r, g, 16, &skipped);
	CHECK_EQ_INT(n, 4);
	CHECK_EQ_INT(skipped, 1);   /* "has space" */
	CHECK_EQ_STR(g[0].name, "/");
	CHECK_EQ_INT(g[0].kind, RDT_DEFAULT);
	CHECK_EQ_STR(g[1].rel, "mon_groups/web");
	CHECK_EQ_STR(g[1].name, "/web");
	CHECK_EQ_INT(g[1].kind, RDT_MON);
	CHECK_EQ_STR(g[2].rel, "ctl1");
	CHECK_EQ_INT(g[2].kind, RDT_CTRL);
	CHECK_EQ_STR(g[3].rel, "ctl1/mon_groups/m1");
	CHECK_EQ_STR(g[3].name, "ctl1/m1");
	CHECK_EQ_INT(resctrl_rmids_used(&r), 4);
	/* the default group: occupancy counted, total Unavailable, local Error */
	CHECK_EQ_INT(resctrl_read(&r, "", 0, &s), 0);
	CHECK_EQ_INT(s.st[RDT_OCC], RDT_OK);
	CHECK_EQ_U64(s.v[RDT_OCC], 1048576);
	CHECK_EQ_INT(s.st[RDT_TOTAL], RDT_UNAVAILABLE);
	CHECK_EQ_INT(s.st[RDT_LOCAL], RDT_ERROR);
	CHECK_EQ_INT(resctrl_read(&r, "", 1, &s), 0);
	CHECK_EQ_INT(s.st[RDT_OCC], RDT_UNAVAILABLE);
	CHECK_EQ_INT(s.st[RDT_TOTAL], RDT_OK);
	CHECK_EQ_U64(s.v[RDT_TOTAL], 5000);
	CHECK_EQ_INT(s.st[RDT_LOCAL], RDT_ABSENT);   /* "12junk" */
	CHECK_EQ_INT(resctrl_read(&r, "ctl1/mon_groups/m1", 0, &s), 0);
	CHECK_EQ_U64(s.v[RDT_TOTAL], UINT64_MAX);
	CHECK_EQ_INT(resctrl_read(&r, "ctl1/mon_groups/m1", 1, &s), 0);
	CHECK_EQ_INT(s.st[RDT_TOTAL], RDT_ABSENT);   /* 2^64 and more */
	CHECK_EQ_INT(resctrl_read(&r, "mon_groups/gone", 0, &s), -ENOENT);
	CHECK_EQ_INT(resctrl_read(&r, "", 2, &s), -EINVAL);
	/* a group list that is full says how many it left out */
	n = resctrl_groups(&r, g, 2, &skipped);
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_INT(skipped, 3);
	resctrl_close(&r);
}

static char tdir[64];

static void put(const char *rel, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", tdir, rel);
	for (char *s = strchr(p + strlen(tdir) + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = 0;
		mkdir(p, 0755);
		*s = '/';
	}
	if ((f = fopen(p, "w"))) {
		fputs(text, f);
		fclose(f);
	}
}

static void scratch(void)
{
	char cmd[128];

	if (tdir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf %s", tdir);
		if (system(cmd) != 0)
			printf("     could not remove %s\n", tdir);
	}
	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-resctrl.XXXXXX");
	if (!mkdtemp(tdir))
		tdir[0] = 0;
	put("sys/devices/system/cpu/online", "0\n");
	put("proc/self/mountinfo", "22 1 0:21 / /sys rw - sysfs sysfs rw\n");
}

/* Without resctrl: not mounted (its mount point exists: the command to mount it), or absent (no
 * hardware, or no kernel support), or mounted without L3 monitoring. */
TEST(messages_without_resctrl)
{
	struct errmsg em = { 0 };
	struct resctrl r;
	char root[128];

	scratch();
	snprintf(root, sizeof(root), "%s/sys", tdir);
	sysfs_set_root(root);
	CHECK_EQ_INT(resctrl_open(&r, &em), -ENOENT);
	CHECK(strstr(em.text, "absent") && strstr(em.text, "RDT/PQoS"), "%s", em.text);
	put("sys/fs/resctrl/.keep", "");
	errmsg_clear(&em);
	CHECK_EQ_INT(resctrl_open(&r, &em), -ENOENT);
	CHECK(strstr(em.text, "not mounted") && strstr(em.text, "mount -t resctrl resctrl /sys/fs/resctrl"), "%s", em.text);
	/* mounted (the mount point with an escaped space undone is not it: still not mounted) */
	put("proc/self/mountinfo", "36 22 0:31 / /sys/fs/res\\040ctrl rw - resctrl resctrl rw\n");
	CHECK_EQ_INT(resctrl_open(&r, NULL), -ENOENT);
	put("proc/self/mountinfo", "36 22 0:31 / /sys/fs/resctrl rw,relatime shared:13 - resctrl resctrl rw\n");
	put("sys/fs/resctrl/info/L3/cbm_mask", "7ff\n");
	errmsg_clear(&em);
	CHECK_EQ_INT(resctrl_open(&r, &em), -ENODEV);
	CHECK(strstr(em.text, "no RDT/PQoS L3 monitoring"), "%s", em.text);
	/* mounted somewhere a test root cannot hold: refused, not read from the real one */
	put("proc/self/mountinfo", "36 22 0:31 / /mnt/resctrl rw - resctrl resctrl rw\n");
	CHECK_EQ_INT(resctrl_open(&r, NULL), -ENOENT);
}

TEST(cpu_group_made_and_removed)
{
	struct errmsg em = { 0 };
	struct resctrl r;
	char root[128], p[256], buf[32];
	struct stat st;

	scratch();
	snprintf(root, sizeof(root), "%s/sys", tdir);
	put("proc/self/mountinfo", "36 22 0:31 / /sys/fs/resctrl rw - resctrl resctrl rw\n");
	put("sys/fs/resctrl/info/L3_MON/mon_features", "llc_occupancy\n");
	put("sys/fs/resctrl/info/L3_MON/num_rmids", "4\n");
	put("sys/fs/resctrl/mon_data/mon_L3_00/llc_occupancy", "0\n");
	put("sys/fs/resctrl/mon_groups/.keep", "");
	sysfs_set_root(root);
	CHECK_EQ_INT(resctrl_open(&r, &em), 0);
	CHECK_EQ_INT(r.features, 1);
	CHECK_EQ_INT(resctrl_mkgroup_cpu(&r, "pmutop_cpu3", 3, &em), 0);
	snprintf(p, sizeof(p), "%s/fs/resctrl/mon_groups/pmutop_cpu3/cpus_list", root);
	CHECK(file_read_small(p, buf, sizeof(buf)) > 0 && !strcmp(buf, "3"), "cpus_list %s", buf);
	CHECK_EQ_INT(resctrl_rmids_used(&r), 2);
	CHECK_EQ_INT(resctrl_mkgroup_cpu(&r, "pmutop_cpu3", 3, &em), -EEXIST);
	CHECK(strstr(em.text, "pmutop_cpu3") && strstr(em.text, "rmdir"), "%s", em.text);
	CHECK_EQ_INT(resctrl_mkgroup_cpu(&r, "../x", 3, NULL), -EINVAL);
	CHECK_EQ_INT(resctrl_rmgroup(&r, "pmutop_cpu3"), 0);
	snprintf(p, sizeof(p), "%s/fs/resctrl/mon_groups/pmutop_cpu3", root);
	CHECK(stat(p, &st) < 0 && errno == ENOENT, "still there");
	CHECK_EQ_INT(resctrl_rmgroup(&r, ".."), -EINVAL);
}

int main(void)
{
	RUN(parse_values);
	RUN(names);
	RUN(open_fixture);
	RUN(groups_and_values);
	RUN(messages_without_resctrl);
	RUN(cpu_group_made_and_removed);
	if (tdir[0]) {
		char cmd[128];
		snprintf(cmd, sizeof(cmd), "rm -rf %s", tdir);
		if (system(cmd) != 0)
			printf("could not remove %s\n", tdir);
	}
	T_DONE();
}
