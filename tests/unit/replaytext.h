/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* replaytext.h: open a replay of a recording given as text (written to a temporary file at path,
 * a mkstemp template the caller owns and unlinks). NULL, with a failed check, when it cannot. */
#ifndef PMUTOP_REPLAYTEXT_H
#define PMUTOP_REPLAYTEXT_H
#include <string.h>
#include <unistd.h>
#include "base/errmsg.h"
#include "replay/replay.h"

#define replay_of_text(path, text) replay_of_text_(t_name, path, text)
static struct replay *replay_of_text_(const char *t_name, char *path, const char *text)
{
	struct errmsg em = { 0 };
	int fd = mkstemp(path);
	struct replay *r;

	CHECK(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text), "temp file");
	if (fd >= 0)
		close(fd);
	replay_open(path, NULL, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	if (!r)
		unlink(path);
	return r;
}
#endif
