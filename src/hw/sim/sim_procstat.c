/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_procstat.c: the simulated kernel's /proc/stat: per-CPU times at USER_HZ that grow with
 * the clock. On a core PMU with a load model (sim_load.c) a CPU is busy as its load says, phase
 * by phase: the same busy fraction its unhalted cycles count, so utilisation and clock go together
 * and the machine's busy share moves with the phases. Elsewhere a CPU is busy in proportion to the
 * load its counts are drawn with (the core PMU's spread, as in simm_rate_of). */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "hw/sys/procstat.h"
#include "sim_desc.h"
#include "sim_kstate.h"
#include "sim_load.h"
#include "sim_procstat.h"

#define SIM_HZ 100          /* USER_HZ */
#define SIM_UPTIME 1000.0   /* seconds the machine ran before pmutop started */

static double unit(uint64_t a, uint64_t b)
{
	return (double)(simm_hash(a, b) >> 11) / (double)(1ull << 53);
}

/* The busy share of a CPU: up to 0.9 for the most loaded, less for the others; a machine
 * without a core PMU gets a spread of its own. */
static double busy_of(const struct sim_machine *m, int cpu)
{
	int pi = m->cpus[cpu].core_pmu;

	if (pi >= 0 && pi < m->npmus) {
		const struct simm_pmu *p = &m->pmus[pi];
		double load = 1 + p->spread * (2 * unit((uint64_t)cpu, 0x10ad) - 1);
		return 0.9 * load / (1 + p->spread);
	}
	return 0.15 + 0.7 * unit((uint64_t)cpu, 0x5747);
}

static bool phased_cpu(const struct sim_machine *m, int cpu)
{
	int pi = m->cpus[cpu].core_pmu;

	return pi >= 0 && pi < m->npmus && simm_phased(&m->pmus[pi]);
}

static double phase_busy(const struct sim_machine *m, int cpu, long ph)
{
	struct simm_state st;

	simm_cpu_state(m, NULL, cpu, ph, &st);
	return st.busy;
}

/* Bring k->busy_acc up to the whole phases before t's; false when out of memory. */
static bool busy_advance(struct simk *k, double t)
{
	const struct sim_machine *m = k->m;
	long upto = simm_phase_of(t);

	if (!k->busy_acc || upto < k->busy_ph) {
		free(k->busy_acc);
		if (!(k->busy_acc = calloc(2 * (size_t)m->ncpus, sizeof(double))))
			return false;
		k->busy_ph = 0;
		k->busy_cur_ph = -1;
	}
	for (; k->busy_ph < upto; k->busy_ph++)
		for (int c = 0; c < m->ncpus; c++)
			if (phased_cpu(m, c))
				k->busy_acc[c] += (k->busy_cur_ph == k->busy_ph ? k->busy_acc[m->ncpus + c] :
						   phase_busy(m, c, k->busy_ph)) * SIMM_PHASE_S;
	if (k->busy_cur_ph != upto)
		for (int c = 0; c < m->ncpus; c++)
			k->busy_acc[m->ncpus + c] = phased_cpu(m, c) ? phase_busy(m, c, upto) : 0;
	k->busy_cur_ph = upto;
	return true;
}

/* Seconds cpu was busy from boot to t: the uptime before the simulated kernel started at the CPU's
 * usual share, then its load phase by phase. */
static double busy_seconds(const struct simk *k, int cpu, double t, bool acc)
{
	const struct sim_machine *m = k->m;
	long ph;

	if (!acc || !phased_cpu(m, cpu))
		return (SIM_UPTIME + t) * busy_of(m, cpu);
	ph = simm_phase_of(t);
	return SIM_UPTIME * busy_of(m, cpu) + k->busy_acc[cpu] +
	       k->busy_acc[m->ncpus + cpu] * (t - (double)ph * SIMM_PHASE_S);
}

/* Shares of the busy time (user, nice, system, irq, softirq, steal) and of the idle time. */
static const double busy_split[] = { 0.76, 0.02, 0.15, 0.02, 0.04, 0.01 };
static const double iowait_share = 0.03;

static void times_of(const struct simk *k, int cpu, double t, bool acc, uint64_t out[UT_N])
{
	double total = (SIM_UPTIME + t) * SIM_HZ, b = busy_seconds(k, cpu, t, acc) * SIM_HZ, idle = total - b;

	out[UT_USER] = (uint64_t)(b * busy_split[0]);
	out[UT_NICE] = (uint64_t)(b * busy_split[1]);
	out[UT_SYSTEM] = (uint64_t)(b * busy_split[2]);
	out[UT_IRQ] = (uint64_t)(b * busy_split[3]);
	out[UT_SOFTIRQ] = (uint64_t)(b * busy_split[4]);
	out[UT_STEAL] = (uint64_t)(b * busy_split[5]);
	out[UT_IOWAIT] = (uint64_t)(idle * iowait_share);
	out[UT_IDLE] = (uint64_t)(idle * (1 - iowait_share));
}

static int put_line(char *buf, size_t len, size_t *o, const char *name, const uint64_t j[UT_N])
{
	int n = snprintf(buf + *o, len - *o, "%s %llu %llu %llu %llu %llu %llu %llu %llu 0 0\n", name,
			 (unsigned long long)j[UT_USER], (unsigned long long)j[UT_NICE],
			 (unsigned long long)j[UT_SYSTEM], (unsigned long long)j[UT_IDLE],
			 (unsigned long long)j[UT_IOWAIT], (unsigned long long)j[UT_IRQ],
			 (unsigned long long)j[UT_SOFTIRQ], (unsigned long long)j[UT_STEAL]);

	if (n < 0 || (size_t)n >= len - *o)
		return -ENOSPC;
	*o += (size_t)n;
	return 0;
}

int simk_proc_stat(void *ctx, char *buf, size_t len)
{
	struct simk *k = ctx;
	const struct sim_machine *m = k->m;
	uint64_t sum[UT_N] = { 0 }, j[UT_N];
	size_t o = 0;
	double t;
	char name[24];
	bool acc;

	if (len == 0)
		return -EINVAL;
	t = simk_now(k);
	acc = busy_advance(k, t);
	for (int c = 0; c < m->ncpus; c++) {
		times_of(k, c, t, acc, j);
		for (int i = 0; i < UT_N; i++)
			sum[i] += j[i];
	}
	buf[0] = '\0';
	if (put_line(buf, len, &o, "cpu ", sum) < 0)
		return -ENOSPC;
	for (int c = 0; c < m->ncpus; c++) {
		times_of(k, c, t, acc, j);
		snprintf(name, sizeof(name), "cpu%d", c);
		if (put_line(buf, len, &o, name, j) < 0)
			return -ENOSPC;
	}
	return (int)o;
}

/* The lines of the simulated /proc/interrupts: a device line goes to one CPU (irq % ncpus), the
 * others to every CPU at a base rate plus a part that grows with the CPU's busy share. */
static const struct sim_irq {
	const char *name;     /* "24" or "LOC" */
	double base, busy;    /* interrupts per second: base + busy * busy share */
	bool device;
	const char *desc;
} sim_irqs[] = {
	{ "24",  40, 0,    true,  "IO-APIC   4-edge      ttyS0" },
	{ "36",  150, 0,   true,  "PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0" },
	{ "LOC", 20, 1000, false, "Local timer interrupts" },
	{ "RES", 5, 150,   false, "Rescheduling interrupts" },
	{ "CAL", 2, 40,    false, "Function call interrupts" },
	{ "NMI", 0, 0,     false, "Non-maskable interrupts" },
};

/* Append to buf at *o; false when it does not fit. */
static bool putf(char *buf, size_t len, size_t *o, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool putf(char *buf, size_t len, size_t *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf + *o, len - *o, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *o)
		return false;
	*o += (size_t)n;
	return true;
}

int simk_proc_interrupts(void *ctx, char *buf, size_t len)
{
	const struct simk *k = ctx;
	const struct sim_machine *m = k->m;
	size_t o = 0;
	double t;
	bool ok;

	if (len == 0)
		return -EINVAL;
	t = SIM_UPTIME + simk_now(k);
	buf[0] = '\0';
	ok = putf(buf, len, &o, "    ");
	for (int c = 0; ok && c < m->ncpus; c++)
		ok = putf(buf, len, &o, "       CPU%-3d", c);
	ok = ok && putf(buf, len, &o, "\n");
	for (size_t i = 0; ok && i < sizeof(sim_irqs) / sizeof(sim_irqs[0]); i++) {
		const struct sim_irq *q = &sim_irqs[i];
		ok = putf(buf, len, &o, "%4s:", q->name);
		for (int c = 0; ok && c < m->ncpus; c++) {
			double rate = q->base + q->busy * busy_of(m, c);
			if (q->device && atoi(q->name) % m->ncpus != c)
				rate = 0;
			ok = putf(buf, len, &o, " %10llu", (unsigned long long)(rate * t));
		}
		ok = ok && putf(buf, len, &o, "   %s\n", q->desc);
	}
	/* system-wide counts: one number, not one per CPU */
	ok = ok && putf(buf, len, &o, " ERR:          0\n MIS:          0\n");
	return ok ? (int)o : -ENOSPC;
}
