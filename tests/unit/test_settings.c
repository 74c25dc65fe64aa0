/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_settings.c: option table, config file search and parsing (every error path), event sets, saving. */
#include "t.h"
#include "base/errmsg.h"
#include "tmpfiles.h"
#include "config/settings.h"
#include "base/buildinfo.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>


static char *slurp(const char *path)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	buf[0] = '\0';
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* Run settings_load with stderr captured into *err_text. */
static int load_capture(struct settings *s, const char *path, struct errmsg *em, char **err_text)
{
	const char *cap = tpath("stderr.txt");
	int saved = dup(2), fd = open(cap, O_WRONLY | O_CREAT | O_TRUNC, 0600), rc;

	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	rc = settings_load(s, path, em);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	*err_text = slurp(cap);
	return rc;
}

static void fmt(const struct settings *s, const char *name, char *buf, size_t len)
{
	const struct setting_def *d = settings_lookup(name);

	buf[0] = '\0';
	if (d)
		settings_format(s, d, buf, len);
}

TEST(defaults_from_table)
{
	struct settings s;
	char buf[64];

	settings_defaults(&s);
	CHECK_NEAR(s.interval, 1.0, 0);
	CHECK_EQ_INT(s.history, 600);
	CHECK_EQ_INT(s.color, COLOR_AUTO);
	CHECK_EQ_STR(s.view, "cores");
	CHECK_EQ_STR(s.set, "default");
	CHECK(!s.reverse && !s.ascii, "bools false");
	for (int i = 0; i < settings_ntable; i++) {
		settings_format(&s, &settings_table[i], buf, sizeof(buf));
		CHECK_EQ_STR(buf, settings_table[i].def);
	}
	for (int i = 0; i < settings_nbuiltin_sets; i++) {
		const struct evset *e = settings_find_set(&s, settings_builtin_sets[i].name);
		CHECK(e && e->builtin && e->events[0] == '\0', "built-in set %s uses the arch default",
		      settings_builtin_sets[i].name);
	}
	CHECK(settings_find_set(&s, "nosuch") == NULL, "absent set");
	settings_free(&s);
}

TEST(conf_documents_every_option)
{
	FILE *f = fopen("conf/pmutop.conf", "r");
	char line[512], sec[64] = "", buf[64];
	struct errmsg em = { 0 };
	int found[64] = { 0 };
	struct settings s, d;

	CHECK(f != NULL, "conf/pmutop.conf exists");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char key[64] = "", val[256] = "";
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '[') {
			sscanf(line, "[%63[^]]", sec);
			continue;
		}
		if (line[0] == '#' || !strchr(line, '='))
			continue;
		sscanf(line, "%63s = %255[^\n]", key, val);
		for (int i = 0; i < settings_ntable; i++)
			if (strcmp(settings_table[i].section, sec) == 0 && strcmp(settings_table[i].name, key) == 0) {
				CHECK_EQ_STR(val, settings_table[i].def);
				found[i]++;
			}
	}
	fclose(f);
	for (int i = 0; i < settings_ntable; i++)
		CHECK(found[i] == 1, "[%s] %s documented once (found %d)", settings_table[i].section,
		      settings_table[i].name, found[i]);
	/* and reading it gives exactly the defaults */
	settings_defaults(&s);
	settings_defaults(&d);
	CHECK_EQ_INT(settings_load(&s, "conf/pmutop.conf", &em), 0);
	CHECK_EQ_STR(em.text, "");
	for (int i = 0; i < settings_ntable; i++) {
		char want[64];
		settings_format(&s, &settings_table[i], buf, sizeof(buf));
		settings_format(&d, &settings_table[i], want, sizeof(want));
		CHECK_EQ_STR(buf, want);
	}
	settings_free(&s);
	settings_free(&d);
}

TEST(load_values_and_sets)
{
	struct settings s;
	char *err;
	struct errmsg em = { 0 };
	const char *p = write_file("ok.conf",
		"# comment\n[display]\ninterval = 0.25\nview = sockets\ncolumns = ipc,ghz\nsort = ipc\n"
		"reverse = yes\ncolor = never\nascii = on\nhistory = 100000\n"
		"[eventset mine]\ndescription = my events\nevents = cycles,instructions,\n"
		"\tcpu/event=0x3c,umask=0x0/,\n  branches\n"
		"[eventset cache]\nevents = L1-dcache-loads\n"
		"[events]\nset = mine\n");
	const struct evset *e;

	settings_defaults(&s);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), 0);
	CHECK_EQ_STR(err, "");
	CHECK_NEAR(s.interval, 0.25, 0);
	CHECK_EQ_STR(s.view, "sockets");
	CHECK_EQ_STR(s.columns, "ipc,ghz");
	CHECK_EQ_STR(s.sort, "ipc");
	CHECK(s.reverse && s.ascii, "bools");
	CHECK_EQ_INT(s.color, COLOR_NEVER);
	CHECK_EQ_INT(s.history, 100000);
	CHECK_EQ_STR(s.set, "mine");
	e = settings_find_set(&s, "mine");
	CHECK(e != NULL, "set defined");
	if (e) {
		CHECK_EQ_STR(e->events, "cycles,instructions,cpu/event=0x3c,umask=0x0/,branches");
		CHECK_EQ_STR(e->description, "my events");
	}
	e = settings_find_set(&s, "cache");
	CHECK(e && strcmp(e->events, "L1-dcache-loads") == 0 && !e->builtin, "file replaces a built-in set");
	CHECK_EQ_STR(s.path, p);
	CHECK(s.user_file, "user file");
	settings_free(&s);
}

/* One bad line: the load fails with code and exactly "FILE:LINE: option: reason". */
static void expect_error(const char *t_name, const char *text, int line, const char *option, const char *reason,
			 int code)
{
	struct settings s;
	char want[512], *err;
	struct errmsg em = { 0 };
	const char *p = write_file("bad.conf", text);

	settings_defaults(&s);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), code);
	snprintf(want, sizeof(want), "%s:%d: %s: ", p, line, option);
	CHECK(strncmp(em.text, want, strlen(want)) == 0, "\"%s\" starts with \"%s\"", em.text, want);
	CHECK(strstr(em.text, reason) != NULL, "\"%s\" says \"%s\"", em.text, reason);
	settings_free(&s);
}

TEST(bad_values)
{
	expect_error(t_name, "[display]\ninterval = abc\n", 2, "interval", "not a number", -EINVAL);
	expect_error(t_name, "[display]\nview = cores\nhistory = 12x\n", 3, "history", "not an integer", -EINVAL);
	expect_error(t_name, "[display]\nreverse = maybe\n", 2, "reverse", "not a bool", -EINVAL);
	expect_error(t_name, "[display]\n\ncolor = blue\n", 3, "color", "not one of auto|always|never", -EINVAL);
	expect_error(t_name, "[display]\nview = threads\n", 2, "view", "not one of", -EINVAL);
	expect_error(t_name, "[events]\nset = nosuch\n", 2, "set", "no event set named \"nosuch\"", -EINVAL);
	expect_error(t_name, "[display]\ninterval = 1\n\tcontinued\n", 3, "interval", "only lists", -EINVAL);
}

TEST(out_of_range)
{
	expect_error(t_name, "[display]\ninterval = 0\n", 2, "interval", "out of range", -ERANGE);
	expect_error(t_name, "[display]\ninterval = -1\n", 2, "interval", "out of range", -ERANGE);
	expect_error(t_name, "[display]\ninterval = 3600.5\n", 2, "interval", "out of range", -ERANGE);
	expect_error(t_name, "[display]\nhistory = 0\n", 2, "history", "out of range", -ERANGE);
	expect_error(t_name, "[display]\nhistory = 100001\n", 2, "history", "out of range", -ERANGE);
}

TEST(syntax_and_long_lines)
{
	struct settings s;
	char *err, text[600];
	struct errmsg em = { 0 };
	const char *p = write_file("syn.conf", "[display]\ninterval = 2\nnot a key value line\n");

	settings_defaults(&s);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), -EINVAL);
	CHECK(strstr(em.text, ":3: syntax error") != NULL, "msg: %s", em.text);
	snprintf(text, sizeof(text), "[display]\nsort = cpu\n[eventset x]\nevents = %0250d\n", 7);
	p = write_file("long.conf", text);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), -EINVAL);
	CHECK(strstr(em.text, ":4: line longer than") != NULL, "msg: %s", em.text);
	settings_free(&s);
}

TEST(unknown_key_and_section_warn)
{
	struct settings s;
	char *err, want[600];
	struct errmsg em = { 0 };
	const char *p = write_file("warn.conf",
		"[display]\ninterval = 2\nspeed = 11\n[colors]\nbg = red\n[eventset x]\nfoo = 1\n"
		"[display]\nhistory = 7\n");

	settings_defaults(&s);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), 0);
	/* the whole of stderr, the path written in as it is: three warnings, none for line 5 (the keys of
	 * an unknown section are not warned one by one). Looking for "bg" anywhere failed whenever
	 * mkdtemp's random part of the path held it. */
	snprintf(want, sizeof(want), "%s:3: warning: unknown key \"speed\" in [display] ignored\n"
		 "%s:4: warning: unknown section [colors] ignored\n"
		 "%s:7: warning: unknown key \"foo\" in [eventset x] ignored\n", p, p, p);
	CHECK_EQ_STR(err, want);
	/* loading carried on after the warnings */
	CHECK_NEAR(s.interval, 2, 0);
	CHECK_EQ_INT(s.history, 7);
	settings_free(&s);
}

TEST(find_errors)
{
	char out[4096];
	struct errmsg em = { 0 };
	struct settings s;

	CHECK_EQ_INT(settings_find(tpath("missing.conf"), out, sizeof(out), &em), -ENOENT);
	CHECK(strstr(em.text, "missing.conf: no such file") != NULL, "msg: %s", em.text);
	mkdir(tpath("adir"), 0755);
	CHECK_EQ_INT(settings_find(tpath("adir"), out, sizeof(out), &em), -EISDIR);
	CHECK(strstr(em.text, "adir: not a regular file (a directory)") != NULL, "msg: %s", em.text);
	settings_defaults(&s);
	CHECK_EQ_INT(settings_load(&s, tpath("adir"), &em), -EISDIR);
	CHECK(strstr(em.text, "not a regular file") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(settings_load(&s, tpath("missing.conf"), &em), -ENOENT);
	CHECK(strstr(em.text, "No such file") != NULL, "msg: %s", em.text);
	settings_free(&s);
	write_file("good.conf", "[display]\n");
	CHECK_EQ_INT(settings_find(tpath("good.conf"), out, sizeof(out), &em), 0);
	CHECK_EQ_STR(out, tpath("good.conf"));
}

TEST(find_unreadable)
{
	char out[4096];
	struct errmsg em = { 0 };
	const char *p = write_file("noread.conf", "[display]\n");
	FILE *f;

	chmod(p, 0);
	f = fopen(p, "r");
	if (f) {
		/* root reads mode 000 files; a write-only sysfs file is one root cannot read */
		fclose(f);
		p = "/sys/bus/cpu/uevent";
		f = fopen(p, "r");
		if (f) {
			fclose(f);
			T_SKIP("no file here that this user cannot read");
		}
	}
	CHECK_EQ_INT(settings_find(p, out, sizeof(out), &em), -EACCES);
	CHECK(strstr(em.text, "cannot read") != NULL && strstr(em.text, p) != NULL, "msg: %s", em.text);
}

TEST(find_search_order)
{
	char out[4096], xdg[256];
	struct errmsg em = { 0 };
	struct stat st;

	snprintf(xdg, sizeof(xdg), "%s/xdg", tdir);
	mkdir(xdg, 0755);
	mkdir(tpath("xdg/pmutop"), 0755);
	write_file("xdg/pmutop/pmutop.conf", "[display]\n");
	setenv("XDG_CONFIG_HOME", xdg, 1);
	CHECK_EQ_INT(settings_find(NULL, out, sizeof(out), &em), 0);
	CHECK_EQ_STR(out, tpath("xdg/pmutop/pmutop.conf"));
	/* XDG unset: HOME/.config */
	unsetenv("XDG_CONFIG_HOME");
	setenv("HOME", tdir, 1);
	mkdir(tpath(".config"), 0755);
	mkdir(tpath(".config/pmutop"), 0755);
	write_file(".config/pmutop/pmutop.conf", "[display]\n");
	CHECK_EQ_INT(settings_find(NULL, out, sizeof(out), &em), 0);
	CHECK_EQ_STR(out, tpath(".config/pmutop/pmutop.conf"));
	/* a directory where the user's file should be is an error, not a silent default */
	unlink(tpath(".config/pmutop/pmutop.conf"));
	mkdir(tpath(".config/pmutop/pmutop.conf"), 0755);
	CHECK_EQ_INT(settings_find(NULL, out, sizeof(out), &em), -EISDIR);
	CHECK(strstr(em.text, "not a regular file") != NULL, "msg: %s", em.text);
	rmdir(tpath(".config/pmutop/pmutop.conf"));
	/* nothing in the user's place: the system config ($(sysconfdir)/pmutop.conf), or none */
	CHECK_EQ_INT(settings_find(NULL, out, sizeof(out), &em), 0);
	CHECK_EQ_STR(out, stat(buildinfo_system_conf(), &st) == 0 ? buildinfo_system_conf() : "");
}

TEST(set_from_command_line)
{
	struct settings s;
	struct errmsg em = { 0 };

	settings_defaults(&s);
	CHECK_EQ_INT(settings_set(&s, "interval", "0.5", &em), 0);
	CHECK_NEAR(s.interval, 0.5, 0);
	CHECK_EQ_INT(settings_set(&s, "display.history", "42", &em), 0);
	CHECK_EQ_INT(s.history, 42);
	CHECK_EQ_INT(settings_set(&s, "set", "cache", &em), 0);
	CHECK_EQ_STR(s.set, "cache");
	CHECK_EQ_INT(settings_set(&s, "set", "nosuch", &em), -ENOENT);
	CHECK(strstr(em.text, "no event set") != NULL, "msg: %s", em.text);
	CHECK_EQ_INT(settings_set(&s, "interval", "0", &em), -ERANGE);
	CHECK(strstr(em.text, "interval: 0 is out of range") != NULL, "msg: %s", em.text);
	CHECK_NEAR(s.interval, 0.5, 0);   /* a refused value leaves the old one */
	CHECK_EQ_INT(settings_set(&s, "events.interval", "1", &em), -ENOENT);
	CHECK_EQ_INT(settings_set(&s, "volume", "11", &em), -ENOENT);
	CHECK(strstr(em.text, "unknown option") != NULL, "msg: %s", em.text);
	settings_free(&s);
}

static const char original[] =
	"# my pmutop settings\n"
	"[display]\n"
	"# faster please\n"
	"interval = 0.5\n"
	"unknown_key = kept\n"
	"\n"
	"# about the next section\n"
	"[eventset mine]\n"
	"; the events I like\n"
	"description = mine\n"
	"events = cycles,\n"
	"\tinstructions\n"
	"\n"
	"[other]\n"
	"# a section pmutop does not know\n"
	"x = 1\n";

static int count_temp_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		if (strstr(e->d_name, "pmutop.conf."))
			n++;
	if (d)
		closedir(d);
	return n;
}

TEST(save_round_trip)
{
	struct settings a, b;
	char *err, text[65536], before[65536], va[512], vb[512];
	struct errmsg em = { 0 };
	char events[400];
	const char *p = write_file("rt/pmutop.conf", "");
	const struct evset *e;

	mkdir(tpath("rt"), 0755);
	p = write_file("rt/pmutop.conf", original);
	settings_defaults(&a);
	CHECK_EQ_INT(load_capture(&a, p, &em, &err), 0);
	CHECK_EQ_INT(settings_set(&a, "view", "uncore", &em), 0);
	CHECK_EQ_INT(settings_set(&a, "interval", "0.3333333333333333", &em), 0);
	CHECK_EQ_INT(settings_set(&a, "sort", "ipc", &em), 0);
	snprintf(events, sizeof(events), "cycles,instructions,{branches,branch-misses},cpu/event=0x3c,umask=0x0/k,"
		 "uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/,"
		 "L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses,cpu-clock,page-faults");
	CHECK_EQ_INT(settings_save(&a, p, events, &em), 0);
	snprintf(text, sizeof(text), "%s", slurp(p));
	/* untouched sections and every comment stay as they were */
	CHECK(strstr(text, "[eventset mine]\n; the events I like\ndescription = mine\nevents = cycles,\n\tinstructions\n")
	      != NULL, "eventset mine kept:\n%s", text);
	CHECK(strstr(text, "[other]\n# a section pmutop does not know\nx = 1\n") != NULL, "other kept");
	CHECK(strstr(text, "# my pmutop settings\n[display]\n# faster please\ninterval = 0.3333333333333333\n"
			   "unknown_key = kept\n") != NULL, "display edited in place:\n%s", text);
	CHECK(strstr(text, "view = uncore\n") != NULL, "view written");
	for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l))
		CHECK(strcspn(l, "\n") < 198, "line fits inih: %.40s", l);
	CHECK_EQ_INT(count_temp_files(tpath("rt")), 0);
	/* load again: the same settings */
	settings_defaults(&b);
	CHECK_EQ_INT(load_capture(&b, p, &em, &err), 0);
	CHECK_EQ_STR(b.set, "current");
	for (int i = 0; i < settings_ntable; i++) {
		if (settings_table[i].off == offsetof(struct settings, set))
			continue;
		settings_format(&a, &settings_table[i], va, sizeof(va));
		settings_format(&b, &settings_table[i], vb, sizeof(vb));
		CHECK_EQ_STR(vb, va);
	}
	CHECK(b.interval == a.interval, "double round trip exact");
	e = settings_find_set(&b, "current");
	CHECK(e && strcmp(e->events, events) == 0, "event list: %s", e ? e->events : "(none)");
	e = settings_find_set(&b, "mine");
	CHECK(e && strcmp(e->events, "cycles,instructions") == 0 && strcmp(e->description, "mine") == 0,
	      "mine intact");
	/* saving again without changes writes the same file */
	snprintf(before, sizeof(before), "%s", text);
	CHECK_EQ_INT(settings_save(&b, p, events, &em), 0);
	CHECK_EQ_STR(slurp(p), before);
	/* without an event list: [events] set is written, no eventset is added */
	fmt(&b, "set", va, sizeof(va));
	CHECK_EQ_STR(va, "current");
	settings_free(&a);
	settings_free(&b);
}

TEST(save_creates_user_file)
{
	struct settings s;
	char xdg[256], *err;
	struct errmsg em = { 0 };
	const char *p;

	snprintf(xdg, sizeof(xdg), "%s/newxdg", tdir);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	settings_defaults(&s);
	s.history = 99;
	CHECK_EQ_INT(settings_save(&s, NULL, NULL, &em), 0);
	p = tpath("newxdg/pmutop/pmutop.conf");
	CHECK(strstr(slurp(p), "[display]\n") && strstr(slurp(p), "history = 99\n"), "written: %s", slurp(p));
	CHECK(strstr(slurp(p), "[eventset") == NULL, "no event list given, no eventset");
	settings_free(&s);
	settings_defaults(&s);
	CHECK_EQ_INT(load_capture(&s, p, &em, &err), 0);
	CHECK_EQ_INT(s.history, 99);
	CHECK_EQ_STR(s.set, "default");
	settings_free(&s);
	unsetenv("XDG_CONFIG_HOME");
	/* a save into a directory that cannot be created fails with a message */
	CHECK_EQ_INT(settings_save(&s, "/proc/nonexistent/x/pmutop.conf", NULL, &em), -ENOENT);
	CHECK(strstr(em.text, "/proc/nonexistent/x/pmutop.conf") != NULL, "msg: %s", em.text);
}

TEST(arch_event_sets)
{
	const char *sets[] = { "default", "cache", "branch", "memory", "uncore" };

	CHECK_EQ_INT(settings_arch_of("cpu", "GenuineIntel"), ARCH_INTEL);
	CHECK_EQ_INT(settings_arch_of("cpu_core", ""), ARCH_INTEL);
	CHECK_EQ_INT(settings_arch_of("cpu", "AuthenticAMD"), ARCH_AMD);
	CHECK_EQ_INT(settings_arch_of("armv8_pmuv3_0", ""), ARCH_ARM);
	CHECK_EQ_INT(settings_arch_of("armv8_cortex_a72", "ARM"), ARCH_ARM);
	CHECK_EQ_INT(settings_arch_of("apple_firestorm_pmu", "Apple"), ARCH_APPLE);
	CHECK_EQ_INT(settings_arch_of("", "GenuineIntel"), ARCH_NONE);
	CHECK(strstr(settings_arch_events("cpu", "GenuineIntel", "uncore"), "uncore_imc/cas_count_read/"),
	      "Intel uncore");
	CHECK(strstr(settings_arch_events("cpu", "AuthenticAMD", "uncore"), "amd_umc/"), "AMD uncore");
	CHECK_EQ_STR(settings_arch_events("armv8_pmuv3_0", "", "uncore"), "");
	CHECK_EQ_STR(settings_arch_events("apple_icestorm_pmu", "", "uncore"), "");
	CHECK_EQ_STR(settings_arch_events("", "", "default"), "cpu-clock,context-switches,cpu-migrations,page-faults");
	CHECK_EQ_STR(settings_arch_events("cpu", "", "nosuchset"), "");
	CHECK_EQ_STR(settings_arch_name(ARCH_ARM), "Arm");
	/* the table is complete: every architecture has a row for every built-in set, and the
	 * default set has every metric input on machines with a core PMU */
	for (int a = 0; a < NARCH; a++)
		for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++) {
			int n = 0;
			for (int i = 0; i < settings_narch_table; i++)
				n += settings_arch_table[i].arch == a && strcmp(settings_arch_table[i].set, sets[k]) == 0;
			CHECK(n == 1, "%s/%s has %d rows", settings_arch_name(a), sets[k], n);
		}
	for (int i = 0; i < settings_narch_table; i++) {
		const struct arch_events *r = &settings_arch_table[i];
		if (strcmp(r->set, "default") == 0 && r->arch != ARCH_NONE)
			CHECK(strstr(r->events, "cycles") && strstr(r->events, "instructions") &&
			      strstr(r->events, "cpu-clock"), "%s default has IPC and util inputs", settings_arch_name(r->arch));
	}
	CHECK(strstr(settings_arch_events("cpu", "GenuineIntel", "default"), "branch-misses") &&
	      strstr(settings_arch_events("cpu", "GenuineIntel", "default"), "cache-misses"), "Intel default");
}

int main(void)
{
	snprintf(tdir, sizeof(tdir), "/tmp/pmutop-test-settings.XXXXXX");
	if (!mkdtemp(tdir)) {
		printf("FAIL %s:setup: mkdtemp\n", t_file);
		return 1;
	}
	RUN(defaults_from_table);
	RUN(conf_documents_every_option);
	RUN(load_values_and_sets);
	RUN(bad_values);
	RUN(out_of_range);
	RUN(syntax_and_long_lines);
	RUN(unknown_key_and_section_warn);
	RUN(find_errors);
	RUN(find_unreadable);
	RUN(find_search_order);
	RUN(set_from_command_line);
	RUN(save_round_trip);
	RUN(save_creates_user_file);
	RUN(arch_event_sets);
	{
		char cmd[128];
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tdir);
		if (system(cmd) != 0)
			printf("warning: could not remove %s\n", tdir);
	}
	T_DONE();
}
