/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* csvrow.c: parse one row of perf stat -x output into fields, by content rather than position. */
#include "csvrow.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CSV_MAXF 32

static const double pow10_tab[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static inline bool blank(char c) { return c == ' ' || c == '\t'; }

static inline void trim(const char **s, size_t *len)
{
	while (*len && blank(**s))
		(*s)++, (*len)--;
	while (*len && blank((*s)[*len - 1]))
		(*len)--;
}

static int number_slow(const char *s, size_t len, double *out)
{
	char buf[64], *end;
	double v;

	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	v = strtod(buf, &end);
	if (end != buf + len || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* Append the decimal digits from p on to *mant; returns where they end. Past 19 digits the
 * mantissa wraps: the caller then takes the slow path. */
static inline const char *digits(const char *p, const char *end, uint64_t *mant)
{
	uint64_t m = *mant;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* eight digits at once while there are eight (counter values and run times have 7 to 12) */
	while (end - p >= 8) {
		uint64_t v;

		memcpy(&v, p, 8);
		if (((v & 0xF0F0F0F0F0F0F0F0u) | (((v + 0x0606060606060606u) & 0xF0F0F0F0F0F0F0F0u) >> 4)) !=
		    0x3333333333333333u)
			break;
		v -= 0x3030303030303030u;
		v = v * 10 + (v >> 8);   /* pairs of digits: 10 * even byte + odd byte */
		v = (((v & 0x000000FF000000FFu) * (100 + (1000000ull << 32))) +
		     (((v >> 16) & 0x000000FF000000FFu) * (1 + (10000ull << 32)))) >> 32;
		m = m * 100000000u + v;
		p += 8;
	}
#endif
	while (p < end && (unsigned)(*p - '0') < 10)
		m = m * 10 + (uint64_t)(*p++ - '0');
	*mant = m;
	return p;
}

/* csvrow_number of a field without blanks around it (csvrow_parse trims every field first). */
static int number_trimmed(const char *s, size_t len, double *out)
{
	const char *p, *end, *z, *q;
	uint64_t mant = 0;
	size_t sig, frac = 0, zeros;
	bool neg = false;

	if (!len)
		return -1;
	p = s;
	end = s + len;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	/* The fast path: an integer mantissa below 2^53 divided by an exact power of ten is one
	 * correctly rounded operation, so it equals strtod's result. sig counts the mantissa's
	 * digits, from the first one that is not a leading zero. */
	for (z = p; p < end && *p == '0'; p++)
		;
	zeros = (size_t)(p - z);
	q = p;
	p = digits(p, end, &mant);
	sig = (size_t)(p - q);
	if (p < end && *p == '.') {
		p++;
		if (!sig) {   /* 0.000123: the zeros after the point are no digits of the mantissa */
			for (z = p; p < end && *p == '0'; p++)
				;
			zeros += (size_t)(p - z);
			frac = (size_t)(p - z);
		}
		q = p;
		p = digits(p, end, &mant);
		sig += (size_t)(p - q);
		frac += (size_t)(p - q);
	}
	if (p != end || sig > 18)   /* exponents, inf, long mantissas, junk: strtod decides */
		return number_slow(s, len, out);
	if (!zeros && !sig)
		return -1;
	if (mant >= (1ULL << 53) || frac > 22)
		return number_slow(s, len, out);
	*out = frac ? (double)mant / pow10_tab[frac] : (double)mant;
	if (neg)
		*out = -*out;
	return 0;
}

int csvrow_number(const char *s, size_t len, double *out)
{
	trim(&s, &len);
	return number_trimmed(s, len, out);
}

static bool is_cpu_field(const char *s, size_t len, int *cpu)
{
	long v = 0;

	if (len < 4 || memcmp(s, "CPU", 3) != 0)
		return false;
	for (size_t i = 3; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || v > (1L << 20))
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*cpu = (int)v;
	return true;
}

static bool eq(const char *s, size_t len, const char *lit)
{
	return len == strlen(lit) && memcmp(s, lit, len) == 0;
}

static bool is_value_field(const char *s, size_t len)
{
	double d;

	return eq(s, len, "<not counted>") || eq(s, len, "<not supported>") ||
	       number_trimmed(s, len, &d) == 0;
}

static int count_slashes(const char *s, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '/';
	return n;
}

static int bad(struct csv_row *r, const char *why)
{
	r->why = why;
	return CSVROW_BAD;
}

/* The ranges of csvrow.h: everything later converted to a 64-bit count must fit one. */
static const char *range_error(const struct csv_row *r)
{
	if (!isnan(r->time) && !(r->time >= 0 && r->time <= CSVROW_TIME_MAX))
		return "time out of range (0 to 1e9 seconds)";
	if (r->vstate == CSVV_OK && !(r->value >= 0 && r->value < CSVROW_COUNT_LIMIT))
		return "value out of range (0 to 2^64)";
	if (!isnan(r->run_ns) && !(r->run_ns >= 0 && r->run_ns < CSVROW_COUNT_LIMIT))
		return "run time out of range (0 to 2^64 ns)";
	if (!isnan(r->pct) && !(r->pct >= 0 && r->pct <= 100))
		return "percent running out of range (0 to 100)";
	/* the enabled time is run time / percent: it must fit 64 bits too */
	if (!isnan(r->run_ns) && !isnan(r->pct) && r->pct > 0 &&
	    !(r->run_ns * 100.0 / r->pct < CSVROW_COUNT_LIMIT))
		return "enabled time (run time / percent running) out of range (0 to 2^64 ns)";
	return NULL;
}

/* The time column through the one-entry cache: the lines of an interval repeat its bytes. */
static int time_number(struct csvrow_ctx *c, const char *s, size_t len, double *out)
{
	int rc;

	if (c && c->len == len && len && memcmp(c->text, s, len) == 0) {
		if (c->ok)
			*out = c->t;
		return c->ok ? 0 : -1;
	}
	rc = number_trimmed(s, len, out);
	if (c && len <= sizeof(c->text)) {
		memcpy(c->text, s, len);
		c->len = len;
		c->ok = rc == 0;
		c->t = rc == 0 ? *out : NAN;
	}
	return rc;
}

/* The first sep in p..end, or NULL. Fields are short (a few bytes): eight bytes at a time in a
 * word rather than a memchr call per field. */
static inline const char *find_sep(const char *p, const char *end, char sep)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101u, pat = ones * (unsigned char)sep;

	while (end - p >= 8) {
		uint64_t v, z;

		memcpy(&v, p, 8);
		v ^= pat;   /* a zero byte where sep is; the lowest flagged byte below is the first */
		z = (v - ones) & ~v & 0x8080808080808080u;
		if (z)
			return p + (__builtin_ctzll(z) >> 3);
		p += 8;
	}
#endif
	while (p < end && *p != sep)
		p++;
	return p < end ? p : NULL;
}

/* Split line..end at every sep: the first `keep` fields into f/fl, and the number of fields, or -1
 * for more than CSV_MAXF (the fields past keep are only counted). */
static int split(const char *line, const char *end, char sep, const char **f, size_t *fl, int keep)
{
	const char *p = line;

	for (int n = 0;; n++) {
		const char *q = find_sep(p, end, sep);
		if (n == CSV_MAXF)
			return -1;
		if (n < keep) {
			f[n] = p;
			fl[n] = (size_t)((q ? q : end) - p);
		}
		if (!q)
			return n + 1;
		p = q + 1;
	}
}

static int parse_full(const char *line, size_t len, char sep, struct csv_row *r, struct csvrow_ctx *ctx)
{
	bool cpu1 = false;
	const char *f[CSV_MAXF];
	size_t fl[CSV_MAXF];
	int n = 0, i = 0;
	const char *end;
	size_t k;

	memset(r, 0, sizeof(*r));
	r->time = r->value = r->run_ns = r->pct = r->metric = NAN;
	r->cpu = -1;
	r->unit = r->event = r->metric_unit = "";
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	for (k = 0; k < len && (line[k] == ' ' || line[k] == '\t'); k++)
		;
	if (k == len || line[k] == '#')
		return CSVROW_SKIP;
	end = line + len;
	if ((n = split(line, end, sep, f, fl, CSV_MAXF)) < 0)
		return bad(r, "too many fields");
	for (int j = 0; j < n; j++)
		if (sep != ',' || j < 2)   /* event fields are trimmed after re-joining */
			trim(&f[j], &fl[j]);

	/* time, or "summary" in its place */
	if (eq(f[0], fl[0], "summary")) {
		r->summary = true;
		i = 1;
	} else if (n >= 3 && time_number(ctx, f[0], fl[0], &r->time) == 0 &&
		   ((cpu1 = is_cpu_field(f[1], fl[1], &r->cpu)) || is_value_field(f[1], fl[1]) ||
		    (fl[1] == 0 && fl[2] == 0))) {
		i = 1;
	} else {
		r->time = NAN;
	}
	if (cpu1 || (i < n && is_cpu_field(f[i], fl[i], &r->cpu)))   /* CPU<n> after the time: known */
		i++;
	if (i >= n)
		return bad(r, "too few fields");
	trim(&f[i], &fl[i]);
	if (fl[i] == 0)   /* metric-only continuation line */
		return CSVROW_SKIP;
	if (eq(f[i], fl[i], "<not counted>")) {
		r->vstate = CSVV_NOT_COUNTED;
	} else if (eq(f[i], fl[i], "<not supported>")) {
		r->vstate = CSVV_NOT_SUPPORTED;
	} else if (number_trimmed(f[i], fl[i], &r->value) != 0) {
		return bad(r, "value is not a number");
	}
	i++;
	if (i + 1 >= n)
		return bad(r, "no event field");
	trim(&f[i], &fl[i]);
	r->unit = f[i];
	r->unit_len = (int)fl[i];
	i++;
	/* The event: with ',' as separator, "cpu/event=0x3c,umask=0x0/" was split. */
	r->event = f[i];
	{
		size_t elen = fl[i];
		int slashes = count_slashes(f[i], fl[i]);
		while (sep == ',' && (slashes & 1) && i + 1 < n) {
			i++;
			slashes += count_slashes(f[i], fl[i]);
			elen = (size_t)(f[i] + fl[i] - r->event);
		}
		if (slashes & 1)
			return bad(r, "unbalanced '/' in event name");
		trim(&r->event, &elen);
		r->event_len = (int)elen;
	}
	i++;
	if (r->event_len == 0)
		return bad(r, "empty event name");
	for (int j = i; j < n; j++)
		if (sep == ',')
			trim(&f[j], &fl[j]);
	if (i < n) {
		if (fl[i] && number_trimmed(f[i], fl[i], &r->run_ns) != 0)
			return bad(r, "run time is not a number");
		i++;
	}
	if (i < n) {
		if (fl[i] && number_trimmed(f[i], fl[i], &r->pct) != 0)
			return bad(r, "percent running is not a number");
		i++;
	}
	if (i < n) {
		/* metrics are perf's own derived values: informational, never an error */
		if (fl[i] && !(ctx && ctx->no_metric) && number_trimmed(f[i], fl[i], &r->metric) != 0)
			r->metric = NAN;
		i++;
	}
	if (i < n) {
		r->metric_unit = f[i];
		r->metric_unit_len = (int)fl[i];
	}
	if (!(fabs(r->metric) < CSVROW_COUNT_LIMIT))   /* informational: dropped, never an error */
		r->metric = NAN;
	{
		const char *why = range_error(r);
		if (why)
			return bad(r, why);
	}
	return CSVROW_DATA;
}

/* Whether s[0..len) is digits with at most one '.', 1 to 15 digits: a number below 1e15, so inside
 * every count range of csvrow.h, and *out its value. The mantissa is then below 2^53 and the
 * fraction digits at most 15, so mantissa / 10^digits is one correctly rounded division: what
 * number_trimmed (and strtod) give. */
static bool plain_number(const char *s, size_t len, double *out)
{
	const char *end = s + len, *p, *dot = NULL;
	size_t ndig, frac;
	uint64_t mant = 0;

	if (!len || len > 16)
		return false;
	p = digits(s, end, &mant);
	if (p < end && *p == '.') {
		dot = p;
		p = digits(p + 1, end, &mant);
	}
	ndig = len - (dot != NULL);
	if (p != end || ndig < 1 || ndig > 15)
		return false;
	frac = dot ? (size_t)(end - dot - 1) : 0;
	*out = frac ? (double)mant / pow10_tab[frac] : (double)mant;
	return true;
}

/* Whether s[0..len) is a plain number that is 0, or 0.01 to 100: a percent running that keeps
 * the enabled time (run time / percent, the run time below 1e15) below 2^64. */
static bool plain_percent(const char *s, size_t len, double *out)
{
	size_t j = 0;
	unsigned ip = 0;

	if (!plain_number(s, len, out))
		return false;
	for (; j < len && s[j] != '.'; j++)
		if ((ip = ip * 10 + (unsigned)(s[j] - '0')) > 100)
			return false;
	if (j < len)
		j++;
	if (ip == 100) {   /* 100.000 but not 100.01 */
		for (; j < len; j++)
			if (s[j] != '0')
				return false;
		return true;
	}
	if (ip)
		return true;
	/* 0.xx: 0 itself, or at least 0.01 */
	if (j < len && s[j] != '0')
		return true;
	if (j + 1 < len && s[j + 1] != '0')
		return true;
	for (; j < len; j++)
		if (s[j] != '0')
			return false;
	return true;
}

/* The common row: its time is the one just read (a valid time in range), then CPU<n>, a plain
 * value, unit, an event whose slashes balance, and a plain run time and percent (or none): every
 * number then in range, so the row is what parse_full makes of it. With numbers the value, run
 * time, percent and metric are read, else left NAN. CSVROW_DATA, or -1 for any other row. */
static int common_row(const char *line, size_t len, char sep, struct csv_row *r, const struct csvrow_ctx *ctx,
		      bool numbers)
{
	const char *f[CSV_MAXF], *t;
	size_t fl[CSV_MAXF], tl;
	double value, run = NAN, pct = NAN, metric = NAN;
	int n;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	n = split(line, line + len, sep, f, fl, 9);
	if (n < 5 || !ctx->ok || !(ctx->t >= 0 && ctx->t <= CSVROW_TIME_MAX))
		return -1;
	t = f[0];
	tl = fl[0];
	trim(&t, &tl);
	if (tl != ctx->len || memcmp(t, ctx->text, tl) != 0 || !plain_number(f[2], fl[2], &value) ||
	    (count_slashes(f[4], fl[4]) & 1) || (n > 5 && fl[5] && !plain_number(f[5], fl[5], &run)))
		return -1;
	memset(r, 0, sizeof(*r));
	if (!is_cpu_field(f[1], fl[1], &r->cpu))
		return -1;
	if (n > 6 && fl[6] && !plain_percent(f[6], fl[6], &pct))
		return -1;
	trim(&f[3], &fl[3]);
	trim(&f[4], &fl[4]);
	r->unit = f[3];
	r->unit_len = (int)fl[3];
	r->event = f[4];
	r->event_len = (int)fl[4];
	if (!r->event_len)
		return -1;
	r->time = ctx->t;
	r->metric_unit = "";
	if (!numbers) {
		r->value = r->run_ns = r->pct = r->metric = NAN;
		return CSVROW_DATA;
	}
	r->value = value;
	r->run_ns = run;
	r->pct = pct;
	/* the metric and its unit as parse_full takes them: trimmed, a metric out of range dropped */
	if (n > 7) {
		trim(&f[7], &fl[7]);
		if (fl[7] && !ctx->no_metric && (number_trimmed(f[7], fl[7], &metric) != 0 ||
						  !(fabs(metric) < CSVROW_COUNT_LIMIT)))
			metric = NAN;
	}
	r->metric = metric;
	if (n > 8) {
		trim(&f[8], &fl[8]);
		r->metric_unit = f[8];
		r->metric_unit_len = (int)fl[8];
	}
	return CSVROW_DATA;
}

int csvrow_parse(const char *line, size_t len, char sep, struct csv_row *r)
{
	return parse_full(line, len, sep, r, NULL);
}

int csvrow_parse_ctx(const char *line, size_t len, char sep, struct csv_row *r, struct csvrow_ctx *ctx)
{
	int kind = ctx ? common_row(line, len, sep, r, ctx, true) : -1;

	return kind >= 0 ? kind : parse_full(line, len, sep, r, ctx);
}

int csvrow_scan_ctx(const char *line, size_t len, char sep, struct csv_row *r, struct csvrow_ctx *ctx)
{
	int kind = common_row(line, len, sep, r, ctx, false);

	return kind >= 0 ? kind : parse_full(line, len, sep, r, ctx);
}

char csvrow_detect_sep(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		const char *q = p;
		while (q < le && *q == ' ')
			q++;
		if (q < le && *q != '#' && *q != '\r') {
			if (memchr(q, '\t', (size_t)(le - q)))
				return '\t';
			if (memchr(q, ';', (size_t)(le - q)))
				return ';';
			if (memchr(q, ',', (size_t)(le - q)))
				return ',';
		}
		p = le + 1;
	}
	return 0;
}
