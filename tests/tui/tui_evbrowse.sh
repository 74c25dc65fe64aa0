# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_evbrowse.sh: the event browser of the events view: `/` opens it on the CPU's named events
# (JSON fixture tables for Sapphire Rapids), typing searches names and descriptions, the pane shows
# the encoding and the counters, Enter adds the event, which is then counted; the budget uses the
# table's counter limits before the list is applied.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

EVD="$ROOT/tests/fixtures/events/perfmon"
[ -d "$EVD" ] || EVD="$(cd "$(dirname "$0")/../fixtures/events/perfmon" && pwd)"
S=br
tui_run $S 200 50 --sim spr-2s --events-dir "$EVD"
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S /
if tui_wait $S '^ Browse: [0-9]+ of [0-9]+ named events  search: *$' 3 && tui_cap $S | grep -q 'PMU cpu'; then
	pass browser_opens
else
	fail browser_opens "$(tui_dump $S)"
fi
# a word of the description finds the event; the name is not searched for it
tui_keys $S -l 'beyond the last'
if tui_wait $S '^ Browse: 1 of [0-9]+ named events  search: beyond the last *$' 3 &&
   tui_cap $S | grep -Eq '^ > mem_load_retired\.l3_miss +Retired loads whose data came from beyond'; then
	pass search_description
else
	fail search_description "$(tui_dump $S)"
fi
if tui_cap $S | grep -q '^ Encoding: cpu/event=0xd1,umask=0x20/' && tui_cap $S | grep -q '^ Counter: 0,1,2,3$'; then
	pass pane_encoding_counters
else
	fail pane_encoding_counters "$(tui_dump $S)"
fi
# a search over names, with a fixed-only event
tui_keys $S BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
tui_keys $S -l 'inst_retired.any'
if tui_wait $S '^ > inst_retired\.any ' 3 && tui_cap $S | grep -q '^ Counter: Fixed counter 0 only (fixed-only)'; then
	pass pane_fixed_only
else
	fail pane_fixed_only "$(tui_dump $S)"
fi
tui_keys $S BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
tui_keys $S -l 'l3_miss'
tui_wait $S '^ > mem_load_retired\.l3_miss ' 3
tui_keys $S Enter
# (the 1 s refresh may apply it at once: the list line shows it either way)
if tui_wait $S 'events in the list[^:]*: .*, mem_load_retired\.l3_miss' 3; then
	pass enter_adds
else
	fail enter_adds "$(tui_dump $S)"
fi
# Esc ends the search, a second Esc closes the browser; the list shows the event checked
tui_keys $S Escape
tui_keys $S Escape
if tui_wait_not $S '^ Browse: ' 3 && tui_cap $S | grep -q '\[x\] mem_load_retired.l3_miss'; then
	pass escape_closes
else
	fail escape_closes "$(tui_dump $S)"
fi
tui_keys $S c
if tui_wait $S '^CPU.* l3_miss/s' 5 && tui_wait $S '^0 +0 +0 .* [0-9.]+[KMG]? *$' 5; then
	pass added_event_counted
else
	fail added_event_counted "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# counter limits before the list is applied: four more events limited to counters 0-3 (five in all
# with the one counted) on 8 GP counters do not fit, though five GP events would
S=bb
tui_run $S 200 50 --sim spr-2s -d 30 --events-dir "$EVD" -e mem_load_retired.l3_miss
tui_wait $S 'waiting for the first sample' 10
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S /
tui_keys $S -l 'l3_miss'
tui_wait $S '^ > mem_load_retired\.l3_miss ' 3
tui_keys $S Escape a
tui_keys $S -l 'cpu/mem_load_retired.l3_miss,cmask=1/,cpu/mem_load_retired.l3_miss,cmask=2/,cpu/mem_load_retired.l3_miss,cmask=3/,cpu/mem_load_retired.l3_miss,cmask=4/'
tui_keys $S Enter
if tui_wait $S 'will multiplex! cpu: .*limited to counters already taken' 3; then
	pass budget_counter_limits
else
	fail budget_counter_limits "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
