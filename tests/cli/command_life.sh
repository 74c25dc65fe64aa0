# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# command_life.sh: the command of -- lives no longer than pmutop (issue 37, items 4, 5, 8, 9): a
# pipe closed under batch output (SIGPIPE), any fatal signal and SIGKILL end it; one that ignores
# SIGTERM is killed within the grace (2 s) after pmutop is told to end; batch -p and -t end when
# their last target has ended, as perf stat -p does; a command that cannot be run exits 126, one that
# is not found 127, as the shell says. Real processes, real signals.
. "$(dirname "$0")/../lib.sh"
need_binary

u=$$   # a unique argument of the commands, to find them with pgrep
signum() { python3 -c "import signal; print(int(signal.SIG$1))" 2>/dev/null || kill -l "$1"; }
now() { date +%s.%N; }
# gone PATTERN SECONDS: no process whose command line matches PATTERN within SECONDS; else the
# ones left are named in $left and killed (by their pid) so that nothing outlives the test
gone() {
	i=0
	while left=$(pgrep -f "$1") && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i + 1)); done
	[ -z "$left" ] && return 0
	left=$(pgrep -af "$1" | tr '\n' ';')
	for p in $(pgrep -f "$1"); do kill -KILL "$p" 2>/dev/null; done
	return 1
}
# wait_for PATTERN: until a process matches (5 s)
wait_for() {
	i=0
	while ! pgrep -f "$1" >/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
}
# wait_pid PID SECONDS: until PID has ended (1 on time out)
wait_pid() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i + 1)); done
	! kill -0 "$1" 2>/dev/null
}

# 4: the reader of batch output goes away: pmutop dies of SIGPIPE, and so does not the command
"$PMUTOP" -b -d 0.2 -- sleep 33.$u 2>"$TMPD/pipe.err" | head -n 1 >"$TMPD/pipe.out"
if gone "^sleep 33.$u" 2; then pass sigpipe_ends_command; else fail sigpipe_ends_command "left running: $left"; fi

# 4: every fatal signal, and SIGKILL (no handler: the command's parent-death signal)
k=0
for sig in ALRM USR1 USR2 XCPU TERM KILL; do
	k=$((k + 1))
	(ulimit -c 0; exec "$PMUTOP" -b -d 0.2 -o "$TMPD/$sig.out" -- sleep 34.$u$k 2>"$TMPD/$sig.err") &
	pid=$!
	wait_for "^sleep 34.$u$k"
	kill -$sig $pid
	wait $pid
	st=$?
	want=$((128 + $(signum $sig)))
	if [ $st -eq $want ]; then pass "sig${sig}_status"; else fail "sig${sig}_status" "exit $st, want $want"; fi
	if gone "^sleep 34.$u$k" 2; then pass "sig${sig}_ends_command"; else fail "sig${sig}_ends_command" "left running: $left"; fi
done

# 5: a command that ignores SIGTERM: SIGKILL 2 s after pmutop is told to end (bounded: 6 s)
(exec env --default-signal "$PMUTOP" -b -d 0.2 -o "$TMPD/grace.out" -- \
	sh -c "trap '' TERM; sleep 60.$u; : grace.$u" 2>"$TMPD/grace.err") &
pid=$!
wait_for "^sleep 60.$u"
sh=$(pgrep -f "^sh -c trap.*grace.$u" | head -n 1)
t0=$(now)
kill -INT $pid
if wait_pid $pid 6; then
	wait $pid
	st=$?
	took=$(echo "$(now) - $t0" | bc)
	if [ "$(echo "$took >= 1.9 && $took < 4" | bc)" = 1 ]; then
		pass grace_bounded
	else
		fail grace_bounded "pmutop ended ${took} s after SIGINT (want the 2 s grace, under 4 s)"
	fi
	if [ $st -eq 130 ]; then pass grace_status; else fail grace_status "exit $st, want 130"; fi
else
	fail grace_bounded "pmutop still waits for the command 6 s after SIGINT"
	kill -KILL $pid 2>/dev/null
fi
if [ -n "$sh" ] && ! kill -0 "$sh" 2>/dev/null; then
	pass grace_command_killed
else
	fail grace_command_killed "the command (pid ${sh:-not found}) still runs"
fi
# its child sleep was the shell's own (not pmutop's): reaped by init, ended here
gone "^sleep 60.$u" 0 || :
gone "^sh -c trap.*grace.$u" 0 || :

# 8: batch -p and -t end when their last target has ended (the interval it ended in is written,
# status 0), as perf stat -p does
for opt in p t; do
	sleep 1.$u &
	t1=$!
	sleep 2.$u &
	t2=$!
	timeout 8 "$PMUTOP" -b -d 0.3 -$opt $t1 -$opt $t2 >"$TMPD/p$opt.out" 2>"$TMPD/p$opt.err"
	st=$?
	wait $t1 $t2 2>/dev/null
	if [ $st -eq 0 ] && tail -n 1 "$TMPD/p$opt.out" | grep -q "sleep-$t2 .*# exited"; then
		pass "batch_${opt}_ends_with_targets"
	else
		fail "batch_${opt}_ends_with_targets" "exit $st (124: still running after 8 s); last: $(tail -n 1 "$TMPD/p$opt.out")"
	fi
done
if command -v perf >/dev/null 2>&1; then
	sleep 1.$u &
	t1=$!
	timeout 8 perf stat -e task-clock -p $t1 >/dev/null 2>&1
	st=$?
	if [ $st -eq 0 ]; then pass perf_p_ends_too; else fail perf_p_ends_too "perf stat -p: exit $st (this perf no longer ends with its target: look again)"; fi
else
	skip perf_p_ends_too "perf is not installed"
fi

# 9: not executable: 126, not found: 127, as the shell gives them; the reason on stderr
printf '#!/bin/sh\nexit 0\n' >"$TMPD/noexec"
chmod 644 "$TMPD/noexec"
for what in noexec missing dir; do
	case $what in
	noexec) path=$TMPD/noexec ;;
	missing) path=$TMPD/missing ;;
	dir) path=$TMPD ;;
	esac
	sh -c "'$path'" 2>/dev/null
	want=$?
	"$PMUTOP" -b -n 1 -d 0.1 -- "$path" >/dev/null 2>"$TMPD/$what.err"
	st=$?
	if [ $st -eq $want ] && grep -q "cannot run" "$TMPD/$what.err"; then
		pass "exec_${what}_$want"
	else
		fail "exec_${what}_$want" "exit $st, the shell's $want: $(tail -n 1 "$TMPD/$what.err")"
	fi
done
t_done
