/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dynlib.c: a library and its functions loaded with dlopen (dynlib.h). */
#include "dynlib.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>

int dynlib_open(const char *const *sonames, const struct dynlib_fn *fns, size_t n, void **handle,
		char *why, size_t len)
{
	const char *first = NULL;
	size_t missing = 0;
	void *h = NULL;

	/* the loader's words for the first name (the runtime package's; the others are fallbacks) */
	if (why && len)
		snprintf(why, len, "no library named");
	for (size_t i = 0; !h && sonames[i]; i++) {
		const char *err;

		if (!(h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL)) && (err = dlerror()) && !i && why && len)
			snprintf(why, len, "%s", err);
	}
	if (!h)
		return -ELIBACC;
	for (size_t i = 0; i < n; i++)
		if (!(*fns[i].slot = dlsym(h, fns[i].name)) && !missing++)
			first = fns[i].name;
	if (missing) {
		for (size_t i = 0; i < n; i++)
			*fns[i].slot = NULL;
		dlclose(h);
		if (why && len)
			snprintf(why, len, "%s%s", first, missing > 1 ? " and others" : "");
		return -ENOENT;
	}
	if (handle)
		*handle = h;
	return 0;
}
