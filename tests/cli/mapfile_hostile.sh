#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# mapfile_hostile.sh: event tables under abuse (issue 26, HIGH 3, MEDIUM 4, 5): a back-reference row that
# crashed glibc's regexec, 1,000 rows of nested groups, FIFOs as mapfile.csv and as a table. Each ends with
# a message or the list; `timeout` only guards against a hang, no time is asserted.
. "$(dirname "$0")/../lib.sh"
need_binary

mkdir -p "$TMPD/a"
printf 'Family-model,Version,Filename,EventType\n(|)(\\1\\1)*,v1,x.json,core\n' >"$TMPD/a/mapfile.csv"
timeout 60 "$PMUTOP" --sim spr-2s --events-dir "$TMPD/a" --list-events 'x*' >/dev/null 2>"$TMPD/a.err"
st=$?
[ $st -eq 0 ] && grep -q "line 2: bad regular expression" "$TMPD/a.err" && pass backreference_row ||
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
