/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cores.c: the cores view: one row per CPU (or per core with SMT siblings folded), sorted, scrolled. */
#include "view.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/sys/cpulist.h"
#include "cols.h"
#include "format.h"

static const char *const ids_cpu[] = { "CPU", "SKT", "CORE", "TYPE" };
static const int ids_cpu_w[] = { 4, 3, 4, 4 };
static const char *const ids_fold[] = { "CPUs", "SKT", "CORE", "TYPE" };
static const int ids_fold_w[] = { 9, 3, 4, 4 };
/* identity columns: TYPE only where CPUs differ in their core PMU (hybrid, big.LITTLE) */
#define NIDS nids_of(u)

/* The core type of a core PMU: P/E on Intel hybrids (cpu_core, cpu_atom, cpu_lowpower) and
 * Apple (Firestorm, Icestorm and later pairs), else the cluster's PMU name without its
 * architecture prefix ("cortex_a76", "pmuv3_1"). */
static void core_type(const char *pmu, char *buf, size_t len)
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

static const char *cpu_pmu_name(const struct ui *u, int c)
{
	const struct app *a = u->a;
	int t = c < a->topo.ncpus ? a->topo.cpus[c].core_pmu : -1;

	return t >= 0 && t < a->reg.n ? a->reg.pmus[t].name : "";
}

static int nids_of(const struct ui *u)
{
	const struct model *m = &u->a->model;

	/* a replay's CPUs are its own, not this machine's topology */
	if (u->a->rep || m->ncpus != u->a->topo.ncpus)
		return 3;
	for (int c = 1; c < m->ncpus; c++)
		if (strcmp(cpu_pmu_name(u, c), cpu_pmu_name(u, 0)) != 0)
			return 4;
	return 3;
}

void ui_cores_free(struct ui *u)
{
	free(u->order);
	free(u->fold_val);
	free(u->fold_met);
	free(u->fold_first);
	free(u->fold_n);
	free(u->fold_cpus);
	u->order = NULL;
	u->fold_val = NULL;
	u->fold_met = NULL;
	u->fold_first = u->fold_n = u->fold_cpus = NULL;
	u->nfold = 0;
}

static const struct model *model_of(struct ui *u)
{
	return &u->a->model;
}

static int cmp_core(const void *pa, const void *pb, void *arg)
{
	const struct model *m = arg;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (m->cpu_sock[a] != m->cpu_sock[b])
		return m->cpu_sock[a] - m->cpu_sock[b];
	if (m->cpu_core[a] != m->cpu_core[b])
		return m->cpu_core[a] - m->cpu_core[b];
	return m->cpu_ids[a] - m->cpu_ids[b];
}

/* Group CPUs by (socket, core) once; sum their rows for every new frame. */
static int fold_update(struct ui *u)
{
	const struct model *m = model_of(u);
	const struct frame *f = &m->cur;
	int nev = m->nev;

	if (!u->fold_cpus) {
		int n = 0;
		u->fold_cpus = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		u->fold_first = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		u->fold_n = malloc(sizeof(int) * (size_t)(m->ncpus ? m->ncpus : 1));
		if (!u->fold_cpus || !u->fold_first || !u->fold_n)
			return -1;
		for (int c = 0; c < m->ncpus; c++)
			u->fold_cpus[c] = c;
		qsort_r(u->fold_cpus, (size_t)m->ncpus, sizeof(int), cmp_core, (void *)m);
		for (int i = 0; i < m->ncpus; i++) {
			int c = u->fold_cpus[i];
			if (n > 0) {
				int p = u->fold_cpus[u->fold_first[n - 1]];
				/* a CPU of unknown core (a replay without topology) is a core of its own */
				if (m->cpu_core[c] >= 0 && m->cpu_sock[p] == m->cpu_sock[c] &&
				    m->cpu_core[p] == m->cpu_core[c]) {
					u->fold_n[n - 1]++;
					continue;
				}
			}
			u->fold_first[n] = i;
			u->fold_n[n] = 1;
			n++;
		}
		u->nfold = n;
		u->fold_seq = (unsigned long long)-1;
	}
	if (u->fold_nev != nev || !u->fold_val) {
		free(u->fold_val);
		free(u->fold_met);
		u->fold_val = calloc((size_t)u->nfold * (size_t)(nev ? nev : 1), sizeof(struct ev_val));
		u->fold_met = calloc((size_t)u->nfold * NMETRICS, sizeof(double));
		if (!u->fold_val || !u->fold_met)
			return -1;
		u->fold_nev = nev;
		u->fold_seq = (unsigned long long)-1;
	}
	if (u->fold_seq == f->seq || !f->cpu)
		return 0;
	for (int r = 0; r < u->nfold; r++) {
		struct ev_val *dst = &u->fold_val[(size_t)r * nev];
		double *met = &u->fold_met[(size_t)r * NMETRICS];
		double jif[UT_N] = { 0 }, swr[SWR_N] = { 0 };
		bool any = false;
		memset(dst, 0, sizeof(*dst) * (size_t)nev);
		for (int k = 0; k < u->fold_n[r]; k++) {
			int c = u->fold_cpus[u->fold_first[r] + k];
			if (f->online && !f->online[c])
				continue;
			any = true;
			for (int e = 0; e < nev; e++)
				model_sum_into(&dst[e], &f->cpu[(size_t)c * nev + e]);
			for (int j = 0; f->jif && j < UT_N; j++)
				jif[j] += f->jif[(size_t)c * UT_N + j];
			for (int j = 0; f->swr && j < SWR_N; j++)
				swr[j] += f->swr[(size_t)c * SWR_N + j];
		}
		for (int e = 0; e < nev; e++)
			model_sum_finish(&dst[e]);
		if (any) {
			model_metrics(m, dst, f->interval, met, true);
			if (f->jif)
				model_util(jif, met);   /* the core's siblings' times together */
			model_swrates(swr, f->interval, met);
		} else
			for (int k = 0; k < NMETRICS; k++)
				met[k] = NAN;
	}
	u->fold_seq = f->seq;
	return 0;
}

struct rowref {
	const struct ev_val *val;
	const double *met;
	bool online;
};

static struct rowref row_of(struct ui *u, int r)
{
	const struct model *m = model_of(u);
	const struct frame *f = &m->cur;
	struct rowref rr;

	if (u->fold) {
		rr.val = &u->fold_val[(size_t)r * m->nev];
		rr.met = &u->fold_met[(size_t)r * NMETRICS];
		rr.online = !isnan(rr.met[M_UTIL]) || rr.val[0].state != EVS_ABSENT || m->nev == 0;
		return rr;
	}
	rr.val = &f->cpu[(size_t)r * m->nev];
	rr.met = &f->cpu_m[(size_t)r * NMETRICS];
	rr.online = !f->online || f->online[r];
	return rr;
}

static int cpu_of_row(struct ui *u, int r)
{
	return u->fold ? u->fold_cpus[u->fold_first[r]] : r;
}

static int all_rows(struct ui *u)
{
	if (u->fold) {
		if (fold_update(u) < 0)
			return 0;
		return u->nfold;
	}
	return model_of(u)->ncpus;
}

/* Whether row r passes the `/` filter: its CPUs, socket, core type, and the label "cpu3 cpu_atom"
 * (or "core0/2 cpu_core" folded) that text words are looked for in. */
static bool row_shown(struct ui *u, int r)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, r);
	char label[96];

	if (u->flt[UV_CORES].n == 0)
		return true;
	if (u->fold)
		snprintf(label, sizeof(label), "core%d/%d %s", m->sock_ids[m->cpu_sock[c]], m->cpu_core[c],
			 cpu_pmu_name(u, c));
	else
		snprintf(label, sizeof(label), "cpu%d %s", m->cpu_ids[c], cpu_pmu_name(u, c));
	return ui_filter_cpus(u, UV_CORES, u->fold ? &u->fold_cpus[u->fold_first[r]] : &c,
			      u->fold ? u->fold_n[r] : 1, label);
}

static int nrows(struct ui *u)
{
	int n = all_rows(u), shown = 0;

	if (u->flt[UV_CORES].n == 0)
		return n;
	for (int r = 0; r < n; r++)
		shown += row_shown(u, r);
	return shown;
}

struct sortctx {
	const double *key;
	const int *tie;
	bool reverse;
};

static int cmp_rows(const void *pa, const void *pb, void *arg)
{
	const struct sortctx *s = arg;
	int a = *(const int *)pa, b = *(const int *)pb;
	double ka = s->key[a], kb = s->key[b];

	/* missing values sort last in either direction */
	if (isnan(ka) != isnan(kb))
		return isnan(ka) ? 1 : -1;
	if (!isnan(ka) && ka != kb)
		return (ka < kb) != s->reverse ? -1 : 1;
	return s->tie[a] - s->tie[b];
}

static int build_cols(struct ui *u, struct ui_col **cols)
{
	const struct model *m = model_of(u);
	int max = ui_cols_max(m, NIDS);

	*cols = malloc(sizeof(**cols) * (size_t)max);
	if (!*cols)
		return 0;
	return ui_cols_arrange(m, *cols, ui_cols_build(m, u->fold ? ids_fold : ids_cpu,
							u->fold ? ids_fold_w : ids_cpu_w, NIDS, false,
							u->a->set.columns, *cols, max),
			       NIDS, u->a->set.columns, u->a->hw_reason[0] != '\0');
}

static int find_col(const struct ui_col *c, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(c[i].key, key) == 0)
			return i;
	/* "cpus" (folded) and "cpu" name the same column */
	return 0;
}

static double id_key(struct ui *u, int idcol, int r)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, r);

	switch (idcol) {
	case 0: return m->cpu_ids[c];
	case 1: return m->sock_ids[m->cpu_sock[c]];
	case 3: return u->a->topo.cpus[c].core_pmu;
	default: return m->cpu_core[c];
	}
}

/* Fill u->order with the row order for the sorted column. */
static void sort_rows(struct ui *u, const struct ui_col *cols, int ncols, int n)
{
	const struct model *m = model_of(u);
	int sc = find_col(cols, ncols, u->sort_key);
	double *key = malloc(sizeof(double) * (size_t)(n ? n : 1));
	int *tie = malloc(sizeof(int) * (size_t)(n ? n : 1));
	int *ord = realloc(u->order, sizeof(int) * (size_t)(n ? n : 1));
	struct sortctx s;

	if (!ord) {
		free(key);
		free(tie);
		return;
	}
	u->order = ord;
	u->nrows = 0;
	/* the rows the filter lets through, in row order */
	for (int r = 0; r < n; r++)
		if (row_shown(u, r))
			ord[u->nrows++] = r;
	u->filt_shown[UV_CORES] = u->nrows;
	u->filt_total[UV_CORES] = n;
	if (!key || !tie) {
		free(key);
		free(tie);
		return;
	}
	for (int r = 0; r < n; r++) {
		struct rowref rr = row_of(u, r);
		tie[r] = m->cpu_ids[cpu_of_row(u, r)];
		key[r] = cols[sc].kind == UC_ID ? id_key(u, cols[sc].idx, r) :
			 m->cur.cpu ? ui_col_key(m, &cols[sc], rr.val, rr.met) : NAN;
	}
	/* numbers sort busiest first (as htop does), identities ascending; r flips either */
	s = (struct sortctx){ key, tie, ui_sort_desc(u, cols[sc].kind == UC_ID) };
	/* rows already in order (by CPU, the default) need no sort: n-1 comparisons, not n log n */
	int r = 1;
	while (r < u->nrows && cmp_rows(&ord[r - 1], &ord[r], &s) <= 0)
		r++;
	if (r < u->nrows)
		qsort_r(ord, (size_t)u->nrows, sizeof(int), cmp_rows, &s);
	free(key);
	free(tie);
}

static void id_text(struct ui *u, int idcol, int r, char *buf, size_t len)
{
	const struct model *m = model_of(u);
	int c = cpu_of_row(u, r);

	if (idcol == 3) {
		core_type(cpu_pmu_name(u, c), buf, len);
		return;
	}
	if (idcol == 0 && u->fold) {
		int ids[64], k, n = u->fold_n[r] < 64 ? u->fold_n[r] : 64;
		for (k = 0; k < n; k++)
			ids[k] = m->cpu_ids[u->fold_cpus[u->fold_first[r] + k]];
		/* siblings in ascending CPU order for the list syntax */
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
				int t = ids[j]; ids[j] = ids[j - 1]; ids[j - 1] = t;
			}
		if (cpulist_format(ids, n, buf, len) < 0)
			snprintf(buf, len, "%d+", ids[0]);
		return;
	}
	{
		int v = idcol == 0 ? m->cpu_ids[c] : idcol == 1 ? m->sock_ids[m->cpu_sock[c]] : m->cpu_core[c];
		if (v < 0)
			snprintf(buf, len, "?");   /* unknown (a recording without topology) */
		else
			snprintf(buf, len, "%d", v);
	}
}

/* IPC history of a row: its CPU's ring, or the mean of the siblings when folded. */
static void spark_text(struct ui *u, int r, float top, char *buf, size_t len)
{
	const struct model *m = model_of(u);
	float tmp[UI_SPARK_W];
	int shown = m->hist_len < UI_SPARK_W ? m->hist_len : UI_SPARK_W;

	if (!m->hist_ipc) {
		buf[0] = '\0';
		return;
	}
	if (!u->fold) {
		ui_spark(&m->hist_ipc[(size_t)r * m->hist_cap], m->hist_cap, m->hist_len,
			 m->hist_head, UI_SPARK_W, top, u->g, buf, len);
		return;
	}
	for (int k = 0; k < shown; k++) {
		int slot = ((m->hist_head - shown + k) % m->hist_cap + m->hist_cap) % m->hist_cap;
		double sum = 0;
		int cnt = 0;
		for (int s = 0; s < u->fold_n[r]; s++) {
			int c = u->fold_cpus[u->fold_first[r] + s];
			float v = m->hist_ipc[(size_t)c * m->hist_cap + slot];
			if (!isnan(v)) {
				sum += v;
				cnt++;
			}
		}
		tmp[k] = cnt ? (float)(sum / cnt) : NAN;
	}
	ui_spark(tmp, UI_SPARK_W, shown, shown % UI_SPARK_W, UI_SPARK_W, top, u->g, buf, len);
}

/* A table row is built as a line of cells and written with one call, far
 * cheaper than a call per cell at 224 CPUs; the text is ASCII (sparklines,
 * the only UTF-8, are drawn on top afterwards). */
static void line_clear(chtype *line, int wd, attr_t at)
{
	for (int i = 0; i < wd; i++)
		line[i] = ' ' | at;
}

static void line_put(chtype *line, int wd, int x, const struct ui_col *c, attr_t at, const char *s)
{
	int len = (int)strlen(s), start;

	if (len > c->width)
		len = c->width;
	start = c->kind == UC_ID ? x : x + c->width - len;
	for (int k = 0; k < len && start + k < wd; k++)
		line[start + k] = (chtype)((unsigned char)s[k] < 0x80 ? (unsigned char)s[k] : '?') | at;
}

static void draw(struct ui *u, WINDOW *w, int h, int wd)
{
	const struct model *m = model_of(u);
	const struct frame *f = &m->cur;
	struct ui_col *cols;
	int n, ncols, *vis, *unit, nvis, sc, body;
	struct ui_cellopt opt;
	float top = 0;
	char buf[160];
	chtype line[wd > 0 ? wd : 1];

	if (h <= 0)
		return;
	n = all_rows(u);
	ncols = build_cols(u, &cols);
	if (!ncols)
		return;
	vis = malloc(sizeof(int) * (size_t)ncols);
	unit = malloc(sizeof(int) * (size_t)ncols);
	if (!vis || !unit) {
		free(vis);
		free(unit);
		free(cols);
		return;
	}
	opt = (struct ui_cellopt){ .no_hw = u->a->hw_reason[0] != '\0',
				   .per = u->raw ? 0 : f->interval, .unit = -1 };
	sc = find_col(cols, ncols, u->sort_key);
	/* the identity and MUX columns stay; the rest scroll sideways */
	if (u->hoff[UV_CORES] > ncols - NIDS - 2)
		u->hoff[UV_CORES] = ncols - NIDS - 2 > 0 ? ncols - NIDS - 2 : 0;
	{
		int widths[ncols];
		for (int i = 0; i < ncols; i++)
			widths[i] = cols[i].width;
		nvis = ui_cols_fit(widths, ncols, NIDS + 1, u->hoff[UV_CORES], wd, vis);
	}

	/* title row */
	wattr_on(w, ui_attr(u, UP_HEAD), NULL);
	mvwhline(w, 0, 0, ' ', wd);
	wattr_off(w, ui_attr(u, UP_HEAD), NULL);
	for (int i = 0, x = 0; i < nvis; i++) {
		const struct ui_col *c = &cols[vis[i]];
		char t[40];
		ui_col_title(c, !u->raw, t, sizeof(t));
		ui_put_title(u, w, 0, x, c, t, vis[i] == sc ? ui_sort_mark(u, c->kind == UC_ID) : NULL);
		x += c->width + 1;
	}
	if (!f->cpu || f->seq == 0) {
		ui_put(w, 1, 0, wd, A_NORMAL, " waiting for the first sample");
		goto out;
	}
	sort_rows(u, cols, ncols, n);
	n = u->nrows;   /* the rows shown */
	/* one scale for every row, so rows compare at a glance */
	for (int c = 0; m->hist_ipc && c < m->ncpus; c++) {
		float t = ui_spark_max(&m->hist_ipc[(size_t)c * m->hist_cap], m->hist_cap,
				       m->hist_len, m->hist_head, UI_SPARK_W);
		if (t > top)
			top = t;
	}
	body = h - 2;     /* title row and the total row */
	if (body < 1)
		body = h - 1;
	u->sel[UV_CORES] = ui_clamp(u->sel[UV_CORES], n);
	u->top[UV_CORES] = ui_scroll_top(u->top[UV_CORES], u->sel[UV_CORES], n, body);
	u->list_y[UV_CORES] = 1;
	u->list_h[UV_CORES] = body;
	/* one unit per count column, from its largest row, so cells do not flicker between units */
	for (int i = 0; i < ncols; i++) {
		double mx = NAN;
		if (!cols[i].count)
			continue;
		for (int k = 0; k < n; k++) {
			struct rowref rr = row_of(u, u->order[k]);
			double v = rr.online ? ui_col_count(m, &cols[i], rr.val, opt.per, false) : NAN;
			if (!isnan(v) && (isnan(mx) || fabs(v) > mx))
				mx = fabs(v);
		}
		unit[i] = ui_unit_for(u, UV_CORES, cols[i].key, mx);
	}
	/* only the visible rows are formatted */
	for (int y = 0; y < body && u->top[UV_CORES] + y < n; y++) {
		int pos = u->top[UV_CORES] + y, r = u->order[pos];
		struct rowref rr = row_of(u, r);
		attr_t sel = pos == u->sel[UV_CORES] ? ui_attr(u, UP_SEL) : 0;
		int spark_x = -1;
		line_clear(line, wd, sel);
		for (int i = 0, x = 0; i < nvis; i++) {
			const struct ui_col *c = &cols[vis[i]];
			int pair = UP_NONE;
			if (c->kind == UC_ID)
				id_text(u, c->idx, r, buf, sizeof(buf));
			else if (!rr.online)
				snprintf(buf, sizeof(buf), "%s", c->kind == UC_MUX ? "off" : "-");
			else if (c->kind == UC_SPARK) {
				spark_x = x;
				x += c->width + 1;
				continue;
			} else
			{
				opt.unit = unit[vis[i]];
				ui_col_cell(m, c, rr.val, rr.met, &opt, buf, sizeof(buf), &pair);
			}
			/* without colour the selection keeps the marks (estimates underlined) */
			line_put(line, wd, x, c, sel ? sel | (u->color ? 0 : ui_attr(u, pair)) : ui_attr(u, pair), buf);
			x += c->width + 1;
		}
		mvwaddchnstr(w, y + 1, 0, line, wd);
		if (spark_x >= 0 && rr.online) {
			spark_text(u, r, top, buf, sizeof(buf));
			ui_put(w, y + 1, spark_x, wd - spark_x, sel ? sel : ui_attr(u, UP_LABEL), buf);
		}
	}
	/* system totals */
	if (h - 2 >= 1 && body == h - 2) {
		int y = h - 1;
		line_clear(line, wd, A_BOLD);
		for (int i = 0, x = 0; i < nvis; i++) {
			const struct ui_col *c = &cols[vis[i]];
			int pair = UP_NONE;
			if (c->kind == UC_ID)
				/* all*: over every CPU, filtered out or not (the footer says so) */
				snprintf(buf, sizeof(buf), "%s", c->idx != 0 ? "" : u->flt[UV_CORES].n ? "all*" : "all");
			else if (c->kind == UC_SPARK)
				buf[0] = '\0';
			else
			{
				opt.unit = -1;   /* the total has a unit of its own */
				opt.agg = true;
				ui_col_cell(m, c, f->sys, f->sys_m, &opt, buf, sizeof(buf), &pair);
			}
			line_put(line, wd, x, c, ui_attr(u, pair) | A_BOLD, buf);
			x += c->width + 1;
		}
		mvwaddchnstr(w, y, 0, line, wd);
	}
out:
	free(vis);
	free(unit);
	free(cols);
}

void ui_cores_sort_step(struct ui *u, int delta)
{
	struct ui_col *cols;
	int n = build_cols(u, &cols), i;

	if (!n)
		return;
	i = find_col(cols, n, u->sort_key);
	do
		i = (i + delta + n) % n;
	while (cols[i].kind == UC_SPARK);
	snprintf(u->sort_key, sizeof(u->sort_key), "%s", cols[i].key);
	free(cols);
}

void ui_cores_type_of(const struct ui *u, int c, char *buf, size_t len)
{
	core_type(cpu_pmu_name(u, c), buf, len);
}

void ui_cores_click_title(struct ui *u, int x)
{
	struct ui_col *cols;
	int n = build_cols(u, &cols), vis[n > 0 ? n : 1], widths[n > 0 ? n : 1], nvis;

	if (!n)
		return;
	for (int i = 0; i < n; i++)
		widths[i] = cols[i].width;
	/* the same layout as draw(): the sort mark sits in the space after a title */
	nvis = ui_cols_fit(widths, n, NIDS + 1, u->hoff[UV_CORES], u->cols, vis);
	for (int i = 0, cx = 0; i < nvis; cx += cols[vis[i]].width + 1, i++) {
		const struct ui_col *c = &cols[vis[i]];
		if (x < cx || x > cx + c->width || c->kind == UC_SPARK)
			continue;
		if (strcmp(u->sort_key, c->key) == 0)
			u->reverse = !u->reverse;
		else {
			snprintf(u->sort_key, sizeof(u->sort_key), "%s", c->key);
			u->reverse = false;
		}
		snprintf(u->status, sizeof(u->status), "sorted by %s%s", c->title,
			 u->reverse ? " (inverted)" : "");
		u->status_err = false;
		break;
	}
	free(cols);
}

static bool key(struct ui *u, int action)
{
	switch (action) {
	case UA_FOLD:
		u->fold = !u->fold;
		u->sel[UV_CORES] = u->top[UV_CORES] = 0;
		if (strcmp(u->sort_key, "cpu") == 0 || strcmp(u->sort_key, "cpus") == 0)
			snprintf(u->sort_key, sizeof(u->sort_key), "%s", u->fold ? "cpus" : "cpu");
		snprintf(u->status, sizeof(u->status), "%s", !u->fold ? "one row per CPU" :
			 model_of(u)->cpu_core[0] < 0 ? "topology unknown (--topology FILE gives it): one row per CPU" :
			 "one row per core (SMT siblings folded)");
		return true;
	default:
		return false;
	}
}

const struct ui_view ui_view_cores = { "Cores", draw, nrows, key };
