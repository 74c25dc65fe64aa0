# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_resize.sh: shrinking to 40x10 shows what fits and says the terminal is small; growing back restores.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=r
tui_run $S 160 40 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
if tui_cap $S | grep -q 'terminal too small'; then fail big_not_small "$(tui_dump $S)"; else pass big_not_small; fi

tm resize-window -t $S -x 40 -y 10
if tui_wait $S 'terminal too small' 5; then pass small_note; else fail small_note "$(tui_dump $S)"; fi
out=$(tui_cap $S)
lines=$(printf '%s\n' "$out" | wc -l)
# characters, not bytes: the sort mark is one cell of three bytes in UTF-8
wide=$(printf '%s\n' "$out" | while IFS= read -r l; do
	[ "$(printf '%s' "$l" | LC_ALL=C.UTF-8 wc -m)" -gt 40 ] && echo x; done | wc -l)
if [ "$lines" -le 10 ] && [ "$wide" -eq 0 ]; then pass fits_40x10; else fail fits_40x10 "$lines lines, $wide too wide"; fi
if printf '%s\n' "$out" | grep -q 'SIMULATED'; then pass small_keeps_source; else fail small_keeps_source "$(tui_dump $S)"; fi
if printf '%s\n' "$out" | grep -Eq '^(CPU|0 +0 +0 )'; then pass small_shows_rows; else fail small_shows_rows "$(tui_dump $S)"; fi
# every view draws at this size without leaving the program
for k in s u e h c; do
	tui_keys $S $k
	sleep 0.2
done
if tui_wait $S 'terminal too small' 3 && ! tui_cap $S | grep -q 'PMUTOP-EXIT'; then
	pass small_views_survive
else
	fail small_views_survive "$(tui_dump $S)"
fi

tm resize-window -t $S -x 160 -y 40
if tui_wait_not $S 'terminal too small' 5 && tui_wait $S '^ counters cpu: ' 5 && tui_wait $S '^0 +0 +0 ' 5; then
	pass grow_back
else
	fail grow_back "$(tui_dump $S)"
fi
# at 80 columns the further columns are off the edge: Right scrolls them in, the row identity stays
tm resize-window -t $S -x 80 -y 30
tui_wait $S '^CPU. +SKT +CORE +MUX +UTIL%' 5
if ! tui_cap $S | grep -q 'branch-misses'; then pass narrow_hides_columns; else fail narrow_hides_columns "$(tui_dump $S)"; fi
i=0
while [ $i -lt 12 ]; do tui_keys $S Right; i=$((i + 1)); done
if tui_wait $S '^CPU. +SKT +CORE +MUX[ <].*branch-misses' 3 && ! tui_cap $S | grep -q 'UTIL%'; then
	pass right_scrolls_columns
else
	fail right_scrolls_columns "$(tui_dump $S)"
fi
i=0
while [ $i -lt 12 ]; do tui_keys $S Left; i=$((i + 1)); done
if tui_wait $S '^CPU. +SKT +CORE +MUX +UTIL%' 3; then pass left_scrolls_back; else fail left_scrolls_back "$(tui_dump $S)"; fi

st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass quit_after_resize; else fail quit_after_resize "status $st"; fi
t_done
