/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cli.c: the command line: options, start-up order (config, machine, PMUs, events), then batch or TUI. */
#include "app/app.h"
#include "base/printable.h"
#include "app/guard.h"
#include "base/errmsg.h"
#include "batch.h"
#include "cmd.h"
#include "cli_args.h"
#include "fleet_main.h"
#include "summary.h"
#include "base/errmsg.h"
#include "out/events_report.h"
#include "out/explain.h"
#include "out/exporter.h"
#include "out/uncore_report.h"
#include "hw/catalog/catalog.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/sys/cpulist.h"
#include "hw/sys/proctask.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include "ui/widgets/cols.h"
#include "ui/ui.h"
#include "app/app_topdown.h"
#include "app/app_wl.h"
#include "app/session.h"
#include "base/buildinfo.h"
#include "base/editdist.h"
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

/* where: "FILE:LINE: [eventset NAME] events: " when the list came from the config, else "" */
static void print_event_error(struct app *a, const char *where, const char *list, const struct ev_error *err)
{
	char word[CAT_NAME_MAX + 1] = "", more[1024] = "";
	size_t len = 0;

	printable_eprintf("pmutop: %sevent syntax error at column %d: %s\n  %s\n  %*s^\n",
		where, err->pos + 1, err->msg, list, err->pos, "");
	/* an unknown name: offer the nearest vendor names */
	if (!strstr(err->msg, "unknown") || err->pos < 0 || (size_t)err->pos >= strlen(list))
		return;
	while (len < CAT_NAME_MAX && list[err->pos + len] && !strchr(",/{}=", list[err->pos + len]))
		len++;
	snprintf(word, sizeof(word), "%.*s", (int)len, list + err->pos);
	if (strchr(word, ':') && !strstr(word, "::") && strchr(word, ':') == strrchr(word, ':') &&
	    strlen(strchr(word, ':')) <= 3)
		*strchr(word, ':') = '\0'; /* a modifier (":u", ":ppp"), not libpfm4's EVENT:UMASK */
	if (!word[0])
		return;
	events_suggest(&a->cat, &a->reg, word, more, sizeof(more));
	if (more[0])
		printable_eprintf("pmutop: %s\n", more);
}

/* Add every -e in order to the user's events (each parsed on its own, as perf), or the chosen set;
 * where names the config line the set came from ("" otherwise). */
static int parse_events(struct app *a, const char *set_list, const char *where)
{
	struct ev_error perr;
	int n = a->opt.nevents ? a->opt.nevents : 1;

	for (int i = 0; i < n; i++) {
		const char *list = a->opt.nevents ? a->opt.events[i] : set_list;

		if (evlist_add(&a->evl, EVO_USER, list, false, &a->reg, &a->topo, NULL, 0, &perr) < 0) {
			print_event_error(a, a->opt.nevents ? "" : where, list, &perr);
			return 2;
		}
	}
	for (int i = 0; i < a->evl.flat.n; i++)
		if (a->evl.flat.ev[i].sampling) {
			printable_eprintf("pmutop: note: period= and freq= set up sampling, which pmutop does not do; "
				"they are ignored and the events counted\n");
			break;
		}
	return 0;
}

/* -E topdown: the method's events join the list as top-down's own. */
static int add_topdown(struct app *a)
{
	struct errmsg em = { 0 };
	int r = app_td_add(a, &a->evl, &em);

	if (r < 0)
		printable_eprintf("pmutop: event set 'topdown': %s\n", errmsg_text(&em, r));
	else if (a->td.fit_msg[0])   /* counted, but not everywhere or not beside the pinned group */
		printable_eprintf("pmutop: event set 'topdown': %s\n", a->td.fit_msg);
	return r < 0 ? 2 : 0;
}

/* The events to count: -e, else -E, else the configured set; "" sets use the architecture's default. */
static const char *choose_events(struct app *a, char *buf, size_t len, char *where, size_t wlen,
				 bool *with_td)
{
	const char *set_name = a->opt.evset ? a->opt.evset : a->set.set;
	const struct evset *es;
	const char *core = "";

	es = settings_find_set(&a->set, set_name);
	if (!es) {
		const char *near = NULL;
		int best = (int)strnlen(set_name, EDIT_MAX) / 2 + 2;   /* as events_suggest: half its length */

		for (int i = 0; i < a->set.nsets; i++) {   /* the nearest set's name, the built-in first */
			int d = edit_distance(set_name, a->set.sets[i].name, best);

			if (d < best) {
				best = d;
				near = a->set.sets[i].name;
			}
		}
		printable_eprintf("pmutop: no event set named '%s'%s%s%s (see --list-options and [eventset NAME])\n",
				  set_name, near ? ": did you mean " : "", near ? near : "", near ? "?" : "");
		return NULL;
	}
	if (es->events && *es->events) {
		if (es->line > 0 && a->set.path[0])
			snprintf(where, wlen, "%s:%d: [eventset %s] events: ", a->set.path, es->line, es->name);
		return es->events;
	}
	for (int p = 0; p < a->reg.n; p++)
		if (a->reg.pmus[p].kind == PMU_KIND_CORE) {
			core = a->reg.pmus[p].name;
			break;
		}
	{
		char llc[2048];
		snprintf(buf, len, "%s", settings_default_events(&a->reg, a->topo.vendor, a->topo.family,
								 a->topo.model_id, es->name, llc, sizeof(llc)));
	}
	if (strcmp(es->name, "topdown") == 0) {   /* the built-in set: the method's events join it */
		app_td_detect(a);
		if (a->td.plan.n == 0) {
			printable_eprintf("pmutop: event set 'topdown': %s\n", a->td.plan.reason);
			return NULL;
		}
		*with_td = true;
		return buf;
	}
	if (!buf[0]) {
		printable_eprintf("pmutop: event set '%s' has no events on this machine (%s); "
			"choose another with -E or give events with -e\n", es->name,
			core[0] ? core : "no hardware PMU");
		return NULL;
	}
	return buf;
}

static int load_settings(struct app *a)
{
	char path[4096];
	struct errmsg em = { 0 };
	int rc;

	settings_defaults(&a->set);
	if ((rc = settings_find(a->opt.config, path, sizeof(path), &em)) < 0) {
		const char *why = errmsg_text(&em, rc), *sys = buildinfo_system_conf();
		bool was_sys = strstr(why, sys) == why;

		printable_eprintf("pmutop: %s%s\n", a->opt.config ? "" : "warning: ", why);
		/* a file nobody named (sudo -u keeping HOME, a folder in its place) is no reason to stop:
		 * the system's config, when readable, else the defaults; --config FILE is an error */
		if (a->opt.config)
			return 2;
		path[0] = '\0';
		if (!was_sys && access(sys, F_OK) == 0 && (rc = settings_find(sys, path, sizeof(path), &em)) < 0) {
			printable_eprintf("pmutop: warning: %s\n", errmsg_text(&em, rc));
			path[0] = '\0';
		}
		printable_eprintf("pmutop: warning: going on with %s\n", path[0] ? path : "the default settings");
	}
	if (path[0] && (rc = settings_load(&a->set, path, &em)) < 0) {
		printable_eprintf("pmutop: %s\n", errmsg_text(&em, rc));
		return 2;
	}
	a->interval = a->opt.delay > 0 ? a->opt.delay : a->set.interval;
	return 0;
}

/* -C: every CPU listed must be online; the message names those that are not and those that are. */
static int filter_cpus(struct app *a)
{
	int *cpus = NULL, n = cpulist_parse(a->opt.cpus, &cpus), *online, k = 0, off = 0;
	char bad[256], ok[512];

	if (n <= 0) {
		free(cpus);
		printable_eprintf("pmutop: -C %s: not a CPU list (write it as 0-3,8)\n", a->opt.cpus);
		return 2;
	}
	if (!(online = malloc(sizeof(int) * (size_t)(a->topo.ncpus + 1)))) {
		free(cpus);
		fprintf(stderr, "pmutop: out of memory\n");
		return 1;
	}
	for (int i = 0; i < a->topo.ncpus; i++)
		online[k++] = a->topo.cpus[i].cpu;
	qsort(online, (size_t)k, sizeof(int), int_cmp);
	for (int i = 0; i < n; i++)
		if (!cpulist_has(online, k, cpus[i]))
			cpus[off++] = cpus[i];   /* the offline ones, in place: the list is read no further */
	if (off > 0) {
		if (cpulist_format(cpus, off, bad, sizeof(bad)) < 0)
			snprintf(bad, sizeof(bad), "%d and others", cpus[0]);
		if (k == 0 || cpulist_format(online, k, ok, sizeof(ok)) < 0)
			snprintf(ok, sizeof(ok), "%d CPUs", k);
		printable_eprintf("pmutop: -C %s: %s %s not online (online: %s)\n", a->opt.cpus,
				  off == 1 ? "CPU" : "CPUs", bad, ok);
	} else {
		off = topo_filter(&a->topo, cpus, n) < 0;
	}
	free(cpus);
	free(online);
	return off ? 2 : 0;
}

/* After the screen: when the command has ended, its whole run printed as perf stat -- COMMAND
 * prints it, and its exit status returned; else 0. */
static int command_summary(struct app *a, FILE *f)
{
	struct app_wl_run run;
	struct outbuf b;

	if (!app_wl_command_run(a, &run))
		return 0;
	ob_init(&b, 4096);
	out_command_summary(&b, &a->model, a->opt.wl.command, &run);
	if (ob_flush(&b, f) < 0 || b.oom)
		printable_eprintf("pmutop: cannot write the command's totals\n");
	ob_free(&b);
	return run.status;
}

/* --fleet on the screen: the fleet's engine started on its thread and the fleet view shown first,
 * this machine's views beside it. 0, or the usage error's status (said). */
static int fleet_screen(struct app *a)
{
	if (!session_fleet_configured(a)) {
		printable_eprintf("pmutop: --fleet needs a URL (--fleet http://prometheus:9090, or [fleet] url) "
				  "or --fleet-targets host:port,...\n");
		return 2;
	}
	if (session_fleet_start(a) < 0) {
		printable_eprintf("pmutop: %s\n", session_fleet_error(a));
		return 2;
	}
	snprintf(a->set.view, sizeof(a->set.view), "fleet");
	return 0;
}

static int run(struct app *a)
{
	char evbuf[2048], where[4200] = "", keys[1024];
	const char *list = NULL;
	FILE *out = stdout;
	bool with_td = false;
	int r;

	if ((r = load_settings(a)))
		return r;
	if (a->opt.fleet_on && a->opt.batch)
		return fleet_main(a);
	if (a->opt.fleet_on && (r = fleet_screen(a)))
		return r;
	/* IPC history: the screen's sparkline draws the last UI_SPARK_W samples per CPU and batch mode
	 * none, so more is never read ([display] history's 600 on 224 CPUs was 0.5 MiB, set at every
	 * model rebuild, twice over while the sockets' events were added) */
	a->hist_keep = a->opt.batch ? 1 : a->set.history < UI_SPARK_W ? a->set.history : UI_SPARK_W;
	if (a->set.rdt_cpu_groups)
		a->opt.rdt_cpu_groups = a->opt.rdt = true;
	if (!a->opt.explain && !a->opt.list_uncore && !a->opt.sim_tree && (r = exporter_start(a, buildinfo_version())))
		return r;
	if (a->opt.do_replay)
		return replay_main(a);
	if ((r = app_open_machine(a)))
		return r < 0 ? 0 : r;
	/* after the machine: the sysfs/proc root decides the cpuid; nothing is read until a name needs it */
	catalog_init(&a->cat, a->opt.cpuid, a->opt.events_dir, a->set.events_dir);
	a->cat.experimental = a->opt.events_experimental;
	catalog_set_active(&a->cat);
	if (a->opt.list_events)
		return events_report(stdout, stderr, &a->cat, &a->reg, a->opt.list_glob, a->opt.json) < 0 ? 1 : 0;
	if (a->opt.list_uncore) {
		app_load_inventory(a);
		if (!a->inv_loaded) {
			printable_eprintf("pmutop: uncore discovery failed: %s\n", a->inv_msg);
			return 1;
		}
		return uncore_report(stdout, &a->inv, a->opt.json) < 0 ? 1 : 0;
	}
	if (a->opt.cpus && (r = filter_cpus(a)))
		return r;
	if (a->opt.hot)
		return hot_main(a);
	if (!a->opt.nevents && !(list = choose_events(a, evbuf, sizeof(evbuf), where, sizeof(where), &with_td)))
		return 2;
	if ((a->opt.nevents || list[0]) && (r = parse_events(a, list, where)))
		return r;
	if (with_td && (r = add_topdown(a)))
		return r;
	if (a->opt.explain) {
		int *plan = app_group_plan(a, &a->evl.flat);

		r = explain_events(stdout, &a->evl.flat, plan, &a->reg, &a->topo, a->opt.json) < 0 ? 1 : 0;
		free(plan);
		return r;
	}
	if (!a->opt.batch && !isatty(STDOUT_FILENO)) {
		printable_eprintf("pmutop: standard output is not a terminal; use -b for batch output "
			"(-b --json, -b -x, -b -o FILE)\n");
		return 2;
	}
	if ((r = app_open_events(a)))
		return r;
	/* the exporter's cgroups: -G's, else the whole tree's, each by its own CPU time (so that
	 * "(other)", the rest of the tree's, counts no time twice); before the command line's targets,
	 * whose first interval starts once all are open, before the command runs */
	if (!a->opt.export_cgroups)
		a->opt.export_cgroups = a->set.export_cgroups;
	if (a->opt.export_cgroups && (a->opt.listen || a->opt.prom || a->set.listen[0] || a->set.textfile[0]) &&
	    !a->opt.wl.ncgroups &&
	    app_wl_pick_tree(a) < 0)
		return 1;
	if ((r = app_wl_open(a)))
		return r;
	/* a sort key from the config must name a column; said before the screen takes over */
	if (a->set.sort_line > 0 && !ui_cols_key_known(&a->model, a->set.sort, keys, sizeof(keys))) {
		printable_eprintf("pmutop: %s:%d: sort: no column \"%s\" (columns: %s)\n", a->set.path,
			a->set.sort_line, a->set.sort, keys);
		return 2;
	}
	if (!a->opt.batch) {
		r = ui_run(a);
		if (r == 0)   /* the command ended: its totals as perf stat prints them (to stderr), its status */
			r = command_summary(a, stderr);
		return r;
	}
	if (a->opt.output && !(out = batch_open_output(a->opt.output)))
		return 1;
	r = batch_run(a, out);
	if (out != stdout && fclose(out) != 0) {
		printable_eprintf("pmutop: cannot write %s: %s\n", a->opt.output, strerror(errno));
		r = 1;
	}
	return r;
}

int pmutop_main(int argc, char **argv)
{
	static struct app app;
	int exit_now, r;

	memset(&app, 0, sizeof(app));
	/* glibc raises its mmap threshold to the size of each large block freed, after which blocks
	 * that size come from the heap, are zeroed there and stay resident: a fixed threshold hands
	 * them back to the kernel when freed (peak RSS of the screen on spr-2s: 9.5 -> 9.0 MB) */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	guard_install();   /* from here on, every way out restores the terminal and removes our tree */
	if ((r = cli_parse_args(&app, argc, argv, &exit_now)) || exit_now)
		return r;
	if (app.opt.list_machines) {
		for (const char *const *n = simm_builtin_names(); *n; n++)
			printf("%s\n", *n);
		return 0;
	}
	r = run(&app);
	exporter_stop(&app);
	app_close(&app);
	return r;
}
