/* SPDX-License-Identifier: GPL-2.0-or-later */
/* batch.h: the -b loop. */
#ifndef PMUTOP_BATCH_H
#define PMUTOP_BATCH_H
#include <stdio.h>
struct app;
/* Sample and write until -n samples, the end of a recording, or a signal. Returns the exit status. */
int batch_run(struct app *a, FILE *out);
#endif
