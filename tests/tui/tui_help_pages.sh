#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_help_pages.sh: the help view at 80x24 pages: its last line says which lines show and that
# more follows; the first PgDn shows the next page (it had moved an invisible selection), End the
# last, Home the first; the footer names every view's key (c/s/u/e/T/P/G).
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=h80
tui_run $S 80 24 --sim spr-2s -d 0.5
tui_wait $S '^all ' 10
tui_keys $S h
if tui_wait $S '^ Keys \(Esc goes back\)' 3 && tui_wait $S '^ lines 1-[0-9]+ of [0-9]+  more below: PgDn' 3; then
	pass more_below_said
else
	fail more_below_said "$(tui_dump $S)"
fi
# the body's first line: the one below the view tabs (the header's height follows what it says)
body1() { tui_cap $S | sed -n '/^ *c:Cores/{n;p;q;}'; }
first=$(body1)
tui_keys $S NPage
if tui_wait $S '^ lines ([2-9]|[1-9][0-9])-[0-9]+ of ' 3 && ! tui_cap $S | grep -q '^ Keys (Esc goes back)' &&
	[ -n "$first" ] && [ "$(body1)" != "$first" ]; then
	pass first_pgdn_pages
else
	fail first_pgdn_pages "$(tui_dump $S)"
fi
tui_keys $S End
if tui_wait $S '^ lines [0-9]+-([0-9]+) of \1  end: PgUp' 3 && tui_cap $S | grep -q 'mouse '; then
	pass end_shows_last
else
	fail end_shows_last "$(tui_dump $S)"
fi
tui_keys $S Home
if tui_wait $S '^ Keys \(Esc goes back\)' 3; then pass home_shows_first; else fail home_shows_first "$(tui_dump $S)"; fi
if tui_cap $S | tail -n 1 | grep -Eq 'c/s/u/e/T/P/G(/N)? views'; then pass footer_names_views; else fail footer_names_views "$(tui_cap $S | tail -n 1)"; fi
tui_quit $S >/dev/null
t_done
