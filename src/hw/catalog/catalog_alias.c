/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_alias.c: vendor event names offered to the resolver in the shape of sysfs aliases. */
#include "catalog_alias.h"
#include "catalog.h"
#include "hw/sys/pmu.h"
#include <stddef.h>

static struct catalog *active;

void catalog_set_active(struct catalog *c) { active = c; }
struct catalog *catalog_active(void) { return active; }

const struct pmu_alias *catalog_alias_find(const struct pmu *p, const char *name)
{
	const struct cat_event *e;

	if (!active || !p || !name)
		return NULL;
	e = catalog_find(active, p->name, p->kind == PMU_KIND_CORE, name);
	return e ? &e->alias : NULL;
}

const struct cat_event *catalog_alias_event(const struct pmu_alias *a)
{
	return (const struct cat_event *)(const void *)((const char *)a - offsetof(struct cat_event, alias));
}
