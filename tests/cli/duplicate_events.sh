#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# duplicate_events.sh: the same event twice stays two columns: JSON keys "cycles" and "cycles#2" (never a
# duplicate key), two CSV rows per CPU as perf prints them, and a replay that keeps both.
. "$(dirname "$0")/../lib.sh"

if ! "$PMUTOP" --sim spr-2s -b -n 2 -d 0.1 -e cycles,instructions,cycles --json >"$TMPD/d.json" 2>"$TMPD/err"; then
	fail json_run "$(head -c 300 "$TMPD/err")"
elif python3 - "$TMPD/d.json" <<'PY'
import json, sys
def no_dups(pairs):
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), "duplicate key in %s" % keys
    return dict(pairs)
rows = [json.loads(l, object_pairs_hook=no_dups) for l in open(sys.argv[1]) if l.strip()]
assert len(rows) == 2
for r in rows:
    for c in r["cpus"] + [r["system"]]:
        ev = c["events"]
        assert list(ev) == ["cycles", "instructions", "cycles#2"], list(ev)
        assert ev["cycles"]["counted"] and ev["cycles#2"]["counted"], ev
        assert ev["cycles"]["value"] > 0 and ev["cycles#2"]["value"] > 0, ev
PY
then pass json_distinct_keys
else fail json_distinct_keys "$(head -c 300 "$TMPD/d.json")"
fi

# a pmutop recording with the event twice replays to the same rows, none dropped
if ! "$PMUTOP" --sim spr-2s -b -n 2 -d 0.1 -e cycles,instructions,cycles -x, -o "$TMPD/rec.csv" 2>"$TMPD/err"; then
	fail record "$(head -c 300 "$TMPD/err")"
else
	n0=$(grep -c ',CPU0,[0-9]*,,cycles,' "$TMPD/rec.csv")
	if [ "$n0" -eq 4 ]; then pass csv_two_rows_per_cpu
	else fail csv_two_rows_per_cpu "CPU0 has $n0 cycles rows in 2 intervals, want 4"; fi
	"$PMUTOP" --replay "$TMPD/rec.csv" -b -x, >"$TMPD/re.csv" 2>"$TMPD/err2"
	grep -v '^#' "$TMPD/rec.csv" >"$TMPD/a"
	grep -v '^#' "$TMPD/re.csv" >"$TMPD/b"
	if [ -s "$TMPD/a" ] && cmp -s "$TMPD/a" "$TMPD/b"; then pass replay_roundtrip_exact
	else fail replay_roundtrip_exact "$(diff "$TMPD/a" "$TMPD/b" | head -4 | tr '\n' ' ')"; fi
fi

# a perf stat -a -A -I -x recording with a name twice: every row comes back, values exact
cat >"$TMPD/perf.csv" <<'REC'
# started on Mon Nov 23 10:00:00 2026

     1.001045000,CPU0,1200345,,cycles,1001000000,100.00,,
     1.001045000,CPU1,2200345,,cycles,1001000000,100.00,,
     1.001045000,CPU0,3200345,,cycles,1001000000,100.00,,
     1.001045000,CPU1,4200345,,cycles,500500000,50.00,,
     1.001045000,CPU0,1000.50,msec,cpu-clock,1000500000,100.00,,
     1.001045000,CPU1,1000.52,msec,cpu-clock,1000520000,100.00,,
     2.002100000,CPU0,1300345,,cycles,1001000000,100.00,,
     2.002100000,CPU1,<not counted>,,cycles,0,0.00,,
     2.002100000,CPU0,3300345,,cycles,1001000000,100.00,,
     2.002100000,CPU1,4300345,,cycles,1001000000,100.00,,
     2.002100000,CPU0,1000.50,msec,cpu-clock,1000500000,100.00,,
     2.002100000,CPU1,1000.52,msec,cpu-clock,1000520000,100.00,,
REC
"$PMUTOP" --replay "$TMPD/perf.csv" -b -x, >"$TMPD/perf.re" 2>"$TMPD/err3"
grep -v '^#' "$TMPD/perf.csv" | grep -v '^$' | cut -d, -f1-7 >"$TMPD/pa"
grep -v '^#' "$TMPD/perf.re" | cut -d, -f1-7 >"$TMPD/pb"
if cmp -s "$TMPD/pa" "$TMPD/pb"; then pass perf_recording_exact
else fail perf_recording_exact "$(diff "$TMPD/pa" "$TMPD/pb" | head -6 | tr '\n' ' ')"; fi
t_done
