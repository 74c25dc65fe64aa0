#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_workloads_80.sh: the processes and cgroups views at 80x24, on spr-2s and kvm-nopmu: no
# captured line is wider than 80 columns, the title line and the first row are separate lines
# (the last title once wrapped into the first row), columns are drawn whole, '>' says more are to
# the right and Right brings the last column (CGROUP) into view, with '<' saying some are left;
# the sort mark is the cores view's; on a VM the hardware figures are hidden, as in the cores view;
# the cgroups view's total CPU% is a whole number, never cut.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# lines wider than 80 characters (not bytes: the sort mark is UTF-8)
wide() { tui_cap "$1" | python3 -c 'import sys; print(sum(len(l.rstrip("\n")) > 80 for l in sys.stdin))'; }
titles() { tui_cap "$1" | grep -E '^[<> ]+PID +USER|^[<]?CGROUP ' | head -n 1; }

for mach in spr-2s kvm-nopmu; do
	S=p$mach
	tui_run $S 80 24 --sim "$mach" -d 0.5
	tui_wait $S '^all ' 10
	tui_keys $S P
	tui_wait $S "processes seen" 10
	tui_wait $S "^ +[0-9]+ [0-9a-z]+ +[a-z][-a-z0-9_]* +[0-9.]+ " 15
	t=$(titles $S)
	first=$(tui_cap $S | grep -A1 -E '^[<> ]+PID +USER' | sed -n 2p)
	if [ "$(wide $S)" = 0 ] && [ -n "$t" ] && echo "$first" | grep -Eq '^ +[0-9]+ +[^ ]+ +[^ ]'; then
		pass "${mach}_p_fits_80"
	else
		fail "${mach}_p_fits_80" "$(tui_dump $S)"
	fi
	if echo "$t" | grep -q "CPU%[▾v]"; then pass "${mach}_p_sort_mark"; else fail "${mach}_p_sort_mark" "$t"; fi
	if [ "$mach" = kvm-nopmu ]; then
		if ! echo "$t" | grep -Eq ' (IPC|GHz|INSTR/s|MISS/s|MPKI|BRM%)'; then pass vm_no_hw_columns; else fail vm_no_hw_columns "$t"; fi
	fi
	if echo "$t" | grep -q '>$'; then
		i=0
		while [ $i -lt 30 ] && ! titles $S | grep -q 'CGROUP'; do tui_keys $S Right; sleep 0.15; i=$((i + 1)); done
		t2=$(titles $S)
		if echo "$t2" | grep -q 'CGROUP' && echo "$t2" | grep -q ' <' && [ "$(wide $S)" = 0 ]; then
			pass "${mach}_right_reaches_last"
		else
			fail "${mach}_right_reaches_last" "$t2"
		fi
	elif echo "$t" | grep -q 'CGROUP'; then
		pass "${mach}_right_reaches_last"   # everything fits: nothing to scroll
	else
		fail "${mach}_right_reaches_last" "no '>' mark and no CGROUP column: $t"
	fi
	tui_keys $S G
	tui_wait $S '^\(all CPUs\)' 10
	if [ "$(wide $S)" = 0 ] && tui_cap $S | grep -Eq '^\(all CPUs\) +[0-9]+(\.[0-9])? '; then
		pass "${mach}_g_total_whole"
	else
		fail "${mach}_g_total_whole" "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
done
t_done
