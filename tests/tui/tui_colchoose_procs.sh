# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_colchoose_procs.sh: F in the processes and cgroups views opens the same column chooser over
# their columns (the identities PID, USER, COMMAND, CGROUP stay, not listed): space hides MPKI, ]
# moves CPU% after IPC, Esc applies and saves only process_columns (cgroup_columns), which the next
# start shows again, saying once that its layout hides a default column (an event added later joins
# that layout); F in a view whose columns are fixed (uncore) says so on the status line.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

mkdir -p "$TMPD/cfg"
TUI_ENV="XDG_CONFIG_HOME=$TMPD/cfg"
conf="$TMPD/cfg/pmutop/pmutop.conf"
# titles NAME RE: the first title line of the view (its line starting with RE)
titles() { tui_cap "$1" | grep -E "$2" | head -n 1; }

# choose VIEWKEY NAME TITLE-RE: in view VIEWKEY, F, hide MPKI, move CPU% one down (after IPC), Esc
choose() {
	tui_keys $S "$1"
	tui_wait $S "$3" 10
	before=$(titles $S "$3")
	tui_keys $S F
	if tui_wait $S "Columns of the $2 view" 3 && tui_cap $S | grep -Eq '\[x\] MPKI +mpki' &&
	   ! tui_cap $S | grep -Eq '\] (PID|USER|COMMAND|CGROUP) '; then
		pass "${2}_f_opens"
	else
		fail "${2}_f_opens" "$(tui_dump $S)"
	fi
	tui_select $S '\] MPKI +mpki' 40 && tui_keys $S Space
	tui_keys $S Home
	tui_select $S '\] CPU% +cpu' 40 && tui_keys $S ']'
	tui_keys $S Escape
	tui_wait $S 'columns saved to' 3 || fail "${2}_saved" "$(tui_dump $S)"
	after=$(titles $S "$3")
	if echo "$before" | grep -qw MPKI && ! echo "$after" | grep -qw MPKI; then
		pass "${2}_mpki_hidden"
	else
		fail "${2}_mpki_hidden" "before: $before | after: $after"
	fi
	if echo "$before" | grep -Eq 'CPU%. +IPC' && echo "$after" | grep -Eq 'IPC +CPU%'; then
		pass "${2}_moved"
	else
		fail "${2}_moved" "before: $before | after: $after"
	fi
}

S=w1
tui_run $S 200 40 --sim spr-2s -d 0.5
tui_wait $S '^all ' 10
choose P processes '^ +PID USER'
line=$(grep -E '^process_columns *=' "$conf" 2>/dev/null)
n=$(grep -c '=' "$conf" 2>/dev/null)
if [ "$n" = 1 ] && echo "$line" | grep -Eq '^process_columns *= *pid,ipc,cpu,ghz,' &&
   ! echo "$line" | grep -Eq '(,|= *)mpki(,|$)'; then
	pass processes_saved_alone
else
	fail processes_saved_alone "$(tr '\n' '|' <"$conf" 2>/dev/null)"
fi
procs_after=$after
tui_keys $S u
tui_wait $S 'Uncore' 5
tui_keys $S F
if tui_wait $S "the uncore view's columns are fixed" 3 && ! tui_cap $S | grep -q 'Columns of the'; then
	pass uncore_fixed
else
	fail uncore_fixed "$(tui_dump $S)"
fi
choose G cgroups '^CGROUP '
cg_after=$after
if grep -Eq '^cgroup_columns *= *cgroup,ipc,cpu,' "$conf" && grep -Eq '^process_columns *=' "$conf" &&
   [ "$(grep -c '=' "$conf")" = 2 ]; then
	pass cgroups_saved
else
	fail cgroups_saved "$(tr '\n' '|' <"$conf" 2>/dev/null)"
fi
tui_quit $S >/dev/null

# the next start shows both layouts
S=w2
tui_run $S 200 40 --sim spr-2s -d 0.5
tui_wait $S '^all ' 10
# survives NAME VIEWKEY TITLE-RE SAVED: the view's titles are those saved before the restart
survives() {
	tui_keys $S "$2"
	tui_wait $S "$3" 10
	again=$(titles $S "$3")
	if [ -n "$again" ] && [ "$(echo "$again" | tr -s ' ')" = "$(echo "$4" | tr -s ' ')" ]; then
		pass "$1"
	else
		fail "$1" "saved: $4 | now: $again"
	fi
}
# hidden: the view says once that the saved layout hides a column (MPKI) shown by default
hidden() {
	if tui_wait $S "the config's column layout hides 1 column this machine shows by default \(F to choose\)" 5; then
		pass "$1"
	else
		fail "$1" "$(tui_cap $S | tail -n 2 | tr '\n' '|')"
	fi
}
survives processes_survive_restart P '^ +PID USER' "$procs_after"
hidden processes_hidden_said
survives cgroups_survive_restart G '^CGROUP ' "$cg_after"
hidden cgroups_hidden_said
# an event added in the events view joins the saved layout at its end; MPKI stays hidden
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_select $S '\] page-faults' 80 && tui_keys $S Space
tui_keys $S c
tui_wait $S 'now counting' 5
tui_keys $S P
if tui_wait $S '^ +PID USER.* (page-f|faults)[a-z-]* +CGROUP' 5 && ! titles $S '^ +PID USER' | grep -qw MPKI; then
	pass added_event_joins
else
	fail added_event_joins "$(titles $S '^ +PID USER')"
fi
tui_quit $S >/dev/null
t_done
