/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* filter.c: the row filter of `/` (pure): words compiled once per edit, matched per row. */
#include "filter.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "hw/sys/cpulist.h"

void ui_filter_free(struct ui_filter *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->t[i].list);
	memset(f, 0, sizeof(*f));
}

/* The number list after a socket prefix ("s", "socket:"), or NULL when w is not a socket word. */
static const char *sock_list(const char *w)
{
	if (strncasecmp(w, "socket:", 7) == 0)
		return w + 7;
	if ((w[0] == 's' || w[0] == 'S') && isdigit((unsigned char)w[1]))
		return w + 1;
	return NULL;
}

static int add_list(struct ui_fterm *t, int kind, const char *w, const char *list, char *err, size_t errlen)
{
	int n = *list ? cpulist_parse(list, &t->list) : -22;

	if (n <= 0) {
		t->list = NULL;
		snprintf(err, errlen, "\"%s\" is not a %s list yet (e.g. %s)", w,
			 kind == UF_CPUS ? "CPU" : "socket", kind == UF_CPUS ? "0-3,8" : "s1 or socket:0-1");
		return -1;
	}
	t->kind = kind;
	t->nlist = n;
	return 0;
}

int ui_filter_compile(const char *text, const char *const *types, int ntypes, struct ui_filter *f,
		      char *err, size_t errlen)
{
	char buf[UI_FILTER_LEN], *save = NULL, *w;
	int bad = 0;

	memset(f, 0, sizeof(*f));
	if (errlen)
		err[0] = '\0';
	snprintf(buf, sizeof(buf), "%s", text ? text : "");
	for (w = strtok_r(buf, " \t", &save); w && f->n < UI_FILTER_TERMS; w = strtok_r(NULL, " \t", &save)) {
		struct ui_fterm *t = &f->t[f->n];
		const char *sl = sock_list(w);
		bool is_type = false;

		memset(t, 0, sizeof(*t));
		snprintf(t->text, sizeof(t->text), "%s", w);
		if (isdigit((unsigned char)w[0])) {
			if (add_list(t, UF_CPUS, w, w, err, errlen) < 0) {
				bad++;
				continue;
			}
		} else if (sl) {
			if (add_list(t, UF_SOCK, w, sl, err, errlen) < 0) {
				bad++;
				continue;
			}
		} else if (strncasecmp(w, "type:", 5) == 0) {
			t->kind = UF_TYPE;
			snprintf(t->text, sizeof(t->text), "%s", w + 5);
		} else {
			for (int i = 0; i < ntypes && !is_type; i++)
				is_type = types[i] && strcasecmp(types[i], w) == 0;
			t->kind = is_type ? UF_TYPE : UF_TEXT;
		}
		f->n++;
	}
	return bad;
}

static bool has_text(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}

static bool term_match(const struct ui_fterm *t, const struct ui_frow *r)
{
	switch (t->kind) {
	case UF_CPUS:
		if (r->ncpus < 0)
			return true;
		for (int i = 0; i < r->ncpus; i++)
			if (cpulist_has(t->list, t->nlist, r->cpus[i]))
				return true;
		return false;
	case UF_SOCK:
		return r->sock < 0 || cpulist_has(t->list, t->nlist, r->sock);
	case UF_TYPE:
		return !r->type || strcasecmp(r->type, t->text) == 0;
	default:
		return !r->label || has_text(r->label, t->text);
	}
}

bool ui_filter_match(const struct ui_filter *f, const struct ui_frow *r)
{
	for (int i = 0; i < f->n; i++)
		if (!term_match(&f->t[i], r))
			return false;
	return true;
}
