/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cores_rdt.c: the cores view's RDT columns from the session's per-CPU resctrl groups. */
#include "cores_rdt.h"
#include <math.h>
#include "app/session.h"
#include "ui/widgets/cols.h"
#include "rdt.h"
#include "view.h"

/* The per-CPU figures, NULL when there are none for this model (no --rdt-cpu-groups, no
 * resctrl, a recording). */
static const struct app_rdt *per_cpu(struct ui *u)
{
	const struct app_rdt *r = session_rdt(u->a);

	if (!r || !r->nmade || !r->cpu_occ || r->ncpu != session_model(u->a)->ncpus)
		return NULL;
	return r;
}

int ui_cores_rdt_cols(struct ui *u, struct ui_col *cols, int n, int max)
{
	return per_cpu(u) ? ui_cols_add_rdt(cols, n, max) : n;
}

static const double *figs(const struct app_rdt *r, int idx)
{
	return idx == RDT_OCC ? r->cpu_occ : idx == RDT_TOTAL ? r->cpu_total : r->cpu_local;
}

double ui_cores_rdt_val(struct ui *u, int idx, const int *cpus, int n)
{
	const struct app_rdt *r = per_cpu(u);
	double sum = 0;

	if (!r || n <= 0)
		return NAN;
	for (int k = 0; k < n; k++) {
		if (cpus[k] < 0 || cpus[k] >= r->ncpu || isnan(figs(r, idx)[cpus[k]]))
			return NAN;
		sum += figs(r, idx)[cpus[k]];
	}
	return sum;
}

double ui_cores_rdt_all(struct ui *u, int idx)
{
	const struct app_rdt *r = per_cpu(u);

	if (!r)
		return NAN;
	return idx == RDT_OCC ? r->sys.occ : idx == RDT_TOTAL ? r->sys.total : r->sys.local;
}

void ui_cores_rdt_text(int idx, double v, char *buf, size_t len)
{
	if (idx == RDT_OCC)
		ui_rdt_bytes(v, buf, (int)len);
	else
		ui_rdt_rate(v, buf, (int)len);
}
