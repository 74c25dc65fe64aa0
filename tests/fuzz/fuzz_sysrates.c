/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_sysrates.c: libFuzzer target for the texts a machine without a PMU is read from:
 * /proc/interrupts, cpufreq's scaling_cur_freq and /proc/cpuinfo's clocks. No crash, no read
 * past the text; what parses keeps the bounds of procirq.h and cpufreq.h. The first byte picks
 * the parser: '0' interrupts, '1' scaling_cur_freq, '2' cpuinfo. */
// FUZZ_SOURCES: src/hw/sys/cpulist.c src/hw/sys/procirq.c src/hw/sys/cpufreq.c src/hw/sys/sysfs.c
// FUZZ_ARGS: -max_len=16384
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/sys/cpufreq.h"
#include "hw/sys/procirq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct procirq pi = { 0 };
	int cpus[8], n;
	double mhz[8], v;
	char *text;

	if (size == 0)
		return 0;
	/* an exact-size NUL-terminated heap copy, so ASan sees a read past the end */
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		if (procirq_parse(&pi, text) == 0) {
			if (pi.n <= 0 || pi.n > PROCIRQ_MAX_CPU + 1)
				abort();
			for (int i = 0; i < pi.n; i++)
				if (pi.cpu[i] < 0 || pi.cpu[i] > PROCIRQ_MAX_CPU || procirq_find(&pi, pi.cpu[i]) != i)
					abort();
		}
		procirq_free(&pi);
		break;
	case 1:
		if (cpufreq_parse_khz(text, &v) == 0 && !(v > 0 && v <= CPUFREQ_MAX_MHZ))
			abort();
		break;
	default:
		n = cpufreq_parse_cpuinfo(text, cpus, mhz, 8);
		if (n > 8)
			abort();
		for (int i = 0; i < n; i++)
			if (cpus[i] < 0 || cpus[i] > CPUFREQ_MAX_CPU || !(mhz[i] > 0 && mhz[i] <= CPUFREQ_MAX_MHZ))
				abort();
		break;
	}
	free(text);
	return 0;
}
