/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_prom.c: the Prometheus/OpenMetrics writer (escaping, omission of what was not counted,
 * totals across frames, both formats, one unit per family, no empty labels, interrupts as a
 * counter, one frequency, the per-CPU gauges left out on request, the cgroups' series and
 * counters) and the exporter's address parsing and negotiation. */
#include "t.h"
#include "out/prom.h"
#include "out/exporter.h"
#include <arpa/inet.h>
#include <netinet/in.h>

static const int cpu_ids[3] = { 0, 1, 5 }, cpu_sock[3] = { 0, 0, 1 }, cpu_core[3] = { 0, 1, 4 };
static const int sock_ids[2] = { 0, 1 };
enum { E_CYC, E_INS, E_ODD, E_PKG, NEV };
static const char *const ctype[3] = { "cpu_core", "cpu_core", "cpu_atom" };
static const struct prom_info info = { .version = "9.9", .source = "sim", .core_type = ctype };

static void setup(struct model *m)
{
	model_init(m, 3, cpu_ids, cpu_sock, cpu_core, 2, sock_ids, 4);
	model_add_event(m, "cycles", "cycles", "cpu", "", 0, false);
	model_add_event(m, "instructions", "instructions", "cpu", "", 0, false);
	/* a name with every character the label escaping must handle, and bytes that are not UTF-8 */
	model_add_event(m, "odd/a=1,b=\"q\\\"\n\xff/", "odd", "od\"d", "", 1, false);
	model_add_event(m, "power/energy-pkg/", "energy-pkg", "power", "Joules", 2, true);
	model_alloc_frame(m);
}

/* One interval: CPU c counts k * base cycles, twice as many instructions; CPU 1's cycles not
 * counted when skip1; the energy counted on CPUs 0 and 5 (one per socket). */
static void frame(struct model *m, uint64_t seq, double k, bool skip1)
{
	struct frame *f = &m->cur;

	for (int c = 0; c < 3; c++) {
		struct ev_val *row = &f->cpu[(size_t)c * NEV];
		uint64_t cyc = (uint64_t)(k * 1e9 * (c + 1));
		model_set_value(&row[E_CYC], cyc, 1000000000, (c == 1 && skip1) ? 0 : 1000000000, 1);
		model_set_value(&row[E_INS], 2 * cyc, 1000000000, 500000000, 1);   /* multiplexed: x2 */
		model_set_value(&row[E_ODD], 7, 1000000000, 1000000000, 1);
		if (c == 1)
			memset(&row[E_PKG], 0, sizeof(row[E_PKG]));   /* EVS_ABSENT: off the cpumask */
		else
			model_set_value(&row[E_PKG], 1000, 1000000000, 1000000000, 0.1);  /* 100 J */
	}
	f->interval = 1;
	f->t = (double)seq;
	f->seq = seq;
	model_derive(m);
}

static char *write_fmt(const struct model *m, const struct prom_totals *t, int fmt)
{
	struct outbuf b;

	ob_init(&b, 256);
	prom_write(&b, m, t, &info, fmt);
	ob_char(&b, '\0');
	return b.p;
}

/* The value of the sample line that starts with prefix, NAN when there is none. */
static char *write_fmt_info(const struct model *m, const struct prom_totals *t, const struct prom_info *in)
{
	struct outbuf b;

	ob_init(&b, 256);
	prom_write(&b, m, t, in, PROM_TEXT);
	ob_char(&b, '\0');
	return b.p;
}

static double sample(const char *text, const char *prefix)
{
	size_t n = strlen(prefix);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, prefix, n) == 0 && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	return NAN;
}

static int count_lines(const char *text, const char *prefix)
{
	int k = 0;

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		k += strncmp(p, prefix, strlen(prefix)) == 0;
	return k;
}

#define CYC0 "pmutop_event_total{event=\"cycles\",pmu=\"cpu\",cpu=\"0\",socket=\"0\",core=\"0\",core_type=\"cpu_core\"}"
#define CYC1 "pmutop_event_total{event=\"cycles\",pmu=\"cpu\",cpu=\"1\",socket=\"0\",core=\"1\",core_type=\"cpu_core\"}"
#define INS5 "pmutop_event_total{event=\"instructions\",pmu=\"cpu\",cpu=\"5\",socket=\"1\",core=\"4\",core_type=\"cpu_atom\"}"

TEST(label_escaping)
{
	struct outbuf b;

	ob_init(&b, 16);
	prom_label_value(&b, "a\\b\"c\nd \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	ob_char(&b, '\0');
	/* the value holds a\\b (a backslash as printable writes it), each backslash escaped: a\\\\b */
	CHECK_EQ_STR(b.p, "a\\\\\\\\b\\\"c\\\\x0ad \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	ob_reset(&b);
	/* a lone continuation byte, an overlong '/', a surrogate, a truncated sequence at the end: each
	 * byte its own \xNN (not one U+FFFD for all, which made d\xff and d\xfe the same label) */
	prom_label_value(&b, "x\x80y\xc0\xafz\xed\xa0\x80w\xe2\x82");
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "x\\\\x80y\\\\xc0\\\\xafz\\\\xed\\\\xa0\\\\x80w\\\\xe2\\\\x82");
	ob_reset(&b);
	/* controls other than newline: a tab, ESC, BEL, DEL and C1's CSI (U+009B) as text, never raw */
	prom_label_value(&b, "t\tx\x1b[2Jb\x07" "d\x7f c\xc2\x9b e\xc2\xa0");
	ob_char(&b, '\0');
	CHECK_EQ_STR(b.p, "t\\\\x09x\\\\x1b[2Jb\\\\x07d\\\\x7f c\\\\xc2\\\\x9b e\xc2\xa0");
	ob_free(&b);
}

TEST(event_names_stay_label_values)
{
	struct model m;
	struct prom_totals t = { 0 };
	char *text;

	setup(&m);
	frame(&m, 1, 1, false);
	prom_totals_add(&t, &m);
	text = write_fmt(&m, &t, PROM_TEXT);
	CHECK(sample(text, "pmutop_event_total{event=\"odd/a=1,b=\\\"q\\\\\\\\\\\"\\\\x0a\\\\xff/\",pmu=\"od\\\"d\","
		     "cpu=\"0\",socket=\"0\",core=\"0\",core_type=\"cpu_core\"}") == 7, "%s", text);
	/* every sample line's metric name is one of ours: [a-z_] only */
	for (const char *p = text; *p; p = strchr(p, '\n') + 1) {
		if (*p != '#') {
			size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz_");
			CHECK(p[n] == '{' || p[n] == ' ', "bad metric name in: %.60s", p);
		}
	}
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

TEST(not_counted_is_omitted)
{
	struct model m;
	struct prom_totals t = { 0 };
	char *text;

	setup(&m);
	frame(&m, 1, 1, true);
	prom_totals_add(&t, &m);
	text = write_fmt(&m, &t, PROM_TEXT);
	CHECK(isnan(sample(text, CYC1)), "CPU 1 cycles were not counted but exported");
	CHECK(count_lines(text, "pmutop_ipc{cpu=\"1\"") == 0, "IPC of CPU 1 has no cycles");
	CHECK(count_lines(text, "pmutop_frequency_hertz{cpu=\"1\"") == 0, "GHz of CPU 1 has no cycles");
	CHECK_NEAR(sample(text, CYC0), 1e9, 0.5);
	CHECK_NEAR(sample(text, "pmutop_ipc{cpu=\"0\",socket=\"0\",core=\"0\",core_type=\"cpu_core\"}"), 4, 1e-9);
	/* an event absent on a CPU (uncore off its cpumask) has no series there either */
	CHECK(count_lines(text, "pmutop_event_joules_total{event=\"power/energy-pkg/\",pmu=\"power\",cpu=\"1\"") == 0, "absent");
	CHECK(count_lines(text, "pmutop_event_joules_total{event=\"power/energy-pkg/\",pmu=\"power\",cpu=\"5\"") == 1, "present");
	CHECK_NEAR(sample(text, "pmutop_socket_ipc{socket=\"1\"}"), 4, 1e-9);
	/* the running ratio: instructions ran half the time on every CPU; cycles 2 of 3 CPUs */
	CHECK_NEAR(sample(text, "pmutop_event_running_ratio{event=\"instructions\",pmu=\"cpu\"}"), 0.5, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_event_running_ratio{event=\"cycles\",pmu=\"cpu\"}"), 2.0 / 3, 1e-6);
	/* no line anywhere carries a NaN */
	CHECK(!strstr(text, "NaN") && !strstr(text, "nan"), "NaN in output");
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

/* The cgroups' series: the busiest one by one, the rest summed as cgroup="(other)" (no cgroup's
 * path can be it); an idle cgroup (it did not run: its events not counted, as perf's) exports 0
 * per second, not nothing; an event not counted in a cgroup that ran has no series. */
TEST(cgroup_series_rest_and_idle)
{
	struct model m;
	struct prom_totals t = { 0 };
	struct prom_info ci = info;
	struct ev_val ev[4][NEV];
	double met[4][NMETRICS];
	struct wl_row rows[4];
	const char *path[4] = { "/busy", "/idle", "/ran", "/rest" };
	char *text;
	struct outbuf b;

	setup(&m);
	frame(&m, 1, 1, false);
	prom_totals_add(&t, &m);
	for (int i = 0; i < 4; i++) {
		for (int e = 0; e < NEV; e++)
			memset(&ev[i][e], 0, sizeof(ev[i][e]));   /* absent */
		model_set_value(&ev[i][E_CYC], 1000 * (uint64_t)(4 - i), 1000, 1000, 1);
		model_set_value(&ev[i][E_INS], 2000, 1000, 1000, 1);
		for (int k = 0; k < NMETRICS; k++)
			met[i][k] = NAN;
		met[i][M_UTIL] = 40.0 - 10 * i;
		rows[i] = (struct wl_row){ .kind = WL_CGROUP, .comm = "", .user = "", .cgroup = path[i],
			.name = path[i] + 1, .ev = ev[i], .m = met[i] };
	}
	/* /idle did not run: not counted, idle, 0% (ranked by it: after /ran, before /rest's unknown) */
	model_set_value(&ev[1][E_CYC], 0, 0, 0, 1);
	model_set_value(&ev[1][E_INS], 0, 0, 0, 1);
	rows[1].idle = true;
	met[1][M_UTIL] = 0;
	/* /ran ran, its instructions never on a counter */
	model_set_value(&ev[2][E_INS], 0, 1000, 0, 1);
	met[3][M_UTIL] = NAN;
	m.cur.wl = rows;
	m.cur.nwl = 4;
	ci.cgroups_top = 3;
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &ci, PROM_TEXT);
	ob_char(&b, '\0');
	text = b.p;
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"/busy\",event=\"cycles\"}"), 4000, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"/idle\",event=\"cycles\"}"), 0, 0);
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"/idle\",event=\"instructions\"}"), 0, 0);
	CHECK_NEAR(sample(text, "pmutop_cgroup_cpus{cgroup=\"/idle\"}"), 0, 0);
	CHECK(count_lines(text, "pmutop_cgroup_event_rate{cgroup=\"/ran\",event=\"instructions\"}") == 0,
	      "an event not counted in a cgroup that ran is exported");
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"/ran\",event=\"cycles\"}"), 2000, 1e-9);
	/* the rest: /rest alone, under the label no cgroup path can have */
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"(other)\",event=\"cycles\"}"), 1000, 1e-9);
	CHECK(count_lines(text, "pmutop_cgroup_event_rate{cgroup=\"/rest\"") == 0, "the rest exported one by one");
	CHECK(!strstr(text, "cgroup=\"other\""), "the old label");
	free(text);
	/* the idle one in the rest adds 0, the rest still counted */
	ci.cgroups_top = 2;
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &ci, PROM_TEXT);
	ob_char(&b, '\0');
	text = b.p;
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"(other)\",event=\"cycles\"}"), 1000, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_cgroup_event_rate{cgroup=\"(other)\",event=\"instructions\"}"), 2000, 1e-9);
	CHECK(count_lines(text, "pmutop_cgroup_event_rate{cgroup=\"/idle\"") == 0, "/idle is in the rest");
	free(text);
	m.cur.wl = NULL;
	m.cur.nwl = 0;
	prom_totals_free(&t);
	model_free(&m);
}

/* The cgroups' counters (issue 36): a cgroup's CPU seconds and events grow only while it is one of
 * the busiest (exported); the frames it spends out of them go to "(other)"; back among them it
 * carries on from where it stopped, so that no counter ever goes down. Under the exporter's measure
 * (frame.wl_tree) "(other)" is the whole tree's time less the exported ones', and has no events. */
TEST(cgroup_counters_follow_the_top)
{
	struct model m;
	struct prom_totals t = { 0 };
	struct prom_info ci = info;
	struct ev_val ev[2][NEV];
	double met[2][NMETRICS];
	struct wl_row rows[2];
	const char *path[2] = { "/a", "/b" };
	/* per frame: /a's and /b's CPU use (%), 1 s frames; /b busier in frame 2 only */
	const double util[4][2] = { { 50, 10 }, { 10, 80 }, { 60, 20 }, { 40, 30 } };
	double a_s[5], other_s[5];
	char *text = NULL;

	setup(&m);
	t.cg_top = ci.cgroups_top = 1;
	for (int i = 0; i < 2; i++) {
		for (int k = 0; k < NMETRICS; k++)
			met[i][k] = NAN;
		rows[i] = (struct wl_row){ .kind = WL_CGROUP, .comm = "", .user = "", .cgroup = path[i],
			.name = path[i], .ev = ev[i], .m = met[i] };
	}
	m.cur.wl = rows;
	m.cur.nwl = 2;
	for (int k = 0; k < 4; k++) {
		frame(&m, (uint64_t)k + 1, 1, false);
		for (int i = 0; i < 2; i++) {
			for (int e = 0; e < NEV; e++)
				memset(&ev[i][e], 0, sizeof(ev[i][e]));
			model_set_value(&ev[i][E_CYC], (uint64_t)(util[k][i] * 1000), 1000, 1000, 1);
			met[i][M_UTIL] = util[k][i];
		}
		m.cur.wl_tree = k == 3;   /* the last frame under the exporter's measure: 1.5 s in all */
		m.cur.wl_tree_s = 1.5;
		CHECK(prom_totals_add(&t, &m) == 0, "totals");
		free(text);
		text = write_fmt_info(&m, &t, &ci);
		a_s[k] = sample(text, "pmutop_cgroup_cpu_seconds_total{cgroup=\"/a\"}");
		other_s[k] = sample(text, "pmutop_cgroup_cpu_seconds_total{cgroup=\"(other)\"}");
		if (k == 1) {   /* /b's frame: /a's series gone, its time in the rest */
			CHECK(isnan(a_s[1]), "/a exported while not among the busiest");
			CHECK_NEAR(sample(text, "pmutop_cgroup_cpu_seconds_total{cgroup=\"/b\"}"), 0.8, 1e-9);
			CHECK_NEAR(sample(text, "pmutop_cgroup_events_total{cgroup=\"/b\",event=\"cycles\"}"), 80000, 1e-9);
		}
	}
	CHECK_NEAR(a_s[0], 0.5, 1e-9);
	CHECK_NEAR(other_s[0], 0.1, 1e-9);
	CHECK_NEAR(other_s[1], 0.1 + 0.1, 1e-9);    /* /a's 10% in the rest */
	CHECK_NEAR(a_s[2], 0.5 + 0.6, 1e-9);        /* back: carries on from 0.5 */
	CHECK_NEAR(other_s[2], 0.2 + 0.2, 1e-9);
	/* the tree's frame: the rest is 1.5 s less /a's 0.4 s, not /b's row */
	CHECK_NEAR(a_s[3], 1.1 + 0.4, 1e-9);
	CHECK_NEAR(other_s[3], 0.4 + 1.1, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_cgroup_events_total{cgroup=\"/a\",event=\"cycles\"}"), 50000 + 60000 + 40000, 1e-9);
	CHECK(count_lines(text, "pmutop_cgroup_events_total{cgroup=\"(other)\"") == 0 &&
	      count_lines(text, "pmutop_cgroup_event_rate{cgroup=\"(other)\"") == 0,
	      "the tree's rest has events though its rows are not all of it");
	CHECK_NEAR(sample(text, "pmutop_cgroup_cpus{cgroup=\"(other)\"}"), 1.1, 1e-9);
	CHECK(strstr(text, "# TYPE pmutop_cgroup_cpu_seconds_total counter") != NULL, "counter family");
	free(text);
	m.cur.wl = NULL;
	m.cur.nwl = 0;
	prom_totals_free(&t);
	model_free(&m);
}

/* Top-down shares become 0..1 ratios labelled with perf's metric name, per CPU and per socket and
 * core type; a share the method does not give (NAN) has no series; without shares, no family. */
TEST(topdown_shares)
{
	static const char *const names[2] = { "tma_retiring", "tma_smt_contention" };
	static const char *const inst[2] = { "cpu_core", "cpu_atom" };
	/* [3 CPUs x 2 shares], [2 sockets x 2 core types x 2 shares] */
	const double cpu[6] = { 41.5, NAN, 20, NAN, 75, 5 };
	const double sock[8] = { 30.75, NAN, NAN, NAN, NAN, NAN, 75, 5 };
	struct prom_info ti = info;
	struct model m;
	struct prom_totals t = { 0 };
	struct outbuf b;
	char *text;

	setup(&m);
	frame(&m, 1, 1, false);
	prom_totals_add(&t, &m);
	text = write_fmt(&m, &t, PROM_TEXT);
	CHECK(!strstr(text, "topdown"), "no top-down family without shares");
	free(text);
	ti.td_cpu = cpu;
	ti.td_sock = sock;
	ti.td_names = names;
	ti.td_inst = inst;
	ti.td_n = 2;
	ti.td_ninst = 2;
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &ti, PROM_TEXT);
	ob_char(&b, '\0');
	text = b.p;
	CHECK_NEAR(sample(text, "pmutop_topdown_ratio{cpu=\"0\",socket=\"0\",core=\"0\",core_type=\"cpu_core\","
			  "metric=\"tma_retiring\"}"), 0.415, 1e-12);
	CHECK_NEAR(sample(text, "pmutop_topdown_ratio{cpu=\"5\",socket=\"1\",core=\"4\",core_type=\"cpu_atom\","
			  "metric=\"tma_smt_contention\"}"), 0.05, 1e-12);
	CHECK_EQ_INT(count_lines(text, "pmutop_topdown_ratio{"), 4);
	CHECK_NEAR(sample(text, "pmutop_socket_topdown_ratio{socket=\"0\",core_type=\"cpu_core\","
			  "metric=\"tma_retiring\"}"), 0.3075, 1e-12);
	CHECK_NEAR(sample(text, "pmutop_socket_topdown_ratio{socket=\"1\",core_type=\"cpu_atom\","
			  "metric=\"tma_smt_contention\"}"), 0.05, 1e-12);
	CHECK_EQ_INT(count_lines(text, "pmutop_socket_topdown_ratio{"), 3);
	CHECK(count_lines(text, "# TYPE pmutop_topdown_ratio gauge") == 1, "gauge family");
	CHECK(!strstr(text, "NaN") && !strstr(text, "nan"), "NaN in output");
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

TEST(totals_are_monotonic_sums)
{
	struct model m;
	struct prom_totals t = { 0 };
	char *text;
	double prev = 0;

	setup(&m);
	for (int i = 1; i <= 4; i++) {
		frame(&m, (uint64_t)i, i, i == 2);
		prom_totals_add(&t, &m);
		prom_totals_add(&t, &m);   /* the same frame twice counts once */
		text = write_fmt(&m, &t, PROM_TEXT);
		/* CPU 0: 1e9 * (1 + 2 + ... + i) cycles */
		CHECK_NEAR(sample(text, CYC0), 1e9 * i * (i + 1) / 2, 1);
		/* CPU 5 instructions, scaled x2 by multiplexing: 2 * 2 * 3e9 * i per interval */
		CHECK(sample(text, INS5) > prev, "not increasing at %d", i);
		prev = sample(text, INS5);
		CHECK_NEAR(prev, 12e9 * i * (i + 1) / 2, 4);
		/* CPU 1's cycles: absent in interval 2 (not counted); the total leaves that interval out */
		if (i == 2)
			CHECK(isnan(sample(text, CYC1)), "exported while not counted");
		else
			CHECK_NEAR(sample(text, CYC1), 2e9 * (i * (i + 1) / 2 - (i > 2 ? 2 : 0)), 1);
		/* 100 J per interval per socket */
		CHECK_NEAR(sample(text, "pmutop_package_energy_joules_total{socket=\"1\"}"), 100.0 * i, 1e-6);
		free(text);
	}
	CHECK_EQ_INT(t.resets, 1);
	/* a rewound replay (an earlier frame) starts again */
	frame(&m, 2, 1, false);
	prom_totals_add(&t, &m);
	text = write_fmt(&m, &t, PROM_TEXT);
	CHECK_NEAR(sample(text, CYC0), 1e9, 1);
	CHECK_EQ_INT(t.resets, 2);
	free(text);
	/* a new event list starts again too */
	model_free(&m);
	model_init(&m, 3, cpu_ids, cpu_sock, cpu_core, 2, sock_ids, 4);
	model_add_event(&m, "cycles", "cycles", "cpu", "", 0, false);
	model_alloc_frame(&m);
	for (int c = 0; c < 3; c++)
		model_set_value(&m.cur.cpu[c], 5, 10, 10, 1);
	m.cur.seq = 9;
	m.cur.interval = 1;
	model_derive(&m);
	prom_totals_add(&t, &m);
	CHECK_EQ_INT(t.resets, 3);
	text = write_fmt(&m, &t, PROM_TEXT);
	CHECK_NEAR(sample(text, CYC0), 5, 0);
	CHECK(!strstr(text, "event=\"instructions\""), "old events still exported");
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

TEST(both_formats)
{
	struct model m;
	struct prom_totals t = { 0 };
	char *text, *om;

	setup(&m);
	frame(&m, 1, 1, false);
	prom_totals_add(&t, &m);
	text = write_fmt(&m, &t, PROM_TEXT);
	om = write_fmt(&m, &t, PROM_OPENMETRICS);
	CHECK(strstr(text, "\n# TYPE pmutop_event_total counter\n") != NULL, "text counter TYPE");
	CHECK(strstr(om, "\n# TYPE pmutop_event counter\n") != NULL, "OpenMetrics counter TYPE");
	CHECK(!strstr(om, "# TYPE pmutop_event_total"), "OpenMetrics family named with _total");
	CHECK(strstr(om, "\n# TYPE pmutop_package_energy_joules counter\n") != NULL, "energy family");
	CHECK(strstr(text, "\n# TYPE pmutop_build_info gauge\npmutop_build_info{version=\"9.9\",source=\"sim\"} 1\n"),
	      "build info");
	CHECK(strstr(om, "pmutop_build_info{version=\"9.9\",source=\"sim\"} 1\n"), "build info OM");
	CHECK(strstr(om, "pmutop_scrape_duration_seconds ") != NULL, "scrape duration");
	CHECK(strlen(om) > 6 && strcmp(om + strlen(om) - 6, "# EOF\n") == 0, "OpenMetrics ends with # EOF");
	CHECK(!strstr(text, "# EOF"), "text has # EOF");
	/* the samples are the same in both: the lines that are not comments match one for one */
	{
		const char *a = text, *b = om;
		int lines = 0;
		while (*a && *b) {
			while (*a == '#') a = strchr(a, '\n') + 1;
			while (*b == '#') b = strchr(b, '\n') + 1;
			if (!*a || !*b)
				break;
			size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
			if (strncmp(a, "pmutop_scrape_duration_seconds", 30) != 0)
				CHECK(la == lb && strncmp(a, b, la) == 0, "%.*s vs %.*s", (int)la, a, (int)lb, b);
			a += la + 1, b += lb + 1, lines++;
		}
		CHECK(lines > 20, "only %d samples", lines);
	}
	free(text);
	free(om);
	/* before the first frame: pmutop's own metrics only */
	text = write_fmt(NULL, NULL, PROM_OPENMETRICS);
	CHECK(!strstr(text, "pmutop_event_total{") && strstr(text, "pmutop_build_info{"), "%s", text);
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

/* Each counter family holds one unit: the software clocks in seconds (perf gives msec), energy in
 * joules, MiB in bytes, and a unit pmutop does not know under its own family with the unit as a
 * label; counts stay in pmutop_event_total. */
TEST(one_unit_per_family)
{
	static const int ids[1] = { 0 }, zero[1] = { 0 };
	struct model m;
	struct prom_totals t = { 0 };
	struct outbuf b;
	char *text;

	model_init(&m, 1, ids, zero, zero, 1, zero, 4);
	model_add_event(&m, "cycles", "cycles", "cpu", "", 0, false);
	model_add_event(&m, "cpu-clock", "cpu-clock", "", "msec", 1, false);
	model_add_event(&m, "power/energy-pkg/", "energy-pkg", "power", "Joules", 2, true);
	model_add_event(&m, "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 3, true);
	model_add_event(&m, "odd/x/", "x", "odd", "furlongs\"", 4, false);
	model_alloc_frame(&m);
	model_set_value(&m.cur.cpu[0], 1000, 10, 10, 1);
	model_set_value(&m.cur.cpu[1], 1000000000, 10, 10, 1e-6);   /* 1e9 ns = 1000 msec */
	model_set_value(&m.cur.cpu[2], 1000, 10, 10, 0.5);           /* 500 J */
	model_set_value(&m.cur.cpu[3], 32, 10, 10, 0.25);            /* 8 MiB */
	model_set_value(&m.cur.cpu[4], 3, 10, 10, 1);
	m.cur.seq = 1;
	m.cur.interval = 1;
	model_derive(&m);
	prom_totals_add(&t, &m);
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &(struct prom_info){ .version = "9.9" }, PROM_TEXT);   /* no core types */
	ob_char(&b, '\0');
	text = b.p;
	CHECK_NEAR(sample(text, "pmutop_event_total{event=\"cycles\",pmu=\"cpu\",cpu=\"0\",socket=\"0\",core=\"0\"}"),
		   1000, 0);
	CHECK_NEAR(sample(text, "pmutop_event_seconds_total{event=\"cpu-clock\",cpu=\"0\",socket=\"0\",core=\"0\"}"),
		   1, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_event_joules_total{event=\"power/energy-pkg/\",pmu=\"power\",cpu=\"0\","
			  "socket=\"0\",core=\"0\"}"), 500, 1e-9);
	CHECK_NEAR(sample(text, "pmutop_event_bytes_total{event=\"uncore_imc_0/cas_count_read/\",pmu=\"uncore_imc_0\","
			  "cpu=\"0\",socket=\"0\",core=\"0\"}"), 8 * 1048576.0, 1e-6);
	CHECK_NEAR(sample(text, "pmutop_event_scaled_total{event=\"odd/x/\",pmu=\"odd\",cpu=\"0\",socket=\"0\","
			  "core=\"0\",unit=\"furlongs\\\"\"}"), 3, 0);
	CHECK_EQ_INT(count_lines(text, "pmutop_event_total{"), 1);
	CHECK(count_lines(text, "# TYPE pmutop_event_seconds_total counter") == 1, "%s", text);
	CHECK(!strstr(text, "=\"\""), "an empty label: %s", text);
	CHECK(!strstr(text, "core_type") && !strstr(text, "source="), "labels without values: %s", text);
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

/* Interrupts are a counter of the sums of the intervals' counts; one frequency family, from the
 * cycles where they are counted and from the kernel's clock elsewhere, labelled with its source;
 * the per-CPU derived gauges can be left out, the per-socket ones and the counters stay. */
TEST(interrupts_frequency_cpu_gauges)
{
	struct prom_info ni = info;
	struct model m;
	struct prom_totals t = { 0 };
	char *text;
	struct outbuf b;

	setup(&m);
	for (int i = 1; i <= 2; i++) {
		frame(&m, (uint64_t)i, 1, true);   /* CPU 1's cycles not counted */
		for (int c = 0; c < 3; c++) {
			m.cur.swr[(size_t)c * SWR_N + SWR_IRQ] = 100 * (c + 1);
			m.cur.swr[(size_t)c * SWR_N + SWR_NIRQ] = 1;
			m.cur.swr[(size_t)c * SWR_N + SWR_MHZ] = 2400;
			m.cur.swr[(size_t)c * SWR_N + SWR_NMHZ] = 1;
		}
		model_derive(&m);
		prom_totals_add(&t, &m);
	}
	ni.kernel_clock = "cpufreq";
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &ni, PROM_TEXT);
	ob_char(&b, '\0');
	text = b.p;
	CHECK_NEAR(sample(text, "pmutop_interrupts_total{cpu=\"5\",socket=\"1\",core=\"4\",core_type=\"cpu_atom\"}"),
		   600, 0);
	CHECK(count_lines(text, "# TYPE pmutop_interrupts_total counter") == 1, "interrupts counter");
	CHECK(!strstr(text, "per_second") && !strstr(text, "cpufreq_hertz"), "old families");
	CHECK_NEAR(sample(text, "pmutop_frequency_hertz{cpu=\"0\",socket=\"0\",core=\"0\",core_type=\"cpu_core\","
			  "clock=\"cycles\"}"), 1e9, 1);
	CHECK_NEAR(sample(text, "pmutop_frequency_hertz{cpu=\"1\",socket=\"0\",core=\"1\",core_type=\"cpu_core\","
			  "clock=\"cpufreq\"}"), 2.4e9, 1);
	CHECK_EQ_INT(count_lines(text, "pmutop_frequency_hertz{"), 3);
	CHECK(strstr(text, "# HELP pmutop_utilization_ratio share of the last interval the CPU was not idle "
		     "(/proc/stat") != NULL, "utilisation's HELP names its source");
	free(text);
	ni.no_cpu_gauges = true;
	ob_init(&b, 256);
	prom_write(&b, &m, &t, &ni, PROM_TEXT);
	ob_char(&b, '\0');
	text = b.p;
	CHECK(!strstr(text, "pmutop_ipc{") && !strstr(text, "pmutop_frequency_hertz{") &&
	      !strstr(text, "# TYPE pmutop_utilization_ratio"), "per-CPU gauges left out");
	CHECK(strstr(text, "pmutop_socket_ipc{socket=\"1\"}") && strstr(text, "pmutop_socket_frequency_hertz{socket=\"0\"") &&
	      strstr(text, CYC0) && strstr(text, "pmutop_interrupts_total{cpu=\"0\""), "the rest stays");
	free(text);
	prom_totals_free(&t);
	model_free(&m);
}

static bool listen_ok(const char *spec, int family, const char *addr, int port)
{
	struct sockaddr_storage ss;
	socklen_t len;
	char why[256], got[64] = "";

	if (exporter_parse_listen(spec, &ss, &len, why, sizeof(why)) < 0 || ss.ss_family != family)
		return false;
	if (family == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)&ss;
		inet_ntop(AF_INET, &s->sin_addr, got, sizeof(got));
		return strcmp(got, addr) == 0 && ntohs(s->sin_port) == port;
	}
	struct sockaddr_in6 *s = (struct sockaddr_in6 *)&ss;
	inet_ntop(AF_INET6, &s->sin6_addr, got, sizeof(got));
	return strcmp(got, addr) == 0 && ntohs(s->sin6_port) == port;
}

TEST(listen_address)
{
	static const char *const bad[] = { "", "::1:9100", "[::1]9100", "[::1]", "localhost:9100", "70000",
					   "-1", "9100x", "1.2.3.4:", ":9100", "[127.0.0.1]:9100", "1.2.3:9100",
					   " 9100", "+9100",
					   /* no server listens on broadcast, multicast or reserved addresses */
					   "255.255.255.255:0", "224.0.0.1:9100", "239.255.255.250:9100", "240.0.0.1:9100",
					   "[ff02::1]:9100", "[ff05::2]:0", "[::ffff:224.0.0.1]:9100" };
	struct sockaddr_storage ss;
	socklen_t len;
	char why[256];

	CHECK(listen_ok("9100", AF_INET, "127.0.0.1", 9100), "PORT alone is loopback");
	CHECK(listen_ok("0.0.0.0:9100", AF_INET, "0.0.0.0", 9100), "all IPv4");
	CHECK(listen_ok("192.168.1.2:80", AF_INET, "192.168.1.2", 80), "IPv4");
	CHECK(listen_ok("[::1]:9100", AF_INET6, "::1", 9100), "IPv6 loopback");
	CHECK(listen_ok("[::]:0", AF_INET6, "::", 0), "IPv6 any, port 0");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(exporter_parse_listen(bad[i], &ss, &len, why, sizeof(why)) < 0, "accepted \"%s\"", bad[i]);
	exporter_parse_listen("::1:9100", &ss, &len, why, sizeof(why));
	CHECK(strstr(why, "[::1]:PORT") != NULL, "%s", why);
	exporter_parse_listen("255.255.255.255:0", &ss, &len, why, sizeof(why));
	CHECK(strstr(why, "broadcast") != NULL, "%s", why);
	CHECK(listen_ok("223.255.255.254:1", AF_INET, "223.255.255.254", 1), "the last unicast block");
}

TEST(negotiation)
{
	/* what Prometheus 2.x sends */
	CHECK(exporter_want_openmetrics("application/openmetrics-text;version=1.0.0,application/openmetrics-text;"
					"version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1"), "prometheus");
	CHECK(!exporter_want_openmetrics(NULL), "no Accept");
	CHECK(!exporter_want_openmetrics("*/*"), "*/*");
	CHECK(!exporter_want_openmetrics("text/plain;version=0.0.4"), "text");
	CHECK(!exporter_want_openmetrics("application/openmetrics-text; q=0, text/plain"), "q=0");
	CHECK(!exporter_want_openmetrics("application/openmetrics-text;q=0.5, text/plain;q=0.9"), "lower q");
	CHECK(exporter_want_openmetrics("text/plain;q=0.2, Application/OpenMetrics-Text ; version=1.0.0"), "case");
	CHECK(exporter_want_gzip("gzip"), "gzip");
	CHECK(exporter_want_gzip("br, gzip;q=0.5, deflate"), "list");
	CHECK(exporter_want_gzip("*"), "*");
	CHECK(!exporter_want_gzip("gzip;q=0"), "q=0");
	CHECK(!exporter_want_gzip("identity"), "identity");
	CHECK(!exporter_want_gzip(NULL), "none");
	CHECK(!exporter_want_gzip("gzipx"), "gzipx");
}

int main(void)
{
	RUN(label_escaping);
	RUN(event_names_stay_label_values);
	RUN(not_counted_is_omitted);
	RUN(cgroup_series_rest_and_idle);
	RUN(cgroup_counters_follow_the_top);
	RUN(topdown_shares);
	RUN(totals_are_monotonic_sums);
	RUN(both_formats);
	RUN(one_unit_per_family);
	RUN(interrupts_frequency_cpu_gauges);
	RUN(listen_address);
	RUN(negotiation);
	T_DONE();
}
