# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# event_syntax.sh: the command line side of the event syntax: every -e taken in order, the period=/freq=
# note said once, syntax errors pointing at the column, tracepoints without tracefs refused clearly.
. "$(dirname "$0")/../lib.sh"

"$PMUTOP" --sim spr-2s --explain-events --json -e cycles -e '{instructions,cpu/event=0x3c,period=5/}:u' \
	-e 'cpu/event=0xc0,freq=10/,cycles' >"$TMPD/e.json" 2>"$TMPD/e.err"
check repeated_e_in_order python3 - "$TMPD/e.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
names = [e["name"] for e in a]
assert names == ["cycles", "instructions:u", "cpu/event=0x3c,period=5/u", "cpu/event=0xc0,freq=10/", "cycles"], names
groups = [e["group"] for e in a]
assert groups[1] == groups[2] and len(set(groups)) == 4, groups
PY
n=$(grep -c "period= and freq=" "$TMPD/e.err")
[ "$n" -eq 1 ] && pass sampling_note_once || fail sampling_note_once "said $n times: $(cat "$TMPD/e.err")"

"$PMUTOP" --sim spr-2s --explain-events -e cycles -e 'cs,cpu/evnt=1/' >/dev/null 2>"$TMPD/bad.err"
rc=$?
# the caret line: two spaces, then the input's first 7 bytes, then '^' under "evnt"
if [ $rc -eq 2 ] && grep -q "column 8: unknown term 'evnt' for PMU cpu" "$TMPD/bad.err" &&
	grep -qx '         ^' "$TMPD/bad.err" && grep -qx '  cs,cpu/evnt=1/' "$TMPD/bad.err"; then
	pass error_column
else
	fail error_column "rc=$rc $(cat "$TMPD/bad.err")"
fi

# the simulated trees have no tracefs: the message says so instead of "bad modifier 's'"
"$PMUTOP" --sim spr-2s --explain-events -e sched:sched_switch >/dev/null 2>"$TMPD/tp.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "column 1: no tracefs under" "$TMPD/tp.err" && ! grep -q "bad modifier" "$TMPD/tp.err"; then
	pass tracepoint_no_tracefs
else
	fail tracepoint_no_tracefs "rc=$rc $(cat "$TMPD/tp.err")"
fi
