# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_mono.sh: without colour (NO_COLOR set, TERM=vt100, --color=never, color = never in the config)
# the screen has no colour escapes at all, and estimated (multiplexed) values are still told from
# measured ones: underlined. With colour they have a colour of their own; --color=always wins over
# NO_COLOR. capture-pane -e shows the attributes tmux holds for each cell.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

ESC=$(printf '\033')
# colour_sgr: the pane has an SGR with a colour parameter (30-38, 40-48, 90-107; 39 and 49 are
# "the default colour", which tmux writes after every reset)
colour_sgr() {
	tui_cap $S -e | grep -o "$ESC\[[0-9;]*m" | tr -d "$ESC[m" | tr ';' '\n' |
		awk '($1 >= 30 && $1 <= 38) || ($1 >= 40 && $1 <= 48) || ($1 >= 90 && $1 <= 107) { f = 1 } END { exit !f }'
}
# the CPU 1 row with its escapes (CPU 0 is selected)
row1() { tui_cap $S -e | awk '{ t = $0; gsub(/\033\[[0-9;]*m/, "", t) } t ~ /^1 +0 +1 / { print; exit }'; }
underlined() { row1 | grep -q "$ESC\[[0-9;]*4[;m]"; }

EV=cycles,instructions
for u in 01 02 03 04 05 06 07 08 09 0a 0b 0c; do EV="$EV,r${u}c2"; done

for how in NO_COLOR=1 TERM=vt100 never config; do
	S=mono_$(echo $how | tr -c 'a-z0-9\n' _)
	case $how in
	never) tui_run $S 200 40 --sim spr-2s --color=never -e "$EV" ;;
	config) printf '[display]\ncolor = never\n' >"$TMPD/c.conf"
		tui_run $S 200 40 --sim spr-2s --config "$TMPD/c.conf" -e "$EV" ;;
	*) TUI_ENV="$how" tui_run $S 200 40 --sim spr-2s -e "$EV" ;;
	esac
	name=$(echo "$how" | tr -c 'a-zA-Z0-9\n' _)
	if ! tui_wait $S '^0 +0 +0 +~[0-9]+% ' 10; then
		fail "${name}_start" "$(tui_dump $S)"
		continue
	fi
	if colour_sgr; then fail "${name}_no_colour_escapes" "$(row1 | cat -v | head -c 300)"; else pass "${name}_no_colour_escapes"; fi
	if underlined; then pass "${name}_estimates_underlined"; else fail "${name}_estimates_underlined" "$(row1 | cat -v | head -c 300)"; fi
	tui_quit $S >/dev/null
done

# measured values (nothing multiplexes with the default events) carry no such mark
S=measured
TUI_ENV="NO_COLOR=1" tui_run $S 200 40 --sim spr-2s
if tui_wait $S '^0 +0 +0 +[0-9]' 10 && [ -n "$(row1)" ] && ! underlined; then pass measured_not_underlined; else fail measured_not_underlined "$(row1 | cat -v | head -c 300)"; fi
tui_quit $S >/dev/null

# colour: estimates have a colour, not the underline
S=colour
tui_run $S 200 40 --sim spr-2s -e "$EV"
if tui_wait $S '^0 +0 +0 +~[0-9]+% ' 10 && colour_sgr && row1 | grep -Eq "$ESC\[[0-9;]*(35|38;5;130)[;m]" && ! underlined; then
	pass colour_marks_estimates
else
	fail colour_marks_estimates "$(row1 | cat -v | head -c 300)"
fi
tui_quit $S >/dev/null
S=always
TUI_ENV="NO_COLOR=1" tui_run $S 200 40 --sim spr-2s --color=always
if tui_wait $S '^0 +0 +0 ' 10 && colour_sgr; then pass color_always_over_no_color; else fail color_always_over_no_color "$(tui_dump $S)"; fi
tui_quit $S >/dev/null
# a bad value is refused with the choices
"$PMUTOP" --color=sometimes >"$TMPD/out" 2>&1
if [ $? -eq 2 ] && grep -q 'auto, always or never' "$TMPD/out"; then pass color_bad_value; else fail color_bad_value "$(cat "$TMPD/out")"; fi
t_done
