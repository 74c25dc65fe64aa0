# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_workloads.sh: P and G (issue 28) on spr-2s: the processes view lists its services and containers
# with IPC, the antagonist (stream) first when sorted by MPKI, `/` filters by name and by PID; the
# cgroups view lists the cgroups with IPC under a total row and says what it left out. On this
# machine, a busy process started here is in the processes view, counted for real, and a sleeping
# one reads idle. Long event names get short titles that stay apart.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# data rows of the view on screen: the lines after the column titles
rows() { tui_cap "$1" | awk -v t="$2" 'go && NF { print } $0 ~ t { go = 1 }'; }

S=wl
tui_run $S 200 50 --sim spr-2s -d 0.5 -e cycles,instructions,cache-misses,cpu-clock
tui_wait $S 'SIMULATED: spr-2s' 10
tui_keys $S P
if tui_wait $S 'processes seen' 5 && tui_wait $S '^ +696 +1000 +stream ' 5; then pass p_opens; else fail p_opens "$(tui_dump $S)"; fi
n=$(rows $S '^ +PID +USER' | awk '$4 ~ /^[0-9.]+$/ && $5 ~ /^[0-9]+\.[0-9]+$/' | wc -l)
if [ "$n" -ge 10 ]; then pass p_ten_with_ipc; else fail p_ten_with_ipc "$n rows with CPU% and IPC: $(tui_dump $S)"; fi
# the view counts a process's 4 busiest threads (java: 4 of 16), said with a * and on the info line
if tui_wait $S '^ +733 +1001 +java\* ' 5 && tui_wait $S '\*: [0-9]+ threads not counted' 3; then
	pass p_threads_budget_said
else
	fail p_threads_budget_said "$(tui_dump $S)"
fi
# H: the selected process's threads (java: 16, all of them now), each a row under it, sorted among
# themselves; H again folds. The keys typed ahead, read at once: H acts on the row Home selected
# in the list as filtered by the Enter before it (not on the unfiltered list's first process, which
# a redraw between the keys would have replaced)
# (one send-keys: tmux writes its keys to the terminal in one go)
tui_keys $S / j a v a Enter Home H
tui_wait $S '^ +744 1001 {7}java ' 5
if [ "$(tui_cap $S | grep -cE '^ +7[34][0-9] 1001 {7}java ')" -eq 16 ]; then
	pass h_threads
else
	fail h_threads "$(tui_dump $S)"
fi
tui_keys $S H
if tui_wait_not $S '^ +744 1001 {7}java ' 5; then pass h_folds; else fail h_folds "$(tui_dump $S)"; fi
tui_keys $S Escape
i=0
while [ $i -lt 12 ] && ! tui_cap $S | grep -Eq 'MPKI[▾v]'; do tui_keys $S '>'; sleep 0.2; i=$((i + 1)); done
tui_wait $S 'MPKI[▾v]' 3
first=$(rows $S '^ +PID +USER' | head -n 1 | awk '{ print $3 }')
if [ "$first" = stream ]; then pass p_antagonist_by_mpki; else fail p_antagonist_by_mpki "first: $first: $(tui_dump $S)"; fi
tui_keys $S I
sleep 0.3
first=$(rows $S '^ +PID +USER' | head -n 1 | awk '{ print $3 }')
if [ "$first" = python3 ]; then pass p_reverse; else fail p_reverse "first: $first: $(tui_dump $S)"; fi
tui_keys $S / r e d i s Enter
if tui_wait $S 'filter "redis": 1 of 14 processes shown' 3 && [ "$(rows $S '^ +PID +USER' | grep -cE '^ +[0-9]+ ')" -eq 1 ]; then
	pass p_filter_name
else
	fail p_filter_name "$(tui_dump $S)"
fi
tui_keys $S / BSpace BSpace BSpace BSpace BSpace 1 , 6 9 6 Enter
if tui_wait $S 'filter "1,696": 2 of 14' 3; then pass p_filter_pids; else fail p_filter_pids "$(tui_dump $S)"; fi
# a filter that matches nothing says so (and how to clear it), not that nothing was counted yet
tui_keys $S / BSpace BSpace BSpace BSpace BSpace; tui_keys $S -l nosuchname; tui_keys $S Enter
if tui_wait $S 'no process matches the filter \(Esc clears it' 3 && ! tui_cap $S | grep -q 'counted yet'; then
	pass p_filter_none
else
	fail p_filter_none "$(tui_dump $S)"
fi
tui_keys $S Escape
tui_keys $S G
if tui_wait $S 'cgroups seen, [0-9]+ counted' 5 && tui_wait $S '^\(all CPUs\) ' 5 &&
   tui_wait $S '^/kubepods.slice/pod-batch/stream +[0-9.]+ +0\.60 ' 5; then
	pass g_opens
else
	fail g_opens "$(tui_dump $S)"
fi
n=$(rows $S '^CGROUP ' | awk '$1 ~ /^\// && $3 ~ /^[0-9]+\.[0-9]+$/' | wc -l)
if [ "$n" -ge 5 ]; then pass g_five_with_ipc; else fail g_five_with_ipc "$n: $(tui_dump $S)"; fi
# what it could not count is said (the descriptors of 224 CPUs x 4 events per cgroup), never hidden
# (the line must be there: without it nothing is said)
seen=$(tui_cap $S | sed -n 's/^ *\([0-9][0-9]*\) cgroups seen, \([0-9][0-9]*\) counted.*/\1 \2/p')
set -- $seen
if [ $# -eq 2 ] && { [ "$1" -eq "$2" ] || tui_cap $S | grep -q 'not counted: file descriptors'; }; then
	pass g_left_out_said
else
	fail g_left_out_said "$(tui_dump $S)"
fi
code=$(tui_quit $S)
[ "$code" = 0 ] && pass quits || fail quits "exit $code"
tm kill-session -t $S 2>/dev/null

# long event names get the cores view's short titles, apart where the names differ (not both
# "mem_load_" cut at 9 characters)
S=wlt
tui_run $S 200 50 --sim spr-2s -d 0.5 -e cycles,mem_load_retired.l3_miss,mem_load_retired.l2_miss
tui_wait $S 'SIMULATED: spr-2s' 10
tui_keys $S P
if tui_wait $S '^ +PID +USER .* l3_miss +l2_miss ' 5; then pass p_titles_apart; else fail p_titles_apart "$(tui_dump $S)"; fi
tui_quit $S >/dev/null
tm kill-session -t $S 2>/dev/null

# a recording has no processes: the view says so, nothing breaks
"$PMUTOP" --sim zen4-1s -b -x, -n 2 -d 0.2 -e cycles -o "$TMPD/rec.csv" 2>/dev/null
S=wlr
tui_run $S 160 40 --replay "$TMPD/rec.csv"
tui_wait $S 'c:Cores' 10
tui_keys $S P
if tui_wait $S 'a recording holds no processes or cgroups' 5; then pass replay_says; else fail replay_says "$(tui_dump $S)"; fi
code=$(tui_quit $S)
[ "$code" = 0 ] && pass replay_quits || fail replay_quits "exit $code"
tm kill-session -t $S 2>/dev/null

# live: a busy process is among the counted, with its CPU%; a sleeping one (-p) reads idle, 0.0% and
# 0 per second (its events are <not counted> in batch output, as perf's), never an error such as !nc
if live_refused; then
	skip live "$LIVE_WHY"
else
	sh -c 'while :; do :; done' &
	busy=$!
	sleep 60 &
	sleeper=$!
	S=wll
	tui_run $S 200 50 -d 0.5 -e task-clock,context-switches -p $sleeper
	tui_wait $S 'c:Cores' 10
	tui_keys $S P
	if tui_wait $S "^ +$busy +[a-z0-9_-]+ +sh +[0-9]" 8; then pass live_busy_counted; else fail live_busy_counted "$(tui_dump $S)"; fi
	if tui_wait $S "^ +$sleeper +[a-z0-9_-]+ +sleep +0\.0 " 5 &&
	   tui_cap $S | grep -E "^ +$sleeper " | awk '{ exit !($(NF - 2) == "0" && $(NF - 1) == "0") }' &&
	   ! tui_cap $S | grep -E "^ +$sleeper " | grep -q '!nc'; then
		pass live_idle_reads_idle
	else
		fail live_idle_reads_idle "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
	kill $busy $sleeper
	tm kill-session -t $S 2>/dev/null
fi
t_done
