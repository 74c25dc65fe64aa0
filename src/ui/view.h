/* SPDX-License-Identifier: GPL-2.0-or-later */
/* view.h: the UI's shared state and the table of views (cores, sockets, uncore, events, help). */
#ifndef PMUTOP_UI_VIEW_H
#define PMUTOP_UI_VIEW_H
#include <stdbool.h>
#include <curses.h>
#include "app/app.h"
#include "hw/model/budget.h"
#include "hw/events/evlist.h"
#include "evbrowse.h"
#include "filter.h"
#include "keys.h"
#include "layout.h"
#include "meters.h"
#include "spark.h"

enum ui_view_id { UV_CORES, UV_SOCKETS, UV_UNCORE, UV_EVENTS, UV_HELP, UV_TOPDOWN, UV_COUNT };

/* Colour pairs (palette.c: their colours and monochrome forms); without colour each maps to an
 * attribute (see ui_attr). UP_TD0 + k: the top-down share k. */
enum ui_pair { UP_NONE, UP_TITLE, UP_OK, UP_WARN, UP_BAD, UP_LABEL, UP_SIM, UP_SEL, UP_HEAD, UP_DIM,
	       UP_TD0, UP_COUNT = UP_TD0 + 5 };

struct ui_evitem;
struct ui_ugroup;

struct ui {
	struct app *a;
	const struct ui_glyphs *g;
	bool color;
	int view, prev_view;
	int rows, cols;
	struct ui_layout lay;
	struct ui_meters met;      /* the header's meters as they fit (meters.c) */
	WINDOW *hdr, *body, *foot;
	bool dirty_hdr, dirty_body, dirty_foot;
	int sel[UV_COUNT], top[UV_COUNT], hoff[UV_COUNT];
	char status[320];          /* footer message, "" for key hints */
	bool status_err;
	bool ended;                /* a recording ended */

	bool raw;                  /* counts per interval instead of rates per second */
	struct { int view; int unit; char key[48]; } units[48];   /* unit of each count column */
	int nunits;

	/* cores view */
	char sort_key[64];         /* key of the sorted column ("cpu", "ipc", an event name) */
	bool reverse, fold;
	int *order;                /* row order after sorting */
	int nrows;
	/* folded rows: one per core, built from the CPU rows of the frame */
	int nfold, fold_nev;
	struct ev_val *fold_val;   /* [nfold * nev] */
	double *fold_met;          /* [nfold * NMETRICS] */
	int *fold_first, *fold_n;  /* first CPU index, number of siblings */
	int *fold_cpus;            /* CPU indices grouped by core, fold_first into it */
	unsigned long long fold_seq;

	/* events view */
	struct ui_evitem *items;
	int nitems;
	bool items_stale;          /* rebuild from the current list before the next draw */
	struct evlist pending;     /* the event list to apply at the next refresh: a copy of the app's,
				    * whose user's entries the view edits */
	bool pending_changed;
	struct budget pbud[8];
	int npbud;
	char pmsg[256];            /* parse error of the pending list */
	bool adding;
	char addbuf[512];
	int addlen, addcur;
	int adderr_pos;            /* -1 none */
	char adderr[192];
	struct ui_browse br;        /* the event browser (evbrowse.c) */

	/* S: the name prompt for the event set (save.c) */
	bool naming;
	char namebuf[48];
	int namelen;

	/* F: the column chooser (colchoose.c), NULL when closed */
	struct ui_colchoose *cc;

	/* uncore view */
	struct ui_ugroup *groups;
	int ngroups;

	/* `/`: each list view's row filter (rowfilter.c); the views count rows shown and in all */
	char filt[UV_COUNT][UI_FILTER_LEN];
	struct ui_filter flt[UV_COUNT];
	bool filtering;            /* the filter prompt is open */
	char filt_err[96];
	int filt_shown[UV_COUNT], filt_total[UV_COUNT];
	/* where each view drew its list (body lines), for mouse clicks (mouse.c) */
	int list_y[UV_COUNT], list_h[UV_COUNT];
};

struct ui_view {
	const char *title;
	/* draw the body window (h rows, w columns) */
	void (*draw)(struct ui *u, WINDOW *w, int h, int wd);
	/* rows in the view's list (for scrolling) */
	int (*nrows)(struct ui *u);
	/* view-specific keys; returns true when handled */
	bool (*key)(struct ui *u, int action);
};

extern const struct ui_view ui_view_cores, ui_view_sockets, ui_view_uncore,
	ui_view_events, ui_view_help, ui_view_topdown;

/* Colours on or off (set.color, NO_COLOR, the terminal) and the pairs set up (palette.c). */
void ui_colors_start(struct ui *u);
/* Attribute for a pair: its colour when colour is on, else a plain attribute
 * (reverse, bold, underline) so the meaning survives NO_COLOR and vt100. */
attr_t ui_attr(const struct ui *u, int pair);
/* Header: number of lines it wants, and drawing it. */
int ui_header_lines(const struct ui *u);
void ui_header_draw(struct ui *u, WINDOW *w, int h, int wd);
/* Meters: fit them to the terminal (before the layout), count the sockets' uncore events while
 * something shown needs them, and draw them from line y (below maxy); returns lines drawn. */
void ui_meters_plan(struct ui *u);
void ui_meters_sync(struct ui *u);
int ui_meters_draw(struct ui *u, WINDOW *w, int y, int maxy, int wd);
/* Put text at y,x clipped to the window width (bytes of UTF-8 count as one
 * column per character). Returns columns written. */
int ui_put(WINDOW *w, int y, int x, int maxw, attr_t at, const char *s);
/* Put text right-aligned in a cell of width cw. */
void ui_put_right(WINDOW *w, int y, int x, int cw, attr_t at, const char *s);

struct ui_col;
/* The sort direction of a column: numbers busiest first, identities ascending; reverse flips. */
bool ui_sort_desc(const struct ui *u, bool id_col);
const char *ui_sort_mark(const struct ui *u, bool id_col);
/* A column title at y,x with the sort mark (NULL: none) visible on every kind of column. */
void ui_put_title(struct ui *u, WINDOW *w, int y, int x, const struct ui_col *c, const char *t,
		  const char *mark);
/* The unit (power of 1000) of a count column this refresh, remembered per view and key. */
int ui_unit_for(struct ui *u, int view, const char *key, double maxv);

/* S: save the settings; on a real machine first ask the name to save the event set under. */
void ui_save_start(struct ui *u);
/* Keys for the name prompt while it is open; true when the key was used. */
bool ui_save_input(struct ui *u, int ch);

/* S and the column chooser: save the "columns" setting alone to the config file. */
void ui_save_columns(struct ui *u);
/* F: the column chooser over the body; while open it takes the keys and draws the body. */
void ui_colchoose_open(struct ui *u);
bool ui_colchoose_input(struct ui *u, int ch);
void ui_colchoose_draw(struct ui *u, WINDOW *w, int h, int wd);
void ui_colchoose_free(struct ui *u);
/* The model's event keys, one per line (malloc'd; NULL without memory), taken before the set changes;
 * then ui_colchoose_follow appends the events the set gained to a chooser's layout, so that an event
 * the user adds shows while a column he hid stays hidden. */
char *ui_colchoose_keys(const struct model *m);
void ui_colchoose_follow(struct ui *u, const char *before);

/* events view helpers used by the main loop */
void ui_events_reset_pending(struct ui *u);
/* Apply the pending event list (at a refresh). Returns 0 or the app_set_events error. */
int ui_events_commit(struct ui *u);
void ui_events_free(struct ui *u);
bool ui_events_input(struct ui *u, int ch);   /* the add prompt and the browser eat keys while open */
/* Add the events of text to the pending list (as `a` does); false with the status set when not. */
bool ui_events_add_text(struct ui *u, const char *text);
void ui_uncore_free(struct ui *u);
void ui_cores_free(struct ui *u);
/* top-down view: count its events (when it is opened), and free its rows */
void ui_topdown_open(struct ui *u);
void ui_topdown_free(struct ui *u);
/* move the cores view sort column by delta (for < and >) */
void ui_cores_sort_step(struct ui *u, int delta);
/* The core type the TYPE column shows for CPU index c (P, E, a cluster name). */
void ui_cores_type_of(const struct ui *u, int c, char *buf, size_t len);
/* The cores view's title row was clicked at column x: sort by that column (again: invert). */
void ui_cores_click_title(struct ui *u, int x);

/* `/` filter (rowfilter.c): keys while the prompt is open (true when used); `/` and Esc of the
 * list views (true when used); the footer line while a filter is typed or set (true when drawn). */
bool ui_filter_input(struct ui *u, int ch);
bool ui_filter_key(struct ui *u, int action);
bool ui_filter_footer(struct ui *u, WINDOW *w, int *x);
/* Whether a row passes the view's filter: its CPUs (indices into the model), or a label only. */
bool ui_filter_cpus(struct ui *u, int view, const int *cpus, int n, const char *label);
bool ui_filter_label(struct ui *u, int view, const char *label);
/* Mouse (mouse.c): report buttons and the wheel (unless [display] mouse = false); handle one KEY_MOUSE. */
void ui_mouse_start(void);
void ui_mouse(struct ui *u);
#endif
