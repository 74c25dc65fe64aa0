/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_fields.c: the fleet row's fields (key, title, unit, decimals, help), which the batch
 * output and the screen's panel share, and the step from a host's raw figures to its row. */
#include "fleet_impl.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

const struct fleet_field_def fleet_fields[FF_NFIELDS] = {
	[FF_UTIL] = { "util", "UTIL%", "%", 1, "share of the time the CPUs were busy (/proc/stat), mean of the window's samples" },
	[FF_GHZ] = { "ghz", "GHz", "GHz", 2, "cycles per second of counted CPU time (cycles / cpu-clock)" },
	[FF_IPC] = { "ipc", "IPC", "", 2, "instructions per cycle" },
	[FF_MPKI] = { "mpki", "MPKI", "", 2, "cache-misses per thousand instructions (the level the "
		      "generic event counts: LLC on Intel, L2 on AMD, L1D on Arm)" },
	[FF_LLC_MISS] = { "llc_miss_pct", "LLC-MISS%", "%", 1, "cache-misses per cache-reference" },
	[FF_BR_MISS] = { "branch_miss_pct", "BR-MISS%", "%", 2, "branch-misses per branch" },
	[FF_MEM_RD] = { "mem_read_gbs", "MEM-RD", "GB/s", 2, "memory read bandwidth (memory controllers)" },
	[FF_MEM_WR] = { "mem_write_gbs", "MEM-WR", "GB/s", 2, "memory write bandwidth (memory controllers)" },
	[FF_MEM] = { "mem_gbs", "MEM", "GB/s", 2, "memory bandwidth, read and written" },
	[FF_UPI] = { "upi_gbs", "UPI", "GB/s", 2, "traffic over the sockets' UPI links" },
	[FF_PKG_W] = { "pkg_watts", "PKG-W", "W", 1, "package power (RAPL)" },
	[FF_DRAM_W] = { "dram_watts", "DRAM-W", "W", 1, "DRAM power (RAPL)" },
	[FF_TD_RETIRING] = { "td_retiring_pct", "RETIRE%", "%", 1, "top-down level 1: retiring share of the slots" },
	[FF_TD_BAD_SPEC] = { "td_bad_spec_pct", "BADSPEC%", "%", 1, "top-down level 1: bad speculation" },
	[FF_TD_FRONTEND] = { "td_frontend_pct", "FE-BOUND%", "%", 1, "top-down level 1: frontend bound" },
	[FF_TD_BACKEND] = { "td_backend_pct", "BE-BOUND%", "%", 1, "top-down level 1: backend bound" },
	[FF_MUX] = { "multiplexed_pct", "MUX%", "%", 1, "share of the time the most multiplexed event was not counting" },
	[FF_RDT_OCC] = { "rdt_l3_occupancy_mb", "L3-OCC", "MB", 1, "L3 occupancy (RDT, resctrl)" },
	[FF_RDT_MEM] = { "rdt_mem_gbs", "RDT-MEM", "GB/s", 2, "memory bandwidth seen by RDT (resctrl MBM)" },
	[FF_NCPUS] = { "cpus", "CPUS", "", 0, "CPUs counting (cpu-clock series)" },
	[FF_AGE] = { "age_s", "AGE", "s", 1, "seconds since the host's last sample" },
};

int fleet_field_find(const char *key)
{
	for (int i = 0; i < FF_NFIELDS; i++)
		if (!strcmp(fleet_fields[i].key, key))
			return i;
	return -1;
}

const char *fleet_state_name(enum fleet_state s)
{
	switch (s) {
	case FLEET_UP: return "up";
	case FLEET_DOWN: return "down";
	case FLEET_STALE: return "stale";
	case FLEET_NOPMU: return "no-pmu";
	}
	return "?";
}

/* a / b * k, or NAN with the reason when an input is missing */
static void ratio(struct fleet_row *r, int f, double a, double b, double k, const char *why)
{
	if (isfinite(a) && isfinite(b) && b > 0) {
		r->v[f] = k * a / b;
		r->missing[f] = NULL;
	} else {
		r->v[f] = NAN;
		r->missing[f] = why;
	}
}

static void derive_figures(const double *raw, struct fleet_row *r)
{
	/* the exporter's own elapsed time per second of query time (see fleet_impl.h) */
	double clock = raw[FR_CLOCK], ncpus = raw[FR_NCPUS], elapsed = clock / ncpus;
	const char *no_clock = "no cpu-clock series (the exporter's event list lacks cpu-clock)";
	double mem = raw[FR_MEM];

	ratio(r, FF_IPC, raw[FR_INSTR], raw[FR_CYCLES], 1, "instructions or cycles not counted");
	ratio(r, FF_GHZ, raw[FR_CYCLES], clock, 1e-9, isfinite(clock) ? "cycles not counted" : no_clock);
	ratio(r, FF_MPKI, raw[FR_CMISS], raw[FR_INSTR], 1000, "cache-misses or instructions not counted");
	ratio(r, FF_LLC_MISS, raw[FR_CMISS], raw[FR_CREF], 100, "cache-misses or cache-references not counted");
	ratio(r, FF_BR_MISS, raw[FR_BRMISS], raw[FR_BR], 100, "branches or branch-misses not counted");
	if (!isfinite(mem) && isfinite(raw[FR_MEMRD]) && isfinite(raw[FR_MEMWR]))
		mem = raw[FR_MEMRD] + raw[FR_MEMWR];
	ratio(r, FF_MEM_RD, raw[FR_MEMRD], elapsed, 1e-9, "no memory-controller read counter");
	ratio(r, FF_MEM_WR, raw[FR_MEMWR], elapsed, 1e-9, "no memory-controller write counter");
	ratio(r, FF_MEM, mem, elapsed, 1e-9, "no memory-controller counters");
	ratio(r, FF_UPI, raw[FR_UPI], elapsed, 1e-9, "no UPI counters");
	ratio(r, FF_PKG_W, raw[FR_PKG], elapsed, 1, "no package energy counter (RAPL)");
	ratio(r, FF_DRAM_W, raw[FR_DRAM], elapsed, 1, "no DRAM energy counter (RAPL)");
	ratio(r, FF_RDT_MEM, raw[FR_RDT_MEM], elapsed, 1e-9, "no RDT memory bandwidth (resctrl MBM)");
	if (!isfinite(elapsed))
		for (int f = FF_MEM_RD; f <= FF_DRAM_W; f++)
			if (isnan(r->v[f]) && (isfinite(raw[FR_MEMRD]) || isfinite(raw[FR_PKG])))
				r->missing[f] = no_clock;
	ratio(r, FF_UTIL, raw[FR_UTIL], 1, 100, "no utilisation series");
	ratio(r, FF_TD_RETIRING, raw[FR_TD_RET], 1, 100, "top-down not counted (-E topdown)");
	ratio(r, FF_TD_BAD_SPEC, raw[FR_TD_BAD], 1, 100, "top-down not counted (-E topdown)");
	ratio(r, FF_TD_FRONTEND, raw[FR_TD_FE], 1, 100, "top-down not counted (-E topdown)");
	ratio(r, FF_TD_BACKEND, raw[FR_TD_BE], 1, 100, "top-down not counted (-E topdown)");
	r->v[FF_MUX] = isfinite(raw[FR_MUX]) ? 100 * (raw[FR_MUX] < 0 ? 0 : raw[FR_MUX]) : NAN;
	r->missing[FF_MUX] = isfinite(raw[FR_MUX]) ? NULL : "no running-ratio series";
	ratio(r, FF_RDT_OCC, raw[FR_RDT_OCC], 1, 1e-6, "no RDT occupancy (resctrl)");
	r->v[FF_NCPUS] = ncpus;
	r->missing[FF_NCPUS] = isfinite(ncpus) ? NULL : no_clock;
}

void fleet_derive(const struct fleet_acc *a, struct fleet_row *r, double stale_after)
{
	const double *raw = a->raw;
	const char *why = NULL;

	memset(r, 0, sizeof(*r));
	snprintf(r->host, sizeof(r->host), "%s", a->host);
	snprintf(r->version, sizeof(r->version), "%s", a->version);
	derive_figures(raw, r);
	r->v[FF_AGE] = raw[FR_AGE];
	r->missing[FF_AGE] = isfinite(raw[FR_AGE]) ? NULL : "no sample within the lookback";
	r->state = FLEET_UP;
	if (raw[FR_UP] == 0) {
		r->state = FLEET_DOWN;
		snprintf(r->why, sizeof(r->why), "%s", a->note[0] ? a->note : isnan(raw[FR_INFO]) ?
			 "down from the start: up == 0 and no pmutop_build_info within the hour" :
			 "the last scrape failed (up == 0)");
		why = "host down";
	} else if (!isfinite(raw[FR_AGE]) || raw[FR_AGE] > stale_after) {
		r->state = FLEET_STALE;
		if (isfinite(raw[FR_AGE]))
			snprintf(r->why, sizeof(r->why), "last sample %.0f s old (more than %.0f s)", raw[FR_AGE], stale_after);
		else
			snprintf(r->why, sizeof(r->why), "no recent sample (no longer scraped?)");
		why = "host stale";
	} else if (isnan(raw[FR_CYCLES]) && isnan(raw[FR_INSTR])) {
		r->state = FLEET_NOPMU;
		snprintf(r->why, sizeof(r->why), "no hardware counters (no cycles or instructions series)");
		for (int f = FF_GHZ; f <= FF_BR_MISS; f++)
			r->missing[f] = "no PMU on this host";
	}
	if (why)   /* a host down or stale shows nothing it had before as if current */
		for (int f = 0; f < FF_NFIELDS; f++)
			if (f != FF_AGE) {
				r->v[f] = NAN;
				r->missing[f] = why;
			}
}
