# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_colchoose.sh: F opens the column chooser: space hides a column, ] and [ move one down and
# up, Esc (or q, which does not quit pmutop there) closes it and saves the choice as the
# "columns" setting, which the next start shows again. An event added later in the events view joins that
# layout at its end (a column hidden there stays hidden). Columns a machine cannot count (a VM's
# hardware columns) stay the user's: the chooser keeps them ticked, marked, so a layout saved on
# kvm-nopmu shows IPC on spr-2s; the saved file holds only that setting; a start whose layout
# hides default columns says so once.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

mkdir -p "$TMPD/cfg"
TUI_ENV="XDG_CONFIG_HOME=$TMPD/cfg"
conf="$TMPD/cfg/pmutop/pmutop.conf"
titles() { tui_cap "$1" | grep -E '^CPU[^[]' | head -n 1; }
# has_ipc: the IPC column (not "IPC hist") is in the titles on stdin
has_ipc() { sed 's/IPC hist//' | grep -qw IPC; }

S=k1
tui_run $S 200 40 --sim zen4-1s -d 0.5
tui_wait $S '^all ' 10
before=$(titles $S)
tui_keys $S F
if tui_wait $S 'Columns of the cores view' 3 && tui_cap $S | grep -q '\[x\] IPC '; then pass f_opens; else fail f_opens "$(tui_dump $S)"; fi
# Home first: the selection starts from the top of the list
tui_select $S '\] IPC +ipc *$' 40 && tui_keys $S Space
tui_wait $S '> \[ \] IPC +ipc' 3 || fail space_unticks "$(tui_dump $S)"
tui_keys $S Home
tui_select $S '\] UTIL%' 40 && tui_keys $S ']'
tui_select $S '\] CYCLES/s' 40 && tui_keys $S '['
tui_keys $S q        # closes the chooser, not pmutop
if tui_wait $S 'columns saved to' 3 && ! tui_cap $S | grep -q 'PMUTOP-EXIT'; then pass q_closes_and_saves; else fail q_closes_and_saves "$(tui_dump $S)"; fi
after=$(titles $S)
if echo "$before" | has_ipc && ! echo "$after" | has_ipc && echo "$after" | grep -q 'IPC hist'; then
	pass hidden_column_gone
else
	fail hidden_column_gone "before: $before | after: $after"
fi
if echo "$before" | grep -Eq 'UTIL% +GHz' && echo "$after" | grep -Eq 'GHz +UTIL%' &&
   echo "$before" | grep -Eq 'INSTR/s +CYCLES/s' && echo "$after" | grep -Eq 'CYCLES/s +INSTR/s'; then
	pass moved_columns
else
	fail moved_columns "before: $before | after: $after"
fi
line=$(grep '^columns *=' "$conf" 2>/dev/null)
if echo "$line" | grep -Eq '^columns *= *cpu,mux,ghz,util,' && ! echo "$line" | grep -Eq '(,|= *)ipc(,|$)'; then
	pass saved_to_config
else
	fail saved_to_config "$line"
fi
tui_quit $S >/dev/null

# the next start shows the saved layout
S=k2
tui_run $S 200 40 --sim zen4-1s -d 0.5
tui_wait $S '^all ' 10
again=$(titles $S)
if [ -n "$again" ] && [ "$again" = "$after" ]; then pass survives_restart; else fail survives_restart "saved: $after | now: $again"; fi
# a hidden column comes back with space, at the end of the shown ones
tui_keys $S f
tui_wait $S 'Columns of the cores view' 3
tui_select $S '\] IPC +ipc *$' 40 && tui_keys $S Space
tui_keys $S Escape
tui_wait $S 'columns saved to' 3
if titles $S | has_ipc; then pass shown_again; else fail shown_again "$(tui_dump $S)"; fi
# an event added in the events view shows under the saved layout, at its end; hidden columns stay hidden
tui_keys $S f
tui_wait $S 'Columns of the cores view' 3
tui_select $S '\] IPC +ipc *$' 40 && tui_keys $S Space
tui_keys $S Escape
tui_wait $S 'columns saved to' 3
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_select $S '\] page-faults' 80 && tui_keys $S Space
tui_keys $S c
tui_wait $S 'now counting' 5
tui_keys $S Escape
if tui_wait $S '^CPU.* page-faults' 5 && ! titles $S | has_ipc; then
	pass added_event_shows
else
	fail added_event_shows "$(titles $S)"
fi
tui_quit $S >/dev/null
# --- saved on a machine without a PMU, used on one with it ---
mkdir -p "$TMPD/cfg2"
TUI_ENV="XDG_CONFIG_HOME=$TMPD/cfg2"
conf2="$TMPD/cfg2/pmutop/pmutop.conf"
S=v1
tui_run $S 200 40 --sim kvm-nopmu -d 0.5
tui_wait $S '^all ' 10
tui_keys $S F
if tui_wait $S 'Columns of the cores view' 3 && tui_cap $S | grep -Eq '\[x\] IPC +ipc +\(not counted on this machine'; then
	pass vm_keeps_hw_ticked
else
	fail vm_keeps_hw_ticked "$(tui_dump $S)"
fi
tui_select $S '\] MHz' 40 && tui_keys $S Space
tui_keys $S Escape
tui_wait $S 'columns saved to' 3
if ! titles $S | grep -q 'MHz' && ! titles $S | has_ipc; then pass vm_mhz_hidden; else fail vm_mhz_hidden "$(titles $S)"; fi
tui_quit $S >/dev/null
line=$(grep -c '=' "$conf2" 2>/dev/null)
if [ "$line" = 1 ] && grep -Eq '^columns *= *cpu,.*(,|= *)ipc(,|$)' "$conf2" && ! grep -q 'mhz' "$conf2"; then
	pass saves_only_the_choice
else
	fail saves_only_the_choice "$(cat "$conf2" 2>/dev/null | tr '\n' '|')"
fi
S=v2
tui_run $S 200 40 --sim spr-2s -d 0.5
tui_wait $S '^all ' 10
if titles $S | has_ipc && ! titles $S | grep -q 'MHz'; then pass other_machine_shows_ipc; else fail other_machine_shows_ipc "$(titles $S)"; fi
if tui_wait $S "the config's column layout hides [0-9]+ columns? this machine shows by default \(F to choose\)" 5; then
	pass hidden_said_once
else
	fail hidden_said_once "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
