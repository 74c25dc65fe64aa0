/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_skt.c: the sockets' memory, interconnect, L3 and power events: which this machine has (each
 * event of the uncore set tried alone, so a machine with RAPL but no IMC still gets its watts), and
 * adding them to what is counted only while the sockets view or the header meters show them. */
#include "app.h"
#include "app_skt.h"
#include "base/errmsg.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

static unsigned figure_of(const struct ev_spec *s, const struct pmu_registry *reg)
{
	const char *pmu = s->pmu >= 0 ? reg->pmus[s->pmu].name : "";
	int r = model_role_of(s->base && *s->base ? s->base : s->name);

	if (r == ROLE_NONE)
		r = model_role_on_pmu(pmu, s->base);
	switch (r) {
	case ROLE_MEM_READ: case ROLE_MEM_WRITE: case ROLE_MEM_RW: return SKT_MEM;
	case ROLE_UPI: case ROLE_UPI_FLITS: return SKT_UPI;
	case ROLE_ENERGY_PKG: return SKT_PWR;
	case ROLE_ENERGY_RAM: return SKT_DRAM;
	case ROLE_L3_LOOKUP: case ROLE_L3_MISS: return SKT_L3;
	default: return 0;
	}
}

void app_skt_detect(struct app *a)
{
	struct app_skt *k = &a->skt;
	const char *core = "", *set;
	struct ev_error err;

	if (k->detected)
		return;
	k->detected = true;
	for (int p = 0; p < a->reg.n; p++)
		if (a->reg.pmus[p].kind == PMU_KIND_CORE) {
			core = a->reg.pmus[p].name;
			break;
		}
	set = settings_arch_events(core, a->topo.vendor, "uncore");
	/* each event on its own: a machine without one's PMU keeps the others */
	if (set[0] && evlist_add(&k->avail, EVO_SOCKETS, set, true, &a->reg, &a->topo, NULL, 0, &err) < 0)
		evlist_free(&k->avail);
	for (int e = 0; e < k->avail.flat.n; e++)
		k->has |= figure_of(&k->avail.flat.ev[e], &a->reg);
	if (k->avail.n == 0)
		snprintf(k->why, sizeof(k->why), "no memory bandwidth, UPI or power figures on this machine: "
			 "its kernel has no memory-controller, UPI or RAPL PMU");
}

/* The sockets' marks on a->evl become those of next, which holds the same events (the user counts
 * every one of them already): nothing to reopen, the entries only change hands. */
static int marks_only(struct app *a, struct evlist *next, bool want)
{
	evlist_free(next);
	if (!want) {
		evlist_drop_owner(&a->evl, EVO_SOCKETS);
		return 0;
	}
	return evlist_take(&a->evl, EVO_SOCKETS, &a->skt.avail);
}

int app_skt_show(struct app *a, bool want)
{
	struct app_skt *k = &a->skt;
	struct errmsg em = { 0 };
	struct evlist next;
	int r;

	app_skt_detect(a);
	if (want == k->on || (want && (k->avail.n == 0 || k->failed)))
		return 0;
	if ((r = evlist_copy(&next, &a->evl)) == 0) {
		if (want)
			r = evlist_take(&next, EVO_SOCKETS, &k->avail);
		else
			evlist_drop_owner(&next, EVO_SOCKETS);
	}
	if (r == 0 && next.flat.n == a->evl.flat.n)
		r = marks_only(a, &next, want);
	else if (r == 0)
		r = app_events_apply(a, &next, &em);
	else
		evlist_free(&next);
	a->evl_gen++;
	if (r < 0 && want) {
		k->failed = true;   /* said once, not retried every frame */
		snprintf(k->why, sizeof(k->why), "cannot count the memory and power events: %.200s",
			 errmsg_text(&em, r));
		snprintf(a->msg, sizeof(a->msg), "%s", k->why);
		return r;
	}
	if (r < 0) {
		snprintf(a->msg, sizeof(a->msg), "cannot stop the sockets' memory and power events: %.200s",
			 errmsg_text(&em, r));
		return r;
	}
	k->on = want;
	return 0;
}

void app_skt_free(struct app *a)
{
	evlist_free(&a->skt.avail);
}
