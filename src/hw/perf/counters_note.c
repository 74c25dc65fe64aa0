/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* counters_note.c: the messages of counters.c: CPUs gone offline, descriptors run out, what a read
 * found (see counters_impl.h). */
#include "counters_impl.h"
#include "hw/sys/cpulist.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The numbers of the CPUs pick marks, as a CPU list ("..." where it does not fit). */
static void cpus_text(const struct counters *c, const bool *pick, char *out, size_t len)
{
	int *ids = malloc((size_t)(c->ncpus ? c->ncpus : 1) * sizeof(int)), n = 0;

	out[0] = 0;
	if (!ids)
		return;
	for (int ci = 0; ci < c->ncpus; ci++)
		if (pick[ci])
			ids[n++] = c->cpu_ids[ci];
	if (cpulist_format(ids, n, out, len) < 0 && len > 4)
		snprintf(out + len - 4, 4, "...");
	free(ids);
}

void cnt_gone_note(struct counters *c, char *out, size_t len)
{
	char list[128];
	size_t used = strlen(out);
	int n = 0;

	for (int ci = 0; ci < c->ncpus; ci++)
		n += c->gone[ci];
	if (!n || used >= len)
		return;
	cpus_text(c, c->gone, list, sizeof(list));
	snprintf(out + used, len - used, "%sCPU%s %s offline (the kernel answered ENODEV): not counted",
		 used ? "; " : "", n > 1 ? "s" : "", list);
}

void cnt_refused_note(struct counters *c, char *out, size_t len)
{
	bool *pick = calloc((size_t)(c->ncpus ? c->ncpus : 1), sizeof(bool));
	size_t used = strlen(out);

	for (int e = 0; pick && e < c->nev && used < len; e++) {
		const struct ev_spec *s = &c->evl.ev[e];
		char list[128];
		int n = 0, size = 0;

		for (int ci = 0; ci < c->ncpus; ci++)
			n += pick[ci] = c->refused[(size_t)ci * c->nev + e];
		if (!n)
			continue;
		for (int k = 0; k < c->nev; k++)
			size += c->geff[k] == c->geff[e];
		cpus_text(c, pick, list, sizeof(list));
		snprintf(out + used, len - used, "%sthe kernel refused %s in its group of %d on CPU%s %s (EINVAL: "
			 "the group needs more counters than its PMU has, or holds events that cannot count "
			 "together): not counted", used ? "; " : "", s->input && s->input[0] ? s->input :
			 s->name ? s->name : "?", size, n > 1 ? "s" : "", list);
		used = strlen(out);
		break;   /* the first says what the others would */
	}
	free(pick);
}

/* At that point the process holds as many descriptors as its limit allows, of which opened are
 * counters, so the others plus every counter wanted is what it needs. */
int cnt_nofile_note(struct counters *c, int stop, int opened, unsigned long long want, int r,
		    struct errmsg *em)
{
	struct rlimit rl = { 0 };
	unsigned long long need;
	bool *none = calloc((size_t)(c->ncpus ? c->ncpus : 1), sizeof(bool));
	char list[128] = "?";
	int nnone = 0;

	for (int ci = stop; none && ci < c->ncpus; ci++) {
		bool any = false;

		for (int e = 0; e < c->nev && !any; e++)
			any = c->fd[(size_t)ci * c->nev + e] >= 0;
		none[ci] = !any;
		nnone += !any;
	}
	if (none)
		cpus_text(c, none, list, sizeof(list));
	free(none);
	getrlimit(RLIMIT_NOFILE, &rl);
	need = (unsigned long long)rl.rlim_cur - (unsigned long long)opened + want;
	if (nnone)
		snprintf(c->open_note, sizeof(c->open_note),
			 "out of file descriptors: counting %d of %llu events x CPUs, CPU%s %s %s none; "
			 "`ulimit -n %llu` would be enough (the limit is %llu)", opened, want,
			 nnone == 1 ? "" : "s", list, nnone == 1 ? "has" : "have", need,
			 (unsigned long long)rl.rlim_cur);
	else
		snprintf(c->open_note, sizeof(c->open_note),
			 "out of file descriptors: counting %d of %llu events x CPUs; `ulimit -n %llu` would be "
			 "enough (the limit is %llu)", opened, want, need, (unsigned long long)rl.rlim_cur);
	if (need > (unsigned long long)rl.rlim_max) {
		size_t used = strlen(c->open_note);

		snprintf(c->open_note + used, sizeof(c->open_note) - used, ", above the hard limit %llu: "
			 "raise that as root (LimitNOFILE=, limits.conf) or count fewer events or CPUs (-C)",
			 (unsigned long long)rl.rlim_max);
	}
	return errmsg_set(em, r, "%s", c->open_note);
}

void cnt_read_note_add(struct counters *c, const bool *pick, const char *what)
{
	size_t used = strlen(c->read_note);
	char list[128];
	int n = 0;

	for (int ci = 0; ci < c->ncpus; ci++)
		n += pick[ci];
	if (!n || used >= sizeof(c->read_note))
		return;
	cpus_text(c, pick, list, sizeof(list));
	snprintf(c->read_note + used, sizeof(c->read_note) - used, "%sCPU%s %s: %s", used ? "; " : "",
		 n > 1 ? "s" : "", list, what);
}
