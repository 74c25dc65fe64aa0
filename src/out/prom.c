/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prom.c: Prometheus text 0.0.4 and OpenMetrics 1.0 exposition of a frame, and the totals behind
 * its counters. Label text is escaped once per event and once per CPU, then copied per series.
 * The families of the cgroups and of RDT's groups are prom_groups.c's. */
#include "prom.h"
#include "base/printable.h"
#include "prom_impl.h"
#include "hw/model/metrics.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/clock.h"

/* ---- totals ---- */

void prom_totals_free(struct prom_totals *t)
{
	for (int i = 0; t->names && i < 2 * t->nev; i++)
		free(t->names[i]);
	free(t->names);
	free(t->cpu_ids);
	free(t->cpu);
	free(t->sock);
	free(t->irq);
	prom_cg_totals_free(t);
	uint64_t resets = t->resets;
	int cg_top = t->cg_top;
	memset(t, 0, sizeof(*t));
	t->resets = resets;
	t->cg_top = cg_top;
}

static bool same_list(const struct prom_totals *t, const struct model *m)
{
	if (!t->cpu || t->ncpus != m->ncpus || t->nev != m->nev || t->nsock != m->nsock)
		return false;
	for (int c = 0; c < m->ncpus; c++)
		if (t->cpu_ids[c] != m->cpu_ids[c])
			return false;
	for (int e = 0; e < m->nev; e++)
		if (strcmp(t->names[2 * e], m->ev[e].name) != 0 || strcmp(t->names[2 * e + 1], m->ev[e].pmu) != 0)
			return false;
	return true;
}

static int totals_reset(struct prom_totals *t, const struct model *m)
{
	size_t ncell = (size_t)m->ncpus * (size_t)m->nev, nsu = (size_t)m->nsock * NMETRICS;

	prom_totals_free(t);
	t->resets++;
	t->ncpus = m->ncpus;
	t->nev = m->nev;
	t->nsock = m->nsock;
	t->names = calloc((size_t)(2 * m->nev) + 1, sizeof(char *));
	t->cpu_ids = malloc(((size_t)m->ncpus + 1) * sizeof(int));
	t->cpu = malloc((ncell + 1) * sizeof(double));
	t->sock = malloc((nsu + 1) * sizeof(double));
	t->irq = malloc(((size_t)m->ncpus + 1) * sizeof(double));
	if (!t->names || !t->cpu_ids || !t->cpu || !t->sock || !t->irq)
		goto oom;
	for (int e = 0; e < m->nev; e++) {
		t->names[2 * e] = strdup(m->ev[e].name);
		t->names[2 * e + 1] = strdup(m->ev[e].pmu);
		if (!t->names[2 * e] || !t->names[2 * e + 1])
			goto oom;
	}
	memcpy(t->cpu_ids, m->cpu_ids, (size_t)m->ncpus * sizeof(int));
	for (size_t i = 0; i < ncell; i++)
		t->cpu[i] = NAN;   /* NAN until counted once */
	for (size_t i = 0; i < nsu; i++)
		t->sock[i] = NAN;
	for (int c = 0; c < m->ncpus; c++)
		t->irq[c] = NAN;
	return 0;
oom:
	prom_totals_free(t);
	return -ENOMEM;
}

void prom_add_to(double *total, double v)
{
	*total = isnan(*total) ? v : *total + v;
}

int prom_totals_add(struct prom_totals *t, const struct model *m)
{
	const struct frame *f = &m->cur;

	if (f->seq == 0 || !f->cpu)
		return 0;
	if (!same_list(t, m) || f->seq < t->last_seq) {
		if (totals_reset(t, m) < 0)
			return -ENOMEM;
	} else if (f->seq == t->last_seq) {
		return 0;
	}
	t->last_seq = f->seq;
	for (int c = 0; c < m->ncpus; c++) {
		const struct ev_val *row = &f->cpu[(size_t)c * m->nev];
		if (!f->online[c])
			continue;
		for (int e = 0; e < m->nev; e++)
			if (row[e].state == EVS_OK && isfinite(row[e].value))
				prom_add_to(&t->cpu[(size_t)c * m->nev + e], row[e].value);
		if (f->swr && f->swr[(size_t)c * SWR_N + SWR_NIRQ] > 0)
			prom_add_to(&t->irq[c], f->swr[(size_t)c * SWR_N + SWR_IRQ]);
	}
	/* the socket metrics the exporter counts back to the amounts of the interval: bytes, joules */
	for (int s = 0; s < m->nsock; s++)
		for (int k = 0; k < NMETRICS; k++) {
			double v = f->sock_m[(size_t)s * NMETRICS + k];
			if (metric_defs[k].prom_kind == MPROM_COUNTER && isfinite(v) && isfinite(f->interval))
				prom_add_to(&t->sock[(size_t)s * NMETRICS + k], v * metric_defs[k].prom_scale * f->interval);
		}
	return prom_cg_totals_add(t, m);
}

/* ---- text ---- */

/* A piece of base/printable's text put into a label value: its backslashes (the escapes' and none
 * other: printable escapes a name's own as \\) and quotes escaped as the exposition formats require. */
static void put_label(void *ctx, const char *p, size_t len)
{
	struct outbuf *b = ctx;

	for (size_t i = 0; i < len; i++) {
		if (p[i] == '\\' || p[i] == '"')
			ob_char(b, '\\');
		ob_char(b, p[i]);
	}
}

void prom_label_value(struct outbuf *b, const char *s)
{
	printable_each(s, strlen(s), put_label, b);
}

/* A sample value: integers exactly, others with enough digits for rates and ratios. */
void prom_num(struct outbuf *b, double v)
{
	char tmp[40];

	if (v == floor(v) && fabs(v) < 9e15) {
		ob_i64(b, (int64_t)v);
		return;
	}
	if (fabs(v) >= 1e15 || fabs(v) < 1e-3) {
		/* big totals keep every digit; small gauges need no more than 9 */
		ob_mem(b, tmp, (size_t)snprintf(tmp, sizeof(tmp), fabs(v) >= 1e15 ? "%.17g" : "%.9g", v));
		return;
	}
	ob_fixed_trimmed(b, v, fabs(v) >= 1e6 ? 3 : 9, "NaN");
}

/* # HELP and # TYPE of a family. A counter's samples end in _total; the text format names the
 * family by its samples, OpenMetrics without the suffix. */
void prom_family(struct outbuf *b, int fmt, const char *name, bool counter, const char *help)
{
	const char *suffix = counter && fmt == PROM_TEXT ? "_total" : "";

	ob_str(b, "# HELP ");
	ob_str(b, name);
	ob_str(b, suffix);
	ob_char(b, ' ');
	ob_str(b, help);
	ob_str(b, "\n# TYPE ");
	ob_str(b, name);
	ob_str(b, suffix);
	ob_str(b, counter ? " counter\n" : " gauge\n");
}

/* Label fragments, escaped once: `event="..",pmu=".."` per event, `cpu="..",...` per CPU,
 * `socket=".."` per socket. A label whose value is unknown or empty is left out, never written as
 * "": pmu for perf's generic events and a recording's, socket and core for a recording without
 * its topology, core_type where the core PMU is not known. */
struct labels {
	struct outbuf text;
	size_t *ev, *cpu, *sock;   /* offsets, [n + 1] each */
};

static void lab_int(struct outbuf *b, const char *name, int v)
{
	ob_str(b, name);
	ob_str(b, "=\"");
	ob_i64(b, v);
	ob_char(b, '"');
}

static void lab_str(struct outbuf *b, const char *name, const char *v)
{
	if (!v || !*v)
		return;
	ob_char(b, ',');
	ob_str(b, name);
	ob_str(b, "=\"");
	prom_label_value(b, v);
	ob_char(b, '"');
}

static int labels_build(struct labels *l, const struct model *m, const struct prom_info *info)
{
	ob_init(&l->text, 64 * (size_t)(m->nev + m->ncpus + m->nsock + 1));
	l->ev = malloc(((size_t)m->nev + 1) * sizeof(size_t));
	l->cpu = malloc(((size_t)m->ncpus + 1) * sizeof(size_t));
	l->sock = malloc(((size_t)m->nsock + 1) * sizeof(size_t));
	if (!l->ev || !l->cpu || !l->sock)
		return -ENOMEM;
	for (int e = 0; e < m->nev; e++) {
		l->ev[e] = l->text.len;
		ob_str(&l->text, "event=\"");
		prom_label_value(&l->text, m->ev[e].name);
		ob_char(&l->text, '"');
		lab_str(&l->text, "pmu", m->ev[e].pmu);
	}
	l->ev[m->nev] = l->text.len;
	for (int c = 0; c < m->ncpus; c++) {
		int sock = m->sock_ids[m->cpu_sock[c]];
		l->cpu[c] = l->text.len;
		lab_int(&l->text, "cpu", m->cpu_ids[c]);
		if (sock >= 0) {
			ob_char(&l->text, ',');
			lab_int(&l->text, "socket", sock);
		}
		if (m->cpu_core[c] >= 0) {
			ob_char(&l->text, ',');
			lab_int(&l->text, "core", m->cpu_core[c]);
		}
		lab_str(&l->text, "core_type", info && info->core_type ? info->core_type[c] : NULL);
	}
	l->cpu[m->ncpus] = l->text.len;
	for (int s = 0; s < m->nsock; s++) {
		l->sock[s] = l->text.len;
		if (m->sock_ids[s] >= 0)
			lab_int(&l->text, "socket", m->sock_ids[s]);
	}
	l->sock[m->nsock] = l->text.len;
	return l->text.oom ? -ENOMEM : 0;
}

static void labels_free(struct labels *l)
{
	ob_free(&l->text);
	free(l->ev);
	free(l->cpu);
	free(l->sock);
}

/* NAME{A,B,EXTRA} VALUE: the fragments a (of off_a) and b (of off_b, may be NULL) and extra (may
 * be NULL), the empty ones left out, no braces when all are. */
void prom_sample(struct outbuf *b, const char *name, const struct labels *l, const size_t *off_a, int a,
		 const size_t *off_b, int i, const char *extra, double v)
{
	size_t na = off_a ? off_a[a + 1] - off_a[a] : 0, nb = off_b ? off_b[i + 1] - off_b[i] : 0;
	bool any = false;

	ob_str(b, name);
	if (na) {
		ob_char(b, '{');
		ob_mem(b, l->text.p + off_a[a], na);
		any = true;
	}
	if (nb) {
		ob_char(b, any ? ',' : '{');
		ob_mem(b, l->text.p + off_b[i], nb);
		any = true;
	}
	if (extra && *extra) {
		ob_char(b, any ? ',' : '{');
		ob_str(b, extra);
		any = true;
	}
	ob_str(b, any ? "} " : " ");
	prom_num(b, v);
	ob_char(b, '\n');
}

#define FREQ_HELP "the clock over the last interval: cycles counted per second where cycles are " \
	"counted (clock=\"cycles\"; cycles stop in idle states, so a CPU idle part of the interval reads " \
	"low), else the kernel's (clock=\"cpufreq\": scaling_cur_freq; clock=\"cpuinfo\": /proc/cpuinfo, " \
	"on most virtual machines a constant)"

/* One frequency per CPU or socket: from the cycles counted when they are, else the kernel's. */
static bool frequency(const double *met, const struct prom_info *info, double *v, const char **clock)
{
	if (isfinite(met[M_GHZ])) {
		*v = met[M_GHZ] * 1e9;
		*clock = "clock=\"cycles\"";
		return true;
	}
	if (isfinite(met[M_MHZ]) && info && info->kernel_clock) {
		*v = met[M_MHZ] * 1e6;
		*clock = strcmp(info->kernel_clock, "cpufreq") ? "clock=\"cpuinfo\"" : "clock=\"cpufreq\"";
		return true;
	}
	return false;
}

static void series_gauges(struct outbuf *b, const struct model *m, const struct labels *l,
			  const struct prom_info *info, int fmt, bool per_socket)
{
	const struct frame *f = &m->cur;
	int n = per_socket ? m->nsock : m->ncpus;
	const double *met = per_socket ? f->sock_m : f->cpu_m;
	const size_t *off = per_socket ? l->sock : l->cpu;
	const char *clock, *name = per_socket ? "pmutop_socket_frequency_hertz" : "pmutop_frequency_hertz";
	char help[512];
	double v;

	snprintf(help, sizeof(help), "%s%s", per_socket ? "per socket (from the sums of its CPUs' counts, or "
		 "the mean of their clocks): " : "", FREQ_HELP);
	prom_family(b, fmt, name, false, help);
	for (int i = 0; i < n; i++)
		if ((per_socket || f->online[i]) && frequency(&met[(size_t)i * NMETRICS], info, &v, &clock))
			prom_sample(b, name, l, off, i, NULL, 0, clock, v);
	/* the table's gauges: per CPU as pmutop_NAME, per socket as pmutop_socket_NAME, in base units */
	for (int g = 0; g < NMETRICS; g++) {
		const struct metric_def *d = &metric_defs[g];
		const char *fam = per_socket ? d->prom_socket : d->prom_cpu;

		if (!fam || d->prom_kind != MPROM_GAUGE)
			continue;
		snprintf(help, sizeof(help), "%s%s", per_socket ? "per socket (from the sums of its CPUs' counts): " : "",
			 d->help);
		prom_family(b, fmt, fam, false, help);
		for (int i = 0; i < n; i++) {
			v = met[(size_t)i * NMETRICS + g];
			if ((per_socket || f->online[i]) && isfinite(v))
				prom_sample(b, fam, l, off, i, NULL, 0, NULL, v * d->prom_scale);
		}
	}
}

/* Top-down shares as 0..1 ratios with the share's perf name as a label; none when not counted. */
static void series_topdown(struct outbuf *b, const struct model *m, const struct labels *l,
			   const struct prom_info *info, int fmt)
{
	const struct frame *f = &m->cur;
	char metric[96];

	if (!info || !info->td_cpu || !info->td_names || info->td_n <= 0)
		return;
	if (!info->no_cpu_gauges) {
		prom_family(b, fmt, "pmutop_topdown_ratio", false, "share of the CPU's pipeline slots over the last "
			    "interval (0..1), by top-down metric (perf's tma_ names)");
		for (int c = 0; c < m->ncpus; c++)
			for (int k = 0; k < info->td_n; k++) {
				double v = info->td_cpu[(size_t)c * (size_t)info->td_n + (size_t)k];
				if (!f->online[c] || !isfinite(v))
					continue;
				snprintf(metric, sizeof(metric), "metric=\"%s\"", info->td_names[k]);
				prom_sample(b, "pmutop_topdown_ratio", l, l->cpu, c, NULL, 0, metric, v / 100);
			}
	}
	if (!info->td_sock || !info->td_inst || info->td_ninst <= 0)
		return;
	prom_family(b, fmt, "pmutop_socket_topdown_ratio", false, "per socket and core type (from the sums of "
		    "its CPUs' counts): share of pipeline slots over the last interval (0..1)");
	for (int s = 0; s < m->nsock; s++)
		for (int i = 0; i < info->td_ninst; i++)
			for (int k = 0; k < info->td_n; k++) {
				size_t at = ((size_t)s * (size_t)info->td_ninst + (size_t)i) * (size_t)info->td_n + (size_t)k;
				struct outbuf ex;
				double v = info->td_sock[at];
				if (!isfinite(v))
					continue;
				ob_init(&ex, 128);
				ob_str(&ex, "core_type=\"");
				prom_label_value(&ex, info->td_inst[i]);
				ob_str(&ex, "\",metric=\"");
				prom_label_value(&ex, info->td_names[k]);
				ob_char(&ex, '"');
				ob_char(&ex, '\0');
				if (!ex.oom)
					prom_sample(b, "pmutop_socket_topdown_ratio", l, l->sock, s, NULL, 0, ex.p, v / 100);
				ob_free(&ex);
			}
}

/* The event totals, one counter family per unit so that none mixes units: counts, seconds
 * (the software clocks, which perf and the recordings give in msec), joules (RAPL), bytes (the
 * memory controllers' MiB); a unit pmutop does not know keeps its values, labelled with it. */
static const struct {
	const char *unit, *family;
	double scale;
} units[] = {
	{ "", "pmutop_event", 1 },
	{ "msec", "pmutop_event_seconds", 1e-3 }, { "ms", "pmutop_event_seconds", 1e-3 },
	{ "usec", "pmutop_event_seconds", 1e-6 }, { "us", "pmutop_event_seconds", 1e-6 },
	{ "nsec", "pmutop_event_seconds", 1e-9 }, { "ns", "pmutop_event_seconds", 1e-9 },
	{ "sec", "pmutop_event_seconds", 1 }, { "s", "pmutop_event_seconds", 1 },
	{ "Joules", "pmutop_event_joules", 1 }, { "J", "pmutop_event_joules", 1 },
	{ "MiB", "pmutop_event_bytes", 1048576.0 }, { "KiB", "pmutop_event_bytes", 1024.0 },
	{ "GiB", "pmutop_event_bytes", 1073741824.0 }, { "MB", "pmutop_event_bytes", 1e6 },
	{ "B", "pmutop_event_bytes", 1 }, { "Bytes", "pmutop_event_bytes", 1 }, { "bytes", "pmutop_event_bytes", 1 },
};
#define NUNITS (sizeof(units) / sizeof(units[0]))
static const struct {
	const char *family, *help;
} unit_families[] = {
	{ "pmutop_event", "events counted since pmutop started (or its event list last changed), per CPU (the sum of each interval's "
	  "scaled count; an interval that was multiplexed adds an estimate)" },
	{ "pmutop_event_seconds", "time counted by clock events (cpu-clock, task-clock) since pmutop "
	  "started, per CPU, in seconds" },
	{ "pmutop_event_joules", "energy counted by energy events (RAPL) since pmutop started (or its event list last changed), in joules" },
	{ "pmutop_event_bytes", "bytes counted by events the kernel gives in bytes or MiB (memory "
	  "controllers) since pmutop started (or its event list last changed)" },
	{ "pmutop_event_scaled", "events in a unit pmutop does not convert (label unit, from the kernel's "
	  ".unit file or the recording), since pmutop started (or its event list last changed)" },
};

static int unit_of(const char *unit)
{
	for (size_t u = 0; u < NUNITS; u++)
		if (!strcmp(unit ? unit : "", units[u].unit))
			return (int)u;
	return -1;
}

/* unit="..." for an event in a unit pmutop does not convert (u < 0), else "" */
static void unit_label(char *unit, size_t n, int u, const char *evunit)
{
	struct outbuf ub;

	unit[0] = '\0';
	if (u >= 0)
		return;
	ob_init(&ub, 64);
	ob_str(&ub, "unit=\"");
	prom_label_value(&ub, evunit);
	ob_char(&ub, '"');
	snprintf(unit, n, "%.*s", ub.oom ? 0 : (int)ub.len, ub.p ? ub.p : "");
	ob_free(&ub);
}

static void series_totals(struct outbuf *b, const struct model *m, const struct prom_totals *t,
			  const struct labels *l, int fmt, bool have)
{
	const struct frame *f = &m->cur;
	char name[96], unit[160];

	for (size_t k = 0; k < sizeof(unit_families) / sizeof(unit_families[0]); k++) {
		bool any = k == 0;   /* counts always have their family, the others only when counted */
		for (int e = 0; !any && e < m->nev; e++) {
			int u = unit_of(m->ev[e].unit);
			any = u >= 0 ? !strcmp(units[u].family, unit_families[k].family) : k == 4;
		}
		if (!any)
			continue;
		prom_family(b, fmt, unit_families[k].family, true, unit_families[k].help);
		snprintf(name, sizeof(name), "%s_total", unit_families[k].family);
		for (int e = 0; have && e < m->nev; e++) {
			int u = unit_of(m->ev[e].unit);
			if (u >= 0 ? strcmp(units[u].family, unit_families[k].family) != 0 : k != 4)
				continue;
			unit_label(unit, sizeof(unit), u, m->ev[e].unit);
			for (int c = 0; c < m->ncpus; c++) {
				const struct ev_val *v = &f->cpu[(size_t)c * m->nev + e];
				double tot = t->cpu[(size_t)c * m->nev + e];
				if (f->online[c] && v->state == EVS_OK && !isnan(tot))
					prom_sample(b, name, l, l->ev, e, l->cpu, c, unit, tot * (u >= 0 ? units[u].scale : 1));
			}
		}
	}
}

/* The same totals per socket (pmutop_socket_event_total...): each event's per-CPU totals summed
 * over the socket's CPUs, in the same unit, from the same totals as the per-CPU families of this
 * scrape. A CPU offline or not counting this frame keeps its total in the sum (its per-CPU series
 * is left out), so that the socket's counter never goes down. With them the CPUs online per
 * socket, which a fleet divides the cpu-clock seconds by. A fleet query reads a few series per
 * host from these instead of one per CPU and event. */
static void series_socket_totals(struct outbuf *b, const struct model *m, const struct prom_totals *t,
				 const struct labels *l, int fmt)
{
	const struct frame *f = &m->cur;
	char fam[96], name[112], unit[160], help[400];

	for (size_t k = 0; k < sizeof(unit_families) / sizeof(unit_families[0]); k++) {
		bool fam_done = false;
		snprintf(fam, sizeof(fam), "pmutop_socket_%s", unit_families[k].family + strlen("pmutop_"));
		snprintf(name, sizeof(name), "%s_total", fam);
		for (int e = 0; e < m->nev; e++) {
			int u = unit_of(m->ev[e].unit);
			if (u >= 0 ? strcmp(units[u].family, unit_families[k].family) != 0 : k != 4)
				continue;
			unit_label(unit, sizeof(unit), u, m->ev[e].unit);
			for (int s = 0; s < m->nsock; s++) {
				double sum = NAN;
				for (int c = 0; c < m->ncpus; c++)
					if (m->cpu_sock[c] == s && !isnan(t->cpu[(size_t)c * m->nev + e]))
						prom_add_to(&sum, t->cpu[(size_t)c * m->nev + e]);
				if (isnan(sum))
					continue;
				if (!fam_done) {
					snprintf(help, sizeof(help), "per socket: the sum over the socket's CPUs of %s_total "
						 "(a CPU offline this interval keeps its total in the sum)", unit_families[k].family);
					prom_family(b, fmt, fam, true, help);
					fam_done = true;
				}
				prom_sample(b, name, l, l->ev, e, l->sock, s, unit, sum * (u >= 0 ? units[u].scale : 1));
			}
		}
	}
	prom_family(b, fmt, "pmutop_socket_cpus", false, "CPUs of the socket online over the last interval "
		    "(the CPUs its pmutop_socket_event* counters grew on)");
	for (int s = 0; s < m->nsock; s++) {
		int n = 0;
		for (int c = 0; c < m->ncpus; c++)
			n += m->cpu_sock[c] == s && f->online[c];
		prom_sample(b, "pmutop_socket_cpus", l, l->sock, s, NULL, 0, NULL, n);
	}
}

static void series_frame(struct outbuf *b, const struct model *m, const struct prom_totals *t,
			 const struct labels *l, const struct prom_info *info, int fmt)
{
	const struct frame *f = &m->cur;
	bool have = t && t->last_seq == f->seq && t->cpu && t->ncpus == m->ncpus && t->nev == m->nev;

	series_totals(b, m, t, l, fmt, have);
	if (have)
		series_socket_totals(b, m, t, l, fmt);
	prom_family(b, fmt, "pmutop_event_running_ratio", false, "time counting per time enabled over the "
		    "last interval, all CPUs (below 1: multiplexed, the value is an estimate)");
	for (int e = 0; e < m->nev; e++) {
		const struct ev_val *v = &f->sys[e];
		if (v->enabled == 0 || v->state == EVS_ABSENT || v->state == EVS_UNSUPPORTED)
			continue;
		prom_sample(b, "pmutop_event_running_ratio", l, l->ev, e, NULL, 0, NULL,
			    v->running >= v->enabled ? 1.0 : (double)v->running / (double)v->enabled);
	}
	if (have && t->irq) {
		bool any = false;
		for (int c = 0; !any && c < m->ncpus; c++)
			any = !isnan(t->irq[c]);
		if (any)
			prom_family(b, fmt, "pmutop_interrupts", true, "interrupts the CPU handled since pmutop started (or its event list last changed) "
				    "(/proc/interrupts, every source)");
		for (int c = 0; any && c < m->ncpus; c++)
			if (f->online[c] && !isnan(t->irq[c]))
				prom_sample(b, "pmutop_interrupts_total", l, l->cpu, c, NULL, 0, NULL, t->irq[c]);
	}
	if (!info || !info->no_cpu_gauges)
		series_gauges(b, m, l, info, fmt, false);
	series_gauges(b, m, l, info, fmt, true);
	series_topdown(b, m, l, info, fmt);
	prom_series_rdt(b, m, info, fmt);
	/* the table's counters per socket: the amounts of its figures (bytes, joules) */
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];
		char name[96];

		if (!d->prom_socket || d->prom_kind != MPROM_COUNTER)
			continue;
		prom_family(b, fmt, d->prom_socket, true, d->help);
		snprintf(name, sizeof(name), "%s_total", d->prom_socket);
		for (int s = 0; have && s < m->nsock; s++) {
			double tot = t->sock[(size_t)s * NMETRICS + k];
			if (!isnan(tot) && isfinite(f->sock_m[(size_t)s * NMETRICS + k]))
				prom_sample(b, name, l, l->sock, s, NULL, 0, NULL, tot);
		}
	}
}

void prom_write(struct outbuf *b, const struct model *m, const struct prom_totals *t,
		const struct prom_info *info, int fmt)
{
	double t0 = clock_mono();
	struct labels l = { 0 };

	if (m && m->ncpus > 0 && m->cur.seq > 0 && m->cur.cpu) {
		if (labels_build(&l, m, info) < 0)
			b->oom = 1;
		else
			series_frame(b, m, t, &l, info, fmt);
		if (info && info->cgroups_top > 0 && m->cur.nwl > 0)
			prom_series_cgroups(b, m, t, info, fmt);
	}
	labels_free(&l);
	prom_family(b, fmt, "pmutop_build_info", false, "pmutop's version and where its counts come from "
		    "(source: live, sim or replay); always 1");
	ob_str(b, "pmutop_build_info{version=\"");
	prom_label_value(b, info && info->version && *info->version ? info->version : "unknown");
	ob_char(b, '"');
	lab_str(b, "source", info ? info->source : NULL);
	ob_str(b, "} 1\n");
	prom_family(b, fmt, "pmutop_scrape_duration_seconds", false,
		    "seconds pmutop took to write this exposition");
	ob_str(b, "pmutop_scrape_duration_seconds ");
	prom_num(b, clock_mono() - t0);
	ob_char(b, '\n');
	if (fmt == PROM_OPENMETRICS)
		ob_str(b, "# EOF\n");
}
