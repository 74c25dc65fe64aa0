/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_app_events.c: changing the event list at run time by owner: success, parse errors, an open
 * failure that leaves the previous events counting, and reopening only the groups that changed. */
#include "t.h"
#include "app/app.h"
#include "app/app_skt.h"
#include "app/app_topdown.h"
#include "apprig.h"
#include "base/errmsg.h"
#include "hw/sys/seam.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "simclock.h"

/* spr-2s on the test's clock: an interval passes when the test says so */
static int open_spr(struct app *a, const char *fault, const char *events)
{
	return apprig_open_clocked(a, "spr-2s", fault, events, 0.05, &simclock);
}

/* The user's entries as text (what S saves). */
static void user_text(const struct app *a, char *buf, size_t len)
{
	char *t = evlist_text(&a->evl, EVO_BIT(EVO_USER));
	snprintf(buf, len, "%s", t ? t : "(out of memory)");
	free(t);
}

/* A seam that counts opens and closes on the way to the simulated kernel. */
static const struct perf_seam *inner;
static int opens, closes;
static uint64_t refuse_config = UINT64_MAX;   /* a hardware event's config the kernel refuses (EACCES) */

static int count_open(void *ctx, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		      unsigned long flags)
{
	int r;

	if (attr->type == PERF_TYPE_HARDWARE && (attr->config & 0xffffffffULL) == refuse_config)
		return -EACCES;
	r = inner->open(ctx, attr, pid, cpu, group_fd, flags);
	opens += r >= 0;
	return r;
}

static int count_close(void *ctx, int fd)
{
	closes++;
	return inner->close(ctx, fd);
}

static struct perf_seam counting;

static void count_syscalls(struct app *a)
{
	inner = a->seam;
	counting = *inner;
	counting.open = count_open;
	counting.close = count_close;
	a->seam = &counting;
	opens = closes = 0;
}

TEST(set_events_switches_columns)
{
	struct app a;
	struct ev_error err;
	struct errmsg em;
	char text[256];

	CHECK_EQ_INT(open_spr(&a, NULL, "cycles"), 0);
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},branch-misses", &err, &em), 0);
	CHECK_EQ_INT(a.model.nev, 3);
	user_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "{cycles,instructions},branch-misses");
	CHECK_EQ_INT(a.evl.n, 2);   /* two entries: the group and the event */
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK(a.model.cur.cpu_m[M_IPC] > 0, "IPC after the switch: %g", a.model.cur.cpu_m[M_IPC]);
	CHECK(app_events_set_user(&a, "cycles,{instructions", &err, &em) < 0, "parse error");
	CHECK(err.pos > 0, "position %d", err.pos);
	CHECK_EQ_INT(a.model.nev, 3);   /* unchanged */
	app_close(&a);
}

TEST(out_of_descriptors_counts_what_fits)
{
	struct app a;
	struct ev_error err;
	struct errmsg em;

	/* 224 CPUs: one event fits under 500 descriptors, three do not: what fits is counted (the first
	 * CPUs), and the header note says what is not */
	CHECK_EQ_INT(open_spr(&a, "emfile=500", "cycles"), 0);
	CHECK_EQ_STR(a.run_note, "");
	CHECK_EQ_INT(app_events_set_user(&a, "cycles,instructions,branches", &err, &em), 0);
	CHECK_EQ_INT(a.evl.flat.n, 3);
	CHECK(strstr(a.run_note, "out of file descriptors: counting 500 of 672 events x CPUs, CPUs 167-223 have "
			 "none") != NULL, "note: %s", a.run_note);
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK_EQ_INT(a.model.cur.cpu[0].state, EVS_OK);
	CHECK_EQ_INT(a.model.cur.cpu[223 * a.model.nev].state, EVS_ABSENT);
	app_close(&a);
}

TEST(events_text_folds_expansions)
{
	struct app a;
	char text[512];

	/* every uncore_imc_N instance, printed once as typed */
	CHECK_EQ_INT(open_spr(&a, NULL, "uncore_imc/cas_count_read/,cycles"), 0);
	CHECK(a.evl.flat.n == 9, "8 IMC instances + cycles, got %d", a.evl.flat.n);
	user_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "uncore_imc/cas_count_read/,cycles");
	app_close(&a);
	/* a group duplicated per hybrid core PMU */
	CHECK_EQ_INT(apprig_open(&a, "adl-hybrid", NULL, "{cycles,instructions},cs", 0.05), 0);
	CHECK(a.evl.flat.n == 5, "two groups of two + cs, got %d", a.evl.flat.n);
	user_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "{cycles,instructions},cs");
	app_close(&a);
}

/* Adding an event opens only it; the groups already counting keep their descriptors. */
TEST(reopen_only_what_changed)
{
	struct app a;
	struct ev_error err;
	struct errmsg em;
	int ncpus;

	CHECK_EQ_INT(open_spr(&a, NULL, "{cycles,instructions},cs"), 0);
	ncpus = a.topo.ncpus;
	count_syscalls(&a);
	/* the same list again: every group carries over (and now closes through the counting seam) */
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},cs", &err, &em), 0);
	CHECK(opens == 0 && closes == 0, "the same list: opens %d, closes %d", opens, closes);
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},cs,page-faults", &err, &em), 0);
	/* cs and page-faults are lone software events: they share one group, which changed */
	CHECK(opens == 2 * ncpus, "opens %d for %d CPUs (the software group's two events)", opens, ncpus);
	CHECK(closes == ncpus, "closes %d (the old software group of one)", closes);
	opens = closes = 0;
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},cs,page-faults,{branches,branch-misses}",
					 &err, &em), 0);
	CHECK(opens == 2 * ncpus && closes == 0, "a new group: opens %d, closes %d", opens, closes);
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK(a.model.cur.cpu_m[M_IPC] > 0, "the group that stayed counts: IPC %g", a.model.cur.cpu_m[M_IPC]);
	opens = closes = 0;
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions}", &err, &em), 0);
	CHECK(opens == 0 && closes == 4 * ncpus, "dropping: opens %d, closes %d", opens, closes);
	app_close(&a);
}

/* A list the kernel refuses leaves the old one counting, with the reason said. */
TEST(refused_list_keeps_the_old)
{
	struct app a;
	struct ev_error err;
	struct errmsg em = { 0 };
	char text[256];

	CHECK_EQ_INT(open_spr(&a, NULL, "{cycles,instructions},cs"), 0);
	count_syscalls(&a);
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},cs", &err, &em), 0);   /* via the seam */
	refuse_config = PERF_COUNT_HW_BRANCH_INSTRUCTIONS;
	CHECK_EQ_INT(app_events_set_user(&a, "{cycles,instructions},cs,branches", &err, &em), -EACCES);
	refuse_config = UINT64_MAX;
	CHECK(strstr(em.text, "cannot count branches") && strstr(em.text, "CAP_PERFMON"), "said: %s", em.text);
	CHECK(strstr(a.msg, "cannot count branches") != NULL, "a->msg: %s", a.msg);
	user_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "{cycles,instructions},cs");
	CHECK_EQ_INT(a.model.nev, 3);
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK(a.model.cur.cpu_m[M_IPC] > 0, "the old list still counts: IPC %g", a.model.cur.cpu_m[M_IPC]);
	CHECK_EQ_INT(a.model.cur.cpu[2].state, EVS_OK);
	app_close(&a);
}

/* The sockets' and top-down's entries come and go by owner, whatever the user's list does. */
TEST(owners_add_and_drop)
{
	struct app a;
	struct ev_error err;
	struct errmsg em;
	char text[512];
	int user;

	CHECK_EQ_INT(open_spr(&a, NULL, "cycles,instructions"), 0);
	user = a.evl.flat.n;
	CHECK_EQ_INT(app_td_enable(&a), 0);
	CHECK(evlist_count(&a.evl, EVO_TOPDOWN) > 0, "top-down holds entries");
	CHECK_EQ_INT(app_skt_show(&a, true), 0);
	CHECK(evlist_count(&a.evl, EVO_SOCKETS) > 0, "the sockets hold entries");
	/* the user's list changes: the others' stay, and top-down finds its events again */
	CHECK_EQ_INT(app_events_set_user(&a, "cycles", &err, &em), 0);
	user_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "cycles");
	CHECK(evlist_count(&a.evl, EVO_TOPDOWN) > 0 && evlist_count(&a.evl, EVO_SOCKETS) > 0, "still there");
	simclock_advance_ms(50);
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK(a.td.plan.in[0].bound, "top-down bound to its entries after the user's change");
	CHECK(a.td.sys && a.td.sys[0] > 0, "top-down shares: retiring %g", a.td.sys ? a.td.sys[0] : -1);
	CHECK_EQ_INT(app_skt_show(&a, false), 0);
	CHECK_EQ_INT(evlist_count(&a.evl, EVO_SOCKETS), 0);
	CHECK(a.evl.flat.n > user - 1, "top-down's events stay: %d", a.evl.flat.n);
	app_close(&a);
}

/* An event the user counts and the sockets add too is shared, not counted twice; when the sockets
 * go, the user keeps it. */
TEST(shared_entry_stays_with_the_user)
{
	struct app a;
	int n;

	CHECK_EQ_INT(open_spr(&a, NULL, "cycles"), 0);
	app_skt_detect(&a);
	CHECK(a.skt.avail.n > 0, "spr-2s has memory and power events");
	evlist_free(&a.evl);   /* the user counts the sockets' first event already */
	CHECK(evlist_add(&a.evl, EVO_USER, a.skt.avail.e[0].text, false, &a.reg, &a.topo, NULL, 0,
			 &(struct ev_error){ 0 }) == 1, "added");
	CHECK_EQ_INT(app_open_events(&a), 0);
	n = a.evl.flat.n;
	CHECK_EQ_INT(app_skt_show(&a, true), 0);
	CHECK_EQ_INT(evlist_count(&a.evl, EVO_USER), 1);
	CHECK_EQ_INT(a.evl.e[0].owners, EVO_BIT(EVO_USER) | EVO_BIT(EVO_SOCKETS));
	CHECK_EQ_INT(app_skt_show(&a, false), 0);
	CHECK_EQ_INT(a.evl.flat.n, n);
	CHECK_EQ_INT(a.evl.e[0].owners, EVO_BIT(EVO_USER));
	app_close(&a);
}

int main(void)
{
	RUN(set_events_switches_columns);
	RUN(out_of_descriptors_counts_what_fits);
	RUN(events_text_folds_expansions);
	RUN(reopen_only_what_changed);
	RUN(refused_list_keeps_the_old);
	RUN(owners_add_and_drop);
	RUN(shared_entry_stays_with_the_user);
	T_DONE();
}
