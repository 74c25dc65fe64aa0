/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_uncore.c: load the PMON discovery inventory for the current machine (sysfs root, topology, PMUs). */
#include "app.h"
#include "base/errmsg.h"
#include "hw/sys/sysfs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* from sysfs, not the loaded topology: --list-uncore loads none, and -C may have filtered it */
static int node_socket(int node, void *arg)
{
	(void)arg;
	return topo_node_socket(node);
}

void app_load_inventory(struct app *a)
{
	struct disc_options o;
	struct errmsg em;
	const char **names;
	const char *gen = NULL;

	if (a->inv_loaded)
		return;
	memset(&o, 0, sizeof(o));
	names = calloc((size_t)a->reg.n + 1, sizeof(char *));
	for (int p = 0; names && p < a->reg.n; p++) {
		names[p] = a->reg.pmus[p].name;
		if (!gen && a->reg.pmus[p].kind == PMU_KIND_CORE)
			gen = pmu_cap(&a->reg.pmus[p], "pmu_name");
	}
	o.sysfs_root = sysfs_root();
	o.pci_dump = a->opt.pci_dump;
	o.generation = gen;
	o.cpu_model = a->topo.model;
	o.node_socket = node_socket;
	o.kernel_pmus = names;
	if (disc_scan(&o, &a->inv, &em) == 0)
		a->inv_loaded = true;
	snprintf(a->inv_msg, sizeof(a->inv_msg), "%.*s", (int)sizeof(a->inv_msg) - 1, em.text);
	free(names);
}
