# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_numbers.sh: numbers that are true: a hybrid's `all` row sums both core PMUs (it equals the
# sum of its CPU rows), counts are rates per second ("/s") and `r` shows raw counts, metric
# columns sort busiest first, and the sort mark is visible on every column.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# col_sum TITLE: from the pane, the column titled TITLE (right-aligned cells ending under the
# title's last character): "rows=SUM all=VALUE", with K/M/G/T suffixes expanded.
# Sparklines and marks are multibyte: one '#' each, so byte columns line up.
ascii_cap() { tui_cap $S | LC_ALL=C.UTF-8 sed 's/[▁▂▃▄▅▆▇█▴▾]/#/g'; }
col_sum() {
	ascii_cap | awk -v t="$1" '
	function num(s) {
		sub(/.* /, "", s)   # the cell: the last word up to the title end
		k = 1
		if (s ~ /K$/) k = 1e3; else if (s ~ /M$/) k = 1e6; else if (s ~ /G$/) k = 1e9; else if (s ~ /T$/) k = 1e12
		sub(/[KMGT]$/, "", s)
		return s * k
	}
	!end && (p = index($0, t " ")) { end = p + length(t) - 1; next }
	end && $1 ~ /^[0-9]+$/ { sum += num(substr($0, 1, end)); n++ }
	end && $1 == "all" { all = num(substr($0, 1, end)) }
	END { printf "rows=%d sum=%.6g all=%.6g\n", n, sum, all }'
}

S=n1
tui_run $S 220 45 --sim adl-hybrid -d 0.5
tui_wait $S '^all ' 10
tui_keys $S p        # a still frame to read every row of
sleep 0.5
for col in 'INSTR/s' 'CYCLES/s' 'branches/s'; do
	r=$(col_sum "$col")
	n=${r#rows=}; n=${n%% *}
	if echo "$r" | awk '{ split($2, s, "="); split($3, a, "="); d = s[2] - a[2]; if (d < 0) d = -d
	     exit !(a[2] > 0 && d <= 0.01 * a[2]) }' && [ "$n" -eq 24 ]; then
		pass "all_is_sum_of_rows_$(echo "$col" | tr -c 'a-zA-Z\n' _)"
	else
		fail "all_is_sum_of_rows_$(echo "$col" | tr -c 'a-zA-Z\n' _)" "$r $(tui_dump $S)"
	fi
done
# raw counts per interval: no "/s", and the rate times the interval (0.5 s, as the
# simulated kernel's timer fires it, a little more)
rate=$(col_sum 'INSTR/s' | sed 's/.*all=//')
tui_keys $S r
if tui_wait $S 'INSTR +CYCLES ' 3 && ! tui_cap $S | grep -q 'INSTR/s'; then pass r_key_raw_counts; else fail r_key_raw_counts "$(tui_dump $S)"; fi
raw=$(col_sum 'INSTR' | sed 's/.*all=//')
if awk -v a="$rate" -v b="$raw" 'BEGIN { r = b / a; exit !(r > 0.45 && r < 0.6) }'; then
	pass raw_is_rate_times_interval
else
	fail raw_is_rate_times_interval "rate $rate raw $raw"
fi
tui_keys $S r
tui_wait $S 'INSTR/s' 3

# no unit flicker: in a column every CPU row uses the same unit suffix
units=$(ascii_cap | awk '!end && (p = index($0, "INSTR/s")) { end = p + 6; next }
	end && $1 ~ /^[0-9]+$/ { c = substr($0, end, 1); if (c !~ /[0-9]/) u[c] = 1; else u["none"] = 1 }
	END { for (k in u) n++; print n }')
if [ "$units" = 1 ]; then pass one_unit_per_column; else fail one_unit_per_column "$units units $(tui_dump $S)"; fi

# sort by IPC: busiest first, with the mark on the title
tui_keys $S p
i=0
while [ $i -lt 20 ] && ! tui_cap $S | grep -Eq 'IPC[▾v]'; do tui_keys $S '>'; sleep 0.2; i=$((i + 1)); done
sleep 0.6
ipcs=$(ascii_cap | awk '!end && (p = index($0, "IPC")) && $0 ~ /^CPU/ { end = p + 2; next }
	end && $1 ~ /^[0-9]+$/ { printf "%s ", substr($0, end - 3, 4) }')
if [ -n "$ipcs" ] && echo "$ipcs" | awk '{ for (i = 2; i <= NF; i++) if ($i > $(i - 1)) exit 1 }'; then
	pass metric_sorts_descending_first
else
	fail metric_sorts_descending_first "$ipcs $(tui_dump $S)"
fi
# the mark shows on every column in turn
hdr_cols=$(tui_cap $S | grep -E '^CPU' | head -n 1)
missing=""
for k in $(seq 1 18); do
	tui_keys $S '>'
	sleep 0.15
	h=$(tui_cap $S | grep -E '^CPU' | head -n 1)
	if ! printf '%s' "$h" | grep -Eq '[▾▴^v]'; then missing="$missing [$h]"; fi
done
if [ -z "$missing" ]; then pass sort_mark_on_every_column; else fail sort_mark_on_every_column "$missing"; fi
tui_quit $S >/dev/null
t_done
