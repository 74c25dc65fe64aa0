/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_alias.h: the catalog as an alias source of the event resolver (after the kernel's sysfs aliases). */
#ifndef PMUTOP_CATALOG_ALIAS_H
#define PMUTOP_CATALOG_ALIAS_H
struct catalog;
struct pmu;
struct pmu_alias;

/* The catalog the resolver asks (NULL: none). The program has one machine at a
 * time; the catalog must outlive its use (set NULL before freeing it). */
void catalog_set_active(struct catalog *c);
struct catalog *catalog_active(void);
/* Vendor event `name` (any spelling) of PMU p as an alias, or NULL. A core
 * table's event fits every core PMU, a unit's event every box of the unit
 * (uncore_imc -> uncore_imc_0..N), a hybrid table's the PMU it names. Loads
 * the catalog on first use. */
const struct pmu_alias *catalog_alias_find(const struct pmu *p, const char *name);
/* The catalog event behind an alias catalog_alias_find returned (a must be one). */
struct cat_event;
const struct cat_event *catalog_alias_event(const struct pmu_alias *a);
#endif
