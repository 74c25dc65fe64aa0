/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_json.h: event tables in JSON (Intel perfmon and the kernel's pmu-events) found through mapfile.csv. */
#ifndef PMUTOP_CATALOG_JSON_H
#define PMUTOP_CATALOG_JSON_H
#include <stddef.h>

struct catalog;
struct errmsg;

/* Look for a mapfile.csv in dir (or dir/x86, dir/arm64) and load every table
 * it maps c->cpuid to. Sets c->json_from when a row matched. A folder without
 * a mapfile returns 0 quietly; unreadable or malformed files are recorded with
 * catalog_error and skipped. Returns 0 or -ENOMEM. */
int catjson_load_dir(struct catalog *c, const char *dir);

/* Parse one JSON event file's text (a list of events, or an object whose
 * "Events" member is that list). origin names the file in messages; pmu ("" or
 * NULL: from each event's Unit) forces the PMU; topic is used for events
 * without one; std (may be NULL) resolves Arm "ArchStdEvent" references.
 * Returns the number of events added, -EINVAL (malformed: em, which may be NULL, says
 * why and where), -ENOMEM. */
int catjson_parse(struct catalog *c, const char *text, size_t len, const char *origin, const char *pmu,
		  const char *topic, const struct catalog *std, struct errmsg *em);

/* Parse a mapfile's text and call fn for each row whose expression matches
 * cpuid: fields 0 expression, 2 file or folder, 3 type, 6 core role (perfmon).
 * A bad row (too long, too few fields, an expression outside cpupat's subset) is
 * handed to bad (may be NULL) with its line number and why, and skipped; the rows
 * after it still count. Returns the number of matching rows, or -ENOMEM (fn failed). */
typedef int (*catjson_row_fn)(void *ctx, char *const *field, int nfields);
typedef void (*catjson_bad_fn)(void *ctx, int line, const char *why);
int catjson_mapfile(const char *text, const char *cpuid, catjson_row_fn fn, catjson_bad_fn bad, void *ctx);
#endif
