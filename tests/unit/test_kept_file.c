/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_kept_file.c: procfs_read_kept, the read of a procfs file every interval: opened once and
 * read again with pread through the same descriptor, each time the file's text of that moment;
 * a tree's regular files (which a test may rewrite) are opened each time, and another root opens
 * the new root's file. */
#include "t.h"
#include <errno.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "hw/sys/sysfs.h"
#include "tmpfiles.h"

TEST(real_procfs_kept_and_fresh)
{
	struct kept_file k = { 0 };
	char a[256], b[256];
	int fd, n;

	if (access("/proc/uptime", R_OK) != 0)
		T_SKIP("no /proc/uptime");
	sysfs_set_root(NULL);
	n = procfs_read_kept(&k, "uptime", a, sizeof(a));
	CHECK(n > 0, "%d", n);
	CHECK(k.open, "a procfs file stays open");
	fd = k.fd;
	/* /proc/uptime moves every 10 ms: the kept descriptor gives the new text */
	nanosleep(&(struct timespec){ 0, 30 * 1000 * 1000 }, NULL);
	n = procfs_read_kept(&k, "uptime", b, sizeof(b));
	CHECK(n > 0, "%d", n);
	CHECK_EQ_INT(k.fd, fd);
	CHECK(strcmp(a, b) != 0, "the same text 30 ms later: %s", b);
	/* no room for even the terminator */
	n = procfs_read_kept(&k, "uptime", NULL, 0);
	CHECK_EQ_INT(n, -EINVAL);
	kept_file_close(&k);
	CHECK(!k.open, "closed");
	kept_file_close(&k);   /* twice is harmless */
	CHECK_EQ_INT(procfs_read_kept(&k, "no-such-file", a, sizeof(a)), -ENOENT);
	CHECK(!k.open, "a failed open keeps nothing");
}

TEST(bounded_by_the_buffer)
{
	struct kept_file k = { 0 };
	char small[8];
	int n;

	if (access("/proc/stat", R_OK) != 0)
		T_SKIP("no /proc/stat");
	sysfs_set_root(NULL);
	n = procfs_read_kept(&k, "stat", small, sizeof(small));
	CHECK(n >= 0 && n <= (int)sizeof(small) - 1, "%d", n);
	CHECK(strncmp(small, "cpu ", 4) == 0, "%s", small);
	kept_file_close(&k);
}

TEST(tree_files_read_afresh_and_root_change)
{
	struct kept_file k = { 0 };
	char buf[64];

	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-kept.XXXXXX");
	if (!mkdtemp(tdir))
		T_SKIP("no scratch folder");
	mkdir(tpath("sys"), 0755);
	mkdir(tpath("proc"), 0755);
	write_file("proc/uptime", "1.00 2.00\n");
	/* a kept real file first: the tree's root then opens the tree's file */
	sysfs_set_root(NULL);
	if (procfs_read_kept(&k, "uptime", buf, sizeof(buf)) > 0)
		CHECK(k.open, "/proc/uptime kept");
	sysfs_set_root(tpath("sys"));
	CHECK_EQ_INT(procfs_read_kept(&k, "uptime", buf, sizeof(buf)), 9);
	CHECK_EQ_STR(buf, "1.00 2.00");
	CHECK(!k.open, "a regular file with a size is not kept");
	/* rewritten (a test's fixture): the next read sees it */
	write_file("proc/uptime", "3.50 4.25 more\n");
	CHECK_EQ_INT(procfs_read_kept(&k, "uptime", buf, sizeof(buf)), 14);
	CHECK_EQ_STR(buf, "3.50 4.25 more");
	unlink(tpath("proc/uptime"));
	CHECK_EQ_INT(procfs_read_kept(&k, "uptime", buf, sizeof(buf)), -ENOENT);
	rmdir(tpath("proc"));
	rmdir(tpath("sys"));
	rmdir(tdir);
	sysfs_set_root(NULL);
	kept_file_close(&k);
}

int main(void)
{
	RUN(real_procfs_kept_and_fresh);
	RUN(bounded_by_the_buffer);
	RUN(tree_files_read_afresh_and_root_change);
	T_DONE();
}
