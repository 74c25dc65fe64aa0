/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpuid.h: the CPU identifier vendor event tables are keyed by (perf's "cpuid" string) and its matching. */
#ifndef PMUTOP_CPUID_H
#define PMUTOP_CPUID_H
#include <stddef.h>

#define CPUID_MAX 64

/* Build this machine's identifier from files under the sysfs/procfs roots:
 * x86 "GenuineIntel-6-8F-8" / "AuthenticAMD-25-11-1" (vendor-family-model-stepping,
 * family decimal, model and stepping in hex, as perf prints it); Arm the MIDR
 * with variant and revision cleared, "0x00000000410fd0c0", from
 * devices/system/cpu/cpu0/regs/identification/midr_el1 or /proc/cpuinfo.
 * Returns 0, or -ENOENT when neither says enough (msg-free: the caller explains). */
int cpuid_detect(char *out, size_t n);
/* Same from a cpuinfo text (one CPU's block is enough). */
int cpuid_from_cpuinfo(const char *info, char *out, size_t n);
/* Does the mapfile's regular expression (POSIX extended) match the whole
 * identifier? As perf: on x86 an expression without a stepping part matches an
 * identifier with one ("GenuineIntel-6-8F" matches "GenuineIntel-6-8F-8"), and
 * one with a stepping part needs the identifier to carry one.
 * Returns 1 on match, 0 on no match, -EINVAL for a bad expression (also one
 * longer than 160 bytes, with counted repetition {n}, stacked operators "++" or more
 * than 8 of them, which real rows never need). */
int cpuid_match(const char *pattern, const char *cpuid);
/* A plausible identifier: printable, no blanks, short. 0 or -EINVAL. */
int cpuid_check(const char *cpuid);
#endif
