# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_views.sh: header, a row for every CPU, switching views with c/s/u/e/h and Esc, folding, sorting.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=v
tui_run $S 200 50 --sim spr-2s
if tui_wait $S 'SIMULATED: spr-2s' && tui_wait $S '^0 +0 +0 ' 10; then
	pass header_and_first_row
else
	fail header_and_first_row "$(tui_dump $S)"
fi
out=$(tui_cap $S)
for want in 'Xeon' 'kernel ' 'interval 1s' 'elapsed ' 'counters cpu: 8 GP \+ 4 fixed' 'perf_event_paranoid' \
	    '224 CPUs  2 sockets' 'c:Cores.*s:Sockets.*u:Uncore.*e:Events.*h:Help'; do
	if printf '%s\n' "$out" | grep -Eq -- "$want"; then
		pass "header_has_$(echo "$want" | tr -c 'a-zA-Z0-9\n' '_' | cut -c1-24)"
	else
		fail "header_has_$(echo "$want" | tr -c 'a-zA-Z0-9\n' '_' | cut -c1-24)" "$(tui_dump $S)"
	fi
done

# every CPU has a row: walk down the list page by page and collect the CPU numbers seen
seen="$TMPD/seen"
: >"$seen"
i=0
while [ $i -lt 40 ]; do
	tui_cap $S | awk 'NR > 6 && $1 ~ /^[0-9]+$/ && $2 ~ /^[01]$/ { print $1 }' >>"$seen"
	pos=$(tui_cap $S | grep -Eo '[0-9]+-[0-9]+/224 CPUs')
	case "$pos" in *-224/224*) break ;; esac
	tui_keys $S NPage
	# wait for the page to move (the footer shows the rows on screen)
	tui_wait_not $S "$pos" 3
	i=$((i + 1))
done
count=$(sort -un "$seen" | wc -l)
last=$(sort -un "$seen" | tail -n 1)
if [ "$count" -eq 224 ] && [ "$last" -eq 223 ]; then
	pass rows_for_all_224_cpus
else
	fail rows_for_all_224_cpus "saw $count distinct CPUs, last $last"
fi
if tui_cap $S | grep -Eq -- '/224 CPUs'; then pass footer_counts_cpus; else fail footer_counts_cpus "$(tui_dump $S)"; fi
tui_keys $S Home

# views
tui_keys $S s
if tui_wait $S '^SKT +CPUs' 3 && tui_wait $S '^all +224 ' 3; then pass sockets_view; else fail sockets_view "$(tui_dump $S)"; fi
tui_keys $S u
if tui_wait $S 'uncore PMON discovery: [0-9]+ box' 5 && tui_wait $S '^ *SKT +BOX +N/# +ACCESS +COUNTERS +KERNEL PMU' 3 && tui_wait $S ' 0 +imc +8 +[A-Z]+ ' 3; then
	pass uncore_view
else
	fail uncore_view "$(tui_dump $S)"
fi
tui_select $S ' 0 +imc +8 ' 40
tui_keys $S Enter
if tui_wait $S 'imc +#3 +[A-Z]+ +[0-9]+ x [0-9]+-bit +uncore_imc_3 +0x[0-9a-f]+ ' 3; then
	pass uncore_expand_shows_boxes
else
	fail uncore_expand_shows_boxes "$(tui_dump $S)"
fi
tui_keys $S Enter
if tui_wait_not $S 'imc +#3 ' 3; then pass uncore_collapse; else fail uncore_collapse "$(tui_dump $S)"; fi
tui_keys $S e
if tui_wait $S 'events? in the list' 3 && tui_wait $S '\[x\] cycles' 3 && tui_wait $S 'Event sets' 3; then
	pass events_view
else
	fail events_view "$(tui_dump $S)"
fi
tui_keys $S h
if tui_wait $S 'Keys \(Esc goes back\)' 3 && tui_wait $S 'q +quit' 3 && tui_wait $S 't +fold SMT' 3; then
	pass help_view
else
	fail help_view "$(tui_dump $S)"
fi
tui_keys $S Escape
if tui_wait $S 'events? in the list' 3; then pass esc_goes_back; else fail esc_goes_back "$(tui_dump $S)"; fi
tui_keys $S c
if tui_wait $S '^CPU. +SKT +CORE +MUX' 3; then pass cores_view; else fail cores_view "$(tui_dump $S)"; fi

# fold SMT siblings: spr-2s has 2 threads per core, CPU n and n+112
tui_keys $S t
if tui_wait $S '^0,112 +0 +0 ' 5 && tui_wait $S '/112 cores' 3; then pass fold_per_core; else fail fold_per_core "$(tui_dump $S)"; fi
tui_keys $S t
tui_wait $S '^1 +0 +1 ' 5

# sort by IPC (the 6th field: the MUX column is blank when nothing multiplexes), busiest
# first as htop does, then inverted with I
i=0
while [ $i -lt 6 ]; do tui_keys $S '>'; i=$((i + 1)); done
sorted() {
	# $1 = -r for descending
	tui_cap $S | awk 'NR > 6 && $1 ~ /^[0-9]+$/ && $6 ~ /^[0-9.]+$/ { print $6 }' >"$TMPD/ipc"
	[ "$(wc -l <"$TMPD/ipc")" -gt 10 ] && sort -c -n $1 "$TMPD/ipc" 2>/dev/null
}
sleep 1.2
if tui_wait $S '^CPU +SKT +CORE +MUX +UTIL% +GHz +IPC[^ ]' 3 && sorted -r; then
	pass sort_by_ipc
else
	fail sort_by_ipc "$(tui_dump $S)"
fi
tui_keys $S I
sleep 0.3
if sorted ""; then pass sort_reverse; else fail sort_reverse "$(tui_dump $S)"; fi

# - doubles and + halves the interval; p pauses (the frame stops changing) and resumes
tui_keys $S -
if tui_wait $S 'interval 2s ' 3; then pass minus_doubles_interval; else fail minus_doubles_interval "$(tui_dump $S)"; fi
tui_keys $S + +
if tui_wait $S 'interval 0.5s ' 3; then pass plus_halves_interval; else fail plus_halves_interval "$(tui_dump $S)"; fi
tui_keys $S p
tui_wait $S 'PAUSED' 3
frozen=$(tui_cap $S | sed -n 2p)
sleep 1.3
if tui_cap $S | grep -q PAUSED && [ "$(tui_cap $S | sed -n 2p)" = "$frozen" ]; then pass pause_freezes; else fail pause_freezes "$(tui_dump $S)"; fi
tui_keys $S p
if tui_wait_not $S 'PAUSED' 3 && tui_wait_not $S "^$frozen\$" 3; then pass resume; else fail resume "$(tui_dump $S)"; fi

st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass quit_status_0; else fail quit_status_0 "status $st"; fi

# the config file's [display] columns limits the further event columns
printf '[display]\ncolumns = branches,cpu-clock\n' >"$TMPD/cols.conf"
S=cols
tui_run $S 200 30 --sim spr-2s --config "$TMPD/cols.conf"
if tui_wait $S '^CPU.* BR-MISS% +branches/s +cpu-clock ms *$' 10 && ! tui_cap $S | grep -q 'cache-references'; then
	pass columns_setting
else
	fail columns_setting "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
