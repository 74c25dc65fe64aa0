/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* guard.h: every way out of pmutop restores the terminal, ends the command it started and removes
 * what pmutop created.
 * A fatal signal (SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGPIPE, SIGUSR1, SIGALRM, ..., and SIGINT,
 * SIGTERM, SIGHUP while no loop handles them) runs the registered async-signal-safe cleanups, then
 * dies of the same signal with its default action (or hands it to the handler that was there, e.g.
 * a sanitizer's), so the shell sees 128+signal. */
#ifndef PMUTOP_GUARD_H
#define PMUTOP_GUARD_H
#include <signal.h>
#include <sys/types.h>

/* How long the command gets to end after SIGTERM before SIGKILL (pmutop.1, EXIT STATUS). */
#define GUARD_CHILD_GRACE_MS 2000

/* Install the handlers (on an alternate stack, so a stack overflow is still cleaned up) and keep a
 * few file descriptors in reserve, freed before the tree is removed: running out of fds must not
 * leave the tree behind. Safe to call more than once. */
void guard_install(void);
/* The terminal restore to run on a fatal signal: fn must be async-signal-safe (write, tcsetattr).
 * NULL clears it. */
void guard_set_terminal(void (*fn)(void));
/* The command pmutop started (-- COMMAND), to end on a fatal signal; 0 clears it. Its own
 * PR_SET_PDEATHSIG covers SIGKILL, where no handler runs. */
void guard_set_child(pid_t pid);
/* End the registered command and reap it: SIGTERM (and SIGCONT), then SIGKILL if it has not exited
 * GUARD_CHILD_GRACE_MS later. 1 with its wait status in *status (if not NULL), 0 when none was
 * registered or it was reaped elsewhere. The registration is cleared. Async-signal-safe. */
int guard_end_child(int *status);
/* In the child after fork, before exec: the signals the guard handles back to their default
 * actions (its handlers would restore pmutop's terminal and remove its tree). */
void guard_child_defaults(void);
/* What else to undo on a fatal signal, before the tree goes (RDT monitoring groups pmutop made):
 * fn must be async-signal-safe. NULL clears it. */
void guard_set_cleanup(void (*fn)(void));
/* The private tree to remove on a fatal signal: name under the open directory parentfd, which the
 * guard now owns. Call with signals blocked (guard_block) from before the directory exists. */
void guard_set_tree(int parentfd, const char *name);
/* Remove the registered tree now and forget it: 0, a negative errno, or 1 when none is registered. */
int guard_remove_tree(void);
/* Block the signals the guard handles (to make a directory and register it as one step). */
void guard_block(sigset_t *old);
void guard_unblock(const sigset_t *old);
#endif
