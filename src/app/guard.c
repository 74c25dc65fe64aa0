/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* guard.c: fatal signals restore the terminal, end the command, remove the private tree, then
 * re-raise. */
#include "guard.h"
#include "hw/sys/fsat.h"
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NRESERVE 12   /* the removal walk holds one fd per level of the tree (~8) */

static const int fatal_sigs[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
	SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
};
#define NSIGS ((int)(sizeof(fatal_sigs) / sizeof(fatal_sigs[0])))

static struct sigaction old_act[NSIGS];
static int installed;
static void (*volatile term_fn)(void);
static void (*volatile cleanup_fn)(void);
static volatile int tree_fd = -1;
static volatile pid_t child_pid;   /* the command (-- COMMAND), 0 none */
static char tree_name[256];
static int reserve[NRESERVE];
static int nreserve;
static char altstack[64 * 1024];

static void release_reserve(void)
{
	while (nreserve > 0)
		close(reserve[--nreserve]);
}

static void on_fatal(int sig, siginfo_t *si, void *uc)
{
	int e = errno, i;
	void (*fn)(void) = term_fn;
	sigset_t set;

	term_fn = NULL;
	if (fn)
		fn();
	guard_end_child(NULL);
	release_reserve();
	fn = cleanup_fn;
	cleanup_fn = NULL;
	if (fn)
		fn();
	if (tree_fd >= 0) {
		int fd = tree_fd;

		tree_fd = -1;
		fsat_remove_tree(fd, tree_name);
		close(fd);
	}
	for (i = 0; i < NSIGS && fatal_sigs[i] != sig; i++)
		;
	/* a handler that was there before (a sanitizer's report) gets a real fault; a signal someone
	 * sent (kill, raise: si_code <= 0) and everything else take the default action */
	if (si && si->si_code <= 0)
		i = NSIGS;
	if (i < NSIGS && (old_act[i].sa_flags & SA_SIGINFO) && old_act[i].sa_sigaction) {
		sigaction(sig, &old_act[i], NULL);
		old_act[i].sa_sigaction(sig, si, uc);
		errno = e;
		return;
	}
	if (i < NSIGS && !(old_act[i].sa_flags & SA_SIGINFO) && old_act[i].sa_handler != SIG_DFL &&
	    old_act[i].sa_handler != SIG_IGN) {
		sigaction(sig, &old_act[i], NULL);
		old_act[i].sa_handler(sig);
		errno = e;
		return;
	}
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	errno = e;   /* a fault re-executes and dies of the default action */
}

void guard_install(void)
{
	struct sigaction sa;
	stack_t st;

	if (installed)
		return;
	installed = 1;
	memset(&st, 0, sizeof(st));
	st.ss_sp = altstack;
	st.ss_size = sizeof(altstack);
	sigaltstack(&st, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fatal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigfillset(&sa.sa_mask);   /* one cleanup at a time */
	for (int i = 0; i < NSIGS; i++) {
		sigaction(fatal_sigs[i], NULL, &old_act[i]);
		if (old_act[i].sa_handler == SIG_IGN && !(old_act[i].sa_flags & SA_SIGINFO))
			continue;   /* ignored by who started us (nohup): stays ignored */
		sigaction(fatal_sigs[i], &sa, NULL);
	}
	while (nreserve < NRESERVE) {
		int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			break;
		reserve[nreserve++] = fd;
	}
}

void guard_set_terminal(void (*fn)(void))
{
	term_fn = fn;
}

void guard_set_child(pid_t pid)
{
	child_pid = pid;
}

static double mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Whether pid has exited (a zombie: it stays one, so its number is not reused, until reaped). */
static bool exited(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
		return errno != EINTR;   /* ECHILD: not ours, or reaped already */
	return si.si_pid == pid;
}

/* Only async-signal-safe calls: kill, waitid, waitpid, clock_gettime, nanosleep. */
int guard_end_child(int *status)
{
	pid_t pid = child_pid;
	struct timespec step = { 0, 10 * 1000 * 1000 };
	double end;
	int st = 0, e = errno;
	pid_t r;

	if (pid <= 0)
		return 0;
	kill(pid, SIGTERM);
	kill(pid, SIGCONT);   /* a stopped command acts on SIGTERM only once it runs */
	end = mono_ms() + GUARD_CHILD_GRACE_MS;
	while (!exited(pid) && mono_ms() < end)
		nanosleep(&step, NULL);
	if (!exited(pid))
		kill(pid, SIGKILL);
	child_pid = 0;   /* before it is reaped: then its number may go to another process */
	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	errno = e;
	if (r != pid)
		return 0;
	if (status)
		*status = st;
	return 1;
}

void guard_child_defaults(void)
{
	for (int i = 0; i < NSIGS; i++)
		if (old_act[i].sa_handler != SIG_IGN || (old_act[i].sa_flags & SA_SIGINFO))
			signal(fatal_sigs[i], SIG_DFL);
}

void guard_set_cleanup(void (*fn)(void))
{
	cleanup_fn = fn;
}

void guard_set_tree(int parentfd, const char *name)
{
	if (tree_fd >= 0)
		close(tree_fd);
	tree_fd = -1;
	snprintf(tree_name, sizeof(tree_name), "%s", name ? name : "");
	if (parentfd >= 0 && name)
		tree_fd = parentfd;
}

int guard_remove_tree(void)
{
	sigset_t old;
	int fd, r;

	guard_block(&old);
	fd = tree_fd;
	tree_fd = -1;
	guard_unblock(&old);
	if (fd < 0)
		return 1;
	release_reserve();   /* counters may have taken every other fd */
	r = fsat_remove_tree(fd, tree_name);
	close(fd);
	return r;
}

void guard_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (int i = 0; i < NSIGS; i++)
		if (fatal_sigs[i] != SIGSEGV && fatal_sigs[i] != SIGBUS && fatal_sigs[i] != SIGILL &&
		    fatal_sigs[i] != SIGFPE)
			sigaddset(&set, fatal_sigs[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

void guard_unblock(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}
