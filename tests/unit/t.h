/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* t.h: a tiny unit-test harness. Each TEST prints "PASS file:name" or "FAIL file:name: why";
 * tests/run.sh counts those lines. */
#ifndef PMUTOP_T_H
#define PMUTOP_T_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int t_failed_now, t_total_failed, t_skipped_now;
/* The running test's name; TEST functions shadow it with their parameter, helpers see this one. */
static const char *t_name = "";
static const char *t_file = __BASE_FILE__;

#define CHECK(cond, ...) do { \
	if (!(cond)) { \
		if (!t_failed_now) printf("FAIL %s:%s: ", t_file, t_name); else printf("     "); \
		printf("line %d: %s: ", __LINE__, #cond); printf(__VA_ARGS__); printf("\n"); \
		t_failed_now = 1; \
	} } while (0)
#define CHECK_EQ_INT(a, b) CHECK((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))
#define CHECK_EQ_U64(a, b) CHECK((unsigned long long)(a) == (unsigned long long)(b), "0x%llx != 0x%llx", \
				 (unsigned long long)(a), (unsigned long long)(b))
static inline int t_streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }
static inline const char *t_str(const char *a) { return a ? a : "(null)"; }
#define CHECK_EQ_STR(a, b) CHECK(t_streq((a), (b)), "\"%s\" != \"%s\"", t_str(a), t_str(b))
#define CHECK_NEAR(a, b, tol) CHECK(fabs((double)(a) - (double)(b)) <= (tol), "%.9g not within %g of %.9g", (double)(a), (double)(tol), (double)(b))

#define TEST(fn) static void fn(const char *t_name)
#define RUN(fn) do { t_failed_now = 0; t_skipped_now = 0; t_name = #fn; fn(#fn); \
	if (t_failed_now) t_total_failed++; else if (!t_skipped_now) printf("PASS %s:%s\n", t_file, #fn); \
	fflush(stdout); } while (0)
/* Skip the running test (prints SKIP, not PASS) and return from it. */
#define T_SKIP(...) do { printf("SKIP %s:%s: ", t_file, t_name); printf(__VA_ARGS__); printf("\n"); \
	t_skipped_now = 1; return; } while (0)
#define T_DONE() return t_total_failed ? 1 : 0

/* Path of the shared real data folder (tests skip with a message when absent). */
static inline const char *t_realdata(void)
{
	const char *d = getenv("PMUTOP_REALDATA");
	return d ? d : "../shared/realdata";
}
#endif
