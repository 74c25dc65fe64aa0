/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cli_args.c: the command line's options: the table, --help, --version, and what they say together. */
#include "cli_args.h"
#include "app/app.h"
#include "app/app_wl.h"
#include "base/buildinfo.h"
#include "base/printable.h"
#include "hw/sys/cpuid.h"
#include "hw/sys/proctask.h"
#include "config/settings.h"
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OPT_JSON = 256, OPT_SYSFS, OPT_SIM, OPT_SIM_FAULT, OPT_REPLAY, OPT_TOPOLOGY, OPT_PCI_DUMP,
       OPT_LIST_UNCORE, OPT_EXPLAIN, OPT_CONFIG, OPT_LIST_MACHINES, OPT_LIST_OPTIONS, OPT_SIM_TREE,
       OPT_LISTEN, OPT_PROM, OPT_QUIET, OPT_LIST_EVENTS, OPT_CPUID, OPT_EVENTS_DIR,
       OPT_COLOR, OPT_EVENTS_EXPERIMENTAL, OPT_WEB_CONFIG, OPT_NO_CPU_GAUGES, OPT_EXPORT_CGROUPS, OPT_RDT,
       OPT_RDT_CPU_GROUPS, OPT_SIM_CLOCK, OPT_FLEET, OPT_FLEET_TARGETS, OPT_FLEET_LABEL, OPT_FLEET_WINDOW,
       OPT_FLEET_HOST, OPT_FLEET_USER, OPT_FLEET_PASSWORD_FILE, OPT_FLEET_BEARER_FILE, OPT_FLEET_CA,
       OPT_FLEET_CERT, OPT_FLEET_KEY, OPT_HOT };

static const struct option long_opts[] = {
	{ "batch", no_argument, NULL, 'b' },
	{ "count", required_argument, NULL, 'n' },
	{ "delay", required_argument, NULL, 'd' },
	{ "cpu", required_argument, NULL, 'C' },
	{ "events", required_argument, NULL, 'e' },
	{ "event-set", required_argument, NULL, 'E' },
	{ "output", required_argument, NULL, 'o' },
	{ "field-separator", required_argument, NULL, 'x' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "sysfs", required_argument, NULL, OPT_SYSFS },
	{ "sim", required_argument, NULL, OPT_SIM },
	{ "sim-fault", required_argument, NULL, OPT_SIM_FAULT },
	{ "sim-tree", required_argument, NULL, OPT_SIM_TREE },
	{ "sim-clock", required_argument, NULL, OPT_SIM_CLOCK },
	{ "list-machines", no_argument, NULL, OPT_LIST_MACHINES },
	{ "replay", required_argument, NULL, OPT_REPLAY },
	{ "topology", required_argument, NULL, OPT_TOPOLOGY },
	{ "pci-dump", required_argument, NULL, OPT_PCI_DUMP },
	{ "list-uncore", no_argument, NULL, OPT_LIST_UNCORE },
	{ "explain-events", no_argument, NULL, OPT_EXPLAIN },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "list-options", no_argument, NULL, OPT_LIST_OPTIONS },
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "prom", required_argument, NULL, OPT_PROM },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "web-config", required_argument, NULL, OPT_WEB_CONFIG },
	{ "no-cpu-gauges", no_argument, NULL, OPT_NO_CPU_GAUGES },
	{ "export-cgroups", optional_argument, NULL, OPT_EXPORT_CGROUPS },
	{ "rdt", no_argument, NULL, OPT_RDT },
	{ "rdt-cpu-groups", no_argument, NULL, OPT_RDT_CPU_GROUPS },
	{ "hot", no_argument, NULL, OPT_HOT },
	{ "color", optional_argument, NULL, OPT_COLOR },
	{ "list-events", no_argument, NULL, OPT_LIST_EVENTS },
	{ "cpuid", required_argument, NULL, OPT_CPUID },
	{ "events-dir", required_argument, NULL, OPT_EVENTS_DIR },
	{ "events-experimental", no_argument, NULL, OPT_EVENTS_EXPERIMENTAL },
	{ "fleet", optional_argument, NULL, OPT_FLEET },
	{ "fleet-targets", required_argument, NULL, OPT_FLEET_TARGETS },
	{ "fleet-label", required_argument, NULL, OPT_FLEET_LABEL },
	{ "fleet-window", required_argument, NULL, OPT_FLEET_WINDOW },
	{ "fleet-host", required_argument, NULL, OPT_FLEET_HOST },
	{ "fleet-user", required_argument, NULL, OPT_FLEET_USER },
	{ "fleet-password-file", required_argument, NULL, OPT_FLEET_PASSWORD_FILE },
	{ "fleet-bearer-file", required_argument, NULL, OPT_FLEET_BEARER_FILE },
	{ "fleet-ca", required_argument, NULL, OPT_FLEET_CA },
	{ "fleet-cert", required_argument, NULL, OPT_FLEET_CERT },
	{ "fleet-key", required_argument, NULL, OPT_FLEET_KEY },
	{ "pid", required_argument, NULL, 'p' },
	{ "tid", required_argument, NULL, 't' },
	{ "cgroup", required_argument, NULL, 'G' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *f)
{
	fprintf(f,
"Usage: pmutop [OPTIONS] [-- COMMAND [ARGS]]\n"
"A top for CPU hardware performance counters (perf_event_open).\n\n"
"  -e, --events LIST        events in perf syntax: cycles, cpu/event=0x3c,umask=0/, {a,b}, ...\n"
"  -E, --event-set NAME     a named event set (default, cache, branch, memory, uncore, topdown, or\n"
"                           [eventset NAME])\n"
"  -d, --delay SECONDS      refresh interval (default 1, or [display] interval)\n"
"  -C, --cpu LIST           count only these CPUs (0-3,8)\n"
"  -p, --pid PID[,PID...]   also count these processes (their threads, and what they start)\n"
"  -t, --tid TID[,TID...]   also count these threads\n"
"  -G, --cgroup PATH[,...]  also count these cgroups (from the cgroup mount, or absolute)\n"
"  -- COMMAND [ARGS]        count COMMAND from its start to its end, then exit with its status\n"
"  -b, --batch              no curses: one sample per interval on stdout (or -o FILE)\n"
"  -n, --count N            stop after N samples\n"
"  -x, --field-separator S  batch rows in the perf stat -a -A -I -x S format (a recording)\n"
"      --json               batch output as one JSON object per interval\n"
"      --hot                the hot functions (sampling) of the CPUs, -p PID or -G CGROUP with -b:\n"
"                           ranked per interval; -e EVENT or a group {a,b,c}:S (default cycles,\n"
"                           else cpu-clock); docs/hot.md\n"
"  -o, --output FILE        batch output file\n"
"      --replay FILE        play a recording (pmutop -x or perf stat -a -A -I -x) in the TUI, or with -b\n"
"                           (with -b also a pipe or FIFO; - is standard input)\n"
"      --topology FILE      CPU to socket/core map for a replay (lscpu -p output)\n"
"      --sim MACHINE        run on a simulated machine (see --list-machines; or a description file)\n"
"      --sim-fault SPEC     inject faults into the simulated kernel: eacces, emfile=N,\n"
"                           enodev=CPU@SECONDS[-SECONDS], shortread=N, readfail=N,\n"
"                           throttle=RATE\n"
"      --sim-tree DIR       write the simulated machine's sysfs tree to DIR and exit\n"
"      --sim-clock MODE     wall (default), or step: the simulated clock moves exactly one\n"
"                           interval a refresh, so runs repeat exactly (batch does not wait);\n"
"                           step:N also pauses the screen after every N refreshes (p: N more)\n"
"      --list-machines      list the built-in simulated machines\n"
"      --sysfs DIR          read sysfs under DIR instead of /sys (also PMUTOP_SYSFS)\n"
"      --list-uncore        print the uncore PMON discovery inventory and exit (with --json: JSON)\n"
"      --pci-dump FILE      read PCI config space from an `lspci -xxxx` dump instead of sysfs\n"
"      --explain-events [LIST] print how each event of LIST (or -e) resolves and exit (--json: JSON)\n"
"      --list-events [GLOB] list event names (sysfs aliases, vendor JSON tables, libpfm4) with PMU,\n"
"                           source and description, and exit (with --json: every field)\n"
"      --events-dir DIR     vendor event tables: Intel perfmon or the kernel's pmu-events folder\n"
"                           with mapfile.csv (also PMUTOP_EVENTS_DIR, [events] dir,\n"
"                           $XDG_CACHE_HOME/pmu-events, %s)\n"
"      --events-experimental  also Intel's *_experimental.json tables (left out unless asked)\n"
"      --cpuid STRING       the CPU the tables are chosen for (GenuineIntel-6-8F-8, Arm MIDR;\n"
"                           also PMUTOP_CPUID), instead of the one in /proc/cpuinfo\n"
"      --config FILE        configuration file (default: $XDG_CONFIG_HOME/pmutop/pmutop.conf,\n"
"                           then %s)\n"
"      --list-options       print every configuration option with its default\n"
"      --listen [ADDR:]PORT serve Prometheus metrics at http://ADDR:PORT/metrics (ADDR 127.0.0.1\n"
"                           unless given: 0.0.0.0:PORT, [::1]:PORT); with -b and no -n: until stopped\n"
"      --prom FILE          rewrite FILE with the same metrics after every interval (atomically)\n"
"      --quiet              with -b: write no rows, only export\n"
"      --web-config FILE    TLS and basic authentication for --listen: tls_server_config (cert_file,\n"
"                           key_file) and basic_auth_users (bcrypt), as Prometheus' exporters read\n"
"      --no-cpu-gauges      export the derived gauges (IPC, frequency...) per socket only\n"
"      --export-cgroups[=N] export the N busiest cgroups (default 5; -G's, else the whole tree's,\n"
"                           each by its own CPU time), the rest summed as cgroup=\"(other)\"\n"
"      --rdt                RDT/PQoS monitoring (resctrl) asked for: say why when there is none\n"
"                           (its figures are shown whenever resctrl is mounted with L3 monitoring)\n"
"      --rdt-cpu-groups     make a resctrl monitoring group per counted CPU (one RMID each) for\n"
"                           per-CPU occupancy and bandwidth, removed at exit ([rdt] cpu_groups)\n"
"      --fleet [URL]        a row per host from a Prometheus query API (Prometheus, Thanos, Mimir,\n"
"                           VictoriaMetrics; [fleet] url when no URL); with -b: JSON or -x rows\n"
"      --fleet-targets LIST scrape these exporters (host:port,...) directly instead of a query API\n"
"      --fleet-label NAME   the label naming a host (default instance)\n"
"      --fleet-window SECONDS  rate window (default: four of Prometheus' scrape intervals)\n"
"      --fleet-host NAME    with -b: that host's sockets, CPUs, cgroups (drill-down)\n"
"      --fleet-user USER    basic authentication, with --fleet-password-file FILE (its first line)\n"
"      --fleet-bearer-file FILE  a bearer token (first line) for the query API\n"
"      --fleet-ca FILE      CA bundle for an https:// query API; --fleet-cert FILE --fleet-key FILE:\n"
"                           a client certificate\n"
"      --color[=WHEN]       colours: auto (unless NO_COLOR is set or the terminal has none),\n"
"                           always (the default WHEN), never; over [display] color\n"
"  -h, --help               this help;  -V, --version  the version and the paths built in\n",
		buildinfo_eventsdir(), buildinfo_system_conf());
}

/* -V: what a bug report needs to tell builds apart, and where this build looks for its files */
static void version(void)
{
	if (*buildinfo_gitdesc())
		printf("pmutop %s (git %s)\n", buildinfo_version(), buildinfo_gitdesc());
	else
		printf("pmutop %s\n", buildinfo_version());
	printf("system config: %s\n", buildinfo_system_conf());
	printf("event tables:  %s (after --events-dir, PMUTOP_EVENTS_DIR, [events] dir, "
	       "$XDG_CACHE_HOME/pmu-events)\n", buildinfo_eventsdir());
}

static int fail_usage(const char *fmt, const char *arg)
{
	printable_eprintf("pmutop: ");
	printable_eprintf(fmt, arg);
	printable_eprintf("\nTry 'pmutop --help'.\n");
	return 2;
}

/* An option getopt refused (c is '?' or ':'), in one line: unknown, ambiguous, missing or extra
 * argument. getopt says which through optopt: 0 for a long option it could not match, the option's
 * value for one with a missing or extra argument, the letter of an unknown short option. */
static int bad_option(char **argv, int c)
{
	const char *arg = optind > 0 && argv[optind - 1] ? argv[optind - 1] : "";
	bool is_long = strncmp(arg, "--", 2) == 0 &&
		       (optopt == 0 || optopt >= 256 || c == ':' || strchr("bndCeEoxptGhV", optopt));
	char shortopt[3] = { '-', (char)optopt, '\0' }, list[512] = "";
	size_t n, used = 0;
	int hits = 0;

	if (!is_long)
		return fail_usage(c == ':' ? "option '%s' needs an argument" : "unknown option '%s'", shortopt);
	if (c == ':')
		return fail_usage("option '%s' needs an argument", arg);
	n = strcspn(arg + 2, "=");
	snprintf(list, sizeof(list), "%.*s", (int)(n + 2), arg);
	if (optopt != 0)
		return fail_usage("option '%s' takes no argument", list);
	list[0] = '\0';
	for (int i = 0; long_opts[i].name; i++)
		if (strncmp(long_opts[i].name, arg + 2, n) == 0) {
			if (used < sizeof(list))
				used += (size_t)snprintf(list + used, sizeof(list) - used, "%s--%s", hits ? ", " : "",
							 long_opts[i].name);
			hits++;
		}
	if (hits > 1) {
		printable_eprintf("pmutop: option '%.*s' is ambiguous: %s\nTry 'pmutop --help'.\n", (int)(n + 2), arg, list);
		return 2;
	}
	return fail_usage("unknown option '%s'", arg);
}

/* -p, -t: PID lists; -G: cgroup paths (each may hold several, comma-separated, as perf's). */
static int add_targets(struct app *a, int c, char *arg)
{
	struct app_wl_opts *o = &a->opt.wl;
	int bad, r;

	if (c == 'G') {
		for (char *p = arg, *next; p; p = next) {
			if ((next = strchr(p, ',')))
				*next++ = '\0';
			if (!*p)
				return fail_usage("-G needs cgroup paths separated by commas%s", "");
			if (o->ncgroups == APP_WL_TARGETS_MAX)
				return fail_usage("too many cgroups (at most 1024)%s", "");
			o->cgroups[o->ncgroups++] = p;
		}
		return 0;
	}
	r = c == 'p' ? proctask_parse_list(arg, o->pids, &o->npids, APP_WL_TARGETS_MAX, &bad)
		     : proctask_parse_list(arg, o->tids, &o->ntids, APP_WL_TARGETS_MAX, &bad);
	if (r == -E2BIG)
		return fail_usage("too many PIDs (at most 1024)%s", "");
	if (r < 0) {
		printable_eprintf("pmutop: -%c %s: not a list of %s (1 to %d, comma-separated): '%s'\n"
				  "Try 'pmutop --help'.\n", c, arg, c == 'p' ? "process IDs" : "thread IDs",
				  PROCTASK_PID_MAX, arg + bad);
		return 2;
	}
	return 0;
}

/* What the options say together, after they are read: the command after --, the choices that
 * exclude each other, batch output implying -b. 0, or the usage error's exit status (said). */
static int check_args(struct app *a, int argc, char **argv, const char *sim_clock)
{
	if (a->opt.list_events && optind < argc)
		a->opt.list_glob = argv[optind++];
	/* --explain-events LIST...: each as an -e (perf's own event lists are given so) */
	while (a->opt.explain && optind < argc && strcmp(argv[optind - 1], "--") != 0) {
		if (a->opt.nevents == APP_EVENT_OPTS_MAX)
			return fail_usage("too many event lists (join lists with commas)%s", "");
		a->opt.events[a->opt.nevents++] = argv[optind++];
	}
	if (optind < argc && strcmp(argv[optind - 1], "--") != 0)
		return fail_usage("unexpected argument '%s' (a command to count goes after --)", argv[optind]);
	if (optind < argc) {
		a->opt.wl.command = &argv[optind];
		a->opt.wl.command_quiet = !a->opt.batch && !a->opt.json && !a->opt.sep && !a->opt.output;
		if (a->opt.do_replay)
			return fail_usage("--replay plays a recording; it counts no command ('%s')", argv[optind]);
	}
	if (app_wl_wanted(a) && a->opt.do_replay)
		return fail_usage("-p, -t and -G count live processes and cgroups; a recording (--replay) has none%s", "");
	if (sim_clock && strcmp(sim_clock, "step") && strcmp(sim_clock, "wall") && !a->opt.sim_step_clock)
		return fail_usage("--sim-clock takes wall, step or step:N, not '%s'", sim_clock);
	if (a->opt.sim_step_clock && sim_clock[4] == ':') {   /* step:N, N refreshes between pauses */
		char *end;
		long n = strtol(sim_clock + 5, &end, 10);

		if (end == sim_clock + 5 || *end || n < 1 || n > 1000000)
			return fail_usage("--sim-clock step:N needs N from 1 to 1000000 refreshes, not '%s'",
					  sim_clock + 5);
		a->opt.sim_pause_every = (int)n;
	}
	if (a->opt.sim_step_clock && !a->opt.sim)
		return fail_usage("--sim-clock step drives a simulated machine's clock: give the machine "
				  "with --sim MACHINE%s", "");
	if (a->opt.sim_tree && !a->opt.sim)
		return fail_usage("--sim-tree DIR writes a simulated machine's tree: give the machine "
				  "with --sim MACHINE (see --list-machines)%s", "");
	/* --json, -x and -o describe batch output: they imply -b (-n alone keeps the screen and
	 * quits after N refreshes, as top -n does); --list-uncore and --explain-events print
	 * their own report and exit */
	if ((a->opt.json || a->opt.sep || a->opt.output) && !a->opt.list_uncore && !a->opt.explain)
		a->opt.batch = true;
	if (a->opt.sim && a->opt.sysfs)
		return fail_usage("--sim and --sysfs both choose the machine; give one%s", "");
	if (a->opt.do_replay && a->opt.sim)
		return fail_usage("--replay and --sim both choose the source; give one%s", "");
	if (a->opt.hot && (a->opt.do_replay || a->opt.wl.command || a->opt.wl.ntids ||
			   a->opt.wl.npids + a->opt.wl.ncgroups + !!a->opt.cpus > 1))
		return fail_usage("--hot samples one target: the CPUs (all, or -C LIST), one -p PID or one -G "
				  "CGROUP (not a recording, -t or a command)%s", "");
	if (a->opt.hot && !a->opt.batch)
		return fail_usage("--hot writes its rows in batch mode: add -b (with --json or -x SEP); the "
				  "screen's hot-spots panel is still to come%s", "");
	/* the screen counts this machine too (its views beside the fleet's); batch mode prints the
	 * fleet's rows only */
	if (a->opt.fleet_on && a->opt.batch &&
	    (a->opt.sim || a->opt.do_replay || a->opt.listen || a->opt.nevents || optind < argc))
		return fail_usage("--fleet -b prints other hosts' rows: it counts nothing here (no --sim, "
				  "--replay, --listen, -e or command; without -b the screen counts this machine "
				  "beside the fleet view)%s", "");
	if (a->opt.fleet_host && !a->opt.batch)
		return fail_usage("--fleet-host %s is for -b; on the screen, Enter on a host's row shows "
				  "its sockets and CPUs", a->opt.fleet_host);
	if (a->opt.fleet_host && !a->opt.fleet_on)
		return fail_usage("--fleet-host %s: give the query API with --fleet URL", a->opt.fleet_host);
	return 0;
}

/* The --fleet options: 0, the usage error's exit status (said), or -1 when c is none of them. */
static int fleet_option(struct app *a, int c, int argc, char **argv)
{
	char *end;

	switch (c) {
	case OPT_FLEET:
		a->opt.fleet_on = true;
		/* --fleet URL as well as --fleet=URL; --fleet alone: [fleet] url */
		if (!optarg && optind < argc && argv[optind][0] != '-')
			optarg = argv[optind++];
		a->opt.fleet.url = optarg;
		break;
	case OPT_FLEET_TARGETS: a->opt.fleet_on = true; a->opt.fleet.targets = optarg; break;
	case OPT_FLEET_LABEL: a->opt.fleet.label = optarg; break;
	case OPT_FLEET_WINDOW:
		a->opt.fleet.window = strtod(optarg, &end);
		if (*end || !(a->opt.fleet.window >= 1 && a->opt.fleet.window <= 86400))
			return fail_usage("--fleet-window needs seconds from 1 to 86400, not '%s'", optarg);
		break;
	case OPT_FLEET_HOST: a->opt.fleet_host = optarg; break;
	case OPT_FLEET_USER: a->opt.fleet.user = optarg; break;
	case OPT_FLEET_PASSWORD_FILE: a->opt.fleet.password_file = optarg; break;
	case OPT_FLEET_BEARER_FILE: a->opt.fleet.bearer_file = optarg; break;
	case OPT_FLEET_CA: a->opt.fleet.ca = optarg; break;
	case OPT_FLEET_CERT: a->opt.fleet.cert = optarg; break;
	case OPT_FLEET_KEY: a->opt.fleet.key = optarg; break;
	default: return -1;
	}
	return 0;
}

int cli_parse_args(struct app *a, int argc, char **argv, int *exit_now)
{
	int c, r;
	char *end;
	const char *sim_clock = NULL;

	*exit_now = 0;
	optind = 1;
	opterr = 0;   /* bad_option says it in one line, with the way to the help */
	while ((c = getopt_long(argc, argv, ":bn:d:C:e:E:o:x:p:t:G:hV", long_opts, NULL)) != -1) {
		switch (c) {
		case 'b': a->opt.batch = true; break;
		case 'n':
			a->opt.count = (int)strtol(optarg, &end, 10);
			if (*end || a->opt.count <= 0)
				return fail_usage("-n needs a positive count, not '%s'", optarg);
			break;
		case 'd':
			a->opt.delay = strtod(optarg, &end);
			if (*end || !(a->opt.delay >= INTERVAL_MIN) || a->opt.delay > INTERVAL_MAX)
				/* the range is INTERVAL_MIN..INTERVAL_MAX, as in the config and the keys */
				return fail_usage("-d needs seconds from 0.001 to 3600, not '%s'", optarg);
			break;
		case 'C': a->opt.cpus = optarg; break;
		case 'e':
			if (a->opt.nevents == APP_EVENT_OPTS_MAX)
				return fail_usage("too many -e options (join lists with commas)%s", "");
			a->opt.events[a->opt.nevents++] = optarg;
			break;
		case 'E': a->opt.evset = optarg; break;
		case 'p': case 't': case 'G':
			if (add_targets(a, c, optarg))
				return 2;
			break;
		case 'o': a->opt.output = optarg; break;
		case 'x':
			if (!*optarg)
				return fail_usage("-x needs a separator%s", "");
			/* a name's bytes equal to the separator's are written \xNN: the escapes and the
			 * numbers are made of backslashes, letters and digits, which it then cannot hold */
			if (optarg[strcspn(optarg, "\\0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")])
				return fail_usage("-x %s: the separator cannot hold a letter, a digit or a backslash",
						  optarg);
			a->opt.sep = optarg;
			break;
		case OPT_JSON: a->opt.json = true; break;
		case OPT_SYSFS: a->opt.sysfs = optarg; break;
		case OPT_SIM: a->opt.sim = optarg; break;
		case OPT_SIM_FAULT: a->opt.sim_fault = optarg; break;
		case OPT_SIM_TREE: a->opt.sim_tree = optarg; break;
		case OPT_SIM_CLOCK:   /* wall or step; checked after the loop */
			a->opt.sim_step_clock = !strncmp(optarg, "step", 4) && (!optarg[4] || optarg[4] == ':');
			sim_clock = optarg;
			break;
		case OPT_LIST_MACHINES: a->opt.list_machines = true; break;
		case OPT_REPLAY: a->opt.replay = optarg; a->opt.do_replay = true; break;
		case OPT_TOPOLOGY: a->opt.topology = optarg; break;
		case OPT_PCI_DUMP: a->opt.pci_dump = optarg; break;
		case OPT_LIST_UNCORE: a->opt.list_uncore = true; break;
		case OPT_EXPLAIN: a->opt.explain = true; break;
		case OPT_CONFIG: a->opt.config = optarg; break;
		case OPT_LISTEN: a->opt.listen = optarg; break;
		case OPT_PROM: a->opt.prom = optarg; break;
		case OPT_QUIET: a->opt.quiet = true; break;
		case OPT_WEB_CONFIG: a->opt.web_config = optarg; break;
		case OPT_NO_CPU_GAUGES: a->opt.no_cpu_gauges = true; break;
		case OPT_EXPORT_CGROUPS:
			a->opt.export_cgroups = optarg ? (int)strtol(optarg, &end, 10) : 5;
			if (optarg && (*end || a->opt.export_cgroups < 1 || a->opt.export_cgroups > 1000))
				return fail_usage("--export-cgroups takes a number of cgroups from 1 to 1000, not '%s'", optarg);
			break;
		case OPT_RDT: a->opt.rdt = true; break;
		case OPT_RDT_CPU_GROUPS: a->opt.rdt_cpu_groups = a->opt.rdt = true; break;
		case OPT_HOT: a->opt.hot = true; break;
		case OPT_COLOR:
			if (!optarg || strcmp(optarg, "always") == 0)
				a->opt.color = COLOR_ALWAYS + 1;
			else if (strcmp(optarg, "auto") == 0)
				a->opt.color = COLOR_AUTO + 1;
			else if (strcmp(optarg, "never") == 0)
				a->opt.color = COLOR_NEVER + 1;
			else
				return fail_usage("--color takes auto, always or never, not '%s'", optarg);
			break;
		case OPT_LIST_EVENTS: a->opt.list_events = true; break;
		case OPT_CPUID:
			if (cpuid_check(optarg) < 0)
				return fail_usage("--cpuid needs an identifier like GenuineIntel-6-8F-8, not '%s'", optarg);
			a->opt.cpuid = optarg;
			break;
		case OPT_EVENTS_DIR: a->opt.events_dir = optarg; break;
		case OPT_EVENTS_EXPERIMENTAL: a->opt.events_experimental = true; break;
		case OPT_LIST_OPTIONS: settings_print_table(); *exit_now = 1; return 0;
		case 'h': usage(stdout); *exit_now = 1; return 0;
		case 'V': version(); *exit_now = 1; return 0;
		default:
			if ((r = fleet_option(a, c, argc, argv)) < 0)
				return bad_option(argv, c);
			if (r)
				return r;
			break;
		}
	}
	return check_args(a, argc, argv, sim_clock);
}
