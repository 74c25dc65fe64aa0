/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* counters.c: open perf_event groups per CPU through the seam, carrying over what did not change. */
#include "counters_impl.h"
#include "base/errmsg.h"
#include "hw/sys/cpulist.h"
#include "hw/events/evparse.h"
#include "hw/model/model.h"
#include "hw/sys/seam.h"
#include "hw/sys/sysfs.h"
#include "hw/sys/topology.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define RF (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	    PERF_FORMAT_TOTAL_TIME_RUNNING)


static bool applies(const struct ev_spec *e, int cpu)
{
	return !e->cpus || cpulist_has(e->cpus, e->ncpus, cpu);
}

/* Events that architectural fixed counters take (Intel fixed 0-2, Arm PMCCNTR, Apple PMC0/1). */
static bool fixed_event(const struct ev_spec *e)
{
	uint64_t cfg = e->config & 0xffffffffULL;
	return e->type == PERF_TYPE_HARDWARE && (cfg == PERF_COUNT_HW_CPU_CYCLES ||
		cfg == PERF_COUNT_HW_INSTRUCTIONS || cfg == PERF_COUNT_HW_REF_CPU_CYCLES);
}

/* A group of fixed-counter events, at most one of each, is opened pinned: the kernel schedules
 * flexible groups in rotation order and stops at the first that does not fit, so an unpinned
 * cycles group would rotate behind GP groups although its fixed counter is free. Pinned, IPC
 * stays measured (100%) when the other events multiplex. */
static void mark_pinned_groups(struct counters *c, const struct ev_list *evl)
{
	for (int g = 0; g < c->ngroups; g++) {
		uint64_t seen = 0;
		bool ok = false;
		for (int e = 0; e < evl->n; e++) {
			const struct ev_spec *s = &evl->ev[e];
			uint64_t bit;
			if (c->geff[e] != g)
				continue;
			bit = 1ULL << (s->config & 0x1f);
			if (!fixed_event(s) || (seen & bit) || s->exclude_user || s->exclude_kernel) {
				ok = false;
				break;
			}
			seen |= bit;
			ok = true;
		}
		c->pin[g] = ok && !evl->no_autopin;
	}
}

/* This build's perf_event_attr may predate config3 (Linux 6.3): an event that needs it would be
 * opened without it and count something else, so it is reported as not supported instead. */
static bool attr_can_hold(const struct ev_spec *e)
{
#ifdef PERF_ATTR_SIZE_VER8
	return true;
#else
	return e->config3 == 0;
#endif
}

static void fill_attr(struct perf_event_attr *a, const struct ev_spec *e, bool leader)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = e->type;
	a->config = e->config;
	a->config1 = e->config1;
	a->config2 = e->config2;
#ifdef PERF_ATTR_SIZE_VER8
	a->config3 = e->config3;
#endif
	a->exclude_user = e->exclude_user;
	a->exclude_kernel = e->exclude_kernel;
	a->exclude_hv = e->exclude_hv;
	a->exclude_idle = e->exclude_idle;
	a->exclude_host = e->exclude_host;
	/* as perf sets it (on nearly every event); open_one drops it where a PMU refuses it */
	a->exclude_guest = e->exclude_guest;
	a->precise_ip = e->precise_ip;
	a->read_format = RF;
	if (leader) {
		a->disabled = 1;
		/* started by PERF_EVENT_IOC_ENABLE; a CPU's event sees no exec. The Arm PMU framework's
		 * group check (validate_event) counts a leader that is off only with this bit, as x86's
		 * always does: without it a group one larger than the counters opens, and never runs. */
		a->enable_on_exec = 1;
		a->pinned = e->pinned;
		a->exclusive = e->exclusive;
	}
}

/* The attributes counters_open gives an event (for wlcount.c, which counts the same events per
 * task and per cgroup). */
void cnt_fill_attr(struct perf_event_attr *a, const struct ev_spec *e, bool leader)
{
	fill_attr(a, e, leader);
	a->enable_on_exec = 0;   /* a task's exec would start it */
}

static int paranoid_value(void)
{
	char buf[32];
	return procfs_read("sys/kernel/perf_event_paranoid", buf, sizeof(buf)) > 0 ? atoi(buf) : -99;
}

static int explain_access(struct errmsg *em, const struct ev_spec *e, int cpu, int r)
{
	int par = paranoid_value();
	char pv[16];

	if (par == -99)
		snprintf(pv, sizeof(pv), "unknown");
	else
		snprintf(pv, sizeof(pv), "%d", par);
	return errmsg_set(em, r,
		 "cannot count %s on CPU %d: %s. System-wide counting needs privileges "
		 "(perf_event_paranoid is %s): run as root, grant CAP_PERFMON "
		 "(setcap cap_perfmon+ep pmutop), or run 'sysctl kernel.perf_event_paranoid=0'",
		 e->name, cpu, r == -EACCES ? "permission denied" : "operation not permitted", pv);
}

static int raise_nofile(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= rl.rlim_max)
		return -1;
	rl.rlim_cur = rl.rlim_max;
	return setrlimit(RLIMIT_NOFILE, &rl) < 0 ? -1 : 0;
}

/* Close every counter of a CPU; returns how many were open. */
int cnt_close_cpu(struct counters *c, int ci)
{
	int n = 0;

	for (int e = 0; e < c->nev; e++) {
		int *fd = &c->fd[(size_t)ci * c->nev + e];
		if (*fd >= 0) {
			c->seam->close(c->seam->ctx, *fd);
			n++;
		}
		*fd = -1;
	}
	for (int g = 0; g < c->ngroups; g++) {
		c->lfd[(size_t)ci * c->ngroups + g] = -1;
		c->nmemb[(size_t)ci * c->ngroups + g] = 0;
	}
	return n;
}

/* Close what a CPU has open of group g (a group counts whole or not at all); returns how many. */
static int drop_group(struct counters *c, int ci, int g)
{
	size_t gi = (size_t)ci * c->ngroups + g;
	int n = 0;

	for (int k = 0; k < c->nmemb[gi]; k++) {
		size_t i = (size_t)ci * c->nev + c->memb[gi * c->maxmemb + k];

		if (c->fd[i] >= 0) {
			c->seam->close(c->seam->ctx, c->fd[i]);
			n++;
		}
		c->fd[i] = -1;
		c->st[i] = CS_ABSENT;
	}
	c->nmemb[gi] = 0;
	c->lfd[gi] = -1;
	return n;
}

/* Events x CPUs the list asks for (what an EMFILE note compares with what opened). */
static unsigned long long wanted(const struct ev_list *evl, const struct topology *topo)
{
	unsigned long long want = 0;

	for (int ci = 0; ci < topo->ncpus; ci++)
		for (int e = 0; e < evl->n; e++)
			want += applies(&evl->ev[e], topo->cpus[ci].cpu) && attr_can_hold(&evl->ev[e]);
	return want;
}

static bool refuses_exclusion(const struct counters *c, uint32_t type)
{
	for (int i = 0; i < c->nnoexcl; i++)
		if (c->noexcl[i] == type)
			return true;
	return false;
}

/* One open through the seam. exclude_guest that the user did not choose (perf's default) is
 * dropped when the PMU refuses the attribute: PMUs without mode exclusion (uncore, RAPL:
 * PERF_PMU_CAP_NO_EXCLUDE) answer EINVAL to any exclude bit, and perf 6.1 retries so too
 * (evsel__detect_missing_features). The refusal is kept per PMU type, so its other events and
 * CPUs open at once without it (a refused open per uncore event and box adds up to thousands on
 * a large server). A G or H the user wrote is kept: refused, the event is. */
static int open_attr(struct counters *c, const struct ev_spec *e, struct perf_event_attr *a, int cpu,
		     int group_fd)
{
	int r;

	if (a->exclude_guest && !e->exclude_gh && refuses_exclusion(c, a->type))
		a->exclude_guest = 0;
	r = c->seam->open(c->seam->ctx, a, -1, cpu, group_fd, 0);
	if ((r == -EINVAL || r == -EOPNOTSUPP) && a->exclude_guest && !e->exclude_gh) {
		a->exclude_guest = 0;
		r = c->seam->open(c->seam->ctx, a, -1, cpu, group_fd, 0);
		if (r >= 0 && c->nnoexcl < (int)(sizeof(c->noexcl) / sizeof(c->noexcl[0])))
			c->noexcl[c->nnoexcl++] = a->type;
	}
	return r;
}

/* Open one event; on EMFILE raise the limit once and retry. */
static int open_one(struct counters *c, const struct ev_spec *e, int cpu, int group_fd, bool leader,
		    bool pin, bool *raised)
{
	struct perf_event_attr a;
	int r;

	fill_attr(&a, e, leader);
	a.pinned |= leader && pin;
	r = open_attr(c, e, &a, cpu, group_fd);
	if (r == -EMFILE && !*raised) {
		*raised = true;
		if (raise_nofile() == 0) {
			fill_attr(&a, e, leader);
			a.pinned |= leader && pin;
			r = open_attr(c, e, &a, cpu, group_fd);
		}
	}
	return r;
}

/* The groups to open: plan's (budget_pack's: lone counter events packed into as few groups as the
 * counters allow), else the user's; software events standing alone share one group per CPU besides.
 * They never compete for counters, and one read() then serves them all, which is most of a
 * refresh's cost where reading another CPU's counters takes an inter-processor interrupt. Linux
 * would let them join a hardware group too, but then they count only while that group is on its
 * PMU: cpu-clock, the time base of utilisation, would be scaled whenever the counters multiplex,
 * and a hybrid machine's software group spans every core type. */
static void plan_groups(struct counters *c, const struct ev_list *evl, const int *plan)
{
	int n = 0, shared = -1;

	for (int i = 0; i < evl->n; i++) {
		c->geff[i] = plan ? plan[i] : evl->ev[i].group;
		if (c->geff[i] < 0 || c->geff[i] >= evl->n + evl->ngroups + 1)
			c->geff[i] = evl->ev[i].group;   /* a plan from elsewhere: bounded */
		if (c->geff[i] + 1 > n)
			n = c->geff[i] + 1;
		if (evl->ev[i].group + 1 > n)
			n = evl->ev[i].group + 1;
	}
	for (int i = 0; i < evl->n; i++) {
		const struct ev_spec *s = &evl->ev[i];
		int members = 0;
		for (int k = 0; k < evl->n; k++)
			members += c->geff[k] == c->geff[i];
		if (members == 1 && s->type == PERF_TYPE_SOFTWARE && !s->pinned && !s->cpus) {
			if (shared < 0)
				shared = n++;
			c->geff[i] = shared;
		}
	}
	c->nplan = n;
	c->ngroups = n + evl->n;
}

/* Whether group g was formed by the plan rather than by the user (or the software sharing). */
static bool weak_group(const struct counters *c, const struct ev_list *evl, int g)
{
	for (int i = 0; i < evl->n; i++)
		if (c->geff[i] == g && evl->ev[i].group != g && evl->ev[i].type != PERF_TYPE_SOFTWARE)
			return true;
	return false;
}

int counters_plan(const struct ev_list *evl, const int *plan, int *group)
{
	struct counters c = { 0 };

	c.geff = group;
	plan_groups(&c, evl, plan);
	return 0;
}

int counters_splits(const struct counters *c)
{
	return c->splits;
}

int counters_plan_attrs(const struct ev_list *evl, const int *plan, struct perf_event_attr *attr)
{
	struct counters c = { 0 };
	int rc = -ENOMEM;

	c.geff = malloc((size_t)(evl->n ? evl->n : 1) * sizeof(int));
	if (!c.geff)
		return -ENOMEM;
	plan_groups(&c, evl, plan);
	c.pin = calloc((size_t)(c.ngroups ? c.ngroups : 1), sizeof(bool));
	if (c.pin) {
		mark_pinned_groups(&c, evl);
		/* as counters_open: the first event of a group leads it (disabled, pinned, exclusive) */
		for (int e = 0; e < evl->n; e++) {
			bool leader = true;
			for (int k = 0; k < e && leader; k++)
				leader = c.geff[k] != c.geff[e];
			fill_attr(&attr[e], &evl->ev[e], leader);
			attr[e].pinned |= leader && c.pin[c.geff[e]];
		}
		rc = 0;
	}
	free(c.pin);
	free(c.geff);
	return rc;
}

static struct counters *alloc_counters(const struct ev_list *evl, const int *plan,
				       const struct topology *topo, const struct perf_seam *seam)
{
	struct counters *c = calloc(1, sizeof(*c));
	size_t n;

	if (!c)
		return NULL;
	c->seam = seam;
	c->ncpus = topo->ncpus;
	c->nev = evl->n;
	c->geff = malloc((size_t)(evl->n ? evl->n : 1) * sizeof(int));
	if (!c->geff) {
		free(c);
		return NULL;
	}
	plan_groups(c, evl, plan);
	c->maxmemb = 1;
	for (int g = 0; g < c->ngroups; g++) {
		int k = 0;
		for (int i = 0; i < evl->n; i++)
			k += c->geff[i] == g;
		if (k > c->maxmemb)
			c->maxmemb = k;
	}
	n = (size_t)c->ncpus * (size_t)(c->nev ? c->nev : 1);
	c->fd = malloc(n * sizeof(int));
	c->st = calloc(n, 1);
	c->prev = calloc(n * 3, sizeof(uint64_t));
	c->lfd = malloc((size_t)c->ncpus * (size_t)(c->ngroups ? c->ngroups : 1) * sizeof(int));
	c->nmemb = calloc((size_t)c->ncpus * (size_t)(c->ngroups ? c->ngroups : 1), sizeof(int));
	c->memb = malloc((size_t)c->ncpus * (size_t)(c->ngroups ? c->ngroups : 1) * (size_t)c->maxmemb * sizeof(int));
	c->taken = malloc((size_t)c->ncpus * (size_t)(c->ngroups ? c->ngroups : 1) * sizeof(int));
	c->gone = calloc((size_t)c->ncpus, sizeof(bool));
	c->told = calloc((size_t)c->ncpus, 1);
	c->scale = malloc((size_t)(c->nev ? c->nev : 1) * sizeof(double));
	c->pin = calloc((size_t)(c->ngroups ? c->ngroups : 1), sizeof(bool));
	c->weak = calloc((size_t)(c->ngroups ? c->ngroups : 1), sizeof(bool));
	c->cpu_ids = calloc((size_t)(c->ncpus ? c->ncpus : 1), sizeof(int));
	c->refused = calloc(n ? n : 1, sizeof(bool));
	c->evl = *evl;   /* the specs as they are now: the caller's array may be rebuilt while open */
	c->evl.ev = malloc(sizeof(evl->ev[0]) * (size_t)(evl->n ? evl->n : 1));
	c->buflen = (3 + 2 * (size_t)c->maxmemb) * sizeof(uint64_t);
	c->buf = malloc(c->buflen);
	if (!c->fd || !c->st || !c->prev || !c->lfd || !c->nmemb || !c->memb || !c->gone || !c->taken || !c->evl.ev || !c->buf || !c->scale || !c->pin ||
	    !c->told || !c->weak || !c->cpu_ids || !c->refused) {
		counters_close(c);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		c->fd[i] = -1;
	if (evl->n)
		memcpy(c->evl.ev, evl->ev, sizeof(evl->ev[0]) * (size_t)evl->n);
	for (int e = 0; e < c->nev; e++)
		c->scale[e] = evl->ev[e].scale > 0 ? evl->ev[e].scale : 1.0;
	mark_pinned_groups(c, evl);
	for (int g = 0; g < c->nplan; g++)
		c->weak[g] = weak_group(c, evl, g);
	for (int i = 0; i < c->ncpus * (c->ngroups ? c->ngroups : 1); i++)
		c->lfd[i] = c->taken[i] = -1;
	return c;
}

/* perf's weak group ({...}:W): the kernel refused a member of a planned group on this CPU (it cannot
 * fit, or that event does not count here) or never schedules the group: open each of its events as a
 * group of its own (group nplan + e), enabled when enable says; the events of a pinned group (fixed
 * counters only: cycles alone when instructions is refused) stay pinned. Returns the change in open
 * events. */
int cnt_split_group(struct counters *c, int ci, int g, bool enable, bool *raised)
{
	const struct ev_list *evl = &c->evl;
	int cpu = c->cpu_ids[ci], opened = -drop_group(c, ci, g);

	for (int e = 0; e < evl->n; e++) {
		const struct ev_spec *s = &evl->ev[e];
		size_t k = (size_t)ci * c->nev + e, gi = (size_t)ci * c->ngroups + c->nplan + e;
		int r;

		if (c->geff[e] != g || !applies(s, cpu))
			continue;
		r = attr_can_hold(s) ? open_one(c, s, cpu, -1, true, c->pin[g], raised) : -EOPNOTSUPP;
		if (r < 0) {
			c->st[k] = r == -EMFILE || r == -ENFILE ? CS_ABSENT : CS_UNSUPPORTED;
			continue;
		}
		c->fd[k] = c->lfd[gi] = r;
		c->st[k] = CS_OPEN;
		c->memb[gi * c->maxmemb] = e;
		c->nmemb[gi] = 1;
		/* a new counter starts at 0; opened while counting, its first read is its baseline */
		memset(&c->prev[k * 3], 0, 3 * sizeof(uint64_t));
		if (enable)
			c->prev[k * 3 + 1] = NO_BASELINE;
		opened++;
		if (enable)
			c->seam->ioctl(c->seam->ctx, r, PERF_EVENT_IOC_ENABLE, 0);
	}
	c->splits++;
	return opened;
}

/* The attributes event e of group g would be opened with (leader: the first of its group on cpu). */
static void group_attr(const struct counters *c, int e, bool leader, struct perf_event_attr *a)
{
	fill_attr(a, &c->evl.ev[e], leader);
	a->pinned |= leader && c->pin[c->geff[e]];
}

/* Whether old's group gi (on the same CPU) has exactly the members want[0..n) of c would open. */
static bool same_members(const struct counters *c, const int *want, int n, const struct counters *old,
			 size_t ogi)
{
	struct perf_event_attr x, y;

	if (old->lfd[ogi] < 0 || old->nmemb[ogi] != n)
		return false;
	for (int k = 0; k < n; k++) {
		group_attr(c, want[k], k == 0, &x);
		group_attr(old, old->memb[ogi * old->maxmemb + k], k == 0, &y);
		if (memcmp(&x, &y, sizeof(x)) != 0)
			return false;
	}
	return true;
}

/* Move group g of CPU index ci over from old when old has it open as it is. Returns the events
 * moved (0 when nothing was). */
static int take_group(struct counters *c, int ci, int g, struct counters *old)
{
	int cpu = c->cpu_ids[ci], n = 0, *want;
	size_t gi = (size_t)ci * c->ngroups + g;

	if (!old || ci >= old->ncpus || old->cpu_ids[ci] != cpu || old->gone[ci])
		return 0;
	want = &c->memb[gi * c->maxmemb];   /* the members it would open, in order */
	for (int e = 0; e < c->nev && n < c->maxmemb; e++)
		if (c->geff[e] == g && applies(&c->evl.ev[e], cpu) && attr_can_hold(&c->evl.ev[e]))
			want[n++] = e;
	for (int og = 0; n > 0 && og < old->ngroups; og++) {
		size_t ogi = (size_t)ci * old->ngroups + og;
		if (!same_members(c, want, n, old, ogi))
			continue;
		for (int k = 0; k < n; k++) {
			size_t to = (size_t)ci * c->nev + want[k];
			size_t from = (size_t)ci * old->nev + old->memb[ogi * old->maxmemb + k];
			c->fd[to] = old->fd[from];
			c->st[to] = CS_OPEN;
			memcpy(&c->prev[to * 3], &old->prev[from * 3], 3 * sizeof(uint64_t));
			old->fd[from] = -1;
			old->st[from] = CS_ABSENT;
		}
		c->lfd[gi] = old->lfd[ogi];
		c->nmemb[gi] = n;
		c->taken[gi] = (int)ogi;
		old->lfd[ogi] = -1;
		old->nmemb[ogi] = 0;
		return n;
	}
	return 0;
}

/* The open failed: every group moved over from old goes back to it as it was. */
static void give_back(struct counters *c, struct counters *old)
{
	for (int ci = 0; old && ci < c->ncpus; ci++)
		for (int g = 0; g < c->ngroups; g++) {
			size_t gi = (size_t)ci * c->ngroups + g, ogi;
			if (c->taken[gi] < 0)
				continue;
			ogi = (size_t)c->taken[gi];
			for (int k = 0; k < c->nmemb[gi]; k++) {
				size_t to = (size_t)ci * c->nev + c->memb[gi * c->maxmemb + k];
				size_t from = (size_t)ci * old->nev + old->memb[ogi * old->maxmemb + k];
				old->fd[from] = c->fd[to];
				old->st[from] = CS_OPEN;
				c->fd[to] = -1;
			}
			old->lfd[ogi] = c->lfd[gi];
			old->nmemb[ogi] = c->nmemb[gi];
			c->lfd[gi] = -1;
			c->nmemb[gi] = 0;
			c->taken[gi] = -1;
		}
}

/* Open group g on CPU index ci. Returns the change in open events, or a negative errno that stops
 * the whole open (with em filled): -EACCES/-EPERM; -EMFILE/-ENFILE (out of descriptors: the group
 * is dropped); -ENODEV (the CPU went offline: it is dropped). */
static int open_group(struct counters *c, int ci, int g, bool *raised, struct errmsg *em)
{
	int cpu = c->cpu_ids[ci], lfd = -1, opened = 0;
	size_t gi = (size_t)ci * c->ngroups + g;

	for (int e = 0; e < c->nev; e++) {
		const struct ev_spec *s = &c->evl.ev[e];
		size_t k = (size_t)ci * c->nev + e;
		int r;

		if (c->geff[e] != g || !applies(s, cpu))
			continue;
		r = attr_can_hold(s) ? open_one(c, s, cpu, lfd, lfd < 0, c->pin[g], raised) : -EOPNOTSUPP;
		if (r >= 0) {
			c->fd[k] = r;
			c->st[k] = CS_OPEN;
			if (lfd < 0)
				lfd = c->lfd[gi] = r;
			c->memb[gi * c->maxmemb + c->nmemb[gi]++] = e;
			opened++;
			continue;
		}
		switch (r) {
		case -EACCES: case -EPERM:
			return explain_access(em, s, cpu, r);
		case -EMFILE: case -ENFILE:
			drop_group(c, ci, g);
			return r;
		case -ENODEV:   /* what the CPU has open is closed with it; this group's part counted nowhere */
			drop_group(c, ci, g);
			return r;
		default:        /* ENOENT, EOPNOTSUPP, EINVAL, ...: not on this PMU */
			if (c->weak[g])   /* or the group does not fit: its events alone */
				return opened + cnt_split_group(c, ci, g, false, raised);
			c->st[k] = CS_UNSUPPORTED;
			/* a member of the user's group: the group check (counters or PMUs) */
			c->refused[k] = r == -EINVAL && lfd >= 0;
			break;
		}
	}
	return opened;
}

/* Open CPU index ci's counters again and start them, counting from the next read: it came back
 * online. A hot-unplug leaves the old ones stopped for good (the kernel takes them off the CPU,
 * breaks their groups and never puts them back), so they are closed first. 0, or the open's error
 * (-ENODEV: still offline); nothing of the CPU stays open after an error. */
int cnt_reopen_cpu(struct counters *c, int ci)
{
	struct errmsg em;
	bool raised = true;

	cnt_close_cpu(c, ci);
	memset(&c->st[(size_t)ci * c->nev], CS_ABSENT, (size_t)c->nev);
	errmsg_clear(&em);
	for (int g = 0; g < c->nplan; g++) {
		int n = open_group(c, ci, g, &raised, &em);

		if (n < 0) {
			cnt_close_cpu(c, ci);
			return n;
		}
	}
	c->gone[ci] = false;
	for (int e = 0; e < c->nev; e++) {
		uint64_t *p = &c->prev[((size_t)ci * c->nev + e) * 3];

		p[0] = p[2] = 0;
		p[1] = NO_BASELINE;   /* the next read is its baseline */
	}
	for (int g = 0; g < c->ngroups; g++)
		if (c->lfd[(size_t)ci * c->ngroups + g] >= 0)
			c->seam->ioctl(c->seam->ctx, c->lfd[(size_t)ci * c->ngroups + g], PERF_EVENT_IOC_ENABLE, 0);
	return 0;
}

int counters_open(const struct ev_list *evl, const int *plan, const struct topology *topo,
		  const struct perf_seam *seam, struct counters *reuse, struct counters **out,
		  struct errmsg *em)
{
	struct counters *c;
	bool raised = false;
	int opened = 0, r = 0;

	errmsg_clear(em);
	*out = NULL;
	c = alloc_counters(evl, plan, topo, seam);
	if (!c)
		return errmsg_set(em, -ENOMEM, "out of memory");
	for (int ci = 0; ci < c->ncpus; ci++)   /* all first: a note may name CPUs not reached yet */
		c->cpu_ids[ci] = topo->cpus[ci].cpu;
	/* first what carries over, then the rest of the old counters closes (its descriptors are
	 * needed), then what is new opens */
	for (int ci = 0; reuse && ci < c->ncpus; ci++)
		for (int g = 0; g < c->nplan; g++)
			opened += take_group(c, ci, g, reuse);
	for (int ci = 0; reuse && ci < reuse->ncpus; ci++)
		cnt_close_cpu(reuse, ci);
	for (int ci = 0; ci < c->ncpus && r == 0; ci++) {
		for (int g = 0; g < c->nplan; g++) {
			int n = c->lfd[(size_t)ci * c->ngroups + g] >= 0 ? 0 : open_group(c, ci, g, &raised, em);
			if (n == -ENODEV) {   /* the CPU went offline: drop it */
				c->gone[ci] = true;
				c->told[ci] |= TOLD_GONE;
				opened -= cnt_close_cpu(c, ci);
				break;
			}
			if (n == -EMFILE || n == -ENFILE) {
				/* out of descriptors: keep the whole groups already open, and stop opening
				 * (every further open would fail the same) */
				r = cnt_nofile_note(c, ci, opened, wanted(evl, topo), n, em);
				break;
			}
			if (n < 0) {
				give_back(c, reuse);
				counters_close(c);
				return n;
			}
			opened += n;
		}
	}
	if (r < 0 && opened == 0) {   /* out of descriptors before anything fitted */
		give_back(c, reuse);
		counters_close(c);
		return r;
	}
	cnt_refused_note(c, c->open_note, sizeof(c->open_note));
	cnt_gone_note(c, c->open_note, sizeof(c->open_note));
	/* Start every group at once, so the first interval is the same for all (a group moved over
	 * from reuse is running already: enabling it again changes nothing). */
	for (int i = 0; i < c->ncpus * c->ngroups; i++)
		if (c->lfd[i] >= 0)
			seam->ioctl(seam->ctx, c->lfd[i], PERF_EVENT_IOC_ENABLE, 0);
	/* counting goes on, and em says what it lacks: nothing supported here (a VM without a PMU shows
	 * its rows as not supported), or CPUs offline at start */
	if (opened == 0 && evl->n > 0 && r == 0)
		errmsg_set(em, -EOPNOTSUPP, "none of the %d events could be opened on any CPU (not supported here)",
			   evl->n);
	else if (c->open_note[0] && r == 0)
		errmsg_set(em, -ENODEV, "%s", c->open_note);
	*out = c;
	return 0;
}

const char *counters_open_note(const struct counters *c)
{
	return c->open_note;
}

const char *counters_read_note(const struct counters *c)
{
	return c->read_note;
}

int counters_last_reads(const struct counters *c)
{
	return c->last_reads;
}

int counters_last_errors(const struct counters *c)
{
	return c->last_errors;
}

void counters_close(struct counters *c)
{
	if (!c)
		return;
	if (c->fd)
		for (int ci = 0; ci < c->ncpus; ci++)
			cnt_close_cpu(c, ci);
	free(c->fd); free(c->st); free(c->prev); free(c->lfd); free(c->nmemb); free(c->memb);
	free(c->gone); free(c->buf); free(c->scale); free(c->pin); free(c->geff); free(c->told);
	free(c->weak); free(c->cpu_ids); free(c->taken); free(c->evl.ev); free(c->refused);
	free(c);
}
