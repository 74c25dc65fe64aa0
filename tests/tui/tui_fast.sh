# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_fast.sh: keys stay responsive at the shortest interval: at -d 0.001 (a refresh is always
# due) h, Esc and q still act, and + halves the interval down to the same 0.001 s -d accepts.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=f1
tui_run $S 160 40 --sim spr-2s -d 0.001
if tui_wait $S "interval 0.001s" 10 && tui_wait $S "^all " 20; then pass runs_at_1ms; else fail runs_at_1ms "$(tui_dump $S)"; fi
tui_keys $S h
if tui_wait $S 'Keys \(Esc goes back\)' 3; then pass help_key_at_1ms; else fail help_key_at_1ms "$(tui_dump $S)"; fi
tui_keys $S Escape
if tui_wait $S '^CPU' 3; then pass esc_at_1ms; else fail esc_at_1ms "$(tui_dump $S)"; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass quit_at_1ms; else fail quit_at_1ms "status $st"; fi

# + goes below the old 0.05 s floor, to the shared minimum and no further
S=f2
tui_run $S 160 40 --sim adl-hybrid -d 0.1
tui_wait $S 'interval 0.1s' 10
for i in 1 2 3 4 5 6 7 8; do tui_keys $S +; done
if tui_wait $S 'interval 0.001 s' 3 && tui_wait $S 'interval 0.001s' 3; then
	pass plus_reaches_minimum
else
	fail plus_reaches_minimum "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
