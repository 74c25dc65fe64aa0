/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_evsyntax.c: the pure event-list parser, table driven: every form of the grammar to its tree,
 * and every malformed form to the column and reason of its error. No PMUs, no files. */
#include "t.h"
#include "hw/events/evsyntax.h"
#include <errno.h>

/* The tree as text: groups joined by " | ", braced ones as {...}:mods; events as
 * N(name), P(pmu)[key=val,key] or T(sys:event), then ":mods" when there are any. */
static void dump(const struct evs_tree *t, char *out, size_t n)
{
	size_t k = 0;

	out[0] = '\0';
#define PUT(...) (k += (size_t)snprintf(out + k, k < n ? n - k : 0, __VA_ARGS__))
	for (int i = 0; i < t->ng; i++) {
		const struct evs_group *g = &t->g[i];

		PUT("%s%s", i ? " | " : "", g->braced ? "{" : "");
		for (int j = 0; j < g->nev; j++) {
			const struct evs_event *e = &g->ev[j];

			PUT("%s", j ? "," : "");
			if (e->kind == EVS_NAME)
				PUT("N(%s)", e->name);
			else if (e->kind == EVS_TRACEPOINT)
				PUT("T(%s:%s)", e->name, e->tp);
			else {
				PUT("P(%s)[", e->name);
				for (int m = 0; m < e->nterms; m++)
					PUT("%s%s%s%s", m ? "," : "", e->terms[m].key, e->terms[m].val ? "=" : "",
					    e->terms[m].val ? e->terms[m].val : "");
				PUT("]");
			}
			if (e->mods.letters[0])
				PUT(":%s", e->mods.letters);
		}
		if (g->braced)
			PUT("}%s%s", g->mods.letters[0] ? ":" : "", g->mods.letters);
	}
#undef PUT
}

static const struct { const char *in, *tree; } good[] = {
	{ "cycles", "N(cycles)" },
	{ "cycles,instructions", "N(cycles) | N(instructions)" },
	{ "cycles, instructions", "N(cycles) | N(instructions)" },
	{ "cycles:u", "N(cycles):u" },
	{ "cycles:ukhGHpppPSDIWeb", "N(cycles):ukhGHpppPSDIWeb" },
	{ "r3c:k", "N(r3c):k" },
	{ "L1-dcache-load-misses", "N(L1-dcache-load-misses)" },
	{ "cpu/event=0x3c,umask=1/", "P(cpu)[event=0x3c,umask=1]" },
	{ "cpu/event=0x3c, umask=1 ,edge/u", "P(cpu)[event=0x3c,umask=1,edge]:u" },
	{ "cpu/event=0x3c/:pp", "P(cpu)[event=0x3c]:pp" },
	{ "cpu//", "P(cpu)[]" },
	{ "cpu/event=0x3c,name=mycycles,period=1000,freq=10/", "P(cpu)[event=0x3c,name=mycycles,period=1000,freq=10]" },
	{ "uncore_imc/cas_count_read/", "P(uncore_imc)[cas_count_read]" },
	{ "{cycles,instructions}", "{N(cycles),N(instructions)}" },
	{ "{cpu-clock:u,task-clock}:k", "{N(cpu-clock):u,N(task-clock)}:k" },
	{ "{ cycles , cpu/event=1/ }:D,cs", "{N(cycles),P(cpu)[event=1]}:D | N(cs)" },
	{ "sched:sched_switch", "T(sched:sched_switch)" },
	{ "sched:sched_switch:u", "T(sched:sched_switch):u" },
	{ "syscalls:sys_enter_*", "T(syscalls:sys_enter_*)" },
	{ "sys?:sys_[ab]*", "T(sys?:sys_[ab]*)" },
	{ "foo:bar", "T(foo:bar)" },
	{ "foo:ku", "N(foo):ku" },               /* only modifier letters: modifiers */
	{ "foo:usk", "T(foo:usk)" },             /* ... unless one is not a modifier letter */
	{ "{sched:sched_switch,cs}:u", "{T(sched:sched_switch),N(cs)}:u" },
};

static const struct { const char *in; int pos; const char *why; } bad[] = {
	{ "", 0, "no event given" },
	{ "   ", 3, "no event given" },
	{ ",cycles", 0, "expected an event before ','" },
	{ "cycles,", 7, "expected an event at the end" },
	{ "cycles,,cs", 7, "expected an event before ','" },
	{ "cycles cs", 7, "expected ',' between events" },
	{ "cycles;cs", 6, "unexpected character ';'" },
	{ "cycles:", 7, "expected modifiers" },
	{ "cycles:x", 7, "bad modifier 'x'" },          /* after a built-in name: not a tracepoint */
	{ "cycles:uu", 8, "'u' given twice" },
	{ "cycles:pppp", 10, "too many 'p'" },
	{ "r1a8:q", 5, "bad modifier 'q'" },
	{ "sched:sched_switch:s", 19, "bad modifier 's'" },
	{ "sched:", 6, "expected modifiers or a tracepoint name" },
	{ "sched:sched_switch:", 19, "expected modifiers" },
	{ "cpu/event=1", 3, "missing closing '/'" },
	{ "cpu/event=1/q", 12, "bad modifier 'q'" },
	{ "cpu/event=1/x,cs", 12, "bad modifier 'x'" },
	{ "cpu/event=1,,umask=1/", 12, "empty term" },
	{ "cpu/event=1,/", 12, "empty term after ','" },
	{ "cpu/=1/", 4, "expected a term name" },
	{ "cpu/event=/", 10, "needs a value" },
	{ "cpu/event=1 umask=2/", 12, "unexpected character 'u' in term 'event'" },
	{ "{cycles,instructions", 0, "'{' is never closed" },
	{ "cs,{cycles", 3, "'{' is never closed" },
	{ "cycles}", 6, "'}' without '{'" },
	{ "}", 0, "'}' without '{'" },
	{ "{}", 1, "expected an event before '}'" },
	{ "{cycles,}", 8, "expected an event before '}'" },
	{ "{cycles,{cs}}", 8, "groups do not nest" },
	{ "{cycles}x", 8, "expected ',' between events" },
	{ "{cycles}:q", 9, "bad modifier 'q'" },
	{ "cyc*les", 3, "wildcards only in tracepoint names" },
	{ "*", 0, "wildcards only in tracepoint names" },
	{ "cpu*/event=1/", 3, "wildcards only" },
	{ "cycles\x01", 6, "unexpected character 0x01" },
};

TEST(forms_to_trees)
{
	struct evs_tree t;
	struct ev_error err;
	char buf[512];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		if (evs_parse(good[i].in, &t, &err) < 0) {
			CHECK(0, "\"%s\": error at %d: %s", good[i].in, err.pos, err.msg);
			continue;
		}
		dump(&t, buf, sizeof(buf));
		CHECK(!strcmp(buf, good[i].tree), "\"%s\": %s, want %s", good[i].in, buf, good[i].tree);
		evs_free(&t);
	}
}

TEST(positions)
{
	struct evs_tree t;
	struct ev_error err;
	const char *s = "cs, {cycles:u,cpu/event=0x3c, umask=1/k}:D";

	if (evs_parse(s, &t, &err) < 0 || t.ng != 2 || t.g[1].nev != 2) {
		CHECK(0, "parse: %s", err.msg);
		return;
	}
	CHECK_EQ_INT(t.g[0].ev[0].pos, 0);
	CHECK_EQ_INT(t.g[1].pos, 4);
	CHECK_EQ_INT(t.g[1].ev[0].pos, 5);
	CHECK_EQ_INT(t.g[1].ev[0].end, 13);
	CHECK_EQ_INT(t.g[1].ev[0].mods.pos, 12);
	CHECK_EQ_INT(t.g[1].ev[1].terms_pos, 18);
	CHECK_EQ_INT(t.g[1].ev[1].terms_end, 37);
	CHECK_EQ_INT(t.g[1].ev[1].terms[0].kpos, 18);
	CHECK_EQ_INT(t.g[1].ev[1].terms[0].vpos, 24);
	CHECK_EQ_INT(t.g[1].ev[1].terms[1].kpos, 30);
	CHECK_EQ_INT(t.g[1].ev[1].mods.pos, 38);
	CHECK_EQ_INT(t.g[1].mods.pos, 41);
	evs_free(&t);
}

TEST(errors_point_at_the_column)
{
	struct evs_tree t;
	struct ev_error err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = evs_parse(bad[i].in, &t, &err);

		CHECK(r == -EINVAL && err.pos == bad[i].pos && strstr(err.msg, bad[i].why) && t.ng == 0 && !t.g,
		      "\"%s\": r=%d at %d \"%s\", want %d \"%s\"", bad[i].in, r, err.pos, err.msg, bad[i].pos,
		      bad[i].why);
		if (r == 0)
			evs_free(&t);
	}
}

TEST(alias_file_terms)
{
	struct evs_term *v;
	struct ev_error err;
	int n;
	uint64_t x;

	CHECK_EQ_INT(evs_parse_terms("event=0x04,umask=0x03", 21, 100, &v, &n, &err), 0);
	if (n == 2) {
		CHECK_EQ_STR(v[1].key, "umask");
		CHECK_EQ_STR(v[1].val, "0x03");
		CHECK_EQ_INT(v[1].kpos, 111);
	}
	evs_terms_free(v, n);
	CHECK_EQ_INT(evs_parse_terms("event=,x", 8, 0, &v, &n, &err), -EINVAL);
	CHECK_EQ_INT(err.pos, 6);
	CHECK_EQ_INT(evs_number("0x3c", &x), 0);
	CHECK_EQ_U64(x, 0x3c);
	CHECK_EQ_INT(evs_number("18446744073709551615", &x), 0);
	CHECK_EQ_U64(x, UINT64_MAX);
	CHECK_EQ_INT(evs_number("18446744073709551616", &x), -EINVAL);
	CHECK_EQ_INT(evs_number("0x10000000000000000", &x), -EINVAL);
	CHECK_EQ_INT(evs_number("0x", &x), -EINVAL);
	CHECK_EQ_INT(evs_number("12a", &x), -EINVAL);
	CHECK_EQ_INT(evs_number("", &x), -EINVAL);
}

int main(void)
{
	RUN(forms_to_trees);
	RUN(positions);
	RUN(errors_point_at_the_column);
	RUN(alias_file_terms);
	T_DONE();
}
