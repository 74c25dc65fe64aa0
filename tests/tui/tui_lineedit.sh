#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_lineedit.sh: every prompt (add event, filter, save as, the browser's search) edits with the
# same keys: Left/Right, Home/End, Backspace/Delete, Ctrl-U (before the cursor), Ctrl-W (the word
# before it), Enter, Esc. The same sequence is typed into each and the text checked.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
mkdir -p "$TMPD/cfg"
TUI_ENV="XDG_CONFIG_HOME=$TMPD/cfg"

# edit S: "abc def" C-w -> "abc ", BSpace -> "abc", Home x -> "xabc", Right Right Delete -> "xac",
# End y -> "xacy", Left C-u -> "y"... then "zz" -> "zzy"
edit() {
	tui_keys "$1" -l 'abc def'
	tui_keys "$1" C-w BSpace Home
	tui_keys "$1" -l x
	tui_keys "$1" Right Right DC End
	tui_keys "$1" -l y
	tui_keys "$1" Left C-u
	tui_keys "$1" -l zz
}

S=le
tui_run $S 160 40 --sim spr-2s -d 0.5
tui_wait $S '^all ' 10
# the filter of the cores view
tui_keys $S /
tui_wait $S 'filter: ' 3
edit $S
if tui_wait $S '^ filter: zzy ' 3; then pass filter_keys; else fail filter_keys "$(tui_cap $S | tail -n 1)"; fi
tui_keys $S Escape
tui_wait_not $S '^ filter: ' 3
# the events view's add prompt
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S a
tui_wait $S '^ add> ' 3
edit $S
if tui_wait $S '^ add> zzy *$' 3; then pass add_keys; else fail add_keys "$(tui_cap $S | grep '^ add>')"; fi
tui_keys $S Escape
tui_wait_not $S '^ add> ' 3
# the browser's search
tui_keys $S /
if tui_wait $S '^ Browse: ' 3; then
	edit $S
	if tui_wait $S 'search: zzy *$' 3; then pass search_keys; else fail search_keys "$(tui_cap $S | grep '^ Browse:')"; fi
	tui_keys $S Escape Escape
else
	fail search_keys "no browser: $(tui_dump $S)"
fi
tui_quit $S >/dev/null
# S's name for the event set (asked on a live machine only: a simulated machine's events are not
# saved as this one's): "mine" first, cleared with C-u
if live_refused; then
	skip save_name_keys "$LIVE_WHY"
	t_done
	exit
fi
S=ls
tui_run $S 160 40 -d 0.5 -e cpu-clock
tui_wait $S '^all ' 10
tui_keys $S S
tui_wait $S 'save the events as event set: mine' 3
tui_keys $S C-u
edit $S
if tui_wait $S 'event set: zzy +\(Enter saves' 3; then pass save_name_keys; else fail save_name_keys "$(tui_cap $S | tail -n 1)"; fi
tui_keys $S Escape
if tui_wait $S 'not saved' 3; then pass save_escape; else fail save_escape "$(tui_cap $S | tail -n 1)"; fi
tui_quit $S >/dev/null
t_done
