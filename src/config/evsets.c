/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evsets.c: the built-in event sets and their event lists per architecture (data, in one place). */
#include "settings.h"
#include "hw/model/model.h"
#include "hw/sys/pmu.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

const struct evset_def settings_builtin_sets[] = {
	{ "default", "IPC, GHz, utilisation, LLC miss %, MPKI, branch miss %" },
	{ "cache",   "L1 data and last-level cache loads and misses" },
	{ "branch",  "branches and branch mispredictions" },
	{ "memory",  "cache and TLB misses that reach memory" },
	{ "uncore",  "memory controller bandwidth, interconnect, package and DRAM energy" },
	{ "topdown", "top-down: pipeline slots retiring, bad speculation, frontend and backend bound (tma_*)" },
};
const int settings_nbuiltin_sets = sizeof(settings_builtin_sets) / sizeof(settings_builtin_sets[0]);

/* "" = the set has no events on that architecture (the caller says so). Uncore
 * events use a PMU prefix that stands for every instance (uncore_imc = uncore_imc_*). */
const struct arch_events settings_arch_table[] = {
	{ ARCH_INTEL, "default", "cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock" },
	{ ARCH_INTEL, "cache", "cycles,instructions,cache-references,cache-misses,L1-dcache-loads,"
			       "L1-dcache-load-misses,LLC-loads,LLC-load-misses,cpu-clock" },
	{ ARCH_INTEL, "branch", "cycles,instructions,branches,branch-misses,cpu-clock" },
	{ ARCH_INTEL, "memory", "cycles,instructions,cache-misses,LLC-load-misses,LLC-store-misses,"
				"dTLB-load-misses,dTLB-store-misses,cpu-clock" },
	{ ARCH_INTEL, "uncore", "uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,"
				"power/energy-pkg/,power/energy-ram/,uncore_upi/event=0x2,umask=0xf/" },
	/* the top-down events themselves come from hw/topdown.c (the method for this CPU) */
	{ ARCH_INTEL, "topdown", "cycles,instructions,cpu-clock" },

	{ ARCH_AMD, "default", "cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock" },
	/* Zen has no generic LLC-* cache events; cache-references/misses are L2/L3 there */
	{ ARCH_AMD, "cache", "cycles,instructions,cache-references,cache-misses,L1-dcache-loads,"
			     "L1-dcache-load-misses,L1-icache-load-misses,cpu-clock" },
	{ ARCH_AMD, "branch", "cycles,instructions,branches,branch-misses,cpu-clock" },
	{ ARCH_AMD, "memory", "cycles,instructions,cache-misses,L1-dcache-load-misses,dTLB-load-misses,cpu-clock" },
	/* UMC CAS commands (Zen 4: event = config:0-7, rdwrmask = config:8-9), L3 lookups/misses */
	{ ARCH_AMD, "uncore", "amd_umc/event=0x0a,rdwrmask=0x1/,amd_umc/event=0x0a,rdwrmask=0x2/,"
			      "amd_l3/event=0x04,umask=0xff/,amd_l3/event=0x04,umask=0x01/,power/energy-pkg/" },
	{ ARCH_AMD, "topdown", "cycles,instructions,cpu-clock" },

	{ ARCH_ARM, "default", "cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock" },
	{ ARCH_ARM, "cache", "cycles,instructions,L1-dcache-loads,L1-dcache-load-misses,L1-icache-loads,"
			     "L1-icache-load-misses,cpu-clock" },
	{ ARCH_ARM, "branch", "cycles,instructions,branches,branch-misses,cpu-clock" },
	{ ARCH_ARM, "memory", "cycles,instructions,cache-misses,L1-dcache-load-misses,dTLB-load-misses,cpu-clock" },
	{ ARCH_ARM, "uncore", "" },
	{ ARCH_ARM, "topdown", "cycles,instructions,cpu-clock" },

	/* the Apple PMU driver maps only cycles and instructions to generic events */
	{ ARCH_APPLE, "default", "cycles,instructions,cpu-clock" },
	{ ARCH_APPLE, "cache", "" },
	{ ARCH_APPLE, "branch", "" },
	{ ARCH_APPLE, "memory", "" },
	{ ARCH_APPLE, "uncore", "" },
	{ ARCH_APPLE, "topdown", "cycles,instructions,cpu-clock" },

	{ ARCH_NONE, "default", "cpu-clock,context-switches,cpu-migrations,page-faults" },
	{ ARCH_NONE, "cache", "" },
	{ ARCH_NONE, "branch", "" },
	{ ARCH_NONE, "memory", "" },
	{ ARCH_NONE, "uncore", "" },
	{ ARCH_NONE, "topdown", "cpu-clock" },
};
const int settings_narch_table = sizeof(settings_arch_table) / sizeof(settings_arch_table[0]);

static const char *const arch_names[] = {
	[ARCH_NONE] = "no core PMU", [ARCH_INTEL] = "Intel", [ARCH_AMD] = "AMD",
	[ARCH_ARM] = "Arm", [ARCH_APPLE] = "Apple",
};

int settings_arch_of(const char *core_pmu, const char *vendor)
{
	size_t n;

	if (!core_pmu || !*core_pmu)
		return ARCH_NONE;
	n = strlen(core_pmu);
	if (strncmp(core_pmu, "apple_", 6) == 0 && n > 4 && strcmp(core_pmu + n - 4, "_pmu") == 0)
		return ARCH_APPLE;
	if (strncmp(core_pmu, "armv8_", 6) == 0 || strncmp(core_pmu, "armv9_", 6) == 0 ||
	    strncmp(core_pmu, "armv7_", 6) == 0)
		return ARCH_ARM;
	if (strcmp(core_pmu, "cpu_core") == 0 || strcmp(core_pmu, "cpu_atom") == 0)
		return ARCH_INTEL;
	if (strcmp(core_pmu, "cpu") == 0) {   /* x86: the vendor decides */
		if (vendor && (strcasestr(vendor, "amd") || strcasestr(vendor, "hygon")))
			return ARCH_AMD;
		return ARCH_INTEL;
	}
	return ARCH_NONE;
}

const char *settings_arch_name(int arch)
{
	return arch >= 0 && arch < NARCH ? arch_names[arch] : "unknown";
}

const char *settings_arch_events(const char *core_pmu, const char *vendor, const char *set)
{
	int arch = settings_arch_of(core_pmu, vendor);

	for (int i = 0; i < settings_narch_table; i++)
		if (settings_arch_table[i].arch == arch && strcmp(settings_arch_table[i].set, set) == 0)
			return settings_arch_table[i].events;
	return "";
}

/* What the generic cache-references/cache-misses count per architecture (the kernel's maps:
 * Intel LONGEST_LAT_CACHE.REFERENCE/MISS 0x4f2e/0x412e, Zen L2 requests/misses 0xff60/0x0964,
 * Arm PMUv3 L1D_CACHE/L1D_CACHE_REFILL 0x04/0x03). */
static const int generic_cache_level[NARCH] = {
	[ARCH_NONE] = CACHE_LLC, [ARCH_INTEL] = CACHE_LLC, [ARCH_AMD] = CACHE_L2,
	[ARCH_ARM] = CACHE_L1D, [ARCH_APPLE] = CACHE_LLC,
};

int settings_generic_cache(int arch)
{
	return arch >= 0 && arch < NARCH ? generic_cache_level[arch] : CACHE_LLC;
}

/* The vendors' last-level events that take the place of the generic cache pair in the default
 * set where the machine has them (known encodings and sysfs aliases only: the vendor catalog
 * stays unread at start-up). AMD: the amd_l3 PMU, one per CCX, with the events perf's amdzen
 * tables name (Zen 2/3 and Zen 4/5 differ); Arm: the last-level read events a PMUv3 exports
 * in sysfs where the core implements them (Neoverse). Intel's generic pair already is the
 * last level. fam/mlo/mhi: x86 family and model range (-1: any). */
static const struct llc_events {
	int arch, fam, mlo, mhi;
	const char *pmu;        /* uncore PMU that must exist, NULL: every core PMU ... */
	const char *alias;      /* ... must export these sysfs aliases (refs, misses) */
	const char *alias2;
	const char *events;     /* the pair, references first */
} llc_table[] = {
#define ZEN4_5(lo, hi) { ARCH_AMD, 0x19, lo, hi, "amd_l3", NULL, NULL, \
	"amd_l3/event=0x04,umask=0xff,name=l3_lookup_state.all_coherent_accesses_to_l3/," \
	"amd_l3/event=0x04,umask=0x01,name=l3_lookup_state.l3_miss/" }
	ZEN4_5(0x10, 0x1f), ZEN4_5(0x60, 0x7f), ZEN4_5(0xa0, 0xaf),
	{ ARCH_AMD, 0x1a, -1, -1, "amd_l3", NULL, NULL,
	  "amd_l3/event=0x04,umask=0xff,name=l3_lookup_state.all_coherent_accesses_to_l3/,"
	  "amd_l3/event=0x04,umask=0x01,name=l3_lookup_state.l3_miss/" },
#undef ZEN4_5
	/* Zen 2 and Zen 3 (family 0x19 models not above) */
	{ ARCH_AMD, 0x17, 0x30, 0xff, "amd_l3", NULL, NULL,
	  "amd_l3/event=0x04,umask=0xff,name=l3_lookup_state.all_l3_req_typs/,"
	  "amd_l3/event=0x06,umask=0x01,name=l3_comb_clstr_state.request_miss/" },
	{ ARCH_AMD, 0x19, -1, -1, "amd_l3", NULL, NULL,
	  "amd_l3/event=0x04,umask=0xff,name=l3_lookup_state.all_l3_req_typs/,"
	  "amd_l3/event=0x06,umask=0x01,name=l3_comb_clstr_state.request_miss/" },
	{ ARCH_ARM, -1, -1, -1, NULL, "ll_cache_rd", "ll_cache_miss_rd", "ll_cache_rd,ll_cache_miss_rd" },
};

static bool llc_applies(const struct llc_events *l, const struct pmu_registry *reg, int family, int model)
{
	int ncore = 0;

	if (l->fam >= 0 && (family != l->fam || (l->mlo >= 0 && (model < l->mlo || model > l->mhi))))
		return false;
	if (l->pmu)
		return pmus_find(reg, l->pmu) >= 0;
	for (int p = 0; p < reg->n; p++) {
		if (reg->pmus[p].kind != PMU_KIND_CORE)
			continue;
		if (!pmu_find_alias(&reg->pmus[p], l->alias) || !pmu_find_alias(&reg->pmus[p], l->alias2))
			return false;
		ncore++;
	}
	return ncore > 0;
}

const char *settings_default_events(const struct pmu_registry *reg, const char *vendor, int family,
				    int model, const char *set, char *buf, size_t len)
{
	static const char generic[] = "cache-references,cache-misses";
	const char *core = "", *ev, *at;
	int arch;

	for (int p = 0; p < reg->n; p++)
		if (reg->pmus[p].kind == PMU_KIND_CORE) {
			core = reg->pmus[p].name;
			break;
		}
	ev = settings_arch_events(core, vendor, set);
	arch = settings_arch_of(core, vendor);
	if (strcmp(set, "default") != 0 || !(at = strstr(ev, generic)))
		return ev;
	for (size_t i = 0; i < sizeof(llc_table) / sizeof(llc_table[0]); i++)
		if (llc_table[i].arch == arch && llc_applies(&llc_table[i], reg, family, model)) {
			int n = snprintf(buf, len, "%.*s%s%s", (int)(at - ev), ev, llc_table[i].events,
					 at + sizeof(generic) - 1);
			return n >= 0 && (size_t)n < len ? buf : ev;
		}
	return ev;
}
