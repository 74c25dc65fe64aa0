/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_topdown.c: the top-down shares in batch output: JSON members and perf's CSV and text metric-only lines. */
#include "out_topdown.h"
#include "app/app.h"
#include "outbuf.h"
#include <math.h>
#include <stdio.h>
#include <string.h>


static void json_shares(struct outbuf *b, const double *o, const char *prefix, bool *first)
{
	for (int k = 0; k < TD_NSHARES; k++) {
		if (isnan(o[k]))
			continue;
		if (!*first)
			ob_char(b, ',');
		*first = false;
		ob_char(b, '"');
		ob_str(b, prefix);
		ob_str(b, td_shares[k].name);
		ob_str(b, "\":");
		ob_json_num(b, o[k]);
	}
}

void out_td_json(struct outbuf *b, const struct app *a, int c, int s, bool *first)
{
	const struct app_td *t = &a->td;
	int n = t->plan.n;
	char prefix[64];

	if (!t->cpu || !t->on)
		return;
	if (c >= 0) {
		json_shares(b, &t->cpu[(size_t)c * TD_NSHARES], "", first);
		return;
	}
	for (int i = 0; i < n; i++) {
		/* hybrid: one set per core type, "cpu_core.tma_retiring" */
		snprintf(prefix, sizeof(prefix), "%s%s", n > 1 ? t->plan.in[i].pmu_name : "", n > 1 ? "." : "");
		json_shares(b, s >= 0 ? &t->sock[((size_t)s * n + i) * TD_NSHARES] : &t->sys[(size_t)i * TD_NSHARES],
			    prefix, first);
	}
}

void out_td_csv(struct outbuf *b, const struct app *a, const char *sep)
{
	const struct app_td *t = &a->td;
	const struct frame *f = &a->model.cur;
	size_t sl = strlen(sep);
	char tbuf[32];

	if (!t->cpu || !t->on)
		return;
	snprintf(tbuf, sizeof(tbuf), "%16.9f", f->t);
	for (int k = 0; k < TD_NSHARES; k++)
		for (int c = 0; c < t->ncpus; c++) {
			double v = t->cpu[(size_t)c * TD_NSHARES + k];
			if (isnan(v))
				continue;
			/* a metric-only line as perf prints one: no value, unit, event, running or percent */
			ob_str(b, tbuf);
			ob_mem(b, sep, sl);
			ob_str(b, "CPU");
			ob_i64(b, a->model.cpu_ids[c]);
			for (int i = 0; i < 6; i++)
				ob_mem(b, sep, sl);
			ob_fixed(b, v, 2, "");
			ob_mem(b, sep, sl);
			ob_str(b, "% ");
			ob_str(b, td_shares[k].name);
			ob_char(b, '\n');
		}
}

void out_td_text(struct outbuf *b, const struct app *a)
{
	const struct app_td *t = &a->td;
	const struct frame *f = &a->model.cur;

	if (!t->cpu || !t->on)
		return;
	for (int c = 0; c < t->ncpus; c++)
		for (int k = 0; k < TD_NSHARES; k++) {
			double v = t->cpu[(size_t)c * TD_NSHARES + k];
			size_t start = b->len;
			char cpu[16];
			int n;

			if (isnan(v) || !f->online[c])
				continue;
			/* perf's metric line: the time and CPU, blank counts, unit and event, "#  41.6 %  tma_retiring" */
			ob_fixed(b, f->t, 9, "0");
			ob_pad_left(b, start, 16);
			n = snprintf(cpu, sizeof(cpu), " CPU%-4d", a->model.cpu_ids[c]);
			ob_mem(b, cpu, (size_t)n);
			for (int i = 0; i < 20 + 6 + 6 + 24; i++)
				ob_char(b, ' ');
			ob_str(b, "   #  ");
			start = b->len;
			ob_fixed(b, v, 1, "");
			ob_pad_left(b, start, 5);
			ob_str(b, " %  ");
			ob_str(b, td_shares[k].name);
			ob_char(b, '\n');
			ob_spill(b);
		}
}
