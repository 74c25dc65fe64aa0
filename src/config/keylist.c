/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* keylist.c: items of a comma list of column keys (pure, no curses). */
#include "config/keylist.h"
#include <ctype.h>
#include <errno.h>
#include <string.h>

int keylist_next(const char *s, size_t *pos, size_t *start, size_t *len)
{
	size_t i = *pos, b, e;
	int depth = 0, slash = 0;

	while (s[i] == ',' || isspace((unsigned char)s[i]))
		i++;
	if (!s[i]) {
		*pos = i;
		return -1;
	}
	b = i;
	for (; s[i]; i++) {
		if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && depth > 0)
			depth--;
		else if (s[i] == '/')
			slash = !slash;
		else if (s[i] == ',' && depth == 0 && !slash)
			break;
	}
	e = i;
	while (e > b && isspace((unsigned char)s[e - 1]))
		e--;
	*start = b;
	*len = e - b;
	*pos = s[i] ? i + 1 : i;
	return 0;
}

/* Offset of item in list, or -1. */
static long find_item(const char *list, const char *item, size_t *item_end)
{
	size_t pos = 0, st, ln, il = strlen(item);

	while (keylist_next(list, &pos, &st, &ln) == 0)
		if (ln == il && memcmp(list + st, item, il) == 0) {
			*item_end = pos;
			return (long)st;
		}
	return -1;
}

int keylist_has(const char *list, const char *item)
{
	size_t end;

	return find_item(list, item, &end) >= 0;
}

int keylist_count(const char *list)
{
	size_t pos = 0, st, ln;
	int n = 0;

	while (keylist_next(list, &pos, &st, &ln) == 0)
		n++;
	return n;
}

int keylist_toggle(char *buf, size_t len, const char *item)
{
	size_t end, cur = strlen(buf), il = strlen(item);
	long st = find_item(buf, item, &end);

	if (st >= 0) {
		/* drop the item and its trailing comma; if it was last, its leading comma */
		size_t from = (size_t)st;
		if (buf[end] == '\0')
			while (from > 0 && (buf[from - 1] == ',' || isspace((unsigned char)buf[from - 1])))
				from--;
		memmove(buf + from, buf + end, cur - end + 1);
		return 0;
	}
	while (cur > 0 && (buf[cur - 1] == ',' || isspace((unsigned char)buf[cur - 1])))
		cur--;
	if (cur + (cur ? 1 : 0) + il + 1 > len)
		return -ENOSPC;
	if (cur)
		buf[cur++] = ',';
	memcpy(buf + cur, item, il + 1);
	return 1;
}
