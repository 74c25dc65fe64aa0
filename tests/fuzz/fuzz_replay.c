/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_replay.c: libFuzzer target for a whole perf stat -x recording, read both ways a replay reads
 * one: as a stream (batch: once, front to back, the model growing with a CPU or event seen late)
 * and indexed (the TUI: every interval read again, stepping back). No crash, no read outside the
 * model; the two ways give the same number of intervals, each with the same CPUs and events in the
 * end, and every frame's model is derived. The line reader's block and longest line are made small
 * (4 KiB, 1 KiB) so that inputs of a few KiB cross blocks and hold lines too long. */
// FUZZ_SOURCES: src/base/errmsg.c src/base/printable.c src/replay/replay.c src/replay/replay_table.c src/replay/replay_names.c src/replay/replay_topo.c src/replay/csvrow.c src/replay/linereader.c src/hw/model/model.c src/hw/model/metrics.c src/hw/model/model_cpus.c src/hw/sys/cpulist.c
// FUZZ_LIBS: -lm
// FUZZ_CFLAGS: -DLR_BLOCK=4096u -DLR_MAXLINE=1024u
// FUZZ_ARGS: -max_len=8192
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/errmsg.h"
#include "hw/model/model.h"
#include "replay/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Intervals the replay gives, each derived; -1 when it could not be opened. */
static int play(const char *path, int stream, int *nev, int *ncpus)
{
	struct errmsg em;
	struct model m;
	struct replay *r;
	int n = 0, rc = stream ? replay_open_stream(path, NULL, &r, &em) : replay_open(path, NULL, &r, &em);

	memset(&m, 0, sizeof(m));
	if (rc < 0)
		return -1;
	if (replay_setup_model(r, &m, 4) < 0) {
		replay_close(r);
		return -1;
	}
	while ((rc = replay_next(r, &m, &em)) == 0) {
		model_derive(&m);
		n++;
	}
	if (rc < 0)
		n = -2;
	if (!stream && n > 1) {   /* step back to the start and play the first interval again */
		replay_seek(r, 0);
		if (replay_next(r, &m, &em) == 0)
			model_derive(&m);
	}
	*nev = m.nev;
	*ncpus = m.ncpus;
	model_free(&m);
	replay_close(r);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = memfd_create("fuzz-replay", 0), a, b, ea = 0, eb = 0, ca = 0, cb = 0;

	if (fd < 0)
		return 0;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	a = play(path, 1, &ea, &ca);
	b = play(path, 0, &eb, &cb);
	/* both read every interval the file holds, and end with the same CPUs and events */
	if (a >= 0 && b >= 0 && (a != b || ea != eb || ca != cb)) {
		fprintf(stderr, "stream %d intervals (%d ev, %d cpus), index %d (%d ev, %d cpus)\n", a, ea, ca, b, eb, cb);
		abort();
	}
	close(fd);
	return 0;
}
