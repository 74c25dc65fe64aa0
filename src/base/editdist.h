/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* editdist.h: the edit distance behind "did you mean": event names, catalogue keys. */
#ifndef PMUTOP_EDITDIST_H
#define PMUTOP_EDITDIST_H

/* Characters of each name compared: a suggestion needs no more, and the work stays bounded
 * whatever a hostile name's length. */
#define EDIT_MAX 160

/* Levenshtein distance between the first EDIT_MAX characters of a and b, letters compared
 * without case (perf matches LLC-loads and llc-loads alike). Gives up once every path is at
 * cap or beyond and returns cap: pass the distance past which a name is no use. */
int edit_distance(const char *a, const char *b, int cap);
#endif
