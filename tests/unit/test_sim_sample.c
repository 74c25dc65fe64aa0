/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_sim_sample.c: the simulated kernel's sampling (issue 40 item 6) through the hot functions'
 * engine, on a clock the test moves: a simulated process's functions come out ranked and shared
 * exactly as its profile says (sim_profile.c), with each function's IPC and MPKI from a group
 * sampled through its leader; the antagonist's profile moves with its phase; a frequency above the
 * kernel's lowered maximum gives THROTTLE and UNTHROTTLE records, counted, and a group throttled at
 * every sample says in its window note why its counts are missing; the kernel's refusals
 * (a frequency above perf_event_max_sample_rate, SET_OUTPUT across CPUs, a ring of a bad size). */
#include "t.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simclock.h"
#include "base/errmsg.h"
#include "hw/sample/hot.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_desc.h"
#include "hw/sim/sim_profile.h"
#include "hw/sim/sim_sample.h"
#include "hw/sim/sim_tasks.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"

static struct sim_machine *mach;
static struct perf_seam *seam;
static char dir[64];
static int cpus[4096];

static int setup(const char *fault)
{
	char err[256], sys[128];
	struct sim_faults f;

	mach = simm_load("spr-2s", err, sizeof(err));
	strcpy(dir, "/tmp/pmutop-simsamp-XXXXXX");
	if (!mach || !mkdtemp(dir) || simm_write_tree(mach, dir) < 0 || sim_faults_parse(fault, &f, err, sizeof(err)))
		return -1;
	snprintf(sys, sizeof(sys), "%s/sys", dir);
	sysfs_set_root(sys);
	seam = simk_new(mach, &f);
	for (int i = 0; i < mach->ncpus && i < 4096; i++)
		cpus[i] = i;
	return seam && simclock_attach(seam) == 0 ? 0 : -1;
}

static void teardown(void)
{
	char cmd[128];

	simk_free(seam);
	simm_free(mach);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("     could not remove %s\n", dir);
}

static struct hot_event ev(uint32_t type, uint64_t config, const char *name, int role)
{
	struct hot_event e = { .type = type, .config = config, .role = role };

	snprintf(e.name, sizeof(e.name), "%s", name);
	return e;
}

static struct hot *open_hot(const struct hot_target *t, const struct hot_opts *o)
{
	struct errmsg em = { 0 };
	struct hot *h = NULL;
	int r = hot_open(seam, t, o, &h, &em);

	CHECK(r == 0, "hot_open: %d %s", r, errmsg_text(&em, r));
	return r ? NULL : h;
}

static const struct hot_row *row_named(const struct hot_row *rows, int n, const char *sym)
{
	for (int i = 0; i < n; i++)
		if (rows[i].symbol && !strcmp(rows[i].symbol, sym))
			return &rows[i];
	return NULL;
}

/* The CPU time of process pid per second: its threads' shares of their CPUs. */
static double shares_of(int pid)
{
	struct simt *ts = simt_new(mach);
	double s = 0;

	for (int i = 0; ts && i < simt_nthreads(ts); i++) {
		struct simt_thread th;

		simt_thread_at(ts, i, &th);
		if (th.pid == pid)
			s += th.share;
	}
	simt_free(ts);
	return s;
}

/* The CPU whose simulated threads take the most of it (its hardware events run that much). */
static int busiest_cpu(void)
{
	static double busy[4096];
	struct simt *ts = simt_new(mach);
	int best = 0;

	memset(busy, 0, sizeof(busy));
	for (int i = 0; ts && i < simt_nthreads(ts); i++) {
		struct simt_thread th;

		simt_thread_at(ts, i, &th);
		if (th.cpu >= 0 && th.cpu < 4096)
			busy[th.cpu] += th.share;
	}
	simt_free(ts);
	for (int c = 1; c < mach->ncpus && c < 4096; c++)
		if (busy[c] > busy[best])
			best = c;
	return best;
}

/* nginx (pid 585, 4 threads): each function's samples, IPC and MPKI are its profile's */
TEST(process_profile_exact)
{
	const struct simp *p = simp_of("nginx");
	struct hot_opts o = { .nev = 3, .freq = 1000, .window = 10 };
	struct hot_target t = { .kind = HOT_PID, .pid = 585, .cpus = cpus };
	struct hot_row rows[16];
	double run = 0, wsum = 0;
	struct hot *h;
	int n;

	if (setup(NULL) < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return;
	}
	t.ncpus = mach->ncpus;
	o.ev[0] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles", HOT_R_CYCLES);
	o.ev[1] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions", HOT_R_INSTRUCTIONS);
	o.ev[2] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, "cache-misses", HOT_R_MISSES);
	if (!(h = open_hot(&t, &o)))
		return teardown();
	run = shares_of(585);
	simclock_advance_ms(2000);
	CHECK(hot_drain(h) > 0, "no samples");
	n = hot_top(h, rows, 16, false);
	CHECK_EQ_INT(n, p->nfn);
	for (int i = 0; i < p->nfn; i++)
		wsum += p->fn[i].weight;
	for (int i = 0; i < p->nfn && i < n; i++) {
		const struct hot_row *r = row_named(rows, n, p->fn[i].name);

		CHECK_EQ_STR(rows[i].symbol, p->fn[i].name);   /* the profile lists them heaviest first */
		if (!r)
			continue;
		/* 1000 samples per second of running, the threads' shares of their CPUs for 2 s */
		CHECK_EQ_U64(r->samples, (uint64_t)llround(1000 * run * 2 * p->fn[i].weight / wsum));
		CHECK_NEAR(r->ipc, p->fn[i].ipc, 1e-9);
		CHECK_NEAR(r->mpki, p->fn[i].mpki, 1e-9);
		CHECK_EQ_STR(r->dso, p->fn[i].kernel ? "[kernel.kallsyms]" : p->exe);
	}
	CHECK_EQ_U64(hot_info(h)->throttled, 0);
	hot_close(h);
	teardown();
}

/* stream (the antagonist, pid 696): its copy loop's share follows the phase (1 s windows) */
TEST(profile_follows_phase)
{
	const struct simp *p = simp_of("stream");
	struct hot_opts o = { .nev = 1, .freq = 1000, .window = 1 };
	struct hot_target t = { .kind = HOT_PID, .pid = 696, .cpus = cpus };
	struct hot_row rows[16];
	double share[2];
	struct hot *h;

	if (setup(NULL) < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return;
	}
	t.ncpus = mach->ncpus;
	o.ev[0] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles", HOT_R_CYCLES);
	if (!(h = open_hot(&t, &o)))
		return teardown();
	for (int k = 0; k < 2; k++) {
		double ph0 = simt_phase(k * 9.0), ph1 = simt_phase(k * 9.0 + 1), w = 0, want;
		const struct hot_row *r;
		int n;

		simclock_advance_ms(k ? 8000 : 1000);
		hot_drain(h);
		if (k) {
			simclock_advance_ms(1000);
			hot_drain(h);
		}
		n = hot_top(h, rows, 16, false);
		r = row_named(rows, n, "stream_copy");
		share[k] = r ? r->share : 0;
		/* the weights at the window's middle phase, within the phase's change over the window */
		for (int i = 0; i < p->nfn; i++)
			w += simp_weight(&p->fn[i], (ph0 + ph1) / 2);
		want = simp_weight(&p->fn[0], (ph0 + ph1) / 2) / w;
		CHECK_NEAR(share[k], want, fabs(ph1 - ph0) * 0.5 + 0.005);
	}
	CHECK(share[1] > share[0] + 0.1, "stream_copy's share did not rise with the phase: %.3f then %.3f",
	      share[0], share[1]);
	hot_close(h);
	teardown();
}

/* The kernel lowered to 500 samples a second (2 per 4 ms tick): CPU 0's cpu-clock at 1000 Hz is
 * throttled in every tick and let go at the next, each counted, and only 2 samples per tick kept. */
TEST(throttled_window_counted)
{
	struct hot_opts o = { .nev = 1, .freq = 1000, .window = 10 };
	struct hot_target t = { .kind = HOT_CPUS, .cpus = cpus, .ncpus = 1 };
	const struct hot_info *in;
	struct hot *h;

	if (setup("throttle=500") < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return;
	}
	o.ev[0] = ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, "cpu-clock", HOT_R_OTHER);
	if (!(h = open_hot(&t, &o)))
		return teardown();
	simclock_advance_ms(1000);
	hot_drain(h);
	in = hot_info(h);
	/* samples at k ms, k = 1..1000; tick j holds those in [4j, 4j + 4) ms: ticks 0..249 are each
	 * throttled after their second (tick 0 holds 1, 2, 3) and let go at the next tick's start
	 * (ticks 1..250), tick 250 holds the last one alone */
	CHECK_EQ_U64(in->throttled, SIMS_HZ);
	CHECK_EQ_U64(in->unthrottled, SIMS_HZ);
	CHECK_EQ_U64(in->samples, 2 * SIMS_HZ + 1);
	hot_close(h);
	teardown();
}

/* A throttled group: the kernel stops the leader and (before Linux 6.16) not its members, so the first
 * sample after each unthrottle reads members that counted through the throttle. nginx's threads
 * at 10 kHz against a limit of 2 samples a tick: throttled, and each function's IPC still its
 * profile's (that sample gives no counts). */
TEST(throttled_group_ipc)
{
	const struct simp *p = simp_of("nginx");
	struct hot_opts o = { .nev = 2, .freq = 10000, .window = 10 };
	struct hot_target t = { .kind = HOT_PID, .pid = 585, .cpus = cpus };
	struct hot_row rows[16];
	struct hot *h;
	int n;

	if (setup("throttle=500") < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return;
	}
	t.ncpus = mach->ncpus;
	o.ev[0] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles", HOT_R_CYCLES);
	o.ev[1] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions", HOT_R_INSTRUCTIONS);
	if (!(h = open_hot(&t, &o)))
		return teardown();
	simclock_advance_ms(2000);
	CHECK(hot_drain(h) > 0, "no samples");
	CHECK(hot_info(h)->throttled > 0, "not throttled");
	n = hot_top(h, rows, 16, false);
	/* one sample kept a tick: the round robin's order keeps some functions out; those kept count */
	for (int i = 0, seen = 0; i < p->nfn; i++) {
		const struct hot_row *r = row_named(rows, n, p->fn[i].name);

		if (r) {
			CHECK_NEAR(r->ipc, p->fn[i].ipc, 1e-9);
			seen++;
		}
		if (i == p->nfn - 1)
			CHECK(seen >= 2, "%d of nginx's functions sampled", seen);
	}
	hot_close(h);
	teardown();
}

/* The window of the busiest CPU's group {cycles,instructions} sampled at freq Hz under the kernel's
 * limit of throttle samples a second, after half a second: into *out. 0, or -1 when it did not run. */
static int group_window(int freq, const char *throttle, struct hot_info *out)
{
	struct hot_opts o = { .nev = 2, .freq = freq, .window = 10 };
	struct hot_target t = { .kind = HOT_CPUS, .cpus = cpus, .ncpus = 1 };
	struct hot *h;
	int cpu;

	if (setup(throttle) < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return -1;
	}
	cpu = busiest_cpu();
	t.cpus = &cpu;
	o.ev[0] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles", HOT_R_CYCLES);
	o.ev[1] = ev(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions", HOT_R_INSTRUCTIONS);
	if (!(h = open_hot(&t, &o))) {
		teardown();
		return -1;
	}
	simclock_advance_ms(500);
	hot_drain(h);
	*out = *hot_info(h);
	hot_close(h);
	teardown();
	return 0;
}

/* The window's note on a group's counts, each of its forms. A group's sample brings counts when the
 * one before it on the same CPU came since the last unthrottle (its deltas span the leader's time
 * only: on_unthrottle). The kernel lowered to 250 samples a second lets one sample through a 4 ms
 * tick and throttles at a second one, letting go at the next tick:
 * - at 1000 Hz every tick has four samples, so every sample kept comes first after an unthrottle:
 *   none counted, "no group counts";
 * - at 510 Hz, a little over two samples a tick, nearly every tick has two and throttles; the CPU
 *   runs the event a little under all of its time, so the samples drift against the ticks and a
 *   few ticks have one, which does not throttle, and the sample after it counts: some counted,
 *   under one in ten, and the note says how many of how many (at 480 Hz one in five counts);
 * - at 500 samples a second (two a tick) every second sample counts: no note. */
TEST(group_counts_note_forms)
{
	struct hot_info in;
	char want[96];

	if (group_window(1000, "throttle=250", &in) == 0) {
		CHECK(in.group, "not sampled as a group");
		CHECK(in.samples >= 100 && in.unthrottled + 1 >= in.samples, "%llu samples, %llu unthrottles",
		      (unsigned long long)in.samples, (unsigned long long)in.unthrottled);
		CHECK_EQ_U64(in.counted, 0);
		CHECK(!strncmp(in.wnote, "no group counts (IPC, MPKI): every sample", 41), "note: '%s'", in.wnote);
	}
	if (group_window(510, "throttle=250", &in) == 0) {
		CHECK(in.counted > 0 && in.counted * 10 < in.samples, "%llu of %llu samples counted",
		      (unsigned long long)in.counted, (unsigned long long)in.samples);
		snprintf(want, sizeof(want), "group counts (IPC, MPKI) from only %llu of %llu samples",
			 (unsigned long long)in.counted, (unsigned long long)in.samples);
		CHECK(!strncmp(in.wnote, want, strlen(want)), "note: '%s', want '%s'", in.wnote, want);
	}
	if (group_window(1000, "throttle=500", &in) == 0) {
		CHECK(in.unthrottled > 0, "not throttled");
		CHECK(in.counted * 2 + 2 >= in.samples, "%llu of %llu counted",
		      (unsigned long long)in.counted, (unsigned long long)in.samples);
		CHECK(in.wnote[0] == '\0', "note: '%s'", in.wnote);
	}
}

/* What the kernel refuses: a frequency above perf_event_max_sample_rate, SET_OUTPUT into another
 * CPU's ring, a ring that is not a header page and a power of two of data pages. */
TEST(kernel_refusals)
{
	struct perf_event_attr a = { .size = sizeof(a), .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
				     .freq = 1, .sample_freq = SIMS_MAX_RATE + 1, .sample_type = PERF_SAMPLE_IP };
	long pg = sysconf(_SC_PAGESIZE);
	int f0, f1, err = 0;
	void *m;

	if (setup(NULL) < 0) {
		CHECK(0, "the simulated spr-2s did not start");
		return;
	}
	CHECK_EQ_INT(seam->open(seam->ctx, &a, -1, 0, -1, 0), -EINVAL);
	a.sample_freq = 1000;
	f0 = seam->open(seam->ctx, &a, -1, 0, -1, 0);
	f1 = seam->open(seam->ctx, &a, -1, 1, -1, 0);
	CHECK(f0 >= 0 && f1 >= 0, "open: %d %d", f0, f1);
	CHECK_EQ_INT(seam->ioctl(seam->ctx, f1, PERF_EVENT_IOC_SET_OUTPUT, (unsigned long)f0), -EINVAL);
	CHECK(!seam->ring_map(seam->ctx, f0, (size_t)pg * 4, &err) && err == -EINVAL, "3 data pages mapped: %d", err);
	m = seam->ring_map(seam->ctx, f0, (size_t)pg * 5, &err);
	CHECK(m != NULL, "a ring of 4 data pages: %d", err);
	if (m)
		CHECK_EQ_INT(seam->ring_unmap(seam->ctx, f0, m, (size_t)pg * 5), 0);
	a.sample_type |= PERF_SAMPLE_CALLCHAIN;
	CHECK_EQ_INT(seam->open(seam->ctx, &a, -1, 0, -1, 0), -EOPNOTSUPP);
	teardown();
}

int main(void)
{
	RUN(process_profile_exact);
	RUN(profile_follows_phase);
	RUN(throttled_window_counted);
	RUN(throttled_group_ipc);
	RUN(group_counts_note_forms);
	RUN(kernel_refusals);
	T_DONE();
}
