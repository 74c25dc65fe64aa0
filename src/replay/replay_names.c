/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replay_names.c: what a recorded event name says: its base name for roles, its PMU, per socket or per CPU. */
#include "replay.h"
#include <stdio.h>
#include <string.h>

/* PMUs whose events count per socket or die (perf prints merged instances
 * without the "uncore_" prefix and the "_N" suffix, as in "imc/.../"). */
static const char *const uncore_pmus[] = {
	"imc", "cha", "cbox", "upi", "qpi", "iio", "irp", "m2m", "m3upi", "m2pcie", "pcu", "ubox",
	"mdf", "b2cmi", "b2cxl", "b2hot", "b2upi", "pciex8", "pciex16", "cxlcm", "cxldp", "mchbm",
	"m2hbm", "sbox", "ha", "r2pcie", "r3qpi", "edc_eclk", "edc_uclk", "arb", "clock", "sncu",
	"power", "cstate_pkg", "amd_df", "amd_l3", "amd_umc", "arm_cmn", "arm_ccn", "arm_dsu",
	"arm_dmc620", "dmc620", "hisi", "cxl", "imc_free_running", "iio_free_running",
};

bool replay_event_uncore(const char *pmu)
{
	char name[128];
	size_t n;

	if (!pmu || !*pmu)
		return false;
	if (strncmp(pmu, "uncore_", 7) == 0)
		return true;
	n = strlen(pmu);
	if (n >= sizeof(name))
		return false;
	memcpy(name, pmu, n + 1);
	/* drop an instance suffix: "amd_umc_0", "arm_cmn_1", "hisi_sccl1_ddrc0" keep their stem */
	while (n && name[n - 1] >= '0' && name[n - 1] <= '9')
		n--;
	if (n && n < strlen(pmu) && name[n - 1] == '_')
		n--;
	name[n] = '\0';
	for (size_t i = 0; i < sizeof(uncore_pmus) / sizeof(uncore_pmus[0]); i++) {
		size_t k = strlen(uncore_pmus[i]);
		if (strcmp(name, uncore_pmus[i]) == 0 ||
		    (strncmp(name, uncore_pmus[i], k) == 0 && name[k] == '_'))
			return true;
	}
	return false;
}

void replay_event_base(const char *name, char *base, size_t baselen, char *pmu, size_t pmulen)
{
	const char *slash = strchr(name, '/');
	size_t n;

	if (!slash) {   /* "cycles:D" -> "cycles" */
		snprintf(pmu, pmulen, "%s", "");
		n = strcspn(name, ":");
		snprintf(base, baselen, "%.*s", (int)n, name);
		return;
	}
	snprintf(pmu, pmulen, "%.*s", (int)(slash - name), name);
	{
		const char *inner = slash + 1, *close = strrchr(inner, '/');
		size_t ilen = close ? (size_t)(close - inner) : strlen(inner);
		bool terms = memchr(inner, '=', ilen) != NULL;
		if (!terms && !replay_event_uncore(pmu)) {
			/* a core PMU alias: "cpu_core/instructions/u" -> "instructions" */
			snprintf(base, baselen, "%.*s", (int)ilen, inner);
		} else {
			/* keep the PMU so uncore roles stay apart; drop modifiers */
			n = close ? (size_t)(close - name) + 1 : strlen(name);
			snprintf(base, baselen, "%.*s", (int)n, name);
		}
	}
}
