/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* summary.c: the whole run of -- COMMAND in the layout of perf stat -- COMMAND's end (perf 6.1's
 * stat-display.c: the count in 18 columns, the unit in 4, the name in 32, " # ", the comment). */
#include "summary.h"
#include "out/outbuf.h"
#include "app/app_wl.h"
#include "hw/model/model.h"
#include "hw/model/metrics.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define COMMENT_W 35   /* " # ", the figure (8), " ", its label (23) */
#define NONE_W 28      /* what perf leaves after an event it could not count */

static void pad_to(struct outbuf *b, size_t start, size_t width)
{
	while (b->len - start < width)
		ob_char(b, ' ');
}

static void number(struct outbuf *b, const char *fmt, double v)
{
	char s[64];
	int n = snprintf(s, sizeof(s), fmt, v);

	ob_mem(b, s, n < 0 ? 0 : (size_t)n < sizeof(s) ? (size_t)n : sizeof(s) - 1);
}

static bool is_clock(const struct mev *ev)
{
	return ev->role == ROLE_TASK_CLOCK || ev->role == ROLE_CPU_CLOCK || !strcmp(ev->name, "task-clock") ||
	       !strcmp(ev->name, "cpu-clock");
}

static bool counted(const struct ev_val *v)
{
	return v->state == EVS_OK && v->enabled && v->running;
}

/* perf's comment beside event e: the figure's printf format, its value and label; false for none. */
static bool comment(const struct model *m, const struct app_wl_run *run, const double *met, int e,
		    const char **fmt, double *val, const char **label)
{
	static const char *const rate[] = { "/sec", "K/sec", "M/sec", "G/sec" };
	const struct mev *ev = &m->ev[e];
	double ms = 0;
	int n = 0, u = 0, k;

	*fmt = "%8.3f";
	if (is_clock(ev)) {   /* the clock's time over the time elapsed */
		*val = run->elapsed > 0 ? run->tot[e].value / (run->elapsed * 1e3) : NAN;
		*label = "CPUs utilized";
		return isfinite(*val);
	}
	if ((k = metric_of_perf_role(ev->role)) >= 0) {   /* the metric table's: IPC, GHz, miss ratios */
		const struct metric_def *d = &metric_defs[k];

		*val = met[k];
		*fmt = !strcmp(d->unit, "%") ? "%7.2f%%" : d->perf_dec == 2 ? "%7.2f " : "%8.3f";
		*label = d->perf_unit;
		return isfinite(*val);
	}
	switch (ev->role) {
	case ROLE_NONE: case ROLE_BRANCHES: case ROLE_LLC_REFS: break;
	default: return false;
	}
	if (!strncmp(ev->name, "stalled-cycles-", 15) || !strncmp(ev->name, "topdown-", 8))
		return false;   /* perf has a comment of its own for these */
	/* perf's last resort: per second of the clock (their mean when both are counted) */
	for (int k = 0; k < run->nev && k < m->nev; k++)
		if (is_clock(&m->ev[k]) && counted(&run->tot[k]) && !strcmp(m->ev[k].unit, "msec")) {
			ms += run->tot[k].value;
			n++;
		}
	if (!n || ms <= 0)
		return false;
	*val = 1e3 * run->tot[e].value / (ms / n);
	for (; u < 3 && *val >= 1e3; u++)
		*val /= 1e3;
	*label = rate[u];
	return true;
}

void out_command_summary(struct outbuf *b, const struct model *m, char *const *argv, const struct app_wl_run *run)
{
	double met[NMETRICS];

	model_metrics(m, run->tot, run->elapsed, met, true);
	ob_str(b, "\n Performance counter stats for '");
	for (int i = 0; argv[i]; i++) {
		if (i)
			ob_char(b, ' ');
		ob_text(b, argv[i]);
	}
	ob_str(b, "':\n\n");
	if (run->since > 0) {   /* not perf's: some totals do not cover the whole run */
		ob_str(b, "   (events added ");
		number(b, "%.3f", run->since);
		ob_str(b, " seconds into the run count from then)\n\n");
	}
	for (int e = 0; e < run->nev && e < m->nev; e++) {
		const struct ev_val *v = &run->tot[e];
		const struct mev *ev = &m->ev[e];
		const char *fmt, *label;
		size_t start = b->len;
		double val;

		if (v->state == EVS_ABSENT)
			continue;   /* not counted per task (uncore, other owners') */
		if (v->state == EVS_UNSUPPORTED)
			ob_str(b, "   <not supported>");
		else if (!counted(v))
			ob_str(b, "     <not counted>");
		else
			number(b, *ev->unit ? "%'18.2f" : "%'18.0f", v->value);
		ob_char(b, ' ');
		start = b->len;
		ob_text(b, ev->unit);
		pad_to(b, start, 4);
		ob_char(b, ' ');
		start = b->len;
		ob_text(b, ev->name);
		pad_to(b, start, 32);
		start = b->len;
		if (counted(v) && comment(m, run, met, e, &fmt, &val, &label)) {
			ob_str(b, " # ");
			number(b, fmt, val);
			ob_char(b, ' ');
			ob_str(b, label);
			pad_to(b, start, COMMENT_W);
		} else {
			pad_to(b, start, counted(v) ? COMMENT_W : NONE_W);
		}
		if (counted(v) && v->running < v->enabled) {   /* multiplexed: the share of time counted */
			ob_str(b, "  (");
			number(b, "%.2f", 100.0 * (double)v->running / (double)v->enabled);
			ob_str(b, "%)");
		}
		ob_char(b, '\n');
	}
	ob_char(b, '\n');
	number(b, "%18.9f", run->elapsed);
	ob_str(b, " seconds time elapsed\n\n");
	number(b, "%18.9f", run->user);
	ob_str(b, " seconds user\n");
	number(b, "%18.9f", run->sys);
	ob_str(b, " seconds sys\n\n\n");
}
