/* evsets.c: the built-in event sets and their event lists per architecture (data, in one place). */
#include "app/settings.h"
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
