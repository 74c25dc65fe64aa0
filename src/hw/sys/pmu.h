/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* pmu.h: the PMU registry read from bus/event_source/devices under the sysfs root. */
#ifndef PMUTOP_PMU_H
#define PMUTOP_PMU_H
#include <stdbool.h>
#include <stdint.h>

enum pmu_kind {
	PMU_KIND_OTHER,     /* tracepoint, breakpoint, kprobe, msr, ... */
	PMU_KIND_SOFTWARE,  /* "software" */
	PMU_KIND_CORE,      /* cpu, cpu_core, cpu_atom, armv8_*, apple_*_pmu */
	PMU_KIND_UNCORE,    /* uncore_*, amd_l3, amd_df, amd_umc_*, power, ... (has a cpumask) */
};

#define PMU_FMT_MAX_RANGES 16
struct pmu_format {
	char *name;
	int field;  /* 0 config, 1 config1, 2 config2, 3 config3 */
	int nranges;
	struct { uint8_t lo, hi; } r[PMU_FMT_MAX_RANGES]; /* in file order; the value fills bits lowest first */
};

struct pmu_alias {
	char *name;    /* "cas_count_read" */
	char *terms;   /* "event=0x04,umask=0x03" */
	double scale;  /* 1.0 when there is no .scale file */
	char *unit;    /* "" when there is no .unit file */
};

struct pmu_cap { char *name, *value; };

/* What a PMU's folder holds beside its type and CPUs: its formats, event aliases and caps. Read on
 * first use (pmu_formats, pmu_aliases, the lookups below), as most of a server's hundreds of uncore
 * boxes are never named by a run: their files stay unread (issue 14's start-up). Each part is read on
 * its own: the caps' pmu_name does not read the aliases. */
enum { PMU_DET_FORMATS, PMU_DET_ALIASES, PMU_DET_CAPS };
struct pmu_detail {
	unsigned loaded;   /* 1 << PMU_DET_*: the parts read so far */
	int nformats; struct pmu_format *formats;
	int naliases; struct pmu_alias *aliases;
	int ncaps;    struct pmu_cap *caps;
};

struct pmu {
	char *name;
	uint32_t type;
	enum pmu_kind kind;
	int *cpus;   /* from `cpus` or `cpumask`; NULL = every online CPU */
	int ncpus;
	bool cpus_file;   /* the list came from `cpus` (core PMU coverage), not `cpumask` */
	/* Owned, filled from the folder under the sysfs root on first use; NULL in a PMU built by hand
	 * (no formats, aliases or caps). Through const struct pmu * too: reading is not changing. */
	struct pmu_detail *det;
};

struct pmu_registry {
	int n;
	struct pmu *pmus;   /* sorted by name, numbers in natural order (uncore_cha_2 < uncore_cha_10) */
	int ncore;          /* number of PMU_KIND_CORE entries */
	bool hybrid;        /* more than one core PMU */
};

/* Load every PMU under bus/event_source/devices: name, type, kind and CPUs. Returns 0 or -errno
 * (a missing directory is -ENOENT; unreadable single PMUs are skipped). A PMU's formats, aliases and
 * caps are read later, on first use, under the sysfs root of that moment (set it once, before). */
int pmus_load(struct pmu_registry *reg);
/* The same without the uncore PMUs' cpumasks (each only looked for): what naming the PMON discovery
 * boxes needs (--list-uncore). Not for opening events. */
int pmus_load_names(struct pmu_registry *reg);
void pmus_free(struct pmu_registry *reg);
/* Exact name lookup; returns the index or -1. */
int pmus_find(const struct pmu_registry *reg, const char *name);
/* The PMU's formats or aliases (read now if not yet): the count, *v set to the first. */
int pmu_formats(const struct pmu *p, const struct pmu_format **v);
int pmu_aliases(const struct pmu *p, const struct pmu_alias **v);
const struct pmu_alias *pmu_find_alias(const struct pmu *p, const char *name);
const struct pmu_format *pmu_find_format(const struct pmu *p, const char *name);
const char *pmu_cap(const struct pmu *p, const char *name); /* NULL when absent */

/* Parse a format file's text ("config1:0,2,4-7"). Returns 0 or -EINVAL. */
int pmu_format_parse(const char *text, struct pmu_format *f);
/* Bits the format can hold (sum of range widths). */
int pmu_format_width(const struct pmu_format *f);
/* OR value into cfg[f->field], its low bits into the lowest format bits. -ERANGE if the value has
 * bits above the format's width. cfg has 4 words. */
int pmu_format_apply(const struct pmu_format *f, uint64_t value, uint64_t cfg[4]);
#endif
