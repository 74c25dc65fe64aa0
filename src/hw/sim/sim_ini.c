/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_ini.c: the INI layer of machine descriptions: reading the text (with line numbers), the
 * names that may become paths, and typed values with bounds. */
#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_parse.h"

void simp_err(char *err, size_t errlen, int line, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (!err || !errlen)
		return;
	if (line > 0)
		n = snprintf(err, errlen, "%d: ", line);
	if (n < 0 || (size_t)n >= errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

bool simp_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > SIMP_MAX_NAME || name[0] == '.' || name[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("_.-", name[i]))
			return false;
	return true;
}

bool simp_bdf_ok(const char *bdf)
{
	static const char shape[] = "hhhh:hh:hh.f";

	for (size_t i = 0; i < sizeof(shape) - 1; i++) {
		char c = bdf[i];

		if (shape[i] == 'h' ? !isxdigit((unsigned char)c) : shape[i] == 'f' ? (c < '0' || c > '7') : c != shape[i])
			return false;
	}
	return bdf[sizeof(shape) - 1] == 0;
}

/* --- the raw INI: sections of key/value pairs, in file order --- */

/* A section name: machine, discovery, or pmu|box|rates NAME where NAME may hold one {a..b}. */
static bool section_ok(const char *sec)
{
	static const char *const kinds[] = { "pmu ", "box ", "rates " };
	char buf[SIMP_MAX_NAME + 1];
	const char *nm = NULL, *b, *e;
	size_t l;

	if (!strcmp(sec, "machine") || !strcmp(sec, "discovery"))
		return true;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(sec, kinds[i], strlen(kinds[i])))
			nm = sec + strlen(kinds[i]);
	if (!nm)
		return false;
	/* the range, if any, stands for digits: check the name with it taken out */
	b = strchr(nm, '{');
	e = b ? strchr(b, '}') : NULL;
	if (b && (!e || strchr(e + 1, '{')))
		return false;
	for (const char *p = b ? b + 1 : e; p && p < e; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			return false;
	l = b ? (size_t)(b - nm) + strlen(e + 1) + 1 : strlen(nm);
	if (l > SIMP_MAX_NAME)
		return false;
	if (b) {   /* prefix, one digit, suffix */
		size_t pl = (size_t)(b - nm);

		memcpy(buf, nm, pl);
		buf[pl] = '0';
		memcpy(buf + pl + 1, e + 1, l - pl);   /* with the suffix's NUL */
	} else {
		memcpy(buf, nm, l + 1);
	}
	return simp_name_ok(buf);
}

static bool key_ok(const char *k)
{
	size_t n = strlen(k);

	if (n == 0 || n > 2 * SIMP_MAX_NAME || k[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)k[i]) && !strchr("_.-", k[i]))
			return false;
	return true;
}

static int ini_cb(void *user, const char *section, const char *name, const char *value)
{
	struct simp_doc *d = user;
	struct simp_sec *s = d->n ? &d->secs[d->n - 1] : NULL;

	if (d->bad)   /* inih goes on after an error: keep the first one's message */
		return 0;
	if (!s || strcmp(s->name, section) != 0) {
		void *n;

		if (!section_ok(section)) {
			d->bad = "bad section name (sections are [machine], [discovery], [pmu|box|rates NAME]; "
				 "NAME of A-Z a-z 0-9 _ . - with one optional {a..b})";
			return 0;
		}
		for (int i = 0; i < d->n; i++)
			if (!strcmp(d->secs[i].name, section)) {
				d->bad = "section given twice";
				return 0;
			}
		if (d->n >= SIMP_MAX_PMUS) {
			d->bad = "too many sections";
			return 0;
		}
		n = realloc(d->secs, (size_t)(d->n + 1) * sizeof(*d->secs));
		if (!n)
			return 0;
		d->secs = n;
		s = &d->secs[d->n++];
		memset(s, 0, sizeof(*s));
		s->line = d->line;
		s->name = strdup(section);
		if (!s->name)
			return 0;
	}
	if (!key_ok(name)) {
		d->bad = "bad key (keys are A-Z a-z 0-9 _ . -, not starting with '.')";
		return 0;
	}
	/* A repeated key continues the value (long flag lists, multi-line values). */
	for (int i = 0; i < s->n; i++) {
		if (strcmp(s->kv[i].key, name) == 0) {
			size_t a = strlen(s->kv[i].val), b = strlen(value), l = a + b + 2;
			char *v;

			if (l > SIMP_MAX_VALUE) {
				d->bad = "value too long";
				return 0;
			}
			v = malloc(l);
			if (!v)
				return 0;
			memcpy(v, s->kv[i].val, a);
			v[a] = ' ';
			memcpy(v + a + 1, value, b + 1);
			free(s->kv[i].val);
			s->kv[i].val = v;
			return 1;
		}
	}
	if (s->n >= SIMP_MAX_KEYS) {
		d->bad = "too many keys in one section";
		return 0;
	}
	void *n = realloc(s->kv, (size_t)(s->n + 1) * sizeof(*s->kv));

	if (!n)
		return 0;
	s->kv = n;
	s->kv[s->n].key = strdup(name);
	s->kv[s->n].val = strdup(value);
	s->kv[s->n].line = d->line;
	if (!s->kv[s->n].key || !s->kv[s->n].val) {
		free(s->kv[s->n].key);
		free(s->kv[s->n].val);
		return 0;
	}
	s->n++;
	return 1;
}

/* inih reads through this, one line (or one piece of a long line) per call: it counts the lines. */
struct text_stream { const char *p, *end; int nl; struct simp_doc *d; };

static char *text_reader(char *str, int num, void *stream)
{
	struct text_stream *t = stream;
	int n = 0;

	if (t->p >= t->end || num < 2)
		return NULL;
	t->d->line = t->nl + 1;
	while (t->p < t->end && n < num - 1) {
		char c = *t->p++;

		str[n++] = c;
		if (c == '\n') {
			t->nl++;
			break;
		}
	}
	str[n] = 0;
	return str;
}

void simp_doc_free(struct simp_doc *d)
{
	for (int i = 0; i < d->n; i++) {
		for (int j = 0; j < d->secs[i].n; j++) {
			free(d->secs[i].kv[j].key);
			free(d->secs[i].kv[j].val);
		}
		free(d->secs[i].kv);
		free(d->secs[i].name);
	}
	free(d->secs);
}

const struct simm_kv *simp_find(const struct simp_sec *s, const char *key)
{
	for (int i = 0; s && i < s->n; i++)
		if (strcmp(s->kv[i].key, key) == 0)
			return &s->kv[i];
	return NULL;
}

const char *simp_get(const struct simp_sec *s, const char *key)
{
	const struct simm_kv *kv = simp_find(s, key);

	return kv ? kv->val : NULL;
}

int simp_int(const struct simp_sec *s, const char *key, int dflt)
{
	const char *v = simp_get(s, key);
	long l = v ? strtol(v, NULL, 0) : dflt;

	return l < INT_MIN ? INT_MIN : l > INT_MAX ? INT_MAX : (int)l;
}

double simp_double(const struct simp_sec *s, const char *key, double dflt)
{
	const char *v = simp_get(s, key);

	return v ? strtod(v, NULL) : dflt;
}

int simp_int_in(const struct simp_sec *s, const char *key, long dflt, long lo, long hi, int *out,
		char *err, size_t errlen)
{
	const struct simm_kv *kv = simp_find(s, key);
	char *end;
	long v = dflt;

	if (kv) {
		errno = 0;
		v = strtol(kv->val, &end, 0);
		while (*end == ' ' || *end == '\t')
			end++;
		if (errno || end == kv->val || *end)
			v = hi < LONG_MAX ? hi + 1 : lo - 1;
	}
	if (v < lo || v > hi || v < INT_MIN || v > INT_MAX) {
		simp_err(err, errlen, kv ? kv->line : s ? s->line : 0, "[%s]: %s = '%.40s': not a whole number from %ld to %ld",
			 s ? s->name : "?", key, kv ? kv->val : "", lo, hi);
		return -EINVAL;
	}
	*out = (int)v;
	return 0;
}

int simp_double_in(const struct simp_sec *s, const char *key, double dflt, double lo, double hi, double *out,
		   char *err, size_t errlen)
{
	const struct simm_kv *kv = simp_find(s, key);
	char *end;
	double v = dflt;

	if (kv) {
		v = strtod(kv->val, &end);
		while (*end == ' ' || *end == '\t')
			end++;
		if (end == kv->val || *end)
			v = NAN;
	}
	if (!(v >= lo && v <= hi)) {
		simp_err(err, errlen, kv ? kv->line : s ? s->line : 0, "[%s]: %s = '%.40s': not a number from %g to %g",
			 s ? s->name : "?", key, kv ? kv->val : "", lo, hi);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

/* Parse whitespace or comma separated integers (decimal or 0x hex) into out. */
int simp_u64_list(const char *v, uint64_t *out, int max)
{
	int n = 0;

	while (v && *v && n < max) {
		char *end;

		while (*v == ' ' || *v == ',' || *v == '\t')
			v++;
		if (!*v)
			break;
		out[n] = strtoull(v, &end, 0);
		if (end == v)
			return -EINVAL;
		n++;
		v = end;
	}
	return n;
}

int simp_doc_read(const char *text, size_t len, struct simp_doc *d)
{
	struct text_stream t = { text, text + len, 0, d };

	return ini_parse_stream(text_reader, &t, ini_cb, d);
}

