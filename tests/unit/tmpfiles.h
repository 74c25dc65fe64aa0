/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* tmpfiles.h: a test's scratch folder (tdir, made by the test with mkdtemp), paths in it and small
 * files written there. Shared by the settings tests. */
#ifndef PMUTOP_TMPFILES_H
#define PMUTOP_TMPFILES_H
#include <stdio.h>

static char tdir[64];

/* tdir/name, in one of eight rotating buffers (several may be alive in one call) */
static const char *tpath(const char *name)
{
	static char buf[8][256];
	static int k;
	char *p = buf[k++ % 8];

	snprintf(p, 256, "%s/%s", tdir, name);
	return p;
}

static const char *write_file(const char *name, const char *text)
{
	const char *p = tpath(name);
	FILE *f = fopen(p, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return p;
}
#endif
