# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_live.sh: this machine, live: the source is "live", software events count, and on a machine
# without a hardware PMU (a VM) the header says why and hides the hardware columns.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

if live_refused; then skip all "$LIVE_WHY"; exit 0; fi
ncpu=$(getconf _NPROCESSORS_ONLN)
S=live
tui_run $S 200 40
if tui_wait $S ' live ' 10 && tui_wait $S "$ncpu CPUs" 3; then pass live_header; else fail live_header "$(tui_dump $S)"; fi
if tui_wait $S '^0 +[0-9]+ +[0-9]+ ' 10; then pass live_rows; else fail live_rows "$(tui_dump $S)"; fi
# software events count: their columns (context switches: ctxsw/s...); cpu-clock, which counts the interval
# on every CPU busy or idle, is no column (tests/cli/live_counting.sh checks its count)
if tui_wait $S '^CPU.*ctxsw/s' 5 && ! tui_cap $S | grep -Eq '^CPU.*cpu-clock'; then
	pass software_event_column
else
	fail software_event_column "$(tui_dump $S)"
fi
if [ ! -e /sys/bus/event_source/devices/cpu ] && ! ls /sys/bus/event_source/devices 2>/dev/null | grep -Eq '^(cpu_core|armv8|apple)'; then
	if tui_cap $S | grep -Eq 'no hardware PMU|hardware'; then pass hw_reason_shown; else fail hw_reason_shown "$(tui_dump $S)"; fi
	# columns that can never have a value are hidden (said once in the header), not n/a on every row
	if ! tui_cap $S | awk '$1 == "0"' | grep -q 'n/a' && tui_cap $S | tr '\n' ' ' | grep -q 'hardware columns hidden'; then
		pass hw_columns_hidden
	else
		fail hw_columns_hidden "$(tui_dump $S)"
	fi
else
	skip hw_reason_shown "this machine has a hardware PMU"
fi
if tui_cap $S | grep -Eq 'perf_event_paranoid -?[0-9]'; then pass paranoid_shown; else fail paranoid_shown "$(tui_dump $S)"; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass live_quit; else fail live_quit "status $st"; fi
t_done
