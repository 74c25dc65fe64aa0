/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evtext.h: editing an event list in perf syntax as text: top-level items, toggling one. */
#ifndef PMUTOP_UI_EVTEXT_H
#define PMUTOP_UI_EVTEXT_H
#include <stddef.h>

/* Find the next top-level item of a perf event list starting at *pos: commas
 * inside PMU terms (cpu/event=1,umask=2/) and groups ({a,b}:S) do not split.
 * Sets *start and *len (whitespace trimmed) and advances *pos past the comma.
 * Returns 0 when an item was found, -1 at the end. */
int ui_evtext_next(const char *s, size_t *pos, size_t *start, size_t *len);
/* 1 when item is one of the list's top-level items (exact text). */
int ui_evtext_has(const char *list, const char *item);
/* Remove item when present, else append it. Returns 1 added, 0 removed,
 * -ENOSPC when buf (holding the list, size len) has no room (unchanged). */
int ui_evtext_toggle(char *buf, size_t len, const char *item);
/* Number of top-level items. */
int ui_evtext_count(const char *list);
#endif
