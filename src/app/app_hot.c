/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_hot.c: the screen's hot functions (issue 40): the target the panel was aimed at sampled
 * through src/hw/sample/hot.h, drained at each refresh (app_sample), its rows kept for the panel to
 * read; the event and the window changed by reopening. The panel only reads (session.h). */
#include "app_hot.h"
#include "app.h"
#include "session.h"
#include "base/errmsg.h"
#include "hw/sys/cgroupfs.h"
#include "hw/sys/cpulist.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define APP_HOT_DEFAULT "cycles"   /* sampled where the PMU has it, else cpu-clock (said) */

struct app_hot {
	struct hot *h;
	struct hot_target t;
	int *cpus;
	char label[128];
	char event[256];          /* as asked ("" the default: cycles, else cpu-clock) */
	double window;
	char why[512];            /* why nothing is sampled, "" when sampling */
	char perm[512];           /* what perf_event_paranoid and kptr_restrict allow */
	struct hot_row rows[SESSION_HOT_ROWS];
	int nrows;
	bool aimed;               /* the target was made: the event and window may change */
};

static int role_of(const char *base)
{
	if (!strcmp(base, "cycles") || !strcmp(base, "cpu-cycles") || !strcmp(base, "cpu_cycles"))
		return HOT_R_CYCLES;
	if (!strcmp(base, "instructions") || !strcmp(base, "inst_retired") || !strcmp(base, "inst_retired.any"))
		return HOT_R_INSTRUCTIONS;
	if (strstr(base, "miss"))
		return HOT_R_MISSES;
	return HOT_R_OTHER;
}

int app_hot_events(struct app *a, const char *text, struct hot_opts *o, char *why, size_t n)
{
	char buf[1024];
	struct evlist l = { 0 };
	struct ev_error err = { 0 };
	size_t len = strlen(text);
	int r;

	if (len >= sizeof(buf)) {
		snprintf(why, n, "the event text is too long");
		return -ENAMETOOLONG;
	}
	memcpy(buf, text, len + 1);
	if (len > 3 && !strcmp(buf + len - 3, "}:S"))
		buf[len - 2] = '\0';
	if ((r = evlist_add(&l, EVO_USER, buf, false, &a->reg, &a->topo, NULL, 0, &err)) < 0) {
		snprintf(why, n, "%s", err.msg[0] ? err.msg : strerror(-r));
		evlist_free(&l);
		return r;
	}
	if (l.flat.n < 1 || l.flat.n > HOT_MAX_EVENTS || l.flat.ngroups > 1) {
		snprintf(why, n, "one event or one group of up to %d is sampled", HOT_MAX_EVENTS);
		evlist_free(&l);
		return -EINVAL;
	}
	for (int i = 0; i < l.flat.n; i++) {
		const struct ev_spec *s = &l.flat.ev[i];

		o->ev[i] = (struct hot_event){ .type = s->type, .config = s->config, .config1 = s->config1,
					       .config2 = s->config2, .role = role_of(s->base) };
		snprintf(o->ev[i].name, sizeof(o->ev[i].name), "%s", s->name);
	}
	o->nev = l.flat.n;
	evlist_free(&l);
	return 0;
}

/* The target of an aim into s->t (s->cpus: every online CPU, or those of the text). */
static int make_target(struct app *a, struct app_hot *s, const struct session_hot_aim *t)
{
	int n = a->topo.ncpus;

	memset(&s->t, 0, sizeof(s->t));
	s->t.cgroup_fd = -1;
	s->t.kind = t->kind;
	if (t->kind == HOT_CPUS && t->cpus && t->cpus[0]) {
		if ((n = cpulist_parse(t->cpus, &s->cpus)) < 0) {
			snprintf(s->why, sizeof(s->why), "CPUs %.100s: not a CPU list", t->cpus);
			return n;
		}
	} else {
		if (!(s->cpus = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1))))
			return -ENOMEM;
		for (int i = 0; i < n; i++)
			s->cpus[i] = a->topo.cpus[i].cpu;
	}
	s->t.cpus = s->cpus, s->t.ncpus = n;
	if (t->kind == HOT_PID) {
		s->t.pid = t->pid;
	} else if (t->kind == HOT_CGROUP) {
		struct cgroupfs fs;
		struct errmsg em = { 0 };
		char rel[4096];
		int r;

		if ((r = cgroupfs_find(&fs, &em)) < 0 || (r = cgroupfs_resolve(&fs, t->cgroup, rel, sizeof(rel), &em)) < 0) {
			snprintf(s->why, sizeof(s->why), "%s", errmsg_text(&em, r));
			return r;
		}
		if ((s->t.cgroup_fd = cgroupfs_open(&fs, rel)) < 0) {
			snprintf(s->why, sizeof(s->why), "cgroup %.200s: %s", rel, strerror(-s->t.cgroup_fd));
			return s->t.cgroup_fd;
		}
	}
	return 0;
}

/* Open the sampling of s->t for s->event and s->window: 0, or a negative errno with s->why. */
static int open_sampling(struct app *a, struct app_hot *s, struct hot **out)
{
	struct hot_opts o = { 0 };
	struct errmsg em = { 0 };
	char why[240];
	int r;

	*out = NULL;
	if ((r = app_hot_events(a, s->event[0] ? s->event : APP_HOT_DEFAULT, &o, why, sizeof(why))) < 0) {
		snprintf(s->why, sizeof(s->why), "%.250s: %s", s->event[0] ? s->event : APP_HOT_DEFAULT, why);
		return r;
	}
	o.fallback = !s->event[0];
	o.freq = a->set.sample_freq > 0 ? (unsigned)a->set.sample_freq : 0;
	o.window = s->window;
	if ((r = hot_open(a->seam, &s->t, &o, out, &em)) < 0)
		snprintf(s->why, sizeof(s->why), "%s", errmsg_text(&em, r));
	return r;
}

static void hot_end(struct app_hot *s)
{
	hot_close(s->h);
	s->h = NULL;
	s->nrows = 0;
}

void app_hot_free(struct app *a)
{
	struct app_hot *s = a->hot;

	if (!s)
		return;
	hot_end(s);
	if (s->t.kind == HOT_CGROUP && s->t.cgroup_fd >= 0)
		close(s->t.cgroup_fd);
	free(s->cpus);
	free(s);
	a->hot = NULL;
}

void session_hot_stop(struct app *a)
{
	app_hot_free(a);
}

int session_hot_start(struct app *a, const struct session_hot_aim *t)
{
	struct app_hot *s;
	int r;

	app_hot_free(a);
	if (!(s = calloc(1, sizeof(*s))))
		return -ENOMEM;
	a->hot = s;
	snprintf(s->label, sizeof(s->label), "%s", t->label ? t->label : "");
	s->window = a->set.sample_window > 0 ? a->set.sample_window : HOT_DEFAULT_WINDOW;
	if (a->rep || !a->seam) {
		snprintf(s->why, sizeof(s->why), "a recording holds no samples: the hot functions are sampled live");
		return -EOPNOTSUPP;
	}
	if ((r = make_target(a, s, t)) < 0)
		return r;
	s->aimed = true;
	hot_permissions(&s->t, s->perm, sizeof(s->perm));
	return open_sampling(a, s, &s->h);
}

int session_hot_set(struct app *a, const char *event, double window, char *why, size_t n)
{
	struct app_hot *s = a->hot;
	char old_event[sizeof(s->event)], old_why[sizeof(s->why)];
	double old_window;
	struct hot *h;
	int r;

	if (!s || !s->aimed) {
		snprintf(why, n, "nothing is sampled: open the hot functions on a row first");
		return -EINVAL;
	}
	memcpy(old_event, s->event, sizeof(old_event));
	memcpy(old_why, s->why, sizeof(old_why));
	old_window = s->window;
	if (event)
		snprintf(s->event, sizeof(s->event), "%s", event);
	if (window > 0)
		s->window = window;
	if ((r = open_sampling(a, s, &h)) < 0) {
		/* what was sampled goes on being sampled */
		snprintf(why, n, "%s", s->why);
		memcpy(s->event, old_event, sizeof(old_event));
		memcpy(s->why, old_why, sizeof(old_why));
		s->window = old_window;
		return r;
	}
	hot_end(s);
	s->h = h;
	s->why[0] = '\0';
	return 0;
}

void app_hot_drain(struct app *a)
{
	struct app_hot *s = a->hot;
	long r;

	if (!s || !s->h)
		return;
	if ((r = hot_drain(s->h)) < 0) {
		snprintf(s->why, sizeof(s->why), "reading the samples failed: %s", strerror((int)-r));
		hot_end(s);
		return;
	}
	s->nrows = hot_top(s->h, s->rows, SESSION_HOT_ROWS, false);
}

const struct hot_info *session_hot_info(struct app *a)
{
	return a->hot && a->hot->h ? hot_info(a->hot->h) : NULL;
}

int session_hot_rows(const struct app *a, const struct hot_row **rows)
{
	*rows = a->hot ? a->hot->rows : NULL;
	return a->hot && a->hot->h ? a->hot->nrows : 0;
}

void session_hot_state(const struct app *a, struct session_hot_state *out)
{
	const struct app_hot *s = a->hot;

	memset(out, 0, sizeof(*out));
	out->label = s ? s->label : "";
	out->event = s && s->event[0] ? s->event : APP_HOT_DEFAULT;
	out->window = s ? s->window : a->set.sample_window;
	out->why = s ? s->why : "not aimed at a row";
	out->perm = s ? s->perm : "";
	out->sampling = s && s->h;
}
