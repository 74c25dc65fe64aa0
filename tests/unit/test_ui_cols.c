/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_cols.c: the cores/sockets column table and cell texts: role columns, hybrid merging,
 * uncore columns only where counted, "n/a" versus "-", and the columns setting. */
#include "t.h"
#include "hw/model/model.h"
#include "hw/sys/resctrl.h"
#include "ui/widgets/cols.h"

enum { E_CYC, E_INS, E_BR_CORE, E_BR_ATOM, E_PF, E_IMC, NEV };

static void make_model(struct model *m)
{
	int ids[2] = { 0, 1 }, sock[2] = { 0, 0 }, core[2] = { 0, 1 }, sid[1] = { 0 };

	model_init(m, 2, ids, sock, core, 1, sid, 4);
	model_add_event(m, "cycles", "cycles", "cpu_core", "", 0, false);
	model_add_event(m, "instructions", "instructions", "cpu_core", "", 0, false);
	model_add_event(m, "cpu_core/branches/", "branches", "cpu_core", "", 1, false);
	model_add_event(m, "cpu_atom/branches/", "branches", "cpu_atom", "", 2, false);
	model_add_event(m, "page-faults", "page-faults", "", "", 3, false);
	model_add_event(m, "uncore_imc/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 4, true);
	model_alloc_frame(m);
}

static int find(const struct ui_col *c, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(c[i].key, key) == 0)
			return i;
	return -1;
}

static const char *const ids[] = { "CPU" };
static const struct ui_cellopt raw = { false, 0, -1, false }, raw_nohw = { true, 0, -1, false };
static const int idw[] = { 4 };

TEST(cores_columns)
{
	struct model m;
	struct ui_col c[64];
	int n, b;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	CHECK(n <= ui_cols_max(&m, 1), "%d columns over the bound", n);
	CHECK_EQ_INT(c[0].kind, UC_ID);
	CHECK(find(c, n, "instructions") > 0 && c[find(c, n, "instructions")].kind == UC_ROLE, "INSTR column");
	CHECK(find(c, n, "ipc-history") > 0, "sparkline in the cores view");
	CHECK(find(c, n, "cycles") > 0 && c[find(c, n, "cycles")].kind == UC_ROLE, "cycles is a role column");
	/* the two hybrid branches events share one column */
	b = find(c, n, "branches");
	CHECK(b > 0, "merged branches column");
	if (b > 0) {
		CHECK_EQ_INT(c[b].idx, E_BR_CORE);
		CHECK_EQ_INT(c[b].nalt, 1);
		CHECK_EQ_INT(c[b].alt[0], E_BR_ATOM);
	}
	CHECK(find(c, n, "cpu_atom/branches/") < 0, "no second branches column");
	CHECK(find(c, n, "page-faults") > 0, "further event column");
	/* uncore: no per-CPU column, no memory bandwidth in the cores view */
	CHECK(find(c, n, "uncore_imc/cas_count_read/") < 0, "uncore event not per CPU");
	CHECK(find(c, n, "mem-read") < 0, "no uncore metric in the cores view");
	model_free(&m);
}

TEST(sockets_columns_where_counted)
{
	struct model m;
	struct ui_col c[64];
	int n;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, true, NULL, c, 64);
	CHECK(find(c, n, "mem-read") > 0, "read bandwidth: cas_count_read is counted");
	CHECK(find(c, n, "mem-write") < 0, "no write bandwidth without its event");
	CHECK(find(c, n, "pkg-w") < 0, "no package power without energy-pkg");
	CHECK(find(c, n, "ipc-history") < 0, "no sparkline per socket");
	CHECK(find(c, n, "uncore_imc/cas_count_read/") > 0, "uncore event column per socket");
	model_free(&m);
}

TEST(columns_setting_limits_events)
{
	struct model m;
	struct ui_col c[64];
	int n;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, "page-faults", c, 64);
	CHECK(find(c, n, "page-faults") > 0, "listed event shown");
	CHECK(find(c, n, "branches") < 0, "unlisted event hidden");
	CHECK(find(c, n, "ipc") > 0, "metrics stay");
	model_free(&m);
}

TEST(cells)
{
	struct model m;
	struct ui_col c[64];
	struct ev_val row[NEV];
	double met[NMETRICS];
	char buf[32];
	int n, pair;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	memset(row, 0, sizeof(row));
	for (int k = 0; k < NMETRICS; k++)
		met[k] = NAN;
	/* an atom CPU: only cpu_atom/branches/ counts; cycles unsupported */
	row[E_CYC].state = EVS_UNSUPPORTED;
	row[E_INS].state = EVS_UNSUPPORTED;
	model_set_value(&row[E_BR_ATOM], 2500000, 1000, 500, 1);
	model_set_value(&row[E_PF], 12, 1000, 1000, 1);
	ui_col_cell(&m, &c[find(c, n, "branches")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "5.00M");
	ui_col_cell(&m, &c[find(c, n, "ipc")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "n/a");
	ui_col_cell(&m, &c[find(c, n, "cycles")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "n/a");
	/* MPKI needs instructions, unsupported here */
	ui_col_cell(&m, &c[find(c, n, "mpki")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "n/a");
	/* branch miss % needs branch-misses, not in the list: missing, not unsupported */
	ui_col_cell(&m, &c[find(c, n, "branch-miss")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "-");
	/* ... unless the machine has no hardware PMU at all */
	ui_col_cell(&m, &c[find(c, n, "branch-miss")], row, met, &raw_nohw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "n/a");
	/* a software column never reads n/a for the missing PMU */
	row[E_PF].state = EVS_ABSENT;
	ui_col_cell(&m, &c[find(c, n, "page-faults")], row, met, &raw_nohw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "-");
	/* the mark: branches ran half the time */
	ui_col_cell(&m, &c[find(c, n, "mux")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "~50%");
	/* metrics with values print them */
	met[M_IPC] = 1.234;
	ui_col_cell(&m, &c[find(c, n, "ipc")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "1.23");
	CHECK_NEAR(ui_col_key(&m, &c[find(c, n, "ipc")], row, met), 1.234, 1e-12);
	CHECK(isnan(ui_col_key(&m, &c[find(c, n, "cycles")], row, met)), "unsupported sorts as missing");
	model_free(&m);
}

/* A hybrid's aggregate row holds cpu_core/x/ and cpu_atom/x/: its cell is their sum, as is its
 * sort key, and IPC from the model sums both PMUs' instructions and cycles. */
TEST(hybrid_aggregate_sums_pmus)
{
	struct model m;
	struct ui_col c[64];
	int ids3[3] = { 0, 1, 2 }, sock[3] = { 0, 0, 0 }, core[3] = { 0, 1, 2 }, sid[1] = { 0 }, n, pair;
	char buf[32];
	const struct ui_cellopt rate = { false, 2.0, -1, false };

	model_init(&m, 3, ids3, sock, core, 1, sid, 4);
	model_add_event(&m, "cpu_core/instructions/", "instructions", "cpu_core", "", 0, false);
	model_add_event(&m, "cpu_atom/instructions/", "instructions", "cpu_atom", "", 1, false);
	model_add_event(&m, "cpu_core/cycles/", "cycles", "cpu_core", "", 0, false);
	model_add_event(&m, "cpu_atom/cycles/", "cycles", "cpu_atom", "", 1, false);
	model_add_event(&m, "cpu_core/branches/", "branches", "cpu_core", "", 0, false);
	model_add_event(&m, "cpu_atom/branches/", "branches", "cpu_atom", "", 1, false);
	model_alloc_frame(&m);
	m.cur.interval = 2.0;
	for (int cpu = 0; cpu < 3; cpu++) {
		struct ev_val *r = &m.cur.cpu[(size_t)cpu * m.nev];
		int off = cpu < 2 ? 0 : 1;   /* CPUs 0-1 P-cores, CPU 2 an E-core */
		model_set_value(&r[0 + off], 4000 + 1000 * (uint64_t)cpu, 10, 10, 1);
		model_set_value(&r[2 + off], 2000 + 1000 * (uint64_t)cpu, 10, 10, 1);
		model_set_value(&r[4 + off], 300 + 100 * (uint64_t)cpu, 10, 10, 1);
	}
	model_derive(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	CHECK(find(c, n, "instructions") > 0 && find(c, n, "branches") > 0, "columns");
	/* instructions 4000+5000+6000, cycles 2000+3000+4000 */
	CHECK_NEAR(ui_col_key(&m, &c[find(c, n, "instructions")], m.cur.sys, m.cur.sys_m), 15000, 1e-9);
	CHECK_NEAR(ui_col_key(&m, &c[find(c, n, "cycles")], m.cur.sys, m.cur.sys_m), 9000, 1e-9);
	CHECK_NEAR(ui_col_key(&m, &c[find(c, n, "branches")], m.cur.sys, m.cur.sys_m), 300 + 400 + 500, 1e-9);
	CHECK_NEAR(m.cur.sys_m[M_IPC], 15000.0 / 9000.0, 1e-12);
	ui_col_cell(&m, &c[find(c, n, "branches")], m.cur.sys, m.cur.sys_m, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "1.20K");
	/* as a rate: 1200 over 2 s */
	ui_col_cell(&m, &c[find(c, n, "branches")], m.cur.sys, m.cur.sys_m, &rate, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "600");
	CHECK_NEAR(ui_col_count(&m, &c[find(c, n, "instructions")], m.cur.sys, 2.0, true), 7500, 1e-9);
	/* a CPU row still shows its own PMU's count */
	CHECK_NEAR(ui_col_key(&m, &c[find(c, n, "instructions")], &m.cur.cpu[2 * (size_t)m.nev], NULL), 6000, 1e-9);
	/* the socket row equals the sum of its CPU rows for every count column */
	for (int i = 0; i < n; i++) {
		double sum = 0;
		if (!c[i].count)
			continue;
		for (int cpu = 0; cpu < 3; cpu++)
			sum += ui_col_key(&m, &c[i], &m.cur.cpu[(size_t)cpu * m.nev], NULL);
		if (isnan(sum)) {   /* a role column without an event in the list */
			CHECK(isnan(ui_col_key(&m, &c[i], m.cur.sock, m.cur.sock_m)), "%s missing", c[i].key);
			continue;
		}
		CHECK_NEAR(ui_col_key(&m, &c[i], m.cur.sock, m.cur.sock_m), sum, 1e-9);
	}
	model_free(&m);
}

/* MUX says something only for estimates and gaps: a fully counted row is blank. */
TEST(mux_blank_when_full)
{
	struct model m;
	struct ui_col c[64];
	struct ev_val row[NEV];
	double met[NMETRICS];
	char buf[32];
	int n, pair;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	memset(row, 0, sizeof(row));
	for (int k = 0; k < NMETRICS; k++)
		met[k] = NAN;
	model_set_value(&row[E_CYC], 100, 1000, 1000, 1);
	model_set_value(&row[E_INS], 100, 1000, 1000, 1);
	ui_col_cell(&m, &c[find(c, n, "mux")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "");
	model_set_value(&row[E_INS], 100, 1000, 0, 1);
	ui_col_cell(&m, &c[find(c, n, "mux")], row, met, &raw, buf, sizeof(buf), &pair);
	CHECK_EQ_STR(buf, "!nc");
	model_free(&m);
}

/* With rates on, a count column's title says "/s", and its width leaves room for it. */
TEST(rate_titles)
{
	struct model m;
	struct ui_col c[64];
	char t[48];
	int n, i;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	i = find(c, n, "instructions");
	ui_col_title(&c[i], true, t, sizeof(t));
	CHECK_EQ_STR(t, "INSTR/s");
	CHECK((int)strlen(t) <= c[i].width, "INSTR/s fits in %d", c[i].width);
	ui_col_title(&c[i], false, t, sizeof(t));
	CHECK_EQ_STR(t, "INSTR");
	i = find(c, n, "page-faults");
	ui_col_title(&c[i], true, t, sizeof(t));
	CHECK_EQ_STR(t, "page-faults/s");
	CHECK((int)strlen(t) <= c[i].width, "fits");
	ui_col_title(&c[find(c, n, "ipc")], true, t, sizeof(t));
	CHECK_EQ_STR(t, "IPC");
	model_free(&m);
}

/* The count the units pass takes from a row is the cell's own value (its sort key), per second
 * when asked, for every count column and every state of its events: event columns read their one
 * value directly, role and hybrid columns sum theirs. */
TEST(count_is_the_key)
{
	static const int states[] = { EVS_ABSENT, EVS_UNSUPPORTED, EVS_NOT_COUNTED, EVS_OK };
	struct model m;
	struct ui_col c[64];
	struct ev_val row[NEV];
	int n, checked = 0;

	make_model(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	for (int s = 0; s < 4; s++) {
		memset(row, 0, sizeof(row));
		for (int e = 0; e < NEV; e++) {
			if (states[s] == EVS_OK)
				model_set_value(&row[e], 1000 + 10 * (uint64_t)e, 1000, 500, 1);   /* scaled: value is not raw */
			else
				row[e].state = states[s];
		}
		for (int i = 0; i < n; i++) {
			double key, cnt, rate;
			if (!c[i].count)
				continue;
			key = ui_col_key(&m, &c[i], row, NULL);
			cnt = ui_col_count(&m, &c[i], row, 0, false);
			rate = ui_col_count(&m, &c[i], row, 2.0, false);
			CHECK(isnan(key) ? isnan(cnt) && isnan(rate) : cnt == key && fabs(rate - key / 2) < 1e-9,
			      "%s, state %d: count %g, rate %g, key %g", c[i].key, states[s], cnt, rate, key);
			checked += c[i].kind == UC_EVENT && c[i].nalt == 0;
		}
	}
	CHECK(checked > 0, "no single-event column checked");
	model_free(&m);
}

/* The cache columns say which level the model's cache events count: the last level by the
 * vendor's events (or none counted), Zen's generic pair as L2, Arm's as L1D. A CPU row of an
 * uncore last-level event (amd_l3 per CCX) shows no count; the socket and system rows do. */
static int cache_cols(int level, bool l3_uncore, struct model *m, struct ui_col *c)
{
	int ids1[2] = { 0, 1 }, sock[2] = { 0, 0 }, core[2] = { 0, 1 }, sid[1] = { 0 };

	model_init(m, 2, ids1, sock, core, 1, sid, 4);
	model_set_generic_cache(m, level);
	model_add_event(m, "instructions", "instructions", "cpu", "", 0, false);
	if (l3_uncore) {
		model_add_event(m, "l3_lookup_state.all_coherent_accesses_to_l3", "event=0x04,umask=0xff",
				"amd_l3", "", 1, true);
		model_add_event(m, "l3_lookup_state.l3_miss", "event=0x04,umask=0x01", "amd_l3", "", 2, true);
	} else {
		model_add_event(m, "cache-references", "cache-references", "", "", 1, false);
		model_add_event(m, "cache-misses", "cache-misses", "", "", 2, false);
	}
	model_alloc_frame(m);
	return ui_cols_build(m, ids, idw, 1, false, NULL, c, 64);
}

TEST(cache_columns_name_their_level)
{
	struct model m;
	struct ui_col c[64];
	struct ui_cellopt cpu = { false, 0, -1, false }, agg = { false, 0, -1, true };
	char buf[32];
	int n, pair;

	n = cache_cols(CACHE_LLC, false, &m, c);
	CHECK(find(c, n, "llc-misses") > 0 && find(c, n, "mpki") > 0, "LLC columns on Intel");
	CHECK(find(c, n, "l2-misses") < 0 && find(c, n, "l1d-misses") < 0, "no other level");
	model_free(&m);
	n = cache_cols(CACHE_L2, false, &m, c);
	CHECK(find(c, n, "l2-misses") > 0 && find(c, n, "l2-mpki") > 0, "L2 columns for Zen's generic pair");
	CHECK(find(c, n, "llc-misses") < 0 && find(c, n, "mpki") < 0, "no LLC column on Zen's generic pair");
	if (find(c, n, "l2-misses") > 0)
		CHECK_EQ_STR(c[find(c, n, "l2-misses")].title, "L2-MISS");
	model_free(&m);
	n = cache_cols(CACHE_L1D, false, &m, c);
	CHECK(find(c, n, "l1d-misses") > 0 && find(c, n, "l1d-mpki") > 0, "L1D columns for Arm's generic pair");
	CHECK(find(c, n, "llc-misses") < 0, "no LLC column on Arm's generic pair");
	model_free(&m);
	/* amd_l3 on Zen: the last level, whatever the generic pair would count */
	n = cache_cols(CACHE_L2, true, &m, c);
	CHECK(find(c, n, "llc-misses") > 0 && find(c, n, "l2-misses") < 0, "LLC columns from amd_l3");
	for (int cpu_i = 0; cpu_i < 2; cpu_i++) {
		struct ev_val *row = &m.cur.cpu[(size_t)cpu_i * m.nev];
		model_set_value(&row[0], 1000000, 100, 100, 1);
		if (cpu_i == 0) {   /* the CCX's count, read on its cpumask CPU */
			model_set_value(&row[1], 5000, 100, 100, 1);
			model_set_value(&row[2], 1000, 100, 100, 1);
		}
	}
	m.cur.interval = 1;
	model_derive(&m);
	CHECK(isnan(m.cur.cpu_m[M_MPKI]) && isnan(m.cur.cpu_m[M_LLC_MISS_PCT]), "no per-CPU LLC metric from a CCX count");
	CHECK_NEAR(m.cur.sys_m[M_MPKI], 0.5, 1e-9);
	CHECK_NEAR(m.cur.sys_m[M_LLC_MISS_PCT], 20, 1e-9);
	if (find(c, n, "llc-misses") > 0) {
		ui_col_cell(&m, &c[find(c, n, "llc-misses")], m.cur.cpu, m.cur.cpu_m, &cpu, buf, sizeof(buf), &pair);
		CHECK_EQ_STR(buf, "-");
		ui_col_cell(&m, &c[find(c, n, "llc-misses")], m.cur.sys, m.cur.sys_m, &agg, buf, sizeof(buf), &pair);
		CHECK_EQ_STR(buf, "1.00K");
	}
	model_free(&m);
}

/* The default layout drops what can never have a value; a layout ("cpu,..." as the chooser
 * writes it) is exactly its columns in its order. */
TEST(arrange_layouts)
{
	struct model m;
	struct ui_col c[64];
	int n;

	make_model(&m);
	/* the branches event refused on every CPU (both PMUs); the rest counted */
	for (int cpu = 0; cpu < 2; cpu++)
		for (int e = 0; e < NEV; e++)
			m.cur.cpu[cpu * NEV + e].state = e == E_BR_CORE || e == E_BR_ATOM ? EVS_UNSUPPORTED : EVS_OK;
	n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64), 1, NULL, false);
	CHECK(find(c, n, "branches") < 0, "a column refused everywhere is hidden");
	CHECK(find(c, n, "ipc") > 0 && find(c, n, "page-faults") > 0, "counted columns stay");
	CHECK(find(c, n, "mhz") < 0 && find(c, n, "interrupts") < 0, "no MHz, IRQ/s with a hardware PMU");
	CHECK_EQ_INT(c[0].kind, UC_ID);
	/* refused on one CPU only: it stays (n/a there) */
	m.cur.cpu[1 * NEV + E_BR_ATOM].state = EVS_OK;
	n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64), 1, NULL, false);
	CHECK(find(c, n, "branches") > 0, "a column counted somewhere stays");
	/* no hardware PMU: the hardware figures go, the kernel's books come */
	n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64), 1, NULL, true);
	CHECK(find(c, n, "ipc") < 0 && find(c, n, "instructions") < 0 && find(c, n, "ipc-history") < 0,
	      "hardware figures hidden");
	CHECK(find(c, n, "mhz") > 0 && find(c, n, "interrupts") > 0 && find(c, n, "util") > 0, "MHz, IRQ/s, UTIL%%");
	/* a layout: its columns in its order, hidden ones included when named */
	CHECK(ui_cols_is_layout("cpu,ipc") && ui_cols_is_layout("util") && !ui_cols_is_layout("page-faults") &&
	      !ui_cols_is_layout(""), "what is a layout");
	n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, "cpu,page-faults,mhz,ipc", c, 64), 1,
			    "cpu,page-faults,mhz,ipc", false);
	CHECK_EQ_INT(n, 4);
	if (n == 4) {
		CHECK_EQ_STR(c[1].key, "page-faults");
		CHECK_EQ_STR(c[2].key, "mhz");
		CHECK_EQ_STR(c[3].key, "ipc");
	}
	model_free(&m);
}

/* A CPU's clock counted per CPU counts the time it was enabled: the interval on every CPU, busy or
 * idle. It is no column of the default layout (named in the columns setting, it is); nor MUX where
 * no event takes a hardware counter. */
TEST(same_on_every_row_not_default)
{
	struct model m;
	struct ui_col c[64];
	int ids1[2] = { 0, 1 }, sock[2] = { 0, 0 }, core[2] = { 0, 1 }, sid[1] = { 0 }, n;

	model_init(&m, 2, ids1, sock, core, 1, sid, 4);
	model_add_event(&m, "cpu-clock", "cpu-clock", "", "msec", 0, false);
	model_add_event(&m, "task-clock", "task-clock", "", "msec", 1, false);
	model_add_event(&m, "cpu-clock:u", "cpu-clock", "", "msec", 2, false);
	model_add_event(&m, "context-switches", "context-switches", "", "", 3, false);
	model_alloc_frame(&m);
	for (int i = 0; i < 2 * 4; i++)
		m.cur.cpu[i].state = EVS_OK;
	for (int no_hw = 0; no_hw < 2; no_hw++) {
		n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64), 1, NULL, no_hw);
		CHECK(find(c, n, "cpu-clock") < 0 && find(c, n, "task-clock") < 0 && find(c, n, "cpu-clock:u") < 0,
		      "a clock column in the default layout (no_hw %d)", no_hw);
		CHECK(find(c, n, "context-switches") > 0, "context-switches stays");
		CHECK((find(c, n, "mux") > 0) == !no_hw, "MUX %s without a hardware PMU", no_hw ? "shown" : "hidden");
	}
	n = ui_cols_arrange(&m, c, ui_cols_build(&m, ids, idw, 1, false, "cpu-clock,context-switches", c, 64), 1,
			    "cpu-clock,context-switches", true);
	CHECK(find(c, n, "cpu-clock") > 0 && find(c, n, "task-clock") < 0, "asked for by name, shown");
	model_free(&m);
}

/* Event columns whose names differ only after the first 14 characters get titles that differ,
 * each within its width with room for "/s". */
TEST(event_titles_differ)
{
	struct model m;
	struct ui_col c[64];
	int ids1[1] = { 0 }, sid[1] = { 0 }, n, a, b, d;
	char t[48];

	model_init(&m, 1, ids1, NULL, NULL, 1, sid, 4);
	model_add_event(&m, "cpu/ocr.demand_data_rd.l3_miss/", "ocr.demand_data_rd.l3_miss", "cpu", "", 0, false);
	model_add_event(&m, "cpu/ocr.demand_rfo.l3_miss/", "ocr.demand_rfo.l3_miss", "cpu", "", 1, false);
	model_add_event(&m, "cpu/ocr.demand_data_rd.any_response/", "ocr.demand_data_rd.any_response", "cpu", "", 2,
			false);
	model_alloc_frame(&m);
	n = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	a = find(c, n, "cpu/ocr.demand_data_rd.l3_miss/");
	b = find(c, n, "cpu/ocr.demand_rfo.l3_miss/");
	d = find(c, n, "cpu/ocr.demand_data_rd.any_response/");
	CHECK(a > 0 && b > 0 && d > 0, "three columns");
	if (a > 0 && b > 0 && d > 0) {
		CHECK(strcmp(c[a].title, c[b].title) && strcmp(c[a].title, c[d].title) && strcmp(c[b].title, c[d].title),
		      "\"%s\" \"%s\" \"%s\"", c[a].title, c[b].title, c[d].title);
		CHECK_EQ_STR(c[a].full, "cpu/ocr.demand_data_rd.l3_miss/");
		ui_col_title(&c[d], true, t, sizeof(t));
		CHECK((int)strlen(t) <= c[d].width && (int)strlen(c[d].title) <= UI_TITLE_W, "\"%s\" in %d", t, c[d].width);
	}
	model_free(&m);
}

/* The per-CPU RDT columns: appended only when asked (the view asks where each CPU has a resctrl
 * group), never built from the model alone; a layout naming them shows them in its order; their
 * keys are known to the sort setting on every machine; their cells are the view's ("-" here). */
TEST(rdt_columns)
{
	struct model m;
	struct ui_col c[64];
	char list[2048], buf[32];
	int n, base, pair;

	make_model(&m);
	base = ui_cols_build(&m, ids, idw, 1, false, NULL, c, 64);
	CHECK(find(c, base, "l3occ") < 0 && find(c, base, "mbt") < 0 && find(c, base, "mbl") < 0,
	      "no RDT column from the model alone");
	n = ui_cols_add_rdt(c, base, 64);
	CHECK_EQ_INT(n, base + UI_NRDT);
	CHECK(find(c, n, "l3occ") == base && find(c, n, "mbt") == base + 1 && find(c, n, "mbl") == base + 2,
	      "L3OCC, MBT, MBL at the end");
	if (n == base + UI_NRDT) {
		CHECK_EQ_STR(c[base].title, "L3OCC");
		CHECK(c[base].kind == UC_RDT && c[base + 1].idx == RDT_TOTAL && c[base + 2].idx == RDT_LOCAL &&
		      !c[base].count, "kinds and features");
		ui_col_cell(&m, &c[base + 1], m.cur.cpu, m.cur.cpu_m, &raw, buf, sizeof(buf), &pair);
		CHECK_EQ_STR(buf, "-");
	}
	CHECK_EQ_INT(ui_cols_add_rdt(c, 63, 64), 64);
	/* shown by default where added (nothing makes them dead) */
	n = ui_cols_arrange(&m, c, ui_cols_add_rdt(c, base, 64), 1, NULL, false);
	CHECK(find(c, n, "mbt") > 0, "shown by default");
	CHECK(ui_cols_is_layout("mbl") && ui_cols_is_layout("cpu,l3occ"), "a layout naming them");
	/* nothing counted yet: IPC can have no value, so the layout shows it only once it can (the
	 * chooser still lists it: ui_cols_wanted) */
	n = ui_cols_build(&m, ids, idw, 1, false, "cpu,mbl,ipc,l3occ", c, 64);
	n = ui_cols_arrange(&m, c, ui_cols_add_rdt(c, n, 64), 1, "cpu,mbl,ipc,l3occ", false);
	CHECK(n == 3 && find(c, n, "ipc") < 0, "IPC with no value hidden from the layout (%d columns)", n);
	n = ui_cols_build(&m, ids, idw, 1, false, "cpu,mbl,ipc,l3occ", c, 64);
	n = ui_cols_wanted(&m, c, ui_cols_add_rdt(c, n, 64), 1, "cpu,mbl,ipc,l3occ", false);
	CHECK(n == 4 && find(c, n, "ipc") == 2, "the user still wants IPC (%d columns)", n);
	for (int k = 0; k < m.ncpus * m.nev; k++)
		m.cur.cpu[k].state = EVS_OK;
	n = ui_cols_build(&m, ids, idw, 1, false, "cpu,mbl,ipc,l3occ", c, 64);
	n = ui_cols_arrange(&m, c, ui_cols_add_rdt(c, n, 64), 1, "cpu,mbl,ipc,l3occ", false);
	CHECK_EQ_INT(n, 4);
	if (n == 4) {
		CHECK_EQ_STR(c[1].key, "mbl");
		CHECK_EQ_STR(c[2].key, "ipc");
		CHECK_EQ_STR(c[3].key, "l3occ");
	}
	CHECK(ui_cols_key_known(&m, "mbt", list, sizeof(list)) && strstr(list, ", l3occ, mbt, mbl"),
	      "sort keys: %s", list);
	model_free(&m);
}

int main(void)
{
	RUN(count_is_the_key);
	RUN(same_on_every_row_not_default);
	RUN(event_titles_differ);
	RUN(arrange_layouts);
	RUN(hybrid_aggregate_sums_pmus);
	RUN(mux_blank_when_full);
	RUN(rate_titles);
	RUN(cores_columns);
	RUN(rdt_columns);
	RUN(sockets_columns_where_counted);
	RUN(columns_setting_limits_events);
	RUN(cells);
	RUN(cache_columns_name_their_level);
	T_DONE();
}
