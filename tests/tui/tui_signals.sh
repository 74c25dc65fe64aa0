# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_signals.sh: whatever signal ends the TUI, the terminal leaves the alternate screen with the cursor
# shown, the exit status is 128+signal, and the simulated machine's tree is gone from TMPDIR.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

scr="$TMPD/scratch"
signum() { python3 -c "import signal; print(int(signal.SIG$1))" 2>/dev/null || kill -l "$1"; }
for sig in QUIT SEGV ABRT BUS USR1 PIPE ALRM TERM HUP; do
	S=s$sig
	mkdir -p "$scr/$sig"
	tui_shell $S 120 30 || { fail "start_$sig" "no shell pane"; continue; }
	# no core file from SIGQUIT/SIGSEGV/...; TMPDIR is where the tree goes
	tui_keys $S "ulimit -c 0; TMPDIR=$scr/$sig $PMUTOP --sim spr-2s; echo PMUTOP-EXIT=\$?" Enter
	if ! tui_wait $S '^0 +0 +0 ' 15; then
		fail "start_$sig" "$(tui_dump $S)"
		continue
	fi
	if ! ls "$scr/$sig" | grep -q '^pmutop-sim\.'; then
		fail "tree_made_$sig" "no pmutop-sim.* under $scr/$sig while running"
	fi
	pid=$(pgrep -P "$(tm display-message -p -t $S '#{pane_pid}')" 2>/dev/null | head -n 1)
	[ -n "$pid" ] && kill -$sig "$pid"
	want=$((128 + $(signum $sig)))
	if ! tui_wait $S 'PMUTOP-EXIT=[0-9]+' 10; then
		fail "sig${sig}_ends" "$(tui_dump $S)"
		continue
	fi
	got=$(tui_cap $S | sed -n 's/.*PMUTOP-EXIT=\([0-9]*\).*/\1/p' | tail -n 1)
	alt=$(tm display-message -p -t $S '#{alternate_on}')
	cur=$(tm display-message -p -t $S '#{cursor_flag}')
	if [ "$alt" = 0 ] && [ "$cur" = 1 ]; then
		pass "sig${sig}_terminal_restored"
	else
		fail "sig${sig}_terminal_restored" "alternate_on=$alt cursor_flag=$cur"
	fi
	if [ "$got" = "$want" ]; then pass "sig${sig}_status"; else fail "sig${sig}_status" "exit $got, want $want"; fi
	left=$(ls -A "$scr/$sig")
	if [ -z "$left" ]; then pass "sig${sig}_tree_removed"; else fail "sig${sig}_tree_removed" "left: $left"; fi
	# the tty modes are back too: echo and canonical input
	tui_keys $S 'stty -a | tr " " "\n" | grep -E "^-?(echo|icanon)$" | sort | tr "\n" " "; echo' Enter
	if tui_wait $S '^echo icanon *$' 3; then pass "sig${sig}_tty_modes"; else fail "sig${sig}_tty_modes" "$(tui_dump $S)"; fi
	tm kill-session -t $S 2>/dev/null
done
t_done
