/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cli_args.h: reading the command line into a->opt. */
#ifndef PMUTOP_CMD_CLI_ARGS_H
#define PMUTOP_CMD_CLI_ARGS_H
struct app;
/* Read argv into a->opt. 0, or the usage error's exit status (said); *exit_now set when an option
 * did its whole job (--help, --version, --list-options). */
int cli_parse_args(struct app *a, int argc, char **argv, int *exit_now);
#endif
