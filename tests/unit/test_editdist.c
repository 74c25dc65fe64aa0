/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_editdist.c: base/editdist: the distance behind "did you mean", its cap and its bound. */
#include "t.h"
#include "base/editdist.h"
#include <string.h>

TEST(distances)
{
	CHECK_EQ_INT(edit_distance("", "", 10), 0);
	CHECK_EQ_INT(edit_distance("cycles", "cycles", 10), 0);
	CHECK_EQ_INT(edit_distance("cycels", "cycles", 10), 2);        /* a swap is two edits */
	CHECK_EQ_INT(edit_distance("cycle", "cycles", 10), 1);
	CHECK_EQ_INT(edit_distance("kitten", "sitting", 10), 3);
	CHECK_EQ_INT(edit_distance("LLC-loads", "llc-loads", 10), 0);   /* no case */
	CHECK_EQ_INT(edit_distance("", "abc", 10), 3);
}

TEST(cap)
{
	/* at or past the cap: the cap, however far the names are */
	CHECK_EQ_INT(edit_distance("kitten", "sitting", 3), 3);
	CHECK_EQ_INT(edit_distance("kitten", "sitting", 4), 3);
	CHECK_EQ_INT(edit_distance("a", "abcdefgh", 3), 3);            /* lengths alone decide */
	CHECK_EQ_INT(edit_distance("abcdefgh", "zyxwvuts", 2), 2);
}

TEST(bounded_length)
{
	/* names longer than EDIT_MAX are compared on their first EDIT_MAX characters */
	char a[EDIT_MAX * 4], b[EDIT_MAX * 4];

	memset(a, 'x', sizeof(a) - 1);
	a[sizeof(a) - 1] = 0;
	memcpy(b, a, sizeof(b));
	b[EDIT_MAX + 5] = 'y';   /* past the bound: not seen */
	CHECK_EQ_INT(edit_distance(a, b, EDIT_MAX + 1), 0);
	b[3] = 'y';
	CHECK_EQ_INT(edit_distance(a, b, EDIT_MAX + 1), 1);
}

int main(void)
{
	RUN(distances);
	RUN(cap);
	RUN(bounded_length);
	T_DONE();
}
