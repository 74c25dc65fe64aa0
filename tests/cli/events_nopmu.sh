#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# events_nopmu.sh: the event names offered where there is no core PMU (issue 36), and the "did you
# mean" lines. --list-events on the simulated kvm-nopmu (and on this machine when it has no core PMU,
# as most virtual machines) lists perf's software events, as `perf list sw` names them, and this
# kernel's tracepoints, as `perf list tracepoint` does, each of which opens; none of the CPU's core
# events (which cannot count there), and naming one says the machine has no such PMU. `-e cycels`
# suggests cycles on every machine, `-E topdwn` topdown, and --help's -E names every built-in set.
. "$(dirname "$0")/../lib.sh"
need_binary

# perf's own software event names (`perf list sw`: "context-switches OR cs [Software event]")
perf_sw() { perf list sw 2>/dev/null | sed -n 's/^  *\([a-z0-9-]*\).*\[Software event\].*/\1/p' | sort; }

"$PMUTOP" --sim kvm-nopmu --list-events >"$TMPD/sim.txt" 2>"$TMPD/sim.err"
check sim_no_core_events sh -c '! grep -Eq "^[^ ]+ +[^ ]+ +(libpfm4|json) " "$0" && grep -q "left out: their PMU (the core PMU) is not on this machine" "$1"' \
	"$TMPD/sim.txt" "$TMPD/sim.err"
awk '$3 == "perf" && $2 == "software" { print $1 }' "$TMPD/sim.txt" | sort >"$TMPD/sim.sw"
if command -v perf >/dev/null 2>&1 && perf_sw >"$TMPD/perf.sw" && [ -s "$TMPD/perf.sw" ]; then
	check software_as_perf_lists diff "$TMPD/perf.sw" "$TMPD/sim.sw"
else
	skip software_as_perf_lists "perf is not installed (apt-get install linux-perf)"
fi
check sim_software_count sh -c 'n=$(wc -l <"$0"); [ "$n" -ge 10 ] && "$1" --sim kvm-nopmu -b -n 1 -d 0.2 -e "$(paste -sd, "$0")" >/dev/null' \
	"$TMPD/sim.sw" "$PMUTOP"

# this machine, when it has no core PMU: what it lists counts here
core=$(ls /sys/bus/event_source/devices 2>/dev/null | grep -E '^(cpu|cpu_core|cpu_atom|armv[78].*|apple_.*_pmu)$' | head -1)
if [ -n "$core" ]; then
	skip live_list "this machine has a core PMU ($core): kvm-nopmu stood for it above"
else
	"$PMUTOP" --list-events >"$TMPD/live.txt" 2>"$TMPD/live.err"
	check live_no_core_events sh -c '! grep -Eq "^[^ ]+ +[^ ]+ +(libpfm4|json) " "$0"' "$TMPD/live.txt"
	awk '$3 == "perf" { print $1 }' "$TMPD/live.txt" | sort >"$TMPD/live.sw"
	sw=$(paste -sd, "$TMPD/live.sw")
	if live_refused; then
		skip live_software_count "$LIVE_WHY"
	else
	check live_software_count sh -c '[ -n "$1" ] && "$0" -b -n 1 -d 0.2 -x, -e "$1" >"$2" 2>&1 && ! grep -q "not supported\|not counted" "$2"' \
		"$PMUTOP" "$sw" "$TMPD/sw.csv"
	fi
	awk '$3 == "tracefs" { print $1 }' "$TMPD/live.txt" | sort >"$TMPD/live.tp"
	if [ ! -s "$TMPD/live.tp" ]; then
		skip live_tracepoints "no tracefs mounted here"
	else
		if command -v perf >/dev/null 2>&1; then
			perf list tracepoint 2>/dev/null | sed -n 's/^  *\([^ ]*:[^ ]*\) .*\[Tracepoint event\].*/\1/p' | sort >"$TMPD/perf.tp"
			check tracepoints_as_perf_lists diff "$TMPD/perf.tp" "$TMPD/live.tp"
		fi
		check tracepoint_counts sh -c 'grep -qx sched:sched_switch "$1" && "$0" -b -n 1 -d 0.2 -x, -e sched:sched_switch >"$2" 2>&1 &&
			grep -q "sched:sched_switch" "$2"' "$PMUTOP" "$TMPD/live.tp" "$TMPD/tp.csv"
	fi
fi
# a core event of the CPU's own table, named where there is no core PMU
ev=$("$PMUTOP" --sim spr-2s --list-events 2>/dev/null | awk '$3 == "libpfm4" && $2 == "cpu" { print $1; exit }')
"$PMUTOP" --sim kvm-nopmu -b -n 1 -e "$ev" >/dev/null 2>"$TMPD/ev.err"
check absent_pmu_said sh -c '[ -n "$1" ] && grep -q "is an event of the core PMU, which this machine does not have" "$0"' "$TMPD/ev.err" "$ev"

# did you mean: cycles for cycels on every machine (built in and this one), topdown for topdwn
for m in $("$PMUTOP" --list-machines) live; do
	if [ "$m" = live ]; then set --; else set -- --sim "$m"; fi
	"$PMUTOP" "$@" -b -n 1 -e cycels >/dev/null 2>"$TMPD/typo.err"
	grep -q "did you mean cycles" "$TMPD/typo.err" || echo "$m: $(tail -1 "$TMPD/typo.err")" >>"$TMPD/typo.bad"
done
check cycels_everywhere sh -c '[ ! -s "$0" ] || { cat "$0"; exit 1; }' "$TMPD/typo.bad"
"$PMUTOP" --sim spr-2s -b -n 1 -E topdwn >/dev/null 2>"$TMPD/set.err"; rc=$?
check topdwn_suggests sh -c '[ "$0" -eq 2 ] && grep -q "did you mean topdown?" "$1"' "$rc" "$TMPD/set.err"
"$PMUTOP" --sim spr-2s -b -n 1 -E zzzzzzzz >/dev/null 2>"$TMPD/set2.err"
check far_set_no_guess sh -c 'grep -q "no event set named" "$0" && ! grep -q "did you mean" "$0"' "$TMPD/set2.err"
# --help's -E names every built-in set (as --list-options lists them)
"$PMUTOP" --list-options | sed -n '/built in:$/,$p' | awk 'NR > 1 && /^  [a-z]/ { print $1 }' >"$TMPD/sets"
"$PMUTOP" --help | sed -n '/-E, --event-set/,/-d, --delay/p' | tr -d '\n' >"$TMPD/help_e"
check help_lists_every_set sh -c '[ -s "$0" ] && while read -r s; do grep -q "[ (]$s," "$1" || { echo "$s missing"; exit 1; }; done <"$0"' \
	"$TMPD/sets" "$TMPD/help_e"
t_done
