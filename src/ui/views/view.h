/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* view.h: what the views share (windows, layout, the view on screen, the status line, glyphs,
 * colour, the CPU rows' modes, dirty flags) and the table of views (cores, sockets, uncore, events,
 * help, top-down). Each view's own state is its file's (htop's Panels): here only its handle. */
#ifndef PMUTOP_UI_VIEW_H
#define PMUTOP_UI_VIEW_H
#include <stdbool.h>
#include <curses.h>
#include "hw/model/budget.h"
#include "ui/widgets/draw.h"
#include "ui/widgets/keys.h"
#include "ui/widgets/layout.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/spark.h"

enum ui_view_id { UV_CORES, UV_SOCKETS, UV_UNCORE, UV_EVENTS, UV_HELP, UV_TOPDOWN, UV_PROCS, UV_CGROUPS, UV_COUNT };

/* A view's name in the settings ([display] view, what S saves); NULL for help, never a start view. */
static inline const char *ui_view_name(int v)
{
	static const char *const names[UV_COUNT] = {
		[UV_CORES] = "cores", [UV_SOCKETS] = "sockets", [UV_UNCORE] = "uncore", [UV_EVENTS] = "events",
		[UV_TOPDOWN] = "topdown", [UV_PROCS] = "processes", [UV_CGROUPS] = "cgroups",
	};
	return v >= 0 && v < UV_COUNT ? names[v] : NULL;
}

struct app;

struct ui {
	/* the running program: the views see it through app/session.h; the events view, its
	 * browser and save still read its fields (app/app.h) */
	struct app *a;
	const struct ui_glyphs *g;
	bool color;
	int view, prev_view;
	int rows, cols;
	struct ui_layout lay;
	WINDOW *hdr, *body, *foot;
	bool dirty_hdr, dirty_body, dirty_foot;
	int sel[UV_COUNT], top[UV_COUNT], hoff[UV_COUNT];
	/* where each view drew its list (body lines), for mouse clicks (mouse.c) */
	int list_y[UV_COUNT], list_h[UV_COUNT];
	char status[320];          /* footer message, "" for key hints */
	bool status_err;
	bool ended;                /* a recording ended */
	/* bumped when the model is rebuilt or a recording steps: what a view kept of a frame by
	 * its sequence number is stale */
	unsigned model_gen;

	/* the modes of the views of CPU rows, one key each */
	bool raw;                  /* r: counts per interval instead of rates per second */
	bool fold;                 /* t: a row per core, SMT siblings folded (cores, top-down) */
	bool reverse;              /* I: the sort inverted (cores), the rows reversed (top-down) */

	/* each view's own state, defined beside its draw and key functions */
	struct ui_cores *cores;           /* cores.c */
	struct ui_sockets *sockets;       /* sockets.c */
	struct ui_uncore *uncore;         /* uncore.c */
	struct ui_topdown *topdown;       /* topdown.c */
	struct ui_wl *wl;                 /* the processes and cgroups views (workloads.c) */
	struct ui_meters *met;            /* the header's meters (meters.c) */
	struct ui_rowfilter *rf;          /* `/`: each list view's row filter (rowfilter.c) */
	struct ui_colchoose *cc;          /* F: the column chooser (colchoose.c), NULL when closed */

	struct ui_events *ev;             /* events.c */
	struct ui_save *save;             /* S's name prompt (save.c), NULL when never opened */
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
	ui_view_events, ui_view_help, ui_view_topdown, ui_view_procs, ui_view_cgroups;

/* Attribute for a pair (enum ui_pair): its colour when colour is on, else a plain attribute
 * (reverse, bold, underline) so the meaning survives NO_COLOR and vt100. */
static inline attr_t ui_attr(const struct ui *u, int pair)
{
	return ui_pal_attr(u->color, pair);
}

#endif
