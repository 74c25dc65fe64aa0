/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_settings_io.c: config files as hostile input and as save targets: linear parsing, save-then-load
 * gives back every value (or the save refuses it), saving through symbolic links, FIFOs refused. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config/settings.h"
#include "t.h"
#include "base/errmsg.h"
#include "tmpfiles.h"


static int load_quiet(struct settings *s, const char *path, struct errmsg *em)
{
	int saved = dup(2), fd = open("/dev/null", O_WRONLY), rc;

	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	rc = settings_load(s, path, em);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	return rc;
}

static double secs(clock_t t0)
{
	return (double)(clock() - t0) / CLOCKS_PER_SEC;
}

/* 65,536 event sets: the old parser searched the sets linearly for each line (2 billion compares). */
TEST(many_sets_linear)
{
	const char *p = tpath("many.conf");
	FILE *f = fopen(p, "w");
	struct settings s;
	char line[64];
	struct errmsg em = { 0 };
	clock_t t0;
	int rc;

	/* the built-in sets count too */
	for (int i = 0; i < SETTINGS_MAX_SETS - settings_nbuiltin_sets; i++)
		fprintf(f, "[eventset s%d]\nevents = cycles\n", i);
	fprintf(f, "[events]\nset = s%d\n", SETTINGS_MAX_SETS - settings_nbuiltin_sets - 1);
	fclose(f);
	settings_defaults(&s);
	t0 = clock();
	rc = load_quiet(&s, p, &em);
	CHECK_EQ_INT(rc, 0);
	CHECK(secs(t0) < 2.0, "took %.2f s", secs(t0));
	CHECK_EQ_INT(s.nsets, SETTINGS_MAX_SETS);
	CHECK(settings_find_set(&s, "s4242") && settings_find_set(&s, "default"), "sets found");
	settings_free(&s);
	/* one more is refused at its line */
	f = fopen(p, "a");
	fprintf(f, "[eventset one_more]\nevents = cycles\n");
	fclose(f);
	settings_defaults(&s);
	CHECK_EQ_INT(load_quiet(&s, p, &em), -E2BIG);
	snprintf(line, sizeof(line), ":%d: more than 65536 event sets", 2 * (SETTINGS_MAX_SETS - settings_nbuiltin_sets) + 4);
	CHECK(strstr(em.text, line), "msg: %s", em.text);
	settings_free(&s);
}

/* A list continued over thousands of lines is appended in place, up to its bound. */
TEST(long_continued_list_linear)
{
	const char *p = tpath("long.conf");
	FILE *f = fopen(p, "w");
	struct settings s;
	const struct evset *e;
	struct errmsg em = { 0 };
	int lines = (SETTINGS_MAX_EVENTS - 100) / 100;
	clock_t t0;

	fprintf(f, "[eventset big]\nevents = e0\n");
	for (int i = 1; i < lines; i++)
		fprintf(f, "\t%099d\n", i);
	fclose(f);
	settings_defaults(&s);
	t0 = clock();
	CHECK_EQ_INT(load_quiet(&s, p, &em), 0);
	CHECK(secs(t0) < 2.0, "took %.2f s", secs(t0));
	e = settings_find_set(&s, "big");
	CHECK(e && strlen(e->events) == 2 + (size_t)(lines - 1) * 100, "length %zu", e ? strlen(e->events) : 0);
	CHECK(e && strncmp(e->events, "e0,0000", 7) == 0, "joined with commas");
	settings_free(&s);
	f = fopen(p, "a");
	for (int i = 0; i < 200; i++)
		fprintf(f, "\t%099d\n", i);
	fclose(f);
	settings_defaults(&s);
	CHECK_EQ_INT(load_quiet(&s, p, &em), -E2BIG);
	CHECK(strstr(em.text, "events: the list is longer than 1048576 characters"), "msg: %s", em.text);
	settings_free(&s);
}

static void check_same(const char *t_name, const struct settings *a, const struct settings *b)
{
	char va[512], vb[512];

	for (int i = 0; i < settings_ntable; i++) {
		if (settings_table[i].off == offsetof(struct settings, set))
			continue;       /* saved with the list: "current" */
		settings_format(a, &settings_table[i], va, sizeof(va));
		settings_format(b, &settings_table[i], vb, sizeof(vb));
		CHECK(strcmp(va, vb) == 0, "%s: saved \"%s\", loaded \"%s\"", settings_table[i].name, va, vb);
	}
	CHECK(a->interval == b->interval, "interval exact");
}

/* Save then load gives back every value: event lists whose only commas are inside groups or pmu terms,
 * empty items, ';' and '#' inside, long sort keys and odd numbers. The old writer wrapped only at
 * top-level commas (a long {group} became one line inih cannot read) and dropped empty items. */
TEST(save_load_round_trip)
{
	char group[600], many[2000];
	struct errmsg em = { 0 };
	const char *p = tpath("rt.conf");
	const char *events[] = {
		group,
		many,
		"cycles,,instructions",
		"a,b#c,d;e,cpu/event=0x3c,umask=0x0,name=x/k",
		"cycles",
		"",
		",leading,comma",
		"trailing,comma,",
	};
	static const struct { const char *key, *value; } opts[] = {
		{ "interval", "0.1" }, { "interval", "3599.9999999999995" }, { "interval", "0.0010000000000000002" },
		{ "sort", "ipc;x" }, { "sort", "a b#c" }, { "sort", "[x]" }, { "columns", "" },
		{ "history", "100000" }, { "color", "never" }, { "reverse", "yes" },
	};
	int n;

	n = snprintf(group, sizeof(group), "{");
	for (int i = 0; n < 500; i++)
		n += snprintf(group + n, sizeof(group) - (size_t)n, "%scpu/event=0x%02x,umask=0x01/", i ? "," : "", i);
	snprintf(group + n, sizeof(group) - (size_t)n, "}");
	n = 0;
	for (int i = 0; n < 1800; i++)
		n += snprintf(many + n, sizeof(many) - (size_t)n, "%suncore_imc_%d/cas_count_read/", i ? "," : "", i);
	for (size_t k = 0; k < sizeof(events) / sizeof(events[0]); k++) {
		struct settings a, b;
		const struct evset *e;

		settings_defaults(&a);
		for (size_t o = k % 3; o < sizeof(opts) / sizeof(opts[0]); o += 3)
			CHECK_EQ_INT(settings_set(&a, opts[o].key, opts[o].value, &em), 0);
		unlink(p);
		CHECK(settings_save(&a, p, events[k], &em) == 0, "save %zu: %s", k, em.text);
		settings_defaults(&b);
		CHECK(load_quiet(&b, p, &em) == 0, "load %zu: %s", k, em.text);
		check_same(t_name, &a, &b);
		e = settings_find_set(&b, "current");
		CHECK(e && strcmp(e->events, events[k]) == 0, "events %zu: saved\n  %s\nloaded\n  %s", k, events[k],
		      e ? e->events : "(none)");
		settings_free(&a);
		settings_free(&b);
	}
}

/* What inih cannot give back is refused before the file is touched. */
TEST(save_refuses_unloadable)
{
	static const char *const bad[] = { "cycles ;comment", "line\nbreak", " lead", "trail ", ";x" };
	char long_item[400], before[64];
	struct errmsg em = { 0 };
	const char *p = write_file("refuse.conf", "[display]\nhistory = 7\n");
	struct settings a;
	FILE *f;

	memset(long_item, 'x', sizeof(long_item) - 1);
	long_item[sizeof(long_item) - 1] = 0;
	settings_defaults(&a);
	for (size_t k = 0; k <= sizeof(bad) / sizeof(bad[0]); k++) {
		const char *ev = k < sizeof(bad) / sizeof(bad[0]) ? bad[k] : long_item;

		errmsg_clear(&em);
		CHECK_EQ_INT(settings_save(&a, p, ev, &em), -EINVAL);
		CHECK(strstr(em.text, "cannot save [eventset current] events: "), "%s: %s", ev, em.text);
	}
	f = fopen(p, "r");
	before[fread(before, 1, sizeof(before) - 1, f)] = 0;
	fclose(f);
	CHECK_EQ_STR(before, "[display]\nhistory = 7\n");
	settings_free(&a);
}

/* Saving without an event list while a set from another file is in use writes that set too. */
TEST(save_keeps_set_in_use)
{
	const char *sys = write_file("sys.conf", "[eventset mine]\ndescription = my set\nevents = cycles,\n"
				     "\tinstructions\n[events]\nset = mine\n");
	const char *user = tpath("user.conf");
	struct settings a, b;
	const struct evset *e;
	struct errmsg em = { 0 };

	settings_defaults(&a);
	CHECK_EQ_INT(load_quiet(&a, sys, &em), 0);
	CHECK_EQ_INT(settings_save(&a, user, NULL, &em), 0);
	settings_defaults(&b);
	CHECK(load_quiet(&b, user, &em) == 0, "load: %s", em.text);
	CHECK_EQ_STR(b.set, "mine");
	e = settings_find_set(&b, "mine");
	CHECK(e && strcmp(e->events, "cycles,instructions") == 0 && strcmp(e->description, "my set") == 0,
	      "set written");
	settings_free(&a);
	settings_free(&b);
}

/* Saving writes only what differs from the built-in defaults (a later release's defaults still
 * apply); a key the file has already is kept up to date even at its default. */
TEST(save_writes_only_changes)
{
	const char *p = write_file("only.conf", "; mine\n[display]\nhistory = 7\n");
	struct settings a, b;
	struct errmsg em = { 0 };
	char *text;
	FILE *f;
	long n;

	settings_defaults(&a);
	CHECK_EQ_INT(load_quiet(&a, p, &em), 0);
	a.interval = 2.5;
	a.history = 600;   /* back to the default, but the file has the key */
	CHECK(settings_save(&a, p, NULL, &em) == 0, "save: %s", em.text);
	f = fopen(p, "r");
	CHECK(f != NULL, "%s", p);
	if (!f)
		return;
	text = calloc(1, 65536);
	n = (long)fread(text, 1, 65535, f);
	fclose(f);
	CHECK(n > 0, "empty file");
	CHECK(strstr(text, "interval = 2.5") != NULL, "%s", text);
	CHECK(strstr(text, "history = 600") != NULL, "%s", text);
	CHECK(strstr(text, "; mine") != NULL, "%s", text);
	/* nothing else: every other key is at its default */
	{
		int keys = 0;
		for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n"))
			keys += strchr(l, '=') != NULL;
		CHECK_EQ_INT(keys, 2);
	}
	free(text);
	settings_defaults(&b);
	CHECK(load_quiet(&b, p, &em) == 0, "load: %s", em.text);
	CHECK_NEAR(b.interval, 2.5, 1e-9);
	CHECK_EQ_INT(b.history, 600);
	settings_free(&a);
	settings_free(&b);
}

/* A symlinked config: the link stays, its target (in another folder, mode 0600) is rewritten atomically. */
TEST(save_through_symlink)
{
	const char *target, *link = tpath("link.conf"), *link2 = tpath("link2.conf");
	char buf[256];
	struct errmsg em = { 0 };
	struct settings a, b;
	struct stat st;
	ssize_t n;

	mkdir(tpath("real"), 0700);
	target = write_file("real/pmutop.conf", "# mine\n[display]\nhistory = 5\n");
	chmod(target, 0600);
	CHECK_EQ_INT(symlink("real/pmutop.conf", link), 0);
	CHECK_EQ_INT(symlink("link.conf", link2), 0);    /* a link to the link */
	settings_defaults(&a);
	CHECK_EQ_INT(load_quiet(&a, link2, &em), 0);
	a.history = 77;
	CHECK(settings_save(&a, link2, NULL, &em) == 0, "save: %s", em.text);
	CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode), "link kept");
	CHECK(lstat(link2, &st) == 0 && S_ISLNK(st.st_mode), "link to link kept");
	n = readlink(link, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = 0;
	CHECK_EQ_STR(buf, "real/pmutop.conf");
	CHECK(stat(target, &st) == 0 && (st.st_mode & 07777) == 0600, "mode kept: %o", st.st_mode & 07777);
	settings_defaults(&b);
	CHECK_EQ_INT(load_quiet(&b, target, &em), 0);
	CHECK_EQ_INT(b.history, 77);
	{
		FILE *f = fopen(target, "r");

		buf[fread(buf, 1, sizeof(buf) - 1, f)] = 0;
		fclose(f);
		CHECK(strncmp(buf, "# mine\n", 7) == 0, "comments kept: %s", buf);
	}
	/* a link to nothing is refused, not replaced */
	CHECK_EQ_INT(symlink("real/missing.conf", tpath("dangling.conf")), 0);
	CHECK_EQ_INT(settings_save(&a, tpath("dangling.conf"), NULL, &em), -ENOENT);
	CHECK(strstr(em.text, "symbolic link to a missing file"), "msg: %s", em.text);
	CHECK(lstat(tpath("dangling.conf"), &st) == 0 && S_ISLNK(st.st_mode), "dangling link kept");
	settings_free(&a);
	settings_free(&b);
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("FAIL %s: blocked on a FIFO\n", t_file);
	_exit(1);
}

TEST(fifo_config_refused)
{
	const char *p = tpath("fifo.conf");
	struct settings s;
	struct errmsg em = { 0 };

	CHECK_EQ_INT(mkfifo(p, 0600), 0);
	signal(SIGALRM, on_alarm);
	alarm(10);
	settings_defaults(&s);
	CHECK_EQ_INT(settings_load(&s, p, &em), -EINVAL);
	CHECK(strstr(em.text, "not a regular file"), "msg: %s", em.text);
	CHECK_EQ_INT(settings_save(&s, p, NULL, &em), -EINVAL);
	CHECK(strstr(em.text, "not a regular file"), "msg: %s", em.text);
	alarm(0);
	settings_free(&s);
}

/* A short line with a NUL byte is named for what it is, not "longer than 198 characters" (issue 26). */
TEST(nul_line_named)
{
	const char *p = tpath("nul.conf");
	FILE *f = fopen(p, "w");
	struct settings s;
	struct errmsg em = { 0 };

	fwrite("[display]\nhistory = 5\0x\n", 1, 24, f);
	fclose(f);
	settings_defaults(&s);
	CHECK_EQ_INT(settings_load(&s, p, &em), -EINVAL);
	CHECK(strstr(em.text, "nul.conf:2: a NUL byte in the line"), "msg: %s", em.text);
	settings_free(&s);
}

int main(void)
{
	char cmd[128];

	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-settings-io.XXXXXX");
	if (!mkdtemp(tdir))
		return 1;
	RUN(many_sets_linear);
	RUN(long_continued_list_linear);
	RUN(save_load_round_trip);
	RUN(save_refuses_unloadable);
	RUN(save_keeps_set_in_use);
	RUN(save_writes_only_changes);
	RUN(save_through_symlink);
	RUN(nul_line_named);
	RUN(fifo_config_refused);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tdir);
	if (system(cmd) != 0)
		return 1;
	T_DONE();
}
