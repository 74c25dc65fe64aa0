/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* cols.h: the table columns of the cores and sockets views (a data table) and their cells. */
#ifndef PMUTOP_UI_COLS_H
#define PMUTOP_UI_COLS_H
#include <stdbool.h>
#include <stddef.h>

struct model;
struct ev_val;

enum ui_col_kind {
	UC_ID,        /* row identity, filled by the view (CPU, socket, core, CPUs) */
	UC_MUX,       /* least measured fraction of the row's events */
	UC_METRIC,    /* idx = enum metric_id */
	UC_SPARK,     /* IPC history */
	UC_ROLE,      /* idx = enum ev_role: the row's event holding that role */
	UC_EVENT,     /* idx = event index: a further event */
	UC_RDT,       /* idx = enum rdt_feat: a CPU's resctrl group's figure (--rdt-cpu-groups),
		       * filled by the view */
};

struct ui_col {
	int kind, idx;
	int width, prec;       /* prec: decimals of a metric */
	bool hw;               /* hardware column: missing inputs read "n/a" when unsupported */
	int alt[4], nalt;      /* UC_EVENT: the same event on the other core PMUs of a hybrid */
	bool count;            /* a unitless count: a rate per second when rates are on */
	bool extra;            /* shown by default only without a hardware PMU (MHz, IRQ/s) */
	bool clock;            /* a CPU's clock (cpu-clock, task-clock) counted per CPU: it counts the
				* time it was enabled, the interval on every CPU, whatever the load */
	char key[48];          /* sort key: "cpu", "ipc", or the event name */
	char title[24];        /* as shown: an event's shortened to UI_TITLE_W (coltitle.h) */
	char full[96];         /* an event column's whole title: its name and unit ("" others) */
};

#define UI_TITLE_W 14      /* an event column's title at most, before "/s" */

#define UI_SPARK_W 10

/* Columns for the cores view (sockets=false) or the sockets view (sockets=true:
 * uncore metrics where their events exist, no sparkline). The identity
 * columns come first (ids[] titles, nids of them). only: the settings'
 * "columns" list limiting the further event columns ("" or NULL: all).
 * Returns the count. */
int ui_cols_build(const struct model *m, const char *const *ids, const int *id_w, int nids,
		  bool sockets, const char *only, struct ui_col *out, int max);
/* Whether key names a column to sort by: an identity (cpu, skt, core, type), a fixed column
 * (on any machine), or an event column of m's events; list gets the known keys. */
bool ui_cols_key_known(const struct model *m, const char *key, char *list, size_t len);
/* Whether a columns list is a layout (names "cpu" or a fixed column, as the column chooser
 * writes it: "cpu,util,ipc,..."):
 * then the cores view shows exactly its columns in its order. Otherwise it limits the event
 * columns only. */
bool ui_cols_is_layout(const char *only);
/* Whether a column can never have a value on this machine: a hardware figure without a
 * hardware PMU, or a column whose every input event the kernel refused on every CPU. */
bool ui_col_dead(const struct model *m, const struct ui_col *c, bool no_hw);
/* Whether the machine hides c whatever the layout says: it can never have a value here (ui_col_dead),
 * or it is MUX where no event has a hardware counter. */
bool ui_col_auto_hidden(const struct model *m, const struct ui_col *c, bool no_hw);
/* The columns a user wants: as ui_cols_arrange, but keeping what this machine hides (the chooser
 * lists and saves them, so that they come back on a machine that counts them). */
int ui_cols_wanted(const struct model *m, struct ui_col *cols, int n, int nids, const char *only, bool no_hw);
/* How many columns of this machine's default layout (of all[0..n), from ui_cols_build, nids
 * identity columns first) a layout only leaves out; 0 when only is no layout. */
int ui_cols_hidden_by_layout(const struct model *m, const struct ui_col *all, int n, int nids, const char *only,
			     bool no_hw);
/* The cores view's columns from ui_cols_build (every column when only is a layout): the
 * layout's, in its order, less what the machine hides (ui_col_auto_hidden); else the default
 * layout, without dead columns, without the columns
 * whose value cannot differ between rows (a clock column unless only names it; MUX when no_hw,
 * as events without a hardware counter are never multiplexed), and with the extra ones only
 * when no_hw. The nids identity columns stay first. Returns the new count. */
int ui_cols_arrange(const struct model *m, struct ui_col *cols, int n, int nids, const char *only,
		    bool no_hw);
/* Mark the MHz column "MHz*" when its clock is /proc/cpuinfo's (clock_src "cpuinfo": no cpufreq
 * driver; on most virtual machines the nominal clock, the same every interval). */
void ui_cols_mark_clock(struct ui_col *cols, int n, const char *clock_src);
/* The RDT columns of the cores view where each CPU has a resctrl group: L3 occupancy (l3occ),
 * total and local memory bandwidth (mbt, mbl), appended to cols[n..max). Returns the new count. */
#define UI_NRDT 3
int ui_cols_add_rdt(struct ui_col *cols, int n, int max);
/* Upper bound of columns ui_cols_build can return. */
int ui_cols_max(const struct model *m, int nids);

/* How cells are written: no_hw: the machine has no hardware PMU, so missing hardware cells
 * read "n/a"; per: seconds of the interval when counts show as rates per second, 0 for
 * counts per interval; unit: the power of 1000 every count of the column is written in
 * (ui_col_unit), -1 for each value its own. */
struct ui_cellopt {
	bool no_hw;
	double per;
	int unit;
	bool agg;        /* a socket or system row: role columns include uncore events */
};

/* Text of one cell of a row (vals: nev values, met: NMETRICS metrics) and
 * its colour pair (enum ui_pair). Identity and sparkline columns are the caller's.
 * On an aggregate row (socket, all) an event column sums the same event of every
 * core PMU of a hybrid (cpu_core/x/ + cpu_atom/x/). */
void ui_col_cell(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		 const double *met, const struct ui_cellopt *o, char *buf, size_t len, int *pair);
/* The column title as shown: "/s" after a count column when per > 0. */
void ui_col_title(const struct ui_col *c, bool rates, char *buf, size_t len);
/* The value a count column shows on a row (summed over hybrid PMUs, per second when
 * per > 0; agg as in ui_cellopt); NAN for other columns and missing values. */
double ui_col_count(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		    double per, bool agg);
/* Sort key of a CPU row's cell (NAN when missing). */
double ui_col_key(const struct model *m, const struct ui_col *c, const struct ev_val *vals,
		  const double *met);
/* The row's value holding a role: the first such event not ABSENT in this row. */
const struct ev_val *ui_role_val(const struct model *m, const struct ev_val *vals, int role);
/* Which events feed the multiplexing mark (core events of the row). use has nev slots. */
void ui_mux_mask(const struct model *m, bool uncore, bool *use);
#endif
