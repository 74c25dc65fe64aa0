/* app_util.c: utilisation as top and htop compute it: per CPU, the non-idle share of the
 * /proc/stat times that passed in the interval, read through the seam (the real file under
 * the procfs root, or the simulated kernel's). */
#include "app/app.h"
#include "hw/procstat.h"
#include "hw/seam.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UTIL_BUF_MAX (16u << 20)   /* /proc/stat of thousands of CPUs fits many times */

struct app_util {
	struct procstat prev, cur;
	bool have_prev;
	char *buf;
	size_t cap;
};

/* Read and parse into ps; false when there is no /proc/stat or it is malformed. */
static bool read_stat(struct app *a, struct procstat *ps)
{
	struct app_util *u = a->util;
	int n;

	if (!a->seam || !a->seam->proc_stat)
		return false;
	for (;;) {
		if (!u->buf) {
			u->cap = 64 * 1024;
			if (!(u->buf = malloc(u->cap)))
				return false;
		}
		n = a->seam->proc_stat(a->seam->ctx, u->buf, u->cap);
		/* a full buffer may be a cut file: read again with more room */
		if ((n == -ENOSPC || (n >= 0 && (size_t)n + 1 >= u->cap)) && u->cap < UTIL_BUF_MAX) {
			char *nb = realloc(u->buf, u->cap * 2);
			if (!nb)
				return false;
			u->buf = nb;
			u->cap *= 2;
			continue;
		}
		break;
	}
	return n > 0 && procstat_parse(ps, u->buf) == 0;
}

void app_util_baseline(struct app *a)
{
	if (!a->util && !(a->util = calloc(1, sizeof(*a->util))))
		return;
	a->util->have_prev = read_stat(a, &a->util->prev);
}

void app_util_sample(struct app *a)
{
	struct app_util *u = a->util;
	struct model *m = &a->model;
	struct procstat t;
	bool ok;

	if (!m->cur.jif)
		return;
	for (int i = 0; i < m->ncpus * UT_N; i++)
		m->cur.jif[i] = NAN;
	if (!u)
		return;
	ok = read_stat(a, &u->cur);
	if (ok && u->have_prev) {
		for (int c = 0; c < m->ncpus; c++) {
			int i = procstat_find(&u->cur, m->cpu_ids[c]), p = procstat_find(&u->prev, m->cpu_ids[c]);
			if (i >= 0 && p >= 0)
				procstat_delta(u->prev.j[p], u->cur.j[i], &m->cur.jif[(size_t)c * UT_N]);
		}
	}
	/* this reading is the next interval's start */
	t = u->prev;
	u->prev = u->cur;
	u->cur = t;
	u->have_prev = ok;
}

void app_util_free(struct app *a)
{
	if (!a->util)
		return;
	procstat_free(&a->util->prev);
	procstat_free(&a->util->cur);
	free(a->util->buf);
	free(a->util);
	a->util = NULL;
}
