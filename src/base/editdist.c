/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* editdist.c: edit distance with a cap, one row of the table at a time. */
#include "editdist.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int edit_distance(const char *a, const char *b, int cap)
{
	int la = (int)strnlen(a, EDIT_MAX), lb = (int)strnlen(b, EDIT_MAX), row[EDIT_MAX + 1];

	if (abs(la - lb) >= cap)
		return cap;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int prev = row[0], best;

		row[0] = best = i;
		for (int j = 1; j <= lb; j++) {
			int cur = row[j], v = prev + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));

			if (row[j] + 1 < v)
				v = row[j] + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			prev = cur;
			if (v < best)
				best = v;
		}
		if (best >= cap)
			return cap;
	}
	return row[lb] < cap ? row[lb] : cap;
}
