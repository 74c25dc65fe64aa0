/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpufreq.c: current CPU clocks from cpufreq and /proc/cpuinfo (hostile text, bounded). */
#include "cpufreq.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "sysfs.h"

/* "2096.013": digits, an optional '.' and digits (at most 12 before the point, never a
 * locale's decimal comma). 0 and *p moved, or -EINVAL. */
static int decimal(const char **p, double *out)
{
	const char *s = *p;
	double v = 0, scale = 1;
	int n = 0, f = 0;

	for (; *s >= '0' && *s <= '9'; s++)
		if (++n > 12)
			return -EINVAL;
		else
			v = v * 10 + (*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			if (++f <= 9)
				v += (*s - '0') * (scale /= 10);
	if (!n)
		return -EINVAL;
	*p = s;
	*out = v;
	return 0;
}

static int in_range(double mhz)
{
	return mhz > 0 && mhz <= CPUFREQ_MAX_MHZ;
}

int cpufreq_parse_khz(const char *text, double *mhz)
{
	const char *s = text;
	double khz;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9' || decimal(&s, &khz) < 0)
		return -EINVAL;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (*s || !in_range(khz / 1000))
		return -EINVAL;
	*mhz = khz / 1000;
	return 0;
}

/* The value of a "key<blanks>: value" line starting at line, NULL when the line is another key. */
static const char *field(const char *line, const char *key)
{
	size_t kl = strlen(key);

	if (strncmp(line, key, kl) != 0)
		return NULL;
	line += kl;
	while (*line == ' ' || *line == '\t')
		line++;
	if (*line != ':')
		return NULL;
	line++;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

int cpufreq_parse_cpuinfo(const char *text, int *cpus, double *mhz, int max)
{
	int n = 0, cpu = -1;

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *v;
		double d;

		if ((v = field(p, "processor"))) {
			if (decimal(&v, &d) < 0 || d > CPUFREQ_MAX_CPU || d != (int)d)
				return -EINVAL;
			cpu = (int)d;
		} else if ((v = field(p, "cpu MHz"))) {
			if (cpu < 0)
				continue;   /* a clock before any processor line belongs to none */
			if (decimal(&v, &d) < 0 || !in_range(d))
				return -EINVAL;
			if (n < max) {
				cpus[n] = cpu;
				mhz[n++] = d;
			}
			cpu = -1;
		}
	}
	return n;
}

int cpufreq_read(int cpu, double *mhz)
{
	char rel[80], buf[64];
	int r;

	if (cpu < 0 || cpu > CPUFREQ_MAX_CPU)
		return -EINVAL;
	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", cpu);
	if ((r = sysfs_read(rel, buf, sizeof(buf))) < 0)
		return r;
	return cpufreq_parse_khz(buf, mhz);
}
