/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay_roles.c: a recording holding the generic cycles and the core PMU's own cpu/cycles/ on
 * the same CPUs (one counter named twice) gives IPC and GHz from one of them, as live counting does
 * (model_set_generic_pmu); indexed (the TUI) and read once (batch) alike. */
#include "t.h"
#include "base/errmsg.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include <stdbool.h>
#include <unistd.h>

static char *tmp_with(const char *text)
{
	static char path[64];
	size_t len = strlen(text);
	int fd;

	snprintf(path, sizeof(path), "/tmp/pmutop-roles.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		unlink(path);
		return NULL;
	}
	close(fd);
	return path;
}

/* Rows as perf stat -a -A -I 1000 -x, prints them: time, CPU, value, unit, event, run time, pct. */
static void add_row(char *buf, size_t len, int t, int cpu, double value, const char *event)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%14d.000100000,CPU%d,%.0f,,%s,1000000000,100.00,,\n", t, cpu, value, event);
}

struct want {
	int iv;          /* interval, from 0 */
	int cpu;         /* -1: the system row */
	double ipc, ghz;
};

/* Replays text indexed and as a stream: each interval's IPC and GHz are as wanted. */
static void check_metrics(const char *t_name, const char *what, const char *text, const struct want *w, int nw)
{
	char *path = tmp_with(text);

	CHECK(path != NULL, "temp file");
	for (int stream = 0; path && stream < 2; stream++) {
		struct errmsg em = { 0 };
		struct replay *r = NULL;
		struct model m;
		int rc = stream ? replay_open_stream(path, NULL, &r, &em) : replay_open(path, NULL, &r, &em);

		memset(&m, 0, sizeof(m));
		CHECK(rc == 0, "%s: open: %s", what, em.text);
		if (rc || replay_setup_model(r, &m, 2) < 0) {
			replay_close(r);
			continue;
		}
		for (int iv = 0; replay_next(r, &m, NULL) == 0; iv++) {
			model_derive(&m);
			for (int k = 0; k < nw; k++) {
				const double *met = m.cur.sys_m;

				if (w[k].iv != iv)
					continue;
				for (int c = 0; w[k].cpu >= 0 && c < m.ncpus; c++)
					if (m.cpu_ids[c] == w[k].cpu)
						met = &m.cur.cpu_m[(size_t)c * NMETRICS];
				CHECK(fabs(met[M_IPC] - w[k].ipc) < 1e-9 && fabs(met[M_GHZ] - w[k].ghz) < 1e-9,
				      "%s (%s), interval %d, CPU %d: IPC %g GHz %g, want %g and %g", what,
				      stream ? "stream" : "indexed", iv, w[k].cpu, met[M_IPC], met[M_GHZ], w[k].ipc, w[k].ghz);
			}
		}
		model_free(&m);
		replay_close(r);
	}
	if (path)
		unlink(path);
}

/* CPU0 runs 2e9 cycles and 3e9 instructions a second, CPU1 1e9 and 3e9; both cycles events count
 * them. Either order of the two in the recording: IPC 1.5 and 3, 2 and 1 GHz; the system 2 and 1.5
 * GHz. Summed twice, IPC would be 0.75 and GHz 4. */
TEST(generic_and_core_cycles_once)
{
	static const char *const pairs[][2] = {
		{ "cycles", "cpu/cycles/" },
		{ "cpu/cycles/", "cycles" },
		{ "cycles:D", "cpu/cycles/u" },
		{ "armv8_pmuv3_0/cpu_cycles/", "cycles" },
	};
	static const struct want w[] = {
		{ 0, 0, 1.5, 2 }, { 0, 1, 3, 1 }, { 0, -1, 2, 1.5 },
		{ 1, 0, 1.5, 2 }, { 1, 1, 3, 1 }, { 1, -1, 2, 1.5 },
	};

	for (size_t p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
		char text[4096] = "";

		for (int t = 1; t <= 2; t++) {
			for (int k = 0; k < 2; k++)
				for (int cpu = 0; cpu < 2; cpu++)
					add_row(text, sizeof(text), t, cpu, cpu ? 1e9 : 2e9, pairs[p][k]);
			for (int cpu = 0; cpu < 2; cpu++)
				add_row(text, sizeof(text), t, cpu, 3e9, "instructions");
		}
		check_metrics(t_name, pairs[p][0], text, w, sizeof(w) / sizeof(w[0]));
	}
}

/* The two names never on one CPU (cycles on CPU0, cpu/cycles/ on CPU1: recordings of two
 * machines' CPUs, or a PMU of some CPUs): each is that CPU's only count, and the system sums both. */
TEST(apart_on_other_cpus_both_count)
{
	static const struct want w[] = { { 0, 0, 1.5, 2 }, { 0, 1, 3, 1 }, { 0, -1, 2, 1.5 } };
	char text[2048] = "";

	add_row(text, sizeof(text), 1, 0, 2e9, "cycles");
	add_row(text, sizeof(text), 1, 1, 1e9, "cpu/cycles/");
	add_row(text, sizeof(text), 1, 0, 3e9, "instructions");
	add_row(text, sizeof(text), 1, 1, 3e9, "instructions");
	check_metrics(t_name, "apart", text, w, sizeof(w) / sizeof(w[0]));
}

/* A hybrid's two core PMUs, each on its own CPUs, are not one counter: both count. */
TEST(hybrid_pmus_both_count)
{
	static const struct want w[] = { { 0, 0, 1.5, 2 }, { 0, 1, 3, 1 }, { 0, -1, 2, 1.5 } };
	char text[2048] = "";

	add_row(text, sizeof(text), 1, 0, 2e9, "cpu_core/cycles/");
	add_row(text, sizeof(text), 1, 1, 1e9, "cpu_atom/cycles/");
	add_row(text, sizeof(text), 1, 0, 3e9, "cpu_core/instructions/");
	add_row(text, sizeof(text), 1, 1, 3e9, "cpu_atom/instructions/");
	check_metrics(t_name, "hybrid", text, w, sizeof(w) / sizeof(w[0]));
}

/* The pair shows on one CPU only from the second interval on (the first had each name on another
 * CPU): the stream, which set its model up from the first interval, sets it up again then. (The
 * first interval is left out: the index, which knows the pair from the start, counts CPU1's cycles
 * there as the generic event's PMU's, the stream as its own.) */
TEST(pair_found_later)
{
	static const struct want w[] = { { 1, 0, 1.5, 2 }, { 1, -1, 1.5, 2 } };
	char text[2048] = "";

	add_row(text, sizeof(text), 1, 0, 2e9, "cycles");
	add_row(text, sizeof(text), 1, 1, 1e9, "cpu/cycles/");
	add_row(text, sizeof(text), 1, 0, 3e9, "instructions");
	add_row(text, sizeof(text), 1, 1, 3e9, "instructions");
	add_row(text, sizeof(text), 2, 0, 2e9, "cycles");
	add_row(text, sizeof(text), 2, 0, 2e9, "cpu/cycles/");
	add_row(text, sizeof(text), 2, 0, 3e9, "instructions");
	check_metrics(t_name, "found later", text, w, sizeof(w) / sizeof(w[0]));
}

int main(void)
{
	RUN(generic_and_core_cycles_once);
	RUN(apart_on_other_cpus_both_count);
	RUN(hybrid_pmus_both_count);
	RUN(pair_found_later);
	T_DONE();
}
