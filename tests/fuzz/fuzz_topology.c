/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_topology.c: libFuzzer target for --topology files (lscpu -p or plain lscpu output): no crash, no
 * leak; what loads has distinct CPU numbers in range, and mapping every CPU gives sockets in order. */
// FUZZ_SOURCES: src/base/errmsg.c src/base/printable.c src/replay/replay_topo.c src/hw/sys/cpulist.c
// FUZZ_SEEDS: tests/fuzz/corpus/topology/*
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errmsg.h"
#include "hw/sys/cpulist.h"
#include "replay/replay_topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rtopo t = { 0 };
	struct errmsg em;
	FILE *f;

	if (size == 0)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	if (rtopo_parse(&t, f, "fuzz", &em) == 0) {
		int *sock = malloc((size_t)t.n * sizeof(int)), *core = malloc((size_t)t.n * sizeof(int));
		int *ids = malloc((size_t)t.n * sizeof(int)), nsock;

		if (t.n <= 0 || !sock || !core || !ids)
			abort();
		for (int i = 0; i < t.n; i++)
			if (t.cpu[i] < 0 || t.cpu[i] > CPULIST_MAX_CPU || t.cpu[i] >= t.idx_len || t.idx[t.cpu[i]] != i)
				abort();
		nsock = rtopo_map(&t, t.cpu, t.n, sock, core, ids);
		if (nsock < 1 || nsock > t.n)
			abort();
		for (int i = 0; i < t.n; i++)
			if (sock[i] < 0 || sock[i] >= nsock || ids[sock[i]] != t.sock[i] || core[i] != t.core[i])
				abort();
		for (int s = 1; s < nsock; s++)
			if (ids[s - 1] >= ids[s])
				abort();
		free(sock);
		free(core);
		free(ids);
		rtopo_free(&t);
	} else if (t.n || t.cpu || t.idx || !strstr(em.text, "fuzz")) {
		abort();
	}
	fclose(f);
	return 0;
}
