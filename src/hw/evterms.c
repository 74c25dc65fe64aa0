/* evterms.c: turns PMU terms and aliases into config words through the sysfs format bit ranges. */
#include "evterms.h"
#include "evparse.h"
#include "evtables.h"
#include "pmu.h"
#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Alias terms may name other aliases; real ones never nest deeply. */
#define ALIAS_DEPTH_MAX 4

static int tfail(struct ev_error *err, int pos, const char *fmt, ...)
{
	va_list ap;

	err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int evterms_value(const char *s, int len, uint64_t *v)
{
	uint64_t x = 0;
	int i = 0, hex = 0;

	if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = 1;
		i = 2;
	}
	if (i >= len)
		return -EINVAL;
	for (; i < len; i++) {
		int d;
		unsigned char c = (unsigned char)s[i];

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

static bool raw_hex(const char *s, int len)
{
	for (int i = 0; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static bool word_is(const char *s, int len, const char *w)
{
	return (int)strlen(w) == len && strncmp(s, w, (size_t)len) == 0;
}

static int config_word(const char *key, int len)
{
	if (word_is(key, len, "config"))
		return 0;
	if (len == 7 && strncmp(key, "config", 6) == 0 && key[6] >= '1' && key[6] <= '3')
		return key[6] - '0';
	return -1;
}

/* errpos >= 0: every error is reported there (terms from an alias file);
 * otherwise positions are offsets into s. */
static int resolve(const struct pmu *p, const char *s, int start, int end, int errpos, int depth,
		   struct evterms *t, struct ev_error *err)
{
	int a = start;

	if (start == end)
		return 0;
	while (a <= end) {
		int b = a, eq, pos, klen, vlen, w;
		const char *key, *val;
		char kbuf[64];
		const struct pmu_format *f;
		const struct pmu_alias *al;
		uint64_t v = 1;

		while (b < end && s[b] != ',')
			b++;
		pos = errpos >= 0 ? errpos : a;
		if (b == a)
			return tfail(err, pos, "empty term");
		eq = a;
		while (eq < b && s[eq] != '=')
			eq++;
		key = s + a;
		klen = eq - a;
		val = eq < b ? s + eq + 1 : NULL;
		vlen = eq < b ? b - eq - 1 : 0;
		snprintf(kbuf, sizeof(kbuf), "%.*s", klen, key);
		if (klen == 0)
			return tfail(err, pos, "term without a name");
		if (word_is(key, klen, "name")) {
			if (!val || vlen == 0)
				return tfail(err, pos, "term 'name' needs a value");
			free(t->name);
			t->name = strndup(val, (size_t)vlen);
			if (!t->name)
				return -ENOMEM;
			a = b + 1;
			continue;
		}
		if (val && evterms_value(val, vlen, &v) < 0)
			return tfail(err, errpos >= 0 ? errpos : eq + 1, "bad value '%.*s' for term '%s'",
				     vlen, val, kbuf);
		w = config_word(key, klen);
		f = w < 0 ? pmu_find_format(p, kbuf) : NULL;
		al = w < 0 && !f && !val ? pmu_find_alias(p, kbuf) : NULL;
		if (w >= 0) {
			t->cfg[w] = v;
		} else if (f) {
			if (pmu_format_apply(f, v, t->cfg) < 0)
				return tfail(err, pos, "value 0x%llx too wide for term '%s' (%d bits)",
					     (unsigned long long)v, kbuf, pmu_format_width(f));
		} else if (al) {
			int r;

			if (depth >= ALIAS_DEPTH_MAX)
				return tfail(err, pos, "alias '%s' of PMU %s nests too deeply", kbuf, p->name);
			r = resolve(p, al->terms, 0, (int)strlen(al->terms), pos, depth + 1, t, err);
			if (r < 0) {
				if (r == -EINVAL && depth == 0) {
					char inner[sizeof(err->msg)];

					snprintf(inner, sizeof(inner), "%s", err->msg);
					tfail(err, pos, "alias '%s' of PMU %s: %s", al->name, p->name, inner);
				}
				return r;
			}
			if (!t->base)
				t->base = al->name;
			t->scale = al->scale;
			snprintf(t->unit, sizeof(t->unit), "%s", al->unit);
		} else if (!val && klen > 1 && klen <= 17 && key[0] == 'r' && raw_hex(key + 1, klen - 1)) {
			/* `cpu_core/r3c/`: a raw config inside a PMU, as perf prints hybrid raw events */
			t->cfg[0] = strtoull(key + 1, NULL, 16);
		} else {
			return tfail(err, pos, "unknown term '%s' for PMU %s", kbuf, p->name);
		}
		a = b + 1;
	}
	return 0;
}

int evterms_resolve(const struct pmu *p, bool hybrid, const char *s, int start, int end,
		    struct evterms *t, struct ev_error *err)
{
	struct evtab_event bi;
	char word[64];
	int len = end - start, r;

	memset(t, 0, sizeof(*t));
	t->type = p->type;
	t->scale = 1.0;
	/* `cpu_core/cycles/`: a built-in hardware name inside a core PMU that has
	 * no alias or format of that name, as perf prints hybrid events. */
	if (p->kind == PMU_KIND_CORE && len > 0 && len < (int)sizeof(word) &&
	    !memchr(s + start, ',', (size_t)len) && !memchr(s + start, '=', (size_t)len)) {
		snprintf(word, sizeof(word), "%.*s", len, s + start);
		if (!pmu_find_alias(p, word) && !pmu_find_format(p, word) && config_word(word, len) < 0 &&
		    evtab_lookup(word, (size_t)len, &bi) == 0 &&
		    (bi.type == PERF_TYPE_HARDWARE || bi.type == PERF_TYPE_HW_CACHE)) {
			t->type = bi.type;
			t->cfg[0] = bi.config | (hybrid ? (uint64_t)p->type << PERF_PMU_TYPE_SHIFT : 0);
			t->base = bi.base;
			return 0;
		}
	}
	r = resolve(p, s, start, end, -1, 0, t, err);
	if (r < 0) {
		free(t->name);
		t->name = NULL;
	}
	return r;
}
