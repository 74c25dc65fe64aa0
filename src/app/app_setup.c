/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_setup.c: bring a machine up (live, --sysfs or --sim), open the events, and tear it all down.
 * Shared by the command line, the tests and the benchmarks. */
#include "app.h"
#include "app_hot.h"
#include "app_rdt.h"
#include "base/printable.h"
#include "guard.h"
#include "base/errmsg.h"
#include "hw/sys/fsat.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/perf/counters.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/sys/sysfs.h"
#include "app_topdown.h"
#include "app_skt.h"
#include "app_wl.h"
#include "session.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/utsname.h>
#include <unistd.h>

static void describe_machine(struct app *a)
{
	struct utsname u;
	char buf[32];

	if (a->sim) {   /* the simulated machine's, not this one's: its screens repeat anywhere */
		snprintf(a->kernel, sizeof(a->kernel), "simulated");
		snprintf(a->host, sizeof(a->host), "%s", simm_name(a->sim));
	} else if (uname(&u) == 0) {
		snprintf(a->kernel, sizeof(a->kernel), "%s", u.release);
		snprintf(a->host, sizeof(a->host), "%s", u.nodename);
	}
	a->paranoid = procfs_read("sys/kernel/perf_event_paranoid", buf, sizeof(buf)) > 0 ? atoi(buf) : -99;
	if (a->reg.ncore == 0 && a->opt.sim)
		snprintf(a->hw_reason, sizeof(a->hw_reason),
			 "no hardware PMU: the simulated machine %s has no cpu PMU%s; software events only",
			 a->opt.sim, a->topo.hypervisor ? " (a virtual machine)" : "");
	else if (a->reg.ncore == 0)
		snprintf(a->hw_reason, sizeof(a->hw_reason),
			 "no hardware PMU: %s/bus/event_source/devices has no cpu PMU%s; software events only",
			 sysfs_root(), a->topo.hypervisor ? " (virtual machine: the hypervisor exposes none)" : "");
	if (a->opt.sim)
		snprintf(a->source_label, sizeof(a->source_label), "SIMULATED: %s", a->opt.sim);
	else if (!a->source_label[0])
		snprintf(a->source_label, sizeof(a->source_label), "live");
}

/* Where the simulated tree goes: $TMPDIR when set, else a memory file system ($XDG_RUNTIME_DIR,
 * /dev/shm): creating its thousands of small files on a disk file system costs ~30x more. */
static const char *sim_tree_parent(void)
{
	const char *c[] = { getenv("TMPDIR"), getenv("XDG_RUNTIME_DIR"), "/dev/shm" };
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (c[i] && *c[i] && access(c[i], W_OK | X_OK) == 0)
			return c[i];
	return "/tmp";
}

/* mkdtemp a private directory and write the tree into it through a directory fd (no path of the
 * description can lead out of it). The directory is registered with the guard in the same step, so
 * a signal at any point after removes it. */
static int make_tree(struct app *a, const struct sim_machine *m)
{
	char *slash = strrchr(a->sim_dir, '/');
	int parent, root, r;
	sigset_t old;

	*slash = 0;
	parent = open(a->sim_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	*slash = '/';
	if (parent < 0) {
		printable_eprintf("pmutop: cannot use %.*s for the simulated machine's tree: %s (set TMPDIR to a "
			"writable directory)\n", (int)(slash - a->sim_dir), a->sim_dir, strerror(errno));
		a->sim_dir[0] = 0;
		return -1;
	}
	guard_block(&old);
	if (!mkdtemp(a->sim_dir)) {
		r = -errno;
		guard_unblock(&old);
		close(parent);
		printable_eprintf("pmutop: cannot make %s: %s (set TMPDIR to a writable directory)\n", a->sim_dir,
			strerror(-r));
		a->sim_dir[0] = 0;
		return r;
	}
	guard_set_tree(parent, slash + 1);
	guard_unblock(&old);
	root = openat(parent, slash + 1, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	r = root < 0 ? -errno : simm_write_tree_at(m, root, a->opt.list_uncore ? SIMM_TREE_NAMES : SIMM_TREE_FULL);
	if (root >= 0)
		close(root);
	if (r < 0)
		printable_eprintf("pmutop: cannot write the simulated machine's tree under %s: %s\n", a->sim_dir,
			strerror(-r));
	return r;
}

/* --sim-clock step: the simulated kernel's clock stands still between samples and app_sample moves
 * it one interval ahead (app_step_clock_advance), so the Nth refresh of any run of the same machine
 * reads the same counts: the screen and a batch run can be compared interval by interval. */
#define STEP_CLOCK_START_NS 1000000000ull
static uint64_t step_clock_ns(void *ctx)
{
	return ((const struct app_step_clock *)ctx)->ns;
}

void app_sim_paths(const struct app *a, char *msg)
{
	size_t n = strlen(a->sim_dir);
	char *p;

	if (!a->sim || n == 0)
		return;
	while ((p = strstr(msg, a->sim_dir)) != NULL)
		memmove(p, p + n, strlen(p + n) + 1);
}

void app_step_clock_advance(struct app *a)
{
	if (a->opt.sim_step_clock && a->step_clock.seam.clock_ns && a->interval > 0)
		a->step_clock.ns += (uint64_t)(a->interval * 1e9 + 0.5);
}

static int setup_sim(struct app *a)
{
	char err[256];
	struct sim_faults f;
	struct sim_machine *m = simm_load(a->opt.sim, err, sizeof(err));
	const char *tmp = sim_tree_parent();

	if (!m) {
		printable_eprintf("pmutop: --sim %s: %s\n", a->opt.sim, err);
		return 2;
	}
	if (sim_faults_parse(a->opt.sim_fault ? a->opt.sim_fault : getenv("PMUTOP_SIM_FAULT"), &f,
			     err, sizeof(err)) < 0) {
		printable_eprintf("pmutop: --sim-fault: %s\n", err);
		simm_free(m);
		return 2;
	}
	if (a->opt.sim_tree) {
		int r = simm_write_tree(m, a->opt.sim_tree);
		if (r < 0)
			printable_eprintf("pmutop: cannot write the tree to %s: %s\n", a->opt.sim_tree, strerror(-r));
		simm_free(m);
		return r < 0 ? 1 : -1;
	}
	snprintf(a->sim_dir, sizeof(a->sim_dir), "%s/pmutop-sim.XXXXXX", tmp);
	if (make_tree(a, m) < 0) {
		simm_free(m);
		return 1;
	}
	{
		char root[4200];
		snprintf(root, sizeof(root), "%s/sys", a->sim_dir);
		sysfs_set_root(root);
	}
	a->sim = m;
	{
		struct perf_seam *k = simk_new(m, &f);

		if (!k) {
			printable_eprintf("pmutop: cannot start the simulated kernel\n");
			return 1;
		}
		if (a->opt.sim_step_clock) {   /* before the first open: nothing counted can jump */
			a->step_clock.ns = STEP_CLOCK_START_NS;
			a->step_clock.seam = (struct perf_seam){ .name = "step", .ctx = &a->step_clock,
								 .clock_ns = step_clock_ns };
			simk_set_clock(k, &a->step_clock.seam);
		}
		a->seam = k;
	}
	return 0;
}

/* Remove a tree nobody registered with the guard (a caller that made sim_dir itself). */
static int remove_path(char *path)
{
	char *slash = strrchr(path, '/');
	int parent, r;

	if (!slash)
		return fsat_remove_tree(AT_FDCWD, path);
	*slash = 0;
	parent = open(slash == path ? "/" : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	*slash = '/';
	if (parent < 0)
		return -errno;
	r = fsat_remove_tree(parent, slash + 1);
	close(parent);
	return r;
}

int app_open_machine(struct app *a)
{
	int r;

	if (a->opt.sim) {
		if ((r = setup_sim(a)))
			return r;
	} else {
		const char *root = a->opt.sysfs ? a->opt.sysfs : getenv("PMUTOP_SYSFS");
		sysfs_set_root(root);
		a->seam = &seam_kernel;
	}
	/* --list-uncore names the discovery's boxes: it needs the PMUs' names and the CPU model, not every
	 * CPU's position nor every PMU's events (a tenth of the files on spr-2s, issue 18) */
	if ((r = a->opt.list_uncore ? topo_load_brief(&a->topo) : topo_load(&a->topo)) < 0) {
		printable_eprintf("pmutop: cannot read the CPU topology under %s: %s%s\n", sysfs_root(), strerror(-r),
			r == -EINVAL || r == -ERANGE ? " (devices/system/cpu/online must be a regular file listing "
			"CPUs 0 to 65535)" : "");
		return 1;
	}
	if ((r = a->opt.list_uncore ? pmus_load_names(&a->reg) : pmus_load(&a->reg)) < 0) {
		printable_eprintf("pmutop: cannot read PMUs under %s/bus/event_source/devices: %s\n",
			sysfs_root(), strerror(-r));
		return 1;
	}
	topo_assign_core_pmus(&a->topo, &a->reg);
	describe_machine(a);
	return 0;
}

int app_open_events(struct app *a)
{
	struct errmsg em = { 0 };
	int r;

	if ((r = app_build_model(a, &a->evl.flat, &a->model)) < 0) {
		printable_eprintf("pmutop: %s\n", strerror(-r));
		return 1;
	}
	a->src = &source_perf;
	a->t0 = app_clock(a);
	if ((r = a->src->count(a, &a->evl.flat, &a->model, &em)) < 0) {
		/* processes of one's own need less than every CPU (as perf stat -p): count them alone */
		if ((r == -EACCES || r == -EPERM) && a->opt.batch && app_wl_tasks_only(a)) {
			printable_eprintf("pmutop: note: not counting the CPUs: %s; counting the processes named only\n",
					  errmsg_text(&em, r));
			a->msg[0] = '\0';
			a->last_sample = app_clock(a);
			return 0;
		}
		printable_eprintf("pmutop: %s\n", errmsg_text(&em, r));
		return 1;
	}
	app_update_budget(a);
	if ((r = app_rdt_detect(a)) < 0) {   /* the per-CPU groups asked for cannot be made */
		printable_eprintf("pmutop: %s\n", a->rdt.why);
		return 1;
	}
	if (a->opt.rdt && !a->rdt.avail && a->opt.batch) {   /* said once, and only when asked */
		printable_eprintf("pmutop: %s\n", a->rdt.why);
		a->rdt.said = true;
	}
	if (a->msg[0]) {
		printable_eprintf("pmutop: %s\n", a->msg);
		a->msg[0] = '\0';
	}
	if (a->opt.rdt && !a->rdt.avail && !a->opt.batch) {   /* the screen's status line says it */
		snprintf(a->msg, sizeof(a->msg), "%s", a->rdt.why);
	}
	if (a->hw_reason[0] && a->opt.batch)
		printable_eprintf("pmutop: %s\n", a->hw_reason);
	return 0;
}

void app_close(struct app *a)
{
	session_fleet_stop(a);
	app_wl_close(a);
	app_hot_free(a);
	if (a->src && a->src->stop)
		a->src->stop(a);
	app_rdt_free(a);   /* the groups pmutop made, before the simulated tree goes */
	if (a->sim) {
		if (a->seam)
			simk_free((struct perf_seam *)a->seam);
		simm_free(a->sim);
	}
	if (a->sim_dir[0]) {
		int r = guard_remove_tree();

		if (r == 1)
			r = remove_path(a->sim_dir);
		if (r < 0)
			printable_eprintf("pmutop: could not remove %s: %s\n", a->sim_dir, strerror(-r));
		a->sim_dir[0] = 0;
	}
	if (a->inv_loaded)
		disc_inventory_free(&a->inv);
	evlist_free(&a->evl);
	app_util_free(a);
	model_free(&a->model);
	app_td_free(a);
	app_skt_free(a);
	pmus_free(&a->reg);
	topo_free(&a->topo);
	settings_free(&a->set);
	catalog_set_active(NULL);
	catalog_free(&a->cat);
}

