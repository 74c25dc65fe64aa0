/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* errmsg.c: filling and reading the optional error message of the error convention (errmsg.h). */
#include "errmsg.h"
#include "printable.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int errmsg_set(struct errmsg *m, int code, const char *fmt, ...)
{
	va_list ap;

	if (!m)
		return code;
	m->code = code;
	va_start(ap, fmt);
	vsnprintf(m->text, sizeof(m->text), fmt, ap);
	va_end(ap);
	/* messages echo names and lines of files the user does not control: no control byte reaches a terminal */
	printable_inplace(m->text, sizeof(m->text));
	return code;
}

const char *errmsg_text(const struct errmsg *m, int code)
{
	if (m && m->text[0])
		return m->text;
	return strerror(code < 0 ? -code : code);
}

void errmsg_clear(struct errmsg *m)
{
	if (m) {
		m->code = 0;
		m->text[0] = '\0';
	}
}
