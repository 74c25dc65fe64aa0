/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* metrics.c: the metric table (metrics.h): each derived figure's one row, its formulas that are
 * not a plain ratio, and the look-ups the outputs use. */
#include "metrics.h"
#include <math.h>
#include <pthread.h>
#include <string.h>

static double ratio(double a, double b, double k, bool ha, bool hb)
{
	return (ha && hb && b > 0) ? k * a / b : NAN;
}

/* Memory traffic: the controllers' read-and-write count where there is one, else reads plus writes. */
static double mem_gbs(const struct metric_sums *s)
{
	if (s->have[ROLE_MEM_RW])
		return ratio(s->sum[ROLE_MEM_RW], s->interval * 1e9, 1, true, true);
	return ratio(s->sum[ROLE_MEM_READ] + s->sum[ROLE_MEM_WRITE], s->interval * 1e9, 1,
		     s->have[ROLE_MEM_READ] && s->have[ROLE_MEM_WRITE], true);
}

static bool mem_can(const bool *held, bool llc_is_l3)
{
	(void)llc_is_l3;
	return held[ROLE_MEM_RW] || (held[ROLE_MEM_READ] && held[ROLE_MEM_WRITE]);
}

/* A named byte count and data flits (converted to bytes) add up: both are the link's data. */
static double upi_gbs(const struct metric_sums *s)
{
	return ratio(s->sum[ROLE_UPI] + s->sum[ROLE_UPI_FLITS], s->interval * 1e9, 1,
		     (s->have[ROLE_UPI] || s->have[ROLE_UPI_FLITS]) && !s->bad[ROLE_UPI] && !s->bad[ROLE_UPI_FLITS],
		     true);
}

static bool upi_can(const bool *held, bool llc_is_l3)
{
	(void)llc_is_l3;
	return held[ROLE_UPI] || held[ROLE_UPI_FLITS];
}

/* L3 lookups that hit: an L3 PMU's lookups and misses (amd_l3), else, where the generic LLC
 * events count the L3 (Intel), its references and misses. */
static double l3_hit_pct(const struct metric_sums *s)
{
	if (s->have[ROLE_L3_LOOKUP] || s->have[ROLE_L3_MISS] || !s->llc_is_l3)
		return ratio(s->sum[ROLE_L3_LOOKUP] - s->sum[ROLE_L3_MISS], s->sum[ROLE_L3_LOOKUP], 100,
			     s->have[ROLE_L3_LOOKUP] && s->have[ROLE_L3_MISS], true);
	return ratio(s->sum[ROLE_LLC_REFS] - s->sum[ROLE_LLC_MISSES], s->sum[ROLE_LLC_REFS], 100,
		     s->have[ROLE_LLC_REFS] && s->have[ROLE_LLC_MISSES], true);
}

static bool l3_can(const bool *held, bool llc_is_l3)
{
	return (held[ROLE_L3_LOOKUP] && held[ROLE_L3_MISS]) || (llc_is_l3 && held[ROLE_LLC_REFS] && held[ROLE_LLC_MISSES]);
}

/* /proc/interrupts over the interval; the mean clock of the CPUs that gave one (cpufreq, cpuinfo). */
static double irq_rate(const struct metric_sums *s)
{
	return s->swr[SWR_NIRQ] > 0 && s->interval > 0 ? s->swr[SWR_IRQ] / s->interval : NAN;
}

static double mhz(const struct metric_sums *s)
{
	return s->swr[SWR_NMHZ] > 0 ? s->swr[SWR_MHZ] / s->swr[SWR_NMHZ] : NAN;
}

#define R(x) ROLE_##x
#define UT(x) (1u << UT_##x)
#define SKT_HELP " since pmutop started (or its event list last changed)"
/* An event ratio: k * in[0] / (den * dk) */
#define RATIO(a, b, kk, dkk) .src = MSRC_EVENTS, .in = { a, b }, .den = b, .k = kk, .dk = dkk
#define PER_S(a, dkk) .src = MSRC_EVENTS, .in = { a }, .den = MDEN_INTERVAL, .k = 1, .dk = dkk
#define GAUGES(cpu) .prom_cpu = "pmutop_" cpu, .prom_socket = "pmutop_socket_" cpu, .prom_kind = MPROM_GAUGE
#define PROCSTAT(parts, not) .src = MSRC_PROCSTAT, .ut = parts, .ut_not = not
#define PCT_PART(id, key, title, part) [id] = { key, title, "%", NULL, sizeof(title) > 6 ? 6 : 5, 1, MSC_ALL & ~MSC_WORKLOAD, \
	.src = MSRC_PROCSTAT, .ut = part }

const struct metric_def metric_defs[NMETRICS] = {
	[M_IPC] = { "ipc", "IPC", "", "ipc", 4, 2, MSC_ALL, RATIO(R(INSTRUCTIONS), R(CYCLES), 1, 1),
		GAUGES("ipc"), .prom_cgroup = "pmutop_cgroup_ipc", .prom_scale = 1,
		.help = "instructions per cycle over the last interval",
		.help_cgroup = "the cgroup's instructions per cycle over the last interval",
		.perf_role = R(INSTRUCTIONS), .perf_unit = "insn per cycle", .perf_dec = 2 },
	[M_CPI] = { "cpi", "CPI", "", NULL, 4, 2, MSC_ALL, RATIO(R(CYCLES), R(INSTRUCTIONS), 1, 1) },
	/* per CPU and socket, pmutop_frequency_hertz joins it with M_MHZ (prom.c: clock=) */
	[M_GHZ] = { "ghz", "GHz", "GHz", "ghz", 4, 2, MSC_ALL, .src = MSRC_EVENTS, .in = { R(CYCLES) },
		.den = MDEN_ENABLED, .k = 1, .dk = 1,
		.prom_cgroup = "pmutop_cgroup_frequency_hertz", .prom_scale = 1e9,
		.help_cgroup = "the cgroup's cycles per second of its running time",
		.perf_role = R(CYCLES), .perf_unit = "GHz", .perf_dec = 3 },
	/* from /proc/stat: system-wide cpu-clock runs whether the CPU is idle or not, so it says
	 * nothing of how busy a CPU is; a workload's is its own CPU time (app_wl*.c) */
	[M_UTIL] = { "util", "UTIL%", "%", "util", 5, 1, MSC_ALL, PROCSTAT(UT(IDLE) | UT(IOWAIT), true),
		GAUGES("utilization_ratio"), .prom_cgroup = "pmutop_cgroup_cpus", .prom_scale = 0.01,
		.help = "share of the last interval the CPU was not idle (/proc/stat: all but idle and iowait time), 0..1",
		.help_cgroup = "CPUs the cgroup kept busy over the last interval (cpu.stat usage, else its events' enabled time)" },
	[M_LLC_MISS_PCT] = { "llc_miss_pct", "LLC-MISS%", "%", NULL, 9, 2, MSC_ALL,
		RATIO(R(LLC_MISSES), R(LLC_REFS), 100, 1), GAUGES("llc_miss_ratio"), .prom_scale = 0.01,
		.help = "last-level cache misses per reference over the last interval (0..1)",
		.perf_role = R(LLC_MISSES), .perf_unit = "of all cache refs", .perf_dec = 2 },
	[M_MPKI] = { "mpki", "MPKI", "", "mpki", 5, 2, MSC_ALL, RATIO(R(LLC_MISSES), R(INSTRUCTIONS), 1000, 1),
		GAUGES("llc_mpki"), .prom_cgroup = "pmutop_cgroup_llc_mpki", .prom_scale = 1,
		.help = "last-level cache misses per thousand instructions over the last interval",
		.help_cgroup = "the cgroup's last-level cache misses per thousand instructions" },
	[M_BR_MISS_PCT] = { "branch_miss_pct", "BR-MISS%", "%", "branch-miss", 8, 2, MSC_ALL,
		RATIO(R(BRANCH_MISSES), R(BRANCHES), 100, 1), GAUGES("branch_miss_ratio"),
		.prom_cgroup = "pmutop_cgroup_branch_miss_ratio", .prom_scale = 0.01,
		.help = "mispredicted branches per branch over the last interval (0..1)",
		.help_cgroup = "the cgroup's mispredicted branches per branch (0..1)",
		.perf_role = R(BRANCH_MISSES), .perf_unit = "of all branches", .perf_dec = 2 },
	/* the socket's figures: its uncore's (a CPU's row leaves uncore events out); the exporter
	 * counts their amounts (bytes, joules) */
	[M_MEM_RD_GBS] = { "mem_read_gbs", "RD GB/s", "GB/s", "mem-read", 8, 2, MSC_SOCKET | MSC_SYSTEM, true,
		PER_S(R(MEM_READ), 1e9), .prom_socket = "pmutop_memory_read_bytes", .prom_kind = MPROM_COUNTER,
		.prom_scale = 1e9, .help = "bytes read from memory by the socket" SKT_HELP },
	[M_MEM_WR_GBS] = { "mem_write_gbs", "WR GB/s", "GB/s", "mem-write", 8, 2, MSC_SOCKET | MSC_SYSTEM, true,
		PER_S(R(MEM_WRITE), 1e9), .prom_socket = "pmutop_memory_write_bytes", .prom_kind = MPROM_COUNTER,
		.prom_scale = 1e9, .help = "bytes written to memory by the socket" SKT_HELP },
	[M_MEM_GBS] = { "mem_gbs", "MEM GB/s", "GB/s", "mem", 8, 2, MSC_SOCKET | MSC_SYSTEM, true,
		.src = MSRC_EVENTS, .in = { R(MEM_RW), R(MEM_READ), R(MEM_WRITE) }, .fn = mem_gbs, .can = mem_can,
		.prom_socket = "pmutop_memory_bytes", .prom_kind = MPROM_COUNTER, .prom_scale = 1e9,
		.help = "bytes read and written to memory by the socket" SKT_HELP },
	[M_UPI_GBS] = { "upi_gbs", "UPI GB/s", "GB/s", "upi", 8, 2, MSC_SOCKET | MSC_SYSTEM, true,
		.src = MSRC_EVENTS, .in = { R(UPI), R(UPI_FLITS) }, .fn = upi_gbs, .can = upi_can,
		.prom_socket = "pmutop_upi_bytes", .prom_kind = MPROM_COUNTER, .prom_scale = 1e9,
		.help = "bytes over the socket's UPI links" SKT_HELP },
	[M_PKG_W] = { "pkg_watts", "PKG W", "W", "pkg-w", 6, 1, MSC_SOCKET | MSC_SYSTEM, true,
		PER_S(R(ENERGY_PKG), 1), .prom_socket = "pmutop_package_energy_joules", .prom_kind = MPROM_COUNTER,
		.prom_scale = 1, .help = "package energy" SKT_HELP " (RAPL)" },
	[M_DRAM_W] = { "dram_watts", "DRAM W", "W", "dram-w", 6, 1, MSC_SOCKET | MSC_SYSTEM, true,
		PER_S(R(ENERGY_RAM), 1), .prom_socket = "pmutop_dram_energy_joules", .prom_kind = MPROM_COUNTER,
		.prom_scale = 1, .help = "DRAM energy" SKT_HELP " (RAPL)" },
	/* the parts of M_UTIL, nice time as user time */
	PCT_PART(M_UTIL_USER, "util_user", "USR%", UT(USER) | UT(NICE)),
	PCT_PART(M_UTIL_SYS, "util_system", "SYS%", UT(SYSTEM)),
	PCT_PART(M_UTIL_IRQ, "util_irq", "IRQ%", UT(IRQ)),
	PCT_PART(M_UTIL_SOFTIRQ, "util_softirq", "SIRQ%", UT(SOFTIRQ)),
	PCT_PART(M_UTIL_STEAL, "util_steal", "STEAL%", UT(STEAL)),
	/* where the generic cache events count another level (Zen's L2, Arm's L1D): named for it */
	[M_L2_MISS_PCT] = { "l2_miss_pct", "L2-MISS%", "%", NULL, 8, 2, MSC_ALL,
		RATIO(R(L2_MISSES), R(L2_REFS), 100, 1), GAUGES("l2_miss_ratio"), .prom_scale = 0.01,
		.help = "L2 cache misses per reference over the last interval (0..1)",
		.perf_role = R(L2_MISSES), .perf_unit = "of all L2 cache refs", .perf_dec = 2 },
	[M_L2_MPKI] = { "l2_mpki", "L2-MPKI", "", "l2-mpki", 7, 2, MSC_ALL,
		RATIO(R(L2_MISSES), R(INSTRUCTIONS), 1000, 1), GAUGES("l2_mpki"), .prom_scale = 1,
		.help = "L2 cache misses per thousand instructions over the last interval" },
	[M_L1D_MISS_PCT] = { "l1d_miss_pct", "L1D-MISS%", "%", NULL, 9, 2, MSC_ALL,
		RATIO(R(L1D_MISSES), R(L1D_REFS), 100, 1), GAUGES("l1d_miss_ratio"), .prom_scale = 0.01,
		.help = "L1 data cache refills per access over the last interval (0..1)",
		.perf_role = R(L1D_MISSES), .perf_unit = "of all L1-dcache accesses", .perf_dec = 2 },
	[M_L1D_MPKI] = { "l1d_mpki", "L1D-MPKI", "", "l1d-mpki", 8, 2, MSC_ALL,
		RATIO(R(L1D_MISSES), R(INSTRUCTIONS), 1000, 1), GAUGES("l1d_mpki"), .prom_scale = 1,
		.help = "L1 data cache refills per thousand instructions over the last interval" },
	/* from the kernel's own books, no PMU needed: /proc/interrupts, cpufreq or cpuinfo */
	[M_IRQ_RATE] = { "interrupts_per_s", "IRQ/s", "/s", "interrupts", 7, -1, MSC_ALL & ~MSC_WORKLOAD,
		.src = MSRC_KERNEL, .fn = irq_rate },
	[M_MHZ] = { "mhz", "MHz", "MHz", "mhz", 5, 0, MSC_ALL & ~MSC_WORKLOAD, .src = MSRC_KERNEL, .fn = mhz },
	/* per CPU and workload from Intel's LLC events (a core's own lookups), else amd_l3's per CCX */
	[M_L3_HIT_PCT] = { "l3_hit_pct", "L3HIT%", "%", "l3-hit", 6, 1, MSC_ALL, true, .src = MSRC_EVENTS,
		.in = { R(L3_LOOKUP), R(L3_MISS), R(LLC_REFS), R(LLC_MISSES) }, .fn = l3_hit_pct, .can = l3_can,
		GAUGES("l3_hit_ratio"), .prom_scale = 0.01,
		.help = "L3 lookups that hit over the last interval (0..1)" },
};

int metric_by_name(const char *key)
{
	for (int k = 0; key && k < NMETRICS; k++)
		if (strcmp(metric_defs[k].name, key) == 0)
			return k;
	return -1;
}

int metric_by_col(const char *key)
{
	for (int k = 0; key && k < NMETRICS; k++)
		if (metric_defs[k].col && strcmp(metric_defs[k].col, key) == 0)
			return k;
	return -1;
}

int metric_of_perf_role(int role)
{
	for (int k = 0; role != ROLE_NONE && k < NMETRICS; k++)
		if (metric_defs[k].perf_role == role)
			return k;
	return -1;
}

bool metric_countable(int id, const bool *held, bool llc_is_l3)
{
	const struct metric_def *d = &metric_defs[id];

	if (d->src != MSRC_EVENTS)
		return true;
	if (d->can)
		return d->can(held, llc_is_l3);
	for (int i = 0; i < METRIC_NIN && d->in[i] != ROLE_NONE; i++)
		if (!held[d->in[i]])
			return false;
	return true;
}

double metric_eval(int id, const struct metric_sums *s)
{
	const struct metric_def *d = &metric_defs[id];
	int a = d->in[0];

	if (d->fn)
		return d->fn(s);
	if (d->src != MSRC_EVENTS)
		return NAN;
	if (d->den == MDEN_INTERVAL)
		return ratio(s->sum[a], s->interval * d->dk, d->k, s->have[a], true);
	if (d->den == MDEN_ENABLED)
		return ratio(s->sum[a], s->en[a] * d->dk, d->k, s->have[a], s->have[a]);
	return ratio(s->sum[a], s->sum[d->den] * d->dk, d->k, s->have[a], s->have[d->den]);
}

static int src_ids[MSRC_N][NMETRICS], src_n[MSRC_N];
static pthread_once_t src_once = PTHREAD_ONCE_INIT;

static void index_sources(void)
{
	for (int k = 0; k < NMETRICS; k++) {
		int src = metric_defs[k].src;
		src_ids[src][src_n[src]++] = k;
	}
}

int metric_ids_of(enum metric_src src, const int **ids)
{
	pthread_once(&src_once, index_sources);
	*ids = src_ids[src];
	return src_n[src];
}
