/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_parse.h: the raw INI document of a description and the builders that read it (internal to src/hw/sim):
 * sim_ini.c reads the document, sim_parse.c and sim_machine.c build struct sim_machine from it. */
#ifndef PMUTOP_SIM_PARSE_H
#define PMUTOP_SIM_PARSE_H
#include <stddef.h>
#include <stdint.h>
#include "sim_desc.h"

struct simp_sec { char *name; int n; struct simm_kv *kv; int line; };
struct simp_doc { int n; struct simp_sec *secs; int line; const char *bad; };

/* Bounds: what real hardware has (x86 Linux builds at most NR_CPUS = 8192, MAX_NUMNODES = 1024). */
#define SIMP_MAX_CPUS     8192
#define SIMP_MAX_CORES    65536   /* per core group, before the CPU total is checked */
#define SIMP_MAX_SOCKETS  64
#define SIMP_MAX_NODES    1024
#define SIMP_MAX_BOXES    4096    /* uncore boxes in all */
#define SIMP_MAX_PMUS     4096
#define SIMP_MAX_BAR      (16u << 20)
#define SIMP_MAX_VALUE    65536   /* bytes of one value, repeated keys joined */
#define SIMP_MAX_KEYS     16384   /* keys of one section */
#define SIMP_MAX_NAME     64      /* a sysfs name pmutop writes */
#define SIMP_MAX_RATE     1e15    /* events per second per CPU (RAPL counts 2^-32 J: ~1e12) */

/* Read the INI text into d (sections and keys with their lines; names checked). Returns 0, the
 * line of the first error (d->bad says why when set), or -1 when out of memory. */
int simp_doc_read(const char *text, size_t len, struct simp_doc *d);
void simp_doc_free(struct simp_doc *d);
const char *simp_get(const struct simp_sec *s, const char *key);
const struct simm_kv *simp_find(const struct simp_sec *s, const char *key);
/* An error message: "LINE: text" when line > 0 (the loader puts FILE: in front). */
void simp_err(char *err, size_t errlen, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* key as an integer in [lo, hi] (dflt when absent). 0, or -EINVAL with err filled. */
int simp_int_in(const struct simp_sec *s, const char *key, long dflt, long lo, long hi, int *out,
		char *err, size_t errlen);
/* key as a finite number in [lo, hi] (dflt when absent). 0, or -EINVAL with err filled. */
int simp_double_in(const struct simp_sec *s, const char *key, double dflt, double lo, double hi, double *out,
		   char *err, size_t errlen);
/* A name that becomes one path component of the tree: [A-Za-z0-9_.-], not starting with '.' or '-',
 * 1..SIMP_MAX_NAME bytes (the characters the kernel uses for PMU, format, event and caps names). */
bool simp_name_ok(const char *name);
/* A PCI address as sysfs names devices: DDDD:BB:DD.F in hex (function 0-7). */
bool simp_bdf_ok(const char *bdf);
/* "{a..b}" at b: 0 <= a <= b, b - a < SIMP_MAX_BOXES. 0 or -EINVAL. */
int simp_range(const char *b, int *lo, int *hi);
int simp_int(const struct simp_sec *s, const char *key, int dflt);
double simp_double(const struct simp_sec *s, const char *key, double dflt);
int simp_u64_list(const char *v, uint64_t *out, int max);
int simp_generic_index(const char *name);
void simm_pmu_clear(struct simm_pmu *p);

/* [rates NAME] sections -> pmu rates; [rates software] -> sw_rate. */
int simp_rates(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
/* box.* keys of [pmu] and [box] sections -> m->boxes, sorted. */
int simp_boxes(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
/* [discovery] -> m->pci. */
int simp_discovery(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
#endif
