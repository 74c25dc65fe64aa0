/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_openmetrics.c: a small, bounded reader of the Prometheus text format and OpenMetrics, as
 * pmutop's exporter writes them: `name{label="value",...} value [timestamp]`, comments, # EOF. The
 * text is untrusted: a line longer than FLEET_OM_LINE_MAX, more than FLEET_OM_LABELS_MAX labels, a
 * bad escape, name or number makes the line bad (counted, skipped); the samples are capped. */
#include "fleet_impl.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool name_char(char c, bool first)
{
	return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
}

/* the name at *p (advanced past it), NUL-terminated in place by the caller; NULL when none */
static char *take_name(char **p)
{
	char *s = *p, *q = s;

	if (!name_char(*q, true))
		return NULL;
	while (name_char(*q, false))
		q++;
	*p = q;
	return s;
}

/* label="value" pairs after '{' up to '}'; values unescaped in place. -1 when malformed. */
static int take_labels(char **pp, struct fleet_om_sample *s)
{
	char *p = *pp;

	while (*p == ' ')
		p++;
	while (*p != '}') {
		char *name, *val, *out;
		if (s->nlabels == FLEET_OM_LABELS_MAX || !(name = take_name(&p)) || *p != '=' || p[1] != '"')
			return -1;
		*p = '\0';
		p += 2;
		val = out = p;
		while (*p != '"') {
			if (!*p)
				return -1;
			if (*p == '\\') {
				p++;
				if (*p == 'n')
					*out++ = '\n';
				else if (*p == '\\' || *p == '"')
					*out++ = *p;
				else
					return -1;
				p++;
				continue;
			}
			*out++ = *p++;
		}
		p++;
		*out = '\0';
		s->labels[s->nlabels].name = name;
		s->labels[s->nlabels].value = val;
		s->nlabels++;
		while (*p == ' ')
			p++;
		if (*p == ',') {
			p++;
			while (*p == ' ')
				p++;
		} else if (*p != '}') {
			return -1;
		}
	}
	*pp = p + 1;
	return 0;
}

static double take_value(char *p)
{
	char *end;
	double v;

	while (*p == ' ')
		p++;
	if (!strncmp(p, "NaN", 3))
		return p[3] == '\0' || p[3] == ' ' ? NAN : INFINITY;
	v = strtod(p, &end);
	if (end == p || (*end && *end != ' '))
		return INFINITY;   /* malformed: the caller tells it from a real +Inf by the text */
	return v;
}

static int parse_line(char *line, struct fleet_om_sample *s)
{
	char *p = line, *name;
	bool braces;

	memset(s, 0, sizeof(*s));
	if (!(name = take_name(&p)))
		return -1;
	braces = *p == '{';
	if (braces) {
		*p++ = '\0';
		if (take_labels(&p, s) < 0 || *p != ' ')
			return -1;
	} else {
		if (*p != ' ')
			return -1;
		*p++ = '\0';
	}
	s->name = name;
	s->value = take_value(p);
	if (isinf(s->value)) {
		while (*p == ' ')
			p++;
		if (strncmp(p, "+Inf", 4) && strncmp(p, "-Inf", 4) && strncmp(p, "Inf", 3))
			return -1;
	}
	return 0;
}

int fleet_om_parse(const char *text, size_t len, fleet_om_fn put, void *ctx, int *bad)
{
	char line[FLEET_OM_LINE_MAX + 1];
	struct fleet_om_sample s;
	size_t at = 0;
	int count = 0, r;

	*bad = 0;
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = (nl ? (size_t)(nl - text) : len) - at;
		const char *l = text + at;

		at += n + 1;
		if (n > 0 && l[n - 1] == '\r')
			n--;
		if (n == 0 || l[0] == '#')
			continue;
		if (n > FLEET_OM_LINE_MAX || memchr(l, '\0', n)) {
			(*bad)++;
			continue;
		}
		memcpy(line, l, n);
		line[n] = '\0';
		if (parse_line(line, &s) < 0) {
			(*bad)++;
			continue;
		}
		if (count == FLEET_OM_SAMPLES_MAX)
			return -E2BIG;
		if ((r = put(ctx, &s)) < 0)
			return r;
		count++;
	}
	return count;
}

const char *fleet_om_label(const struct fleet_om_sample *s, const char *name)
{
	for (int i = 0; i < s->nlabels; i++)
		if (!strcmp(s->labels[i].name, name))
			return s->labels[i].value;
	return NULL;
}
