# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_count.sh: on a terminal, -n N without -b keeps the screen and quits after N refreshes
# (as top -n does); --json without -b is batch output, not a screen.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=c1
tui_run $S 160 40 --sim adl-hybrid -d 0.3 -n 3
if tui_wait $S '^CPU. +SKT' 10; then pass n_keeps_screen; else fail n_keeps_screen "$(tui_dump $S)"; fi
if tui_wait $S 'PMUTOP-EXIT=0' 10; then pass n_quits_after_n; else fail n_quits_after_n "$(tui_dump $S)"; fi

S=c2
tui_run $S 160 40 --sim kvm-nopmu -d 0.1 -n 2 --json
if tui_wait $S 'PMUTOP-EXIT=0' 10 && [ "$(tui_cap $S -J | grep -o '"seq":' | wc -l)" -eq 2 ]; then
	pass json_on_terminal_is_batch
else
	fail json_on_terminal_is_batch "$(tui_dump $S)"
fi
t_done
