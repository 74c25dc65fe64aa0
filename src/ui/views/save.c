/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* save.c: the S key: save the display settings, and the counted events as an event set under a
 * name the user picks. A simulated machine's or a recording's events are not this machine's:
 * they are never written as its default (raw codes of one CPU mean something else on another). */
#include "view.h"
#include "app/app.h"
#include "base/errmsg.h"
#include "hw/events/evlist.h"
#include "ui/widgets/draw.h"
#include "ui/widgets/lineedit.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* S's own state: the name prompt for the event set. */
struct ui_save {
	bool naming;
	char namebuf[48];
	struct ui_line name;       /* its editor */
	char err[64];              /* why Enter did not save, "" none */
};

/* An event set's name: letters, digits, '_', '-', '.' */
static bool name_char(int ch)
{
	return ch < 128 && (isalnum(ch) || ch == '_' || ch == '-' || ch == '.');
}

void ui_save_free(struct ui *u)
{
	free(u->save);
	u->save = NULL;
}

/* The file to save to: the user's own config file when one was read, else the user's path. */
static void config_path(const struct settings *s, char *path, size_t len)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	if (s->user_file && s->path[0]) {
		snprintf(path, len, "%s", s->path);
	} else {
		char dir[4000];
		if (xdg && xdg[0])
			snprintf(dir, sizeof(dir), "%s", xdg);
		else
			snprintf(dir, sizeof(dir), "%s/.config", home ? home : ".");
		/* no mkdir here: settings_save makes the folders, owned like their parent (as root under
		 * sudo, the user's, not root's) */
		snprintf(path, len, "%s/pmutop/pmutop.conf", dir);
	}
}

/* Write the file: with_events saves the event list as [eventset s->set] and makes it the set. */
static void save(struct ui *u, bool with_events, const char *note)
{
	struct app *a = u->a;
	struct settings *s = &a->set;
	char path[4096], *ev = NULL;
	struct errmsg em = { 0 };

	s->interval = a->interval;
	s->reverse = u->reverse;
	s->rates = !u->raw;
	/* each view's part (the cores view's sort) */
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls->save)
			u->panels[i].cls->save(u, &u->panels[i], s);
	if (u->cur->cls->name)   /* help is never a start view: the one before it stays */
		snprintf(s->view, sizeof(s->view), "%s", u->cur->cls->name);
	config_path(s, path, sizeof(path));
	/* the user's own events: not what the sockets' figures or top-down added for themselves */
	if (with_events && !(ev = evlist_text(&a->evl, EVO_BIT(EVO_USER)))) {
		snprintf(u->status, sizeof(u->status), "not saved: out of memory");
		u->status_err = true;
		return;
	}
	if (settings_save(s, path, with_events ? ev : NULL, &em) < 0) {
		snprintf(u->status, sizeof(u->status), "not saved: %.300s", em.text[0] ? em.text : path);
		u->status_err = true;
	} else {
		snprintf(u->status, sizeof(u->status), "saved to %.200s%s%.100s", path, note ? note : "",
			 with_events ? s->set : "");
		u->status_err = false;
	}
	free(ev);
}

/* The prompt is drawn in the footer (ui_save_footer); err says why Enter did not save. */
static void prompt(struct ui *u, const char *err)
{
	snprintf(u->save->err, sizeof(u->save->err), "%s", err ? err : "");
	u->dirty_foot = true;
}

bool ui_save_footer(struct ui *u, WINDOW *w, int *x)
{
	struct ui_save *s = u->save;
	int tw;

	if (!s || !s->naming)
		return false;
	*x = 0;
	if (s->err[0])
		*x += ui_put(w, 0, *x, u->cols - *x, ui_attr(u, UP_BAD) | A_BOLD, s->err);
	*x += ui_put(w, 0, *x, u->cols - *x, A_BOLD, s->err[0] ? "; save the events as event set: " :
		      " save the events as event set: ");
	tw = s->name.len + 1 < u->cols - *x ? s->name.len + 1 : u->cols - *x;
	ui_line_draw(w, 0, *x, tw, A_NORMAL, &s->name);
	*x += tw;
	*x += ui_put(w, 0, *x, u->cols - *x, ui_attr(u, UP_DIM), "  (Enter saves, Esc cancels)");
	return true;
}

void ui_save_start(struct ui *u)
{
	const struct app *a = u->a;
	const struct evset *cur = settings_find_set(&a->set, a->set.set);

	if (a->sim || a->rep) {
		save(u, false, a->sim ? " (display settings; a simulated machine's events are not saved as this "
			"machine's)" : " (display settings; a recording's events are not saved)");
		return;
	}
	if (!u->save && !(u->save = calloc(1, sizeof(*u->save)))) {
		snprintf(u->status, sizeof(u->status), "not saved: out of memory");
		u->status_err = true;
		return;
	}
	/* offer the set in use when it is the user's own, else a new name */
	u->save->name.accept = name_char;
	ui_line_init(&u->save->name, u->save->namebuf, (int)sizeof(u->save->namebuf),
		     cur && !cur->builtin ? cur->name : "mine");
	u->save->naming = true;
	u->status[0] = '\0';
	prompt(u, NULL);
}

bool ui_save_input(struct ui *u, int ch)
{
	const struct evset *e;

	if (!u->save || !u->save->naming)
		return false;
	u->dirty_foot = true;
	switch (ui_line_key(&u->save->name, ch)) {
	case UI_LINE_CANCEL:
		u->save->naming = false;
		snprintf(u->status, sizeof(u->status), "not saved");
		u->status_err = false;
		return true;
	case UI_LINE_ENTER:
		if (!u->save->name.len) {
			prompt(u, "give a name");
			return true;
		}
		e = settings_find_set(&u->a->set, u->save->namebuf);
		if (e && e->builtin) {
			prompt(u, "a built-in set has that name");
			return true;
		}
		u->save->naming = false;
		snprintf(u->a->set.set, sizeof(u->a->set.set), "%s", u->save->namebuf);
		save(u, true, ", event set ");
		return true;
	default:   /* the prompt takes every key while open */
		prompt(u, NULL);
		return true;
	}
}

void ui_save_columns(struct ui *u)
{
	const struct settings *s = &u->a->set;
	char path[4096];
	struct errmsg em = { 0 };

	config_path(s, path, sizeof(path));
	/* the other settings as they were read: only the columns change in the file */
	if (settings_save(s, path, NULL, &em) < 0) {
		snprintf(u->status, sizeof(u->status), "columns not saved: %.300s", em.text[0] ? em.text : path);
		u->status_err = true;
	} else {
		snprintf(u->status, sizeof(u->status), "columns saved to %.200s", path);
		u->status_err = false;
	}
}
