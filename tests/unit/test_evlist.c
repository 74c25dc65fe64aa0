/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_evlist.c: the event list object: entries parsed once per top-level item, owners, sharing,
 * dropping, taking an owner's entries from a copy, the flat list's order and groups, its text
 * (joined by commas, or by another separator for a screen). */
#include "t.h"
#include "hw/events/evlist.h"
#include <errno.h>
#include <stdlib.h>

#include "evfixture.h"

static void text_is(const struct evlist *l, unsigned owners, const char *want)
{
	char *t = evlist_text(l, owners);

	CHECK_EQ_STR(t ? t : "(null)", want);
	free(t);
}

static int add(struct evlist *l, int owner, const char *s, int *ids, int maxids)
{
	struct ev_error err = { 0 };
	int r = evlist_add(l, owner, s, false, &reg, NULL, ids, maxids, &err);

	if (r < 0)
		printf("     evlist_add(\"%s\"): %d at %d: %s\n", s, r, err.pos, err.msg);
	return r;
}

/* One entry per top-level item, its text as written, its events as evparse resolves them. */
TEST(entries_per_item)
{
	struct evlist l = { 0 };
	struct ev_list whole = { 0 };
	int ids[4];

	use("spr_uncore");
	CHECK_EQ_INT(add(&l, EVO_USER, "cycles, {instructions,cs}:S,uncore_imc/cas_count_read/", ids, 4), 3);
	CHECK_EQ_INT(l.n, 3);
	CHECK_EQ_STR(l.e[0].text, "cycles");
	CHECK_EQ_STR(l.e[1].text, "{instructions,cs}:S");
	CHECK_EQ_STR(l.e[2].text, "uncore_imc/cas_count_read/");
	CHECK(ids[0] != ids[1] && ids[1] != ids[2], "distinct handles");
	/* the flat list is what evparse makes of the whole text: names and groups */
	CHECK_EQ_INT(parse("cycles, {instructions,cs}:S,uncore_imc/cas_count_read/", &whole), 0);
	CHECK_EQ_INT(l.flat.n, whole.n);
	CHECK_EQ_INT(l.flat.ngroups, whole.ngroups);
	for (int i = 0; i < whole.n && i < l.flat.n; i++) {
		CHECK_EQ_STR(l.flat.ev[i].name, whole.ev[i].name);
		CHECK_EQ_INT(l.flat.ev[i].group, whole.ev[i].group);
		CHECK(l.flat.ev[i].config == whole.ev[i].config, "config of %s", whole.ev[i].name);
	}
	text_is(&l, EVO_ALL, "cycles,{instructions,cs}:S,uncore_imc/cas_count_read/");
	/* for a screen: the items apart, the commas inside a group or a PMU's terms kept */
	{
		char *t = evlist_text_sep(&l, EVO_ALL, ", ");

		CHECK_EQ_STR(t ? t : "(null)", "cycles, {instructions,cs}:S, uncore_imc/cas_count_read/");
		free(t);
	}
	ev_list_free(&whole);
	evlist_free(&l);
}

/* A bad item leaves the list as it was, the error's position in the text given. */
TEST(all_or_nothing)
{
	struct evlist l = { 0 };
	struct ev_error err = { 0 };

	use("spr_uncore");
	CHECK_EQ_INT(add(&l, EVO_USER, "cycles", NULL, 0), 1);
	CHECK_EQ_INT(evlist_add(&l, EVO_USER, "cs,uncore_imc/cas_count_read/,foo", false, &reg, NULL, NULL, 0,
				&err), -EINVAL);
	CHECK_EQ_INT(err.pos, 30);
	CHECK_EQ_INT(l.n, 1);
	CHECK_EQ_INT(l.flat.n, 1);
	/* skip_missing: the items this machine lacks are left out, the others taken */
	CHECK_EQ_INT(evlist_add(&l, EVO_SOCKETS, "foo_pmu/bar/,uncore_imc/cas_count_read/", true, &reg, NULL,
				NULL, 0, &err), 1);
	text_is(&l, EVO_BIT(EVO_SOCKETS), "uncore_imc/cas_count_read/");
	/* the syntax must still be right */
	CHECK(evlist_add(&l, EVO_SOCKETS, "cycles,{cs", true, &reg, NULL, NULL, 0, &err) < 0, "syntax error");
	evlist_free(&l);
}

/* The user's entries come first, then the sockets', then top-down's, each in its owner's order; an
 * item another owner holds is shared, and leaves only when its last owner drops it. */
TEST(owners_order_and_share)
{
	struct evlist l = { 0 };
	int td[2];

	use("spr_uncore");
	CHECK_EQ_INT(add(&l, EVO_TOPDOWN, "{cycles,instructions}", td, 2), 1);
	CHECK_EQ_INT(add(&l, EVO_SOCKETS, "uncore_imc/cas_count_read/,cs", NULL, 0), 2);
	CHECK_EQ_INT(add(&l, EVO_USER, "cs,branches", NULL, 0), 2);
	CHECK_EQ_INT(l.n, 4);   /* cs is shared */
	text_is(&l, EVO_ALL, "cs,branches,uncore_imc/cas_count_read/,{cycles,instructions}");
	text_is(&l, EVO_BIT(EVO_USER), "cs,branches");
	CHECK_EQ_INT(evlist_count(&l, EVO_SOCKETS), 2);
	CHECK_EQ_STR(l.flat.ev[0].name, "cs");
	/* top-down's handle finds its events wherever the flat list puts them */
	{
		int n, first = evlist_flat_of(&l, td[0], &n);
		CHECK_EQ_INT(n, 2);
		CHECK(first >= 0 && first + 1 < l.flat.n, "first %d", first);
		if (first >= 0 && first + 1 < l.flat.n) {
			CHECK_EQ_STR(l.flat.ev[first].name, "cycles");
			CHECK_EQ_STR(l.flat.ev[first + 1].name, "instructions");
			CHECK_EQ_INT(l.flat.ev[first].group, l.flat.ev[first + 1].group);
		}
	}
	/* the user drops cs: the sockets still count it, now after the user's */
	CHECK_EQ_INT(evlist_drop(&l, EVO_USER, l.e[evlist_find(&l, EVO_USER, "cs")].id), 0);
	text_is(&l, EVO_ALL, "branches,uncore_imc/cas_count_read/,cs,{cycles,instructions}");
	evlist_drop_owner(&l, EVO_SOCKETS);
	text_is(&l, EVO_ALL, "branches,{cycles,instructions}");
	CHECK_EQ_INT(evlist_drop(&l, EVO_SOCKETS, td[0]), -ENOENT);   /* not the sockets' */
	CHECK_EQ_INT(evlist_drop(&l, EVO_TOPDOWN, td[0]), 0);
	text_is(&l, EVO_ALL, "branches");
	CHECK_EQ_INT(evlist_flat_of(&l, td[0], &(int){ 0 }), -1);
	evlist_free(&l);
}

/* The same event twice from one owner is counted twice, as perf does. */
TEST(duplicates_of_one_owner)
{
	struct evlist l = { 0 };

	use("spr_uncore");
	CHECK_EQ_INT(add(&l, EVO_USER, "cycles,cycles", NULL, 0), 2);
	CHECK_EQ_INT(l.flat.n, 2);
	CHECK(l.flat.ev[0].group != l.flat.ev[1].group, "two groups");
	evlist_free(&l);
}

/* A copy edited on its own (the events view's pending list) and taken back by owner: the other
 * owners' entries as the original has them now, handles kept. */
TEST(copy_and_take)
{
	struct evlist l = { 0 }, pend;
	int td;

	use("spr_uncore");
	CHECK_EQ_INT(add(&l, EVO_USER, "cycles,instructions", NULL, 0), 2);
	CHECK_EQ_INT(evlist_copy(&pend, &l), 0);
	CHECK_EQ_INT(evlist_drop(&pend, EVO_USER, pend.e[0].id), 0);
	CHECK_EQ_INT(add(&pend, EVO_USER, "branches", NULL, 0), 1);
	/* meanwhile top-down adds its group to the original */
	CHECK_EQ_INT(add(&l, EVO_TOPDOWN, "{cycles,cs}", &td, 1), 1);
	CHECK_EQ_INT(evlist_take(&l, EVO_USER, &pend), 0);
	text_is(&l, EVO_ALL, "instructions,branches,{cycles,cs}");
	CHECK(evlist_index(&l, td) >= 0, "top-down's handle still valid");
	/* the copy is deep: freeing it leaves the original whole */
	evlist_free(&pend);
	CHECK_EQ_STR(l.flat.ev[0].name, "instructions");
	evlist_free(&l);
}

int main(void)
{
	RUN(entries_per_item);
	RUN(all_or_nothing);
	RUN(owners_order_and_share);
	RUN(duplicates_of_one_owner);
	RUN(copy_and_take);
	pmus_free(&reg);
	T_DONE();
}
