# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_terminal.sh: the terminal is restored on q, SIGTERM, SIGHUP and Ctrl-C; TERM=vt100, NO_COLOR and
# a non-UTF-8 locale work; not a terminal on stdout points to -b.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
# an SGR that sets a colour: 8 colours (30-37, 40-47, 90-107) or 256 (38;5;N, 48;5;N); 39 and 49
# are the default colour
COLOUR_SGR="$(printf '\033')\[([0-9]+;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]"

# q: status 0, the alternate screen is gone, the shell prompt is back
S=q
tui_run $S 120 30 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
if [ "$(tm display-message -p -t $S '#{alternate_on}')" = 1 ]; then pass alternate_screen_used; else fail alternate_screen_used "not on"; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass q_exit_0; else fail q_exit_0 "status $st"; fi
if [ "$(tm display-message -p -t $S '#{alternate_on}')" = 0 ] && ! tui_cap $S | grep -q 'SIMULATED' &&
   tui_wait $S '^tui\$ *$' 3; then
	pass q_clean_shell
else
	fail q_clean_shell "$(tui_dump $S)"
fi
# the terminal modes are back: echo and canonical input
tui_keys $S 'stty -a | tr " " "\n" | grep -E "^-?(echo|icanon)$" | sort | tr "\n" " "; echo' Enter
if tui_wait $S '^echo icanon *$' 3; then pass q_tty_modes_restored; else fail q_tty_modes_restored "$(tui_dump $S)"; fi

# signals: each ends the program with the terminal restored
for sig in TERM HUP INT; do
	S=sig$sig
	tui_run $S 120 30 --sim spr-2s
	tui_wait $S '^0 +0 +0 ' 10 || fail "start_$sig" "$(tui_dump $S)"
	# the program is the child of this pane's shell (never another process of the same name)
	pid=$(pgrep -P "$(tm display-message -p -t $S '#{pane_pid}')" 2>/dev/null | head -n 1)
	if [ $sig = INT ]; then
		tui_keys $S C-c
	elif [ -n "$pid" ]; then
		kill -$sig "$pid"
	fi
	if tui_wait $S 'PMUTOP-EXIT=[0-9]+' 5 && [ "$(tm display-message -p -t $S '#{alternate_on}')" = 0 ] &&
	   ! tui_cap $S | grep -q 'SIMULATED'; then
		pass "sig${sig}_restores"
	else
		fail "sig${sig}_restores" "$(tui_dump $S)"
	fi
done

# TERM=vt100: no colours, still every view
S=vt
TUI_ENV="TERM=vt100" tui_run $S 120 30 --sim spr-2s
if tui_wait $S '^0 +0 +0 ' 10 && tui_wait $S 'SIMULATED: spr-2s' 3; then pass vt100_runs; else fail vt100_runs "$(tui_dump $S)"; fi
if tui_cap $S -e | grep -Eq "$COLOUR_SGR"; then fail vt100_no_colour "colour escapes"; else pass vt100_no_colour; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass vt100_quit; else fail vt100_quit "status $st"; fi

# NO_COLOR: no colour, but the multiplexing mark and selection are still readable
S=nc
EV=cycles,instructions
for ev in 01 02 03 04 05 06 07 08 09 0a 0b 0c; do EV="$EV,r${ev}c2"; done
TUI_ENV="NO_COLOR=1" tui_run $S 200 30 --sim spr-2s -e "$EV"
if tui_wait $S '^0 +0 +0 +~[0-9]+% ' 10; then pass no_color_mark_readable; else fail no_color_mark_readable "$(tui_dump $S)"; fi
if tui_cap $S -e | grep -Eq "$COLOUR_SGR"; then fail no_color_no_escapes "colour escapes"; else pass no_color_no_escapes; fi
tui_quit $S >/dev/null
S=col
tui_run $S 200 30 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10
if tui_cap $S -e | grep -Eq "$COLOUR_SGR"; then pass colour_by_default; else fail colour_by_default "no colour escapes"; fi
tui_quit $S >/dev/null

# a non-UTF-8 locale: only ASCII on the screen (sparkline, sort mark)
S=asc
TUI_LANG=C tui_run $S 200 30 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10
sleep 1.2
if tui_cap $S | LC_ALL=C grep -q '[^ -~]'; then fail ascii_locale "non-ASCII: $(tui_cap $S | LC_ALL=C grep '[^ -~]' | head -n 2)"; else pass ascii_locale; fi
if tui_cap $S | grep -Eq '^CPU\^ '; then pass ascii_sort_mark; else fail ascii_sort_mark "$(tui_dump $S)"; fi
tui_quit $S >/dev/null
if locale -a 2>/dev/null | grep -Eqi '^c\.utf-?8$'; then
	S=utf
	tui_run $S 200 30 --sim spr-2s
	tui_wait $S '^0 +0 +0 ' 10
	if tui_wait $S '▁|▂|▃|▄|▅|▆|▇|█' 5; then pass utf8_sparkline; else fail utf8_sparkline "$(tui_dump $S)"; fi
	tui_quit $S >/dev/null
else
	skip utf8_sparkline "no C.UTF-8 locale"
fi

# stdout not a terminal: say to use -b
"$PMUTOP" --sim spr-2s >"$TMPD/out" 2>"$TMPD/err" </dev/null
rc=$?
if [ $rc -ne 0 ] && grep -q -- '-b' "$TMPD/err" && [ ! -s "$TMPD/out" ]; then
	pass not_a_terminal_says_b
else
	fail not_a_terminal_says_b "rc $rc: $(head -c 300 "$TMPD/err")"
fi
t_done
