/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpupat.h: the patterns of perf's mapfile.csv without glibc regex (issue 26: a row made regexec recurse
 * without bound): literal text, [classes] with ranges and ^, . * + ?, (groups|with|alternatives) and the
 * anchors ^ at the start and $ at the end; no back-references, no {counts}. Compiled once to a small
 * program and run as a Pike VM: time O(pattern x text), memory fixed, whatever the pattern. Pure. */
#ifndef PMUTOP_CPUPAT_H
#define PMUTOP_CPUPAT_H
#include <stdbool.h>
#include <stddef.h>

#define CPUPAT_MAX 256          /* characters in a pattern */
#define CPUPAT_PROG (4 * CPUPAT_MAX + 8)

struct cpupat_ins {
	unsigned char op;       /* enum in cpupat.c */
	unsigned char c;        /* the character of a literal */
	short x, y;             /* jump targets; x is the class index for a class */
};
struct cpupat {
	struct cpupat_ins prog[CPUPAT_PROG];
	int n;
	unsigned char cls[CPUPAT_MAX][32];   /* class bitmaps */
	int ncls;
};

/* Compile pattern into p: 0, or -EINVAL when it is outside the subset (why says what, may be NULL). */
int cpupat_compile(struct cpupat *p, const char *pattern, const char **why);
/* Whether p matches text[0..len) from its start to exactly len (eol: len is the end of the text, for $). */
bool cpupat_match(const struct cpupat *p, const char *text, size_t len, bool eol);
#endif
