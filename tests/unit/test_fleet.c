/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_fleet.c: the fleet engine's pieces without a server: the OpenMetrics reader and the query
 * API's JSON answers, hostile inputs included; the rows made from raw figures (NAN with reasons,
 * states); the PromQL texts against the shipped recording rules; escapes and the field table. */
#include "t.h"
#include "base/errmsg.h"
#include "fleet/fleet_impl.h"
#include <errno.h>

struct om_seen {
	int n;
	double sum;
	char last_name[64], last_event[64];
};

static int om_put(void *ctx, const struct fleet_om_sample *s)
{
	struct om_seen *o = ctx;
	const char *ev = fleet_om_label(s, "event");

	o->n++;
	if (isfinite(s->value))
		o->sum += s->value;
	snprintf(o->last_name, sizeof(o->last_name), "%s", s->name);
	snprintf(o->last_event, sizeof(o->last_event), "%s", ev ? ev : "");
	return 0;
}

TEST(om_reads_exporter_text)
{
	const char *t = "# HELP pmutop_event counts\n# TYPE pmutop_event counter\n"
			"pmutop_event_total{event=\"cycles\",cpu=\"0\"} 100\n"
			"pmutop_event_total{event=\"cpu_core/cycles/\",cpu=\"1\",core_type=\"cpu_core\"} 2.5e3\r\n"
			"pmutop_build_info{version=\"a\\\"b\\\\c\\nd\"} 1\n"
			"pmutop_scrape_duration_seconds 0.0004\n# EOF\n";
	struct om_seen o = { 0 };
	int bad, n = fleet_om_parse(t, strlen(t), om_put, &o, &bad);

	CHECK_EQ_INT(n, 4);
	CHECK_EQ_INT(bad, 0);
	CHECK_NEAR(o.sum, 100 + 2500 + 1 + 0.0004, 1e-9);
	CHECK_EQ_STR(o.last_name, "pmutop_scrape_duration_seconds");
}

static int version_put(void *ctx, const struct fleet_om_sample *s)
{
	const char *v = fleet_om_label(s, "version"), *e = fleet_om_label(s, "e");

	snprintf(ctx, 64, "%s|%s|%d", v ? v : "(none)", e ? e : "(none)", s->nlabels);
	return 0;
}

TEST(om_label_escapes)
{
	const char *t = "x{version=\"a\\\"b\\\\c\\nd\", e=\"\"} 1\n";
	char got[64] = "";
	int bad;

	CHECK_EQ_INT(fleet_om_parse(t, strlen(t), version_put, got, &bad), 1);
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_STR(got, "a\"b\\c\nd||2");
}

TEST(om_hostile_lines_are_counted_and_skipped)
{
	static char big[FLEET_OM_LINE_MAX + 200];
	const char *bads[] = {
		"x{a=\"unterminated} 1", "x{a=\"b\" 1", "x{=\"b\"} 1", "x{a=\"\\q\"} 1", "x 1abc", "x", "{a=\"b\"} 1",
		"9x 1", "x{a=\"b\"}1", "x{a=b} 1", "x NaNa",
	};
	char text[4096] = "", many[2048] = "y{";
	struct om_seen o = { 0 };
	int bad, n;

	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		strcat(text, bads[i]);
		strcat(text, "\n");
	}
	strcat(text, "good 2\n");
	n = fleet_om_parse(text, strlen(text), om_put, &o, &bad);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(bad, (int)(sizeof(bads) / sizeof(bads[0])));
	/* a line longer than the bound, more labels than the bound, a NUL inside: bad, not a crash */
	memset(big, 'a', sizeof(big) - 1);
	memcpy(big + sizeof(big) - 4, " 1\n", 3);
	o.n = 0;
	n = fleet_om_parse(big, strlen(big), om_put, &o, &bad);
	CHECK(n == 0 && bad == 1, "n %d bad %d", n, bad);
	for (int i = 0; i < FLEET_OM_LABELS_MAX + 2; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many), "l%d=\"v\",", i);
	strcat(many, "} 1\n");
	n = fleet_om_parse(many, strlen(many), om_put, &o, &bad);
	CHECK(n == 0 && bad == 1, "n %d bad %d", n, bad);
	const char nul[] = "a 1\nb\0c 2\nd 3\n";
	n = fleet_om_parse(nul, sizeof(nul) - 1, om_put, &o, &bad);
	CHECK(n == 2 && bad == 1, "n %d bad %d", n, bad);
}

struct js_seen {
	int n;
	char hosts[8][64], keys[8][64];
	double v[8];
};

static void js_put(void *ctx, const struct fleet_sample *s)
{
	struct js_seen *j = ctx;

	if (j->n < 8) {
		snprintf(j->hosts[j->n], 64, "%s", s->host);
		snprintf(j->keys[j->n], 64, "%s", s->key);
		j->v[j->n] = s->value;
	}
	j->n++;
}

static int js(const char *body, struct js_seen *j, struct fleet_issue *is, int *nis, struct errmsg *em)
{
	memset(j, 0, sizeof(*j));
	*nis = 0;
	return fleet_promjson_parse(body, strlen(body), "instance", js_put, j, is, nis, "q", em);
}

TEST(json_vector_answer)
{
	struct js_seen j;
	struct fleet_issue is[FLEET_ISSUES_MAX];
	struct errmsg em = { 0 };
	int nis, n = js("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
			"{\"metric\":{\"instance\":\"h1:9\",\"event\":\"cycles\"},\"value\":[1.5,\"100\"]},"
			"{\"metric\":{\"instance\":\"h2:9\",\"fig\":\"mem\",\"event\":\"x\"},\"value\":[1.5,\"2.5e9\"]},"
			"{\"metric\":{\"instance\":\"h3\",\"fig\":\"up\"},\"value\":[1.5,\"NaN\"]},"
			"{\"metric\":{\"event\":\"cycles\"},\"value\":[1.5,\"1\"]},"
			"{\"metric\":{\"instance\":\"h4\",\"fig\":\"up\"},\"value\":[1.5,7]},"
			"{\"metric\":{\"instance\":\"h5\",\"fig\":\"up\"},\"value\":[1.5,\"12abc\"]},"
			"{\"metric\":[],\"value\":[1.5,\"1\"]}, 5, null"
			"]},\"warnings\":[\"partial response: store B down\"]}", &j, is, &nis, &em);

	CHECK_EQ_INT(n, 2);
	CHECK_EQ_STR(j.hosts[0], "h1:9");
	CHECK_EQ_STR(j.keys[0], "cycles");
	CHECK_EQ_STR(j.keys[1], "mem");   /* fig before event */
	CHECK_NEAR(j.v[1], 2.5e9, 1);
	CHECK_EQ_INT(nis, 1);
	CHECK(is[0].warning && strstr(is[0].what, "store B down") && !strcmp(is[0].query, "q"), "%s", is[0].what);
}

/* The answer read one element at a time (as Prometheus writes it) and as a tree (another member
 * order: a space first) hand on the same samples and warnings; a malformed element hands on none. */
TEST(json_stream_and_tree_agree)
{
	static const char body[] = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[ "
		"{\"metric\":{\"instance\":\"h1:9\",\"event\":\"cycles\"},\"value\":[1.5,\"100\"]} ,null,5,"
		"{\"metric\":{\"instance\":\"h2\",\"fig\":\"info\",\"version\":\"1.2\"},\"value\":[1.5,\"1\"]}\n]},"
		"\"warnings\":[\"w1\",\"w2\"],\"infos\":[]}";
	char tree[sizeof(body) + 1];
	struct js_seen a, b;
	struct fleet_issue is[FLEET_ISSUES_MAX], is2[FLEET_ISSUES_MAX];
	struct errmsg em = { 0 };
	int na, nb, nis, nis2;

	snprintf(tree, sizeof(tree), " %s", body);
	na = js(body, &a, is, &nis, &em);
	nb = js(tree, &b, is2, &nis2, &em);
	CHECK(na == 2 && nb == 2 && a.n == 2 && b.n == 2, "%d %d", na, nb);
	for (int i = 0; i < 2; i++)
		CHECK(!strcmp(a.hosts[i], b.hosts[i]) && !strcmp(a.keys[i], b.keys[i]) && a.v[i] == b.v[i], "%d", i);
	CHECK(nis == 2 && nis2 == 2 && !strcmp(is[1].what, "w2") && !strcmp(is2[1].what, "w2"), "%d %d", nis, nis2);
	na = js("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
		"{\"metric\":{\"instance\":\"h1\",\"event\":\"cycles\"},\"value\":[1.5,\"100\"]},{\"metric\":}]}}",
		&a, is, &nis, &em);
	CHECK(na == -EBADMSG && a.n == 0, "%d %d", na, a.n);
	na = js("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}", &a, is, &nis, &em);
	CHECK(na == 0 && a.n == 0 && nis == 0, "%d", na);
}

TEST(json_errors_say_why)
{
	struct js_seen j;
	struct fleet_issue is[FLEET_ISSUES_MAX];
	struct errmsg em = { 0 };
	int nis, r;

	r = js("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error at char 3\"}", &j, is, &nis, &em);
	CHECK(r == -EPROTO && strstr(em.text, "bad_data") && strstr(em.text, "parse error"), "%d %s", r, em.text);
	r = js("<html>401 Unauthorized</html>", &j, is, &nis, &em);
	CHECK(r == -EBADMSG && strstr(em.text, "not JSON"), "%d %s", r, em.text);
	r = js("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}", &j, is, &nis, &em);
	CHECK(r == -EBADMSG && strstr(em.text, "matrix"), "%d %s", r, em.text);
	r = js("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":{}}}", &j, is, &nis, &em);
	CHECK(r == -EBADMSG, "%d", r);
	r = js("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[", &j, is, &nis, &em);
	CHECK(r == -EBADMSG && strstr(em.text, "cut short"), "%d %s", r, em.text);
	r = js("[1,2]", &j, is, &nis, &em);
	CHECK(r == -EBADMSG, "%d", r);
	/* nesting past the tokenizer's depth: refused, not a deep recursion */
	char deep[400];
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = '\0';
	r = js(deep, &j, is, &nis, &em);
	CHECK(r == -EBADMSG, "%d", r);
}

static struct fleet_acc acc(const char *host)
{
	struct fleet_acc a;

	memset(&a, 0, sizeof(a));
	snprintf(a.host, sizeof(a.host), "%s", host);
	for (int i = 0; i < FR_N; i++)
		a.raw[i] = NAN;
	return a;
}

TEST(derive_figures_and_reasons)
{
	struct fleet_acc a = acc("h");
	struct fleet_row r;

	fleet_acc_put(&a, fleet_raw_slot("cpu_core/cycles/"), 3e9);
	fleet_acc_put(&a, fleet_raw_slot("cpu_atom/cycles/"), 1e9);
	fleet_acc_put(&a, fleet_raw_slot("instructions"), 8e9);
	fleet_acc_put(&a, fleet_raw_slot("cpu-clock"), 2);      /* 2 CPUs' seconds per second */
	fleet_acc_put(&a, FR_NCPUS, 4);                           /* ... of 4 CPUs: half the time elapsed */
	fleet_acc_put(&a, FR_MEMRD, 1e9);
	fleet_acc_put(&a, FR_UP, 1);
	fleet_acc_put(&a, FR_AGE, 1);
	fleet_derive(&a, &r, 10);
	CHECK_EQ_INT(r.state, FLEET_UP);
	CHECK_NEAR(r.v[FF_IPC], 2, 1e-12);
	CHECK_NEAR(r.v[FF_GHZ], 2, 1e-12);
	CHECK_NEAR(r.v[FF_MEM_RD], 2, 1e-12);   /* bytes over the exporter's own elapsed time */
	CHECK(isnan(r.v[FF_MEM_WR]) && r.missing[FF_MEM_WR] && strstr(r.missing[FF_MEM_WR], "write"), "%s",
	      r.missing[FF_MEM_WR] ? r.missing[FF_MEM_WR] : "(none)");
	CHECK(isnan(r.v[FF_MEM]) && r.missing[FF_MEM], "a sum of one of two is no figure");
	CHECK(isnan(r.v[FF_TD_RETIRING]) && strstr(r.missing[FF_TD_RETIRING], "topdown"), "td");
	CHECK(isnan(r.v[FF_UTIL]) && r.missing[FF_UTIL], "util");
	/* stale: the last sample older than allowed */
	a.raw[FR_AGE] = 11;
	fleet_derive(&a, &r, 10);
	CHECK(r.state == FLEET_STALE && isnan(r.v[FF_IPC]) && strstr(r.why, "11 s"), "%d %s", r.state, r.why);
	/* down: nothing shown as current */
	a.raw[FR_AGE] = 1;
	a.raw[FR_UP] = NAN;
	fleet_acc_put(&a, FR_UP, 0);
	fleet_acc_put(&a, FR_INFO, 1);   /* its build_info within the hour */
	fleet_derive(&a, &r, 10);
	CHECK(r.state == FLEET_DOWN && isnan(r.v[FF_IPC]) && !strcmp(r.missing[FF_IPC], "host down"), "%d", r.state);
	CHECK(strstr(r.why, "last scrape failed"), "%s", r.why);   /* it had build_info: down now */
	/* down from the start: only up == 0, never a build_info (no version, no age) */
	struct fleet_acc never = acc("never:9745");
	fleet_acc_put(&never, FR_UP, 0);
	fleet_derive(&never, &r, 10);
	CHECK(r.state == FLEET_DOWN && strstr(r.why, "from the start") && isnan(r.v[FF_UTIL]) &&
	      !strcmp(r.missing[FF_UTIL], "host down"), "%d %s", r.state, r.why);
	/* no PMU: cpu-clock only */
	struct fleet_acc k = acc("kvm");
	fleet_acc_put(&k, FR_CLOCK, 2);
	fleet_acc_put(&k, FR_NCPUS, 2);
	fleet_acc_put(&k, FR_UTIL, 0.25);
	fleet_acc_put(&k, FR_UP, 1);
	fleet_acc_put(&k, FR_AGE, 0.5);
	fleet_derive(&k, &r, 10);
	CHECK(r.state == FLEET_NOPMU && isnan(r.v[FF_IPC]) && !strcmp(r.missing[FF_IPC], "no PMU on this host"), "%d", r.state);
	CHECK_NEAR(r.v[FF_UTIL], 25, 1e-12);
}

TEST(table_sorts_naturally_and_bounds)
{
	struct fleet_table t;
	struct fleet_row *rows;
	const char *names[] = { "node10", "node2", "node1", "a" };

	fleet_table_init(&t);
	for (int i = 0; i < 4; i++)
		CHECK(fleet_table_get(&t, names[i]) != NULL, "%s", names[i]);
	CHECK(fleet_table_get(&t, "node2") == &t.a[1], "found again");
	for (int i = 0; i < 3000; i++) {
		char n[32];
		snprintf(n, sizeof(n), "h%d", i);
		fleet_table_get(&t, n);
	}
	CHECK_EQ_INT(t.n, 3004);
	CHECK(fleet_table_get(&t, "h1234") == &t.a[4 + 1234], "after growth");
	CHECK_EQ_INT(fleet_rows_from(&t, &rows, 10), 3004);
	CHECK_EQ_STR(rows[0].host, "a");
	CHECK_EQ_STR(rows[1].host, "h0");
	CHECK_EQ_STR(rows[3].host, "h2");      /* h2 before h10 */
	CHECK_EQ_STR(rows[3000].host, "h2999");
	CHECK_EQ_STR(rows[3001].host, "node1");
	CHECK_EQ_STR(rows[3002].host, "node2");
	CHECK_EQ_STR(rows[3003].host, "node10");
	free(rows);
	fleet_table_free(&t);
}

/* the recording rules record exactly what the engine would ask by instance over 1m */
static void squash(char *s)
{
	char *o = s;

	for (char *p = s; *p; p++)
		if (*p != ' ' && *p != '\n')
			*o++ = *p;
	*o = '\0';
}

TEST(rules_match_the_engine)
{
	static char file[65536], q[8192];
	FILE *f = fopen("contrib/prometheus/pmutop-fleet.rules.yml", "r");
	size_t n;

	if (!f)
		T_SKIP("contrib/prometheus/pmutop-fleet.rules.yml not found (run from the source tree)");
	n = fread(file, 1, sizeof(file) - 1, f);
	fclose(f);
	file[n] = '\0';
	/* only the exprs: comments and keys dropped */
	static char exprs[65536];
	size_t at = 0;
	for (char *line = strtok(file, "\n"); line; line = strtok(NULL, "\n")) {
		char *p = line + strspn(line, " ");
		if (*p == '#' || !strncmp(p, "- record", 8) || !strncmp(p, "expr", 4) || !strncmp(p, "groups", 6) ||
		    !strncmp(p, "- name", 6) || !strncmp(p, "rules", 5))
			continue;
		at += (size_t)snprintf(exprs + at, sizeof(exprs) - at, "%s", p);
	}
	squash(exprs);
	/* the rules record the events of every host, from the per-socket counters where the exporter
	 * has them, else from the per-CPU ones (the mixed form), and the figures */
	static const enum fleet_query recorded[] = { FQ_EVENTS_MIXED, FQ_FIGURES };
	for (size_t k = 0; k < sizeof(recorded) / sizeof(recorded[0]); k++) {
		CHECK(fleet_query_text(q, sizeof(q), recorded[k], "instance", "", "1m") > 0, "text");
		squash(q);
		CHECK(strstr(exprs, q) != NULL, "query %d is not recorded as written:\n%s", (int)recorded[k], q);
	}
	CHECK(strstr(exprs, "") && fleet_rules_query_text(q, sizeof(q), FQ_EVENTS, "") > 0 &&
	      !strcmp(q, "instance_event:pmutop_event:rate1m{}"), "%s", q);
}

/* the state query lists a target of a pmutop job that was never up; the drill-down's cgroups query
 * reads the exporter's cgroup counters by cgroup */
TEST(status_and_cgroup_queries)
{
	char q[8192];

	CHECK(fleet_query_text(q, sizeof(q), FQ_STATUS, "instance", "", "1m") > 0, "status");
	CHECK(strstr(q, "up{} == 0 and on (job) group by (job) (last_over_time(pmutop_build_info[1h]))") &&
	      strstr(q, "unless on (instance) max by (instance) (last_over_time(pmutop_build_info{}[1h]))"), "%s", q);
	CHECK(fleet_query_text(q, sizeof(q), FQ_CGROUPS, "cgroup", "instance=\"h:1\"", "4000ms") > 0, "cgroups");
	CHECK(strstr(q, "sum by (cgroup, event) (rate(pmutop_cgroup_events_total{event=~") &&
	      strstr(q, ",instance=\"h:1\"}[4000ms]") &&
	      strstr(q, "rate(pmutop_cgroup_cpu_seconds_total{instance=\"h:1\"}[4000ms])), \"fig\", \"util\""), "%s", q);
	CHECK_EQ_INT(fleet_raw_slot("util"), FR_UTIL);
	CHECK_EQ_INT(fleet_raw_slot("percpu"), FR_PERCPU);
	CHECK_EQ_INT(fleet_raw_slot("cpu-clock"), FR_CLOCK);
}

/* the refresh's events come from the per-socket counters; the mixed form adds the per-CPU ones of
 * only the hosts without them (apart by src, so that a host label holding both kinds adds them);
 * the drill-down's stay per CPU; the state query counts the hosts without them */
TEST(events_query_forms)
{
	char q[8192];

	CHECK(fleet_query_text(q, sizeof(q), FQ_EVENTS, "instance", "", "60000ms") > 0, "socket");
	CHECK(strstr(q, "sum by (instance, event) (rate(pmutop_socket_event_total{event=~") &&
	      strstr(q, "rate(pmutop_socket_event_seconds_total{event=\"cpu-clock\"}[60000ms])") &&
	      strstr(q, "sum by (instance) (pmutop_socket_cpus{} and on (instance, socket) ") &&
	      !strstr(q, "pmutop_event_total") && !strstr(q, "pmutop_event_seconds_total"), "%s", q);
	CHECK(fleet_query_text(q, sizeof(q), FQ_EVENTS_MIXED, "job", "job=\"a\"", "60000ms") > 0, "mixed");
	CHECK(strstr(q, "sum by (job, event) (rate(pmutop_socket_event_total{event=~") &&
	      strstr(q, "\n  or label_replace(sum by (job, event) (rate(pmutop_event_total{event=~") &&
	      strstr(q, "[60000ms]) unless on (instance) pmutop_socket_cpus{job=\"a\"})") &&
	      strstr(q, "count by (job) (pmutop_event_seconds_total{event=\"cpu-clock\",job=\"a\"} unless on (instance) "
		     "pmutop_socket_cpus{job=\"a\"})") && strstr(q, ", \"src\", \"cpu\", \"\", \"\")"), "%s", q);
	CHECK(fleet_query_text(q, sizeof(q), FQ_EVENTS_PERCPU, "cpu", "instance=\"h\"", "4000ms") > 0, "per cpu");
	CHECK(strstr(q, "sum by (cpu, event) (rate(pmutop_event_total{event=~") && !strstr(q, "socket") &&
	      !strstr(q, "unless"), "%s", q);
	CHECK(fleet_query_text(q, sizeof(q), FQ_STATUS, "job", "", "1m") > 0, "status");
	CHECK(strstr(q, "label_replace(count by (job) (group by (instance, job) (pmutop_build_info{}) unless on (instance) "
		      "pmutop_socket_cpus{}), \"fig\", \"percpu\""), "%s", q);
	CHECK(fleet_query_text(q, sizeof(q), FQ_STATUS, "instance", "", "1m") > 0, "status");
	CHECK(strstr(q, "count by (instance) (group by (instance) (pmutop_build_info{}) unless"), "%s", q);
}

TEST(escapes_and_names)
{
	char b[16];

	CHECK_EQ_INT(fleet_promql_escape(b, sizeof(b), "a\"b\\c"), 7);
	CHECK_EQ_STR(b, "a\\\"b\\\\c");
	CHECK_EQ_INT(fleet_promql_escape(b, sizeof(b), "a\nb"), -EINVAL);
	CHECK_EQ_INT(fleet_promql_escape(b, sizeof(b), "0123456789abcdef"), -ENOSPC);
	CHECK(fleet_label_ok("instance") && fleet_label_ok("_k8s_node1") && !fleet_label_ok("1x") &&
	      !fleet_label_ok("a-b") && !fleet_label_ok("") && !fleet_label_ok("a\"}"), "labels");
	for (int i = 0; i < FF_NFIELDS; i++) {
		CHECK(fleet_fields[i].key && fleet_fields[i].title && fleet_fields[i].unit && fleet_fields[i].help, "%d", i);
		CHECK_EQ_INT(fleet_field_find(fleet_fields[i].key), i);
	}
	CHECK_EQ_INT(fleet_raw_slot("armv8_pmuv3_0/branch-instructions/"), FR_BR);
	CHECK_EQ_INT(fleet_raw_slot("cpu-cycles"), FR_CYCLES);
	CHECK_EQ_INT(fleet_raw_slot("uncore_imc_0/cas_count_read/"), -1);
}

TEST(open_checks_options)
{
	struct fleet *f;
	struct errmsg em = { 0 };
	struct fleet_opts o = { .url = "prometheus:9090" };

	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "http://"), "%s", em.text);
	o.url = "http://x";
	o.label = "bad-label";
	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "--fleet-label"), "%s", em.text);
	o.label = NULL;
	o.user = "alice";
	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "--fleet-password-file"), "%s", em.text);
	o.password_file = "/nonexistent/pw";
	CHECK(fleet_open(&o, &f, &em) == -ENOENT && strstr(em.text, "/nonexistent/pw"), "%s", em.text);
	o.user = NULL;
	o.cert = "c.pem";
	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "--fleet-key"), "%s", em.text);
	o.cert = NULL;
	o.targets = "a:1";
	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "either"), "%s", em.text);
	o.url = NULL;
	o.targets = "a:1,,b:2";
	CHECK(fleet_open(&o, &f, &em) == -EINVAL && strstr(em.text, "--fleet-targets"), "%s", em.text);
	o.targets = "a:1,b:2";
	CHECK(fleet_open(&o, &f, &em) == 0, "%s", em.text);
	fleet_close(f);
}

int main(void)
{
	RUN(om_reads_exporter_text);
	RUN(om_label_escapes);
	RUN(om_hostile_lines_are_counted_and_skipped);
	RUN(json_vector_answer);
	RUN(json_stream_and_tree_agree);
	RUN(json_errors_say_why);
	RUN(derive_figures_and_reasons);
	RUN(table_sorts_naturally_and_bounds);
	RUN(rules_match_the_engine);
	RUN(events_query_forms);
	RUN(status_and_cgroup_queries);
	RUN(escapes_and_names);
	RUN(open_checks_options);
	T_DONE();
}
