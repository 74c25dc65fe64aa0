/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_app_events.c: changing the event set at run time: success, parse errors, and an open failure
 * that leaves the previous events counting. */
#include "t.h"
#include "app/app.h"
#include "apprig.h"
#include <errno.h>
#include <time.h>

static int open_spr(struct app *a, const char *fault, const char *events)
{
	return apprig_open(a, "spr-2s", fault, events, 0.05);
}

static void nap(void)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	nanosleep(&ts, NULL);
}

TEST(set_events_switches_columns)
{
	struct app a;
	struct ev_error err;
	char text[256];

	CHECK_EQ_INT(open_spr(&a, NULL, "cycles"), 0);
	CHECK_EQ_INT(app_set_events(&a, "{cycles,instructions},branch-misses", &err), 0);
	CHECK_EQ_INT(a.model.nev, 3);
	app_events_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "{cycles,instructions},branch-misses");
	nap();
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK(a.model.cur.cpu_m[M_IPC] > 0, "IPC after the switch: %g", a.model.cur.cpu_m[M_IPC]);
	CHECK(app_set_events(&a, "cycles,{instructions", &err) < 0, "parse error");
	CHECK(err.pos > 0, "position %d", err.pos);
	CHECK_EQ_INT(a.model.nev, 3);   /* unchanged */
	app_close(&a);
}

TEST(out_of_descriptors_counts_what_fits)
{
	struct app a;
	struct ev_error err;

	/* 224 CPUs: one event fits under 500 descriptors, three do not: what fits is counted (the first
	 * CPUs), and the header note says what is not */
	CHECK_EQ_INT(open_spr(&a, "emfile=500", "cycles"), 0);
	CHECK_EQ_STR(a.run_note, "");
	CHECK_EQ_INT(app_set_events(&a, "cycles,instructions,branches", &err), 0);
	CHECK_EQ_INT(a.evl.n, 3);
	CHECK(strstr(a.run_note, "out of file descriptors: counting 500 of 672 events x CPUs, CPUs 167-223 have "
			 "none") != NULL, "note: %s", a.run_note);
	nap();
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
	CHECK(a.evl.n == 9, "8 IMC instances + cycles, got %d", a.evl.n);
	app_events_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "uncore_imc/cas_count_read/,cycles");
	app_close(&a);
	/* a group duplicated per hybrid core PMU */
	CHECK_EQ_INT(apprig_open(&a, "adl-hybrid", NULL, "{cycles,instructions},cs", 0.05), 0);
	CHECK(a.evl.n == 5, "two groups of two + cs, got %d", a.evl.n);
	app_events_text(&a, text, sizeof(text));
	CHECK_EQ_STR(text, "{cycles,instructions},cs");
	app_close(&a);
}

int main(void)
{
	RUN(set_events_switches_columns);
	RUN(out_of_descriptors_counts_what_fits);
	RUN(events_text_folds_expansions);
	T_DONE();
}
