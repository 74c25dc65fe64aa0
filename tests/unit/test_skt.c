/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_skt.c: the sockets' figures: UPI data flits to GB/s, L3 hit ratio, the events added only while
 * shown (and only those the machine has), the header meters' fitting and bar arithmetic. */
#include "t.h"
#include "base/errmsg.h"
#include "app/app_skt.h"
#include "app/app.h"
#include "apprig.h"
#include "ui/meters.h"

/* One socket, one CPU, the given events (name, base, pmu, unit) with one value each over 1 s. */
struct ev1 { const char *name, *base, *pmu, *unit; uint64_t raw; double scale; };

static void one_socket(struct model *m, const struct ev1 *ev, int n, bool llc_is_l3)
{
	int ids[] = { 0 }, sock[] = { 0 }, core[] = { 0 }, sids[] = { 0 };

	CHECK_EQ_INT(model_init(m, 1, ids, sock, core, 1, sids, 4), 0);
	m->llc_is_l3 = llc_is_l3;
	for (int i = 0; i < n; i++)
		model_add_event(m, ev[i].name, ev[i].base, ev[i].pmu, ev[i].unit, i, strcmp(ev[i].pmu, "") != 0);
	CHECK_EQ_INT(model_alloc_frame(m), 0);
	m->cur.interval = 2.0;
	for (int i = 0; i < n; i++)
		model_set_value(&m->cur.cpu[i], ev[i].raw, 1000, 1000, ev[i].scale);
	model_derive(m);
}

TEST(upi_data_flits_to_bytes)
{
	struct model m;
	const struct ev1 ev[] = {
		{ "uncore_upi_0/event=0x2,umask=0xf/", "event=0x2,umask=0xf", "uncore_upi_0", "", 9000000000ULL, 1 },
		{ "uncore_upi_1/event=0x02,umask=0x0f/", "event=0x02,umask=0x0f", "uncore_upi_1", "", 4500000000ULL, 1 },
	};

	one_socket(&m, ev, 2, false);
	CHECK_EQ_INT(m.ev[0].role, ROLE_UPI_FLITS);
	CHECK_EQ_INT(m.ev[1].role, ROLE_UPI_FLITS);
	/* 13.5e9 flits, 9 per 64-byte line, over 2 s */
	CHECK_NEAR(m.cur.sock_m[M_UPI_GBS], 13.5e9 / 9 * 64 / 2 / 1e9, 1e-9);
	CHECK_NEAR(model_upi_flit_bytes(9), 64, 1e-12);
	model_free(&m);
	/* the same terms on a core PMU are something else */
	CHECK_EQ_INT(model_role_on_pmu("cpu", "event=0x2,umask=0xf"), ROLE_NONE);
	CHECK_EQ_INT(model_role_on_pmu("uncore_upix_0", "event=0x2,umask=0xf"), ROLE_NONE);
	CHECK_EQ_INT(model_role_on_pmu("uncore_upi", "event=0x2,umask=0xf"), ROLE_UPI_FLITS);
}

TEST(memory_gbs_and_watts)
{
	struct model m;
	const struct ev1 ev[] = {
		/* 2^20 CAS lines of 64 bytes, as the MiB alias scales them */
		{ "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 1u << 20, 6.103515625e-5 },
		/* unitless CAS commands (amd_umc): 64 bytes each */
		{ "amd_umc_0/event=0x0a,rdwrmask=0x2/", "event=0x0a,rdwrmask=0x2", "amd_umc_0", "", 1000000, 1 },
		/* 300 J of 2^-32 J units */
		{ "power/energy-pkg/", "energy-pkg", "power", "Joules", 300ULL << 32, 2.3283064365386962890625e-10 },
	};

	one_socket(&m, ev, 3, false);
	CHECK_NEAR(m.cur.sock_m[M_MEM_RD_GBS], 64.0 * (1 << 20) / 2 / 1e9, 1e-9);
	CHECK_NEAR(m.cur.sock_m[M_MEM_WR_GBS], 64.0 * 1e6 / 2 / 1e9, 1e-9);
	CHECK_NEAR(m.cur.sock_m[M_PKG_W], 150.0, 1e-9);
	CHECK(isnan(m.cur.sock_m[M_DRAM_W]), "no DRAM energy counted: NAN, got %g", m.cur.sock_m[M_DRAM_W]);
	model_free(&m);
}

TEST(l3_hit_ratio)
{
	struct model m;
	const struct ev1 amd[] = {
		{ "amd_l3/event=0x04,umask=0xff/", "event=0x04,umask=0xff", "amd_l3", "", 1000, 1 },
		{ "amd_l3/event=0x04,umask=0x01/", "event=0x04,umask=0x01", "amd_l3", "", 300, 1 },
		/* Zen's cache-misses are L2 misses: not the L3 */
		{ "cache-references", "cache-references", "", "", 1000, 1 },
		{ "cache-misses", "cache-misses", "", "", 900, 1 },
	};
	const struct ev1 intel[] = {
		{ "cache-references", "cache-references", "", "", 1000, 1 },
		{ "cache-misses", "cache-misses", "", "", 250, 1 },
	};

	one_socket(&m, amd, 4, false);
	CHECK_NEAR(m.cur.sock_m[M_L3_HIT_PCT], 70.0, 1e-9);
	model_free(&m);
	one_socket(&m, intel, 2, true);
	CHECK_NEAR(m.cur.sock_m[M_L3_HIT_PCT], 75.0, 1e-9);
	model_free(&m);
	/* the same generic events where they are not the L3 (Arm, AMD): no figure */
	one_socket(&m, intel, 2, false);
	CHECK(isnan(m.cur.sock_m[M_L3_HIT_PCT]), "got %g", m.cur.sock_m[M_L3_HIT_PCT]);
	model_free(&m);
}

/* The syntax parser gives the list's top-level items (no hand-written comma splitter). */
TEST(event_list_pieces)
{
	const char *s = "uncore_upi/event=0x2,umask=0xf/,{cycles,instructions},power/energy-pkg/";
	struct evs_span *it;
	struct ev_error err;

	CHECK_EQ_INT(evs_items(s, &it, &err), 3);
	CHECK(it[0].pos == 0 && it[0].end == 31, "%d-%d", it[0].pos, it[0].end);
	CHECK(it[1].pos == 32 && it[1].end == 53, "%d-%d", it[1].pos, it[1].end);
	CHECK(it[2].pos == 54 && it[2].end == 71, "%d-%d", it[2].pos, it[2].end);
	free(it);
	CHECK(evs_items("", &it, &err) < 0, "an empty list is an error");
	free(it);
}

static bool text_has(const struct app *a, unsigned owners, const char *what)
{
	char *t = evlist_text(&a->evl, owners);
	bool has = t && strstr(t, what) != NULL;

	free(t);
	return has;
}

static void user_is(const struct app *a, const char *want)
{
	char *t = evlist_text(&a->evl, EVO_BIT(EVO_USER));

	CHECK_EQ_STR(t ? t : "", want);
	free(t);
}

TEST(added_only_while_shown)
{
	struct app a;
	struct ev_error err;
	struct errmsg em;

	if (apprig_open(&a, "spr-2s", NULL, "cycles,instructions,power/energy-pkg/", 0.2) != 0) {
		CHECK(0, "could not open spr-2s");
		app_close(&a);
		return;
	}
	app_skt_detect(&a);
	CHECK(a.skt.has == (SKT_MEM | SKT_UPI | SKT_PWR | SKT_DRAM), "has 0x%x", a.skt.has);
	CHECK_EQ_STR(a.skt.why, "");
	CHECK(!text_has(&a, EVO_ALL, "uncore_imc"), "not counted before it is shown");
	CHECK_EQ_INT(app_skt_show(&a, true), 0);
	CHECK(text_has(&a, EVO_ALL, "uncore_imc/cas_count_read/") &&
	      text_has(&a, EVO_ALL, "uncore_upi/event=0x2,umask=0xf/") && text_has(&a, EVO_ALL, "power/energy-ram/"),
	      "counted while shown");
	/* what the user counted is shared, not added again; saving leaves the sockets' events out */
	CHECK_EQ_INT(evlist_find(&a.evl, EVO_SOCKETS, "power/energy-pkg/"),
		     evlist_find(&a.evl, EVO_USER, "power/energy-pkg/"));
	user_is(&a, "cycles,instructions,power/energy-pkg/");
	/* the events view applies the user's list: the sockets' events stay while shown */
	CHECK_EQ_INT(app_events_set_user(&a, "cycles,instructions,power/energy-pkg/,branches", &err, &em), 0);
	CHECK(text_has(&a, EVO_ALL, "uncore_imc/cas_count_write/") && text_has(&a, EVO_ALL, "branches"),
	      "user edit kept both");
	CHECK_EQ_INT(app_skt_show(&a, false), 0);
	CHECK(!text_has(&a, EVO_ALL, "uncore_imc"), "gone when hidden");
	user_is(&a, "cycles,instructions,power/energy-pkg/,branches");
	/* the user drops energy-pkg while shown: the sockets keep counting it; hidden, it goes */
	CHECK_EQ_INT(app_skt_show(&a, true), 0);
	CHECK_EQ_INT(app_events_set_user(&a, "cycles,instructions", &err, &em), 0);
	CHECK(text_has(&a, EVO_ALL, "power/energy-pkg/"), "the sockets' own now");
	CHECK_EQ_INT(app_skt_show(&a, false), 0);
	CHECK(!text_has(&a, EVO_ALL, "power/energy-pkg/"), "dropped with the sockets' mark");
	user_is(&a, "cycles,instructions");
	app_close(&a);
}

TEST(machines_without_them_say_why)
{
	static const char *const none[] = { "kvm-nopmu", "m1-asahi" };
	struct app a;

	for (int i = 0; i < 2; i++) {
		if (apprig_open(&a, none[i], NULL, "cpu-clock", 0.2) != 0) {
			CHECK(0, "could not open %s", none[i]);
			app_close(&a);
			continue;
		}
		CHECK_EQ_INT(app_skt_show(&a, true), 0);
		CHECK(a.skt.has == 0 && !a.skt.on, "%s: nothing to count", none[i]);
		CHECK(strstr(a.skt.why, "no memory bandwidth, UPI or power figures") != NULL, "%s: %s", none[i], a.skt.why);
		app_close(&a);
	}
	/* RAPL without a memory controller PMU: the watts alone */
	if (apprig_open(&a, "adl-hybrid", NULL, "cpu-clock", 0.2) == 0) {
		app_skt_detect(&a);
		CHECK(a.skt.has == SKT_PWR || a.skt.has == (SKT_PWR | SKT_DRAM), "adl-hybrid has 0x%x", a.skt.has);
		CHECK_EQ_STR(a.skt.why, "");
	} else {
		CHECK(0, "could not open adl-hybrid");
	}
	app_close(&a);
}

TEST(meters_fit_the_terminal)
{
	struct ui_meters m;

	CHECK_EQ_INT(ui_meters_budget(11), 0);
	CHECK_EQ_INT(ui_meters_budget(24), 5);
	/* 224 CPUs: one bar per socket, both at 80 and 200 columns */
	ui_meters_fit(224, 2, ui_meters_budget(24), 80, &m);
	CHECK_EQ_INT(m.per, UM_SOCKET);
	ui_meters_fit(224, 2, ui_meters_budget(50), 200, &m);
	CHECK_EQ_INT(m.per, UM_SOCKET);
	CHECK_EQ_INT(m.bar_lines, 1);
	/* 8 CPUs: a bar each; 64 on one socket: one bar */
	ui_meters_fit(8, 1, ui_meters_budget(24), 80, &m);
	CHECK_EQ_INT(m.per, UM_CPU);
	ui_meters_fit(64, 1, ui_meters_budget(50), 200, &m);
	CHECK_EQ_INT(m.per, UM_TOTAL);
	/* 32 CPUs need more lines than 80x24 gives: per socket, then one bar */
	ui_meters_fit(32, 1, ui_meters_budget(24), 80, &m);
	CHECK_EQ_INT(m.per, UM_TOTAL);
	ui_meters_fit(32, 1, ui_meters_budget(50), 200, &m);
	CHECK_EQ_INT(m.per, UM_CPU);
	/* one line: a bar and the figures after it */
	ui_meters_fit(224, 2, 1, 80, &m);
	CHECK(m.lines == 1 && m.figs_inline && !m.figs, "lines %d", m.lines);
	/* every size: within the budget and the width */
	for (int rows = 0; rows <= 80; rows += 3)
		for (int cols = 0; cols <= 300; cols += 7)
			for (int n = 1; n <= 1024; n *= 4) {
				int b = ui_meters_budget(rows);
				ui_meters_fit(n, n > 16 ? 4 : 1, b, cols, &m);
				CHECK(m.lines <= b, "%dx%d %d CPUs: %d lines > %d", cols, rows, n, m.lines, b);
				CHECK(m.ncol * m.cellw <= cols, "%dx%d %d CPUs: %d x %d wide", cols, rows, n, m.ncol, m.cellw);
				CHECK(m.lines == 0 || m.ncol * m.bar_lines >= m.nbars, "%dx%d: bars do not all fit", cols, rows);
			}
}

TEST(bar_parts)
{
	int n[5], sum = 0;
	double full[5] = { 60, 20, 10, 5, 5 }, some[5] = { 25, NAN, 0, 12.5, 0 };

	ui_meters_split(full, 5, 40, n);
	for (int k = 0; k < 5; k++)
		sum += n[k];
	CHECK_EQ_INT(sum, 40);
	CHECK_EQ_INT(n[0], 24);
	CHECK_EQ_INT(n[1], 8);
	ui_meters_split(some, 5, 40, n);
	CHECK(n[0] == 10 && n[1] == 0 && n[2] == 0 && n[3] == 5 && n[4] == 0, "%d %d %d %d %d", n[0], n[1], n[2], n[3], n[4]);
	/* rounding never overflows the bar */
	double over[5] = { 33.4, 33.4, 33.4, 0, 0 };
	ui_meters_split(over, 5, 10, n);
	CHECK(n[0] + n[1] + n[2] <= 10, "%d", n[0] + n[1] + n[2]);
	/* the glyphs differ: the split reads without colour */
	for (int i = 0; i < 5; i++)
		for (int j = i + 1; j < 5; j++)
			CHECK(ui_meter_glyphs[i] != ui_meter_glyphs[j], "glyph %d = %d", i, j);
}

int main(void)
{
	RUN(upi_data_flits_to_bytes);
	RUN(memory_gbs_and_watts);
	RUN(l3_hit_ratio);
	RUN(event_list_pieces);
	RUN(added_only_while_shown);
	RUN(machines_without_them_say_why);
	RUN(meters_fit_the_terminal);
	RUN(bar_parts);
	T_DONE();
}
