#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_hostile_numbers.sh: a recording with out-of-range numbers (1e60 values, a 1e25 timestamp,
# negative counts, NaN, huge run times) is converted in every output format without a crash; each
# bad line is named FILE:LINE with its reason and the good rows keep their exact values.
. "$(dirname "$0")/../lib.sh"

rec=$TMPD/hostile.csv
cat >"$rec" <<'REC'
     1.000000000,CPU0,1000,,cycles,1000000000,100.00,,
     1.000000000,CPU0,1e60,,instructions,1000000000,100.00,,
1e25,CPU0,5,,cycles,1000000,100.00,,
     2.000000000,CPU0,-5,,cycles,1000000,100.00,,
     2.000000000,CPU0,nan,,instructions,1000000,100.00,,
     2.000000000,CPU0,2000,,instructions,1e30,100.00,,
     2.000000000,CPU0,2000,,instructions,1000000,0.0000000001,,
     3.000000000,CPU0,18446744073709549568,,cycles,1000000000,100.00,,
     3.000000000,CPU0,3000,,instructions,1000000000,100.00,,
REC

for fmt in text csv json; do
	case $fmt in text) opt="";; csv) opt="-x,";; json) opt="--json";; esac
	"$PMUTOP" --replay "$rec" -b $opt >"$TMPD/out.$fmt" 2>"$TMPD/err.$fmt"
	rc=$?
	if [ "$rc" -eq 0 ] && grep -q "$rec:2: value out of range" "$TMPD/err.$fmt" &&
	   grep -q "5 malformed lines skipped (lines 2, 3, 4, 5, 6" "$TMPD/err.$fmt"; then
		pass "${fmt}_rejects_with_file_line"
	else
		fail "${fmt}_rejects_with_file_line" "exit $rc: $(head -c 300 "$TMPD/err.$fmt")"
	fi
done

# the largest count a 64-bit counter holds prints with every digit; no row has an exponent, nan or
# inf (the rows only: the header names the recording, whose random folder name may hold "inf")
if grep -q "^ *3.000000000,CPU0,18446744073709549568,,cycles,1000000000,100.00," "$TMPD/out.csv" &&
   grep -q "^ *1.000000000,CPU0,1000,,cycles," "$TMPD/out.csv" &&
   ! grep -v '^#' "$TMPD/out.csv" | grep -q "e+\|nan\|inf"; then
	pass csv_exact_values
else
	fail csv_exact_values "$(grep -v '^#' "$TMPD/out.csv" | head -c 400)"
fi
if grep -q "^ *3.000000000 CPU0 *18446744073709549568 *cycles" "$TMPD/out.text"; then
	pass text_exact_values
else
	fail text_exact_values "$(head -c 400 "$TMPD/out.text")"
fi
if python3 - "$TMPD/out.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert [r["time"] for r in rows] == [1.0, 2.0, 3.0], [r["time"] for r in rows]
ev = rows[0]["cpus"][0]["events"]
assert ev["cycles"]["value"] == 1000 and "instructions" not in ev, ev
ev = rows[1]["cpus"][0]["events"]
assert ev["instructions"]["value"] == 2000 and "cycles" not in ev, ev
ev = rows[2]["cpus"][0]["events"]
assert ev["cycles"]["value"] == 18446744073709549568, ev["cycles"]
assert ev["cycles"]["raw"] == 18446744073709549568, ev["cycles"]
PY
then pass json_parses_exact_values
else fail json_parses_exact_values "$(head -c 400 "$TMPD/out.json")"
fi
t_done
