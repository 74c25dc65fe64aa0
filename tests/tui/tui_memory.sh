# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_memory.sh: what the screen holds. The IPC history keeps the samples the sparkline draws (10),
# whatever [display] history asks, and fewer when it asks fewer; the header, body and footer draw
# into ncurses' own screen (parts of stdscr), so a bigger terminal costs ncurses' three copies of
# its cells and no fourth. Peak RSS through GNU time, which measures pmutop alone.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
if [ ! -x /usr/bin/time ]; then
	skip all "/usr/bin/time (GNU time) is not installed"
	exit 0
fi
# a sanitizer's allocator (redzones, quarantine) and shadow memory are not pmutop's to bound
SANITIZED=
grep -q __asan_init "$PMUTOP" && SANITIZED=1

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

# the row of CPU 0's sparkline glyphs (UTF-8 blocks) on screen
spark0() { tui_cap "$1" | python3 -c '
import sys
for l in sys.stdin:
    if l.startswith("0 "):
        print(sum(1 for c in l if "\u2581" <= c <= "\u2588")); break'; }

# history = 100000 on 224 CPUs would be 85 MiB of floats, set at every model rebuild; the screen
# is some 8 MiB without: 40 MiB tells them apart either way
printf '[display]\nhistory = 100000\n' >"$TMPD/big.conf"
S=hb
TUI_ENV="/usr/bin/time -f %M -o $TMPD/rss.$S" tui_run $S 200 50 --sim spr-2s -d 0.05 --config "$TMPD/big.conf"
tui_wait $S '^all ' 15
sleep 1.5   # 20 and more samples: the sparkline full
glyphs=$(spark0 $S)
tui_quit $S >/dev/null
rss=$(tail -n 1 "$TMPD/rss.$S" 2>/dev/null)
if [ -n "$rss" ] && { [ -n "$SANITIZED" ] || [ "$rss" -lt 40960 ]; } && [ "$glyphs" = 10 ]; then
	pass history_kept_as_drawn
else
	fail history_kept_as_drawn "peak ${rss:-?} KiB, $glyphs glyphs in CPU 0's sparkline"
fi
# fewer asked: fewer kept and drawn
printf '[display]\nhistory = 3\n' >"$TMPD/small.conf"
S=hs
tui_run $S 200 50 --sim spr-2s -d 0.05 --config "$TMPD/small.conf"
tui_wait $S '^all ' 15
sleep 1.5
glyphs=$(spark0 $S)
tui_quit $S >/dev/null
if [ "$glyphs" = 3 ]; then pass history_below_width; else fail history_below_width "$glyphs glyphs, 3 asked"; fi

# 400x150 against 100x30: 57,000 cells more. ncurses keeps curscr, newscr and stdscr (a cchar_t of
# 28 bytes each with ncursesw 6: 84 bytes a cell); windows of pmutop's own would add a fourth copy
# (112). The bound sits between them; a smaller cchar_t passes either way.
if [ -n "$SANITIZED" ]; then
	skip screen_copies "a sanitizer build: its peak RSS is the sanitizer's"
	t_done
	exit 0
fi
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
