/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_budget_arm.c: an Arm PMU's general counters and their width as the kernel answers them (a
 * group that fits and one that does not, once per PMU), on copies of qemu-arm64.machine with other
 * counts; the simulated kernel's group check as the Arm PMU framework's; a group of the user's
 * larger than the counters refused at open, with the numbers said. */
#include "t.h"
#include "apprig.h"
#include "simclock.h"
#include "tmpfiles.h"
#include "hw/model/budget.h"
#include "hw/sim/sim_desc.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* the built-in machines' text, as sim_find.c has it */
struct sim_embedded { const char *name; const char *text; };
extern const struct sim_embedded sim_embedded_machines[];

static const char *builtin(const char *name)
{
	for (int i = 0; sim_embedded_machines[i].name; i++)
		if (!strcmp(sim_embedded_machines[i].name, name))
			return sim_embedded_machines[i].text;
	return NULL;
}

/* qemu-arm64.machine with its armv8_pmuv3 lines key = value (and key2 = value2 unless NULL),
 * written to tdir/name */
static const char *qemu_with2(const char *name, const char *key, const char *value, const char *key2,
			      const char *value2)
{
	const char *t = builtin("qemu-arm64"), *p = NULL;
	char *text = t ? strdup(t) : NULL;

	for (int i = 0; text && i < 2; i++) {
		const char *k = i ? key2 : key, *v = i ? value2 : value, *at;
		char line[64], *out;
		size_t n = strlen(text) + 64;

		if (!k)
			break;
		snprintf(line, sizeof(line), "\n%s = ", k);
		if (!(at = strstr(text, line)) || !(out = malloc(n))) {
			free(text);
			return NULL;
		}
		at++;
		snprintf(out, n, "%.*s%s = %s%s", (int)(at - text), text, k, v, strchr(at, '\n'));
		free(text);
		text = out;
	}
	if (text)
		p = write_file(name, text);
	free(text);
	return p;
}

static const char *qemu_with(const char *name, const char *key, const char *value)
{
	return qemu_with2(name, key, value, NULL, NULL);
}

/* The budget line of machine's one core PMU (events counted), "" when it did not come up. */
static bool budget_of(const char *machine, const char *events, struct budget *b, char *line, size_t len)
{
	struct app a;
	bool ok = apprig_open_clocked(&a, machine, NULL, events, 0.06, &simclock) == 0;

	line[0] = '\0';
	if (ok) {
		app_update_budget(&a);
		ok = a.nbudget == 1;
	}
	if (ok) {
		*b = a.budget[0];
		budget_describe(b, line, len);
	}
	app_close(&a);
	return ok;
}

static void expect(const char *machine, const char *pmu, int gp, int width)
{
	struct budget b;
	char line[256], want[64];

	if (!machine || !budget_of(machine, "cycles", &b, line, sizeof(line))) {
		CHECK(0, "%s did not come up", machine ? machine : "a copy of qemu-arm64");
		return;
	}
	snprintf(want, sizeof(want), "%s: %d GP + 1 fixed, %d-bit;", pmu, gp, width);
	CHECK(strncmp(line, want, strlen(want)) == 0, "%s: \"%s\", want \"%s\"", machine, line, want);
	CHECK(strncmp(b.source, "kernel", 6) == 0, "%s: counters from %s", machine, b.source);
}

/* the general counters the machine file gives the simulated kernel, not the 6 of a table */
TEST(arm_counters_from_the_kernel)
{
	(void)t_name;
	expect("qemu-arm64", "armv8_pmuv3", 6, 64);   /* QEMU's PMU is PMUv3p5 (docs/kernel-pmu.md) */
	expect(qemu_with("gp3.machine", "gp", "3"), "armv8_pmuv3", 3, 64);
	expect(qemu_with("gp12.machine", "gp", "12"), "armv8_pmuv3", 12, 64);
	expect(qemu_with2("gp31.machine", "gp", "31", "width", "32"), "armv8_pmuv3", 31, 32);
	expect("neoverse-v1", "armv8_pmuv3_0", 6, 32);   /* its file says 6 */
}

/* 64-bit counters (PMUv3p5): a long event takes one, so its group is as large as the plain one;
 * 32-bit ones: a chained pair each */
TEST(arm_counter_width_from_long_events)
{
	(void)t_name;
	expect(qemu_with("w32.machine", "width", "32"), "armv8_pmuv3", 6, 32);
	expect(qemu_with2("w32gp5.machine", "width", "32", "gp", "5"), "armv8_pmuv3", 5, 32);
	expect(qemu_with2("w64gp1.machine", "width", "64", "gp", "1"), "armv8_pmuv3", 1, 64);
}

static const struct perf_seam *seam;

static int op(uint64_t config1, int group, bool off, bool on_exec)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = 8;   /* armv8_pmuv3 */
	a.config1 = config1;
	a.disabled = off;
	a.enable_on_exec = on_exec;
	a.read_format = PERF_FORMAT_GROUP;
	return seam->open(seam->ctx, &a, -1, 0, group, 0);
}

/* The largest group of SW_INCR events (config1) the simulated kernel takes, the leader opened
 * off/on_exec and the others on; *why the refusal. */
static int largest(uint64_t config1, bool off, bool on_exec, int *why)
{
	int fds[40], n = 0, opened;

	*why = 0;
	while (n < 40 && (fds[n] = op(config1, n ? fds[0] : -1, n ? false : off, n ? false : on_exec)) >= 0)
		n++;
	if (n < 40)
		*why = fds[n];
	opened = n;
	while (n > 0)
		seam->close(seam->ctx, fds[--n]);
	return *why ? opened : -1;
}

/* The Arm PMU framework's group check (drivers/perf/arm_pmu.c validate_event) passes an event that
 * is off unless enable_on_exec would turn it on, so a group led by such an event opens with one
 * more event than there are counters; a `long` event on 32-bit counters takes a chained pair. */
TEST(sim_kernel_checks_groups_as_the_arm_driver)
{
	struct app a;
	int why;

	if (apprig_open_clocked(&a, qemu_with2("gp5.machine", "gp", "5", "width", "32"), NULL, "cpu-clock", 0.06,
				&simclock) != 0) {
		CHECK(0, "gp5 did not come up");
		app_close(&a);
		return;
	}
	seam = a.seam;
	CHECK_EQ_INT(largest(0, false, false, &why), 5);
	CHECK_EQ_INT(why, -EINVAL);
	CHECK_EQ_INT(largest(0, true, true, &why), 5);
	CHECK_EQ_INT(largest(0, true, false, &why), 6);   /* the leader is not looked at */
	CHECK_EQ_INT(largest(1, true, true, &why), 2);    /* long: 2 pairs of 5 */
	app_close(&a);
	if (apprig_open_clocked(&a, qemu_with2("gp5w.machine", "gp", "5", "width", "64"), NULL, "cpu-clock", 0.06,
				&simclock) != 0) {
		CHECK(0, "w64 did not come up");
		app_close(&a);
		return;
	}
	seam = a.seam;
	CHECK_EQ_INT(largest(1, true, true, &why), 5);    /* 64-bit counters: one each */
	app_close(&a);
}

/* A group of the user's one larger than the general counters: the kernel refuses its last event at
 * open (pmutop's leaders carry enable_on_exec, so the check counts them), the others count; the
 * budget line and the message say so, with the kernel's counter count. */
static void refused(const char *machine, const char *events, int gp, int size, int need, const char *name)
{
	struct app a;
	struct budget b;
	char line[256], want[96], said[1024] = "";
	int saved = dup(2), fd = open(tpath("stderr"), O_CREAT | O_TRUNC | O_RDWR, 0600), up;
	ssize_t got;

	fflush(stderr);   /* what batch mode says on stderr as it starts */
	if (fd >= 0)
		dup2(fd, 2);
	up = machine ? apprig_open_clocked(&a, machine, NULL, events, 0.06, &simclock) : -1;
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (fd >= 0 && (got = pread(fd, said, sizeof(said) - 1, 0)) > 0)
		said[got] = '\0';
	if (fd >= 0)
		close(fd);
	if (up != 0) {
		CHECK(0, "%s did not come up", machine ? machine : "a copy of qemu-arm64");
		app_close(&a);
		return;
	}
	app_update_budget(&a);
	b = a.budget[0];
	budget_describe(&b, line, sizeof(line));
	snprintf(want, sizeof(want), "a group of %d needs %d GP: the kernel refuses it", size, need);
	CHECK(strstr(line, want) != NULL, "budget \"%s\", want \"%s\"", line, want);
	snprintf(want, sizeof(want), "the kernel refused %s in its group of %d on CPUs 0-1", name, size);
	CHECK(strstr(said, want) != NULL, "stderr \"%s\", want \"%s\"", said, want);
	snprintf(want, sizeof(want), "armv8_pmuv3 has %d general counters, and a group of %d of its events needs %d",
		 gp, size, need);
	CHECK(strstr(said, want) != NULL, "stderr \"%s\", want \"%s\"", said, want);
	simclock_advance_ms(60);
	CHECK_EQ_INT(app_sample(&a), 0);
	simclock_advance_ms(60);
	CHECK_EQ_INT(app_sample(&a), 0);
	for (int e = 0; e < a.model.nev; e++) {
		const struct ev_val *v = &a.model.cur.cpu[e];
		bool last = e == a.model.nev - 1;

		CHECK(last ? v->state == EVS_UNSUPPORTED : v->state == EVS_OK && v->pct > 99.9,
		      "event %d: state %d, %.1f%% of the time", e, v->state, v->pct);
	}
	app_close(&a);
}

TEST(group_beyond_the_counters_refused_with_the_numbers)
{
	struct budget b;
	char line[256];

	(void)t_name;
	refused("qemu-arm64", "{r08,r08,r08,r08,r08,r08,r08}", 6, 7, 7, "r08");
	refused(qemu_with("gp3r.machine", "gp", "3"), "{r08,r08,r08,r08}", 3, 4, 4, "r08");
	/* as many as there are: fits */
	CHECK(budget_of(qemu_with("gp3f.machine", "gp", "3"), "{r08,r08,r08}", &b, line, sizeof(line)), "gp3");
	CHECK(strstr(line, "3 events need 3 GP: fits") != NULL, "%s", line);
}

/* A long event on 32-bit counters takes a chained pair: the budget counts two GP counters for it,
 * and says what the simulated kernel does with 3 and 4 of them on 6 counters */
TEST(long_events_take_two_counters_where_they_are_32_bit)
{
	const char *m = qemu_with("w32l.machine", "width", "32");
	struct budget b;
	char line[256];

#define L "armv8_pmuv3/event=0x0,long=1/"
	CHECK(budget_of(m, L "," L "," L, &b, line, sizeof(line)), "w32");
	CHECK(strstr(line, "3 events need 6 GP: fits") != NULL, "%s", line);
	CHECK(budget_of(m, L "," L "," L "," L, &b, line, sizeof(line)), "w32");
	CHECK(strstr(line, "4 events need 8 GP: will multiplex") != NULL, "%s", line);
	CHECK(budget_of(qemu_with("w64l.machine", "width", "64"), L "," L "," L "," L, &b, line, sizeof(line)), "w64");
	CHECK(strstr(line, "4 events need 4 GP: fits") != NULL, "%s", line);
	refused(m, "{" L "," L "," L "," L "}", 6, 4, 8, L);
#undef L
}

int main(void)
{
	char dir[] = "/tmp/pmutop-budget-arm.XXXXXX";

	if (!mkdtemp(dir)) {
		printf("FAIL mkdtemp\n");
		return 1;
	}
	snprintf(tdir, sizeof(tdir), "%s", dir);
	RUN(arm_counters_from_the_kernel);
	RUN(arm_counter_width_from_long_events);
	RUN(sim_kernel_checks_groups_as_the_arm_driver);
	RUN(group_beyond_the_counters_refused_with_the_numbers);
	RUN(long_events_take_two_counters_where_they_are_32_bit);
	for (const char *const *f = (const char *const[]){ "gp3.machine", "gp12.machine", "gp31.machine",
			"w32gp5.machine", "w64gp1.machine", "w32.machine", "gp5.machine", "gp5w.machine", "gp3r.machine", "gp3f.machine", "stderr", "w32l.machine", "w64l.machine",
			NULL }; *f; f++)
		unlink(tpath(*f));
	rmdir(dir);
	T_DONE();
}
