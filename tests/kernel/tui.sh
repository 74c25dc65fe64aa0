# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui.sh: the screen over the serial console, sourced by run.sh: the guest runs `pmutop -E default` on
# its console (a tmux pane on this side, 132x40 on both); this presses keys in the pane and reads it.
# Uses run.sh's wait_log, wait_pane, cap, dump, pass, fail. Deadlines are generous (an emulated
# machine on a loaded host is slow); no check depends on how fast it answers.
if ! wait_log '^@@TUI begin' 200; then
	fail tui_cores "the guest never started the TUI: $({ tr -d '\r' <"$W/main.log"; } 2>/dev/null | tail -n 5 | tr '\n' '|')"
else
	# cores view: a row per CPU, each at QEMU's 1 GHz virtual clock
	if wait_pane '^CPU.* GHz ' 30 && wait_pane '^0 +0 +0 .* 1\.0[0-2] ' 20 && wait_pane '^1 +0 +1 .* 1\.0[0-2] ' 10; then
		pass tui_cores
	else
		fail tui_cores "$(dump)"
	fi
	# the counter budget against the guest's own figures: the driver's count at boot ("hw perfevents:
	# enabled with armv8_pmuv3 PMU driver, 7 counters available": the event counters and the cycle
	# counter) and, for the width, grouplimit's group of long events (as large as the plain one:
	# 64-bit counters; smaller: 32-bit ones chained in pairs)
	log() { { tr -d '\r' <"$W/main.log"; } 2>/dev/null; }
	n=$(log | sed -n 's/.*hw perfevents: enabled with armv8_pmuv3 PMU driver, \([0-9][0-9]*\) counters available.*/\1/p' | head -n 1)
	plain=$(log | sed -n 's/^plain \([0-9][0-9]*\) .*/\1/p' | head -n 1)
	long=$(log | sed -n 's/^long \([0-9][0-9]*\) .*/\1/p' | head -n 1)
	if [ -z "$n" ] || [ -z "$plain" ] || [ -z "$long" ]; then
		fail budget_from_kernel "no boot message count ($n) or grouplimit answer ($plain, $long) in the log"
	else
		[ "$long" = "$plain" ] && width=64 || width=32
		if cap | grep -Eq "counters armv8_pmuv3: $((n - 1)) GP \+ 1 fixed, $width-bit"; then
			pass budget_from_kernel
		else
			fail budget_from_kernel "the kernel says $n counters, long groups of $long of $plain (so $((n - 1)) GP + 1 fixed, $width-bit): $(dump)"
		fi
	fi
	# events view, and toggling an event on: its column appears in the cores view, counted (0, not n/a)
	tm send-keys -t k e
	if wait_pane 'events? in the list' 10 && wait_pane '\[x\] cycles' 5; then pass tui_events; else fail tui_events "$(dump)"; fi
	i=0
	until cap | grep -E '^ ?>' | grep -q 'stalled-cycles-frontend' || [ $i -ge 60 ]; do
		tm send-keys -t k Down
		sleep 0.2
		i=$((i + 1))
	done
	tm send-keys -t k Space
	if wait_pane '> \[x\] stalled-cycles-frontend' 10; then
		tm send-keys -t k c
		# its title: the well-known name's short one (stall-fe/s)
		if wait_pane '^CPU.*stall-fe/s' 10 && wait_pane '^0 +0 +0 .* 0 *$' 10; then
			pass tui_toggle
		else
			fail tui_toggle "no counted column: $(dump)"
		fi
	else
		fail tui_toggle "could not select stalled-cycles-frontend: $(dump)"
	fi
	# q ends it and gives the console back as it was (the alternate screen gone, the modes checked
	# in the guest: tui_terminal_modes); the guest's next line follows curses' last escape sequence
	tm send-keys -t k q
	if wait_log '@@TUI end rc=0' 20 && wait_pane '@@TUI end rc=0' 10 && ! cap | grep -q 'pmutop +live'; then
		pass tui_quit
	else
		fail tui_quit "$(dump)"
	fi
	# a group of 7 r8 on the 6 general counters: the budget line and the note say the kernel refused it
	if ! wait_log '^@@TUI2 begin' 60; then
		fail tui_refused_group "the guest never started the second TUI"
	elif wait_pane "a group of 7 needs 7 GP: the kernel refuses it" 30 && wait_pane 'the kernel refused r8 in its group of 7' 5; then
		pass tui_refused_group
	else
		fail tui_refused_group "$(dump)"
	fi
	tm send-keys -t k q
	wait_log '@@TUI2 end' 20 || fail tui2_quit "$(dump)"
fi
