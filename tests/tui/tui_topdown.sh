# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_topdown.sh: the top-down view (T): the method line, system/socket rows on top, CPU rows with four
# shares and a lettered bar (readable without colour), sorting by a share, folding, level 2 of the
# selected row; both core types on the hybrid; AMD's SMT contention; the "no method" reason.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# a row: label, four (five) numbers, run percent, then the bar of letters
ROW4='[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\*? +R+B+F+K+'
ROW5='[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\*? +R+B+F+K+S+'

S=spr
TUI_ENV=NO_COLOR=1 tui_run $S 170 50 --sim spr-2s -d 0.3
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S 'cpu: Intel PERF_METRICS, slots group with level 2' 5 &&
   tui_wait $S "^skt1 +$ROW4" 5 && tui_wait $S "^cpu3 +$ROW4" 5; then
	pass spr_view
else
	fail spr_view "$(tui_dump $S)"
fi
# socket 1 is the memory-bound one: its backend share is above socket 0's
b0=$(tui_cap $S | awk '$1 == "skt0" { print $5 }')
b1=$(tui_cap $S | awk '$1 == "skt1" { print $5 }')
if [ -n "$b0" ] && [ -n "$b1" ] && awk -v a="$b0" -v b="$b1" 'BEGIN { exit !(b > a + 10) }'; then
	pass memory_bound_socket
else
	fail memory_bound_socket "skt0 $b0 skt1 $b1"
fi
if tui_wait $S 'Backend bound [0-9.]+ = Memory bound [0-9.]+ \+ Core bound [0-9.]+' 3; then
	pass level2_split
else
	fail level2_split "$(tui_dump $S)"
fi
# sort by frontend bound: the frontend-bound core (CPU 1 and its sibling 113) comes first
tui_keys $S '>' '>' '>'
first=
if tui_wait $S 'FrontE[▾v]' 3 && tui_wait $S 'sorted by tma_frontend_bound' 3; then
	sleep 0.5
	first=$(tui_cap $S | grep -E '^cpu[0-9]+ ' | head -n 2 | awk '{ print $1 }' | sort | tr '\n' ' ')
fi
if [ "$first" = "cpu1 cpu113 " ]; then
	pass sort_by_share
else
	fail sort_by_share "$(tui_dump $S)"
fi
tui_keys $S t
if tui_wait $S "^core0/1 +$ROW4" 5; then pass fold_per_core; else fail fold_per_core "$(tui_dump $S)"; fi
[ "$(tui_quit $S)" = 0 ] && pass spr_quit || fail spr_quit "$(tui_dump $S)"

S=adl
tui_run $S 170 45 --sim adl-hybrid -d 0.3
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S 'cpu_core: Intel PERF_METRICS' 5 && tui_wait $S 'cpu_atom: Intel E-core TOPDOWN' 5 &&
   tui_wait $S "^all cpu_core +$ROW4" 5 && tui_wait $S "^all cpu_atom +$ROW4" 5 &&
   tui_wait $S "^cpu16 +$ROW4" 5; then
	pass hybrid_both_core_types
else
	fail hybrid_both_core_types "$(tui_dump $S)"
fi
[ "$(tui_quit $S)" = 0 ] && pass adl_quit || fail adl_quit "$(tui_dump $S)"

S=zen
tui_run $S 170 45 --sim zen4-1s -d 0.3
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S 'cpu: AMD dispatch slots' 5 && tui_wait $S 'S SMT contention' 3 &&
   tui_wait $S "^cpu0 +$ROW5" 6; then
	pass zen4_smt_contention
else
	fail zen4_smt_contention "$(tui_dump $S)"
fi
# the AMD groups rotate with the other events: the mark says they ran part of the time
if tui_wait $S "^cpu0 .* [0-9]+\\* +R" 5; then pass multiplex_mark; else fail multiplex_mark "$(tui_dump $S)"; fi
[ "$(tui_quit $S)" = 0 ] && pass zen_quit || fail zen_quit "$(tui_dump $S)"

# a 6-counter Neoverse V1: the slot group needs every general counter; the view says why the
# cycles/instructions group is unpinned and shows every CPU's shares (multiplexed, marked *)
S=v1
tui_run $S 200 90 --sim neoverse-v1 -d 0.3
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S 'armv8_pmuv3_0: Arm PMUv3.4 slot events' 5 && tui_wait $S 'needs 6 general counters beside' 3 &&
   tui_wait $S "^cpu0 +$ROW4" 6 && tui_wait $S "^cpu63 +$ROW4" 6 && ! tui_cap $S | grep -q 'not counted'; then
	pass v1_six_counters_live
else
	fail v1_six_counters_live "$(tui_dump $S)"
fi
[ "$(tui_quit $S)" = 0 ] && pass v1_quit || fail v1_quit "$(tui_dump $S)"

# the user's own pinned group holds 2 of the 6: the slot group opens but never runs; the view says why
S=v1d
tui_run $S 200 40 --sim neoverse-v1 -d 0.3 -e "'{r1,r2}:D,cycles,instructions'"
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S "top-down's group did not run at all: pinned groups" 6 &&
   tui_wait $S '^cpu0 .* did not run: counters held by pinned groups' 3; then
	pass v1_pinned_by_user_said
else
	fail v1_pinned_by_user_said "$(tui_dump $S)"
fi
[ "$(tui_quit $S)" = 0 ] && pass v1d_quit || fail v1d_quit "$(tui_dump $S)"

# with 4 general counters the group can never be scheduled: the screen says so, with the arithmetic
sed 's/^gp = 6$/gp = 4/' "$(dirname "$0")/../../machines/neoverse-v1.machine" >"$TMPD/v1-4.machine"
S=v4
tui_run $S 170 40 --sim "$TMPD/v1-4.machine" -d 0.3
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S T
if tui_wait $S 'needs 5 general counters, and armv8_pmuv3_0 has 4: the kernel can' 5 &&
   tui_wait $S 'not counted: the top-down groups never find enough counters' 3; then
	pass v1_never_said_on_screen
else
	fail v1_never_said_on_screen "$(tui_dump $S)"
fi
[ "$(tui_quit $S)" = 0 ] && pass v4_quit || fail v4_quit "$(tui_dump $S)"

for m in m1-asahi kvm-nopmu; do
	S=nm$$
	tui_run $S 170 30 --sim $m -d 0.3
	tui_wait $S 'c:Cores' 10 || fail start "$(tui_dump $S)"
	tui_keys $S T
	if tui_wait $S 'no top-down method for this CPU: ' 5; then pass "no_method_$m"; else fail "no_method_$m" "$(tui_dump $S)"; fi
	tui_quit $S >/dev/null
	tm kill-session -t $S 2>/dev/null
done
t_done
