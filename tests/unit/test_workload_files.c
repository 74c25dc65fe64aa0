/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_workload_files.c: what issue 28 reads to count processes and cgroups: PID/stat (a comm with
 * parentheses, spaces and control bytes), PID/status, PID/cgroup (v2 and v1 lines), PID lists from
 * the command line, mountinfo (perf's choice of mount, escaped mount points) and cgroup paths. */
#include "t.h"
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include "hw/sys/proctask.h"
#include "hw/sys/cgroupfs.h"
#include "base/errmsg.h"

static const char *stat_tail = " S 1 77 77 0 -1 4194560 500 0 0 0 250 31 0 0 20 0 3 0 123456 9000000 200 "
			       "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";

TEST(stat_plain)
{
	struct proctask t;
	char text[512];

	snprintf(text, sizeof(text), "77 (sshd)%s", stat_tail);
	CHECK_EQ_INT(proctask_parse_stat(text, &t), 0);
	CHECK_EQ_INT(t.pid, 77);
	CHECK_EQ_STR(t.comm, "sshd");
	CHECK_EQ_INT(t.state, 'S');
	CHECK_EQ_INT(t.ppid, 1);
	CHECK_EQ_U64(t.utime, 250);
	CHECK_EQ_U64(t.stime, 31);
	CHECK_EQ_INT(t.nthreads, 3);
	CHECK_EQ_U64(t.start, 123456);
}

TEST(stat_hostile_comm)
{
	struct proctask t;
	char text[512];

	/* the kernel puts comm as it is between the parentheses: the last ')' ends it */
	snprintf(text, sizeof(text), "9 (a) S 1 (x\x1b[2J)%s", stat_tail);
	CHECK_EQ_INT(proctask_parse_stat(text, &t), 0);
	CHECK_EQ_STR(t.comm, "a) S 1 (x\x1b[2J");
	CHECK_EQ_U64(t.start, 123456);
	/* cut to the field, never past it */
	snprintf(text, sizeof(text), "9 (%s)%s", "0123456789012345678901234567890123456789", stat_tail);
	CHECK_EQ_INT(proctask_parse_stat(text, &t), 0);
	CHECK_EQ_INT(strlen(t.comm), sizeof(t.comm) - 1);
	/* malformed */
	CHECK_EQ_INT(proctask_parse_stat("", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("9 (x", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("(x) S 1", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("0 (x) S 1 2 3", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("9 (x) S 1 2 3", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("99999999999 (x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", &t), -EINVAL);
	CHECK_EQ_INT(proctask_parse_stat("9 (x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", &t), 0);
}

TEST(status_uid)
{
	CHECK_EQ_INT(proctask_parse_uid("Name:\tx\nUmask:\t0022\nUid:\t1000\t1000\t1000\t1000\nGid:\t5\n"), 1000);
	CHECK_EQ_INT(proctask_parse_uid("Uid:\t0\t0\t0\t0"), 0);
	CHECK_EQ_INT(proctask_parse_uid("Name:\tUid:\t5\n"), -EINVAL);
	CHECK_EQ_INT(proctask_parse_uid("Uid:\t-3\n"), -EINVAL);
	CHECK_EQ_INT(proctask_parse_uid("Uid:\t99999999999999\n"), -EINVAL);
	CHECK_EQ_INT(proctask_parse_uid(""), -EINVAL);
}

TEST(cgroup_lines)
{
	char out[64];
	const char *hybrid = "9:name=systemd:/\n5:cpu,perf_event:/v1/box\n0::/system.slice/x.service\n";

	CHECK_EQ_INT(proctask_parse_cgroup(hybrid, NULL, out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "/system.slice/x.service");
	CHECK_EQ_INT(proctask_parse_cgroup(hybrid, "perf_event", out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "/v1/box");
	CHECK_EQ_INT(proctask_parse_cgroup(hybrid, "perf", out, sizeof(out)), -ENOENT);
	CHECK_EQ_INT(proctask_parse_cgroup("1:cpu:/a\n", NULL, out, sizeof(out)), -ENOENT);
	CHECK_EQ_INT(proctask_parse_cgroup("0::relative\n", NULL, out, sizeof(out)), -EINVAL);
	CHECK_EQ_INT(proctask_parse_cgroup("0::/0123456789012345678901234567890123456789012345678901234567890123456789\n",
					   NULL, out, sizeof(out)), -EINVAL);
	CHECK_EQ_INT(proctask_parse_cgroup("garbage", NULL, out, sizeof(out)), -ENOENT);
}

TEST(pid_lists)
{
	int pids[4], n = 0, bad = -1, pid;

	CHECK_EQ_INT(proctask_parse_list("1,22,333", pids, &n, 4, &bad), 0);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(pids[2], 333);
	CHECK_EQ_INT(proctask_parse_list("5,6", pids, &n, 4, &bad), -E2BIG);
	n = 0;
	CHECK_EQ_INT(proctask_parse_list("1,x", pids, &n, 4, &bad), -EINVAL);
	CHECK_EQ_INT(bad, 2);
	n = 0;
	CHECK_EQ_INT(proctask_parse_list("1,,2", pids, &n, 4, &bad), -EINVAL);
	CHECK_EQ_INT(proctask_parse_list("", pids, &n, 4, &bad), -EINVAL);
	CHECK_EQ_INT(proctask_parse_pid("0", &pid), -EINVAL);
	CHECK_EQ_INT(proctask_parse_pid("-1", &pid), -EINVAL);
	CHECK_EQ_INT(proctask_parse_pid("4194305", &pid), -EINVAL);
	CHECK_EQ_INT(proctask_parse_pid("4194304", &pid), 0);
	CHECK_EQ_INT(proctask_parse_pid("99999999999999999999", &pid), -EINVAL);
}

TEST(mountinfo_choice)
{
	struct cgroupfs fs;
	/* this machine's kind: v1 controllers without perf_event and a cgroup2 mount */
	const char *hybrid =
		"31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
		"32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
	const char *v1 =
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
		"33 31 0:30 / /sys/fs/cgroup/perf_event rw,relatime shared:9 - cgroup cgroup rw,cpu,perf_event\n";

	CHECK_EQ_INT(cgroupfs_parse_mountinfo(hybrid, &fs), 0);
	CHECK_EQ_STR(fs.mount, "/sys/fs/cgroup/unified");
	CHECK_EQ_INT(fs.v1, 0);
	CHECK_EQ_INT(cgroupfs_parse_mountinfo(v1, &fs), 0);   /* perf's order: the perf_event v1 mount */
	CHECK_EQ_STR(fs.mount, "/sys/fs/cgroup/perf_event");
	CHECK_EQ_INT(fs.v1, 1);
	CHECK_EQ_INT(cgroupfs_parse_mountinfo("1 2 0:1 / /a\\040b rw - cgroup2 none rw\n", &fs), 0);
	CHECK_EQ_STR(fs.mount, "/a b");
	CHECK_EQ_INT(cgroupfs_parse_mountinfo("1 2 0:1 / /a\\000b rw - cgroup2 none rw\n", &fs), -ENOENT);
	CHECK_EQ_INT(cgroupfs_parse_mountinfo("31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n", &fs), -ENOENT);
	CHECK_EQ_INT(cgroupfs_parse_mountinfo("garbage - cgroup2\n\n - \n", &fs), -ENOENT);
	CHECK_EQ_INT(cgroupfs_parse_mountinfo("", &fs), -ENOENT);
}

TEST(cpu_stat_usage)
{
	uint64_t u = 0;

	CHECK_EQ_INT(cgroupfs_parse_usage("usage_usec 1234\nuser_usec 1000\nsystem_usec 234\n", &u), 0);
	CHECK_EQ_U64(u, 1234);
	CHECK_EQ_INT(cgroupfs_parse_usage("xusage_usec 5\n", &u), -EINVAL);
	CHECK_EQ_INT(cgroupfs_parse_usage("usage_usec x\n", &u), -EINVAL);
}

TEST(resolve_paths)
{
	struct cgroupfs fs = { .v1 = 0 };
	struct errmsg em = { 0 };
	char dir[] = "/tmp/pmutop-cg.XXXXXX", sub[256], rel[256], abs[300];

	if (!mkdtemp(dir))
		T_SKIP("cannot make a directory under /tmp");
	snprintf(fs.mount, sizeof(fs.mount), "%s", dir);
	snprintf(sub, sizeof(sub), "%s/a", dir);
	mkdir(sub, 0755);
	snprintf(sub, sizeof(sub), "%s/a/b.service", dir);
	mkdir(sub, 0755);
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "a/b.service", rel, sizeof(rel), &em), 0);
	CHECK_EQ_STR(rel, "/a/b.service");
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "/a//b.service/", rel, sizeof(rel), &em), 0);
	CHECK_EQ_STR(rel, "/a/b.service");
	snprintf(abs, sizeof(abs), "%s/a", dir);   /* absolute under the mount */
	CHECK_EQ_INT(cgroupfs_resolve(&fs, abs, rel, sizeof(rel), &em), 0);
	CHECK_EQ_STR(rel, "/a");
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "/", rel, sizeof(rel), &em), 0);
	CHECK_EQ_STR(rel, "/");
	CHECK_EQ_INT(cgroupfs_resolve(&fs, dir, rel, sizeof(rel), &em), 0);
	CHECK_EQ_STR(rel, "/");
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "a/../..", rel, sizeof(rel), &em), -EINVAL);
	CHECK(strstr(em.text, ".."), "%s", em.text);
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "nothere", rel, sizeof(rel), &em), -ENOENT);
	CHECK(strstr(em.text, "no such cgroup"), "%s", em.text);
	CHECK_EQ_INT(cgroupfs_resolve(&fs, "a/b.service", rel, 8, &em), -ENAMETOOLONG);
	rmdir(sub);
	snprintf(sub, sizeof(sub), "%s/a", dir);
	rmdir(sub);
	rmdir(dir);
}

int main(void)
{
	RUN(stat_plain);
	RUN(stat_hostile_comm);
	RUN(status_uid);
	RUN(cgroup_lines);
	RUN(pid_lists);
	RUN(mountinfo_choice);
	RUN(cpu_stat_usage);
	RUN(resolve_paths);
	T_DONE();
}
