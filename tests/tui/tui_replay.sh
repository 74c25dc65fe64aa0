# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_replay.sh: a perf stat recording in the TUI: the source label, p pauses, "." and ","
# step one interval forward and back, Home goes to the first interval.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

R=$REALDATA/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf
if [ ! -f "$R.txt" ]; then
	skip replay "no real data at $REALDATA"
	exit 0
fi
S=rp
tui_run $S 200 40 --replay "$R.txt" --topology "$R.lscpu.txt"
if tui_wait $S 'replay: .*hperf.txt' 10 && tui_wait $S '^0 +0 ' 10; then pass replay_label_and_rows; else fail replay_label_and_rows "$(tui_dump $S)"; fi
tui_keys $S p
if tui_wait $S 'PAUSED' 3; then pass pause_shown; else fail pause_shown "$(tui_dump $S)"; fi
tui_keys $S Home
elapsed() { tui_cap $S | sed -n 's/.*elapsed \([0-9]*\)s.*/\1/p' | head -n 1; }
if tui_wait $S 'elapsed 1s ' 3; then pass home_first_interval; else fail home_first_interval "$(tui_dump $S)"; fi
row0() { tui_cap $S | awk '$1 == "0" { print; exit }'; }
first=$(row0)
tui_keys $S .
tui_wait $S 'elapsed 2s ' 3
second=$(row0)
tui_keys $S .
tui_wait $S 'elapsed 3s ' 3
if [ "$(elapsed)" = 3 ] && [ "$first" != "$second" ]; then pass step_forward; else fail step_forward "elapsed $(elapsed)"; fi
tui_keys $S ,
# the same values as the first time (the IPC history grows with every step: left out)
vals() { LC_ALL=C.UTF-8 sed 's/[▁▂▃▄▅▆▇█]//g' | awk '{ $1 = $1; print }'; }
if tui_wait $S 'elapsed 2s ' 3 && [ "$(row0 | vals)" = "$(printf '%s\n' "$second" | vals)" ]; then
	pass step_back_same_values
else
	fail step_back_same_values "now: $(row0 | vals) then: $(printf "%s\n" "$second" | vals)"
fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass replay_quit; else fail replay_quit "status $st"; fi

# without --topology: the header says the topology is unknown, and folding keeps a row per
# CPU (no core is known to share), never one row "0-63" of every CPU
C=$REALDATA/perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv
if [ -f "$C" ]; then
	S=rq
	tui_run $S 200 40 --replay "$C"
	if tui_wait $S '160 CPUs  topology unknown' 10 && tui_wait $S '^1 +\? +\? ' 5; then
		pass no_topology_said
	else
		fail no_topology_said "$(tui_dump $S)"
	fi
	tui_keys $S t
	if tui_wait $S 'topology unknown .*one row per CPU' 3 && tui_wait $S '^1 +\? +\? ' 3 &&
	   ! tui_cap $S | grep -Eq '^0-[0-9]+ '; then
		pass no_topology_fold_per_cpu
	else
		fail no_topology_fold_per_cpu "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
else
	skip no_topology_said "no $C"
fi
t_done
