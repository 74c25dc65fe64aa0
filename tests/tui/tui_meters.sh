# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_meters.sh: the header's meters: utilisation bars per CPU, per socket or for the machine
# (whichever fits), the user/system/irq/softirq/steal split by glyph, IPC, bandwidth and power
# where the machine has them; at 80x24 and 200x50; m turns them off and on.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# bar_ok NAME LABEL: the pane has a bar "LABEL[...NN.N%]" drawn with the split's glyphs
bar_ok() { tui_cap "$1" | grep -Eq -- "(^| )$2\[[|#@\$% ]*\|+#+[|#@\$% ]*[0-9.]+%\]"; }
# lines of the pane holding a bar
bars() { tui_cap "$1" | grep -Ec '^ *[A-Z]*[0-9]*\[[|#@$% ]'; }

# --- spr-2s (224 CPUs, 2 sockets): one bar per socket ---
for size in "80 24" "200 50"; do
	set -- $size
	S=spr$1
	tui_run $S $1 $2 --sim spr-2s -d 0.5
	if tui_wait $S '(^| )S1\[.*[0-9]%\]' 10 && bar_ok $S S0 && bar_ok $S S1 &&
	   tui_wait $S '^ IPC [0-9.]+ +MEM rd [0-9.]+ +wr [0-9.]+ GB/s' 5; then
		pass "spr_bars_and_figures_${1}x$2"
	else
		fail "spr_bars_and_figures_${1}x$2" "$(tui_dump $S)"
	fi
	# the table keeps its rows and the tabs line stays
	if tui_cap $S | grep -q 'c:Cores' && tui_wait $S '^all +[0-9]' 5; then
		pass "spr_body_still_shown_${1}x$2"
	else
		fail "spr_body_still_shown_${1}x$2" "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
done
# at 200 columns both sockets share a line, and UPI and watts fit on the figures line
S=sprw
tui_run $S 200 50 --sim spr-2s -d 0.5
if tui_wait $S '^S0\[.*\] +S1\[' 10 && tui_wait $S 'UPI [0-9.]+ GB/s +PKG [0-9]+ W +DRAM [0-9]+ W' 5; then
	pass spr_wide_one_line
else
	fail spr_wide_one_line "$(tui_dump $S)"
fi
# m: off (no bar, no figures), then on again
tui_keys $S m
if tui_wait_not $S '^S0\[' 5 && ! tui_cap $S | grep -q ' MEM rd '; then pass meters_off; else fail meters_off "$(tui_dump $S)"; fi
tui_keys $S m
if tui_wait $S '^S0\[.*\] +S1\[' 5; then pass meters_on_again; else fail meters_on_again "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

# --- big-1024 (4 sockets): four bars, on one line at 200 columns, one each at 80 ---
S=big
tui_run $S 200 50 --sim big-1024 -d 0.5
if tui_wait $S '^S0\[.*\] +S1\[.*\] +S2\[.*\] +S3\[.*%\]' 20; then pass big_one_line_200x50; else fail big_one_line_200x50 "$(tui_dump $S)"; fi
tui_quit $S >/dev/null
S=big80
tui_run $S 80 24 --sim big-1024 -d 0.5
if tui_wait $S '^S3\[.*%\]' 20 && [ "$(bars $S)" -eq 4 ] && tui_wait $S '^ IPC [0-9.]+ +MEM rd' 5 &&
   tui_wait $S '^all +[0-9]' 10; then
	pass big_four_lines_80x24
else
	fail big_four_lines_80x24 "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- m1-asahi (8 CPUs): a bar per CPU; IPC but no bandwidth or power there ---
S=m1
tui_run $S 80 24 --sim m1-asahi -d 0.5
if tui_wait $S '7\[.*%\]' 10 && [ "$(bars $S)" -eq 4 ] && tui_wait $S '^ IPC [0-9.]+' 5 &&
   ! tui_cap $S | grep -Eq 'MEM rd|PKG'; then
	pass m1_bar_per_cpu
else
	fail m1_bar_per_cpu "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- kvm-nopmu: bars from /proc/stat, no figures line (nothing to put on it) ---
S=kvm
tui_run $S 80 24 --sim kvm-nopmu -d 0.5
if tui_wait $S '^1\[.*%\]' 10 && bar_ok $S 0 && ! tui_cap $S | grep -Eq '^ IPC|MEM rd'; then
	pass kvm_bars_only
else
	fail kvm_bars_only "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- a short terminal: one line, the machine's bar and the figures after it ---
S=short
tui_run $S 120 14 --sim zen4-1s -d 0.5
if tui_wait $S '^CPU\[.*%\] +IPC [0-9.]+ +MEM rd' 10 && [ "$(bars $S)" -eq 1 ]; then
	pass short_terminal_one_line
else
	fail short_terminal_one_line "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
