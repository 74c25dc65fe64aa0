/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* app_wl_cmd.c: the command of -- COMMAND: started held at its exec until its counters are open,
 * its life tied to pmutop's (a parent-death signal, the guard's fatal-signal path, a bounded end at
 * exit), its end followed, and its whole run summed as perf stat -- COMMAND sums it. */
#include "app.h"
#include "app_wl.h"
#include "app/guard.h"
#include "base/errmsg.h"
#include "base/printable.h"
#include "hw/perf/wlcount.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app_wl_impl.h"
#include "base/clock.h"

/* The child: tied to pmutop's life, wait for the word to go (the counters are open), then exec; a
 * failed exec sends its errno back through the close-on-exec pipe. */
static void child_run(char **argv, int go, int fail, bool quiet, pid_t parent)
{
	char c;
	int e;

	guard_child_defaults();   /* pmutop's fatal-signal handlers are not the command's */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	/* pmutop killed (SIGKILL: no handler runs) kills the command; kept across exec. pmutop may
	 * have died before this was set: then the parent is another process already. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
	if (read(go, &c, 1) != 1)
		_exit(127);   /* pmutop gave up before counting: the command is not run */
	if (quiet) {
		int null = open("/dev/null", O_RDWR);

		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
			if (null > 2)
				close(null);
		}
	}
	execvp(argv[0], argv);
	e = errno;
	if (write(fail, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* Reap the command that has ended (it is unregistered from the guard first), its status and CPU
 * time kept. */
static void reap(struct app_wl *w)
{
	struct rusage ru;
	int st = 0;
	pid_t r;

	guard_set_child(0);
	memset(&ru, 0, sizeof(ru));
	while ((r = wait4(w->child, &st, 0, &ru)) < 0 && errno == EINTR)
		;
	w->child_done = true;
	w->child_t1 = clock_mono();
	w->child_status = r != w->child ? 1 : WIFEXITED(st) ? WEXITSTATUS(st) :
			  WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
	w->child_user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	w->child_sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* A handler, so that the screen's wait for a key (poll) returns when the command ends. */
static void on_child(int sig)
{
	(void)sig;
}

/* Start the command held before its exec and count it from the exec (enable_on_exec, inherit);
 * wl_command_go lets it go once the first interval has started. 0 or an exit status with the
 * message printed. */
int wl_command_start(struct app *a, struct app_wl *w)
{
	char **argv = a->opt.wl.command;
	int go[2], fail[2], r;
	struct errmsg em = { 0 };
	struct sigaction sa;
	struct wl_proc *p;
	pid_t parent = getpid();

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(fail, O_CLOEXEC) < 0) {
		printable_eprintf("pmutop: cannot start %s: %s\n", argv[0], strerror(errno));
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP | SA_RESTART;   /* poll and select are never restarted */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, NULL);
	fflush(NULL);
	if ((w->child = fork()) < 0) {
		printable_eprintf("pmutop: cannot start %s: %s\n", argv[0], strerror(errno));
		w->child = 0;
		return 1;
	}
	if (w->child == 0)
		child_run(argv, go[0], fail[1], a->opt.wl.command_quiet, parent);
	guard_set_child(w->child);   /* a fatal signal from now on ends it */
	close(go[0]);
	close(fail[1]);
	r = wl_proc_add(w, w->child, WL_PROCESS, true, 0, &em);
	if (r < 0) {
		close(go[1]);   /* the child exits without running the command */
		close(fail[0]);
		reap(w);
		w->child = 0;
		printable_eprintf("pmutop: cannot count %s: %s\n", argv[0], errmsg_text(&em, r));
		return 1;
	}
	p = &w->p[w->np - 1];
	p->command = true;
	/* raw: every output escapes it (model.h) */
	snprintf(p->comm, sizeof(p->comm), "%s", strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0]);
	wl_user_name((int)getuid(), p->user, sizeof(p->user));
	w->go_fd = go[1];
	w->fail_fd = fail[0];
	return 0;
}

/* Let the command held by wl_command_start go: after the intervals' start is taken, so that the
 * first interval holds all of its run. 0, or an exit status (said): 127 when it is not found, 126
 * when it cannot be run (as shells and env(1) say). */
int wl_command_go(struct app *a, struct app_wl *w)
{
	char **argv = a->opt.wl.command;
	int r, e = 0;
	ssize_t got;

	w->child_t0 = clock_mono();
	r = (int)write(w->go_fd, "g", 1);
	e = errno;
	close(w->go_fd);
	w->go_fd = -1;
	got = r == 1 ? read(w->fail_fd, &e, sizeof(e)) : 0;
	close(w->fail_fd);
	w->fail_fd = -1;
	if (r != 1 || got == (ssize_t)sizeof(e)) {
		reap(w);
		w->child = 0;
		printable_eprintf("pmutop: cannot run %s: %s\n", argv[0], strerror(e));
		return r == 1 && e == ENOENT ? 127 : 126;
	}
	return 0;
}

bool app_wl_command_running(struct app *a)
{
	struct app_wl *w = a->wl;
	siginfo_t si;

	if (!w || !w->child || w->child_done)
		return false;
	memset(&si, 0, sizeof(si));
	/* looked at without reaping: the guard may end it until it is unregistered (reap) */
	if (waitid(P_PID, (id_t)w->child, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid != w->child)
		return true;
	reap(w);
	return false;
}

int app_wl_command_status(const struct app *a, int *status)
{
	if (!a->wl || !a->wl->child || !a->wl->child_done)
		return 0;
	*status = a->wl->child_status;
	return 1;
}

void wl_command_end(struct app_wl *w)
{
	int st;

	if (!w->child || w->child_done)
		return;
	if (guard_end_child(&st) == 1) {   /* SIGTERM, then SIGKILL after the grace */
		w->child_done = true;
		w->child_status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
	}
}

/* ---- the whole run ---- */

void wl_command_totals_flush(struct app_wl *w)
{
	for (int i = 0; w->cnt && i < w->np; i++) {
		struct wl_proc *p = &w->p[i];

		for (int k = 0; p->command && k < p->nt; k++)
			if (wlc_read(w->cnt, p->slot[k], w->tmp) == 0)
				wl_command_totals_add(w, w->tmp);
	}
}

void wl_command_totals_reset(struct app *a, struct app_wl *w)
{
	int n = w->nev ? w->nev : 1;
	struct ev_val *t = calloc((size_t)n, sizeof(*t));
	char **keys = calloc((size_t)n, sizeof(*keys));
	bool added = false;

	for (int e = 0; t && keys && e < w->nev && e < a->model.nev; e++) {
		int j = 0;

		if (!(keys[e] = strdup(a->model.ev[e].key)))
			break;
		while (j < w->cmd_tot_n && (!w->cmd_keys[j] || strcmp(w->cmd_keys[j], keys[e]) != 0))
			j++;
		if (j < w->cmd_tot_n)
			t[e] = w->cmd_tot[j];   /* the same event: its run goes on */
		else
			added = added || (w->use && w->use[e]);
	}
	wl_command_totals_free(w);
	if (!t || !keys) {
		free(t);
		free(keys);
		return;
	}
	w->cmd_tot = t;
	w->cmd_keys = keys;
	w->cmd_tot_n = w->nev;
	if (added && w->child_t0 > 0)   /* an event new to the list counts from now */
		w->cmd_since = clock_mono() - w->child_t0;
}

void wl_command_totals_free(struct app_wl *w)
{
	for (int e = 0; w->cmd_keys && e < w->cmd_tot_n; e++)
		free(w->cmd_keys[e]);
	free(w->cmd_keys);
	free(w->cmd_tot);
	w->cmd_keys = NULL;
	w->cmd_tot = NULL;
	w->cmd_tot_n = 0;
}

void wl_command_totals_add(struct app_wl *w, const struct ev_val *row)
{
	for (int e = 0; w->cmd_tot && e < w->cmd_tot_n && e < w->nev; e++)
		model_sum_into(&w->cmd_tot[e], &row[e]);
}

int app_wl_command_run(struct app *a, struct app_wl_run *out)
{
	struct app_wl *w = a->wl;

	memset(out, 0, sizeof(*out));
	if (!w || !w->child || !w->child_done || !w->cmd_tot)
		return 0;
	wl_command_totals_flush(w);   /* what came after the last sample (the screen was paused) */
	for (int e = 0; e < w->cmd_tot_n; e++)
		model_sum_finish(&w->cmd_tot[e]);
	out->tot = w->cmd_tot;
	out->nev = w->cmd_tot_n;
	out->elapsed = w->child_t1 - w->child_t0;
	out->since = w->cmd_since;
	out->user = w->child_user;
	out->sys = w->child_sys;
	out->status = w->child_status;
	return 1;
}
