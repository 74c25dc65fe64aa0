/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* view.h: what the views share (windows, layout, the view on screen, the status line, glyphs,
 * colour, the CPU rows' modes, dirty flags), and what a view is: a panel class (its hooks) and a
 * panel (its list, its filter, its own state, defined in its file beside its hooks). */
#ifndef PMUTOP_UI_VIEW_H
#define PMUTOP_UI_VIEW_H
#include <stdbool.h>
#include <curses.h>
#include "hw/model/budget.h"
#include "ui/widgets/draw.h"
#include "ui/widgets/filter.h"
#include "ui/widgets/keys.h"
#include "ui/widgets/layout.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/spark.h"

struct app;
struct settings;
struct ui;
struct ui_panel;

/* A list's position, owned by the panel that shows it: the selected row, the first row shown,
 * the columns scrolled off to the left, and where it was last drawn (body lines, for the mouse). */
struct ui_list {
	int sel, top, hoff;
	int y, h;
};

/* What a view's selected row stands for, for a view opened on it (the hot functions of a CPU, a
 * process or a cgroup). Its texts are the kernel's or the model's: printable, bounded. */
enum ui_target_kind { UT_NONE, UT_CPUS, UT_PID, UT_CGROUP };
struct ui_target {
	int kind;
	char cpus[512];      /* UT_CPUS: the CPUs' numbers as a CPU list ("0-3,8"); "" every CPU */
	int pid;             /* UT_PID: a process (or thread) ID */
	char cgroup[512];    /* UT_CGROUP: its path from the cgroup mount ("/system.slice/x.service") */
	char label[96];      /* as a title says it: "cpu3", "core0/2", "PID 1234 stream", a cgroup */
};

/* A column of a view as the column chooser (F) lists it: its key (in the layout setting), its
 * title, whether the user's layout shows it, and whether this machine cannot count it (kept ticked:
 * it shows on a machine that can). */
struct ui_chooser_item {
	char key[48], title[24];
	bool on, na;
};

/* A panel's row filter (`/`, rowfilter.c): its text, compiled, and the rows it let through. */
struct ui_panel_filter {
	char text[UI_FILTER_LEN];
	struct ui_filter flt;
	int shown, total;
};

/* A kind of view (htop's Panel classes, tmux's mode entries): its names and what it does at each
 * step of its life. The main loop knows views only through these and their table (panels.c);
 * every hook but draw and nrows may be NULL. */
struct ui_panel_class {
	const char *name;      /* in the settings ([display] view, what S saves); NULL: never a start view */
	const char *title;     /* what it is called in messages, where it has no tab ("hot functions") */
	const char *tab;       /* the header's tab ("Cores") */
	const char *tabkey;    /* the key the tab shows ("c") */
	int action;            /* the key action (enum ui_action) that shows it */
	const char *rows;      /* what its rows are ("sockets", "processes") where `/` filters them, or
				* NULL: no filter (the cores view says CPUs or cores: rows_of) */
	bool filter_pids;      /* the filter's numbers are PIDs (else CPUs) */
	bool overlay;          /* shown over the view before it, which stays entered (help) */
	bool on_target;        /* opened on the selected row of the view on screen (its target hook) */
	bool skt_figs;         /* shows the sockets' memory, UPI and power figures (counted while shown) */
	/* its own state: p->st (made by init, freed by free) */
	int (*init)(struct ui *u, struct ui_panel *p);       /* 0 or -ENOMEM */
	void (*free)(struct ui *u, struct ui_panel *p);
	void (*enter)(struct ui *u, struct ui_panel *p);     /* shown */
	void (*leave)(struct ui *u, struct ui_panel *p);     /* another view shown instead */
	void (*resize)(struct ui *u, struct ui_panel *p);    /* the terminal changed size */
	void (*draw)(struct ui *u, struct ui_panel *p, WINDOW *w, int h, int wd);
	int (*nrows)(struct ui *u, struct ui_panel *p);      /* rows of its list (scrolling) */
	bool (*key)(struct ui *u, struct ui_panel *p, int action);   /* true when handled */
	bool (*input)(struct ui *u, struct ui_panel *p, int ch);     /* raw keys first (its prompts) */
	bool (*click)(struct ui *u, struct ui_panel *p, int y, int x);   /* a press at body line y */
	bool (*tick)(struct ui *u, struct ui_panel *p);      /* before each refresh: true when it took it */
	void (*save)(struct ui *u, struct ui_panel *p, struct settings *s);   /* its part of S */
	/* what the rows of its list are now ("CPUs", "processes"): the footer says where the list is */
	const char *(*rows_of)(struct ui *u, struct ui_panel *p);
	void (*evl_changed)(struct ui *u, struct ui_panel *p);       /* the event list changed under it */
	/* what its selected row stands for (false: none, or not a CPU, process or cgroup) */
	bool (*target)(struct ui *u, struct ui_panel *p, struct ui_target *t);
	/* an on_target view is given the row before it is shown; false: it cannot (the status says why) */
	bool (*aim)(struct ui *u, struct ui_panel *p, const struct ui_target *t);
	/* its columns for the chooser (F), the identity columns left out: the shown ones first, in
	 * screen order, then the others; their count (at most max). NULL: its columns are fixed. */
	int (*columns)(struct ui *u, struct ui_panel *p, struct ui_chooser_item *out, int max);
	/* apply and keep (in its setting) the chosen layout: the shown keys in order, comma-separated;
	 * 0, or -ENOSPC when it does not fit the setting (unchanged) */
	int (*set_columns)(struct ui *u, struct ui_panel *p, const char *layout);
};

/* A view on the screen: its class, its list's position, its filter, and its own state. */
struct ui_panel {
	const struct ui_panel_class *cls;
	struct ui_list list;
	struct ui_panel_filter filter;
	void *st;
};

struct ui {
	/* the running program: the views see it through app/session.h; the events view, its
	 * browser and save still read its fields (app/app.h) */
	struct app *a;
	const struct ui_glyphs *g;
	bool color;
	struct ui_panel *panels;   /* one per class of the table (panels.c), in its order */
	int npanels;
	struct ui_panel *cur, *prev;   /* the view on screen, the one before it */
	int rows, cols;
	int hdr_req;               /* the header's lines the layout was made for (ui_header_lines) */
	struct ui_layout lay;
	WINDOW *hdr, *body, *foot;
	bool dirty_hdr, dirty_body, dirty_foot;
	char status[320];          /* footer message, "" for key hints */
	bool status_err;
	bool ended;                /* a recording ended */
	/* bumped when the model is rebuilt or a recording steps: what a view kept of a frame by
	 * its sequence number is stale */
	unsigned model_gen;
	/* a view holds edits of the event list, applied at the next refresh: the sockets' figures wait */
	bool evl_edits;

	/* the modes of the views of CPU rows, one key each, shared by the cores and top-down views */
	bool raw;                  /* r: counts per interval instead of rates per second */
	bool fold;                 /* t: a row per core, SMT siblings folded (cores, top-down) */
	bool reverse;              /* I: the sort inverted (cores), the rows reversed (top-down) */

	/* what is not a view: the header's meters, the prompts and overlays over any view */
	struct ui_meters *met;            /* the header's meters (meters.c) */
	struct ui_rowfilter *rf;          /* `/`: the prompt (rowfilter.c) */
	struct ui_colchoose *cc;          /* F: the column chooser (colchoose.c), NULL when closed */
	struct ui_save *save;             /* S's name prompt (save.c), NULL when never opened */
};

/* The table of views (panels.c): in the header's order; the first is the default. */
extern const struct ui_panel_class *const ui_panel_classes[];
extern const int ui_npanel_classes;

/* The panel of a class (NULL when not in the table): the loop's, and for a panel's own hooks. */
struct ui_panel *ui_panel_find(struct ui *u, const struct ui_panel_class *cls);

/* Keep a list's selection within n rows and its first row where rows lines show the selection. */
void ui_list_fit(struct ui_list *l, int n, int rows);

/* Once per panel (*said), when its first counts are in and the status line is free: that the
 * config's column layout leaves out hidden columns this machine shows by default (0: nothing said). */
void ui_say_hidden_cols(struct ui *u, bool *said, int hidden);

/* Attribute for a pair (enum ui_pair): its colour when colour is on, else a plain attribute
 * (reverse, bold, underline) so the meaning survives NO_COLOR and vt100. */
static inline attr_t ui_attr(const struct ui *u, int pair)
{
	return ui_pal_attr(u->color, pair);
}

#endif
