# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_filter.sh: `/` filters the rows of the cores, sockets and top-down views as it is typed: a CPU
# list, a socket (s1, socket:0), a core type (P/E on adl-hybrid), or text in the row's label; Enter
# keeps it (the footer says how many rows show and that totals stay over every CPU), Esc clears it.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# the CPU (first) column of the cores view's rows, in screen order
cpus() { tui_cap $S | awk '/^CPU/ { on = 1; next } on && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { printf "%s ", $1 }'; }
# the given column of every row
col() { tui_cap $S | awk -v c="$1" '/^CPU/ { on = 1; next } on && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { printf "%s ", $c }'; }

S=f1
tui_run $S 200 40 --sim adl-hybrid
tui_wait $S '^23 ' 10 || fail start "$(tui_dump $S)"
# incremental: the rows follow each key, before Enter
tui_keys $S / 1 6
if tui_wait $S ' 1-1/1 CPUs' 5 && [ "$(cpus)" = "16 " ] && tui_cap $S | grep -q 'filter: 16'; then
	pass incremental_as_typed
else
	fail incremental_as_typed "$(cpus) | $(tui_dump $S)"
fi
tui_keys $S -l -- '-18'
if tui_wait $S ' 1-3/3 CPUs' 5 && [ "$(cpus)" = "16 17 18 " ]; then pass cpu_list; else fail cpu_list "$(cpus)"; fi
tui_keys $S Enter
if tui_wait $S 'filter "16-18": 3 of 24 CPUs shown; all\*: totals over every CPU' 5 && tui_cap $S | grep -Eq '^all\* +[0-9]'; then
	pass enter_keeps_and_says_totals
else
	fail enter_keeps_and_says_totals "$(tui_dump $S)"
fi
tui_keys $S Escape
if tui_wait $S ' 1-[0-9]+/24 CPUs' 5 && tui_cap $S | grep -q '^0 '; then pass esc_clears; else fail esc_clears "$(tui_dump $S)"; fi
# core type: E is cpu_atom's CPUs 16-23, P the 16 of cpu_core
tui_keys $S / E Enter
if tui_wait $S ' 1-8/8 CPUs' 5 && [ "$(col 4 | tr -d ' ')" = EEEEEEEE ]; then pass core_type_e; else fail core_type_e "$(col 4) | $(tui_dump $S)"; fi
tui_keys $S / BSpace P Enter
if tui_wait $S ' 1-16/16 CPUs' 5 && [ "$(col 4 | tr -d ' ')" = PPPPPPPPPPPPPPPP ]; then pass core_type_p; else fail core_type_p "$(col 4)"; fi
# text in the label ("cpu3 cpu_core"): the PMU's name, or the CPU's name
tui_keys $S Escape; sleep 0.2; tui_keys $S /; tui_keys $S -l atom
tui_keys $S Enter
if tui_wait $S ' 1-8/8 CPUs' 5 && [ "$(cpus)" = "16 17 18 19 20 21 22 23 " ]; then pass text_pmu_name; else fail text_pmu_name "$(cpus)"; fi
tui_keys $S Escape; sleep 0.2; tui_keys $S /; tui_keys $S -l cpu2
tui_keys $S Enter
if tui_wait $S ' 1-5/5 CPUs' 5 && [ "$(cpus)" = "2 20 21 22 23 " ]; then pass text_cpu_name; else fail text_cpu_name "$(cpus)"; fi
# a word typed halfway hides nothing and says why
tui_keys $S Escape; sleep 0.2; tui_keys $S / 3 -
if tui_wait $S 'not a CPU list yet' 5 && tui_wait $S '/24 CPUs' 3; then pass halfway_word; else fail halfway_word "$(tui_dump $S)"; fi
tui_keys $S Escape
tui_quit $S >/dev/null

# sockets: spr-2s has 112 CPUs in each
S=f2
tui_run $S 200 40 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start2 "$(tui_dump $S)"
tui_keys $S / s 1 Enter
if tui_wait $S '/112 CPUs' 5 && [ "$(col 2 | tr -d ' 1')" = "" ] && [ -n "$(col 2)" ]; then pass socket_s1; else fail socket_s1 "$(col 2)"; fi
tui_keys $S Escape; sleep 0.2; tui_keys $S /; tui_keys $S -l socket:0
tui_keys $S Enter
if tui_wait $S '/112 CPUs' 5 && [ "$(col 2 | tr -d ' 0')" = "" ] && [ -n "$(col 2)" ]; then pass socket_colon_0; else fail socket_colon_0 "$(col 2)"; fi
tui_keys $S Escape
# the sockets view: its own filter; the all row stays
tui_keys $S s
tui_wait $S '^SKT' 5
tui_keys $S / s 1 Enter
if tui_wait $S '1 of 2 sockets shown' 5 && tui_cap $S | grep -Eq '^1 +112 ' && ! tui_cap $S | grep -Eq '^0 +112 ' &&
   tui_cap $S | grep -Eq '^all\* +224 '; then
	pass sockets_view_filter
else
	fail sockets_view_filter "$(tui_dump $S)"
fi
# the top-down view: CPU rows and the socket holding them; the all row stays
tui_keys $S T
tui_wait $S 'Retire' 10
tui_keys $S / 0 - 1 Enter
if tui_wait $S '2 of 224 CPUs shown' 5 && tui_cap $S | grep -q '^cpu1 ' && ! tui_cap $S | grep -q '^cpu2 ' &&
   tui_cap $S | grep -q '^skt0 ' && ! tui_cap $S | grep -q '^skt1 ' && tui_cap $S | grep -q '^all\* '; then
	pass topdown_filter
else
	fail topdown_filter "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# the sockets view's uncore events: by name; the socket rows stay
S=f3
tui_run $S 200 50 --sim spr-2s -E uncore
tui_wait $S '^0 +0 +0 ' 10 || fail start3 "$(tui_dump $S)"
tui_keys $S s
tui_wait $S 'cas_count_write' 5
tui_keys $S /
tui_keys $S -l write
tui_keys $S Enter
tui_wait_not $S 'cas_count_read' 5
ev=$(tui_cap $S | awk '/^UNCORE EVENT/ { on = 1; next } on && /^[a-z]/ { print $1 }')
n=$(printf '%s\n' "$ev" | grep -c .)
if [ "$n" -eq 8 ] && [ "$(printf '%s\n' "$ev" | grep -vc cas_count_write)" -eq 0 ] && tui_cap $S | grep -Eq '^all\* +224 ' &&
   tui_cap $S | grep -Eq '^0 +112 ' && tui_cap $S | grep -Eq '^1 +112 '; then
	pass uncore_events_by_name
else
	fail uncore_events_by_name "$n: $(printf '%s' "$ev" | tr '\n' ' ')"
fi
tui_quit $S >/dev/null
t_done
