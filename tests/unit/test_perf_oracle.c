/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_perf_oracle.c: pmutop's attributes against perf 6.1's, row by row, over simulated sysfs trees.
 * perf reads a tree when it is bind-mounted over /sys/bus/event_source/devices (and /sys/devices) in a
 * private mount namespace (`unshare -m`, as root); `perf stat -vv` prints each perf_event_attr before
 * its open fails for want of the PMU. Skips with a message where root, unshare or perf is missing. */
#include "t.h"
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#define NFIELDS 13
static const char *const fields[NFIELDS] = {
	"type", "config", "config1", "config2", "pinned", "exclusive", "exclude_user", "exclude_kernel",
	"exclude_hv", "exclude_idle", "exclude_host", "exclude_guest", "precise_ip",
};

struct row {
	const char *tree;    /* built-in machine, "real" (this machine's /sys) */
	const char *event;
	int idx;             /* which of the events (perf_event_attr blocks) to compare */
	const char *differs; /* NULL: must agree. Else why pmutop deliberately differs, as perf behaved
				when the row was written: "perf refuses" (pmutop must take it) or a different
				exclude_guest. It applies only while the perf under test still does so;
				otherwise the row is compared as any other */
};

#define PERF_REFUSES "perf refuses"
static const struct row rows[] = {
	{ "spr-2s", "cycles", 0, NULL },
	{ "spr-2s", "instructions:u", 0, NULL },
	{ "spr-2s", "cycles:k", 0, NULL },
	{ "spr-2s", "cycles:h", 0, NULL },
	{ "spr-2s", "cycles:uk", 0, NULL },
	{ "spr-2s", "cycles:p", 0, NULL },
	{ "spr-2s", "cycles:pp", 0, NULL },
	{ "spr-2s", "cycles:ppp", 0, NULL },
	{ "spr-2s", "cycles:upp", 0, NULL },
	{ "spr-2s", "cycles:G", 0, NULL },
	{ "spr-2s", "cycles:H", 0, NULL },
	{ "spr-2s", "cycles:GH", 0, NULL },
	{ "spr-2s", "cycles:uG", 0, NULL },
	{ "spr-2s", "cycles:I", 0, NULL },
	{ "spr-2s", "cycles:P", 0, NULL },
	{ "spr-2s", "cycles:S", 0, NULL },
	{ "spr-2s", "cycles:D", 0, NULL },
	{ "spr-2s", "cycles:e", 0, NULL },
	{ "spr-2s", "cycles:W", 0, NULL },
	{ "spr-2s", "cycles:b", 0, NULL },
	{ "spr-2s", "{cpu-clock:u,task-clock}:k", 0, NULL },
	{ "spr-2s", "{cpu-clock:u,task-clock}:k", 1, NULL },
	{ "spr-2s", "{cpu-clock,task-clock}:D", 0, NULL },
	{ "spr-2s", "{cpu-clock,task-clock}:D", 1, NULL },
	{ "spr-2s", "{cpu-clock,task-clock}:e", 1, NULL },
	{ "spr-2s", "{cpu-clock:G,task-clock}:u", 0, NULL },
	{ "spr-2s", "{cpu-clock:G,task-clock}:u", 1, NULL },
	{ "spr-2s", "{cpu-clock:k,task-clock:H}:p", 0, NULL },
	{ "spr-2s", "{cpu-clock:k,task-clock:H}:p", 1, NULL },
	{ "spr-2s", "cpu-clock, task-clock", 1, NULL },
	{ "spr-2s", "cpu/event=0x3c,event=0xc0/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,config=0x1234/", 0, NULL },
	{ "spr-2s", "cpu/config=0x1234,event=0x3c/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,cpu-cycles/", 0, NULL },
	{ "spr-2s", "cpu/cpu-cycles,event=0xc0/", 0, NULL },
	{ "spr-2s", "cpu/cpu-cycles,umask=1/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,event/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,config1=5,config1=2/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c, umask=1/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,name=mycycles/", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,period=1000/u", 0, NULL },
	{ "spr-2s", "cpu/event=0x3c,freq=100/", 0, PERF_REFUSES ": 'freq' is not usable in 'perf stat'; pmutop "
					      "takes it and says it is ignored" },
	{ "spr-2s", "cpu/edge/", 0, NULL },
	{ "spr-2s", "cpu/hilo=0x1234/", 0, NULL },
	{ "spr-2s", "cpu/event=0xc0,umask=0x1,inv,cmask=3/", 0, NULL },
	{ "spr-2s", "uncore_imc_free_running_0/read/", 0, NULL },
	{ "spr-2s", "uncore_imc_free_running/read/", 0, NULL },
	{ "spr-2s", "uncore_imc_free_running/read,umask=0x1/", 0, NULL },
	{ "spr-2s", "bad", 0, PERF_REFUSES ": the cpu PMU's topdown-bad-spec alias (as on a real Sapphire "
			      "Rapids) makes its lexer take 'bad' for the start of that name; pmutop finds the alias" },
	{ "spr-2s", "read", 0, PERF_REFUSES ": its lexer reads r+hex as a raw event first; pmutop lets the "
			       "alias win, as everywhere else" },
	{ "spr-2s", "r3c", 0, NULL },
	{ "spr-2s", "r1a8:u", 0, NULL },
	{ "spr-2s", "uncore_imc_0/cas_count_read/", 0, NULL },
	{ "spr-2s", "uncore_imc/cas_count_read,umask=0x30/", 0, NULL },
	{ "spr-2s", "l1-d-loads", 0, NULL },
	{ "spr-2s", "L1-data-load-misses", 0, NULL },
	{ "spr-2s", "l1i-loads", 0, NULL },
	{ "spr-2s", "Instruction-TLB-loads", 0, NULL },
	{ "spr-2s", "bpu-loads", 0, NULL },
	{ "spr-2s", "btb-loads", 0, NULL },
	{ "spr-2s", "L1-dcache", 0, NULL },
	{ "spr-2s", "dTLB-misses", 0, NULL },
	{ "spr-2s", "L1-dcache-miss-load", 0, NULL },
	{ "spr-2s", "L2-prefetches", 0, NULL },
	{ "spr-2s", "bpc-miss", 0, NULL },
	{ "spr-2s", "LLC-speculative-read-ops", 0, NULL },
	{ "spr-2s", "node-Reference", 0, NULL },
	{ "spr-2s", "Data-TLB-write-misses", 0, NULL },
	{ "spr-2s", "branches", 0, NULL },
	{ "spr-2s", "cs:k", 0, NULL },
	{ "adl-hybrid", "cycles", 0, NULL },
	{ "adl-hybrid", "cycles", 1, NULL },
	{ "adl-hybrid", "r3c", 0, NULL },
	{ "adl-hybrid", "r3c", 1, NULL },
	{ "adl-hybrid", "cpu_core/event=0x3c/", 0, NULL },
	{ "adl-hybrid", "cpu_core/cycles/", 0, NULL },
	{ "adl-hybrid", "cpu_atom/instructions/u", 0, NULL },
	{ "adl-hybrid", "{cycles,instructions}:k", 0, NULL },
	{ "adl-hybrid", "instructions:u", 1, NULL },
	{ "adl-hybrid", "L1-dcache-loads", 1, "perf 6.1 leaves exclude_guest clear on hybrid cache events only "
					      "(no event_attr_init on that path); pmutop sets it as for every "
					      "other event" },
	{ "zen4-1s", "cycles:pp", 0, NULL },
	{ "zen4-1s", "{cycles,instructions}:u", 0, NULL },
	{ "real", "sched:sched_switch", 0, NULL },
	{ "real", "sched:sched_switch:u", 0, NULL },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* Inputs perf and pmutop both refuse. */
static const char *const both_refuse[] = {
	"cycles:uu", "cycles:pppp", "l1-dcache-loads", "L1-icache-stores", "cpu/evnt=1/", "cpu/hilo=0x10000/",
	"cpu/event=0x100/", "nopmu/event=1/", "cycles:x",
};
#define NREFUSE (sizeof(both_refuse) / sizeof(both_refuse[0]))

static int sh(const char *cmd)
{
	int r = system(cmd);
	return r == -1 ? -1 : WEXITSTATUS(r);
}

/* The extras a tree gets beyond the simulated machine: an alias that looks like
 * hex (as on real Sapphire Rapids) and a format listed high range first. */
static int add_extras(const char *dir)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd),
		 "d='%s/sys/bus/event_source/devices'; [ -d \"$d/cpu\" ] || exit 0; f=\"$d/uncore_imc_free_running_0\"; "
		 "mkdir -p \"$f/format\" \"$f/events\" && echo 60 >\"$f/type\" && echo 0 >\"$f/cpumask\" && "
		 "echo config:0-7 >\"$f/format/event\" && echo config:8-15 >\"$f/format/umask\" && "
		 "echo event=0xff,umask=0x20 >\"$f/events/read\" && echo event=0xff,umask=0x21 >\"$f/events/bad\" && "
		 "echo config1:24-31,0-7 >\"$d/cpu/format/hilo\"", dir);
	return sh(cmd);
}

/* perf's attribute blocks for each event: out[i][b][f] (value of field f in block b), nb[i] blocks,
 * err[i] set when perf printed a syntax error. */
#define MAXB 64
struct perf_out {
	uint64_t v[MAXB][NFIELDS];
	int nb;
	bool syntax_error;
};

static int field_of(const char *key)
{
	if (!strcmp(key, "{ bp_addr, config1 }"))
		return 2;
	if (!strcmp(key, "{ bp_len, config2 }"))
		return 3;
	for (int f = 0; f < NFIELDS; f++)
		if (!strcmp(key, fields[f]))
			return f;
	return -1;
}

/* Run perf once over the tree for events ev[0..n) and parse its output. root is the
 * tree ("" for this machine's /sys). Returns 0 or -1 when perf could not run. */
static int perf_run(const char *root, const char *const *ev, int n, struct perf_out *out)
{
	char path[256], line[512], *cmd;
	size_t len = 4096;
	int cur = -1;
	FILE *f;

	for (int i = 0; i < n; i++)
		len += strlen(ev[i]) + 4;
	cmd = malloc(len);
	snprintf(path, sizeof(path), "/tmp/pmutop-oracle-%d.out", (int)getpid());
	if (root[0])
		snprintf(cmd, len, "unshare -m sh -c 'mount --bind \"$0/sys/bus/event_source/devices\" "
			 "/sys/bus/event_source/devices && mount --bind \"$0/sys/devices\" /sys/devices || exit 97; "
			 "for e in \"$@\"; do echo \"=== $e\"; perf stat -vv -e \"$e\" true 2>&1; done; exit 0' '%s'", root);
	else
		snprintf(cmd, len, "sh -c 'for e in \"$@\"; do echo \"=== $e\"; perf stat -vv -e \"$e\" true 2>&1; "
			 "done; exit 0' sh");
	for (int i = 0; i < n; i++)
		snprintf(cmd + strlen(cmd), len - strlen(cmd), " '%s'", ev[i]);
	snprintf(cmd + strlen(cmd), len - strlen(cmd), " >%s 2>&1", path);
	if (sh(cmd) != 0) {
		free(cmd);
		return -1;
	}
	free(cmd);
	memset(out, 0, sizeof(*out) * (size_t)n);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char key[64];
		unsigned long long v;
		int fi, off = 0;

		if (!strncmp(line, "=== ", 4)) {
			cur++;
			continue;
		}
		if (cur < 0 || cur >= n)
			continue;
		if (strstr(line, "event syntax error") || strstr(line, "Run 'perf list' for a list of valid events"))
			out[cur].syntax_error = true;
		if (!strncmp(line, "perf_event_attr:", 16)) {
			out[cur].nb++;
			continue;
		}
		if (out[cur].nb == 0 || out[cur].nb > MAXB || line[0] != ' ' || line[1] != ' ')
			continue;
		/* "  key   value": the key may hold spaces ("{ bp_addr, config1 }") */
		if (line[2] == '{') {
			char *e = strchr(line, '}');
			if (!e)
				continue;
			snprintf(key, sizeof(key), "%.*s", (int)(e - line - 1), line + 2);
			off = (int)(e - line + 1);
		} else if (sscanf(line, " %63s%n", key, &off) != 1) {
			continue;
		}
		if ((fi = field_of(key)) < 0 || sscanf(line + off, "%lli", (long long *)&v) != 1)
			continue;
		out[cur].v[out[cur].nb - 1][fi] = v;
	}
	fclose(f);
	unlink(path);
	return 0;
}

static uint64_t ours(const struct ev_spec *e, int f)
{
	switch (f) {
	case 0: return e->type;
	case 1: return e->config;
	case 2: return e->config1;
	case 3: return e->config2;
	case 4: return e->pinned;
	case 5: return e->exclusive;
	case 6: return e->exclude_user;
	case 7: return e->exclude_kernel;
	case 8: return e->exclude_hv;
	case 9: return e->exclude_idle;
	case 10: return e->exclude_host;
	case 11: return e->exclude_guest;
	default: return e->precise_ip;
	}
}

/* Build the tree (or take this machine's), load its PMUs, compare every row of it. */
static void run_tree(const char *tree)
{
	const char *ev[NROWS + NREFUSE];
	struct perf_out *po;
	struct pmu_registry reg;
	char dir[256] = "", msg[300], cmd[400];
	int n = 0, nrow = 0;

	for (size_t i = 0; i < NROWS; i++)
		if (!strcmp(rows[i].tree, tree))
			ev[n++] = rows[i].event;
	nrow = n;
	if (!strcmp(tree, "spr-2s"))
		for (size_t i = 0; i < NREFUSE; i++)
			ev[n++] = both_refuse[i];
	if (strcmp(tree, "real") != 0) {
		struct sim_machine *m = simm_load(tree, msg, sizeof(msg));

		snprintf(dir, sizeof(dir), "/tmp/pmutop-oracle-%d-%s", (int)getpid(), tree);
		if (!m || simm_write_tree(m, dir) < 0 || add_extras(dir) != 0) {
			CHECK(0, "%s: cannot build the tree: %s", tree, m ? "write failed" : msg);
			simm_free(m);
			return;
		}
		simm_free(m);
		snprintf(msg, sizeof(msg), "%s/sys", dir);
		sysfs_set_root(msg);
	} else {
		if (access("/sys/kernel/tracing/events/sched/sched_switch/id", R_OK) != 0) {
			printf("SKIP %s:perf_agrees_%s: no tracefs at /sys/kernel/tracing (mount -t tracefs "
			       "nodev /sys/kernel/tracing)\n", t_file, tree);
			return;
		}
		sysfs_set_root("/sys");
	}
	po = calloc((size_t)n, sizeof(*po));
	if (pmus_load(&reg) < 0 || !po || perf_run(dir, ev, n, po) < 0) {
		CHECK(0, "%s: perf or the tree did not run", tree);
		goto out;
	}
	for (int i = 0, r = 0; i < n; i++) {
		const struct row *w = NULL;
		struct ev_list l = { 0 };
		struct ev_error err;
		int rc = evparse(ev[i], &reg, NULL, &l, &err);

		if (i < nrow) {
			while (strcmp(rows[r].tree, tree))
				r++;
			w = &rows[r++];
		}
		/* A recorded difference holds only while this perf still behaves that way: where perf now
		 * takes what an older point release refused, pmutop must agree with it field by field. */
		bool perf_refused = w && w->differs && !strncmp(w->differs, PERF_REFUSES, strlen(PERF_REFUSES));

		if (perf_refused && !po[i].syntax_error) {
			printf("     note: %s: this perf takes it (the recorded difference, \"%s\", no longer "
			       "applies): compared field by field\n", ev[i], w->differs);
			perf_refused = false;
		}
		if (!w && !po[i].syntax_error) {
			/* perf now takes an input it used to refuse: pmutop must take it the same way */
			printf("     note: %s: this perf takes it: compared field by field\n", ev[i]);
			CHECK(rc == 0 && l.n > 0 && po[i].nb > 0, "%s: perf takes it, pmutop %d (%s)", ev[i], rc,
			      rc ? err.msg : "ok");
			for (int f = 0; rc == 0 && l.n > 0 && po[i].nb > 0 && f < NFIELDS; f++)
				CHECK(ours(&l.ev[0], f) == po[i].v[0][f], "%s %s: pmutop 0x%llx, perf 0x%llx", ev[i],
				      fields[f], (unsigned long long)ours(&l.ev[0], f), (unsigned long long)po[i].v[0][f]);
		} else if (!w) {
			CHECK(rc < 0, "%s: both should refuse (pmutop %d, perf refused)", ev[i], rc);
		} else if (perf_refused) {
			CHECK(rc == 0, "%s: perf refuses it, pmutop should take it (pmutop %d: %s)", ev[i], rc,
			      rc ? err.msg : "");
			printf("     note: %s: %s\n", ev[i], w->differs);
		} else if (rc < 0 || l.n <= w->idx || po[i].nb <= w->idx) {
			CHECK(0, "%s: pmutop %d events (%s), perf %d attribute blocks%s", ev[i], l.n, rc ? err.msg : "ok",
			      po[i].nb, po[i].syntax_error ? " (syntax error)" : "");
		} else {
			int b0 = w->idx;

			/* PMU instances may come in another order: take perf's block of the same type */
			for (int k = 0; k < po[i].nb && k < MAXB && po[i].v[b0][0] != l.ev[w->idx].type; k++)
				if (po[i].v[k][0] == l.ev[w->idx].type)
					b0 = k;
			for (int f = 0; f < NFIELDS; f++) {
				uint64_t a = ours(&l.ev[w->idx], f), b = po[i].v[b0][f];

				if (w->differs && f == 11 && a != b) {
					printf("     note: %s: exclude_guest pmutop %llu, perf %llu: %s\n", ev[i],
					       (unsigned long long)a, (unsigned long long)b, w->differs);
					continue;
				}
				CHECK(a == b, "%s [%d] %s: pmutop 0x%llx, perf 0x%llx", ev[i], w->idx, fields[f],
				      (unsigned long long)a, (unsigned long long)b);
			}
		}
		ev_list_free(&l);
	}
out:
	free(po);
	pmus_free(&reg);
	if (dir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		sh(cmd);
	}
}

TEST(perf_agrees)
{
	if (geteuid() != 0)
		T_SKIP("needs root for unshare -m and bind mounts");
	if (sh("command -v perf >/dev/null 2>&1") != 0)
		T_SKIP("perf is not installed");
	if (sh("unshare -m true >/dev/null 2>&1") != 0)
		T_SKIP("unshare -m is not allowed here");
	/* which perf this run asked: every difference below is checked against it, not remembered */
	sh("printf '     perf under test: '; perf version 2>&1 | head -n 1");
	run_tree("spr-2s");
	run_tree("adl-hybrid");
	run_tree("zen4-1s");
	run_tree("real");
}

int main(void)
{
	RUN(perf_agrees);
	T_DONE();
}
