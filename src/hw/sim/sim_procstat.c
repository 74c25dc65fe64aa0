/* sim_procstat.c: the simulated kernel's /proc/stat: per-CPU times at USER_HZ that grow with
 * the clock. A CPU is busy in proportion to the load its counts are drawn with (the core PMU's
 * spread, as in simm_rate_of), so a CPU that counts more cycles also reads busier. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hw/procstat.h"
#include "hw/sim/sim_desc.h"
#include "hw/sim/sim_kernel.h"

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

/* Shares of the busy time (user, nice, system, irq, softirq, steal) and of the idle time. */
static const double busy_split[] = { 0.76, 0.02, 0.15, 0.02, 0.04, 0.01 };
static const double iowait_share = 0.03;

static void times_of(const struct sim_machine *m, int cpu, double t, uint64_t out[UT_N])
{
	double total = (SIM_UPTIME + t) * SIM_HZ, b = busy_of(m, cpu), idle = total * (1 - b);

	out[UT_USER] = (uint64_t)(total * b * busy_split[0]);
	out[UT_NICE] = (uint64_t)(total * b * busy_split[1]);
	out[UT_SYSTEM] = (uint64_t)(total * b * busy_split[2]);
	out[UT_IRQ] = (uint64_t)(total * b * busy_split[3]);
	out[UT_SOFTIRQ] = (uint64_t)(total * b * busy_split[4]);
	out[UT_STEAL] = (uint64_t)(total * b * busy_split[5]);
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
	const struct simk *k = ctx;
	const struct sim_machine *m = k->m;
	struct timespec ts;
	uint64_t sum[UT_N] = { 0 }, j[UT_N];
	size_t o = 0;
	double t;
	char name[24];

	if (len == 0)
		return -EINVAL;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	t = (double)ts.tv_sec + ts.tv_nsec * 1e-9 - k->t0_abs;
	for (int c = 0; c < m->ncpus; c++) {
		times_of(m, c, t, j);
		for (int i = 0; i < UT_N; i++)
			sum[i] += j[i];
	}
	buf[0] = '\0';
	if (put_line(buf, len, &o, "cpu ", sum) < 0)
		return -ENOSPC;
	for (int c = 0; c < m->ncpus; c++) {
		times_of(m, c, t, j);
		snprintf(name, sizeof(name), "cpu%d", c);
		if (put_line(buf, len, &o, name, j) < 0)
			return -ENOSPC;
	}
	return (int)o;
}
