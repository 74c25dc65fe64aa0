# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# batch_options.sh: -C, -E, -o, -x and the plain text form on simulated machines; hybrid opens
# generic events per core PMU on the CPUs each covers.
. "$(dirname "$0")/../lib.sh"

"$PMUTOP" --sim spr-2s -C 0-3,56,112 -b -n 1 -d 0.05 -e cycles,instructions --json >"$TMPD/c.json" 2>"$TMPD/c.err"
check cpu_filter python3 - "$TMPD/c.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).readline())
assert [c["cpu"] for c in f["cpus"]] == [0, 1, 2, 3, 56, 112], [c["cpu"] for c in f["cpus"]]
sock = {c["cpu"]: c["socket"] for c in f["cpus"]}
assert sock[56] == 1 and sock[112] == 0 and sock[0] == 0, sock   # 112 is CPU 0's SMT sibling
PY

"$PMUTOP" --sim spr-2s -C 500 -b -n 1 >/dev/null 2>"$TMPD/c2.err"
rc=$?
[ $rc -eq 2 ] && grep -q "^pmutop: -C 500: CPU 500 not online (online: 0-223)$" "$TMPD/c2.err" && pass cpu_filter_offline ||
	fail cpu_filter_offline "rc=$rc $(cat "$TMPD/c2.err")"

"$PMUTOP" --sim adl-hybrid -b -n 1 -d 0.05 -e cycles,instructions --json >"$TMPD/h.json" 2>&1
check hybrid_per_core_pmu python3 - "$TMPD/h.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).readline())
core = [c for c in f["cpus"] if "cpu_core/cycles/" in c["events"]]
atom = [c for c in f["cpus"] if "cpu_atom/cycles/" in c["events"]]
assert core and atom, "both core PMUs count"
assert not any("cpu_atom/cycles/" in c["events"] for c in core), "no CPU carries both"
assert len(core) + len(atom) == len(f["cpus"])
for c in f["cpus"]:
    assert 0.1 < c["metrics"]["ipc"] < 6, c
PY

"$PMUTOP" --sim spr-2s -E branch -b -n 1 -d 0.05 --json >"$TMPD/e.json" 2>&1
check event_set_branch python3 - "$TMPD/e.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).readline())
ev = f["cpus"][0]["events"]
assert "branch-misses" in ev and "branches" in ev, sorted(ev)
assert "branch_miss_pct" in f["cpus"][0]["metrics"]
PY

"$PMUTOP" --sim spr-2s -E nosuchset -b -n 1 >/dev/null 2>"$TMPD/e2.err"
[ $? -eq 2 ] && grep -q "no event set named 'nosuchset'" "$TMPD/e2.err" && pass unknown_event_set ||
	fail unknown_event_set "$(cat "$TMPD/e2.err")"

"$PMUTOP" --sim m1-asahi -E uncore -b -n 1 >/dev/null 2>"$TMPD/e3.err"
[ $? -eq 2 ] && grep -q "has no events on this machine" "$TMPD/e3.err" && pass empty_event_set_says_so ||
	fail empty_event_set_says_so "$(cat "$TMPD/e3.err")"

"$PMUTOP" --sim spr-2s -C 0,1 -b -n 2 -d 0.05 -e cycles,instructions -x ';' -o "$TMPD/rec.csv" 2>/dev/null
check csv_rows_perf_format python3 - "$TMPD/rec.csv" <<'PY'
import sys
rows = [l.rstrip("\n").split(";") for l in open(sys.argv[1]) if not l.startswith("#")]
assert len(rows) == 2 * 2 * 2, len(rows)          # samples x events x CPUs
for r in rows:
    assert len(r) == 9, r
    float(r[0]); assert r[1] in ("CPU0", "CPU1"), r
    assert r[4] in ("cycles", "instructions"), r
    int(r[5]); float(r[6])
ins = [r for r in rows if r[4] == "instructions"]
assert all(r[8] == "insn per cycle" and float(r[7]) > 0 for r in ins), ins[0]
PY

"$PMUTOP" --sim spr-2s -C 0 -b -n 1 -d 0.05 -e cycles,instructions >"$TMPD/t.txt" 2>/dev/null
check text_form grep -Eq '^ +[0-9]+\.[0-9]{9} CPU0 +[0-9]+ +instructions +# +[0-9.]+ insn per cycle' "$TMPD/t.txt"

"$PMUTOP" --sim spr-2s -b -n 1 -o /nonexistent/dir/out.json --json >/dev/null 2>"$TMPD/o.err"
[ $? -eq 1 ] && grep -q "cannot write /nonexistent/dir/out.json" "$TMPD/o.err" && pass unwritable_output ||
	fail unwritable_output "$(cat "$TMPD/o.err")"
# a simulated machine's text says so (issue 36), above every column head (the first frame's and
# every 25th's), for the CPUs and for -p's rows; this machine's does not
"$PMUTOP" --sim spr-2s -b -n 26 -d 0.01 -e cycles >"$TMPD/sim.txt" 2>/dev/null
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.1 -e cycles -p 696 >"$TMPD/simp.txt" 2>/dev/null
if live_refused; then   # this machine's text: a stand-in that says nothing, as live output
	printf '#           time CPU                    counts unit events\n  cpu-clock\n' >"$TMPD/live.txt"
	skip text_live_unmarked "$LIVE_WHY"
else
	"$PMUTOP" -b -n 1 -d 0.1 -e cpu-clock >"$TMPD/live.txt" 2>/dev/null
fi
check text_says_simulated sh -c '[ "$(head -1 "$0")" = "# source: SIMULATED: spr-2s" ] &&
	[ "$(grep -c "^# source: SIMULATED: spr-2s$" "$0")" = 2 ] &&
	[ "$(grep -c "^# source:" "$0")" = "$(grep -c "^#  *time CPU" "$0")" ] &&
	[ "$(head -1 "$1")" = "# source: SIMULATED: spr-2s" ] && ! grep -q "^# source" "$2" && grep -q "cpu-clock" "$2"' \
	"$TMPD/sim.txt" "$TMPD/simp.txt" "$TMPD/live.txt"
t_done
