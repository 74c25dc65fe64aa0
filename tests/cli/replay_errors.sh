#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_errors.sh: malformed lines are reported with line numbers and skipped; bad files stop with a message.
. "$(dirname "$0")/../lib.sh"

cat >"$TMPD/rec.csv" <<'REC'
# started on Sun Nov 22 00:00:00 2026
     1.000100000;CPU0;1000;;cycles;1000000;100.00;;
     1.000100000;CPU1;3000;;cycles;1000000;100.00;;
     1.000100000;CPU0;500;;instructions;1000000;50.00;0.50;insn per cycle
     1.000100000;CPU1;<not counted>;;instructions;0;0.00;;
this line is garbage
     2.000200000;CPU0;2000;;cycles;1000000;100.00;;
     2.000200000;CPU1;x12;;cycles;1000000;100.00;;
     2.000200000;CPU0;3000;;instructions;1000000;100.00;;
     2.000200000;CPU1;1500;;instructions;1000000;100.00;;
summary;CPU0;3000;;cycles;2000000;100.00;;
REC

if "$PMUTOP" --replay "$TMPD/rec.csv" -b --json >"$TMPD/out.json" 2>"$TMPD/err.txt"; then
	pass malformed_continues
else
	fail malformed_continues "exit $?: $(head -c 300 "$TMPD/err.txt")"
fi
if grep -q "2 malformed lines" "$TMPD/err.txt" && grep -q "6, 8" "$TMPD/err.txt"; then
	pass malformed_line_numbers
else
	fail malformed_line_numbers "stderr: $(head -c 300 "$TMPD/err.txt")"
fi
if python3 - "$TMPD/out.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert len(rows) == 2, len(rows)                       # the summary row is no interval
c = {x["cpu"]: x for x in rows[0]["cpus"]}
assert abs(c[0]["metrics"]["ipc"] - 0.5) < 1e-9
assert c[0]["events"]["instructions"]["running_pct"] == 50.0
assert c[1]["events"]["instructions"]["counted"] is False  # <not counted> stays missing
assert c[1]["metrics"].get("ipc") is None
c = {x["cpu"]: x for x in rows[1]["cpus"]}
assert abs(c[0]["metrics"]["ipc"] - 1.5) < 1e-9
assert c[1]["metrics"].get("ipc") is None               # its cycles row was malformed
PY
then pass semicolon_values_and_states
else fail semicolon_values_and_states "$(head -c 300 "$TMPD/out.json")"
fi

"$PMUTOP" --replay "$TMPD/nonexistent.csv" -b --json >/dev/null 2>"$TMPD/err2.txt"
rc=$?
if [ "$rc" -ne 0 ] && grep -q "nonexistent.csv" "$TMPD/err2.txt"; then pass missing_file
else fail missing_file "exit $rc: $(head -c 300 "$TMPD/err2.txt")"; fi

"$PMUTOP" --replay "$TMPD" -b --json >/dev/null 2>"$TMPD/err3.txt"
rc=$?
if [ "$rc" -ne 0 ] && grep -q "not a regular file" "$TMPD/err3.txt"; then pass directory
else fail directory "exit $rc: $(head -c 300 "$TMPD/err3.txt")"; fi

printf '# nothing\n\n' >"$TMPD/empty.csv"
"$PMUTOP" --replay "$TMPD/empty.csv" -b --json >/dev/null 2>"$TMPD/err4.txt"
rc=$?
if [ "$rc" -ne 0 ] && grep -q "no data" "$TMPD/err4.txt"; then pass no_data
else fail no_data "exit $rc: $(head -c 300 "$TMPD/err4.txt")"; fi
t_done
