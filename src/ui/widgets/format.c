/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* format.c: readable numbers, event cells and multiplexing marks for the UI (pure, no curses). */
#include "format.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "hw/model/model.h"

/* "%.*f" without printf: a table of 224 rows formats thousands of numbers per
 * frame and glibc's float printing is most of that cost. Halves round away
 * from zero (printf rounds them to even); other values print the same. */
static void fix(char *buf, size_t len, const char *sign, double v, int prec, char suffix)
{
	static const double p10[] = { 1, 10, 100, 1000 };
	char tmp[48];
	int n = 0, o = 0;
	unsigned long long q;

	if (prec < 0 || prec > 3 || v * p10[prec] >= 1e12) {   /* far below 2^53: rounding stays exact */
		if (suffix)
			snprintf(buf, len, "%s%.*f%c", sign, prec, v, suffix);
		else
			snprintf(buf, len, "%s%.*f", sign, prec, v);
		return;
	}
	q = (unsigned long long)(v * p10[prec] + 0.5);
	/* digits backwards: the fraction, the point, the integer part */
	for (int i = 0; i < prec; i++, q /= 10)
		tmp[n++] = (char)('0' + q % 10);
	if (prec)
		tmp[n++] = '.';
	do {
		tmp[n++] = (char)('0' + q % 10);
		q /= 10;
	} while (q);
	if (len == 0)
		return;
	for (const char *p = sign; *p && (size_t)o + 1 < len; p++)
		buf[o++] = *p;
	while (n > 0 && (size_t)o + 1 < len)
		buf[o++] = tmp[--n];
	if (suffix && (size_t)o + 1 < len)
		buf[o++] = suffix;
	buf[o] = '\0';
}

void ui_fmt_count(double v, char *buf, size_t len)
{
	static const char suffix[] = " KMGTPE";
	const char *sign = "";
	int u = 0;

	if (isnan(v) || isinf(v)) {
		snprintf(buf, len, "-");
		return;
	}
	if (v < 0) {
		sign = "-";
		v = -v;
	}
	if (v < 10 && v != floor(v)) {
		fix(buf, len, sign, v, 2, 0);
		return;
	}
	/* Move up a unit while the rounded text would need four digits. */
	while (v >= 999.5 && suffix[u + 1]) {
		v /= 1000;
		u++;
	}
	if (v >= 999.5) {   /* past the last suffix: exponent form keeps the width ("1e+24") */
		snprintf(buf, len, "%s%.0e", sign, v * 1e18);
		return;
	}
	if (u == 0)
		fix(buf, len, sign, v, 0, 0);
	else if (v < 9.995)
		fix(buf, len, sign, v, 2, suffix[u]);
	else if (v < 99.95)
		fix(buf, len, sign, v, 1, suffix[u]);
	else
		fix(buf, len, sign, v, 0, suffix[u]);
}

void ui_fmt_amount(double v, int from, const char *after, char *buf, size_t len)
{
	static const char unit[] = " KMGTPE";
	int u = from < 0 ? 0 : from > 6 ? 6 : from;
	double x = v;

	if (isnan(v)) {
		snprintf(buf, len, "-");
		return;
	}
	for (int i = 0; i < u; i++)
		x /= 1000;
	/* up a unit while the rounded text would need four integer digits: K none, M one, G up two */
	while (u < 6 && fabs(x) >= 1000 - 0.5 * (u <= 1 ? 1 : u == 2 ? 0.1 : 0.01)) {
		x /= 1000;
		u++;
	}
	if (fabs(x) >= 1000 - 0.005)   /* past what E holds (and inf): said, never a number cut */
		snprintf(buf, len, "%s999E%s", x < 0 ? "<-" : ">", after);
	else if (u == 0)
		snprintf(buf, len, "%.0f%s", x, after);
	else
		snprintf(buf, len, "%.*f%c%s", u <= 1 ? 0 : u == 2 ? 1 : 2, x, unit[u], after);
}

void ui_fmt_fixed(double v, int prec, char *buf, size_t len)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, len, "-");
	else if (v < 0)
		fix(buf, len, "-", -v, prec, 0);
	else
		fix(buf, len, "", v, prec, 0);
}

void ui_fmt_val(const struct ev_val *v, char *buf, size_t len)
{
	switch (v->state) {
	case EVS_UNSUPPORTED:
		snprintf(buf, len, "n/a");
		break;
	case EVS_NOT_COUNTED:
		snprintf(buf, len, "!nc");
		break;
	case EVS_OK:
		ui_fmt_count(v->value, buf, len);
		break;
	default:
		snprintf(buf, len, "-");
		break;
	}
}

void ui_fmt_elapsed(double s, char *buf, size_t len)
{
	/* clamped before the cast (a double past LONG_MAX is undefined behaviour): 1e12 s is
	 * thirty thousand years */
	long t = isnan(s) || s < 0 ? 0 : s > 1e12 ? (long)1e12 : (long)s;

	if (t < 60)
		snprintf(buf, len, "%lds", t);
	else if (t < 3600)
		snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
	else if (t < 86400)
		snprintf(buf, len, "%ldh%02ldm", t / 3600, t % 3600 / 60);
	else
		snprintf(buf, len, "%ldd%02ldh", t / 86400, t % 86400 / 3600);
}

struct ui_mux ui_mux_of(const struct ev_val *row, const bool *use, int n)
{
	struct ui_mux mx = { UI_MUX_NONE, NAN };

	for (int i = 0; i < n; i++) {
		const struct ev_val *v = &row[i];
		if (use && !use[i])
			continue;
		if (v->state == EVS_NOT_COUNTED) {
			mx.kind = UI_MUX_NC;
			mx.pct = 0;
			return mx;
		}
		if (v->state != EVS_OK)
			continue;
		/* 99.95% and up reads as full: the kernel's enabled and running
		 * times differ by a few ns even without multiplexing. */
		if (!isnan(v->pct) && v->pct < 99.95) {
			if (mx.kind != UI_MUX_EST || v->pct < mx.pct)
				mx.pct = v->pct;
			mx.kind = UI_MUX_EST;
		} else if (mx.kind == UI_MUX_NONE) {
			mx.kind = UI_MUX_FULL;
			mx.pct = 100;
		}
	}
	return mx;
}

void ui_mux_text(struct ui_mux mx, char *buf, size_t len)
{
	switch (mx.kind) {
	case UI_MUX_FULL:
		snprintf(buf, len, "full");
		break;
	case UI_MUX_EST:
		/* floor: an estimate never reads as 100% */
		snprintf(buf, len, "~%d%%", isfinite(mx.pct) && mx.pct > 0 && mx.pct < 100 ? (int)floor(mx.pct) : 0);
		break;
	case UI_MUX_NC:
		snprintf(buf, len, "!nc");
		break;
	default:
		snprintf(buf, len, "-");
		break;
	}
}


void ui_fmt_count_in(double v, int unit, char *buf, size_t len)
{
	static const char suffix[] = " KMGTPE";
	const char *sign = "";

	if (isnan(v) || isinf(v) || unit < 0 || unit > 6) {
		ui_fmt_count(v, buf, len);
		return;
	}
	if (v < 0) {
		sign = "-";
		v = -v;
	}
	for (int i = 0; i < unit; i++)
		v /= 1000;
	/* three significant digits, never more than the unit's four */
	if (unit == 0 && v == floor(v))
		fix(buf, len, sign, v, 0, 0);
	else if (v < 9.995)
		fix(buf, len, sign, v, 2, unit ? suffix[unit] : 0);
	else if (v < 99.95)
		fix(buf, len, sign, v, 1, unit ? suffix[unit] : 0);
	else
		fix(buf, len, sign, v, 0, unit ? suffix[unit] : 0);
}

int ui_fmt_unit_pick(double maxv, int prev)
{
	int u = 0;

	if (isnan(maxv) || isinf(maxv))
		return prev >= 0 ? prev : 0;
	if (maxv < 0)
		maxv = -maxv;
	while (maxv >= 999.5 && u < 6) {
		maxv /= 1000;
		u++;
	}
	/* up at once (the text would not fit); down only when the largest value fell
	 * below half of the unit, so a value near 1000 does not switch it every refresh */
	if (prev > u && prev <= 6) {
		double inprev = maxv;
		for (int i = u; i < prev; i++)
			inprev /= 1000;
		if (inprev >= 0.5)
			return prev;
	}
	return u;
}

int ui_units_for(struct ui_units *m, const char *key, double maxv)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->col[i].key, key) == 0)
			break;
	if (i == m->n) {
		if (m->n == (int)(sizeof(m->col) / sizeof(m->col[0])))
			return ui_fmt_unit_pick(maxv, -1);
		m->n++;
		m->col[i].unit = -1;
		snprintf(m->col[i].key, sizeof(m->col[i].key), "%s", key);
	}
	m->col[i].unit = ui_fmt_unit_pick(maxv, m->col[i].unit);
	return m->col[i].unit;
}

void ui_fmt_core_type(const char *pmu, char *buf, size_t len)
{
	static const struct { const char *pmu, *type; } known[] = {
		{ "cpu_core", "P" }, { "cpu_atom", "E" }, { "cpu_lowpower", "LPE" },
		{ "apple_firestorm_pmu", "P" }, { "apple_icestorm_pmu", "E" },
		{ "apple_avalanche_pmu", "P" }, { "apple_blizzard_pmu", "E" },
	};
	const char *s = pmu;

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(pmu, known[i].pmu) == 0) {
			snprintf(buf, len, "%s", known[i].type);
			return;
		}
	if (strncmp(s, "armv8_", 6) == 0 || strncmp(s, "armv9_", 6) == 0)
		s += 6;
	if (strncmp(s, "cortex_", 7) == 0)
		s += 7;
	snprintf(buf, len, "%s", s);
}

int ui_wrap(const char *text, int w, int *start, int *len, int max)
{
	int n = 0, tl = (int)strlen(text), p = 0;

	if (w < 1)
		return tl ? tl : 0;
	while (p < tl) {
		int end = p, brk = -1;
		while (p < tl && text[p] == ' ')
			p++;
		if (p >= tl)
			break;
		/* the longest run from p that fits and ends before a space or at the end */
		for (end = p; end < tl && end - p < w; end++)
			if (text[end] == ' ')
				brk = end;
		if (end < tl && text[end] != ' ' && brk > p)
			end = brk;   /* the word at the edge goes to the next line */
		while (end > p && text[end - 1] == ' ')
			end--;
		if (n < max) {
			start[n] = p;
			len[n] = end - p;
		}
		n++;
		p = end;
	}
	return n;
}
