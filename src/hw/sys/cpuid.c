/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpuid.c: vendor-family-model-stepping (x86) or MIDR (Arm) from cpuinfo/sysfs, matched as perf's mapfile does. */
#include "cpuid.h"
#include "cpupat.h"
#include "sysfs.h"
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIDR_VARIANT_MASK  (0xfULL << 20)
#define MIDR_REVISION_MASK 0xfULL
#define CPUID_PATTERN_MAX  160

/* Value of "key<tabs>: value" in the first block of a cpuinfo text. */
static int field(const char *info, const char *key, char *out, size_t n)
{
	size_t klen = strlen(key);
	const char *p = info;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len == 0)
			break; /* end of the first CPU's block */
		if (len > klen && strncmp(p, key, klen) == 0 && (p[klen] == ' ' || p[klen] == '\t' ||
								 p[klen] == ':')) {
			const char *c = memchr(p, ':', len);

			if (c) {
				const char *v = c + 1;
				size_t vl;

				while (*v == ' ' || *v == '\t')
					v++;
				vl = (size_t)(p + len - v);
				while (vl && isspace((unsigned char)v[vl - 1]))
					vl--;
				if (vl + 1 > n)
					return -ENAMETOOLONG;
				memcpy(out, v, vl);
				out[vl] = '\0';
				return 0;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	return -ENOENT;
}

static int num(const char *info, const char *key, unsigned long long max, unsigned long long *v)
{
	char buf[64], *end;

	if (field(info, key, buf, sizeof(buf)) < 0 || !buf[0])
		return -ENOENT;
	errno = 0;
	*v = strtoull(buf, &end, 0);
	if (errno || *end || *v > max)
		return -EINVAL;
	return 0;
}

int cpuid_check(const char *cpuid)
{
	size_t len = cpuid ? strlen(cpuid) : 0;

	if (len == 0 || len >= CPUID_MAX)
		return -EINVAL;
	for (size_t i = 0; i < len; i++)
		if (!isgraph((unsigned char)cpuid[i]) || cpuid[i] == ',')
			return -EINVAL;
	return 0;
}

int cpuid_from_cpuinfo(const char *info, char *out, size_t n)
{
	char vendor[32];
	unsigned long long fam, model, step, impl, part, var = 0;
	int r;

	if (field(info, "vendor_id", vendor, sizeof(vendor)) == 0) {
		if (num(info, "cpu family", 0xffff, &fam) || num(info, "model", 0xffff, &model))
			return -ENOENT;
		if (num(info, "stepping", 0xff, &step))
			step = 0;
		r = snprintf(out, n, "%s-%llu-%llX-%llX", vendor, fam, model, step);
	} else if (num(info, "CPU implementer", 0xff, &impl) == 0 && num(info, "CPU part", 0xfff, &part) == 0) {
		(void)var; /* variant and revision are cleared, as in perf's arm64 cpuid */
		r = snprintf(out, n, "0x%016llx", (impl << 24) | (0xfULL << 16) | (part << 4));
	} else {
		return -ENOENT;
	}
	return r < 0 || (size_t)r >= n || cpuid_check(out) ? -ENAMETOOLONG : 0;
}

int cpuid_detect(char *out, size_t n)
{
	char buf[16384], *end;

	if (sysfs_read("devices/system/cpu/cpu0/regs/identification/midr_el1", buf, sizeof(buf)) > 0) {
		unsigned long long midr;

		errno = 0;
		midr = strtoull(buf, &end, 0);
		if (!errno && !*end && midr) {
			int r = snprintf(out, n, "0x%016llx", midr & ~(MIDR_VARIANT_MASK | MIDR_REVISION_MASK));

			return r < 0 || (size_t)r >= n ? -ENAMETOOLONG : 0;
		}
	}
	if (procfs_read("cpuinfo", buf, sizeof(buf)) < 0)
		return -ENOENT;
	return cpuid_from_cpuinfo(buf, out, n);
}

static int dashes(const char *s)
{
	int d = 0;

	for (; *s; s++)
		d += *s == '-';
	return d;
}

int cpuid_match(const char *pattern, const char *cpuid)
{
	struct cpupat re;
	bool x86 = dashes(cpuid) > 0 || dashes(pattern) > 0;
	bool full_pat = x86 && dashes(pattern) == 3, full_id = x86 && dashes(cpuid) == 3;
	size_t want = strlen(cpuid);

	/* not glibc regex: a hostile row made regexec recurse without bound (CVE-2018-20796) or take
	 * seconds; cpupat knows the subset real mapfiles use and runs in O(pattern x cpuid) */
	if (strlen(pattern) > CPUID_PATTERN_MAX || cpupat_compile(&re, pattern, NULL) < 0)
		return -EINVAL;
	if (full_pat && !full_id)
		return 0;
	if (x86 && !full_pat && full_id)
		want = (size_t)(strrchr(cpuid, '-') - cpuid);
	return cpupat_match(&re, cpuid, want, want == strlen(cpuid));
}
