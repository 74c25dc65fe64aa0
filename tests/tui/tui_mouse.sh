# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_mouse.sh: the mouse in tmux: a click on a column title sorts by it (again: inverted), a click on
# a row selects it, the wheel scrolls (big-1024). The events are what a terminal sends in xterm's
# mouse mode (ESC [ M, button+32, column+33, row+33; the terminfo kmous of screen and tmux), typed
# into the pane with send-keys -l: send-keys -M forwards only a mouse event tmux itself received.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

byte() { printf "\\$(printf %o "$1")"; }
# mouse NAME BUTTON X Y (0-based; BUTTON 0 press, 3 release, 64 wheel up, 65 wheel down)
mouse() { tm send-keys -t "$1" -l "$(printf '\033[M')$(byte $((32 + $2)))$(byte $((33 + $3)))$(byte $((33 + $4)))"; }
# click NAME X Y: press and release, as a terminal sends them
click() { mouse "$1" 0 "$2" "$3"; mouse "$1" 3 "$2" "$3"; }
# the screen row (0-based) of the column titles, and the column of a title word
title_y() { tui_cap $S | awk '/^CPU/ { print NR - 1; exit }'; }
title_x() { tui_cap $S | awk -v w="$1" '/^CPU/ { print index($0, w) - 1; exit }'; }
# column N of the CPU rows, in screen order
col() { tui_cap $S | awk -v c="$1" '/^CPU/ { on = 1; next } on && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { print $c }'; }
# is the list in order (desc: 1 descending)
sorted() { awk -v d="$1" 'NR > 1 && ((d && $1 > p) || (!d && $1 < p)) { bad = 1 } { p = $1 } END { exit bad }'; }

S=m1
TUI_ENV="NO_COLOR=1" tui_run $S 200 40 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
ty=$(title_y) ix=$(title_x ' IPC ')
ix=$((ix + 1))
click $S "$ix" "$ty"
# spr-2s: CPU SKT CORE, a blank MUX, UTIL% GHz IPC: the sixth field
if tui_wait $S 'sorted by IPC' 5 && sleep 0.3 && [ "$(col 6 | wc -l)" -gt 20 ] && col 6 | sorted 1; then
	pass title_click_sorts_descending
else
	fail title_click_sorts_descending "$(col 6 | tr '\n' ' ')"
fi
click $S "$ix" "$ty"
if tui_wait $S 'sorted by IPC \(inverted\)' 5 && sleep 0.3 && col 6 | sorted 0; then
	pass second_click_inverts
else
	fail second_click_inverts "$(col 6 | tr '\n' ' ')"
fi
click $S 1 "$ty"
if tui_wait $S 'sorted by CPU' 15 && tui_wait $S '^0 +0 +0 ' 10; then pass cpu_title_click; else fail cpu_title_click "$(tui_dump $S)"; fi
# a click on the sixth row selects it: without colour the selection is reverse video
click $S 10 $((ty + 6))
sleep 0.5
selrow=$(tui_cap $S -e | awk -v y=$((ty + 7)) 'NR == y' | grep -c "$(printf '\033')\[7m")
selcpu=$(tui_cap $S -e | grep "$(printf '\033')\[7m" | sed 's/\x1b\[[0-9;]*m//g' | awk '$1 ~ /^[0-9]+$/ { print $1; exit }')
if [ "$selrow" = 1 ] && [ "$selcpu" = 5 ]; then pass row_click_selects; else fail row_click_selects "row $selrow cpu '$selcpu'"; fi
tui_quit $S >/dev/null

S=m2
tui_run $S 160 40 --sim big-1024
tui_wait $S '^0 +0 +0 ' 15 || fail start_big "$(tui_dump $S)"
mouse $S 65 10 12
mouse $S 65 10 12
if tui_wait $S ' 7-[0-9]+/1024 CPUs' 5 && [ "$(col 1 | head -n 1)" = 6 ]; then pass wheel_down_scrolls; else fail wheel_down_scrolls "$(tui_dump $S)"; fi
mouse $S 64 10 12
if tui_wait $S ' 4-[0-9]+/1024 CPUs' 5 && [ "$(col 1 | head -n 1)" = 3 ]; then pass wheel_up_scrolls; else fail wheel_up_scrolls "$(tui_dump $S)"; fi
# the keys still work after mouse events
tui_keys $S End
if tui_wait $S '/1024 CPUs' 5 && tui_wait $S '^1023 ' 5; then pass keys_after_mouse; else fail keys_after_mouse "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

# [display] mouse = false: the program asks for no mouse events, so a click sorts nothing
S=m3
printf '[display]\nmouse = false\n' >"$TMPD/m.conf"
TUI_ENV="NO_COLOR=1" tui_run $S 200 40 --sim spr-2s --config "$TMPD/m.conf"
tui_wait $S '^0 +0 +0 ' 10 || fail start_off "$(tui_dump $S)"
if [ "$(tm display-message -p -t $S '#{mouse_any_flag}')" = 0 ]; then pass mouse_off_not_requested; else fail mouse_off_not_requested "mouse mode on"; fi
tui_quit $S >/dev/null
S=m4
TUI_ENV="NO_COLOR=1" tui_run $S 200 40 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start_on "$(tui_dump $S)"
if [ "$(tm display-message -p -t $S '#{mouse_any_flag}')" = 1 ]; then pass mouse_on_requested; else fail mouse_on_requested "mouse mode off"; fi
tui_quit $S >/dev/null
t_done
