# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_events.sh: the events view: toggling an event adds and removes its column, adding by syntax
# with the parse error at its position, the budget saying "will multiplex" before the set is applied,
# an event the kernel refused on every CPU marked and refused when ticked again.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=ev
tui_run $S 200 50 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
if tui_cap $S | grep -q 'page-faults'; then
	fail column_absent_first "page-faults already shown"
fi

# toggle page-faults on: after the next refresh the cores view has its column
tui_keys $S e
tui_wait $S 'events? in the list' 3
if tui_select $S '\] page-faults' 80; then pass select_event; else fail select_event "$(tui_dump $S)"; fi
tui_keys $S Space
if tui_wait $S '> \[x\] page-faults' 3; then pass checkbox_on; else fail checkbox_on "$(tui_dump $S)"; fi
tui_keys $S c
if tui_wait $S '^CPU.*page-faults' 5 && tui_wait $S '^0 +0 +0 .* [0-9.]+[KMG]? *$' 5; then
	pass toggle_adds_column
else
	fail toggle_adds_column "$(tui_dump $S)"
fi
# and off again
tui_keys $S e
tui_wait $S 'events? in the list' 3
if tui_cap $S | grep -Eq '^ > \[x\] page-faults'; then pass selection_kept; else fail selection_kept "$(tui_dump $S)"; fi
tui_keys $S Space
if tui_wait $S '> \[ \] page-faults' 3; then pass checkbox_off; else fail checkbox_off "$(tui_dump $S)"; fi
tui_keys $S c
if tui_wait_not $S 'page-faults' 5; then pass toggle_removes_column; else fail toggle_removes_column "$(tui_dump $S)"; fi

# add by syntax: a bad term is shown with a caret under it
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S a
tui_keys $S -l 'cycles,cpu/evnt=0x3c/'
tui_keys $S Enter
if tui_wait $S '^ add> cycles,cpu/evnt=0x3c/' 3; then
	# the caret sits under the 'e' of "evnt" (byte 11 of the input, after the 6-column prompt)
	caret=$(tui_cap $S | grep -A1 '^ add> ' | tail -n 1)
	col=$(printf '%s\n' "$caret" | awk '{ print index($0, "^") - 1 }')
	if [ "$col" -eq 17 ] && printf '%s\n' "$caret" | grep -q 'evnt'; then
		pass add_error_caret
	else
		fail add_error_caret "caret at $col: '$caret'"
	fi
else
	fail add_error_caret "$(tui_dump $S)"
fi
tui_keys $S Escape
if tui_wait_not $S '^ add> ' 3; then pass add_escape_cancels; else fail add_escape_cancels "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

# before the set is applied the budget says it will multiplex (long interval: nothing applies yet)
S=ev2
tui_run $S 200 50 --sim spr-2s -d 30
tui_wait $S 'waiting for the first sample' 10
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S a
tui_keys $S -l 'r01c2,r02c2,r03c2,r04c2,r05c2,r06c2,r07c2,r08c2'
tui_keys $S Enter
if tui_wait $S 'applies at the next refresh' 3 && tui_wait $S 'will multiplex! cpu: ' 3; then
	pass budget_warns_before_commit
else
	fail budget_warns_before_commit "$(tui_dump $S)"
fi
# the header still shows the budget of what counts now
if tui_cap $S | grep -Eq '^ counters cpu: .*: fits'; then pass header_budget_is_current; else fail header_budget_is_current "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

# S on a simulated machine saves the display settings, never its events as this machine's default
S=sv
mkdir -p "$TMPD/xdg"
TUI_ENV="XDG_CONFIG_HOME=$TMPD/xdg" tui_run $S 160 30 --sim spr-2s -e cycles,instructions,r01c2
tui_wait $S '^0 +0 +0 ' 10
tui_keys $S + S
conf="$TMPD/xdg/pmutop/pmutop.conf"
if tui_wait $S "saved to $conf" 5 && grep -Eq '^interval *= *0\.5' "$conf" &&
   ! grep -q 'r01c2' "$conf" && ! grep -Eq '^set *= *current' "$conf" && tui_cap $S | grep -q 'simulated machine'; then
	pass save_sim_display_only
else
	fail save_sim_display_only "$(tui_dump $S) $(head -c 300 "$conf" 2>&1 | tr '\n' '|')"
fi
tui_quit $S >/dev/null

# S on this machine asks a name and saves the events as that event set, which then starts
if live_refused; then
	skip save_on_this_machine "$LIVE_WHY"
else
	S=sl
	mkdir -p "$TMPD/xdg2"
	TUI_ENV="XDG_CONFIG_HOME=$TMPD/xdg2" tui_run $S 160 30 -e cpu-clock,page-faults,context-switches
	tui_wait $S '^0 ' 10
	tui_keys $S S
	conf="$TMPD/xdg2/pmutop/pmutop.conf"
	if tui_wait $S 'save the events as event set: mine +\(Enter saves' 3; then pass save_asks_name; else fail save_asks_name "$(tui_dump $S)"; fi
	# a built-in set's name is refused
	tui_keys $S BSpace BSpace BSpace BSpace c a c h e Enter
	if tui_wait $S 'a built-in set has that name' 3 && [ ! -e "$conf" ]; then pass save_refuses_builtin; else fail save_refuses_builtin "$(tui_dump $S)"; fi
	tui_keys $S BSpace BSpace BSpace BSpace BSpace w o r k Enter
	if tui_wait $S "saved to $conf, event set work" 5 && grep -q '^\[eventset work\]' "$conf" &&
	   grep -Eq '^events *= *cpu-clock,page-faults,context-switches' "$conf" && grep -Eq '^set *= *work' "$conf"; then
		pass save_named_set
	else
		fail save_named_set "$(tui_dump $S) $(head -c 400 "$conf" 2>&1 | tr '\n' '|')"
	fi
	tui_quit $S >/dev/null
	if XDG_CONFIG_HOME="$TMPD/xdg2" "$PMUTOP" -b -n 1 -d 0.05 --json 2>/dev/null | grep -q '"page-faults"'; then
		pass saved_set_starts
	else
		fail saved_set_starts "the saved set is not counted at start"
	fi
fi
# what opening an event taught: on the simulated Apple M1 the kernel maps no generic branch
# events, so branches is refused on every CPU: the list says so, and ticked again once removed,
# it is refused at once with the reason
S=rf
tui_run $S 160 40 --sim m1-asahi -d 0.5 -e cycles,instructions,branches
tui_wait $S '^all ' 10
sleep 1.2
tui_keys $S e
if tui_wait $S '\[x\] branches +refused by the kernel on every CPU' 5; then pass refused_marked; else fail refused_marked "$(tui_dump $S)"; fi
tui_select $S '\[x\] branches' 20
tui_keys $S Space
tui_keys $S c
sleep 1.2
tui_keys $S e
tui_wait $S 'events? in the list' 3
if tui_select $S '\[ \] branches *$' 80; then
	tui_keys $S Space
	if tui_wait $S 'not added: branches: the kernel refused it on every CPU when opened' 3 &&
	   tui_cap $S | grep -Eq '> \[ \] branches'; then
		pass refused_again_at_once
	else
		fail refused_again_at_once "$(tui_dump $S)"
	fi
else
	fail refused_again_at_once "no branches item: $(tui_dump $S)"
fi
tui_quit $S >/dev/null
# task-clock added: its column is hidden (the interval on every CPU), and the status line says so
S=tc
tui_run $S 160 30 --sim spr-2s -d 0.5 -e cpu-clock
tui_wait $S '^all ' 10
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S a
tui_keys $S -l task-clock
tui_keys $S Enter
if tui_wait $S 'now counting [0-9]+ events; task-clock counts the interval on every CPU, so its column is hidden \(F shows it\)' 5; then
	pass clock_added_said_hidden
else
	fail clock_added_said_hidden "$(tui_cap $S | tail -n 1)"
fi
tui_quit $S >/dev/null
t_done
