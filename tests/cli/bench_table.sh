#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# bench_table.sh: docs/performance.md's performance table is the one scripts/bench_table.py generates from a
# make bench run (by default: bench/run.sh rewrites that file): its markers are there once, its rows have the
# generated format (the numbers are not checked: they are a run's); regenerating from a results file puts a row
# for each figure with a target, with its pass/FAIL, and says when the run was under load; a file without the
# markers is refused, not rewritten. The README keeps a one-line summary, not the table.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GEN="$ROOT/scripts/bench_table.py"

if ! command -v python3 >/dev/null 2>&1; then skip all "python3 not installed"; exit 0; fi

DOC="$ROOT/docs/performance.md"
check doc_format python3 "$GEN" --check
if grep -q 'bench-table begin' "$ROOT/README.md"; then fail table_not_in_readme "README.md still holds the table"
elif grep -q 'docs/performance.md' "$ROOT/README.md"; then pass table_not_in_readme
else fail table_not_in_readme "README.md does not point to docs/performance.md"; fi
if grep -q 'docs/performance.md' "$ROOT/bench/run.sh"; then pass bench_writes_doc
else fail bench_writes_doc "bench/run.sh does not rewrite docs/performance.md"; fi

# a results file as bench.py writes it: two figures with targets (one met, one missed), one without
cat >"$TMPD/results.json" <<'EOF'
{"machine": {"cpu_model": "Test CPU", "nproc": 2, "kernel": "6.1", "loadavg": [7.5, 6, 5],
  "loadavg_end": [8.0, 6, 5], "under_load": true, "seconds": 12.0, "date": "2026-01-01T00:00:00Z"},
 "repeats": 5, "notes": [],
 "figures": [
  {"scenario": "2 TUI", "name": "TUI frame CPU (format+doupdate), spr-2s, 200x50", "unit": "ms", "runs": [0.8],
   "median": 0.8, "min": 0.8, "max": 0.8, "target": 1.0, "target_op": "<=", "met": true, "note": ""},
  {"scenario": "6 replay", "name": "160-CPU recording to JSON, 720500 lines (wall)", "unit": "M lines/s",
   "runs": [2.1], "median": 2.1, "min": 2.1, "max": 2.1, "target": 3.0, "target_op": ">=", "met": false, "note": ""},
  {"scenario": "1 live", "name": "pmutop CPU time, 10 s at 100 ms", "unit": "ms", "runs": [16],
   "median": 16, "min": 16, "max": 16, "target": null, "target_op": null, "note": ""}]}
EOF
cp "$DOC" "$TMPD/perf.md"
if python3 "$GEN" "$TMPD/results.json" "$TMPD/perf.md" >"$TMPD/gen.out" 2>&1 &&
	python3 "$GEN" --check "$TMPD/perf.md" >>"$TMPD/gen.out" 2>&1; then
	pass regenerated_format
else
	fail regenerated_format "$(head -c 400 "$TMPD/gen.out")"
fi
sed -n '/bench-table begin/,/bench-table end/p' "$TMPD/perf.md" >"$TMPD/table"
if grep -qx '| 2 TUI | TUI frame CPU (format+doupdate), spr-2s, 200x50 | 0.80 ms | <= 1.00 | pass |' "$TMPD/table" &&
	grep -qx '| 6 replay | 160-CPU recording to JSON, 720500 lines (wall) | 2.10 M lines/s | >= 3.00 | FAIL |' "$TMPD/table" &&
	! grep -q 'pmutop CPU time' "$TMPD/table" && [ "$(grep -c '^| [0-9]' "$TMPD/table")" -eq 2 ]; then
	pass rows_from_results
else
	fail rows_from_results "$(tr '\n' ' ' <"$TMPD/table" | head -c 600)"
fi
if grep -q 'measured under load' "$TMPD/table"; then
	pass says_under_load
else
	fail says_under_load "no 'measured under load' in the table"
fi
# the text around the markers is kept as it was
if [ "$(sed '/bench-table begin/,/bench-table end/d' "$TMPD/perf.md" | md5sum)" = \
	"$(sed '/bench-table begin/,/bench-table end/d' "$DOC" | md5sum)" ]; then
	pass rest_kept
else
	fail rest_kept "docs/performance.md changed outside the markers"
fi

# no markers: refused with what to add, the file left alone
printf '# x\n\n## Performance\n\nno table\n' >"$TMPD/bare.md"
cp "$TMPD/bare.md" "$TMPD/bare.orig"
if python3 "$GEN" "$TMPD/results.json" "$TMPD/bare.md" >"$TMPD/bare.out" 2>&1; then
	fail no_markers "accepted a file without markers"
elif grep -q 'bench-table begin' "$TMPD/bare.out" && cmp -s "$TMPD/bare.md" "$TMPD/bare.orig"; then
	pass no_markers
else
	fail no_markers "$(head -c 300 "$TMPD/bare.out")"
fi
t_done
