#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# mapfile_hostile.sh: event tables under abuse (issue 26, HIGH 3, MEDIUM 4, 5): a back-reference row that
# crashed glibc's regexec, 1,000 rows of nested groups, FIFOs as mapfile.csv and as a table. Each ends with
# a message or the list; a bad row is told (FILE:LINE, printable) and skipped, the other rows kept.
# `timeout` only guards against a hang, no time is asserted (make bench measures reading 1,000 rows).
. "$(dirname "$0")/../lib.sh"
need_binary

mkdir -p "$TMPD/a"
printf 'Family-model,Version,Filename,EventType\n(|)(\\1\\1)*,v1,x.json,core\n' >"$TMPD/a/mapfile.csv"
timeout 60 "$PMUTOP" --sim spr-2s --events-dir "$TMPD/a" --list-events 'x*' >/dev/null 2>"$TMPD/a.err"
st=$?
# the row echoed as base/printable shows it: each backslash written \\ (issue 37)
[ $st -eq 0 ] && grep -q "a/mapfile.csv:2: bad regular expression '(|)(\\\\\\\\1\\\\\\\\1)\*', skipped" "$TMPD/a.err" && pass backreference_row ||
	fail backreference_row "exit $st: $(head -c 300 "$TMPD/a.err")"

python3 - "$TMPD/b/mapfile.csv" <<'PY'
import os, sys
os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True)
with open(sys.argv[1], "w") as f:
    f.write("Family-model,Version,Filename,EventType\n")
    for i in range(1000):
        f.write("G((((e*)*)*)*n*)*uineIntel-6-%02X[0-9A-F]*(a|b|(c|(d|e)*)*)*Z,v1,x%d.json,core\n" % (i % 256, i))
PY
timeout 60 "$PMUTOP" --sim spr-2s --events-dir "$TMPD/b" --list-events 'x*' >/dev/null 2>"$TMPD/b.err"
st=$?
[ $st -eq 0 ] && pass nested_groups_rows || fail nested_groups_rows "exit $st: $(head -c 300 "$TMPD/b.err")"

# bad rows amid good ones (issue 26): each told with FILE:LINE, its text printable, and skipped; the good
# rows before and after them still give their events
mkdir -p "$TMPD/e"
printf 'Family-model,Version,Filename,EventType\nGenuineIntel-6-8F,V1,/one.json,core\n(|)(\\1),v1,x.json,core\nGenuineIntel-6-\033[2J(,v1,y.json,core\nno fields here\nGenuineIntel-6-8F,V1,/two.json,core\n' >"$TMPD/e/mapfile.csv"
echo '[{"EventName":"FIRST_GOOD","EventCode":"0x3c","UMask":"0x1"}]' >"$TMPD/e/one.json"
echo '[{"EventName":"SECOND_GOOD","EventCode":"0x3d","UMask":"0x1"}]' >"$TMPD/e/two.json"
timeout 60 "$PMUTOP" --sim spr-2s --events-dir "$TMPD/e" --list-events '*_good' >"$TMPD/e.out" 2>"$TMPD/e.err"
st=$?
if [ $st -eq 0 ] && grep -q '^first_good ' "$TMPD/e.out" && grep -q '^second_good ' "$TMPD/e.out" &&
	grep -q 'e/mapfile.csv:3: bad regular expression' "$TMPD/e.err" &&
	grep -q 'e/mapfile.csv:4: bad regular expression .GenuineIntel-6-\\x1b\[2J(' "$TMPD/e.err" &&
	grep -q 'e/mapfile.csv:5: expected' "$TMPD/e.err" && ! grep -q "$(printf '\033')" "$TMPD/e.err"; then
	pass bad_rows_told_and_skipped
else
	fail bad_rows_told_and_skipped "exit $st: $(head -c 300 "$TMPD/e.out") / $(head -c 400 "$TMPD/e.err")"
fi

mkdir -p "$TMPD/c" "$TMPD/d"
mkfifo "$TMPD/c/mapfile.csv"
printf 'Family-model,Version,Filename,EventType\nGenuineIntel-6-8F,V1,/fifo.json,core\n' >"$TMPD/d/mapfile.csv"
mkfifo "$TMPD/d/fifo.json"
for d in c d; do
	timeout 60 "$PMUTOP" --sim spr-2s --events-dir "$TMPD/$d" --list-events 'x*' >/dev/null 2>"$TMPD/$d.err"
	st=$?
	[ $st -ne 124 ] && ! grep -q "Segmentation\|core dumped" "$TMPD/$d.err" && pass "fifo_$d" ||
		fail "fifo_$d" "exit $st: $(head -c 300 "$TMPD/$d.err")"
done
t_done
