/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_duplicates.c: the same event twice (-e cycles,cycles, or a recording with a name twice) stays two
 * columns: unique model keys ("cycles#2"), replay by order of appearance, distinct TUI columns. */
#include "t.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include "replaytext.h"
#include "ui/widgets/cols.h"
#include <unistd.h>

TEST(model_keys_unique)
{
	struct model m;
	int ids[1] = { 0 };

	model_init(&m, 1, ids, NULL, NULL, 1, NULL, 4);
	model_add_event(&m, "cycles", "cycles", "", "", 0, false);
	model_add_event(&m, "instructions", "instructions", "", "", 0, false);
	model_add_event(&m, "cycles", "cycles", "", "", 1, false);
	model_add_event(&m, "cycles#3", "cycles#3", "", "", 2, false);   /* a spelling already taken */
	model_add_event(&m, "cycles", "cycles", "", "", 3, false);
	CHECK_EQ_INT(m.nev, 5);
	CHECK_EQ_STR(m.ev[0].key, "cycles");
	CHECK_EQ_STR(m.ev[1].key, "instructions");
	CHECK_EQ_STR(m.ev[2].key, "cycles#2");
	CHECK_EQ_STR(m.ev[3].key, "cycles#3");
	CHECK_EQ_STR(m.ev[4].key, "cycles#4");
	CHECK_EQ_STR(m.ev[4].name, "cycles");   /* the name stays perf's, for CSV rows */
	/* the role (GHz, IPC) belongs to the first only */
	CHECK_EQ_INT(m.ev[0].role, ROLE_CYCLES);
	CHECK_EQ_INT(m.ev[2].role, ROLE_NONE);
	model_free(&m);
}

TEST(tui_columns_distinct)
{
	struct model m;
	struct ui_col c[32];
	int ids[1] = { 0 }, n, seen = 0;
	static const char *const cid[] = { "CPU" };
	static const int cw[] = { 4 };

	model_init(&m, 1, ids, NULL, NULL, 1, NULL, 4);
	model_add_event(&m, "r01c2", "r01c2", "cpu", "", 0, false);
	model_add_event(&m, "r01c2", "r01c2", "cpu", "", 1, false);
	model_alloc_frame(&m);
	n = ui_cols_build(&m, cid, cw, 1, false, NULL, c, 32);
	for (int i = 0; i < n; i++) {
		if (c[i].kind != UC_EVENT)
			continue;
		CHECK_EQ_STR(c[i].key, seen ? "r01c2#2" : "r01c2");
		CHECK_EQ_INT(c[i].idx, seen);
		seen++;
	}
	CHECK_EQ_INT(seen, 2);
	model_free(&m);
}

/* perf prints a repeated event's rows as one more block; here the CPUs of the second block
 * come in another order, and one interval has a third "cycles" on CPU1 only. */
static const char rec[] =
	"     1.000100000,CPU0,100,,cycles,1000,100.00,,\n"
	"     1.000100000,CPU1,200,,cycles,1000,100.00,,\n"
	"     1.000100000,CPU0,7,,instructions,1000,100.00,,\n"
	"     1.000100000,CPU1,400,,cycles,1000,100.00,,\n"
	"     1.000100000,CPU0,300,,cycles,1000,100.00,,\n"
	"     2.000200000,CPU0,500,,cycles,1000,100.00,,\n"
	"     2.000200000,CPU1,600,,cycles,1000,100.00,,\n"
	"     2.000200000,CPU0,700,,cycles,1000,50.00,,\n"
	"     2.000200000,CPU1,<not counted>,,cycles,0,0.00,,\n"
	"     2.000200000,CPU1,900,,cycles,1000,100.00,,\n";

static int key_index(const struct model *m, const char *key)
{
	for (int e = 0; e < m->nev; e++)
		if (strcmp(m->ev[e].key, key) == 0)
			return e;
	return -1;
}

TEST(replay_keeps_every_column)
{
	char path[] = "/tmp/pmutop-test-dups.XXXXXX";
	int c1, c2, c3, ins;
	struct replay *r = replay_of_text(path, rec);
	struct model m;

	if (!r)
		return;
	CHECK_EQ_INT(replay_bad_lines(r, NULL, 0), 0);
	CHECK_EQ_INT(replay_setup_model(r, &m, 4), 0);
	CHECK_EQ_INT(m.nev, 4);
	c1 = key_index(&m, "cycles"), c2 = key_index(&m, "cycles#2"), c3 = key_index(&m, "cycles#3");
	ins = key_index(&m, "instructions");
	CHECK(c1 >= 0 && c2 >= 0 && c3 >= 0 && ins >= 0, "columns %d %d %d %d", c1, c2, c3, ins);
	if (c1 < 0 || c2 < 0 || c3 < 0 || ins < 0)
		goto out;
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c1].value, 100, 0);
	CHECK_NEAR(m.cur.cpu[1 * m.nev + c1].value, 200, 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c2].value, 300, 0);
	CHECK_NEAR(m.cur.cpu[1 * m.nev + c2].value, 400, 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + ins].value, 7, 0);
	CHECK_EQ_INT(m.cur.cpu[1 * m.nev + c3].state, EVS_ABSENT);   /* no third row in this interval */
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c1].value, 500, 0);
	CHECK_NEAR(m.cur.cpu[1 * m.nev + c1].value, 600, 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c2].value, 700, 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c2].pct, 50, 0);
	CHECK_EQ_INT(m.cur.cpu[1 * m.nev + c2].state, EVS_NOT_COUNTED);
	CHECK_NEAR(m.cur.cpu[1 * m.nev + c3].value, 900, 0);
	/* stepping back gives the same columns again */
	replay_seek(r, 0);
	CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c2].value, 300, 0);
	CHECK_NEAR(m.cur.cpu[0 * m.nev + c1].value, 100, 0);
out:
	model_free(&m);
	replay_close(r);
	unlink(path);
}

int main(void)
{
	RUN(model_keys_unique);
	RUN(tui_columns_distinct);
	RUN(replay_keeps_every_column);
	T_DONE();
}
