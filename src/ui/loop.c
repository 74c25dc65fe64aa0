/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* loop.c: ui_run: terminal setup and restore, signals as flags, the timed input loop, dispatch. */
#include "ui.h"
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <termios.h>
#include <unistd.h>
#include "app/guard.h"
#include "app/session.h"
#include "ui/views/colchoose.h"
#include "header.h"
#include "ui/widgets/keys.h"
#include "meters.h"
#include "mouse.h"
#include "ui/views/rowfilter.h"
#include "ui/views/save.h"
#include "ui/views/view.h"

static volatile sig_atomic_t sig_quit;
static bool curses_on;

/* What a fatal signal writes to put the terminal back (no curses call is safe in a handler): the
 * terminal's own sgr0, cnorm, rmkx and rmcup strings, looked up while the screen starts, and the
 * tty modes from before. */
static char fatal_seq[512];
static size_t fatal_len;
static struct termios fatal_tty;
static bool fatal_tty_ok;
static int fatal_fd = -1;

static void add_cap(const char *cap)
{
	char *v = tigetstr((char *)cap);

	if (!v || v == (char *)-1)
		return;
	for (; *v && fatal_len < sizeof(fatal_seq) - 1; v++) {
		if (v[0] == '$' && v[1] == '<') {   /* a padding delay, not output */
			while (*v && *v != '>')
				v++;
			if (!*v)
				break;
			continue;
		}
		fatal_seq[fatal_len++] = *v;
	}
}

static void fatal_restore(void)
{
	size_t off = 0;

	while (off < fatal_len) {
		ssize_t n = write(fatal_fd, fatal_seq + off, fatal_len - off);

		if (n <= 0 && errno != EINTR)
			break;
		off += n > 0 ? (size_t)n : 0;
	}
	if (fatal_tty_ok)
		tcsetattr(fatal_fd, TCSANOW, &fatal_tty);
}

static void on_signal(int sig)
{
	sig_quit = sig;
}

/* Safe to call twice and from atexit: the terminal comes back on every path. */
static void restore_terminal(void)
{
	guard_set_terminal(NULL);
	if (curses_on && !isendwin()) {
		curs_set(1);
		endwin();
	}
	curses_on = false;
}

/* ncurses 6.4 flushes its output after every cursor movement until the screen has been
 * through one endwin() and refresh: a 200x50 frame became about 120 write() calls
 * (TINFO_MVCUR flushes while SP->_endwin is still ewInitial). One endwin() and
 * doupdate() right after the screen starts leaves that state, so each frame reaches the terminal
 * in the single write doupdate ends with. The terminal sees the alternate screen left and entered
 * again before anything is drawn; the tty modes set so far are kept (they are the program mode). */
static void batch_output(void)
{
	endwin();
	doupdate();
}

static void make_windows(struct ui *u)
{
	if (u->hdr)
		delwin(u->hdr);
	if (u->body)
		delwin(u->body);
	if (u->foot)
		delwin(u->foot);
	u->hdr = u->body = u->foot = NULL;
	getmaxyx(stdscr, u->rows, u->cols);
	ui_meters_plan(u);
	u->hdr_req = ui_header_lines(u);
	ui_layout_compute(u->rows, u->cols, u->hdr_req, &u->lay);
	/* parts of stdscr, drawing into its cells: windows of their own would hold a second copy of the
	 * screen beside ncurses' three (200x50 cells of 28 bytes each: 0.27 MiB); they never overlap,
	 * and stdscr itself is not refreshed once they exist */
	if (u->lay.hdr_h > 0)
		u->hdr = subwin(stdscr, u->lay.hdr_h, u->cols, 0, 0);
	if (u->lay.body_h > 0)
		u->body = subwin(stdscr, u->lay.body_h, u->cols, u->lay.body_y, 0);
	u->foot = subwin(stdscr, 1, u->cols, u->lay.foot_y, 0);
	if (u->foot) {
		keypad(u->foot, TRUE);
		/* Esc alone is a key here; sequences arrive within 25 ms */
		set_escdelay(25);
	}
	u->dirty_hdr = u->dirty_body = u->dirty_foot = true;
	clearok(curscr, TRUE);
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls->resize)
			u->panels[i].cls->resize(u, &u->panels[i]);
}

/* The keys most asked for, each whole while it fits: the views' keys from the table of views. */
static int key_hints(struct ui *u, WINDOW *w)
{
	static const char *const rest[] = { "  p pause", "  +/- interval", "  </> sort", "  I invert", "  t fold",
					     "  r rate/raw" };
	static char first[96];   /* made once: the views never change while the screen runs */
	int x;

	if (!first[0]) {
		char views[64] = "";
		int o = 0;
		for (int i = 0; i < u->npanels && o < (int)sizeof(views) - 4; i++)
			if (u->panels[i].cls->tabkey && !u->panels[i].cls->overlay)
				o += snprintf(views + o, sizeof(views) - (size_t)o, "%s%s", o ? "/" : "",
					      u->panels[i].cls->tabkey);
		snprintf(first, sizeof(first), " q quit  h help  %s views", views);
	}
	x = ui_put(w, 0, 0, u->cols, ui_attr(u, UP_DIM), first);
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++) {
		if (x + (int)strlen(rest[i]) > u->cols - 14)   /* room kept for the list's position */
			break;
		x += ui_put(w, 0, x, u->cols - x, ui_attr(u, UP_DIM), rest[i]);
	}
	return x;
}

static void draw_footer(struct ui *u, WINDOW *w)
{
	struct ui_panel *p = u->cur;
	const char *what = p->cls->rows_of ? p->cls->rows_of(u, p) : NULL;
	char pos[48] = "";
	int n = p->cls->nrows(u, p), x;

	/* where the list is: its rows shown, of how many */
	if (what && n > 0 && p->list.h > 0 && !u->cc) {
		int last = p->list.top + p->list.h;
		snprintf(pos, sizeof(pos), " %d-%d/%d %s ", p->list.top + 1, last < n ? last : n, n, what);
	}
	if (u->lay.small) {
		x = ui_put(w, 0, 0, u->cols, ui_attr(u, UP_WARN) | A_BOLD | A_REVERSE,
			   " terminal too small ");
		ui_put(w, 0, x, u->cols - x, A_NORMAL, " q quit  h help");
		return;
	}
	if (ui_filter_footer(u, w, &x) || ui_save_footer(u, w, &x))
		;
	else if (u->status[0])
		x = ui_put(w, 0, 0, u->cols, u->status_err ? ui_attr(u, UP_BAD) | A_BOLD : A_BOLD, u->status);
	else
		x = key_hints(u, w);
	if ((int)strlen(pos) + x + 1 < u->cols)
		ui_put(w, 0, u->cols - (int)strlen(pos), (int)strlen(pos), ui_attr(u, UP_LABEL), pos);
}

/* PMUTOP_UI_STATS=FILE: frames redrawn and their CPU cost (formatting the views, and
 * doupdate: ncurses' terminal output including the write), written at exit for benchmarks. */
static struct { const char *path; long frames; double draw, update, max; } stats;

/* CPU time of this thread: what a frame costs, without time spent waiting */
static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void write_stats(void)
{
	FILE *f;
	double n = stats.frames ? (double)stats.frames : 1;

	if (!stats.path || !(f = fopen(stats.path, "w")))
		return;
	fprintf(f, "frames %ld\ncpu_avg_us %.1f\ncpu_max_us %.1f\ndraw_avg_us %.1f\nupdate_avg_us %.1f\n",
		stats.frames, (stats.draw + stats.update) / n * 1e6, stats.max * 1e6,
		stats.draw / n * 1e6, stats.update / n * 1e6);
	fclose(f);
}

/* The changed windows drawn into ncurses' buffers (wnoutrefresh; the terminal sees them at the next
 * doupdate). A view makes its list (filtered, sorted) as it draws it, so this is also what makes the
 * list a key acts on the one the screen would show. */
static void compose(struct ui *u)
{
	/* the header's lines follow what it says (a budget's line wraps at the screen's width) */
	if (u->dirty_hdr && ui_header_lines(u) != u->hdr_req)
		make_windows(u);
	if (u->dirty_hdr && u->hdr) {
		werase(u->hdr);
		ui_header_draw(u, u->hdr, u->lay.hdr_h, u->cols);
		wnoutrefresh(u->hdr);
	}
	if (u->dirty_body && u->body) {
		werase(u->body);
		if (u->cc)
			ui_colchoose_draw(u, u->body, u->lay.body_h, u->cols);
		else
			u->cur->cls->draw(u, u->cur, u->body, u->lay.body_h, u->cols);
		wnoutrefresh(u->body);
		u->dirty_foot = true;   /* the row position shows there */
	}
	if (u->dirty_foot && u->foot) {
		werase(u->foot);
		draw_footer(u, u->foot);
		wnoutrefresh(u->foot);
	}
	u->dirty_hdr = u->dirty_body = u->dirty_foot = false;
}

/* noinline: make bench counts the instructions of a frame with callgrind --toggle-collect=redraw* */
__attribute__((noinline)) static void redraw(struct ui *u)
{
	double t0 = stats.path ? cpu_now() : 0, t1;
	bool body = u->dirty_body;

	compose(u);
	t1 = stats.path ? cpu_now() : 0;
	doupdate();
	if (stats.path && body) {
		double t2 = cpu_now();
		stats.frames++;
		stats.draw += t1 - t0;
		stats.update += t2 - t1;
		if (t2 - t0 > stats.max)
			stats.max = t2 - t0;
	}
}

/* Show panel p: the one on screen leaves, unless p is an overlay (help) over it; leaving an overlay
 * back to the view under it does not enter that view again. */
static void switch_view(struct ui *u, struct ui_panel *p)
{
	struct ui_panel *old = u->cur, *under = old->cls->overlay ? u->prev : old;

	if (!p || p == old)
		return;
	if (!p->cls->overlay && under && under != p && under->cls->leave)
		under->cls->leave(u, under);
	if (!p->cls->overlay && p != under && p->cls->enter)
		p->cls->enter(u, p);
	u->prev = old;
	u->cur = p;
	u->dirty_hdr = u->dirty_body = u->dirty_foot = true;
}

/* Give view `to` the selected row of the view on screen; false (said on the status line) when that
 * view has no such row or `to` cannot take it. */
static bool aim_at_row(struct ui *u, struct ui_panel *to)
{
	struct ui_target t = { 0 };

	if (!u->cur->cls->target || !u->cur->cls->target(u, u->cur, &t)) {
		snprintf(u->status, sizeof(u->status), "%s: select a row of the cores, processes, cgroups or top-down "
			 "view first", to->cls->title ? to->cls->title : to->cls->tab ? to->cls->tab : "this view");
		u->status_err = true;
		return false;
	}
	return !to->cls->aim || to->cls->aim(u, to, &t);
}

static struct ui_panel *panel_for(struct ui *u, int action)
{
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls->action == action)
			return &u->panels[i];
	return NULL;
}

/* Replay: show the interval delta away from the one on screen (0 = the first). */
static void step_replay(struct ui *u, int delta)
{
	const char *msg = session_msg(u->a);
	int rc;

	if (!session_can_step(u->a)) {
		snprintf(u->status, sizeof(u->status), "stepping works on a replay (--replay FILE)");
		u->status_err = false;
		return;
	}
	rc = session_step(u->a, delta);
	if (rc < 0) {
		snprintf(u->status, sizeof(u->status), "%.300s", msg[0] ? msg : "cannot step");
		u->status_err = true;
	}
	u->ended = rc == 1;
	u->model_gen++;
	u->dirty_hdr = u->dirty_body = true;
}

/* Returns 1 to quit. */
static int dispatch(struct ui *u, int ch)
{
	struct app *a = u->a;
	struct ui_panel *p = u->cur;
	struct ui_list *l = &p->list;
	int act, n, page = u->lay.body_h > 3 ? u->lay.body_h - 2 : 1;

	u->dirty_body = u->dirty_foot = true;
	if (ch == KEY_RESIZE) {
		make_windows(u);
		return 0;
	}
	if (ch == KEY_MOUSE) {
		ui_mouse(u);
		l->sel = ui_clamp(l->sel, p->cls->nrows(u, p));
		return 0;
	}
	if (ui_filter_input(u, ch))   /* the `/` prompt eats keys while open */
		return 0;
	if (p->cls->input && p->cls->input(u, p, ch))
		return 0;
	if (ui_save_input(u, ch))   /* the name prompt of S eats keys while open */
		return 0;
	if (ui_colchoose_input(u, ch))   /* so does the column chooser */
		return 0;
	act = ui_key_action(ch);
	if (act != UA_NONE && act != UA_TOGGLE)
		u->status[0] = '\0';
	if (ui_filter_key(u, act) || (p->cls->key && p->cls->key(u, p, act)))
		return 0;
	if (act != UA_NONE && panel_for(u, act)) {
		/* a view's key; the key of the view on screen leaves an overlay (h over help) */
		struct ui_panel *to = panel_for(u, act);
		if (to != p && to->cls->on_target && !aim_at_row(u, to))
			return 0;
		switch_view(u, to == p && p->cls->overlay ? u->prev : to);
		return 0;
	}
	n = p->cls->nrows(u, p);
	switch (act) {
	case UA_QUIT:
		return 1;
	case UA_METERS:
		session_set_meters(a, !session_settings(a)->meters);
		make_windows(u);
		break;
	case UA_BACK:
		if (p != &u->panels[0])
			switch_view(u, u->prev && u->prev != p ? u->prev : &u->panels[0]);
		break;
	case UA_PAUSE:
		session_set_paused(a, !session_paused(a));
		u->dirty_hdr = true;
		break;
	case UA_FASTER:
	case UA_SLOWER: {
		double iv = session_interval(a);
		iv = session_set_interval(a, act == UA_FASTER ? iv / 2 : iv * 2);
		snprintf(u->status, sizeof(u->status), "interval %.3g s", iv);
		u->dirty_hdr = true;
		break;
	}
	case UA_UP: l->sel--; break;
	case UA_DOWN: l->sel++; break;
	case UA_PGUP: l->sel -= page; break;
	case UA_PGDN: l->sel += page; break;
	case UA_HOME:
		l->sel = 0;
		if (session_can_step(a))
			step_replay(u, 0);
		break;
	case UA_END: l->sel = n - 1; break;
	case UA_LEFT:
		if (l->hoff > 0)
			l->hoff--;
		break;
	case UA_RIGHT: l->hoff++; break;
	case UA_REVERSE: u->reverse = !u->reverse; break;
	case UA_RAW:
		u->raw = !u->raw;
		snprintf(u->status, sizeof(u->status), "%s", u->raw ? "counts per interval (r: rates per second)" :
			 "rates per second (r: counts per interval)");
		break;
	case UA_SAVE: ui_save_start(u); break;
	case UA_COLUMNS: ui_colchoose_open(u, p); break;   /* the view's columns, or says they are fixed */
	case UA_STEP_BACK: step_replay(u, -1); break;
	case UA_STEP_FWD: step_replay(u, 1); break;
	case UA_REDRAW:
		clearok(curscr, TRUE);
		u->dirty_hdr = true;
		break;
	default:
		break;
	}
	l->sel = ui_clamp(l->sel, n);
	return 0;
}

/* One refresh: apply a pending event list, then sample unless paused. Returns <0 on a fatal error. */
static int tick(struct ui *u)
{
	struct app *a = u->a;
	int rc;

	/* a view's change (the events view's list) applies instead of a refresh: reopening sets a new
	 * baseline, the first values come one interval later */
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls->tick && u->panels[i].cls->tick(u, &u->panels[i])) {
			u->dirty_hdr = u->dirty_body = u->dirty_foot = true;
			return 0;
		}
	if (session_paused(a))
		return 0;
	rc = session_sample(a);
	if (rc == 1) {
		session_set_paused(a, true);
		u->ended = true;
	} else if (rc < 0) {
		return rc;
	}
	u->dirty_hdr = u->dirty_body = u->dirty_foot = true;
	return 0;
}

static void ui_free(struct ui *u)
{
	ui_save_free(u);
	ui_colchoose_free(u);
	for (int i = 0; i < u->npanels; i++) {
		if (u->panels[i].cls->free)
			u->panels[i].cls->free(u, &u->panels[i]);
		ui_filter_free(&u->panels[i].filter.flt);
	}
	free(u->panels);
	u->panels = NULL;
	u->npanels = 0;
	ui_meters_free(u);
	ui_rowfilter_free(u);
}

/* Each view's own state, and what is not a view's. 0 or -ENOMEM (then ui_free frees what was made). */
static int ui_init(struct ui *u)
{
	if (ui_meters_init(u) < 0 || ui_rowfilter_init(u) < 0 ||
	    !(u->panels = calloc((size_t)ui_npanel_classes, sizeof(*u->panels))))
		return -ENOMEM;
	for (int i = 0; i < ui_npanel_classes; i++, u->npanels++) {
		u->panels[i].cls = ui_panel_classes[i];
		if (ui_panel_classes[i]->init && ui_panel_classes[i]->init(u, &u->panels[i]) < 0)
			return -ENOMEM;
	}
	return 0;
}

static struct ui_panel *init_view(struct ui *u, const char *name)
{
	for (int i = 0; i < u->npanels; i++)
		if (u->panels[i].cls->name && strcmp(name, u->panels[i].cls->name) == 0)
			return &u->panels[i];
	return &u->panels[0];
}

/* The state before the screen starts: each view's own, the settings' view and modes, the interval.
 * 0 or -ENOMEM. */
static int ui_setup(struct ui *u, struct app *a)
{
	const struct settings *s = session_settings(a);
	const char *msg = session_msg(a);

	memset(u, 0, sizeof(*u));
	u->a = a;
	if (ui_init(u) < 0)
		return -ENOMEM;
	u->g = ui_glyphs_pick(nl_langinfo(CODESET), s->ascii);
	u->cur = u->prev = init_view(u, s->view);
	u->reverse = s->reverse;
	u->raw = !s->rates;
	if (session_interval(a) <= 0)
		session_set_interval(a, s->interval > 0 ? s->interval : 1);
	/* a warning from opening the counters would be lost behind the screen: show it */
	if (msg[0]) {
		snprintf(u->status, sizeof(u->status), "%.300s", msg);
		u->status_err = true;
	}
	return 0;
}

/* The signals as they were before the screen started: the caller gets them back. */
static struct sigaction old_int, old_term, old_hup;

/* Start the screen, with the terminal's restore strings for a fatal signal and the signals taken
 * as flags. NULL when the terminal cannot (the message printed). */
static SCREEN *screen_start(struct ui *u)
{
	struct sigaction sa;
	SCREEN *scr;

	fatal_fd = fileno(stdout);
	fatal_tty_ok = tcgetattr(fatal_fd, &fatal_tty) == 0;
	/* newterm, unlike initscr, returns NULL instead of exiting on a bad TERM */
	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		fprintf(stderr, "pmutop: cannot start the screen (TERM=%s); use -b for batch output\n",
			getenv("TERM") ? getenv("TERM") : "");
		return NULL;
	}
	curses_on = true;
	atexit(restore_terminal);
	fatal_len = 0;
	add_cap("sgr0");
	add_cap("cnorm");
	add_cap("rmkx");
	add_cap("rmcup");
	guard_set_terminal(fatal_restore);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: the wait for input returns at once */
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	cbreak();
	noecho();
	nonl();
	curs_set(0);
	u->color = ui_pal_start(session_color(u->a));
	batch_output();
	if (session_settings(u->a)->mouse)
		ui_mouse_start();
	wnoutrefresh(stdscr);
	make_windows(u);
	return scr;
}

static void screen_end(SCREEN *scr)
{
	restore_terminal();
	delscreen(scr);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
}

/* Refreshes and keys until q, a signal, -n refreshes, the command's end or a fatal error. Returns 0,
 * or 1 on an error. */
static int ui_loop(struct ui *u)
{
	struct app *a = u->a;
	double next = session_now() + session_interval(a);

	while (!sig_quit) {
		double now, wait;
		int ch;

		ui_meters_sync(u);   /* the sockets' uncore events only while shown */
		redraw(u);
		now = session_now();
		wait = next - now;
		/* input before every refresh: at a short interval a refresh is always due, and
		 * keys waiting behind it would never be read */
		wtimeout(u->foot, wait > 0 ? (int)ceil(wait * 1000) : 0);
		ch = wgetch(u->foot);
		if (ch == ERR) {
			/* the command of -- ended (its end wakes the wait): its last interval, the end */
			bool last = session_command_ended(a);

			if (!last && session_now() < next)
				continue;
			if (tick(u) < 0)
				return 1;
			if (last)
				return 0;
			/* -n N on the screen: N refreshes, then quit (as top -n) */
			if (session_count(a) > 0 && session_frame(a)->seq >= (uint64_t)session_count(a)) {
				redraw(u);
				return 0;
			}
			/* fall behind gracefully: never run ticks back to back */
			next += session_interval(a);
			if (next < now)
				next = now + session_interval(a);
			continue;
		}
		/* what is already typed, taken before the terminal is written to; each key acts on
		 * the views as the keys before it left them (the filter just typed, then Home, then H:
		 * the filtered list's first row), so the windows are drawn again in between */
		do {
			if (dispatch(u, ch)) {
				sig_quit = -1;
				break;
			}
			wtimeout(u->foot, 0);
			if ((ch = wgetch(u->foot)) != ERR)
				compose(u);
		} while (ch != ERR);
		/* a changed interval starts counting from now */
		if (next - session_now() > session_interval(a))
			next = session_now() + session_interval(a);
	}
	return 0;
}

int ui_run(struct app *a)
{
	static struct ui ui;   /* static: atexit handlers may run after ui_run's frame is gone */
	struct ui *u = &ui;
	SCREEN *scr;
	int status = 0;

	sig_quit = 0;
	stats.path = getenv("PMUTOP_UI_STATS");
	setlocale(LC_ALL, "");
	if (ui_setup(u, a) < 0) {
		fprintf(stderr, "pmutop: out of memory for the screen's views\n");
		ui_free(u);
		return 1;
	}
	if (!(scr = screen_start(u))) {
		ui_free(u);
		return 1;
	}
	if (u->cur->cls->enter)   /* after the screen started: a view's counting may say why not */
		u->cur->cls->enter(u, u->cur);
	/* a recording has its first interval ready; live counters start one interval from now */
	if (session_can_step(a) && session_frame(a)->seq == 0 && session_sample(a) < 0)
		status = 1;
	else
		status = ui_loop(u);
	screen_end(scr);
	if (status && session_msg(a)[0])
		fprintf(stderr, "pmutop: %s\n", session_msg(a));
	if (sig_quit > 0)   /* SIGINT, SIGTERM, SIGHUP: 128+signal, as shells report it */
		status = 128 + sig_quit;
	ui_free(u);
	write_stats();
	return status;
}
