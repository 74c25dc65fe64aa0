/* test_app_events.c: changing the event set at run time: success, parse errors, and an open failure
 * that leaves the previous events counting. */
#include "t.h"
#include "app.h"
#include <errno.h>
#include <time.h>

static int open_spr(struct app *a, const char *fault, const char *events)
{
	struct ev_error err;
	memset(a, 0, sizeof(*a));
	settings_defaults(&a->set);
	a->opt.sim = "spr-2s";
	a->opt.sim_fault = fault;
	a->opt.batch = true;
	a->interval = 0.05;
	if (app_open_machine(a) != 0 || evparse(events, &a->reg, &a->topo, &a->evl, &err) < 0)
		return -1;
	return app_open_events(a);
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

TEST(open_failure_keeps_old_events)
{
	struct app a;
	struct ev_error err;

	/* 224 CPUs: one event fits under 500 descriptors, three do not */
	CHECK_EQ_INT(open_spr(&a, "emfile=500", "cycles"), 0);
	CHECK(app_set_events(&a, "cycles,instructions,branches", &err) < 0, "EMFILE must fail");
	CHECK(strstr(err.msg, "too many open files") != NULL, "reason: %s", err.msg);
	CHECK_EQ_INT(a.evl.n, 1);
	CHECK_EQ_INT(a.model.nev, 1);
	CHECK(a.cnt != NULL, "counting again with the old set");
	nap();
	CHECK_EQ_INT(app_sample(&a), 0);
	CHECK_EQ_INT(a.model.cur.cpu[0].state, EVS_OK);
	app_close(&a);
}

int main(void)
{
	RUN(set_events_switches_columns);
	RUN(open_failure_keeps_old_events);
	T_DONE();
}
