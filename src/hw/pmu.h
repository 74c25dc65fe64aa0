/* SPDX-License-Identifier: GPL-2.0-or-later */
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

struct pmu {
	char *name;
	uint32_t type;
	enum pmu_kind kind;
	int *cpus;   /* from `cpus` or `cpumask`; NULL = every online CPU */
	int ncpus;
	bool cpus_file;   /* the list came from `cpus` (core PMU coverage), not `cpumask` */
	int nformats; struct pmu_format *formats;
	int naliases; struct pmu_alias *aliases;
	int ncaps;    struct pmu_cap *caps;
};

struct pmu_registry {
	int n;
	struct pmu *pmus;   /* sorted by name, numbers in natural order (uncore_cha_2 < uncore_cha_10) */
	int ncore;          /* number of PMU_KIND_CORE entries */
	bool hybrid;        /* more than one core PMU */
};

/* Load every PMU under bus/event_source/devices. Returns 0 or -errno
 * (a missing directory is -ENOENT; unreadable single PMUs are skipped). */
int pmus_load(struct pmu_registry *reg);
/* The same registry (names, types, kinds, the core PMUs' cpus and caps) without the event aliases and
 * the uncore PMUs' formats and cpumasks: what naming the PMON discovery boxes needs (--list-uncore), a tenth of the files
 * on a server whose uncore has hundreds of boxes. Not for parsing events. */
int pmus_load_names(struct pmu_registry *reg);
void pmus_free(struct pmu_registry *reg);
/* Exact name lookup; returns the index or -1. */
int pmus_find(const struct pmu_registry *reg, const char *name);
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
