/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog.h: the CPU's vendor event names (JSON event files, libpfm4), each as PMU terms, loaded on first use. */
#ifndef PMUTOP_CATALOG_H
#define PMUTOP_CATALOG_H
#include <stdbool.h>
#include <stddef.h>
#include "hw/sys/cpuid.h"
#include "hw/sys/pmu.h"

/* Bounds on hostile input. */
#define CAT_EVENTS_MAX   250000      /* events in one catalog */
#define CAT_FILE_MAX     (48 << 20)  /* bytes of one JSON or mapfile */
#define CAT_FILES_MAX    512         /* JSON files read for one CPU */
#define CAT_NAME_MAX     160         /* bytes of an event name */
#define CAT_TEXT_MAX     1024        /* bytes kept of a description */
#define CAT_JSON_DEPTH   16          /* nesting of a JSON event file */

enum cat_src { CAT_SRC_JSON, CAT_SRC_PFM };

struct cat_event {
	char *name;      /* perf spelling, lower case: "mem_load_retired.l3_miss" */
	char *pmu;       /* kernel PMU it belongs to: "" the core PMU, "cpu_core", "cpu_atom",
			    or a unit prefix: "uncore_imc" (every uncore_imc_<n>), "amd_l3" */
	char *terms;     /* "event=0xd1,umask=0x20", terms of the PMU's sysfs format */
	char *desc;      /* one line, "" when none */
	char *topic;     /* "" when none */
	char *counter;   /* allowed counters as the table says ("0,1,2,3", "Fixed counter 1"), "" unknown */
	const char *origin; /* the file, or "libpfm4 spr" (owned by the catalog) */
	enum cat_src src;
	/* a source of lower rank (libpfm4 under a JSON table) that has the name with another encoding:
	 * its terms (owned) and origin (the catalog's), NULL when none or when it agrees */
	char *other_terms;
	const char *other_origin;
	bool deprecated;
	bool per_pkg;
	struct pmu_alias alias;  /* the same as a PMU alias (name, terms, scale 1, unit ""), for the
				    resolver's alias sources; valid once the catalog is loaded */
};

struct catalog {
	/* configuration (set before the first lookup) */
	char cpuid[CPUID_MAX];     /* "" = detect */
	char *dirs[5];             /* search order: --events-dir, PMUTOP_EVENTS_DIR, [events] dir,
				      $XDG_CACHE_HOME/pmu-events, /usr/share/pmutop/events */
	int ndirs;
	bool no_pfm;               /* leave libpfm4 out (tests of the JSON source) */
	bool experimental;         /* also Intel's *_experimental.json rows (--events-experimental) */
	int (*load)(struct catalog *c); /* catalog_load, set by catalog_init; NULL: only what was added */
	/* state */
	bool loaded;
	int n, cap;
	struct cat_event *ev;      /* sorted by name, then PMU */
	int norigins;
	char **origins;
	char json_from[512];       /* the mapfile used, "" none */
	char pfm_from[64];         /* the libpfm4 table used, "" none */
	char errors[1024];         /* problems with files (each names its file), "" none */
	int nerrors;
};

/* Set up an empty catalog. cpuid: --cpuid (NULL: PMUTOP_CPUID, else detect at
 * load). events_dir: --events-dir; conf_dir: [events] dir (either may be NULL). */
void catalog_init(struct catalog *c, const char *cpuid, const char *events_dir, const char *conf_dir);
void catalog_free(struct catalog *c);
/* Load the tables for the CPU once (later calls return at once). Files that
 * are missing are skipped quietly; malformed ones are recorded in c->errors.
 * Returns 0 or -ENOMEM. */
int catalog_load(struct catalog *c);

/* Turn a name in any accepted spelling into the stored one: lower case,
 * libpfm4's "PMU::" prefix dropped, its "EVENT:UMASK" colon made a dot.
 * Returns 0 or -EINVAL (empty, too long, or characters no event name has). */
int catalog_norm(const char *in, char *out, size_t n);
/* Every event of that name (any spelling), loading the catalog if needed.
 * Returns the number found; *first points at the first (they are adjacent). */
int catalog_lookup(struct catalog *c, const char *name, const struct cat_event **first);
/* The event of that name for the PMU called pmu_name (core: whether it is a
 * core PMU), or NULL; a JSON table's before libpfm4's. A uncore unit "uncore_imc" matches
 * "uncore_imc_3". */
const struct cat_event *catalog_find(struct catalog *c, const char *pmu_name, bool core, const char *name);
bool catalog_pmu_matches(const struct cat_event *e, const char *pmu_name, bool core);
/* Up to max names nearest to name (edit distance, then order); returns how many. */
int catalog_suggest(struct catalog *c, const char *name, const char **out, int max);
/* Where to get tables for this CPU, one line (for "unknown event" messages). */
void catalog_hint(const struct catalog *c, char *out, size_t n);

/* For the loaders: copy e (its strings) into the catalog; invalid names are
 * refused with -EINVAL, a full catalog with -E2BIG. origin is interned. */
int catalog_add(struct catalog *c, const struct cat_event *e, const char *origin);
/* Whether two sysfs-format term lists set the same values ("event=0xd4,umask=0x04" and
 * "umask=0x4,event=0xd4"; a term set to 0 is the same as none). */
bool catalog_terms_equal(const char *a, const char *b);
/* Sort and drop exact duplicates (same name and PMU: the first source wins). A libpfm4 event a JSON
 * table also has for a core PMU with other terms is recorded on the JSON event (other_terms). */
int catalog_finish(struct catalog *c); /* 0 or -ENOMEM */
/* Record a problem with a file (kept short; counted). */
void catalog_error(struct catalog *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif
