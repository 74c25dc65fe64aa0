/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* keylist.h: the columns setting, a comma list of column keys, where a key that names an event may
 * hold commas of its own (cpu/event=0x3c,umask=0/): its items, finding one, toggling one. */
#ifndef PMUTOP_KEYLIST_H
#define PMUTOP_KEYLIST_H
#include <stddef.h>

/* Find the next item of a key list starting at *pos: commas inside an event's
 * terms (cpu/event=1,umask=2/) and braces ({a,b}:S) do not split.
 * Sets *start and *len (whitespace trimmed) and advances *pos past the comma.
 * Returns 0 when an item was found, -1 at the end. */
int keylist_next(const char *s, size_t *pos, size_t *start, size_t *len);
/* 1 when item is one of the list's items (exact text). */
int keylist_has(const char *list, const char *item);
/* Remove item when present, else append it. Returns 1 added, 0 removed,
 * -ENOSPC when buf (holding the list, size len) has no room (unchanged). */
int keylist_toggle(char *buf, size_t len, const char *item);
/* Number of items. */
int keylist_count(const char *list);
#endif
