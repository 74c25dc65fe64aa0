#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# perf_markers.sh: rows and headers as perf 6.1 writes them: "<not supported>" with run 0 and 100.00
# percent (perf's 100 * run / ena, 100 when both are 0), "<not counted>", the text header on the first
# interval, and a perf stat -a -A -I -x recording with a name twice and <not supported> rows that
# replays to the same rows.
. "$(dirname "$0")/../lib.sh"

# kvm-nopmu has no hardware PMU: cycles is refused by the (simulated) kernel on every CPU
"$PMUTOP" --sim kvm-nopmu -b -n 1 -d 0.1 -e cycles,cpu-clock -x, -C 0 >"$TMPD/ns.csv" 2>"$TMPD/err"
if grep -qx ' *[0-9.]*,CPU0,<not supported>,,cycles,0,100.00,,' "$TMPD/ns.csv"; then
	pass not_supported_row
else
	fail not_supported_row "$(grep -v '^#' "$TMPD/ns.csv" | head -c 300)"
fi

# text: perf's column header before the first interval's rows, again at the 26th (a simulated
# machine's each under its "# source: SIMULATED: ..." line, batch_options.sh's text_says_simulated)
"$PMUTOP" --sim spr-2s -b -n 26 -d 0.01 -e cycles -C 0 >"$TMPD/t.txt" 2>"$TMPD/err"
grep -v '^# source: ' "$TMPD/t.txt" >"$TMPD/t2.txt"
h='#           time CPU                    counts unit events'
first=$(head -n 1 "$TMPD/t2.txt")
nh=$(grep -cx "$h" "$TMPD/t2.txt")
before26=$(grep -n "" "$TMPD/t2.txt" | sed -n '27p')
if [ "$first" = "$h" ] && [ "$nh" -eq 2 ] && [ "$before26" = "27:$h" ]; then
	pass text_header_first_interval
else
	fail text_header_first_interval "first line '$first', $nh headers, line 27 '$before26'"
fi

# -x: pmutop's own "# interval-ms" header comes before the first interval's rows
"$PMUTOP" --sim spr-2s -b -n 2 -d 0.25 -e cycles -C 0 -x, >"$TMPD/h.csv" 2>"$TMPD/err"
iv=$(grep -n '^# interval-ms: ' "$TMPD/h.csv" | head -n 1)
first_row=$(grep -vn '^#' "$TMPD/h.csv" | head -n 1 | cut -d: -f1)
if [ "${iv#*: }" = "250" ] && [ "${iv%%:*}" -lt "${first_row:-0}" ]; then
	pass interval_header_before_first_row
else
	fail interval_header_before_first_row "header '$iv', first row at line $first_row"
fi

# a perf 6.1 recording (-e cycles,r1234,cycles: r1234 refused) replays row for row
cat >"$TMPD/perf.csv" <<'REC'
# started on Mon Nov 23 10:00:00 2026

     1.001045000,CPU0,1200345,,cycles,1001000000,100.00,,
     1.001045000,CPU1,2200345,,cycles,1001000000,100.00,,
     1.001045000,CPU0,<not supported>,,r1234,0,100.00,,
     1.001045000,CPU1,<not supported>,,r1234,0,100.00,,
     1.001045000,CPU0,3200345,,cycles,1001000000,100.00,,
     1.001045000,CPU1,4200345,,cycles,500500000,50.00,,
     2.002100000,CPU0,1300345,,cycles,1001000000,100.00,,
     2.002100000,CPU1,<not counted>,,cycles,0,0.00,,
     2.002100000,CPU0,<not supported>,,r1234,0,100.00,,
     2.002100000,CPU1,<not supported>,,r1234,0,100.00,,
     2.002100000,CPU0,3300345,,cycles,1001000000,100.00,,
     2.002100000,CPU1,4300345,,cycles,1001000000,100.00,,
REC
"$PMUTOP" --replay "$TMPD/perf.csv" -b -x, >"$TMPD/perf.re" 2>"$TMPD/err3"
grep -v '^#' "$TMPD/perf.csv" | grep -v '^$' | cut -d, -f1-7 >"$TMPD/pa"
grep -v '^#' "$TMPD/perf.re" | cut -d, -f1-7 >"$TMPD/pb"
if [ -s "$TMPD/pa" ] && cmp -s "$TMPD/pa" "$TMPD/pb"; then pass perf_recording_roundtrip
else fail perf_recording_roundtrip "$(diff "$TMPD/pa" "$TMPD/pb" | head -6 | tr '\n' ' ')"; fi
t_done
