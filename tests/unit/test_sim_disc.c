/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_disc.c: the PMON discovery inventory of the generated spr-2s and gnr-1s trees equals their
 * descriptions box by box, with everything disc_scan needs read from the tree as pmutop would. */
#include "t.h"
#include <ftw.h>
#include <unistd.h>

#include "hw/sys/pmu.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include "pci/disc.h"

static int rm_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(p);
}

static struct topology topo;

/* NUMA node -> socket through the tree's topology, as pmutop attributes devices */
static int node_socket(int node, void *arg)
{
	(void)arg;
	for (int i = 0; i < topo.ncpus; i++)
		if (topo.cpus[i].node == node)
			return topo.cpus[i].socket;
	return -1;
}

static void check_machine(const char *t_name, const char *name, const char *generation)
{
	char dir[] = "/tmp/pmutop-simdisc-XXXXXX", sys[64], err[256];
	struct sim_machine *m = simm_load(name, err, sizeof(err));
	struct pmu_registry reg = { 0 };
	struct disc_inventory inv = { 0 };
	const char **kp = NULL;
	int p, n, r;

	if (!m || !mkdtemp(dir)) {
		CHECK(0, "setup %s", name);
		simm_free(m);
		return;
	}
	CHECK_EQ_INT(simm_write_tree(m, dir), 0);
	snprintf(sys, sizeof(sys), "%s/sys", dir);
	sysfs_set_root(sys);
	CHECK_EQ_INT(topo_load(&topo), 0);
	CHECK_EQ_INT(pmus_load(&reg), 0);
	p = pmus_find(&reg, "cpu");
	CHECK(p >= 0 && pmu_cap(&reg.pmus[p], "pmu_name") && !strcmp(pmu_cap(&reg.pmus[p], "pmu_name"), generation),
	      "%s: caps/pmu_name", name);
	kp = calloc((size_t)reg.n + 1, sizeof(*kp));
	for (int i = 0; kp && i < reg.n; i++)
		kp[i] = reg.pmus[i].name;
	{
		struct disc_options o = { .sysfs_root = sys, .generation = p >= 0 ? pmu_cap(&reg.pmus[p], "pmu_name") : NULL,
					  .cpu_model = topo.model, .node_socket = node_socket, .kernel_pmus = kp };

		r = disc_scan(&o, &inv, NULL);
	}
	CHECK_EQ_INT(r, 0);
	CHECK_EQ_INT(inv.skipped, 0);
	CHECK_EQ_INT(inv.nboxes, simm_nboxes(m));
	n = inv.nboxes < simm_nboxes(m) ? inv.nboxes : simm_nboxes(m);
	for (int i = 0; i < n; i++) {
		const struct sim_box *w = simm_box(m, i);
		const struct disc_box *g = &inv.boxes[i];

		if (g->socket != w->socket || g->type != w->type || g->box_id != w->box_id || g->access != w->access ||
		    g->ctrl_addr != w->ctrl || g->num_counters != w->num_counters ||
		    g->counter_width != w->counter_width || g->ctrl_offset != w->ctl_offset ||
		    g->ctr_offset != w->ctr_offset || strcmp(g->kernel_pmu, w->pmu)) {
			CHECK(0, "%s box %d: got socket %d type %d id %d ctrl 0x%llx pmu '%s', want socket %d type %d id %d "
			      "ctrl 0x%llx pmu '%s'", name, i, g->socket, g->type, g->box_id,
			      (unsigned long long)g->ctrl_addr, g->kernel_pmu, w->socket, w->type, w->box_id,
			      (unsigned long long)w->ctrl, w->pmu);
			break;
		}
	}
	/* DVSECs: every ID of every device is found, and only ID 1 is used */
	{
		int want = 0, used = 0;

		for (int d = 0; d < simm_npci(m); d++) {
			int ids[8];

			want += simm_pci_dvsec_ids(m, d, ids, 8);
		}
		for (int i = 0; i < inv.ndvsec; i++) {
			used += inv.dvsec[i].used;
			CHECK(inv.dvsec[i].used == (inv.dvsec[i].id == 1), "%s %s DVSEC ID %d used=%d", name,
			      inv.dvsec[i].bdf, inv.dvsec[i].id, inv.dvsec[i].used);
			/* discovery device d of a description serves socket d */
			for (int d = 0; d < simm_npci(m); d++)
				if (!strcmp(inv.dvsec[i].bdf, simm_pci_bdf(m, d)))
					CHECK_EQ_INT(inv.dvsec[i].socket, d);
		}
		CHECK_EQ_INT(inv.ndvsec, want);
		CHECK_EQ_INT(used, simm_npci(m));
	}
	if (!strcmp(name, "gnr-1s")) {
		int seen = 0;

		for (int i = 0; i < inv.ndvsec; i++)
			seen |= 1 << inv.dvsec[i].id;
		CHECK_EQ_INT(seen, 0x1e);   /* IDs 1, 2, 3, 4 */
		CHECK_EQ_STR(simm_pci_bdf(m, 0), "0000:00:03.1");
	}
	disc_inventory_free(&inv);
	free(kp);
	pmus_free(&reg);
	topo_free(&topo);
	sysfs_set_root(NULL);
	nftw(dir, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
	simm_free(m);
}

TEST(spr_inventory_matches)
{
	check_machine(t_name, "spr-2s", "sapphire_rapids");
}

TEST(gnr_inventory_matches)
{
	check_machine(t_name, "gnr-1s", "granite_rapids");
}

int main(void)
{
	RUN(spr_inventory_matches);
	RUN(gnr_inventory_matches);
	T_DONE();
}
