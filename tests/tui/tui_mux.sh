# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_mux.sh: the multiplexing mark on spr-2s: blank with the default events, an estimate with
# the least measured percentage when 12 raw events and cycles,instructions need more counters.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=m1
tui_run $S 200 40 --sim spr-2s
# nothing multiplexes: no mark at all (the CORE column is followed by UTIL%'s value)
if tui_wait $S '^0 +0 +0 +[0-9]+\.[0-9] ' 10 && ! tui_cap $S | grep -q ' full '; then
	pass default_no_mark
else
	fail default_no_mark "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

EV=cycles,instructions
for u in 01 02 03 04 05 06 07 08 09 0a 0b 0c; do EV="$EV,r${u}c2"; done
S=m2
tui_run $S 200 40 --sim spr-2s -e "$EV"
if tui_wait $S '^0 +0 +0 +~[0-9]+% ' 10; then pass mux_estimate_shown; else fail mux_estimate_shown "$(tui_dump $S)"; fi
# every CPU row carries a mark, none claims full
rows=$(tui_cap $S | awk 'NR > 6 && $1 ~ /^[0-9]+$/ && $2 ~ /^[01]$/' | wc -l)
est=$(tui_cap $S | awk 'NR > 6 && $1 ~ /^[0-9]+$/ && $2 ~ /^[01]$/ && $4 ~ /^~[0-9]+%$/' | wc -l)
if [ "$rows" -gt 10 ] && [ "$rows" -eq "$est" ]; then pass mux_on_every_row; else fail mux_on_every_row "$est of $rows"; fi
# the percentage is a real fraction: below 100 and above 0
pct=$(tui_cap $S | awk 'NR > 6 && $1 == "0" { sub(/~/, "", $4); sub(/%/, "", $4); print $4; exit }')
if [ -n "$pct" ] && [ "$pct" -gt 0 ] && [ "$pct" -lt 100 ]; then pass mux_fraction_range; else fail mux_fraction_range "pct '$pct'"; fi
if tui_cap $S | grep -Eq '^ counters cpu: .*will multiplex'; then pass header_says_multiplex; else fail header_says_multiplex "$(tui_dump $S)"; fi
# values of multiplexed events are estimates, never 0
if tui_cap $S | awk 'NR > 6 && $1 ~ /^[0-9]+$/ && $2 ~ /^[01]$/ { for (i = 5; i <= NF; i++) if ($i == "0") z = 1 } END { exit !z }'; then
	fail no_zero_values "$(tui_dump $S)"
else
	pass no_zero_values
fi
tui_quit $S >/dev/null
t_done
