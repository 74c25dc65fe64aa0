/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_util.c: utilisation as top and htop compute it: per CPU, the non-idle share of the
 * /proc/stat times that passed in the interval, read through the seam (the real file under
 * the procfs root, or the simulated kernel's); and what else the kernel books per CPU without
 * a PMU: interrupts from /proc/interrupts (the seam too) and the clock (cpufreq or cpuinfo under
 * the sysfs/procfs root, which a simulated machine's tree provides). */
#include "app.h"
#include "hw/sys/cpufreq.h"
#include "hw/sys/procirq.h"
#include "hw/sys/procstat.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include "config/keylist.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UTIL_BUF_MAX (16u << 20)   /* /proc/stat of thousands of CPUs fits many times */

enum mhz_src { MHZ_UNKNOWN, MHZ_NONE, MHZ_CPUFREQ, MHZ_CPUINFO };

struct app_util {
	struct procstat prev, cur;
	bool have_prev;
	struct procirq iprev, icur;
	bool have_iprev;
	int mhz_src;          /* enum mhz_src, found at the first reading */
	int *ci_cpu, ci_cap;  /* [ci_cap]: cpuinfo's CPUs and clocks */
	double *ci_mhz;
	struct kept_file cpuinfo;   /* /proc/cpuinfo, read every interval when it gives the clocks */
	char *buf;
	size_t cap;
};

/* Read a whole text with rd into u->buf, growing it while the text may have been cut. The
 * length, or a negative errno. */
static int read_text(struct app_util *u, int (*rd)(void *ctx, char *buf, size_t len), void *ctx)
{
	int n;

	for (;;) {
		if (!u->buf) {
			u->cap = 64 * 1024;
			if (!(u->buf = malloc(u->cap)))
				return -ENOMEM;
		}
		n = rd(ctx, u->buf, u->cap);
		/* a full buffer may be a cut file: read again with more room */
		if ((n == -ENOSPC || (n >= 0 && (size_t)n + 1 >= u->cap)) && u->cap < UTIL_BUF_MAX) {
			char *nb = realloc(u->buf, u->cap * 2);
			if (!nb)
				return -ENOMEM;
			u->buf = nb;
			u->cap *= 2;
			continue;
		}
		return n;
	}
}

/* Read and parse into ps; false when there is no /proc/stat or it is malformed. */
static bool read_stat(struct app *a, struct procstat *ps)
{
	if (!a->seam || !a->seam->proc_stat)
		return false;
	return read_text(a->util, a->seam->proc_stat, a->seam->ctx) > 0 && procstat_parse(ps, a->util->buf) == 0;
}

static bool read_irq(struct app *a, struct procirq *pi)
{
	if (!a->seam || !a->seam->proc_interrupts)
		return false;
	return read_text(a->util, a->seam->proc_interrupts, a->seam->ctx) > 0 &&
	       procirq_parse(pi, a->util->buf) == 0;
}

static int rd_cpuinfo(void *ctx, char *buf, size_t len)
{
	return procfs_read_kept(ctx, "cpuinfo", buf, len);
}

/* What the outputs of this run print of the kernel's books, so that nothing else is read each
 * interval (issue 18): the TUI (header, meters, cores view) and batch JSON show utilisation, and
 * so does the exporter (pmutop_utilization_ratio); batch CSV and text print none of it. */
static bool json_rows(const struct app *a)
{
	return a->opt.batch && a->opt.json && !a->opt.quiet && !a->set.quiet;
}

static bool util_wanted(const struct app *a)
{
	return !a->opt.batch || json_rows(a) || a->exp;
}

/* Interrupts and clocks: the TUI, batch JSON and the exporter (pmutop_interrupts_total, and
 * pmutop_frequency_hertz where no cycles are counted); batch CSV and text print neither. The machine without a PMU shows them by
 * default; elsewhere they are read when the columns setting asks for them (the column chooser). */
static bool swr_wanted(const struct app *a)
{
	if (a->opt.batch && !json_rows(a) && !a->exp)
		return false;
	return a->hw_reason[0] || keylist_has(a->set.columns, "interrupts") ||
	       keylist_has(a->set.columns, "mhz");
}

/* Each CPU's clock into swr (SWR_MHZ, SWR_NMHZ): cpufreq where the kernel has it, else cpuinfo. */
static void read_mhz(struct app *a, double *swr)
{
	struct app_util *u = a->util;
	struct model *m = &a->model;
	double mhz;
	int n;

	if (u->mhz_src == MHZ_UNKNOWN)
		u->mhz_src = m->ncpus && cpufreq_read(m->cpu_ids[0], &mhz) == 0 ? MHZ_CPUFREQ : MHZ_CPUINFO;
	if (u->mhz_src == MHZ_CPUFREQ) {
		for (int c = 0; c < m->ncpus; c++)
			if (cpufreq_read(m->cpu_ids[c], &mhz) == 0) {
				swr[(size_t)c * SWR_N + SWR_MHZ] = mhz;
				swr[(size_t)c * SWR_N + SWR_NMHZ] = 1;
			}
		return;
	}
	if (u->mhz_src != MHZ_CPUINFO)
		return;
	if (u->ci_cap != m->ncpus) {
		free(u->ci_cpu);
		free(u->ci_mhz);
		u->ci_cpu = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		u->ci_mhz = malloc(sizeof(double) * (size_t)(m->ncpus ? m->ncpus : 1));
		u->ci_cap = m->ncpus;
		if (!u->ci_cpu || !u->ci_mhz) {
			u->mhz_src = MHZ_NONE;
			return;
		}
	}
	if (read_text(u, rd_cpuinfo, &u->cpuinfo) <= 0 ||
	    (n = cpufreq_parse_cpuinfo(u->buf, u->ci_cpu, u->ci_mhz, m->ncpus)) <= 0) {
		u->mhz_src = MHZ_NONE;   /* Arm's cpuinfo has no clock: stop asking */
		return;
	}
	for (int c = 0; c < m->ncpus; c++)
		for (int i = 0; i < n; i++)
			if (u->ci_cpu[i] == m->cpu_ids[c]) {
				swr[(size_t)c * SWR_N + SWR_MHZ] = u->ci_mhz[i];
				swr[(size_t)c * SWR_N + SWR_NMHZ] = 1;
				break;
			}
}

/* Interrupts of the interval per CPU and the clocks into the frame (0: unknown). */
static void sample_swr(struct app *a)
{
	struct app_util *u = a->util;
	struct model *m = &a->model;
	struct procirq t;
	bool ok;

	memset(m->cur.swr, 0, sizeof(double) * (size_t)m->ncpus * SWR_N);
	if (!swr_wanted(a)) {
		u->have_iprev = false;
		return;
	}
	ok = read_irq(a, &u->icur);
	if (ok && u->have_iprev)
		for (int c = 0; c < m->ncpus; c++) {
			int i = procirq_find(&u->icur, m->cpu_ids[c]), p = procirq_find(&u->iprev, m->cpu_ids[c]);
			/* a count that went back (the CPU went offline and came back) is unknown */
			if (i >= 0 && p >= 0 && u->icur.count[i] >= u->iprev.count[p]) {
				m->cur.swr[(size_t)c * SWR_N + SWR_IRQ] = (double)(u->icur.count[i] - u->iprev.count[p]);
				m->cur.swr[(size_t)c * SWR_N + SWR_NIRQ] = 1;
			}
		}
	t = u->iprev;
	u->iprev = u->icur;
	u->icur = t;
	u->have_iprev = ok;
	read_mhz(a, m->cur.swr);
}

void app_util_baseline(struct app *a)
{
	if (!a->util && !(a->util = calloc(1, sizeof(*a->util))))
		return;
	a->util->have_prev = util_wanted(a) && read_stat(a, &a->util->prev);
	a->util->have_iprev = swr_wanted(a) && read_irq(a, &a->util->iprev);
}

void app_util_sample(struct app *a)
{
	struct app_util *u = a->util;
	struct model *m = &a->model;
	struct procstat t;
	bool ok;

	if (!m->cur.jif)
		return;
	for (int i = 0; i < m->ncpus * UT_N; i++)
		m->cur.jif[i] = NAN;
	if (!u)
		return;
	if (m->cur.swr)
		sample_swr(a);
	ok = util_wanted(a) && read_stat(a, &u->cur);
	if (ok && u->have_prev) {
		for (int c = 0; c < m->ncpus; c++) {
			int i = procstat_find(&u->cur, m->cpu_ids[c]), p = procstat_find(&u->prev, m->cpu_ids[c]);
			if (i >= 0 && p >= 0)
				procstat_delta(u->prev.j[p], u->cur.j[i], &m->cur.jif[(size_t)c * UT_N]);
		}
	}
	/* this reading is the next interval's start */
	t = u->prev;
	u->prev = u->cur;
	u->cur = t;
	u->have_prev = ok;
}

void app_util_free(struct app *a)
{
	if (!a->util)
		return;
	procstat_free(&a->util->prev);
	procstat_free(&a->util->cur);
	procirq_free(&a->util->iprev);
	procirq_free(&a->util->icur);
	free(a->util->ci_cpu);
	free(a->util->ci_mhz);
	kept_file_close(&a->util->cpuinfo);
	free(a->util->buf);
	free(a->util);
	a->util = NULL;
}

const char *app_util_clock_source(const struct app *a)
{
	if (!a->util)
		return NULL;
	return a->util->mhz_src == MHZ_CPUFREQ ? "cpufreq" : a->util->mhz_src == MHZ_CPUINFO ? "cpuinfo" : NULL;
}
