/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_metrics.c: the metric table (src/hw/model/metrics.c) is complete and consistent (keys,
 * titles, units, scopes, inputs, formulas, Prometheus names), its formulas are what model.c
 * computes, and every row reaches the outputs: each metric appears in pmutop's JSON (only in rows
 * its scope names), its Prometheus families with their type in the exposition, its perf words in
 * -x, on simulated machines that count its inputs. A new row is checked without editing this file. */
#include "t.h"
#include "hw/model/model.h"
#include "hw/model/metrics.h"
#include <ctype.h>
#include <json-c/json.h>
#include <stdint.h>
#include <unistd.h>

static bool prom_name_ok(const char *s)
{
	if (strncmp(s, "pmutop_", 7) != 0)
		return false;
	for (const char *p = s; *p; p++)
		if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_'))
			return false;
	/* the writer adds _total to a counter's samples; a family ending in it would read _total_total */
	return strlen(s) < 6 || strcmp(s + strlen(s) - 6, "_total") != 0;
}

TEST(every_row_complete)
{
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];

		CHECK(d->name && *d->name && d->label && *d->label && d->unit, "metric %d: key, title and unit", k);
		if (!d->name || !d->label)
			continue;
		for (const char *p = d->name; *p; p++)
			CHECK(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_', "%s: a JSON key of [a-z0-9_]",
			      d->name);
		CHECK(d->scope != 0 && (d->scope & ~(unsigned)MSC_ALL) == 0, "%s: scope 0x%x", d->name, d->scope);
		CHECK(d->src == MSRC_EVENTS || d->src == MSRC_PROCSTAT || d->src == MSRC_KERNEL, "%s: src %d", d->name, d->src);
		CHECK(d->prec >= -1 && d->prec <= 3, "%s: precision %d", d->name, d->prec);
		CHECK(d->width >= (int)strlen(d->label), "%s: title %s wider than its width %d", d->name, d->label, d->width);
		CHECK(!d->col || *d->col, "%s: an empty column key", d->name);
		CHECK(!d->socket_figure || (d->scope & MSC_SOCKET), "%s: a socket figure without the socket scope", d->name);
	}
}

TEST(keys_unique)
{
	for (int a = 0; a < NMETRICS; a++) {
		const struct metric_def *x = &metric_defs[a];
		const char *xn[3] = { x->prom_cpu, x->prom_socket, x->prom_cgroup };

		CHECK(metric_by_name(x->name) == a, "%s: metric_by_name gives %d", x->name, metric_by_name(x->name));
		CHECK(!x->col || metric_by_col(x->col) == a, "%s: metric_by_col(%s)", x->name, x->col);
		for (int i = 0; i < 3; i++)
			CHECK(!xn[i] || prom_name_ok(xn[i]), "%s: Prometheus family '%s'", x->name, xn[i]);
		for (int b = a + 1; b < NMETRICS; b++) {
			const struct metric_def *y = &metric_defs[b];
			const char *yn[3] = { y->prom_cpu, y->prom_socket, y->prom_cgroup };

			CHECK(strcmp(x->name, y->name) != 0, "two metrics keyed %s", x->name);
			CHECK(strcmp(x->label, y->label) != 0, "two metrics titled %s", x->label);
			CHECK(!x->col || !y->col || strcmp(x->col, y->col) != 0, "two columns keyed %s", x->col);
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++)
					CHECK(!xn[i] || !yn[j] || strcmp(xn[i], yn[j]) != 0, "%s and %s both export %s", x->name,
					      y->name, xn[i]);
		}
		for (int i = 0; i < 3; i++)
			for (int j = i + 1; j < 3; j++)
				CHECK(!xn[i] || !xn[j] || strcmp(xn[i], xn[j]) != 0, "%s: one family twice", x->name);
	}
}

static bool in_has(const struct metric_def *d, int role)
{
	for (int i = 0; i < METRIC_NIN; i++)
		if (d->in[i] == role)
			return true;
	return false;
}

TEST(inputs_and_formulas_valid)
{
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];
		int n = 0;

		for (int i = 0; i < METRIC_NIN; i++) {
			int r = d->in[i];
			CHECK(r >= ROLE_NONE && r < NROLES, "%s: input %d is role %d", d->name, i, r);
			if (r == ROLE_NONE)
				continue;
			CHECK(n == i, "%s: input %d after a ROLE_NONE", d->name, i);
			n++;
			for (int j = i + 1; j < METRIC_NIN; j++)
				CHECK(d->in[j] != r, "%s: role %d listed twice", d->name, r);
		}
		switch (d->src) {
		case MSRC_EVENTS:
			CHECK(n > 0, "%s: made of events, but of none", d->name);
			if (d->fn)
				break;
			CHECK(d->k > 0 && d->dk > 0, "%s: k %g dk %g", d->name, d->k, d->dk);
			CHECK(d->den == MDEN_INTERVAL || d->den == MDEN_ENABLED || (d->den > ROLE_NONE && in_has(d, d->den) &&
			      d->den != d->in[0]), "%s: denominator %d", d->name, d->den);
			break;
		case MSRC_PROCSTAT:
			CHECK(n == 0 && !d->fn, "%s: /proc/stat's, yet inputs or a function", d->name);
			CHECK(d->ut != 0 && d->ut < (1u << UT_N), "%s: parts 0x%x", d->name, d->ut);
			break;
		case MSRC_KERNEL:
			CHECK(n == 0 && d->fn, "%s: the kernel's books need a function and no events", d->name);
			break;
		}
	}
}

TEST(outputs_consistent_with_scope)
{
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];

		CHECK(!d->prom_cpu || (d->scope & MSC_CPU), "%s: a per-CPU family without the CPU scope", d->name);
		CHECK(!d->prom_socket || (d->scope & MSC_SOCKET), "%s: a per-socket family without the socket scope", d->name);
		CHECK(!d->prom_cgroup || (d->scope & MSC_WORKLOAD), "%s: a per-cgroup family without the workload scope",
		      d->name);
		CHECK(!(d->prom_cpu || d->prom_socket) || (d->help && *d->help), "%s: a family without help", d->name);
		CHECK(!d->prom_cgroup || (d->help_cgroup && *d->help_cgroup), "%s: a cgroup family without help", d->name);
		CHECK(!(d->prom_cpu || d->prom_socket || d->prom_cgroup) || d->prom_scale > 0, "%s: scale %g", d->name,
		      d->prom_scale);
		/* a counter is the socket's amount (prom.c keeps its totals per socket only) */
		CHECK(d->prom_kind == MPROM_GAUGE || (d->prom_kind == MPROM_COUNTER && d->prom_socket && !d->prom_cpu &&
		      !d->prom_cgroup), "%s: kind %d", d->name, d->prom_kind);
		if (d->perf_role != ROLE_NONE) {
			CHECK(d->perf_unit && *d->perf_unit && d->perf_dec >= 0 && d->perf_dec <= 3, "%s: perf's words", d->name);
			CHECK(metric_of_perf_role(d->perf_role) == k, "%s: two metrics beside role %d", d->name, d->perf_role);
			CHECK(d->src == MSRC_EVENTS && in_has(d, d->perf_role), "%s: beside an event it is not made of", d->name);
		}
	}
}

/* Each ratio row computes k * in[0] / (den * dk) from the sums; NAN when an input is missing. */
TEST(ratio_rows_compute)
{
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];
		struct metric_sums s;
		double den, got;

		if (d->src != MSRC_EVENTS || d->fn)
			continue;
		memset(&s, 0, sizeof(s));
		s.interval = 0.5;
		for (int i = 0; i < METRIC_NIN && d->in[i] != ROLE_NONE; i++) {
			s.sum[d->in[i]] = 1000.0 * (i + 3);
			s.en[d->in[i]] = 4e8;
			s.have[d->in[i]] = true;
		}
		den = d->den == MDEN_INTERVAL ? 0.5 : d->den == MDEN_ENABLED ? 4e8 : s.sum[d->den];
		got = metric_eval(k, &s);
		CHECK_NEAR(got, d->k * s.sum[d->in[0]] / (den * d->dk), 1e-12 * fabs(got));
		s.have[d->in[0]] = false;
		CHECK(isnan(metric_eval(k, &s)), "%s: a value without its numerator", d->name);
	}
}

/* Which metrics a model's events give: every input of a ratio, one way of the others. */
TEST(countable_from_the_events)
{
	struct model m;
	int ids[1] = { 0 };

	CHECK_EQ_INT(model_init(&m, 1, ids, NULL, NULL, 1, NULL, 4), 0);
	model_add_event(&m, "cycles", "cycles", "", "", 0, false);
	model_add_event(&m, "instructions", "instructions", "", "", 0, false);
	model_add_event(&m, "uncore_imc_0/cas_count_read/", "cas_count_read", "uncore_imc_0", "MiB", 1, true);
	CHECK(model_metric_countable(&m, M_IPC) && model_metric_countable(&m, M_GHZ), "IPC and GHz from cycles and instructions");
	CHECK(!model_metric_countable(&m, M_MPKI), "no MPKI without cache misses");
	CHECK(model_metric_countable(&m, M_MEM_RD_GBS) && !model_metric_countable(&m, M_MEM_GBS), "reads alone: no total");
	CHECK(model_metric_countable(&m, M_UTIL) && model_metric_countable(&m, M_MHZ), "the kernel's figures need no event");
	CHECK(!model_metric_countable(&m, M_L3_HIT_PCT), "no L3 figure without L3 or LLC events");
	model_add_event(&m, "uncore_imc_0/cas_count_write/", "cas_count_write", "uncore_imc_0", "MiB", 1, true);
	CHECK(model_metric_countable(&m, M_MEM_GBS), "reads and writes: the total");
	model_add_event(&m, "cache-references", "cache-references", "", "", 0, false);
	model_add_event(&m, "cache-misses", "cache-misses", "", "", 0, false);
	CHECK(!model_metric_countable(&m, M_L3_HIT_PCT), "the LLC pair is not the L3 unless the model says so");
	m.llc_is_l3 = true;
	CHECK(model_metric_countable(&m, M_L3_HIT_PCT) && model_metric_countable(&m, M_MPKI), "L3 hits from the LLC pair");
	model_free(&m);
}

/* ---- the outputs: pmutop itself on simulated machines ---- */

static char *slurp(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!p)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = (cap + 4096) * 2);
			if (!nb)
				break;
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len - 1, p);
		len += n;
	} while (n > 0);
	pclose(p);
	if (buf)
		buf[len] = '\0';
	return buf;
}

static const char *pmutop(void)
{
	const char *p = getenv("PMUTOP");

	return p && *p ? p : "./pmutop";
}

/* The machines whose runs between them count every input: Sapphire Rapids with its uncore, the
 * machine without a PMU (interrupts, clock), a Zen 4 without amd_l3 (the L2 pair) and an Altra
 * without ll_cache_* (the L1D pair), as tests/cli/llc_columns.sh makes them. */
static const char *const machines[] = { "spr-2s", "kvm-nopmu", "@zen4", "@altra" };
#define NMACH 4
static char mdir[] = "/tmp/pmutop-test-metrics.XXXXXX";

static const char *machine(int i, char *buf, size_t len)
{
	if (machines[i][0] != '@')
		return machines[i];
	snprintf(buf, len, "%s/%s.machine", mdir, machines[i] + 1);
	return buf;
}

static bool make_machines(void)
{
	char cmd[1024];

	if (!mkdtemp(mdir))
		return false;
	snprintf(cmd, sizeof(cmd), "sed '/^\\[pmu amd_l3\\]/,/^\\[pmu amd_df\\]/{/^\\[pmu amd_df\\]/!d}' "
		 "machines/zen4-1s.machine >%s/zen4.machine && grep -v '^event\\.ll_cache' machines/altra-160.machine "
		 ">%s/altra.machine", mdir, mdir);
	return system(cmd) == 0;
}

/* The output of one run: ARGS after --sim MACHINE (on Sapphire Rapids the default set's events and
 * those of -E uncore). */
static char *run(int mach, const char *args)
{
	char cmd[1536], mb[256];
	const char *m = machine(mach, mb, sizeof(mb));

	snprintf(cmd, sizeof(cmd), "{ %s --sim %s --sim-clock step -b -n 2 -d 0.1 %s %s; } 2>/dev/null", pmutop(), m,
		 mach == 0 ? "-e cycles,instructions,cache-references,cache-misses,branches,branch-misses,"
		 "uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/,"
		 "uncore_upi/event=0x2,umask=0xf/" : "",
		 args);
	return slurp(cmd);
}

/* A JSON row's metrics object: every key of the table in a row of a kind its scope names. */
static void json_row(json_object *row, unsigned scope, const char *what, bool *seen)
{
	json_object *met;

	if (!row || !json_object_object_get_ex(row, "metrics", &met))
		return;
	json_object_object_foreach(met, key, val) {
		int k = metric_by_name(key);
		(void)val;
		if (k < 0)
			continue;   /* top-down's and RDT's (not the table's) */
		seen[k] = true;
		CHECK(metric_defs[k].scope & scope, "%s in a %s row, outside its scope 0x%x", key, what, metric_defs[k].scope);
	}
}

static void json_rows(const char *text, bool *seen)
{
	static const struct { const char *arr; unsigned scope; } kinds[] = {
		{ "cpus", MSC_CPU }, { "sockets", MSC_SOCKET }, { "processes", MSC_WORKLOAD }, { "cgroups", MSC_WORKLOAD },
	};
	const char *nl = strchr(text, '\n');
	char *line = strndup(text, nl ? (size_t)(nl - text) : strlen(text));
	json_object *d = line ? json_tokener_parse(line) : NULL, *a, *sys;

	free(line);

	CHECK(d != NULL, "not JSON: %.80s", text);
	if (!d)
		return;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (json_object_object_get_ex(d, kinds[i].arr, &a))
			for (size_t j = 0; j < json_object_array_length(a); j++)
				json_row(json_object_array_get_idx(a, j), kinds[i].scope, kinds[i].arr, seen);
	if (json_object_object_get_ex(d, "system", &sys))
		json_row(sys, MSC_SYSTEM, "system", seen);
	json_object_put(d);
}

TEST(every_metric_in_json)
{
	bool seen[NMETRICS] = { 0 };

	for (int i = 0; i < NMACH; i++) {
		char *out = run(i, "--json");
		CHECK(out && *out, "no JSON from %s", machines[i]);
		if (out && *out)
			json_rows(out, seen);
		free(out);
	}
	for (int i = 0; i < 2; i++) {   /* the workloads' rows: cgroups, a process */
		char *out = run(0, i ? "--json -p 1" : "--json -G /,/system.slice");
		if (out && *out)
			json_rows(out, seen);
		free(out);
	}
	for (int k = 0; k < NMETRICS; k++)
		CHECK(seen[k], "%s in no JSON row of %s, kvm-nopmu, Zen 4 or Altra", metric_defs[k].name, machines[0]);
}

/* "# TYPE NAME KIND" in the text format (a counter's family named by its samples, NAME_total). */
static bool has_type(const char *text, const char *name, int kind)
{
	char want[160];

	snprintf(want, sizeof(want), "\n# TYPE %s%s %s\n", name, kind == MPROM_COUNTER ? "_total" : "",
		 kind == MPROM_COUNTER ? "counter" : "gauge");
	return strstr(text, want) != NULL;
}

TEST(every_family_exported)
{
	char *out[NMACH + 1];
	char args[512];

	for (int i = 0; i <= NMACH; i++) {
		char *p;
		snprintf(args, sizeof(args), "--quiet --prom %s/p.prom%s >/dev/null; cat %s/p.prom", mdir,
			 i == NMACH ? " --export-cgroups=3" : "", mdir);
		p = run(i == NMACH ? 0 : i, args);
		out[i] = p && asprintf(&out[i], "\n%s", p) > 0 ? out[i] : NULL;   /* "\n# TYPE" matches the first line */
		free(p);
		CHECK(out[i] && strstr(out[i], "pmutop_build_info"), "no exposition from run %d", i);
	}
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];
		const char *fam[3] = { d->prom_cpu, d->prom_socket, d->prom_cgroup };

		for (int f = 0; f < 3; f++) {
			bool found = false;
			for (int i = 0; fam[f] && !found && i <= NMACH; i++)
				found = out[i] && has_type(out[i], fam[f], f == 2 ? MPROM_GAUGE : d->prom_kind);
			CHECK(!fam[f] || found, "%s: no family %s (%s) in any exposition", d->name, fam[f],
			      d->prom_kind == MPROM_COUNTER && f < 2 ? "counter" : "gauge");
		}
	}
	for (int i = 0; i <= NMACH; i++)
		free(out[i]);
}

TEST(every_perf_unit_in_csv)
{
	char *out[NMACH];

	for (int i = 0; i < NMACH; i++)
		out[i] = run(i, "-x ,");
	for (int k = 0; k < NMETRICS; k++) {
		const struct metric_def *d = &metric_defs[k];
		char want[128];
		bool found = false;

		if (d->perf_role == ROLE_NONE)
			continue;
		snprintf(want, sizeof(want), ",%s\n", d->perf_unit);   /* the row's last field */
		for (int i = 0; !found && i < NMACH; i++)
			found = out[i] && strstr(out[i], want);
		CHECK(found, "%s: no -x row ends in \"%s\"", d->name, d->perf_unit);
	}
	for (int i = 0; i < NMACH; i++)
		free(out[i]);
}

int main(void)
{
	RUN(every_row_complete);
	RUN(keys_unique);
	RUN(inputs_and_formulas_valid);
	RUN(outputs_consistent_with_scope);
	RUN(ratio_rows_compute);
	RUN(countable_from_the_events);
	if (access(pmutop(), X_OK) != 0 || !make_machines()) {
		printf("FAIL %s:outputs: no pmutop at %s (make pmutop; run.sh sets PMUTOP) or no temporary folder\n", t_file,
		       pmutop());
		return 1;
	}
	RUN(every_metric_in_json);
	RUN(every_family_exported);
	RUN(every_perf_unit_in_csv);
	{
		char cmd[128];
		snprintf(cmd, sizeof(cmd), "rm -rf %s", mdir);
		if (system(cmd) != 0)
			printf("     could not remove %s\n", mdir);
	}
	T_DONE();
}
