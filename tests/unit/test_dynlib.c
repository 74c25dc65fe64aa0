/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_dynlib.c: the loader of the libraries features load when first used (base/dynlib.c): the
 * first name that opens, its functions into their pointers; a library that is not there, or lacks a
 * function, is said by name, and leaves no pointer set. Against this system's own libc and libm. */
#include "t.h"
#include "base/dynlib.h"
#include <errno.h>

static struct {
	size_t (*strlen)(const char *);
	double (*cos)(double);
	int (*none)(void);
} tab;

TEST(first_name_that_opens)
{
	static const char *const names[] = { "libpmutop-not-there.so.9", "libm.so.6", NULL };
	const struct dynlib_fn fns[] = { DYNLIB_FN(tab, cos, "cos") };
	char why[256] = "";
	void *h = NULL;

	CHECK_EQ_INT(dynlib_open(names, fns, 1, &h, why, sizeof(why)), 0);
	CHECK(h != NULL, "no handle");
	CHECK(tab.cos && tab.cos(0.0) == 1.0, "cos not loaded");
}

TEST(functions_filled)
{
	static const char *const names[] = { "libc.so.6", NULL };
	const struct dynlib_fn fns[] = { DYNLIB_FN(tab, strlen, "strlen") };
	void *h = NULL;

	CHECK_EQ_INT(dynlib_open(names, fns, 1, &h, NULL, 0), 0);
	CHECK(tab.strlen && tab.strlen("pmutop") == 6, "strlen not loaded");
}

/* none opens: -ELIBACC and the loader's words for the first name */
TEST(missing_library_named)
{
	static const char *const names[] = { "libpmutop-not-there.so.9", "libpmutop-nor-this.so", NULL };
	const struct dynlib_fn fns[] = { DYNLIB_FN(tab, none, "none") };
	char why[256] = "";
	void *h = NULL;

	CHECK_EQ_INT(dynlib_open(names, fns, 1, &h, why, sizeof(why)), -ELIBACC);
	CHECK(strstr(why, "libpmutop-not-there.so.9") != NULL, "why: %s", why);
	CHECK(h == NULL, "a handle");
}

/* a function missing: -ENOENT naming the first one missing, every pointer NULL again */
TEST(missing_function_named)
{
	static const char *const names[] = { "libc.so.6", NULL };
	const struct dynlib_fn fns[] = {
		DYNLIB_FN(tab, strlen, "strlen"), DYNLIB_FN(tab, none, "pmutop_no_such_function"),
		DYNLIB_FN(tab, cos, "pmutop_nor_this"),
	};
	char why[256] = "";
	void *h = NULL;

	tab.strlen = NULL;
	CHECK_EQ_INT(dynlib_open(names, fns, 3, &h, why, sizeof(why)), -ENOENT);
	CHECK_EQ_STR(why, "pmutop_no_such_function and others");
	CHECK(!tab.strlen && !tab.none && !tab.cos, "a pointer left set");
	CHECK(h == NULL, "a handle");
}

int main(void)
{
	RUN(first_name_that_opens);
	RUN(functions_filled);
	RUN(missing_library_named);
	RUN(missing_function_named);
	T_DONE();
}
