/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cpupat.c: mapfile patterns compiled to a Thompson program and run as a Pike VM (cpupat.h). */
#include "cpupat.h"
#include <ctype.h>
#include <errno.h>
#include <string.h>

enum { OP_CHAR, OP_ANY, OP_CLASS, OP_SPLIT, OP_JMP, OP_EOL, OP_MATCH };
#define DEPTH_MAX 8   /* nested groups */

struct comp {
	struct cpupat *p;
	const char *s;
	const char *why;
	int depth;
};

static int emit(struct comp *c, int op, int ch, int x, int y)
{
	struct cpupat_ins *i;

	if (c->p->n >= CPUPAT_PROG) {
		c->why = "too long";
		return -1;
	}
	i = &c->p->prog[c->p->n];
	*i = (struct cpupat_ins){ (unsigned char)op, (unsigned char)ch, (short)x, (short)y };
	return c->p->n++;
}

static int alt(struct comp *c);

/* [:name:] inside a class (kernel mapfiles use [[:xdigit:]]): 1 when one was added, 0 none, -1 unknown. */
static int named_class(struct comp *c, unsigned char *bits)
{
	static const struct { const char *name; int (*is)(int); } names[] = {
		{ "xdigit", isxdigit }, { "digit", isdigit }, { "alpha", isalpha }, { "alnum", isalnum },
		{ "upper", isupper }, { "lower", islower }, { "space", isspace }, { "punct", ispunct },
	};
	const char *end;

	if (c->s[0] != '[' || c->s[1] != ':' || !(end = strstr(c->s + 2, ":]")))
		return 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((size_t)(end - c->s - 2) == strlen(names[i].name) && !strncmp(c->s + 2, names[i].name, strlen(names[i].name))) {
			for (int v = 0; v < 128; v++)
				if (names[i].is(v))
					bits[v >> 3] |= (unsigned char)(1u << (v & 7));
			c->s = end + 2;
			return 1;
		}
	return -1;
}

static int parse_class(struct comp *c)
{
	unsigned char *bits;
	bool neg;

	if (c->p->ncls >= CPUPAT_MAX)
		return c->why = "too many classes", -1;
	bits = c->p->cls[c->p->ncls];
	memset(bits, 0, 32);
	neg = *c->s == '^' ? (c->s++, true) : false;
	for (bool first = true; *c->s && (first || *c->s != ']'); first = false) {
		int named = named_class(c, bits);
		unsigned char lo, hi;

		if (named < 0)
			return c->why = "an unknown [:class:]", -1;
		if (named)
			continue;
		lo = hi = (unsigned char)*c->s++;

		if (*c->s == '-' && c->s[1] && c->s[1] != ']') {
			hi = (unsigned char)c->s[1];
			c->s += 2;
		}
		if (lo == '[' || hi < lo)
			return c->why = "a bracket or a reversed range in a class", -1;
		for (unsigned v = lo; v <= hi; v++)
			bits[v >> 3] |= (unsigned char)(1u << (v & 7));
	}
	if (*c->s++ != ']')
		return c->why = "an unclosed [", -1;
	if (neg)
		for (int i = 0; i < 32; i++)
			bits[i] = (unsigned char)~bits[i];
	return emit(c, OP_CLASS, 0, c->p->ncls++, 0);
}

/* One atom and its repetition. Returns 0, -1 on error. */
static int piece(struct comp *c)
{
	int start = c->p->n, r;
	char ch = *c->s++;

	if (ch == '(') {
		if (++c->depth > DEPTH_MAX)
			return c->why = "groups nested too deep", -1;
		if (alt(c) < 0)
			return -1;
		if (*c->s++ != ')')
			return c->why = "an unclosed (", -1;
		c->depth--;
		r = 0;
	} else if (ch == '[') {
		r = parse_class(c);
	} else if (ch == '.') {
		r = emit(c, OP_ANY, 0, 0, 0);
	} else if (ch == '\\') {
		if (!*c->s || !strchr(".[]()*+?|^$\\-", *c->s))
			return c->why = "a back-reference or an unknown escape", -1;
		r = emit(c, OP_CHAR, *c->s++, 0, 0);
	} else if (ch == '$' && (!*c->s || *c->s == ')' || *c->s == '|')) {
		r = emit(c, OP_EOL, 0, 0, 0);
	} else if (strchr("*+?{})]^$", ch)) {
		return c->why = "a repetition or anchor out of place, or a {count}", -1;
	} else {
		r = emit(c, OP_CHAR, ch, 0, 0);
	}
	if (r < 0)
		return -1;
	if (*c->s && strchr("*+?", *c->s)) {
		char op = *c->s++;
		int len = c->p->n - start;

		if (*c->s && strchr("*+?{", *c->s))
			return c->why = "stacked repetitions", -1;
		if (c->p->n + 2 > CPUPAT_PROG)
			return c->why = "too long", -1;
		if (op != '+') {   /* make room for a SPLIT before the atom */
			memmove(&c->p->prog[start + 1], &c->p->prog[start], (size_t)len * sizeof(c->p->prog[0]));
			c->p->n++;
			for (int i = start + 1; i <= start + len; i++)
				if (c->p->prog[i].op == OP_SPLIT || c->p->prog[i].op == OP_JMP)
					c->p->prog[i].x++, c->p->prog[i].y++;
			c->p->prog[start] = (struct cpupat_ins){ OP_SPLIT, 0, (short)(start + 1),
								 (short)(start + len + 1 + (op == '*')) };
			if (op == '*')
				emit(c, OP_JMP, 0, start, 0);
		} else {
			emit(c, OP_SPLIT, 0, start, c->p->n + 1);
		}
	}
	return 0;
}

/* Alternatives: SPLIT a, b; a: ...; JMP end; b: ... */
static int alt(struct comp *c)
{
	int start = c->p->n;

	while (*c->s && *c->s != '|' && *c->s != ')')
		if (piece(c) < 0)
			return -1;
	if (*c->s != '|')
		return 0;
	c->s++;
	{
		int len = c->p->n - start, jmp;

		if (c->p->n + 2 > CPUPAT_PROG)
			return c->why = "too long", -1;
		memmove(&c->p->prog[start + 1], &c->p->prog[start], (size_t)len * sizeof(c->p->prog[0]));
		c->p->n++;
		for (int i = start + 1; i <= start + len; i++)
			if (c->p->prog[i].op == OP_SPLIT || c->p->prog[i].op == OP_JMP)
				c->p->prog[i].x++, c->p->prog[i].y++;
		jmp = emit(c, OP_JMP, 0, 0, 0);
		c->p->prog[start] = (struct cpupat_ins){ OP_SPLIT, 0, (short)(start + 1), (short)(jmp + 1) };
		if (alt(c) < 0)
			return -1;
		c->p->prog[jmp].x = (short)c->p->n;
	}
	return 0;
}

int cpupat_compile(struct cpupat *p, const char *pattern, const char **why)
{
	struct comp c = { p, pattern, NULL, 0 };

	p->n = p->ncls = 0;
	if (strlen(pattern) > CPUPAT_MAX)
		c.why = "longer than 256 characters";
	else {
		if (*c.s == '^')
			c.s++;
		if (alt(&c) == 0 && *c.s)
			c.why = "an unmatched )";
		if (!c.why)
			emit(&c, OP_MATCH, 0, 0, 0);
	}
	if (why)
		*why = c.why;
	return c.why ? -EINVAL : 0;
}

/* Add pc to the list, following SPLIT and JMP; mark stops a state from being added twice per step. */
static void add(const struct cpupat *p, short *list, int *n, unsigned char *mark, int pc, bool at_eol)
{
	int stack[2 * CPUPAT_PROG + 1], sp = 0;   /* each state pushes at most two */

	stack[sp++] = pc;
	while (sp) {
		pc = stack[--sp];
		if (mark[pc])
			continue;
		mark[pc] = 1;
		switch (p->prog[pc].op) {
		case OP_JMP:
			stack[sp++] = p->prog[pc].x;
			break;
		case OP_SPLIT:
			stack[sp++] = p->prog[pc].y;
			stack[sp++] = p->prog[pc].x;
			break;
		case OP_EOL:
			if (at_eol)
				stack[sp++] = pc + 1;
			break;
		default:
			list[(*n)++] = (short)pc;
		}
	}
}

bool cpupat_match(const struct cpupat *p, const char *text, size_t len, bool eol)
{
	short a[CPUPAT_PROG], b[CPUPAT_PROG], *cur = a, *next = b, *t;
	unsigned char mark[CPUPAT_PROG];
	int nc = 0, nn;

	memset(mark, 0, sizeof(mark));
	add(p, cur, &nc, mark, 0, len == 0 && eol);
	for (size_t i = 0; i < len && nc; i++) {
		unsigned char ch = (unsigned char)text[i];

		memset(mark, 0, sizeof(mark));
		nn = 0;
		for (int k = 0; k < nc; k++) {
			const struct cpupat_ins *in = &p->prog[cur[k]];
			bool ok = (in->op == OP_CHAR && in->c == ch) || (in->op == OP_ANY && ch) ||
				  (in->op == OP_CLASS && (p->cls[in->x][ch >> 3] >> (ch & 7) & 1));

			if (ok)
				add(p, next, &nn, mark, cur[k] + 1, i + 1 == len && eol);
		}
		t = cur, cur = next, next = t, nc = nn;
	}
	for (int k = 0; k < nc; k++)
		if (p->prog[cur[k]].op == OP_MATCH)
			return true;
	return false;
}
