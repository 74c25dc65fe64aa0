/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cmd.h: the program's top: the command line, the modes it chooses, and their loops. */
#ifndef PMUTOP_CMD_H
#define PMUTOP_CMD_H
struct app;

/* The whole program (main.c calls it): parse the command line, run the mode, return the exit status. */
int pmutop_main(int argc, char **argv);
/* --replay: set up the replay source and run batch or TUI. Returns the exit status. */
int replay_main(struct app *a);
/* --hot -b: the hot functions per interval. Returns the exit status. */
int hot_main(struct app *a);
#endif
