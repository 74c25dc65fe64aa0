/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* out_csv.c: rows in the format of `perf stat -a -A -I MS -x SEP`, the recording header, and a text table. */
#include "app/app.h"
#include "app/app_wl.h"
#include "hw/model/metrics.h"
#include "output.h"
#include "out_topdown.h"
#include "hw/sys/cpulist.h"
#include "replay/replay.h"
#include <math.h>
#include <string.h>

/* The metric perf prints beside an event of role (the table's perf_role), its label and decimals. */
static int row_metric(int role, const double *met, double *val, const char **label, int *dec)
{
	int k = metric_of_perf_role(role);

	if (k < 0)
		return 0;
	*val = met[k];
	*label = metric_defs[k].perf_unit;
	*dec = metric_defs[k].perf_dec;
	return !isnan(*val);
}

static void time_field(struct outbuf *b, double t)
{
	size_t start = b->len;

	ob_fixed(b, t, 9, "0");
	ob_pad_left(b, start, 16);   /* perf right-aligns the time in 16 columns */
}

static void value_field(struct outbuf *b, const struct ev_val *v, const char *unit)
{
	if (v->state == EVS_UNSUPPORTED)
		ob_str(b, "<not supported>");
	else if (v->state != EVS_OK)
		ob_str(b, "<not counted>");
	else if (*unit)
		ob_fixed(b, v->value, 2, "nan");
	else
		ob_fixed(b, v->value, 0, "nan");
}

/* A row's count, unit and event fields, each followed by the separator. */
static void count_unit_name(struct outbuf *b, const struct ev_val *v, const struct mev *ev, const char *sep, size_t sl)
{
	value_field(b, v, ev->unit);
	ob_mem(b, sep, sl);
	ob_text(b, ev->unit);
	ob_mem(b, sep, sl);
	ob_text(b, ev->name);
	ob_mem(b, sep, sl);
}

/* A row's end: the metric and its name when there is one (else an empty field), the newline. */
static void metric_tail(struct outbuf *b, bool have, double mv, int dec, const char *ml, const char *sep, size_t sl)
{
	if (have) {
		ob_fixed(b, mv, dec, "");
		ob_mem(b, sep, sl);
		ob_str(b, ml);
	} else {
		ob_mem(b, sep, sl);
	}
	ob_char(b, '\n');
	ob_spill(b);
}

/* task-clock or cpu-clock (by name too: an event given twice has its role once) */
static bool is_clock(const struct mev *ev)
{
	return ev->role == ROLE_TASK_CLOCK || ev->role == ROLE_CPU_CLOCK || !strcmp(ev->name, "task-clock") ||
	       !strcmp(ev->name, "cpu-clock");
}

/* Whether perf stat gives the event a metric of its own (else its last resort, per second of the
 * clock): the roles of row_metric, the clocks, and the generic events its stat-shadow.c names
 * (by name too: an event given twice has its role once). */
static bool own_metric(const struct mev *ev)
{
	static const char *const named[] = { "cycles", "cpu-cycles", "instructions", "branch-misses",
		"cache-misses", "L1-dcache-load-misses", "L1-icache-load-misses",
		"dTLB-load-misses", "iTLB-load-misses", "LLC-load-misses", "stalled-cycles-frontend",
		"stalled-cycles-backend", "idle-cycles-frontend", "idle-cycles-backend" };

	if (metric_of_perf_role(ev->role) >= 0)
		return true;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(ev->name, named[i]) == 0)
			return true;
	return is_clock(ev) || strncmp(ev->name, "topdown-", 8) == 0;
}

/* perf stat's last resort beside an event counted in a row that counts task-clock or cpu-clock too:
 * the event per second of that clock (of their mean when both are), as "/sec", "K/sec", "M/sec"
 * or "G/sec". */
static bool per_clock_second(const struct model *m, const struct ev_val *row, double v, double *mv, const char **ml)
{
	static const char *const units[] = { "/sec", "K/sec", "M/sec", "G/sec" };
	double ms = 0;
	int u = 0, n = 0;

	for (int e = 0; e < m->nev; e++) {
		const struct ev_val *c = &row[e];

		if (is_clock(&m->ev[e]) && c->state == EVS_OK && strcmp(m->ev[e].unit, "msec") == 0) {
			/* as the row prints it (2 decimals, half up): a recording replays to the same rate */
			double x = c->value * 100, i = floor(x);

			ms += (i + (x - i >= 0.5)) / 100;
			n++;
		}
	}
	if (!n)
		return false;
	*mv = ms > 0 ? 1000 * v / (ms / n) : 0;
	for (; u < 3 && *mv > 1000; u++)
		*mv /= 1000;
	*ml = units[u];
	return true;
}

/* The metric perf stat prints beside event e of a row (row: its [nev] values, met: its metrics),
 * as (value, label, decimals): a clock's CPUs utilized, per second of the interval (perf -I
 * divides by the interval asked for, so its last, short interval reads low; a CPU's row by its
 * clock's enabled time, the interval as the kernel timed it on that CPU, which a recording
 * carries: interval 0); the roles' own (IPC, GHz, miss ratios); else the event per second of
 * the row's clock. false when none. */
static bool perf_metric(const struct model *m, int e, const struct ev_val *row, const double *met, double interval,
			double *mv, const char **ml, int *dec)
{
	const struct mev *ev = &m->ev[e];
	const struct ev_val *v = &row[e];

	*mv = NAN;
	*ml = "";
	*dec = 3;
	if (v->state != EVS_OK)
		return false;
	if (is_clock(ev)) {
		if (interval == 0)
			interval = (double)v->enabled / 1e9;
		*mv = interval > 0 ? v->value / (interval * 1000) : NAN;
		*ml = "CPUs utilized";
	} else if (!own_metric(ev)) {
		if (!per_clock_second(m, row, v->value, mv, ml))
			*mv = NAN;
	} else if (!row_metric(ev->role, met, mv, ml, dec)) {
		*mv = NAN;
	}
	return !isnan(*mv);
}

/* The workloads' rows (frame.wl) as perf stat writes them: -p PID or -- COMMAND alone as perf stat -p
 * (no target column), several processes or threads as perf stat --per-thread (COMM-PID first), cgroups
 * as perf stat -a -G (the cgroup after the event, as -G named it). A clock's metric is CPUs utilized,
 * per second of the interval, as perf's; an event without a metric of its own, per second of the
 * row's clock. What did not run in the interval reads <not counted> (the row is idle). */
static void csv_workloads(struct outbuf *b, const struct app *a, const char *sep)
{
	const struct model *m = &a->model;
	const struct frame *f = &m->cur;
	const struct app_wl_opts *o = &a->opt.wl;
	bool one = o->npids + o->ntids + (o->command != NULL) == 1;
	size_t sl = strlen(sep);

	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];

		for (int i = 0; i < f->nwl; i++) {
			const struct wl_row *w = &f->wl[i];
			const struct ev_val *v = &w->ev[e];
			double mv;
			const char *ml;
			int dec;
			bool have;

			if (v->state == EVS_ABSENT)
				continue;
			time_field(b, f->t);
			ob_mem(b, sep, sl);
			if (w->kind != WL_CGROUP && !one) {
				ob_field(b, w->comm, sep);   /* a name holding the separator keeps the row whole */
				ob_char(b, '-');
				ob_i64(b, w->pid);
				ob_mem(b, sep, sl);
			}
			count_unit_name(b, v, ev, sep, sl);
			if (w->kind == WL_CGROUP) {
				ob_field(b, w->name, sep);
				ob_mem(b, sep, sl);
			}
			ob_u64(b, v->running);
			ob_mem(b, sep, sl);
			ob_fixed(b, !isnan(v->pct) ? v->pct : 100, 2, "0.00");
			ob_mem(b, sep, sl);
			have = perf_metric(m, e, w->ev, w->m, f->interval, &mv, &ml, &dec);
			metric_tail(b, have, mv, dec, ml, sep, sl);
		}
	}
}

void out_csv_frame(struct outbuf *b, const struct app *a, const char *sep)
{
	const struct model *m = &a->model;
	const struct frame *f = &m->cur;
	size_t sl = strlen(sep);

	if (app_wl_wanted(a)) {   /* -p, -t, -G, -- COMMAND: their rows, as perf stat -p / -G writes them */
		csv_workloads(b, a, sep);
		return;
	}

	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];
		for (int c = 0; c < m->ncpus; c++) {
			const struct ev_val *v = &f->cpu[(size_t)c * m->nev + e];
			double mv;
			const char *ml;
			int dec;
			bool have;

			if (!f->online[c] || v->state == EVS_ABSENT)
				continue;
			time_field(b, f->t);
			ob_mem(b, sep, sl);
			ob_str(b, "CPU");
			ob_i64(b, m->cpu_ids[c]);
			ob_mem(b, sep, sl);
			count_unit_name(b, v, ev, sep, sl);
			/* perf prints 100 * run / ena, and 100.00 when run == ena: an event the kernel
			 * refused ran and was enabled 0 ns, so its row reads "<not supported>,,ev,0,100.00" */
			ob_u64(b, v->running);
			ob_mem(b, sep, sl);
			ob_fixed(b, !isnan(v->pct) ? v->pct : v->state == EVS_UNSUPPORTED ? 100 : 0, 2, "0.00");
			ob_mem(b, sep, sl);
			have = perf_metric(m, e, &f->cpu[(size_t)c * m->nev], &f->cpu_m[(size_t)c * NMETRICS], 0,
					   &mv, &ml, &dec);
			metric_tail(b, have, mv, dec, ml, sep, sl);
		}
	}
	out_td_csv(b, a, sep);
}

void out_csv_header(struct outbuf *b, const struct app *a)
{
	const struct model *m = &a->model;
	char list[4096];

	ob_str(b, REPLAY_MAGIC "\n# source: ");
	ob_text(b, a->source_label);
	ob_str(b, "\n# cpu-model: ");
	ob_text(b, a->topo.model[0] ? a->topo.model : "unknown");
	ob_str(b, "\n# interval-ms: ");
	ob_fixed(b, a->interval * 1000, 0, "0");
	ob_str(b, "\n# sockets: ");
	ob_i64(b, m->nsock);
	ob_str(b, "\n# pmus:");
	for (int p = 0; p < a->reg.n; p++) {
		ob_str(b, p ? "," : " ");
		ob_text(b, a->reg.pmus[p].name);
	}
	ob_str(b, "\n# topology: cpu,socket,core\n");
	for (int c = 0; c < m->ncpus; c++) {
		ob_str(b, "# cpu ");
		ob_i64(b, m->cpu_ids[c]);
		ob_char(b, ',');
		ob_i64(b, m->sock_ids[m->cpu_sock[c]]);
		ob_char(b, ',');
		ob_i64(b, m->cpu_core[c]);
		ob_char(b, '\n');
	}
	if (cpulist_format(m->cpu_ids, m->ncpus, list, sizeof(list)) == 0) {
		ob_str(b, "# cpus: ");
		ob_str(b, list);
		ob_char(b, '\n');
	}
}

/* Counts not from this machine's kernel (a simulated machine, a recording) say so above the column
 * heads, as -x's header and the JSON's "source" do: "# source: SIMULATED: spr-2s". */
static void text_source(struct outbuf *b, const struct app *a)
{
	if (!strcmp(a->source_label, "live"))
		return;
	ob_str(b, "# source: ");
	ob_text(b, a->source_label);
	ob_char(b, '\n');
}

/* The workloads' rows as text: time, the process (COMM-PID) or cgroup, count, unit, event. The names
 * in base/printable's reversible form, their spaces as \x20. */
static void text_workloads(struct outbuf *b, const struct app *a)
{
	const struct model *m = &a->model;
	const struct frame *f = &m->cur;

	if (f->seq % 25 == 1) {
		text_source(b, a);
		ob_str(b, "#           time target                                   counts unit events\n");
	}
	for (int e = 0; e < m->nev; e++)
		for (int i = 0; i < f->nwl; i++) {
			const struct wl_row *w = &f->wl[i];
			char who[96];
			size_t start;
			int n;

			if (w->ev[e].state == EVS_ABSENT)
				continue;
			time_field(b, f->t);
			if (w->kind != WL_CGROUP)
				snprintf(who, sizeof(who), "%s-%d", w->comm, w->pid);
			ob_char(b, ' ');
			start = b->len;
			/* a cgroup as -G named it; a space as \x20, as the padding after it is spaces: the
			 * column is one word, and names that differ by a space at the end stay different */
			ob_field(b, w->kind == WL_CGROUP ? w->name : who, " ");
			for (n = (int)(b->len - start); n < 30; n++)
				ob_char(b, ' ');
			start = b->len;
			value_field(b, &w->ev[e], m->ev[e].unit);
			ob_pad_left(b, start, 20);
			ob_str(b, "      ");
			ob_text(b, m->ev[e].unit);
			for (size_t k = strlen(m->ev[e].unit); k < 6; k++)
				ob_char(b, ' ');
			ob_text(b, m->ev[e].name);
			if (w->why) {
				ob_str(b, "   # not counted: ");
				ob_text(b, w->why);
			} else if (w->exited) {
				ob_str(b, "   # exited");
			}
			ob_char(b, '\n');
			ob_spill(b);
		}
}

void out_text_frame(struct outbuf *b, const struct app *a)
{
	const struct model *m = &a->model;
	const struct frame *f = &m->cur;

	if (app_wl_wanted(a)) {   /* -p, -t, -G, -- COMMAND: their rows, as perf stat -p prints them */
		text_workloads(b, a);
		return;
	}

	/* perf stat -I -A heads the first interval's rows with this line, and again every 25 */
	if (f->seq % 25 == 1) {
		text_source(b, a);
		ob_str(b, "#           time CPU                    counts unit events\n");
	}

	for (int e = 0; e < m->nev; e++) {
		const struct mev *ev = &m->ev[e];
		for (int c = 0; c < m->ncpus; c++) {
			const struct ev_val *v = &f->cpu[(size_t)c * m->nev + e];
			char cpu[16];
			double mv;
			const char *ml;
			int dec, n;
			size_t start;

			if (!f->online[c] || v->state == EVS_ABSENT)
				continue;
			time_field(b, f->t);
			n = snprintf(cpu, sizeof(cpu), " CPU%-4d", m->cpu_ids[c]);
			ob_mem(b, cpu, (size_t)n);
			start = b->len;
			value_field(b, v, ev->unit);
			ob_pad_left(b, start, 20);
			ob_str(b, "      ");
			ob_text(b, ev->unit);
			for (size_t i = strlen(ev->unit); i < 6; i++)
				ob_char(b, ' ');
			ob_text(b, ev->name);
			if (perf_metric(m, e, &f->cpu[(size_t)c * m->nev], &f->cpu_m[(size_t)c * NMETRICS], 0, &mv, &ml,
					&dec)) {
				ob_str(b, "   #  ");
				ob_fixed(b, mv, dec, "");
				ob_char(b, ' ');
				ob_str(b, ml);
			}
			if (v->state == EVS_OK && v->pct < 99.995) {
				ob_str(b, "   (");
				ob_fixed(b, v->pct, 2, "");
				ob_str(b, "%)");
			}
			ob_char(b, '\n');
			ob_spill(b);
		}
	}
	out_td_text(b, a);
}
