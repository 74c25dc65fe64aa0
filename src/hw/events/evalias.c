/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evalias.c: alias sources for event names, tried in a fixed order (see evalias.h). */
#include "evalias.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct alias_source {
	const char *name;
	const struct pmu_alias *(*find)(const struct pmu *p, const char *name);
};

/* In order of precedence. The vendor tables (JSON, libpfm4: see catalog.h) go after
 * sysfs: the kernel's own names win, as in perf. */
static const struct alias_source sources[] = {
	{ "sysfs", pmu_find_alias },
	{ "vendor", catalog_alias_find },
};

const struct pmu_alias *evalias_find(const struct pmu *p, const char *name, const char **source)
{
	for (size_t i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
		const struct pmu_alias *a = sources[i].find(p, name);

		if (a) {
			if (source)
				*source = sources[i].name;
			return a;
		}
	}
	return NULL;
}

int evalias_from(const struct pmu *p, const struct pmu_alias *a, const char *source, struct evalias_from *out)
{
	const struct cat_event *e;

	memset(out, 0, sizeof(*out));
	if (!a || !source)
		return 0;
	if (strcmp(source, "vendor") != 0) {
		out->kind = "sysfs";
		if (asprintf(&out->origin, "%s/bus/event_source/devices/%s/events/%s", sysfs_root(), p->name,
			     a->name) < 0) {
			out->origin = NULL;
			return -ENOMEM;
		}
		return 0;
	}
	e = catalog_alias_event(a);
	out->kind = e->src == CAT_SRC_PFM ? "libpfm4" : "json";
	out->origin = strdup(e->origin ? e->origin : "");
	if (e->other_terms) {
		out->other_origin = strdup(e->other_origin ? e->other_origin : "");
		out->other_terms = strdup(e->other_terms);
	}
	if (!out->origin || (e->other_terms && (!out->other_origin || !out->other_terms))) {
		free(out->origin);
		free(out->other_origin);
		free(out->other_terms);
		memset(out, 0, sizeof(*out));
		return -ENOMEM;
	}
	return 0;
}
