/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_evresolve.c: the resolver against fixture PMUs, row by row: attributes as perf 6.1 builds them
 * (each row's expectation was read from `perf stat -vv -e EVENT` over the same PMUs; see
 * tests/cli/perf_attr_oracle.sh for the live comparison). */
#include "t.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>

#include "evfixture.h"

/* The attribute bits an event sets, in perf's print order, space separated. */
static const char *flags(const struct ev_spec *e, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s%s%s%s%s%s", e->pinned ? "pinned " : "", e->exclusive ? "exclusive " : "",
		 e->exclude_user ? "exclude_user " : "", e->exclude_kernel ? "exclude_kernel " : "",
		 e->exclude_hv ? "exclude_hv " : "", e->exclude_idle ? "exclude_idle " : "",
		 e->exclude_host ? "exclude_host " : "", e->exclude_guest ? "exclude_guest " : "");
	if (e->precise_ip)
		snprintf(buf + strlen(buf), n - strlen(buf), "precise_ip=%d ", e->precise_ip);
	if (strlen(buf))
		buf[strlen(buf) - 1] = '\0';
	return buf;
}

struct row {
	const char *in;
	int idx;            /* which resulting event to check */
	uint32_t type;
	uint64_t config, config1;
	const char *flags;
};

#define EG "exclude_guest"
static const struct row rows[] = {
	/* exclude_guest: set for a plain event, by u and p; k, h, D, e leave it clear */
	{ "cycles", 0, 0, 0, 0, EG },
	{ "cycles:u", 0, 0, 0, 0, "exclude_kernel exclude_hv " EG },
	{ "cycles:k", 0, 0, 0, 0, "exclude_user exclude_hv" },
	{ "cycles:h", 0, 0, 0, 0, "exclude_user exclude_kernel" },
	{ "cycles:uk", 0, 0, 0, 0, "exclude_hv " EG },
	{ "cycles:hk", 0, 0, 0, 0, "exclude_user" },
	{ "cycles:p", 0, 0, 0, 0, EG " precise_ip=1" },
	{ "cycles:pp", 0, 0, 0, 0, EG " precise_ip=2" },
	{ "cycles:ppp", 0, 0, 0, 0, EG " precise_ip=3" },
	{ "cycles:upp", 0, 0, 0, 0, "exclude_kernel exclude_hv " EG " precise_ip=2" },
	/* G counts the guest only, H the host only, both: neither excluded */
	{ "cycles:G", 0, 0, 0, 0, "exclude_host" },
	{ "cycles:H", 0, 0, 0, 0, EG },
	{ "cycles:GH", 0, 0, 0, 0, "" },
	{ "cycles:uG", 0, 0, 0, 0, "exclude_kernel exclude_hv exclude_host" },
	{ "cycles:I", 0, 0, 0, 0, "exclude_idle" },
	{ "cycles:D", 0, 0, 0, 0, "pinned" },
	{ "cycles:e", 0, 0, 0, 0, "exclusive" },
	{ "cycles:P", 0, 0, 0, 0, "" },
	{ "cycles:S", 0, 0, 0, 0, "" },
	{ "cycles:W", 0, 0, 0, 0, "" },
	{ "cycles:b", 0, 0, 0, 0, "" },
	/* group modifiers merge with each member's */
	{ "{cpu-clock:u,task-clock}:k", 0, 1, 0, 0, "exclude_hv " EG },
	{ "{cpu-clock:u,task-clock}:k", 1, 1, 1, 0, "exclude_user exclude_hv " EG },
	{ "{cpu-clock,task-clock}:D", 0, 1, 0, 0, "pinned " EG },
	{ "{cpu-clock,task-clock}:D", 1, 1, 1, 0, EG },
	{ "{cpu-clock,task-clock:D}", 1, 1, 1, 0, "pinned" },
	{ "{cpu-clock:G,task-clock}:u", 0, 1, 0, 0, "exclude_kernel exclude_hv exclude_host" },
	{ "{cpu-clock:G,task-clock}:u", 1, 1, 1, 0, "exclude_kernel exclude_hv " EG },
	{ "{cpu-clock:k,task-clock:H}:p", 0, 1, 0, 0, "exclude_user exclude_hv " EG " precise_ip=1" },
	{ "{cpu-clock:k,task-clock:H}:p", 1, 1, 1, 0, EG " precise_ip=1" },
	/* term order and repetition: config words first, then formats ORed in */
	{ "cpu/event=0x3c,event=0xc0/", 0, 4, 0xfc, 0, EG },
	{ "cpu/event=0x3c,config=0x1234/", 0, 4, 0x123c, 0, EG },
	{ "cpu/config=0x1234,event=0x3c/", 0, 4, 0x123c, 0, EG },
	{ "cpu/event=0x3c,cpu-cycles/", 0, 4, 0x3c, 0, EG },
	{ "cpu/cpu-cycles,event=0xc0/", 0, 4, 0xfc, 0, EG },
	{ "cpu/cpu-cycles,umask=1/", 0, 4, 0x13c, 0, EG },
	{ "cpu/event=0x3c,event/", 0, 4, 0x3d, 0, EG },
	{ "cpu/event=0x3c,config1=5,config1=2/", 0, 4, 0x3c, 2, EG },
	{ "cpu/event=0x3c, umask=1/", 0, 4, 0x13c, 0, EG },
	{ "cpu/event=0x3c,name=mycycles/", 0, 4, 0x3c, 0, EG },
	{ "cpu/event=0x3c,period=1000/", 0, 4, 0x3c, 0, EG },
	{ "cpu/edge/", 0, 4, 0x40000, 0, EG },
	/* aliases win over names that look like hex */
	{ "uncore_imc_free_running_0/read/", 0, 40, 0x20ff, 0, EG },
	{ "uncore_imc_free_running/read/", 0, 40, 0x20ff, 0, EG },
	{ "dclk", 0, 40, 0x10ff, 0, EG },
	{ "read", 0, 40, 0x20ff, 0, EG },   /* perf 6.1 refuses this one (its lexer takes r+hex first) */
	{ "r3c", 0, 4, 0x3c, 0, EG },
	/* perf's other spellings of the cache events */
	{ "l1-d-loads", 0, 3, 0x0, 0, EG },
	{ "L1-data-load-misses", 0, 3, 0x10000, 0, EG },
	{ "l1i-loads", 0, 3, 0x1, 0, EG },
	{ "Instruction-TLB-loads", 0, 3, 0x4, 0, EG },
	{ "bpu-loads", 0, 3, 0x5, 0, EG },
	{ "btb-loads", 0, 3, 0x5, 0, EG },
	{ "L1-dcache", 0, 3, 0x0, 0, EG },
	{ "dTLB-misses", 0, 3, 0x10003, 0, EG },
	{ "L1-dcache-miss-load", 0, 3, 0x10000, 0, EG },
	{ "L2-prefetches", 0, 3, 0x202, 0, EG },
	{ "bpc-miss", 0, 3, 0x10005, 0, EG },
	{ "LLC-speculative-read-ops", 0, 3, 0x202, 0, EG },
	{ "L1-dcache-load-load", 0, 3, 0x0, 0, EG },
	{ "node-Reference", 0, 3, 0x6, 0, EG },
	{ "Data-TLB-write-misses", 0, 3, 0x10103, 0, EG },
	{ "branches", 0, 0, 4, 0, EG },
	/* tracepoints: type 2, config the tracefs id */
	{ "sched:sched_switch", 0, 2, 316, 0, EG },
	{ "sched:sched_switch:u", 0, 2, 316, 0, "exclude_kernel exclude_hv " EG },
	{ "syscalls:sys_enter_*", 0, 2, 702, 0, EG },
	{ "syscalls:sys_enter_*", 1, 2, 700, 0, EG },
	{ "sched:*", 1, 2, 318, 0, EG },
};

TEST(rows_as_perf)
{
	struct ev_list l = { 0 };
	char buf[200];

	use("spr_uncore");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *w = &rows[i];
		const struct ev_spec *e;

		if (parse(w->in, &l) < 0 || l.n <= w->idx) {
			CHECK(0, "%s: %d events", w->in, l.n);
			continue;
		}
		e = &l.ev[w->idx];
		CHECK(e->type == w->type && e->config == w->config && e->config1 == w->config1,
		      "%s [%d]: type %u config 0x%llx config1 0x%llx, want %u 0x%llx 0x%llx", w->in, w->idx, e->type,
		      (unsigned long long)e->config, (unsigned long long)e->config1, w->type,
		      (unsigned long long)w->config, (unsigned long long)w->config1);
		CHECK(!strcmp(flags(e, buf, sizeof(buf)), w->flags), "%s [%d]: \"%s\", want \"%s\"", w->in, w->idx, buf,
		      w->flags);
	}
	ev_list_free(&l);
}

TEST(names_and_labels)
{
	struct ev_list l = { 0 };

	use("spr_uncore");
	if (parse("cpu/event=0x3c,name=mycycles/,sched:sched_switch,syscalls:sys_enter_*:u", &l) == 0 && l.n == 4) {
		CHECK_EQ_STR(l.ev[0].name, "mycycles");
		CHECK(l.ev[0].user_name && !l.ev[1].user_name, "user label");
		CHECK_EQ_STR(l.ev[1].name, "sched:sched_switch");
		CHECK_EQ_STR(l.ev[2].name, "syscalls:sys_enter_read:u");
		CHECK_EQ_STR(l.ev[3].name, "syscalls:sys_enter_write:u");
		CHECK_EQ_STR(l.ev[3].base, "syscalls:sys_enter_write");
		CHECK(l.ev[0].group != l.ev[2].group && l.ev[2].group != l.ev[3].group, "own groups");
	} else {
		CHECK(0, "%d events", l.n);
	}
	if (parse("cpu/event=0x3c,period=1000/,cycles", &l) == 0 && l.n == 2)
		CHECK(l.ev[0].sampling && !l.ev[1].sampling, "period= noted");
	if (parse("cpu/event=0x3c,freq=100/", &l) == 0 && l.n == 1)
		CHECK(l.ev[0].sampling, "freq= noted");
	if (parse("uncore_imc_free_running/read/", &l) == 0 && l.n == 1) {
		CHECK_EQ_STR(l.ev[0].unit, "MiB");
		CHECK_EQ_STR(l.ev[0].base, "read");
	}
	ev_list_free(&l);
}

TEST(error_columns)
{
	use("spr_uncore");
	CHECK_ERR("cpu/evnt=1/", 4, "unknown term 'evnt' for PMU cpu");
	CHECK_ERR("cycles,cpu/event=1, evnt=1/", 20, "unknown term 'evnt'");
	CHECK_ERR("sched:no_such_tp", 0, "no tracepoint sched:no_such_tp");
	CHECK_ERR("nosys:*", 0, "no tracepoint");
	CHECK_ERR("cycles:uu", 8, "given twice");
	CHECK_ERR("cycles:pppp", 10, "too many 'p'");
	CHECK_ERR("cycles:x", 7, "bad modifier 'x'");
	CHECK_ERR("sched:sched_switch:s", 19, "bad modifier 's'");
	CHECK_ERR("L1-icache-stores", 0, "unknown event");
	CHECK_ERR("l1-dcache-loads", 0, "unknown event");   /* perf's lexer is case sensitive */
	CHECK_ERR("cpu/event=0x3c,name/", 15, "needs a value");
	CHECK_ERR("cpu/period=x/", 11, "bad value");
	use("amd_zen");
	CHECK_ERR("cs,sched:sched_switch", 3, "no tracefs");
}

int main(void)
{
	RUN(rows_as_perf);
	RUN(names_and_labels);
	RUN(error_columns);
	T_DONE();
}
