/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evsyntax.c: the pure event-list parser: text to groups, events, PMU terms, tracepoints and modifiers. */
#include "evsyntax.h"
#include "evtables.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* perf's modifier letters (parse-events.l: modifier_event). */
static const char mod_letters[] = "ukhGHpPSDIWeb";

struct ps {
	const char *s;
	int pos;
	struct ev_error *err;
};

int evs_fail(struct ev_error *err, int pos, const char *fmt, ...)
{
	va_list ap;

	err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

bool evs_mod_letter(char c)
{
	return c && strchr(mod_letters, c) != NULL;
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '@';
}

static bool glob_char(char c)
{
	return c == '*' || c == '?' || c == '[' || c == ']';
}

/* Where an event's text may end. */
static bool delim(char c)
{
	return c == '\0' || c == ',' || c == '}' || c == ' ' || c == '\t';
}

/* A character of the input for a message: quoted, or its code (0x01: no backslash, which the
 * message's printable form would show doubled) */
static const char *show(char c, char *buf)
{
	if (isprint((unsigned char)c))
		snprintf(buf, 8, "'%c'", c);
	else
		snprintf(buf, 8, "0x%02x", (unsigned char)c);
	return buf;
}

int evs_number(const char *s, uint64_t *v)
{
	uint64_t x = 0;
	int i = 0, hex = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = 1;
		i = 2;
	}
	if (!s[i])
		return -EINVAL;
	for (; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		int d;

		if (isdigit(c))
			d = c - '0';
		else if (hex && isxdigit(c))
			d = tolower(c) - 'a' + 10;
		else
			return -EINVAL;
		if (hex ? (x >> 60) != 0 : x > (UINT64_MAX - (uint64_t)d) / 10)
			return -EINVAL;
		x = hex ? (x << 4) | (uint64_t)d : x * 10 + (uint64_t)d;
	}
	*v = x;
	return 0;
}

void evs_terms_free(struct evs_term *t, int n)
{
	for (int i = 0; t && i < n; i++) {
		free(t[i].key);
		free(t[i].val);
	}
	free(t);
}

int evs_parse_terms(const char *s, int len, int base, struct evs_term **terms, int *nterms,
		    struct ev_error *err)
{
	struct evs_term *v = NULL;
	int n = 0, i = 0, r;
	char cb[8];

	*terms = NULL;
	*nterms = 0;
	if (len == 0)
		return 0;   /* `cpu//`: the PMU with every field zero */
	for (;;) {
		int k0, k1, v0 = -1, v1 = -1;
		struct evs_term *nv;

		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		k0 = i;
		while (i < len && name_char(s[i]))
			i++;
		k1 = i;
		if (k0 == k1) {
			if (i >= len || s[i] == ',')
				r = evs_fail(err, base + i, "empty term: expected a term name");
			else
				r = evs_fail(err, base + i, "unexpected character %s: expected a term name", show(s[i], cb));
			goto out;
		}
		if (i < len && s[i] == '=') {
			i++;
			v0 = i;
			while (i < len && s[i] != ',' && s[i] != ' ' && s[i] != '\t')
				i++;
			v1 = i;
			if (v0 == v1) {
				r = evs_fail(err, base + v0, "term '%.*s' needs a value after '='", k1 - k0, s + k0);
				goto out;
			}
		}
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i < len && s[i] != ',') {
			r = evs_fail(err, base + i, "unexpected character %s in term '%.*s'", show(s[i], cb), k1 - k0,
				 s + k0);
			goto out;
		}
		nv = realloc(v, (size_t)(n + 1) * sizeof(*v));
		if (!nv) {
			r = -ENOMEM;
			goto out;
		}
		v = nv;
		memset(&v[n], 0, sizeof(v[n]));
		v[n].key = strndup(s + k0, (size_t)(k1 - k0));
		v[n].kpos = base + k0;
		v[n].vpos = v0 >= 0 ? base + v0 : base + k0;
		if (v0 >= 0)
			v[n].val = strndup(s + v0, (size_t)(v1 - v0));
		n++;
		if (!v[n - 1].key || (v0 >= 0 && !v[n - 1].val)) {
			r = -ENOMEM;
			goto out;
		}
		if (i >= len)
			break;
		i++;   /* the comma */
		if (i >= len) {
			r = evs_fail(err, base + i, "empty term after ','");
			goto out;
		}
	}
	*terms = v;
	*nterms = n;
	return 0;
out:
	evs_terms_free(v, n);
	return r;
}

/* Modifier letters at ps->pos up to the end of the event. */
static int parse_mods(struct ps *ps, struct evs_mods *m)
{
	int np = 0, n = 0;
	char cb[8];

	m->pos = ps->pos;
	m->letters[0] = '\0';
	if (delim(ps->s[ps->pos]) || ps->s[ps->pos] == ':')
		return evs_fail(ps->err, ps->pos, "expected modifiers after ':' (perf's: %s)", mod_letters);
	for (; !delim(ps->s[ps->pos]); ps->pos++) {
		char c = ps->s[ps->pos];

		if (!evs_mod_letter(c))
			return evs_fail(ps->err, ps->pos, "bad modifier %s (perf's: %s)", show(c, cb), mod_letters);
		if (c == 'p' && ++np > 3)
			return evs_fail(ps->err, ps->pos, "too many 'p' modifiers: ppp is the most precise");
		if (c != 'p' && memchr(m->letters, c, (size_t)n))
			return evs_fail(ps->err, ps->pos, "modifier '%c' given twice", c);
		m->letters[n++] = c;   /* bounded: 12 letters once and 3 p */
		m->letters[n] = '\0';
	}
	return 0;
}

/* Does the ':' after name s[a0..a) start modifiers rather than a tracepoint
 * name? Yes after a perf built-in or raw name (so `cycles:x` is a bad modifier,
 * not tracepoint cycles:x), and when only modifier letters follow. */
static bool mods_follow(const char *s, int a0, int a)
{
	struct evtab_event bi;
	int i = a + 1;

	if (evtab_lookup(s + a0, (size_t)(a - a0), &bi) == 0)
		return true;
	if (s[a0] == 'r' && a - a0 > 1) {
		int j = a0 + 1;

		while (j < a && isxdigit((unsigned char)s[j]))
			j++;
		if (j == a)
			return true;
	}
	while (!delim(s[i]) && s[i] != ':' && evs_mod_letter(s[i]))
		i++;
	return i > a + 1 && delim(s[i]);
}

static int word_end(const char *s, int i, bool globs)
{
	while (name_char(s[i]) || (globs && glob_char(s[i])))
		i++;
	return i;
}

static void event_free(struct evs_event *e)
{
	free(e->name);
	free(e->tp);
	evs_terms_free(e->terms, e->nterms);
	memset(e, 0, sizeof(*e));
}

static int parse_event(struct ps *ps, struct evs_event *e)
{
	const char *s = ps->s;
	int start = ps->pos, wend, r;
	char cb[8];

	memset(e, 0, sizeof(*e));
	e->mods.pos = -1;
	e->pos = e->name_pos = start;
	wend = word_end(s, start, true);
	if (wend == start) {
		if (s[start] == '\0')
			return evs_fail(ps->err, start, "expected an event at the end of the list");
		if (s[start] == ',' || s[start] == '}')
			return evs_fail(ps->err, start, "expected an event before %s", show(s[start], cb));
		if (s[start] == '{')
			return evs_fail(ps->err, start, "unexpected '{': groups do not nest");
		return evs_fail(ps->err, start, "unexpected character %s: expected an event name", show(s[start], cb));
	}
	e->name = strndup(s + start, (size_t)(wend - start));
	if (!e->name)
		return -ENOMEM;
	ps->pos = wend;
	if (s[wend] == '/') {
		const char *close = strchr(s + wend + 1, '/');
		int c;

		e->kind = EVS_PMU;
		if (!close)
			return evs_fail(ps->err, wend, "missing closing '/' after PMU '%s'", e->name);
		c = (int)(close - s);
		e->terms_pos = wend + 1;
		e->terms_end = c;
		r = evs_parse_terms(s + wend + 1, c - wend - 1, wend + 1, &e->terms, &e->nterms, ps->err);
		if (r < 0)
			return r;
		ps->pos = c + 1;
		if (s[ps->pos] == ':')
			ps->pos++;
		if (ps->pos > c + 1 || !delim(s[ps->pos])) {
			r = parse_mods(ps, &e->mods);
			if (r < 0)
				return r;
		}
	} else if (s[wend] == ':' && mods_follow(s, start, wend)) {
		e->kind = EVS_NAME;
		ps->pos++;
		r = parse_mods(ps, &e->mods);
		if (r < 0)
			return r;
	} else if (s[wend] == ':') {
		int t0 = wend + 1, t1 = word_end(s, t0, true);

		e->kind = EVS_TRACEPOINT;
		if (t1 == t0)
			return delim(s[t0]) ? evs_fail(ps->err, t0, "expected modifiers or a tracepoint name after ':'")
					    : evs_fail(ps->err, t0, "unexpected character %s after ':'", show(s[t0], cb));
		e->tp = strndup(s + t0, (size_t)(t1 - t0));
		if (!e->tp)
			return -ENOMEM;
		e->tp_pos = t0;
		ps->pos = t1;
		if (s[t1] == ':') {
			ps->pos++;
			r = parse_mods(ps, &e->mods);
			if (r < 0)
				return r;
		}
	} else {
		e->kind = EVS_NAME;
	}
	if (e->kind != EVS_TRACEPOINT)
		for (int i = start; i < wend; i++)
			if (glob_char(s[i]))
				return evs_fail(ps->err, i, "%s: wildcards only in tracepoint names (sys:event)",
					    show(s[i], cb));
	if (!delim(s[ps->pos]))
		return evs_fail(ps->err, ps->pos, "unexpected character %s after event '%.*s'", show(s[ps->pos], cb),
			    ps->pos - start, s + start);
	e->end = ps->pos;
	return 0;
}

static void skip_space(struct ps *ps)
{
	while (ps->s[ps->pos] == ' ' || ps->s[ps->pos] == '\t')
		ps->pos++;
}

static int group_add(struct evs_group *g, struct ps *ps)
{
	struct evs_event *nv = realloc(g->ev, (size_t)(g->nev + 1) * sizeof(*nv));
	int r;

	if (!nv)
		return -ENOMEM;
	g->ev = nv;
	r = parse_event(ps, &g->ev[g->nev]);
	g->nev++;   /* freed by evs_free whether or not it parsed */
	return r;
}

static int parse_group(struct ps *ps, struct evs_group *g)
{
	int r;
	char cb[8];

	g->braced = true;
	g->pos = ps->pos;
	ps->pos++;
	for (;;) {
		skip_space(ps);
		r = group_add(g, ps);
		if (r < 0)
			return r;
		skip_space(ps);
		if (ps->s[ps->pos] == ',') {
			ps->pos++;
			continue;
		}
		if (ps->s[ps->pos] == '}')
			break;
		if (!ps->s[ps->pos])
			return evs_fail(ps->err, g->pos, "unbalanced group: '{' is never closed");
		return evs_fail(ps->err, ps->pos, "unexpected character %s in group", show(ps->s[ps->pos], cb));
	}
	ps->pos++;
	if (ps->s[ps->pos] == ':') {
		ps->pos++;
		r = parse_mods(ps, &g->mods);
		if (r < 0)
			return r;
	}
	return 0;
}

void evs_free(struct evs_tree *t)
{
	for (int i = 0; t && i < t->ng; i++) {
		for (int j = 0; j < t->g[i].nev; j++)
			event_free(&t->g[i].ev[j]);
		free(t->g[i].ev);
	}
	if (t) {
		free(t->g);
		t->g = NULL;
		t->ng = 0;
	}
}

int evs_parse(const char *s, struct evs_tree *t, struct ev_error *err)
{
	struct ps ps = { .s = s, .pos = 0, .err = err };
	int r = 0;
	char cb[8];

	t->g = NULL;
	t->ng = 0;
	err->pos = 0;
	err->msg[0] = '\0';
	skip_space(&ps);
	if (!s[ps.pos])
		return evs_fail(err, ps.pos, "no event given");
	for (;;) {
		struct evs_group *nv = realloc(t->g, (size_t)(t->ng + 1) * sizeof(*nv));

		if (!nv) {
			r = -ENOMEM;
			break;
		}
		t->g = nv;
		memset(&t->g[t->ng], 0, sizeof(t->g[0]));
		t->g[t->ng].mods.pos = -1;
		t->ng++;
		skip_space(&ps);
		if (s[ps.pos] == '{') {
			r = parse_group(&ps, &t->g[t->ng - 1]);
		} else if (s[ps.pos] == '}') {
			r = evs_fail(err, ps.pos, "unbalanced group: '}' without '{'");
		} else {
			t->g[t->ng - 1].pos = ps.pos;
			r = group_add(&t->g[t->ng - 1], &ps);
		}
		if (r < 0)
			break;
		t->g[t->ng - 1].end = ps.pos;
		skip_space(&ps);
		if (!s[ps.pos])
			break;
		if (s[ps.pos] == '}') {
			r = evs_fail(err, ps.pos, "unbalanced group: '}' without '{'");
			break;
		}
		if (s[ps.pos] != ',') {
			r = evs_fail(err, ps.pos, "unexpected character %s: expected ',' between events", show(s[ps.pos], cb));
			break;
		}
		ps.pos++;
	}
	if (r < 0) {
		evs_free(t);
		if (r == -ENOMEM)
			snprintf(err->msg, sizeof(err->msg), "out of memory");
	}
	return r;
}

int evs_items(const char *s, struct evs_span **items, struct ev_error *err)
{
	struct evs_tree t;
	int r = evs_parse(s, &t, err), n = t.ng;

	*items = NULL;
	if (r < 0)
		return r;
	*items = malloc(sizeof(**items) * (size_t)(n ? n : 1));
	if (!*items) {
		evs_free(&t);
		return -ENOMEM;
	}
	for (int i = 0; i < n; i++) {
		(*items)[i].pos = t.g[i].pos;
		(*items)[i].end = t.g[i].end;
	}
	evs_free(&t);
	return n;
}
