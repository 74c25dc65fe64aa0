/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coltitle.c: short column titles that stay apart (a pure function over strings). */
#include "coltitle.h"
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Where vendor names break into words: "ocr.demand_data_rd.l3_miss", "cpu/x/", "cpu-clock ms". */
static bool is_break(char c)
{
	return c && strchr("._-/:,= ", c) != NULL;
}

/* Whether a title may start at p of s: at its start or after a break. */
static bool word_start(const char *s, size_t p)
{
	return p == 0 || is_break(s[p - 1]);
}

static size_t common_suffix(const char *a, size_t la, const char *b, size_t lb)
{
	size_t k = 0;

	while (k < la && k < lb && a[la - 1 - k] == b[lb - 1 - k])
		k++;
	return k;
}

/* The length of name i that its title is made of: a long name without its trailing '/'. */
static size_t eff_len(const char *s, int w)
{
	size_t l = strlen(s);

	if ((int)l > w && l > 1 && s[l - 1] == '/')
		l--;
	return l;
}

/* The title of a long name s (le characters) whose end shares c characters at most with another
 * long name's: "~" and an end longer than c, else "~", the part before those c, "~", its last word. */
static void shorten(const char *s, size_t le, size_t c, int w, char *out, size_t len)
{
	size_t lmax = (size_t)w - 1, d0, e, m, k, p;

	if (c < lmax || c >= le) {
		size_t l = lmax;
		/* the longest end that starts a word and still differs (longer than c) */
		for (size_t t = lmax; t > c && t > 0; t--)
			if (word_start(s, le - t)) {
				l = t;
				break;
			}
		snprintf(out, len, "~%.*s", (int)l, s + le - l);
		return;
	}
	/* the names differ only before their last c characters: show where (the part ending at
	 * le - c), then the last word */
	for (p = le - 1; p > 0 && !word_start(s, p); p--)
		;
	m = le - p;
	if (m > ((size_t)w - 2) / 2)
		m = ((size_t)w - 2) / 2;
	k = (size_t)w - 2 - m;
	e = le - c;
	d0 = e > k ? e - k : 0;
	for (p = d0; p + 1 < e; p++)   /* a word start within reach, keeping at least two characters */
		if (word_start(s, p)) {
			d0 = p;
			break;
		}
	snprintf(out, len, "~%.*s~%.*s", (int)(e - d0), s + d0, (int)m, s + le - m);
}

void ui_titles_short(const char *const *names, int n, int w, char **out, size_t len)
{
	if (w < 8)
		w = 8;
	if (len <= (size_t)w)
		w = (int)len - 1;
	for (int i = 0; i < n; i++) {
		const char *s = names[i];
		size_t le = eff_len(s, w), c = 0;

		if ((int)strlen(s) <= w) {
			snprintf(out[i], len, "%s", s);
			continue;
		}
		for (int j = 0; j < n; j++) {
			size_t cj;
			if (j == i || (int)strlen(names[j]) <= w || strcmp(names[j], s) == 0)
				continue;
			cj = common_suffix(s, le, names[j], eff_len(names[j], w));
			c = cj > c ? cj : c;
		}
		shorten(s, le, c, w, out[i], len);
	}
	/* the last resort: a title that repeats an earlier one ends in "#2", "#3"... */
	for (int i = 1; i < n; i++) {
		char base[128], tag[16];
		int k = 2;
		snprintf(base, sizeof(base), "%s", out[i]);
		for (int j = 0; j < i; j++) {
			size_t tl, bl = strlen(base);
			if (strcmp(out[i], out[j]) != 0)
				continue;
			tl = (size_t)snprintf(tag, sizeof(tag), "#%d", k++);
			if (bl + tl > (size_t)w)
				bl = (size_t)w > tl ? (size_t)w - tl : 0;
			snprintf(out[i], len, "%.*s%s", (int)bl, base, tag);
			j = -1;   /* the new title against every earlier one again */
		}
	}
}
