# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_hot.sh: the hot functions panel (o, issue 40) on this machine's kernel at 80x24: from the
# processes view (the 70/30 program's row, filtered by its PID) it lists hot_a and hot_b within 5
# points of 70/30, says what is sampled (cpu-clock where there is no hardware PMU); a and w change
# the event and the window; Esc returns to the processes view; the same key opens it on a CPU of the
# cores view and on a cgroup of the cgroups view; on the top-down view without top-down it says why.
# No captured line is wider than 80.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

if [ "$(id -u)" != 0 ] && [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)" -gt 1 ]; then
	skip all "not root and perf_event_paranoid above 1: sampling a process with its kernel part is refused"
	exit 0
fi
if live_refused; then skip all "$LIVE_WHY"; exit 0; fi
command -v cc >/dev/null 2>&1 || { skip all "no C compiler (cc) to build the test program"; exit 0; }
cc -O1 -g -o "$TMPD/p7030" "$(cd "$(dirname "$0")/.." && pwd)/hot/prog7030.c" || { fail build "cc failed"; exit 1; }

CG="" CGDIR=""
cleanup() {
	[ -n "$P" ] && kill "$P" 2>/dev/null
	[ -n "$CGDIR" ] && rmdir "$CGDIR" 2>/dev/null
	tmux -L "$TM_SOCK" kill-server 2>/dev/null
	rm -f "$TM_SOCK_FILE"
	rm -rf "$TMPD"
}
trap cleanup EXIT
"$TMPD/p7030" 90 &
P=$!

# widths: every captured line at most 80 characters (UTF-8 marks counted as one)
narrow() {
	tui_cap $S | python3 -c 'import sys; sys.exit(0 if all(len(l.rstrip("\n")) <= 80 for l in sys.stdin) else 1)'
}
# share: hot_a's part of hot_a + hot_b (percent) from the panel's rows
share() {
	tui_cap $S | awk '$3 == "hot_a" { a = $2 } $3 == "hot_b" { b = $2 }
		END { if (a + b > 0) printf "%.1f", 100 * a / (a + b); else print "none" }'
}

S=hot
tui_run $S 80 24 -d 0.5
tui_wait $S ' live ' 10
tui_keys $S P
tui_wait $S 'processes seen' 5
tui_keys $S /; tui_keys $S -l "$P"; tui_keys $S Enter
tui_wait $S "^ +$P +[a-z]+ +p7030" 10
tui_keys $S o
# perf record over the same seconds, where perf is installed: what the panel must agree with
R=""
if command -v perf >/dev/null 2>&1; then
	perf record -q -F 1000 -e cpu-clock -p $P -o "$TMPD/perf.data" -- sleep 5 >/dev/null 2>"$TMPD/perf.err" &
	R=$!
fi
if tui_wait $S "hot functions of PID $P p7030: " 5 && tui_wait $S '^ +[0-9.]+ +[0-9]+ hot_a ' 5 &&
   tui_wait $S '^ +[0-9.]+ +[0-9]+ hot_b ' 5; then
	pass opens_from_process
else
	fail opens_from_process "$(tui_dump $S)"
fi
# a few refreshes: the window holds 5 s
tui_wait $S 'window ([5-9]|10)\.[0-9] of 10 s' 15
a=$(share)
echo "     panel: hot_a ${a}% of hot_a + hot_b"
if [ "$a" != none ] && python3 -c "import sys; sys.exit(0 if abs(float(sys.argv[1]) - 70) <= 5 else 1)" "$a"; then
	pass seventy_thirty
else
	fail seventy_thirty "hot_a $a% (want 70 within 5): $(tui_dump $S)"
fi
if [ -n "$R" ] && wait $R && [ -s "$TMPD/perf.data" ]; then
	perf_under_test
	b=$(perf report --stdio -i "$TMPD/perf.data" -F overhead,sym 2>/dev/null | awk '/hot_a$/ { a = $1 } /hot_b$/ { b = $1 }
		END { gsub("%", "", a); gsub("%", "", b); if (a + b > 0) printf "%.1f", 100 * a / (a + b); else print 0 }')
	echo "     perf report over the same 5 s: hot_a ${b}%"
	if [ "$a" != none ] && python3 -c "import sys; sys.exit(0 if abs(float(sys.argv[1]) - float(sys.argv[2])) <= 5 else 1)" "$a" "$b"; then
		pass same_as_perf
	else
		fail same_as_perf "panel hot_a $a%, perf report $b%"
	fi
else
	skip same_as_perf "perf is not installed or did not record: $(head -c 200 "$TMPD/perf.err" 2>/dev/null)"
fi
if [ ! -e /sys/bus/event_source/devices/cpu ] && ! ls /sys/bus/event_source/devices 2>/dev/null | grep -Eq '^(cpu_core|armv8|apple)'; then
	if tui_cap $S | grep -q ': cpu-clock at [0-9]* Hz' && tui_cap $S | grep -q 'no hardware PMU here: sampling cpu-clock'; then
		pass says_cpu_clock
	else
		fail says_cpu_clock "$(tui_dump $S)"
	fi
else
	skip says_cpu_clock "this machine has a hardware PMU: cycles is sampled"
fi
if narrow; then pass width_80_process; else fail width_80_process "$(tui_dump $S)"; fi
# sorting: > moves the one mark to the next column, I inverts it
tui_keys $S '>' '>'
if tui_wait $S '^SHARE% +SAMPLES +FUNCTION[▾v] ' 3; then pass sort_moves; else fail sort_moves "$(tui_dump $S)"; fi
tui_keys $S '<' '<'
# w: the next window (10 s -> 30 s); a: the event, through the prompt
tui_keys $S w
if tui_wait $S 'window [0-9.]+ of 30 s' 5; then pass w_window; else fail w_window "$(tui_dump $S)"; fi
tui_keys $S a C-u; tui_keys $S -l task-clock; tui_keys $S Enter
if tui_wait $S "hot functions of PID $P p7030: task-clock at " 5 && tui_wait $S ' hot_a ' 5; then
	pass a_event
else
	fail a_event "$(tui_dump $S)"
fi
tui_keys $S a C-u; tui_keys $S -l nosuchevent; tui_keys $S Enter
if tui_wait $S 'not sampled: nosuchevent' 3 && tui_cap $S | grep -q ': task-clock at '; then
	pass a_bad_event_said
else
	fail a_bad_event_said "$(tui_dump $S)"
fi
tui_keys $S Escape
if tui_wait $S 'processes seen' 5 && tui_wait $S "filter \"$P\"" 3 && ! tui_cap $S | grep -q 'hot functions of'; then
	pass esc_returns
else
	fail esc_returns "$(tui_dump $S)"
fi
tui_keys $S Escape

# the cores view: the selected CPU's functions
tui_keys $S c
tui_wait $S '^CPU' 5
tui_keys $S Home o
if tui_wait $S 'hot functions of cpu[0-9]+: ' 5 && tui_wait $S '^ +[0-9.]+ +[0-9]+ [^ ]+ ' 5; then
	pass opens_from_cpu
else
	fail opens_from_cpu "$(tui_dump $S)"
fi
if narrow; then pass width_80_cpu; else fail width_80_cpu "$(tui_dump $S)"; fi
tui_keys $S Escape

# the cgroups view: the program in a cgroup of its own (cgroup2, made here as root)
CG=$(awk '{ for (i = 7; i < NF; i++) if ($i == "-") { if ($(i + 1) == "cgroup2") print $5; break } }' /proc/self/mountinfo | head -n 1)
if [ "$(id -u)" = 0 ] && [ -n "$CG" ] && mkdir "$CG/pmutop-hot-$$" 2>/dev/null; then
	CGDIR="$CG/pmutop-hot-$$"
	echo "$P" >"$CGDIR/cgroup.procs"
	tui_keys $S G
	tui_wait $S 'cgroups seen' 5
	tui_keys $S /; tui_keys $S -l "pmutop-hot-$$"; tui_keys $S Enter
	tui_wait $S "^/pmutop-hot-$$ " 10
	tui_keys $S Home o
	if tui_wait $S "hot functions of /pmutop-hot-$$: " 5 && tui_wait $S '^ +[0-9.]+ +[0-9]+ hot_a ' 8; then
		pass opens_from_cgroup
	else
		fail opens_from_cgroup "$(tui_dump $S)"
	fi
	tui_keys $S Escape Escape
	echo "$P" >"$CG/cgroup.procs"
else
	skip opens_from_cgroup "no cgroup2 mount this user can make a cgroup in"
fi

# the top-down view: without a method it has no row, and the key says so
tui_keys $S T
sleep 1
if tui_cap $S | grep -q 'no top-down method'; then
	tui_keys $S o
	if tui_wait $S 'select a row of the cores, processes, cgroups or top-down' 3 && ! tui_cap $S | grep -q 'hot functions of'; then
		pass topdown_says_why
	else
		fail topdown_says_why "$(tui_dump $S)"
	fi
else
	tui_keys $S Home o
	if tui_wait $S 'hot functions of ' 5; then pass opens_from_topdown; else fail opens_from_topdown "$(tui_dump $S)"; fi
fi
if narrow; then pass width_80_topdown; else fail width_80_topdown "$(tui_dump $S)"; fi
st=$(tui_quit $S)
[ "$st" = 0 ] && pass quits || fail quits "exit $st"
t_done
