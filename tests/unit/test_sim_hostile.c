/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_hostile.c: machine descriptions are hostile input: names that would become paths outside the
 * tree, huge counts and products that wrap are refused with FILE:LINE; the tree is written and removed
 * through directory fds, so neither a planted link nor a missed check lets it leave its directory. */
#include "t.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hw/sys/fsat.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_parse.h"
#include "hw/sys/sysfs.h"

#define BASE "[machine]\nsockets = 1\ncores = cpu:2x1\n[pmu cpu]\ntype = 4\nkind = core\n" \
	     "format.event = config:0-7\nevent.cycles = event=0x3c\n"

static struct sim_machine *parse(const char *text, char *err, size_t n)
{
	err[0] = 0;
	return simm_parse("t.machine", "t", text, strlen(text), err, n);
}

TEST(base_parses)
{
	char err[512];
	struct sim_machine *m = parse(BASE, err, sizeof(err));

	CHECK(m != NULL, "%s", err);
	if (m)
		CHECK_EQ_INT(simm_ncpus(m), 2);
	simm_free(m);
}

/* Each is refused, and the message names the line that holds the fault. */
static const struct { const char *text; int line; const char *says; } bad[] = {
	/* path traversal through names */
	{ BASE "[pmu ../../../tmp/x]\ntype = 9\n", 10, "section" },
	{ BASE "[pmu a/b]\ntype = 9\n", 10, "section" },
	{ BASE "format.../../x = config:0\n", 9, "key" },
	{ BASE "format.a/b = config:0\n", 9, "key" },
	{ BASE "event..hidden = event=1\n", 9, "name after the prefix" },
	{ BASE "caps.-x = 1\n", 9, "name after the prefix" },
	{ BASE "event...scale = 1\n", 9, "name after the prefix" },
	{ BASE "[discovery]\nbdf = ../../../../tmp/evil\nbar = 0x1000\n", 10, "not a PCI address" },
	{ BASE "[discovery]\nbdf = 0000:00:03.1/../..\nbar = 0x1000\n", 10, "not a PCI address" },
	{ BASE "[discovery]\nbdf = ..\nbar = 0x1000\n", 10, "not a PCI address" },
	{ "[machine]\nsockets = 1\ncores = ../x:2x1\n", 3, "cores" },
	{ BASE "[pmu x{0..1}/y]\ntype = 9\n", 10, "section" },
	/* counts that wrap, or that no hardware has */
	{ "[machine]\nsockets = 1\ncores = cpu:536870913x8\n", 3, "cores" },
	{ "[machine]\nsockets = 64\ncores = cpu:65536x8\n", 3, "more than 8192 CPUs" },
	{ "[machine]\nsockets = 2\ncores = cpu:60000x8,cpu:60000x8\n", 3, "more than 8192 CPUs" },
	{ "[machine]\nsockets = 4294967297\ncores = cpu:2x1\n", 2, "sockets" },
	{ "[machine]\nsockets = 1\nnuma_nodes = 100000\ncores = cpu:2x1\n", 3, "numa_nodes" },
	{ "[machine]\nsockets = 1\ndies = 3\ncores = cpu:2x1\n", 3, "dies" },
	{ BASE "gp = 99999999999\n", 9, "gp" },
	{ BASE "width = 65\n", 9, "width" },
	{ BASE "[pmu big{0..2147483647}]\ntype = 20\n", 10, "range" },
	{ BASE "[pmu big{0..5000}]\ntype = 20\n", 10, "range" },
	{ BASE "[pmu t]\ntype = 4294967295\n", 10, "type" },
	{ BASE "[pmu u]\ntype = 30\nkind = uncore\ncpumask = 0-1048576,0-1048576\n", 12, "cpumask" },
	{ BASE "[box b{0..2999}]\nbox.type = 1\nbox.ctrl = 0x100\n[box c{0..2999}]\nbox.type = 2\nbox.ctrl = 0x200\n",
	  13, "4096 uncore boxes" },
	{ BASE "[box b{0..99999}]\nbox.type = 1\nbox.ctrl = 0x100\n", 10, "box range" },
	{ BASE "[discovery]\nbdf = 0000:00:03.1\nbar = 0x1000\nbar_size = 0x100000000000\n", 12, "bar_size" },
	{ BASE "[discovery]\nbdf = 0000:00:03.1\nbar = 0x1000\nstride = 2147483647\n", 12, "stride" },
	{ BASE "[rates cpu]\ncycles = 1e300\n", 10, "rate" },
	{ BASE "[rates cpu]\nspread = nan\n", 10, "spread" },
	/* structure */
	{ BASE "[pmu x]\ntype = 5\n[pmu cpu]\ntype = 6\n", 12, "twice" },
	{ BASE "[pmu c2]\ntype = 4\n", 10, "share type" },
	{ BASE "[evil]\nx = 1\n", 10, "section" },
};

TEST(hostile_refused_with_line)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[512], want[32];
		struct sim_machine *m = parse(bad[i].text, err, sizeof(err));

		snprintf(want, sizeof(want), "t.machine:%d:", bad[i].line);
		CHECK(m == NULL, "case %zu accepted: %s", i, bad[i].text);
		CHECK(strstr(err, want) == err, "case %zu: '%s' does not start with %s", i, err, want);
		CHECK(strstr(err, bad[i].says) != NULL, "case %zu: '%s' does not say '%s'", i, err, bad[i].says);
		simm_free(m);
	}
}

TEST(repeated_key_bounded)
{
	/* a key given again continues its value: 100,000 repeats must stop at the value bound, not
	 * grow (and copy) without end */
	size_t n = 100000, len = strlen(BASE) + n * 16 + 1, at;
	char *text = malloc(len), err[512];
	struct sim_machine *m;

	at = (size_t)snprintf(text, len, "%s", BASE);
	for (size_t i = 0; i < n; i++)
		at += (size_t)snprintf(text + at, len - at, "caps.x = abcdef\n");
	m = simm_parse("t.machine", "t", text, at, err, sizeof(err));
	CHECK(m == NULL, "accepted");
	CHECK(strstr(err, "value too long") != NULL, "%s", err);
	simm_free(m);
	free(text);
}

TEST(nul_bytes_refused)
{
	char text[] = BASE "x", err[256];
	struct sim_machine *m;

	text[10] = 0;
	m = simm_parse("t.machine", "t", text, sizeof(text) - 1, err, sizeof(err));
	CHECK(m == NULL, "accepted");
	CHECK(strstr(err, "NUL") != NULL, "%s", err);
	simm_free(m);
}

TEST(names)
{
	CHECK(simp_name_ok("uncore_imc_0"), "plain");
	CHECK(simp_name_ok("L1-dcache-loads"), "dash");
	CHECK(simp_name_ok("cpu_clk.thread"), "dot");
	CHECK(!simp_name_ok(".."), "dotdot");
	CHECK(!simp_name_ok("."), "dot");
	CHECK(!simp_name_ok("a/b"), "slash");
	CHECK(!simp_name_ok(""), "empty");
	CHECK(!simp_name_ok("-rf"), "option-like");
	CHECK(!simp_name_ok("a b"), "space");
	CHECK(!simp_name_ok("a\nb"), "newline");
	CHECK(simp_bdf_ok("0000:7e:02.1"), "bdf");
	CHECK(!simp_bdf_ok("0000:7e:02.8"), "function 8");
	CHECK(!simp_bdf_ok("0000:7e:02.1/x"), "bdf tail");
	CHECK(!simp_bdf_ok("00:02.1"), "short bdf");
	CHECK(fsat_rel_ok("sys/bus/x"), "rel");
	CHECK(!fsat_rel_ok("sys/../x"), "rel ..");
	CHECK(!fsat_rel_ok("/etc/x"), "absolute");
	CHECK(!fsat_rel_ok("sys//x"), "empty part");
	CHECK(!fsat_rel_ok("sys/x/"), "trailing slash");
}

static char *scratch(void)
{
	static char d[256];

	snprintf(d, sizeof(d), "%s/pmutop-hostile.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	return mkdtemp(d);
}

static int count_entries(const char *dir)
{
	char cmd[600];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "find '%s' -mindepth 1 | wc -l", dir);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

TEST(tree_does_not_follow_planted_links)
{
	char *s = scratch(), root[300], out[300], link[320], err[256];
	struct sim_machine *m = simm_load("kvm-nopmu", err, sizeof(err));
	int fd;

	CHECK(s && m, "setup: %s", err);
	if (!s || !m)
		return;
	snprintf(root, sizeof(root), "%s/root", s);
	snprintf(out, sizeof(out), "%s/outside", s);
	mkdir(root, 0755);
	mkdir(out, 0755);
	/* sys -> outside: an attacker's link where the tree's first folder goes */
	snprintf(link, sizeof(link), "%s/sys", root);
	CHECK_EQ_INT(symlink(out, link), 0);
	fd = open(root, O_RDONLY | O_DIRECTORY);
	CHECK(simm_write_tree_at(m, fd, SIMM_TREE_FULL) < 0, "wrote through the link");
	CHECK_EQ_INT(count_entries(out), 0);
	/* a file planted where the tree writes one is not replaced (O_EXCL) nor followed */
	unlink(link);
	mkdir(link, 0755);
	CHECK_EQ_INT(mkdir(strcat(link, "/devices"), 0755), 0);
	CHECK_EQ_INT(mkdir(strcat(link, "/system"), 0755), 0);
	CHECK_EQ_INT(mkdir(strcat(link, "/cpu"), 0755), 0);
	{
		char target[320], f[400];

		snprintf(target, sizeof(target), "%s/victim", out);
		close(open(target, O_WRONLY | O_CREAT, 0644));
		snprintf(f, sizeof(f), "%s/online", link);
		CHECK_EQ_INT(symlink(target, f), 0);
		CHECK(simm_write_tree_at(m, fd, SIMM_TREE_FULL) < 0, "wrote through the file link");
		CHECK_EQ_INT(count_entries(out), 1);
		{
			struct stat st;

			CHECK(stat(target, &st) == 0 && st.st_size == 0, "the link's target was written");
		}
	}
	close(fd);
	/* removal removes the links, never what they point at */
	fd = open(s, O_RDONLY | O_DIRECTORY);
	CHECK_EQ_INT(fsat_remove_tree(fd, "root"), 0);
	CHECK_EQ_INT(count_entries(out), 1);
	CHECK_EQ_INT(fsat_remove_tree(fd, "outside"), 0);
	CHECK_EQ_INT(count_entries(s), 0);
	close(fd);
	rmdir(s);
	simm_free(m);
}

TEST(tree_written_and_removed)
{
	char *s = scratch(), err[256];
	struct sim_machine *m = simm_load("spr-2s", err, sizeof(err));
	int fd, root;

	CHECK(s && m, "setup: %s", err);
	if (!s || !m)
		return;
	fd = open(s, O_RDONLY | O_DIRECTORY);
	mkdir(strcat(strcpy(err, s), "/t"), 0755);
	root = openat(fd, "t", O_RDONLY | O_DIRECTORY);
	CHECK_EQ_INT(simm_write_tree_at(m, root, SIMM_TREE_FULL), 0);
	close(root);
	CHECK(count_entries(s) > 2000, "%d entries", count_entries(s));
	CHECK_EQ_INT(fsat_remove_tree(fd, "t"), 0);
	CHECK_EQ_INT(count_entries(s), 0);
	close(fd);
	rmdir(s);
	simm_free(m);
}

/* fsat keeps the open parts of the last folder: moving between siblings, back up, and past its
 * FSAT_DEPTH kept parts still writes each file where its path says */
TEST(tree_paths_deep_and_sibling)
{
	char *s = scratch(), deep[400] = "", path[700], got[16];
	const char *rel[] = { "a/b/c", "a/b/d", "a/x", "a/b/c/e", "a", "y/b/c" };
	struct fsat t;
	int fd, n = 0;

	CHECK(s != NULL, "scratch");
	if (!s)
		return;
	fd = open(s, O_RDONLY | O_DIRECTORY);
	for (int i = 0; i < FSAT_DEPTH + 4; i++)
		snprintf(deep + strlen(deep), sizeof(deep) - strlen(deep), "%sd%d", i ? "/" : "", i);
	fsat_init(&t, fd);
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(path, sizeof(path), "%s/f%zu", rel[i], i);
		CHECK_EQ_INT(fsat_write(&t, path, "1", 1, 0), 0);
	}
	for (int k = 0; k < 2; k++) {   /* the deep folder, a shallow one, the deep one again */
		snprintf(path, sizeof(path), "%s/g%d", deep, k);
		CHECK_EQ_INT(fsat_write(&t, path, "1", 1, 0), 0);
		CHECK_EQ_INT(fsat_write(&t, k ? "a/b/h" : "a/h", "1", 1, 0), 0);
	}
	fsat_done(&t);
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/f%zu", s, rel[i], i);
		n += file_read_small(path, got, sizeof(got)) == 1;
	}
	CHECK_EQ_INT(n, 6);
	snprintf(path, sizeof(path), "%s/%s/g1", s, deep);
	CHECK_EQ_INT(file_read_small(path, got, sizeof(got)), 1);
	/* 6 + 2 + 2 files; folders a b c d x e y b c (9) and the 20 deep ones */
	CHECK_EQ_INT(count_entries(s), 10 + 9 + FSAT_DEPTH + 4);
	CHECK_EQ_INT(fsat_remove_tree(fd, "a"), 0);
	CHECK_EQ_INT(fsat_remove_tree(fd, "y"), 0);
	CHECK_EQ_INT(fsat_remove_tree(fd, "d0"), 0);
	CHECK_EQ_INT(count_entries(s), 0);
	close(fd);
	rmdir(s);
}

int main(void)
{
	RUN(base_parses);
	RUN(hostile_refused_with_line);
	RUN(repeated_key_bounded);
	RUN(nul_bytes_refused);
	RUN(names);
	RUN(tree_does_not_follow_planted_links);
	RUN(tree_written_and_removed);
	RUN(tree_paths_deep_and_sibling);
	T_DONE();
}
