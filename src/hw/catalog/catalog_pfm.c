/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_pfm.c: libpfm4 (PAPI's and lo2s' tables) as a catalog source, through its PFM_OS_NONE encoding. */
#include "catalog_pfm.h"
#include "catalog.h"
#include "base/dynlib.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <perfmon/pfmlib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* PERFEVTSEL bits that are not event fields: USR, OS, INT, EN (libpfm4 sets them in its encoding). */
#define SEL_CONTROL ((1ULL << 16) | (1ULL << 17) | (1ULL << 20) | (1ULL << 22))

/* cpuid expression (as in a mapfile) -> libpfm4 table, for machines that are not the one we run on.
 * Only generations libpfm4 4.13 knows; the models are public (SDM, AMD PPR). */
static const struct { const char *re, *table; } tables[] = {
	{ "GenuineIntel-6-8F", "spr" },
	{ "GenuineIntel-6-(6A|6C)", "icx" },
	{ "GenuineIntel-6-55", "skx" },
	{ "GenuineIntel-6-(7D|7E)", "icl" },
	{ "GenuineIntel-6-(4E|5E|8E|9E|A5|A6)", "skl" },
	{ "AuthenticAMD-25-(1[0-9A-F]|[6-7][0-9A-F]|A[0-9A-F])", "amd64_fam19h_zen4" },
	{ "AuthenticAMD-25-[0-9A-F]+", "amd64_fam19h_zen3" },
	{ "AuthenticAMD-23-(3[0-9A-F]|[4-9A-F][0-9A-F])", "amd64_fam17h_zen2" },
	{ "AuthenticAMD-23-[0-9A-F]+", "amd64_fam17h_zen1" },
};

/* libpfm4 is loaded when a name first needs it, not at every start: its tables cost the dynamic
 * loader some 40,000 relocations, milliseconds that a run which never asks for a name need not pay. */
static struct {
	__typeof__(&pfm_initialize) initialize;
	__typeof__(&pfm_get_os_event_encoding) get_os_event_encoding;
	__typeof__(&pfm_get_pmu_info) get_pmu_info;
	__typeof__(&pfm_get_event_next) get_event_next;
	__typeof__(&pfm_get_event_info) get_event_info;
	__typeof__(&pfm_get_event_attr_info) get_event_attr_info;
} pfm;

/* PFM_SUCCESS once libpfm4 is loaded and initialised; a missing library is a source with no events. */
static int pfm_open(void)
{
	static const char *const sonames[] = { "libpfm.so.4", NULL };
	static const struct dynlib_fn fns[] = {
		DYNLIB_FN(pfm, initialize, "pfm_initialize"),
		DYNLIB_FN(pfm, get_os_event_encoding, "pfm_get_os_event_encoding"),
		DYNLIB_FN(pfm, get_pmu_info, "pfm_get_pmu_info"), DYNLIB_FN(pfm, get_event_next, "pfm_get_event_next"),
		DYNLIB_FN(pfm, get_event_info, "pfm_get_event_info"),
		DYNLIB_FN(pfm, get_event_attr_info, "pfm_get_event_attr_info"),
	};

	if (dynlib_open(sonames, fns, sizeof(fns) / sizeof(fns[0]), NULL, NULL, 0) < 0)
		return PFM_ERR_NOINIT;
	return pfm.initialize();
}

/* Intel fixed counters 0-3 as the kernel schedules them (PMU-FACTS section 1; perf's tables say the same). */
static const char *const fixed[][2] = {
	{ "INST_RETIRED.ANY", "event=0xc0" },
	{ "CPU_CLK_UNHALTED.THREAD", "event=0x3c" },
	{ "CPU_CLK_UNHALTED.REF_TSC", "event=0x0,umask=0x3" },
	{ "TOPDOWN.SLOTS", "event=0x0,umask=0x4" },
};

const char *catpfm_table_for(const char *cpuid)
{
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (cpuid_match(tables[i].re, cpuid) == 1)
			return tables[i].table;
	return NULL;
}

int catpfm_terms(const char *table, const char *event, unsigned long long code, unsigned long long extra,
		 int have_extra, char *out, int n)
{
	bool amd = !strncmp(table, "amd64", 5);
	uint64_t ev = code & 0xff, umask = (code >> 8) & 0xff, cmask = (code >> 24) & 0xff;
	int used;

	if (amd)
		ev |= ((code >> 32) & 0xf) << 8;
	used = snprintf(out, (size_t)n, "event=0x%llx", (unsigned long long)ev);
	if (umask)
		used += snprintf(out + used, (size_t)(n - used), ",umask=0x%llx", (unsigned long long)umask);
	if (code & (1ULL << 18))
		used += snprintf(out + used, (size_t)(n - used), ",edge=1");
	if (code & (1ULL << 23))
		used += snprintf(out + used, (size_t)(n - used), ",inv=1");
	if (!amd && (code & (1ULL << 21)))
		used += snprintf(out + used, (size_t)(n - used), ",any=1");
	if (cmask)
		used += snprintf(out + used, (size_t)(n - used), ",cmask=0x%llx", (unsigned long long)cmask);
	if (have_extra && !amd) {
		/* libpfm4 returns the second MSR's value in codes[1]; which MSR it is depends on the event */
		const char *t = !strncmp(event, "OFFCORE_RESPONSE", 16) || !strcmp(event, "OCR") ? "offcore_rsp" :
				!strcmp(event, "MEM_TRANS_RETIRED") || !strcmp(event, "MEM_LOAD_LATENCY") ? "ldlat" :
				!strcmp(event, "FRONTEND_RETIRED") ? "frontend" : NULL;

		if (t)
			used += snprintf(out + used, (size_t)(n - used), ",%s=0x%llx", t, extra);
	}
	return used > 0 && used < n ? 0 : -EINVAL;
}

/* Add "EVENT" or "EVENT:UMASK" if libpfm4 can encode it on its own. */
static int add_one(struct catalog *c, const char *table, const char *ev, const char *um, const char *desc,
		   const char *origin)
{
	char full[512], name[CAT_NAME_MAX], terms[256];
	pfm_pmu_encode_arg_t arg;
	struct cat_event e = { .src = CAT_SRC_PFM, .pmu = (char *)"" };
	int r;

	if (snprintf(full, sizeof(full), "%s::%s%s%s", table, ev, um ? ":" : "", um ? um : "") >= (int)sizeof(full))
		return 0;
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	if (pfm.get_os_event_encoding(full, PFM_PLM3, PFM_OS_NONE, &arg) != PFM_SUCCESS || arg.count < 1) {
		free(arg.codes);
		return 0; /* needs more than one umask, or one we cannot express */
	}
	r = catpfm_terms(table, ev, arg.codes[0] & ~SEL_CONTROL, arg.count > 1 ? arg.codes[1] : 0, arg.count > 1,
			 terms, sizeof(terms));
	free(arg.codes);
	if (r < 0)
		return 0;
	snprintf(name, sizeof(name), "%s%s%s", ev, um ? "." : "", um ? um : "");
	/* Intel's fixed-counter events in the form perf and the kernel use (libpfm4 has its own) */
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (strncmp(table, "amd", 3) != 0 && !strcasecmp(name, fixed[i][0]))
			snprintf(terms, sizeof(terms), "%s", fixed[i][1]);
	e.name = name;
	e.terms = terms;
	e.desc = (char *)(desc ? desc : "");
	e.topic = (char *)table;
	e.counter = (char *)"";
	r = catalog_add(c, &e, origin);
	return r == -ENOMEM ? r : 0;
}

int catpfm_load(struct catalog *c)
{
	static bool init_done;
	static int init_ret;
	const char *force = getenv("LIBPFM_FORCE_PMU");
	const char *want = NULL;
	char origin[64];
	bool live = !strcmp(sysfs_root(), "/sys");
	int r = 0;

	if (!force || !*force) {
		/* libpfm4 detects the CPU we run on; a simulated machine needs its table named. */
		if (!live) {
			if (!c->cpuid[0] || !(want = catpfm_table_for(c->cpuid)))
				return 0;
			setenv("LIBPFM_FORCE_PMU", want, 0);
		}
	}
	if (!init_done) {
		init_ret = pfm_open();
		init_done = true;
	}
	if (init_ret != PFM_SUCCESS)
		return 0;
	for (int p = 0; p < PFM_PMU_MAX && r == 0; p++) {
		pfm_pmu_info_t pi;

		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm.get_pmu_info((pfm_pmu_t)p, &pi) != PFM_SUCCESS || !pi.is_present ||
		    pi.type != PFM_PMU_TYPE_CORE)
			continue;
		if (want && strcmp(pi.name, want))
			continue;
		snprintf(origin, sizeof(origin), "libpfm4 %s", pi.name);
		snprintf(c->pfm_from, sizeof(c->pfm_from), "%s", origin);
		for (int i = pi.first_event; i != -1 && r == 0; i = pfm.get_event_next(i)) {
			pfm_event_info_t ei;
			int numasks = 0;

			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm.get_event_info(i, PFM_OS_NONE, &ei) != PFM_SUCCESS)
				continue;
			for (int a = 0; a < ei.nattrs && r == 0; a++) {
				pfm_event_attr_info_t ai;

				memset(&ai, 0, sizeof(ai));
				ai.size = sizeof(ai);
				if (pfm.get_event_attr_info(i, a, PFM_OS_NONE, &ai) != PFM_SUCCESS ||
				    ai.type != PFM_ATTR_UMASK)
					continue;
				numasks++;
				r = add_one(c, pi.name, ei.name, ai.name, ai.desc ? ai.desc : ei.desc, origin);
			}
			if (numasks == 0 && r == 0)
				r = add_one(c, pi.name, ei.name, NULL, ei.desc, origin);
		}
	}
	return r;
}
