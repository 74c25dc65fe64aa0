/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_pfm.h: libpfm4's event tables as a catalog source. */
#ifndef PMUTOP_CATALOG_PFM_H
#define PMUTOP_CATALOG_PFM_H
struct catalog;

/* Add the core events of libpfm4's table for this CPU: the one LIBPFM_FORCE_PMU
 * names, else on the live machine (sysfs root /sys) the one libpfm4 detects,
 * else (a simulated or recorded machine) the one that fits c->cpuid, if any.
 * Sets c->pfm_from. Returns 0 or -ENOMEM. */
int catpfm_load(struct catalog *c);
/* libpfm4's table name for a cpuid ("spr", "amd64_fam19h_zen4"), NULL when none fits. */
const char *catpfm_table_for(const char *cpuid);
/* Turn a libpfm4 PFM_OS_NONE encoding of event (libpfm4's event name, without
 * umask) into format terms. x86 only (Intel and AMD PERFEVTSEL layout); extra
 * holds codes[1], the offcore response, load latency or front-end MSR value of
 * the events that have one (by name), used when have_extra. 0 or -EINVAL. */
int catpfm_terms(const char *table, const char *event, unsigned long long code, unsigned long long extra,
		 int have_extra, char *out, int n);
#endif
