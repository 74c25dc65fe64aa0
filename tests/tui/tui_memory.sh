# SPDX-License-Identifier: GPL-2.0-or-later
# tui_memory.sh: what the screen holds. The header, body and footer draw into ncurses' own screen
# (parts of stdscr), so a bigger terminal costs ncurses' three copies of its cells and no fourth.
# Peak RSS through GNU time, which measures pmutop alone.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
if [ ! -x /usr/bin/time ]; then
	skip all "/usr/bin/time (GNU time) is not installed"
	exit 0
fi

# peak RSS (KiB) of pmutop ARGS in a W x H pane, quit once the table is drawn
peak() {
	n=$1 w=$2 h=$3
	shift 3
	rm -f "$TMPD/rss.$n"
	TUI_ENV="/usr/bin/time -f %M -o $TMPD/rss.$n" tui_run "$n" "$w" "$h" "$@"
	tui_wait "$n" '^all ' 15 || echo "no table: $(tui_dump "$n")" >&2
	sleep 1
	tui_quit "$n" >/dev/null
	tail -n 1 "$TMPD/rss.$n" 2>/dev/null
}

# 400x150 against 100x30: 57,000 cells more. ncurses keeps curscr, newscr and stdscr (a cchar_t of
# 28 bytes each with ncursesw 6: 84 bytes a cell); windows of pmutop's own would add a fourth copy
# (112). The bound sits between them; a smaller cchar_t passes either way.
small=$(peak m1 100 30 --sim spr-2s -d 0.2)
big=$(peak m2 400 150 --sim spr-2s -d 0.2)
if [ -n "$small" ] && [ -n "$big" ]; then
	per_cell=$(( (big - small) * 1024 / 57000 ))
	if [ "$per_cell" -lt 98 ]; then
		pass screen_copies
	else
		fail screen_copies "$per_cell bytes per cell ($small KiB at 100x30, $big KiB at 400x150)"
	fi
else
	fail screen_copies "no peak RSS (${small:-?} KiB, ${big:-?} KiB)"
fi
t_done
