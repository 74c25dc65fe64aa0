/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evalias.c: alias sources for event names, tried in a fixed order (see evalias.h). */
#include "evalias.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/sys/pmu.h"
#include <stddef.h>

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
