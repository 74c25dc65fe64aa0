/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_kernel.c: the simulated perf kernel behind the seam: open (groups; what an attr means is
 * sim_resolve.c's), read layouts,
 * ioctls, close, CPUID, and the injected faults. Counts follow the clock it is given (real time unless a
 * test sets one) at the description's rates. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "sim_kstate.h"
#include "sim_load.h"
#include "sim_procstat.h"
#include "sim_sample.h"
#include "sim_sched.h"
#include "sim_tasks.h"
#include "sim_topdown.h"

#define READ_FORMAT_KNOWN (PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | \
			   PERF_FORMAT_ID | PERF_FORMAT_GROUP | PERF_FORMAT_LOST)
/* Noise: counts follow rate * (run + A sin(w run + phase) / w): always increasing, a few
 * tenths of a millisecond of wobble, the same on every run. */
#define NOISE_A 0.02
#define NOISE_W 62.83185307179586

static bool is_vendor(const struct sim_machine *m, const char *v)
{
	return m->vendor && !strcmp(m->vendor, v);
}

/* --- contexts --- */

static struct sctx *ctx_get(struct simk *k, int cpu, int pmu)
{
	struct sctx *c, **n;

	for (int i = 0; i < k->nctx[cpu]; i++)
		if (k->ctx[cpu][i]->pmu == pmu)
			return k->ctx[cpu][i];
	/* few per CPU (one per PMU in use); each allocated on its own so it never moves */
	n = realloc(k->ctx[cpu], sizeof(*n) * (size_t)(k->nctx[cpu] + 1));
	if (!n)
		return NULL;
	k->ctx[cpu] = n;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	n[k->nctx[cpu]++] = c;
	c->cpu = cpu;
	c->pmu = pmu;
	c->mux = (pmu >= 0 && k->m->pmus[pmu].mux_ms > 0 ? k->m->pmus[pmu].mux_ms : 4) * 1e-3;
	return c;
}

static int ctx_add(struct simk *k, struct sctx *c, int fd, double t)
{
	/* a group that is not enabled is not scheduled: adding it changes no one's schedule */
	void (*settle)(struct simk *, struct sctx *, double) = simk_ev(k, fd)->enabled ? sched_settle : sched_bank;

	if (!c)
		return -ENOMEM;
	settle(k, c, t);
	if (c->ngroups == c->cap) {
		int cap = c->cap ? c->cap * 2 : 8;
		int *g = realloc(c->groups, sizeof(int) * (size_t)cap);

		if (!g)
			return -ENOMEM;
		c->groups = g;
		c->cap = cap;
	}
	c->groups[c->ngroups++] = fd;
	simk_ev(k, fd)->ctx = c;
	simk_ev(k, fd)->flex_pos = -1;
	settle(k, c, t);
	return 0;
}

static void ctx_remove(struct simk *k, struct sctx *c, int fd, double t)
{
	sched_settle(k, c, t);
	for (int i = 0; i < c->ngroups; i++)
		if (c->groups[i] == fd) {
			memmove(&c->groups[i], &c->groups[i + 1], sizeof(int) * (size_t)(c->ngroups - i - 1));
			c->ngroups--;
			break;
		}
	sched_settle(k, c, t);
}

/* --- hot-unplug (the enodev fault) --- */

/* Whether the fault's CPU is offline at t: from enodev_at to enodev_back after the first open. */
static bool cpu_offline(const struct simk *k, int cpu, double t)
{
	double s = t - k->first_open;

	return cpu == k->f.enodev_cpu && k->first_open >= 0 && s >= k->f.enodev_at &&
	       (k->f.enodev_back < 0 || s < k->f.enodev_back);
}

/* At the first call after the CPU went offline, do what the kernel's perf_event_exit_cpu did then:
 * every event on it is turned off (its times and count stop there), taken off the CPU and out of its
 * group (perf_group_detach: a group read gives the leader alone); its fd stays readable. Nothing
 * returns to the CPU when it comes back online: only events opened anew count there. */
static void unplug_check(struct simk *k, double t)
{
	int cpu = k->f.enodev_cpu;
	double tu = k->first_open + k->f.enodev_at;

	if (k->unplugged || cpu < 0 || cpu >= k->m->ncpus || k->first_open < 0 || t < tu)
		return;
	k->unplugged = true;
	for (int i = 0; i < k->nctx[cpu]; i++) {
		struct sctx *c = k->ctx[cpu][i];

		sched_settle(k, c, tu);   /* running time banked up to the unplug */
		for (int g = 0; g < c->ngroups; g++) {
			struct sev *l = simk_ev(k, c->groups[g]);

			for (int j = -1; l && j < l->nmemb; j++) {
				struct sev *x = j < 0 ? l : simk_ev(k, l->memb[j]);

				if (!x)
					continue;
				if (x->enabled)
					x->en_base += tu - x->en_since;
				x->enabled = false;
				x->dead = true;
				x->leader = x->fd;
				x->ctx = NULL;
			}
			if (l) {
				free(l->memb);
				l->memb = NULL;
				l->nmemb = 0;
			}
		}
		c->ngroups = 0;
		c->dirty = true;
	}
}

/* --- fds --- */

static int fd_alloc(struct simk *k)
{
	if (k->nfree)
		return k->freefd[--k->nfree];
	if (k->nev == k->cap) {
		int cap = k->cap ? k->cap * 2 : 256;
		struct sev *n = realloc(k->ev, sizeof(*n) * (size_t)cap);
		int *f = realloc(k->freefd, sizeof(int) * (size_t)cap);

		if (n)
			k->ev = n;
		if (f)
			k->freefd = f;
		if (!n || !f)
			return -ENOMEM;
		/* leaders point at contexts, not at events: moving the array is safe */
		k->cap = cap;
	}
	return SIMK_FD_BASE + k->nev++;
}

/* Undo fd_alloc for an event that could not be linked in. */
static void fd_release(struct simk *k, int fd)
{
	memset(&k->ev[fd - SIMK_FD_BASE], 0, sizeof(k->ev[0]));
	k->freefd[k->nfree++] = fd;
	k->nopen--;
}

/* A task (pid != -1) or a cgroup (PERF_FLAG_PID_CGROUP): the event must exist on the machine, then
 * sim_tasks.c counts it. */
static int task_open(struct simk *k, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		     unsigned long flags, double t)
{
	struct sev probe = { 0 };
	int r;

	if (flags & ~(unsigned long)(PERF_FLAG_FD_CLOEXEC | PERF_FLAG_FD_NO_GROUP | PERF_FLAG_PID_CGROUP))
		return -EINVAL;
	if (k->f.emfile_after > 0 && k->nopen + simt_nopen(k->tasks) >= k->f.emfile_after)
		return -EMFILE;
	if ((r = simk_resolve(k, attr, cpu >= 0 ? cpu : 0, &probe)))
		return r;
	if (probe.pmu >= 0 && k->m->pmus[probe.pmu].kind == SIMM_UNCORE)
		return -EINVAL;   /* an uncore PMU counts no task */
	if ((r = simt_open(k->tasks, attr, pid, cpu, group_fd, flags, t)) >= 0) {
		/* a task's sampling, or a cgroup's: its tasks on that CPU */
		const char *cg = flags & PERF_FLAG_PID_CGROUP ? simt_event_cgroup(k->tasks, r) : NULL;
		int e = sims_opened(k->samp, attr, r, cg ? -1 : simt_find(k->tasks, pid), cpu, group_fd, (uint64_t)r,
				    cg, t);

		if (e < 0)
			return simt_close(k->tasks, r), e;
	}
	return r;
}

/* A system-wide event just opened as fd: taken in by the sampling when it samples. */
static int samp_opened(struct simk *k, const struct perf_event_attr *attr, int fd, int cpu, int group_fd, double t)
{
	int r = sims_opened(k->samp, attr, fd, -1, cpu, group_fd, simk_ev(k, fd)->id, NULL, t);

	if (r < 0)
		k->seam.close(k, fd);
	return r < 0 ? r : fd;
}

static int s_open(void *ctx, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd, unsigned long flags)
{
	struct simk *k = ctx;
	struct sev e = { 0 }, *l = NULL, *ne;
	double t = simk_now(k);
	int fd, r;

	if (k->f.eacces)
		return -EACCES;
	if (attr && (pid != -1 || flags & PERF_FLAG_PID_CGROUP))
		return task_open(k, attr, pid, cpu, group_fd, flags, t);
	if (!attr || flags & ~(unsigned long)(PERF_FLAG_FD_CLOEXEC | PERF_FLAG_FD_NO_GROUP))
		return -EINVAL;
	if (k->f.emfile_after > 0 && k->nopen >= k->f.emfile_after)
		return -EMFILE;
	if (attr->read_format & ~(uint64_t)READ_FORMAT_KNOWN)
		return -EINVAL;
	/* system-wide counting only: one CPU, every task */
	if (pid != -1 || cpu < 0)
		return -EINVAL;
	if (cpu >= k->m->ncpus)
		return -ENODEV;
	if (k->first_open < 0)
		k->first_open = t;
	unplug_check(k, t);
	if (cpu_offline(k, cpu, t))
		return -ENODEV;   /* perf_event_open: the CPU's context is not online */
	r = simk_resolve(k, attr, cpu, &e);
	if (r)
		return r;
	e.enabled = !attr->disabled;   /* what the group check sees */
	e.on_exec = attr->enable_on_exec;
	if (group_fd != -1) {
		l = simk_ev(k, group_fd);
		if (!l || l->leader != group_fd || l->cpu != cpu || l->dead)
			return -EINVAL;
		/* one hardware PMU per group; software events may join any group */
		if (e.pmu >= 0 && l->ctx->pmu >= 0 && l->ctx->pmu != e.pmu)
			return -EINVAL;
		if (!sched_group_fits_alone(k, l, &e))
			return -EINVAL;
		if (l->nmemb >= SIMK_MAX_MEMBERS)
			return -EINVAL;   /* the kernel caps a group's read size too */
	}
	/* Intel's metric events only exist inside a group led by slots (fixed counter 3) */
	if (e.td == SIMTD_METRIC && (!l || l->td != SIMTD_SHARE || !simtd_is_slots(l->config)))
		return -EINVAL;
	fd = fd_alloc(k);
	if (fd < 0)
		return fd;
	if (group_fd != -1)
		l = simk_ev(k, group_fd);   /* the event array may have moved */
	e.used = true;
	e.fd = fd;
	e.cpu = cpu;
	e.read_format = attr->read_format;
	e.pinned = attr->pinned && group_fd == -1;
	e.id = k->next_id++;
	e.phase = (double)(simm_hash(e.id, (uint64_t)cpu) >> 11) / 9007199254740992.0 * 6.283185307179586;
	e.enabled = !attr->disabled;
	e.en_since = t;
	e.acc_t = t;
	e.ph_of_rate = -1;
	e.leader = group_fd == -1 ? fd : group_fd;
	e.grp_xreg = e.xreg >= 0;
	k->ev[fd - SIMK_FD_BASE] = e;
	ne = &k->ev[fd - SIMK_FD_BASE];
	k->nopen++;
	if (!l) {
		if (ctx_add(k, ctx_get(k, cpu, e.pmu), fd, t))
			return fd_release(k, fd), -ENOMEM;
		return samp_opened(k, attr, fd, cpu, group_fd, t);
	}
	{
		struct sctx *c = l->ctx;
		/* a member of a group that is not enabled changes no one's schedule */
		void (*settle)(struct simk *, struct sctx *, double) = l->enabled ? sched_settle : sched_bank;
		int *mm;

		settle(k, c, t);   /* bank the group's time before it changes */
		mm = realloc(l->memb, sizeof(int) * (size_t)(l->nmemb + 1));
		if (!mm)
			return fd_release(k, fd), -ENOMEM;
		l->memb = mm;
		l->memb[l->nmemb++] = fd;
		l->grp_xreg |= ne->xreg >= 0;
		/* a hardware event joining a software-led group moves the group to its PMU */
		if (ne->pmu >= 0 && c->pmu < 0) {
			ctx_remove(k, c, group_fd, t);
			if (ctx_add(k, ctx_get(k, cpu, ne->pmu), group_fd, t))
				return -ENOMEM;
		} else {
			settle(k, c, t);
		}
	}
	return samp_opened(k, attr, fd, cpu, group_fd, t);
}

/* --- values --- */

static double ev_running(const struct simk *k, const struct sev *e, double t)
{
	const struct sev *l = e->leader == e->fd ? e : simk_ev(k, e->leader);

	return e->run_base + (e->enabled && l ? sched_share(k, l, t) : 0);
}

/* A top-down metric event has no counter of its own: the kernel derives it from the slots counter
 * of its group (fixed counter 3 and PERF_METRICS), so it counts over its leader's running time. */
static double count_running(const struct simk *k, const struct sev *e, double t)
{
	const struct sev *l = e->td == SIMTD_METRIC && e->leader != e->fd ? simk_ev(k, e->leader) : NULL;

	return ev_running(k, l ? l : e, t);
}

static double ev_enabled(const struct sev *e, double t)
{
	return e->en_base + (e->enabled ? t - e->en_since : 0);
}

/* The count of e at time t after run seconds of running. A PMU that follows the load (sim_load.c)
 * is integrated: the running time gained since the last look is spread evenly over the wall time
 * in between, phase by phase at each phase's rate, so counts only grow and follow the load. */
static double ev_count(const struct simk *k, struct sev *e, double t, double run)
{
	const struct simm_pmu *p = e->pmu >= 0 ? &k->m->pmus[e->pmu] : NULL;

	if (run <= 0)
		return 0;
	if (e->td && (!p || !simm_phased(p)))
		return simtd_count(e->td_m, e, run);
	if (e->pmu < 0 && (e->sw == PERF_COUNT_SW_CPU_CLOCK || e->sw == PERF_COUNT_SW_TASK_CLOCK))
		return run * 1e9;
	if (!p || !simm_phased(p))
		return e->rate * (run + NOISE_A * (sin(NOISE_W * run + e->phase) - sin(e->phase)) / NOISE_W);
	if (run > e->acc_run && t > e->acc_t) {
		double dr = run - e->acc_run, span = t - e->acc_t, a = e->acc_t;

		while (a < t) {
			long ph = simm_phase_of(a);
			double b = fmin(t, (double)(ph + 1) * SIMM_PHASE_S), r;

			if (b <= a)   /* past the phase counter's range: the rest at this phase's rate */
				b = t;
			if (e->ph_of_rate != ph) {   /* a phase's rate is fixed: work it out once */
				const uint64_t cfg[3] = { e->td ? e->td_cyc : e->config, e->td ? 0 : e->config1,
							  e->td ? 0 : e->config2 };
				struct simk_cst *cs = &k->cst[(size_t)e->cpu * SIMK_NCST + (size_t)ph % SIMK_NCST];

				if (cs->ph != ph || cs->pmu != e->pmu) {
					simm_cpu_state(k->m, p, e->cpu, ph, &cs->st);
					cs->ph = ph;
					cs->pmu = e->pmu;
				}
				e->ph_rate = simm_rate_st(k->m, p, e->cpu, cfg, ph, &cs->st);
				e->ph_of_rate = ph;
			}
			r = e->td ? simtd_rate(e, e->ph_rate, a, b) : e->ph_rate;
			e->acc += r * dr * (b - a) / span;
			a = b;
		}
		e->acc_t = t;
		e->acc_run = run;
	}
	return e->acc;
}

static uint64_t ev_value(const struct simk *k, struct sev *e, double t, double run)
{
	double v = floor(ev_count(k, e, t, run)) - e->offset;

	return v > 0 ? (uint64_t)v : 0;
}

static uint64_t ns(double s)
{
	return s > 0 ? (uint64_t)llround(s * 1e9) : 0;
}

static ssize_t s_read(void *ctx, int fd, void *buf, size_t len)
{
	struct simk *k = ctx;
	struct sev *e = simk_ev(k, fd), *l;
	uint64_t out[3 + 3 * (SIMK_MAX_MEMBERS + 1)], *o = out, rf;
	double t = simk_now(k);
	size_t need;

	if (simt_owns(fd))
		return simt_read(k->tasks, fd, buf, len, t);
	if (!e)
		return -EBADF;
	k->nreads++;
	if (k->f.readfail_after > 0 && k->nreads >= k->f.readfail_after)
		return -EIO;
	unplug_check(k, t);
	l = simk_ev(k, e->leader);
	if (!l || l->error)
		return 0;   /* a pinned group that could not go on: end of file, as the kernel */
	rf = e->read_format;
	/* metric events read as part of the slots group only */
	if (!(rf & PERF_FORMAT_GROUP) && (e->td == SIMTD_METRIC || (l->td && simtd_is_slots(l->config) && l->nmemb)))
		return -EINVAL;
	if (rf & PERF_FORMAT_GROUP) {
		int n = 1 + l->nmemb;
		double en = ev_enabled(l, t), run = ev_running(k, l, t);
		double sh = 0;   /* the group's running time: the same for every member, worked out once */
		bool have_sh = false;

		*o++ = (uint64_t)n;
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			*o++ = ns(en);
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			*o++ = ns(run);
		for (int i = 0; i < n; i++) {
			struct sev *x = i ? simk_ev(k, l->memb[i - 1]) : l;
			double xrun;

			/* a metric event counts over its slots leader's running time (count_running) */
			const struct sev *rx = x && x->td == SIMTD_METRIC && x != l ? l : x;

			if (rx && rx->enabled && rx->leader == l->fd) {   /* ev_running(), the share once */
				if (!have_sh)
					sh = sched_share(k, l, t);
				have_sh = true;
				xrun = rx->run_base + sh;
			} else {
				xrun = rx ? ev_running(k, rx, t) : 0;
			}
			*o++ = x ? ev_value(k, x, t, xrun) : 0;
			if (rf & PERF_FORMAT_ID)
				*o++ = x ? x->id : 0;
			if (rf & PERF_FORMAT_LOST)
				*o++ = 0;
		}
	} else {
		double run = ev_running(k, e, t);

		*o++ = ev_value(k, e, t, run);
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			*o++ = ns(ev_enabled(e, t));
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			*o++ = ns(run);
		if (rf & PERF_FORMAT_ID)
			*o++ = e->id;
		if (rf & PERF_FORMAT_LOST)
			*o++ = 0;
	}
	need = (size_t)(o - out) * sizeof(uint64_t);
	if (len < need)
		return -ENOSPC;
	if (k->f.shortread_after > 0 && k->nreads >= k->f.shortread_after)
		need = need > 8 ? need / 2 & ~(size_t)7 : 0;
	memcpy(buf, out, need);
	return (ssize_t)need;
}

/* --- ioctl --- */

static void ev_enable(struct sev *e, bool on, double t)
{
	if (on && !e->enabled) {
		e->enabled = true;
		e->en_since = t;
		e->error = false;   /* re-enabling a pinned group in error state retries it */
	} else if (!on && e->enabled) {
		e->en_base += t - e->en_since;
		e->enabled = false;
	}
}

static int s_ioctl(void *ctx, int fd, unsigned long req, unsigned long arg)
{
	struct simk *k = ctx;
	struct sev *e = simk_ev(k, fd), *l;
	double t = simk_now(k);
	bool group = arg & PERF_IOC_FLAG_GROUP, was;
	int r;

	if ((r = sims_ioctl(k->samp, fd, req, arg, t)) <= 0)
		return r;   /* SET_OUTPUT */
	if (simt_owns(fd))
		return simt_ioctl(k->tasks, fd, req, t);
	if (!e)
		return -EBADF;
	unplug_check(k, t);
	l = simk_ev(k, e->leader);
	if (req == PERF_EVENT_IOC_ID) {
		if (!arg)
			return -EFAULT;
		memcpy((void *)arg, &e->id, sizeof(e->id));
		return 0;
	}
	if (req != PERF_EVENT_IOC_ENABLE && req != PERF_EVENT_IOC_DISABLE && req != PERF_EVENT_IOC_RESET)
		return -ENOTTY;
	if (e->dead)
		return 0;   /* off its CPU for good: nothing to start or stop */
	was = l->enabled;
	sched_bank(k, l->ctx, t);
	for (int i = -1; i < (group ? l->nmemb : 0); i++) {
		struct sev *x = group ? (i < 0 ? l : simk_ev(k, l->memb[i])) : (i < 0 ? e : NULL);

		if (!x)
			continue;
		if (req == PERF_EVENT_IOC_RESET)
			x->offset = floor(ev_count(k, x, t, count_running(k, x, t)));
		else
			ev_enable(x, req == PERF_EVENT_IOC_ENABLE, t);
	}
	/* enabling groups one after another (as pmutop starts them) extends the rotation */
	if (was || !l->enabled || !sched_enable_last(k, l->ctx, l))
		sched_settle(k, l->ctx, t);
	return 0;
}

static int s_close(void *ctx, int fd)
{
	struct simk *k = ctx;
	struct sev *e = simk_ev(k, fd);
	double t = simk_now(k);

	sims_closed(k->samp, fd);
	if (simt_owns(fd))
		return simt_close(k->tasks, fd);
	if (!e)
		return -EBADF;
	unplug_check(k, t);
	if (e->dead) {
		free(e->memb);
	} else if (e->leader == fd) {
		struct sctx *c = e->ctx;

		/* the members become groups of their own, as the kernel's perf_group_detach */
		sched_settle(k, c, t);
		for (int i = 0; i < e->nmemb; i++) {
			struct sev *x = simk_ev(k, e->memb[i]);

			if (x) {
				x->leader = x->fd;
				x->grp_xreg = x->xreg >= 0;
				ctx_add(k, ctx_get(k, x->cpu, x->pmu), x->fd, t);
			}
		}
		ctx_remove(k, c, fd, t);
		free(e->memb);
	} else {
		struct sev *l = simk_ev(k, e->leader);

		sched_settle(k, l->ctx, t);
		for (int i = 0; i < l->nmemb; i++)
			if (l->memb[i] == fd) {
				memmove(&l->memb[i], &l->memb[i + 1], sizeof(int) * (size_t)(l->nmemb - i - 1));
				l->nmemb--;
				break;
			}
		sched_settle(k, l->ctx, t);
	}
	memset(e, 0, sizeof(*e));
	k->freefd[k->nfree++] = fd;
	k->nopen--;
	return 0;
}

/* --- CPUID --- */

static void put_vendor(const char *v, uint32_t regs[4])
{
	char b[12] = { 0 };

	memcpy(b, v, strlen(v) < 12 ? strlen(v) : 12);
	memcpy(&regs[1], b, 4);      /* EBX */
	memcpy(&regs[3], b + 4, 4);  /* EDX */
	memcpy(&regs[2], b + 8, 4);  /* ECX */
}

static int s_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	struct simk *k = ctx;
	const struct sim_machine *m = k->m;
	bool intel = is_vendor(m, "GenuineIntel"), amd = is_vendor(m, "AuthenticAMD");
	int cp = m->ncpus ? m->cpus[0].core_pmu : -1;
	const struct simm_pmu *p = cp >= 0 ? &m->pmus[cp] : NULL;

	(void)subleaf;
	if (!intel && !amd)
		return -ENOTSUP;
	memset(regs, 0, 4 * sizeof(uint32_t));
	if (leaf == 0) {
		regs[0] = intel ? 0x20 : 0x10;
		put_vendor(m->vendor, regs);
	} else if (leaf == 0x80000000) {
		regs[0] = amd ? 0x80000026 : 0x80000008;
		put_vendor(m->vendor, regs);
	} else if (leaf == 0x0a && intel && p) {
		/* EAX: version, GP per logical CPU, width; EDX: fixed count, fixed width */
		regs[0] = 5 | (uint32_t)p->gp << 8 | (uint32_t)p->width << 16 | 7u << 24;
		regs[3] = (uint32_t)p->fixed | (uint32_t)p->width << 5;
	} else if (leaf == 0x80000022 && amd && p) {
		regs[0] = 1;   /* PerfMonV2 */
		regs[1] = (uint32_t)p->gp & 0xf;
	}
	return 0;
}

/* --- life cycle --- */

/* The simulated machine's clock is the one it follows. */
static uint64_t s_clock_ns(void *ctx)
{
	const struct simk *k = ctx;

	return k->clock->clock_ns(k->clock->ctx);
}

static void *s_ring_map(void *ctx, int fd, size_t len, int *err)
{
	struct simk *k = ctx;

	return sims_map(k->samp, fd, len, err);
}

static int s_ring_unmap(void *ctx, int fd, void *addr, size_t len)
{
	struct simk *k = ctx;

	return sims_unmap(k->samp, fd, addr, len);
}

static void s_ring_poll(void *ctx, int fd)
{
	struct simk *k = ctx;

	sims_poll(k->samp, fd, simk_now(k));
}

struct perf_seam *simk_new(const struct sim_machine *m, const struct sim_faults *f)
{
	struct simk *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->m = m;
	if (f)
		k->f = *f;
	else
		k->f.enodev_cpu = -1, k->f.enodev_back = -1;
	k->ctx = calloc((size_t)m->ncpus, sizeof(*k->ctx));
	k->nctx = calloc((size_t)m->ncpus, sizeof(*k->nctx));
	k->tasks = simt_new(m);
	k->cst = calloc((size_t)m->ncpus * SIMK_NCST, sizeof(*k->cst));
	k->tdprof = calloc((size_t)m->ncpus, sizeof(*k->tdprof));
	k->samp = k->tasks ? sims_new(k->tasks, k->f.throttle_rate) : NULL;
	if (!k->ctx || !k->nctx || !k->tasks || !k->cst || !k->tdprof || !k->samp) {
		sims_free(k->samp);
		simt_free(k->tasks);
		free(k->ctx);
		free(k->nctx);
		free(k->cst);
		free(k->tdprof);
		free(k);
		return NULL;
	}
	simtd_profiles(m, k->tdprof);
	for (int c = 0; c < m->ncpus * SIMK_NCST; c++)
		k->cst[c].ph = -1;
	k->clock = &seam_kernel;
	k->t0_ns = seam_kernel.clock_ns(seam_kernel.ctx);
	k->first_open = -1;
	k->next_id = 1;
	k->seam = (struct perf_seam){ .name = "sim", .ctx = k, .open = s_open, .read = s_read, .ioctl = s_ioctl,
				      .close = s_close, .cpuid = s_cpuid, .proc_stat = simk_proc_stat,
				      .proc_interrupts = simk_proc_interrupts, .clock_ns = s_clock_ns,
				      .ring_map = s_ring_map, .ring_unmap = s_ring_unmap, .ring_poll = s_ring_poll };
	return &k->seam;
}

int simk_set_clock(struct perf_seam *s, const struct perf_seam *clock)
{
	struct simk *k = s->ctx;

	if (!clock || !clock->clock_ns)
		return -EINVAL;
	if (k->first_open >= 0)
		return -EBUSY;   /* what was counted would jump with the clock */
	k->clock = clock;
	k->t0_ns = clock->clock_ns(clock->ctx);
	return 0;
}

void simk_free(struct perf_seam *s)
{
	struct simk *k;

	if (!s)
		return;
	k = s->ctx;
	for (int i = 0; i < k->nev; i++)
		free(k->ev[i].memb);
	for (int c = 0; c < k->m->ncpus; c++) {
		for (int i = 0; i < k->nctx[c]; i++) {
			free(k->ctx[c][i]->groups);
			free(k->ctx[c][i]->flex);
			free(k->ctx[c][i]->len);
			free(k->ctx[c][i]->on);
			free(k->ctx[c][i]);
		}
		free(k->ctx[c]);
	}
	free(k->ctx);
	free(k->nctx);
	free(k->busy_acc);
	free(k->cst);
	free(k->tdprof);
	free(k->ev);
	free(k->freefd);
	sims_free(k->samp);
	simt_free(k->tasks);
	free(k);
}
