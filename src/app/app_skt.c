/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app_skt.c: the sockets' memory, interconnect, L3 and power events: which this machine has (each
 * event of the uncore set tried alone, so a machine with RAPL but no IMC still gets its watts), and
 * adding them to what is counted only while the sockets view or the header meters show them. */
#include "app.h"
#include "app_skt.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

size_t app_skt_piece(const char *s)
{
	size_t i;
	int brace = 0;
	bool terms = false;

	for (i = 0; s[i]; i++) {
		if (s[i] == '/')
			terms = !terms;
		else if (s[i] == '{')
			brace++;
		else if (s[i] == '}' && brace > 0)
			brace--;
		else if (s[i] == ',' && !terms && !brace)
			break;
	}
	return i;
}

/* Whether the lines (one event each) hold the piece p[0..n). */
static bool lines_have(const char *lines, const char *p, size_t n)
{
	for (const char *l = lines; *l;) {
		size_t ln = strcspn(l, "\n");
		if (ln == n && memcmp(l, p, n) == 0)
			return true;
		l += ln;
		if (*l)
			l++;
	}
	return false;
}

/* Whether the event list text holds the piece p[0..n) at its top level. */
static bool list_has(const char *list, const char *p, size_t n)
{
	for (const char *s = list; *s;) {
		size_t k = app_skt_piece(s);
		if (k == n && memcmp(s, p, n) == 0)
			return true;
		s += k;
		if (*s)
			s++;
	}
	return false;
}

/* Append text (n bytes) and a separator to buf of len; false when it does not fit. */
static bool append(char *buf, size_t len, const char *sep, const char *text, size_t n)
{
	size_t used = strlen(buf), sl = buf[0] ? strlen(sep) : 0;

	if (used + sl + n + 1 > len)
		return false;
	memcpy(buf + used, sep, sl);
	memcpy(buf + used + sl, text, n);
	buf[used + sl + n] = '\0';
	return true;
}

static unsigned figure_of(const struct ev_spec *s, const struct pmu_registry *reg)
{
	const char *pmu = s->pmu >= 0 ? reg->pmus[s->pmu].name : "";
	int r = model_role_of(s->base && *s->base ? s->base : s->name);

	if (r == ROLE_NONE)
		r = model_role_on_pmu(pmu, s->base);
	switch (r) {
	case ROLE_MEM_READ: case ROLE_MEM_WRITE: case ROLE_MEM_RW: return SKT_MEM;
	case ROLE_UPI: case ROLE_UPI_FLITS: return SKT_UPI;
	case ROLE_ENERGY_PKG: return SKT_PWR;
	case ROLE_ENERGY_RAM: return SKT_DRAM;
	case ROLE_L3_LOOKUP: case ROLE_L3_MISS: return SKT_L3;
	default: return 0;
	}
}

void app_skt_detect(struct app *a)
{
	struct app_skt *k = &a->skt;
	const char *core = "", *set;

	if (k->detected)
		return;
	k->detected = true;
	for (int p = 0; p < a->reg.n; p++)
		if (a->reg.pmus[p].kind == PMU_KIND_CORE) {
			core = a->reg.pmus[p].name;
			break;
		}
	set = settings_arch_events(core, a->topo.vendor, "uncore");
	for (const char *p = set; *p;) {
		size_t n = app_skt_piece(p);
		char one[256];
		struct ev_list l = { 0 };
		struct ev_error err;

		if (n > 0 && n < sizeof(one)) {
			memcpy(one, p, n);
			one[n] = '\0';
			/* tried alone: a machine without this event's PMU keeps the others */
			if (evparse(one, &a->reg, &a->topo, &l, &err) == 0 && l.n > 0 &&
			    append(k->avail, sizeof(k->avail), "\n", one, n))
				for (int e = 0; e < l.n; e++)
					k->has |= figure_of(&l.ev[e], &a->reg);
			ev_list_free(&l);
		}
		p += n;
		if (*p)
			p++;
	}
	if (!k->avail[0])
		snprintf(k->why, sizeof(k->why), "no memory bandwidth, UPI or power figures on this machine: "
			 "its kernel has no memory-controller, UPI or RAPL PMU");
}

void app_skt_user_text(const struct app *a, char *buf, size_t len)
{
	char list[8192];

	app_events_text(a, list, sizeof(list));
	if (len == 0)
		return;
	buf[0] = '\0';
	for (const char *s = list; *s;) {
		size_t n = app_skt_piece(s);
		if (!a->skt.on || !lines_have(a->skt.added, s, n))
			append(buf, len, ",", s, n);
		s += n;
		if (*s)
			s++;
	}
}

int app_skt_set_events(struct app *a, const char *user, struct ev_error *err)
{
	char list[8192], add[sizeof(a->skt.added)] = "", old[sizeof(a->skt.added)];
	int r;

	snprintf(list, sizeof(list), "%s", user);
	snprintf(old, sizeof(old), "%s", a->skt.added);
	for (const char *l = a->skt.on ? a->skt.added : ""; *l;) {
		size_t n = strcspn(l, "\n");
		if (!list_has(list, l, n) && append(list, sizeof(list), ",", l, n))
			append(add, sizeof(add), "\n", l, n);
		l += n;
		if (*l)
			l++;
	}
	/* what the user now counts himself is his; the rest stays ours */
	if (a->skt.on)
		snprintf(a->skt.added, sizeof(a->skt.added), "%s", add);
	r = app_set_events(a, list, err);
	if (r < 0)   /* the old list is counted again, and with it what was ours */
		snprintf(a->skt.added, sizeof(a->skt.added), "%s", old);
	return r;
}

int app_skt_show(struct app *a, bool want)
{
	struct app_skt *k = &a->skt;
	char list[8192], add[sizeof(k->added)] = "";
	struct ev_error err;
	int r;

	app_skt_detect(a);
	if (want == k->on || (want && (!k->avail[0] || k->failed)))
		return 0;
	if (!want) {
		app_skt_user_text(a, list, sizeof(list));
		k->on = false;
		r = 0;
		if (k->added[0] && list[0] && (r = app_set_events(a, list, &err)) < 0)
			snprintf(a->msg, sizeof(a->msg), "cannot stop the sockets' memory and power events: %s",
				 err.msg);
		k->added[0] = '\0';
		return r;
	}
	app_events_text(a, list, sizeof(list));
	for (const char *l = k->avail; *l;) {
		size_t n = strcspn(l, "\n");
		/* what the user counts already stays theirs */
		if (!list_has(list, l, n) && append(list, sizeof(list), ",", l, n))
			append(add, sizeof(add), "\n", l, n);
		l += n;
		if (*l)
			l++;
	}
	k->on = true;
	if (!add[0])
		return 0;
	r = app_set_events(a, list, &err);
	if (r < 0) {
		k->on = false;
		k->failed = true;   /* said once, not retried every frame */
		snprintf(k->why, sizeof(k->why), "cannot count the memory and power events: %.200s", err.msg);
		snprintf(a->msg, sizeof(a->msg), "%s", k->why);
		return r;
	}
	snprintf(k->added, sizeof(k->added), "%s", add);
	return 0;
}
