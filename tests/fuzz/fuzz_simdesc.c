/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_simdesc.c: libFuzzer target for machine descriptions (--sim FILE): no crash, no overflow, no
 * unbounded time or memory, and what is accepted keeps the parser's promises: every name that becomes
 * a path of the tree is a plain sysfs name, every count within what hardware has. */
// FUZZ_SOURCES: src/hw/sim/sim_ini.c src/hw/sim/sim_parse.c src/hw/sim/sim_machine.c src/hw/sim/sim_load.c
// FUZZ_LIBS: -linih
// FUZZ_ARGS: -max_len=4096
// FUZZ_SEEDS: machines/*.machine
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/sim/sim.h"
#include "hw/sim/sim_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_names(const struct simm_kv *kv, int n)
{
	for (int i = 0; i < n; i++)
		if (!simp_name_ok(kv[i].key))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	/* an exact-size copy without a terminating NUL: the parser must respect len */
	char *text = malloc(size ? size : 1);
	struct sim_machine *m;

	if (!text)
		return 0;
	memcpy(text, data, size);
	m = simm_parse("fuzz.machine", "fuzz", text, size, err, sizeof(err));
	if (m) {
		if (m->ncpus <= 0 || m->ncpus > SIMP_MAX_CPUS || m->nboxes > SIMP_MAX_BOXES || m->npmus > SIMP_MAX_PMUS ||
		    m->npci > m->sockets)
			abort();
		for (int i = 0; i < m->npmus; i++) {
			const struct simm_pmu *p = &m->pmus[i];

			if (!simp_name_ok(p->name))
				abort();
			check_names(p->formats, p->nformats);
			check_names(p->events, p->nevents);
			check_names(p->scales, p->nscales);
			check_names(p->units, p->nunits);
			check_names(p->caps, p->ncaps);
			for (int c = 0; c < m->ncpus && c < 4; c++)
				(void)simm_rate_of(p, c, 0x3c);
		}
		for (int i = 0; i < m->npci; i++)
			if (!simp_bdf_ok(m->pci[i].bdf) || m->pci[i].bar_size > SIMP_MAX_BAR)
				abort();
		simm_free(m);
	} else if (!err[0] || strncmp(err, "fuzz.machine", 12) != 0) {
		abort();   /* every refusal names the file */
	}
	free(text);
	return 0;
}
