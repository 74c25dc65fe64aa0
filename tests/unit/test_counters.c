/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_counters.c: group opening, one read per group per CPU, deltas, and failure handling, over a fake seam. */
#include "t.h"
#include "base/errmsg.h"
#include "out/explain.h"
#include "hw/perf/counters.h"
#include "hw/events/evparse.h"
#include "hw/model/model.h"
#include "hw/sys/seam.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <sys/resource.h>

#define MAXFD 256
static struct fake {
	int nfd, reads, opens, closes, refused;
	int cpu[MAXFD], leader[MAXFD], nmemb[MAXFD];
	uint64_t config[MAXFD];
	uint32_t type[MAXFD];
	bool pinned[MAXFD];
	int open_err;          /* returned by every open when set */
	uint32_t no_exclude;   /* a PMU type that refuses every exclude bit (PERF_PMU_CAP_NO_EXCLUDE), 0: none */
	int emfile_after;      /* opens after this many fail with EMFILE (0: never) */
	int enodev_cpu;        /* reads and opens of this CPU fail with ENODEV */
	bool no_insn;          /* the hardware instructions event answers ENOENT (QEMU without icount) */
	int offline_cpu;       /* unplugged as the kernel does it: opens fail with ENODEV, and the fds
				* open then (dead) read with their times standing and their groups broken */
	bool dead[MAXFD];
	bool still;            /* no time passes: every read gives the same times */
	uint64_t tick[MAXFD];   /* reads per group leader */
	uint64_t count_base;    /* added to every count (wraps past 2^64 as a counter would) */
	struct perf_event_attr attr[MAXFD];
} fk;

static int f_open(void *ctx, struct perf_event_attr *a, pid_t pid, int cpu, int group_fd, unsigned long fl)
{
	(void)ctx; (void)fl;
	CHECK(pid == -1, "system-wide open: pid -1, got %d", pid);
	CHECK(a->read_format == (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED |
				 PERF_FORMAT_TOTAL_TIME_RUNNING), "read_format 0x%llx", (unsigned long long)a->read_format);
	if (fk.open_err)
		return fk.open_err;
	if (fk.emfile_after && fk.opens >= fk.emfile_after)
		return -EMFILE;
	if (a->config == 99 || (fk.no_insn && a->type == PERF_TYPE_HARDWARE && a->config == PERF_COUNT_HW_INSTRUCTIONS))
		return -ENOENT;
	if (fk.no_exclude && a->type == fk.no_exclude &&
	    (a->exclude_user || a->exclude_kernel || a->exclude_hv || a->exclude_idle || a->exclude_host ||
	     a->exclude_guest)) {
		fk.refused++;
		return -EINVAL;
	}
	if (cpu == fk.enodev_cpu || cpu == fk.offline_cpu)
		return -ENODEV;
	int fd = fk.nfd++;
	fk.opens++;
	fk.cpu[fd] = cpu;
	fk.config[fd] = a->config;
	fk.attr[fd] = *a;
	fk.type[fd] = a->type;
	fk.pinned[fd] = a->pinned;
	fk.leader[fd] = group_fd < 0 ? fd : group_fd;
	fk.nmemb[fk.leader[fd]]++;
	return fd;
}

static ssize_t f_read(void *ctx, int fd, void *buf, size_t len)
{
	uint64_t *v = buf;
	int n = fk.nmemb[fd], k = 0;
	(void)ctx;
	fk.reads++;
	if (fk.cpu[fd] == fk.enodev_cpu)
		return -ENODEV;
	if (len < (size_t)(3 + 2 * n) * 8)
		return -ENOSPC;
	if (fk.dead[fd])
		n = 1;                    /* perf_group_detach: the leader alone */
	uint64_t t = fk.dead[fd] || fk.still ? fk.tick[fd] : ++fk.tick[fd];
	v[0] = (uint64_t)n;
	v[1] = t * 1000;                  /* enabled */
	v[2] = t * 500;                   /* running: half the time (multiplexed) */
	for (int i = 0; i < fk.nfd && k < n; i++)
		if (fk.leader[i] == fd) {
			v[3 + 2 * k] = fk.count_base + t * 100 * fk.config[i];
			v[4 + 2 * k] = (uint64_t)i;
			k++;
		}
	return (ssize_t)((3 + 2 * n) * 8);
}

static int f_ioctl(void *ctx, int fd, unsigned long req, unsigned long arg)
{
	(void)ctx; (void)fd; (void)req; (void)arg;
	return 0;
}

static int f_close(void *ctx, int fd)
{
	(void)ctx; (void)fd;
	fk.closes++;
	return 0;
}

static const struct perf_seam fake_seam = { .name = "fake", .open = f_open, .read = f_read, .ioctl = f_ioctl, .close = f_close };

static struct topology topo2(void)
{
	static struct topo_cpu cpus[2] = { { .cpu = 0 }, { .cpu = 1, .core = 1 } };
	static int idx[2] = { 0, 1 }, sids[1] = { 0 };
	struct topology t = { .ncpus = 2, .cpus = cpus, .max_cpu = 1, .cpu_index = idx, .nsockets = 1,
			      .socket_ids = sids };
	return t;
}

static void ev(struct ev_list *l, const char *name, uint64_t config, int group)
{
	struct ev_spec *s = &l->ev[l->n++];
	memset(s, 0, sizeof(*s));
	s->name = (char *)name;
	s->input = (char *)name;
	s->base = (char *)name;
	s->pmu = -1;
	s->type = PERF_TYPE_RAW;
	s->config = config;
	s->scale = 1;
	s->group = group;
	if (group + 1 > l->ngroups)
		l->ngroups = group + 1;
}

/* One test's world: its events on the fake seam over two CPUs, the model and the counters. */
struct rig {
	struct ev_spec specs[8];
	struct ev_list l;
	struct topology t;
	struct errmsg err;
	struct model m;
	struct counters *c;
};

static void rig_init(struct rig *r)
{
	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = fk.offline_cpu = -1;
	memset(r, 0, sizeof(*r));
	r->l.ev = r->specs;
	r->t = topo2();
}

/* Open the rig's events; a failure to open is a test failure. */
static int rig_open(struct rig *r)
{
	int ids[2] = { 0, 1 };

	model_init(&r->m, 2, ids, NULL, NULL, 1, NULL, 4);
	for (int i = 0; i < r->l.n; i++)
		model_add_event(&r->m, r->l.ev[i].name, r->l.ev[i].base, "", "", r->l.ev[i].group, false);
	model_alloc_frame(&r->m);
	CHECK(counters_open(&r->l, NULL, &r->t, &fake_seam, NULL, &r->c, &r->err) == 0 && r->c != NULL,
	      "open failed: %s", r->err.text);
	return r->c ? 0 : -1;
}

static void rig_close(struct rig *r)
{
	counters_close(r->c);
	model_free(&r->m);
}

TEST(one_read_per_group_per_cpu)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "a", 1, 0);
	ev(&r.l, "b", 2, 0);
	ev(&r.l, "c", 3, 1);
	if (rig_open(&r) == 0) {
		CHECK_EQ_INT(fk.opens, 6);
		counters_read(r.c, &r.m);                 /* baseline */
		fk.reads = 0;
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(fk.reads, 4);                /* 2 groups x 2 CPUs */
		CHECK_EQ_INT(counters_last_reads(r.c), 4);
		/* delta of one tick: raw 100*config, enabled 1000, running 500 -> scaled x2 */
		struct ev_val *v = &r.m.cur.cpu[0 * r.m.nev + 1];
		CHECK_EQ_INT(v->state, EVS_OK);
		CHECK_EQ_U64(v->raw, 200);
		CHECK_EQ_U64(v->enabled, 1000);
		CHECK_EQ_U64(v->running, 500);
		CHECK_NEAR(v->value, 400, 1e-9);
		CHECK_NEAR(v->pct, 50, 1e-9);
	}
	rig_close(&r);
	CHECK_EQ_INT(fk.closes, 6);
}

TEST(unsupported_member_is_marked_and_others_count)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "bad", 99, 0);
	ev(&r.l, "good", 2, 0);
	if (rig_open(&r) == 0) {
		CHECK_EQ_INT(r.err.code, 0);
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(r.m.cur.cpu[0].state, EVS_UNSUPPORTED);
		CHECK_EQ_INT(r.m.cur.cpu[1].state, EVS_OK);
		CHECK_EQ_INT(r.m.cur.cpu[1 * r.m.nev + 0].state, EVS_UNSUPPORTED);   /* refused on every CPU */
	}
	rig_close(&r);
}

/* Every open fails with err: counters_open must fail and explain. */
static void open_fails(int open_err, struct errmsg *err)
{
	struct rig r;

	rig_init(&r);
	fk.open_err = open_err;
	ev(&r.l, "cycles", 1, 0);
	CHECK_EQ_INT(counters_open(&r.l, NULL, &r.t, &fake_seam, NULL, &r.c, err), open_err);
	CHECK(r.c == NULL, "must fail");
	CHECK_EQ_INT(err->code, open_err);
}

TEST(eacces_explains_paranoid)
{
	struct errmsg err;

	open_fails(-EACCES, &err);
	CHECK(strstr(err.text, "perf_event_paranoid") && strstr(err.text, "CAP_PERFMON") &&
	      strstr(err.text, "root"), "message: %s", err.text);
}

TEST(emfile_explains_limit)
{
	struct errmsg err;

	open_fails(-EMFILE, &err);   /* nothing fits at all: an error */
	CHECK(strstr(err.text, "out of file descriptors: counting 0 of 2 events x CPUs, CPUs 0-1 have none; "
			      "`ulimit -n ") && strstr(err.text, "the limit is"), "message: %s", err.text);
}

/* Descriptors run out on CPU 1, inside group {a,b}: CPU 0 counts everything, CPU 1's half-open group is
 * closed (groups count whole or not at all), and the message says what counts and the limit needed. */
TEST(emfile_counts_what_fits)
{
	struct rig r;
	struct rlimit rl;
	char want[160];

	rig_init(&r);
	fk.emfile_after = 4;
	ev(&r.l, "a", 1, 0);
	ev(&r.l, "b", 2, 0);
	ev(&r.l, "c", 3, 1);
	if (rig_open(&r) == 0) {   /* counting goes on */
		CHECK_EQ_INT(r.err.code, -EMFILE);
		CHECK_EQ_INT(fk.opens, 4);
		CHECK_EQ_INT(fk.closes, 1);     /* CPU 1's "a", alone in its group */
		getrlimit(RLIMIT_NOFILE, &rl);
		snprintf(want, sizeof(want), "out of file descriptors: counting 3 of 6 events x CPUs, CPU 1 has none; "
			 "`ulimit -n %llu` would be enough", (unsigned long long)rl.rlim_cur - 3 + 6);
		CHECK(strstr(r.err.text, want) != NULL, "message: %s\nwanted: %s", r.err.text, want);
		CHECK_EQ_STR(counters_open_note(r.c), r.err.text);
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
		for (int e = 0; e < 3; e++) {
			CHECK_EQ_INT(r.m.cur.cpu[e].state, EVS_OK);
			CHECK_EQ_INT(r.m.cur.cpu[r.m.nev + e].state, EVS_ABSENT);
		}
	}
	rig_close(&r);
}

TEST(enodev_drops_cpu)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "a", 1, 0);
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		fk.enodev_cpu = 1;
		counters_read(r.c, &r.m);
		CHECK(r.m.cur.online[0], "CPU 0 stays");
		CHECK(!r.m.cur.online[1], "CPU 1 dropped after ENODEV");
		CHECK_EQ_STR(counters_read_note(r.c), "CPU 1: went offline: not counted until it is back online");
		fk.reads = 0;
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(fk.reads, 1);   /* no more reads of the dropped CPU */
		CHECK_EQ_STR(counters_read_note(r.c), "");    /* said once */
	}
	rig_close(&r);
}

/* Take CPU cpu offline as Linux does (perf_event_exit_cpu): what is open on it is turned off. */
static void unplug(int cpu)
{
	fk.offline_cpu = cpu;
	for (int i = 0; i < fk.nfd; i++)
		fk.dead[i] |= fk.cpu[i] == cpu;
}

/* A hot-unplugged CPU as the kernel leaves it: read() still answers, with the times standing and
 * the group broken up (nr 1), and opening on it answers ENODEV. The CPU leaves the rows, said once;
 * each read tries to open it again; back online it is opened afresh (the old fds closed) and counts
 * from the read after, said once too. */
TEST(unplugged_cpu_leaves_and_comes_back)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "a", 1, 0);
	ev(&r.l, "b", 2, 0);
	ev(&r.l, "c", 3, 1);
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
		unplug(1);
		counters_read(r.c, &r.m);
		CHECK(r.m.cur.online[0], "CPU 0 stays");
		CHECK(!r.m.cur.online[1], "CPU 1 left the rows");
		CHECK_EQ_STR(counters_read_note(r.c), "CPU 1: went offline: not counted until it is back online");
		CHECK_EQ_INT(r.m.cur.cpu[1].state, EVS_OK);
		CHECK_EQ_INT(fk.closes, 3);                   /* its counters closed */
		fk.reads = 0;
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(fk.reads, 2);                    /* CPU 0's two groups */
		CHECK(!r.m.cur.online[1], "still offline");
		CHECK_EQ_STR(counters_read_note(r.c), "");    /* said once */
		fk.offline_cpu = -1;                          /* back online */
		counters_read(r.c, &r.m);
		CHECK(r.m.cur.online[1], "CPU 1 is back in the rows");
		CHECK_EQ_STR(counters_read_note(r.c), "CPU 1: back online: counted again");
		CHECK_EQ_INT(r.m.cur.cpu[1 * r.m.nev + 0].state, EVS_NOT_COUNTED);   /* opened: a baseline */
		counters_read(r.c, &r.m);
		for (int e = 0; e < 3; e++) {
			struct ev_val *v = &r.m.cur.cpu[1 * r.m.nev + e];

			CHECK_EQ_INT(v->state, EVS_OK);
			CHECK_EQ_U64(v->raw, 100 * (uint64_t)(e + 1));
		}
		CHECK_EQ_STR(counters_read_note(r.c), "");
		unplug(1);                                    /* and away again: said again */
		counters_read(r.c, &r.m);
		CHECK_EQ_STR(counters_read_note(r.c), "CPU 1: went offline: not counted until it is back online");
	}
	rig_close(&r);
	CHECK_EQ_INT(fk.closes, fk.opens);
}

/* A lone counter keeps its group's shape when the CPU goes: only its times standing still while
 * CPU 0's go on show it. Times standing everywhere (no time passed) are not an unplug. */
TEST(unplug_seen_by_times_alone)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "a", 1, 0);
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		fk.still = true;
		counters_read(r.c, &r.m);
		CHECK(r.m.cur.online[0] && r.m.cur.online[1], "no time passed: both stay");
		CHECK_EQ_INT(fk.opens, 2);                    /* nothing opened again */
		CHECK_EQ_STR(counters_read_note(r.c), "");
		fk.still = false;
		counters_read(r.c, &r.m);
		unplug(0);
		counters_read(r.c, &r.m);
		CHECK(!r.m.cur.online[0] && r.m.cur.online[1], "CPU 0 left, CPU 1 stays");
		CHECK_EQ_STR(counters_read_note(r.c), "CPU 0: went offline: not counted until it is back online");
	}
	rig_close(&r);
}

TEST(lone_software_events_share_a_group)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "cpu-clock", 1, 0);
	ev(&r.l, "context-switches", 2, 1);
	ev(&r.l, "raw", 3, 2);
	r.l.ev[0].type = r.l.ev[1].type = PERF_TYPE_SOFTWARE;
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		fk.reads = 0;
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(fk.reads, 4);   /* per CPU: the shared software group and the raw event's group */
		CHECK_EQ_U64(r.m.cur.cpu[0 * r.m.nev + 1].raw, 200);   /* members still read their own counts */
		CHECK_EQ_INT(r.m.cur.cpu[1 * r.m.nev + 2].state, EVS_OK);
	}
	rig_close(&r);
}

/* pmutop pins its own group of fixed-counter events; where the kernel refuses a member (instructions
 * ENOENT) the weak group is split, and cycles, alone now, stays pinned: unpinned it would rotate
 * behind the flexible groups although the cycle counter is free. */
TEST(split_fixed_group_stays_pinned)
{
	struct rig r;
	int plan[3] = { 0, 0, 2 }, ids[2] = { 0, 1 };

	rig_init(&r);
	ev(&r.l, "cycles", PERF_COUNT_HW_CPU_CYCLES, 0);
	ev(&r.l, "instructions", PERF_COUNT_HW_INSTRUCTIONS, 1);
	ev(&r.l, "r3", 3, 2);
	r.l.ev[0].type = r.l.ev[1].type = PERF_TYPE_HARDWARE;
	fk.no_insn = true;
	model_init(&r.m, 2, ids, NULL, NULL, 1, NULL, 4);
	CHECK(counters_open(&r.l, plan, &r.t, &fake_seam, NULL, &r.c, &r.err) == 0 && r.c, "open: %s", r.err.text);
	if (r.c) {
		int lone = 0;

		CHECK_EQ_INT(counters_splits(r.c), 2);   /* on each CPU */
		for (int fd = 0; fd < fk.nfd; fd++) {
			if (fk.type[fd] != PERF_TYPE_HARDWARE)
				CHECK(!fk.pinned[fd], "fd %d: r3 is not pinned", fd);
			else if (fk.leader[fd] == fd && fk.nmemb[fd] == 1)
				lone++;
			if (fk.type[fd] == PERF_TYPE_HARDWARE && fk.nmemb[fd] == 1)
				CHECK(fk.pinned[fd], "fd %d (CPU %d): cycles alone after the split is pinned", fd, fk.cpu[fd]);
		}
		CHECK_EQ_INT(lone, 4);   /* per CPU: cycles before the split, and alone after it */
	}
	rig_close(&r);
}

TEST(config3_never_dropped_silently)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "needs-config3", 5, 0);
	r.l.ev[0].config3 = 0x1;
	ev(&r.l, "plain", 2, 1);
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
#ifdef PERF_ATTR_SIZE_VER8
		CHECK_EQ_INT(r.m.cur.cpu[0].state, EVS_OK);   /* the attribute carries config3 */
#else
		CHECK_EQ_INT(r.m.cur.cpu[0].state, EVS_UNSUPPORTED);   /* cannot be expressed: not counted as something else */
		CHECK_EQ_INT(fk.opens, 2);                             /* only "plain", on both CPUs */
#endif
		CHECK_EQ_INT(r.m.cur.cpu[1].state, EVS_OK);
	}
	rig_close(&r);
}

TEST(modifier_bits_reach_the_attr)
{
	struct rig r;

	rig_init(&r);
	ev(&r.l, "a", 1, 0);
	ev(&r.l, "b", 2, 0);
	r.specs[0].precise_ip = 2;
	r.specs[0].exclude_idle = true;
	r.specs[0].exclusive = true;
	r.specs[0].exclude_host = true;
	r.specs[1].exclude_guest = true;   /* perf's default, passed as perf passes it */
	r.specs[1].exclusive = true;       /* exclusive goes on a leader only */
	if (rig_open(&r) == 0) {
		CHECK(fk.attr[0].precise_ip == 2 && fk.attr[0].exclude_idle && fk.attr[0].exclusive &&
		      fk.attr[0].exclude_host && !fk.attr[0].exclude_guest, "leader bits");
		CHECK(fk.attr[1].exclude_guest && !fk.attr[1].exclusive && !fk.attr[1].precise_ip, "member bits");
	}
	rig_close(&r);
	rig_init(&r);
	ev(&r.l, "h", 1, 0);
	r.specs[0].exclude_gh = true;      /* :H chosen by the user: host only */
	r.specs[0].exclude_guest = true;
	if (rig_open(&r) == 0)
		CHECK(fk.attr[0].exclude_guest && !fk.attr[0].exclude_host, ":H bits");
	rig_close(&r);
}

/* A PMU that takes no exclude bit (uncore, RAPL) refuses perf's default exclude_guest: the event
 * opens again without it, as perf 6.1 does; an exclusion the user wrote (:H) is not dropped. */
TEST(default_exclude_guest_dropped_where_refused)
{
	struct rig r;

	rig_init(&r);
	fk.no_exclude = 11;
	ev(&r.l, "uncore", 5, 0);
	ev(&r.l, "core", 6, 1);
	r.specs[0].type = 11;
	r.specs[0].exclude_guest = true;
	r.specs[1].exclude_guest = true;   /* a PMU that takes it keeps it */
	if (rig_open(&r) == 0) {
		int uncore = 0, core = 0;

		for (int f = 0; f < fk.nfd; f++) {
			if (fk.type[f] == 11) {
				CHECK(!fk.attr[f].exclude_guest, "fd %d: uncore opened with exclude_guest", f);
				uncore++;
			} else {
				CHECK(fk.attr[f].exclude_guest, "fd %d: core opened without exclude_guest", f);
				core++;
			}
		}
		CHECK(uncore == 2 && core == 2, "opened %d uncore, %d core (want 2 each)", uncore, core);
		/* refused once for the PMU, not once per CPU */
		CHECK(fk.refused == 1, "opens refused for exclude_guest: %d (want 1)", fk.refused);
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(r.m.cur.cpu[0].state, EVS_OK);
	}
	rig_close(&r);
	rig_init(&r);
	fk.no_exclude = 11;
	ev(&r.l, "uncore:H", 5, 0);
	r.specs[0].type = 11;
	r.specs[0].exclude_gh = true;
	r.specs[0].exclude_guest = true;
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);
		counters_read(r.c, &r.m);
		CHECK_EQ_INT(fk.nfd, 0);
		CHECK_EQ_INT(r.m.cur.cpu[0].state, EVS_UNSUPPORTED);
	}
	rig_close(&r);
}

/* The value of "key" in one JSON object's line of --explain-events (numbers and booleans), or -1. */
static long long json_field(const char *line, const char *key)
{
	char pat[64];
	const char *p, *end = strchr(line, '\n');

	snprintf(pat, sizeof(pat), "\"%s\": ", key);
	p = strstr(line, pat);
	if (!p || (end && p > end))
		return -1;
	p += strlen(pat);
	if (!strncmp(p, "true", 4))
		return 1;
	if (!strncmp(p, "false", 5))
		return 0;
	if (*p == '"')
		p++;
	return strtoll(p, NULL, 0);
}

/* --explain-events shows the attribute counters_open opens each event with, every field: pinned
 * exactly for a leader that asked (:D) or leads a group of fixed-counter events only, exclusive,
 * disabled and the exclude bits as set, precise_ip, read_format, size. */
TEST(explain_attr_matches_open)
{
	static const struct { const char *what; int n; struct { uint32_t type; uint64_t config; int group;
		bool pin, excl_user, excl_guest, excl_host, excl_idle, exclusive; int precise; } ev[3]; } sets[] = {
		{ "cycles alone", 1, { { PERF_TYPE_HARDWARE, 0, 0, false, false, true, false, false, false, 0 } } },
		{ "{cycles,instructions},raw", 3, { { PERF_TYPE_HARDWARE, 0, 0, false, false, true, false, false, false, 0 },
						    { PERF_TYPE_HARDWARE, 1, 0, false, false, true, false, false, false, 0 },
						    { PERF_TYPE_RAW, 0x3c, 1, false, false, false, true, true, false, 2 } } },
		{ "{raw:D,cycles}", 2, { { PERF_TYPE_RAW, 0xc0, 0, true, false, false, false, false, true, 0 },
					 { PERF_TYPE_HARDWARE, 0, 0, false, false, false, false, false, true, 0 } } },
		{ "{cycles,instructions:D}", 2, { { PERF_TYPE_HARDWARE, 0, 0, false, false, true, false, false, false, 3 },
						  { PERF_TYPE_HARDWARE, 1, 0, true, false, true, false, false, false, 1 } } },
		{ "cycles:u", 1, { { PERF_TYPE_HARDWARE, 0, 0, false, true, true, false, false, false, 0 } } },
	};
	static const char *const keys[] = { "type", "config", "size", "sample_type", "read_format", "disabled",
		"inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel", "exclude_hv", "exclude_idle",
		"exclude_host", "exclude_guest", "precise_ip" };

	for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++) {
		struct rig r;
		char *text = NULL, *line;
		size_t len = 0;
		FILE *out;

		rig_init(&r);
		for (int i = 0; i < sets[k].n; i++) {
			ev(&r.l, sets[k].what, sets[k].ev[i].config, sets[k].ev[i].group);
			r.l.ev[i].type = sets[k].ev[i].type;
			r.l.ev[i].pinned = sets[k].ev[i].pin;
			r.l.ev[i].exclude_user = sets[k].ev[i].excl_user;
			r.l.ev[i].exclude_guest = sets[k].ev[i].excl_guest;
			r.l.ev[i].exclude_host = sets[k].ev[i].excl_host;
			r.l.ev[i].exclude_idle = sets[k].ev[i].excl_idle;
			r.l.ev[i].exclusive = sets[k].ev[i].exclusive;
			r.l.ev[i].precise_ip = (uint8_t)sets[k].ev[i].precise;
		}
		out = open_memstream(&text, &len);
		CHECK(out && explain_events(out, &r.l, NULL, NULL, NULL, true) == 0, "%s: explain", sets[k].what);
		if (out)
			fclose(out);
		if (rig_open(&r) == 0 && text) {
			/* one object a line; the names hold braces of their own */
			line = strstr(text, "\n  {");
			for (int i = 0; i < sets[k].n && line; i++, line = strstr(line + 1, "\n  {")) {
				int fd = -1;
				for (int f = 0; f < fk.nfd; f++)
					if (fk.cpu[f] == 0 && fk.type[f] == r.l.ev[i].type && fk.config[f] == r.l.ev[i].config)
						fd = f;
				CHECK(fd >= 0, "%s: event %d not opened", sets[k].what, i);
				if (fd < 0)
					break;
				line++;
				const struct perf_event_attr *a = &fk.attr[fd];
				const long long want[] = { a->type, (long long)a->config, a->size, (long long)a->sample_type,
					(long long)a->read_format, a->disabled, a->inherit, a->pinned, a->exclusive,
					a->exclude_user, a->exclude_kernel, a->exclude_hv, a->exclude_idle, a->exclude_host,
					a->exclude_guest, a->precise_ip };
				for (size_t f = 0; f < sizeof(keys) / sizeof(keys[0]); f++)
					CHECK(json_field(line, keys[f]) == want[f], "%s: event %d: %s opened %lld, "
					      "explained as %lld", sets[k].what, i, keys[f], want[f], json_field(line, keys[f]));
			}
			/* the rules themselves, so that agreeing on nothing pinned cannot pass */
			if (k == 0 || k == 1)
				CHECK(fk.pinned[0], "%s: the fixed-only group leader is pinned", sets[k].what);
			if (k == 4)
				CHECK(!fk.pinned[0], "%s: a user-only cycles is not", sets[k].what);
			if (k == 3)
				CHECK(fk.attr[0].precise_ip == 3 && fk.attr[0].exclude_guest, "%s: bits reach the open",
				      sets[k].what);
		}
		free(text);
		rig_close(&r);
	}
}

/* A package energy count that wraps past 2^64 between two reads still gives the watts of the
 * interval: the delta is taken in unsigned 64-bit arithmetic, then scaled to joules (2^-32 J,
 * the sysfs scale of power/energy-pkg/) and divided by the interval. */
TEST(energy_counter_wrap_gives_watts)
{
	struct rig r;
	const double scale = 2.3283064365386962890625e-10;   /* 2^-32 J */
	const uint64_t cfg = 1ULL << 32;                     /* 100 J of raw count per read */

	rig_init(&r);
	ev(&r.l, "power/energy-pkg/", cfg, 0);
	r.specs[0].base = (char *)"energy-pkg";
	r.specs[0].scale = scale;
	/* first read 50 J below the wrap, the second 50 J past it */
	fk.count_base = (uint64_t)0 - 150 * cfg;
	if (rig_open(&r) == 0) {
		counters_read(r.c, &r.m);                 /* baseline, below the wrap */
		counters_read(r.c, &r.m);                 /* past it */
		struct ev_val *v = &r.m.cur.cpu[0];
		CHECK_EQ_U64(v->raw, 100 * cfg);
		r.m.cur.interval = 0.5;
		model_derive(&r.m);
		/* 100 J counted in half the enabled time: 200 J estimated over 0.5 s */
		CHECK_NEAR(r.m.cur.cpu_m[M_PKG_W], 200.0 / 0.5, 1e-6);
	}
	rig_close(&r);
}

int main(void)
{
	RUN(energy_counter_wrap_gives_watts);
	RUN(explain_attr_matches_open);
	RUN(one_read_per_group_per_cpu);
	RUN(unsupported_member_is_marked_and_others_count);
	RUN(eacces_explains_paranoid);
	RUN(emfile_explains_limit);
	RUN(emfile_counts_what_fits);
	RUN(enodev_drops_cpu);
	RUN(unplugged_cpu_leaves_and_comes_back);
	RUN(unplug_seen_by_times_alone);
	RUN(lone_software_events_share_a_group);
	RUN(config3_never_dropped_silently);
	RUN(split_fixed_group_stays_pinned);
	RUN(modifier_bits_reach_the_attr);
	RUN(default_exclude_guest_dropped_where_refused);
	RUN(explain_attr_matches_open);
	T_DONE();
}
