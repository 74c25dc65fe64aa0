/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* batch.h: the -b loop. */
#ifndef PMUTOP_BATCH_H
#define PMUTOP_BATCH_H
#include <stdio.h>
struct app;
/* Sample and write until -n samples, the end of a recording, or a signal. Returns the exit status. */
int batch_run(struct app *a, FILE *out);
/* -o FILE opened for the run (base/safefile: as root, no link or file another user controls; a FIFO
 * without a reader is an error, not a hang). NULL after saying why on stderr. */
FILE *batch_open_output(const char *path);
#endif
