# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_hot_sim.sh: the hot functions panel on a simulated machine whose kernel throttles to one
# sample per tick (--sim-fault throttle=200): sampled as a group, no sample brings the members'
# counts (each is the first after an unthrottle; only the first ticks' can), and the panel says so,
# with what to change, instead
# of a column of "-" under IPC, whole at 80 columns (wrapped at words); tests/cli/hot_sim.sh checks
# the JSON and the text, and two samples per tick. From the cgroups view, a cgroup's own functions,
# the panel's title wrapped at a word.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=hs
tui_run $S 80 24 --sim spr-2s --sim-fault throttle=200 -d 0.5
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S Home o
tui_wait $S 'hot functions of cpu0: ' 5 || fail opens "$(tui_dump $S)"
# the event typed only once its prompt shows (typed into the panel, its letters would be keys)
tui_keys $S a C-u
tui_wait $S 'event to sample' 3 || fail prompt "$(tui_dump $S)"
tui_keys $S -l '{task-clock,cycles,instructions}:S'; tui_keys $S Enter
if tui_wait $S '\{task-clock,cycles,instructions\}:S at ' 5 &&
   tui_wait $S '^ ! (no group counts \(IPC, MPKI\): every sample of the window|group counts \(IPC, MPKI\) from only [0-9]+ of)' 5 &&
   tui_cap $S | awk '/^ ! (no )?group counts/ { go = 1 } go && !/^ [! ] / { go = 0 } go { sub(/^ [! ] /, ""); printf "%s ", $0 }' |
	tr -s ' ' | grep -Eq 'came first after a throttle, which brings none; lower \[sample\] freq or raise perf_event_max_sample_rate $'; then
	pass group_no_counts_said
else
	fail group_no_counts_said "$(tui_cap $S | sed -n 8,16p | tr "\n" "|")"
fi
if tui_cap $S | grep -q 'throttled [0-9]* times'; then pass throttles_counted; else fail throttles_counted "$(tui_dump $S)"; fi
# o on a cgroup of the cgroups view: that cgroup's functions (stream's), nothing of another task's
tui_keys $S Escape
tui_keys $S G
tui_wait $S 'cgroups seen' 5
tui_keys $S / s t r e a m Enter
tui_wait $S '^/kubepods.slice/pod-batch/stream ' 5
tui_keys $S Home o
if tui_wait $S 'hot functions of /kubepods.slice/pod-batch/stream: ' 5 && tui_wait $S ' stream_copy +/opt/stream/stream' 5 &&
   ! tui_cap $S | grep -Eq 'ngx_|redis|java|default_idle'; then
	pass cgroup_panel
else
	fail cgroup_panel "$(tui_dump $S)"
fi
# the panel's head at 80 columns: its title wraps at a word ("... 9576" / "samples"), never a
# word cut at the edge ("9576 sa"); its lines joined read the whole title
head=$(tui_cap $S | sed -n '/^ hot functions of /,/^ a: the event sampled/p' | sed '$d' | sed 's/^ *//; s/ *$//' | tr '\n' ' ')
if echo "$head" | grep -Eq '^hot functions of /kubepods.slice/pod-batch/stream: [^ ]+ at [0-9]+ Hz, window [0-9.]+ of [0-9]+ s, [0-9]+ samples( |$)'; then
	pass head_wrapped_at_words
else
	fail head_wrapped_at_words "$head"
fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass quits; else fail quits "exit $st"; fi
t_done
