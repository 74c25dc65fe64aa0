# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# topdown_arm.sh: top-down on a 6-counter Arm Neoverse V1 (cycle counter + 6 general counters): the slot
# group (cpu_cycles and 5 events) cannot run beside pmutop's pinned cycles/instructions group, so -E topdown
# unpins that group, says so with the counter arithmetic on stderr, and every CPU gets its shares, equal
# to the kernel's own Arm expressions (tools/perf/pmu-events/arch/arm64/sbsa.json) on that CPU's counts.
# With 8 general counters nothing needs to move; with 4 the group can never be scheduled: exit 2 and the
# arithmetic on stderr, never a silent 0%.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
need_binary

# JSON PCT: all 64 CPUs counted the six slot-group events (all above 0) at least PCT% of the time,
# beside counted cycles and instructions
cat >"$TMPD/check.py" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
pct = float(sys.argv[2])
assert len(f["cpus"]) == 64, len(f["cpus"])
for c in f["cpus"]:
    e, m = c["events"], c["metrics"]
    slot = {k: v for k, v in e.items() if k.startswith("armv8_pmuv3_0/")}
    assert len(slot) == 6 and all(v["value"] is not None and v["value"] > 0 for v in slot.values()), (c["cpu"], slot)
    assert all(v["running_pct"] >= pct for v in slot.values()), (c["cpu"], slot)
    assert e["cycles"]["counted"] and e["instructions"]["counted"] and m["ipc"] > 0, e["cycles"]
print("ok")
PY
# check_run MACHINE OUT PCT: OUT.json (pmutop's batch output on MACHINE) passes check.py, and its shares
# equal the kernel's sbsa.json expressions within 0.1 points with level 1 summing to 100
# (kernel_topdown_eval.py, with the PMU's caps/slots and format from MACHINE's simulated sysfs tree and
# the events' encodings from --explain-events)
check_run() {
	"$PMUTOP" --sim "$1" --sim-tree "$2.tree" >"$2.chk" 2>&1 &&
	"$PMUTOP" --sim "$1" --explain-events --json -E topdown >"$2.explain" 2>>"$2.chk" &&
	python3 "$TMPD/check.py" "$2.json" "$3" >>"$2.chk" 2>&1 &&
	python3 "$ROOT/tests/cli/kernel_topdown_eval.py" neoverse-v1 "$ROOT/tests/fixtures/perf-metrics" "$2.tree" \
		"$2.explain" "$2.json" >>"$2.chk" 2>&1
}

"$PMUTOP" --sim neoverse-v1 -b -n 2 -d 0.2 -E topdown --json >"$TMPD/v1.json" 2>"$TMPD/v1.err"
rc=$?
if [ $rc -eq 0 ] && check_run neoverse-v1 "$TMPD/v1" 30; then
	pass v1_six_counters_every_cpu
else
	fail v1_six_counters_every_cpu "rc=$rc $(tail -c 400 "$TMPD/v1.chk") $(head -c 300 "$TMPD/v1.err")"
fi
if grep -q "needs 6 general counters beside pmutop's pinned cycles/instructions group, which holds the cycle counter and 1 of the 6; 5 are left" "$TMPD/v1.err"; then
	pass v1_says_the_arithmetic
else
	fail v1_says_the_arithmetic "$(cat "$TMPD/v1.err")"
fi

# the same machine with 8 general counters: the group fits beside the pinned one, runs all the time
sed 's/^gp = 6$/gp = 8/' "$ROOT/machines/neoverse-v1.machine" >"$TMPD/v1-8.machine"
"$PMUTOP" --sim "$TMPD/v1-8.machine" -b -n 2 -d 0.2 -E topdown --json >"$TMPD/v8.json" 2>"$TMPD/v8.err"
rc=$?
if grep -q '^gp = 8$' "$TMPD/v1-8.machine" && [ $rc -eq 0 ] && [ ! -s "$TMPD/v8.err" ] &&
   check_run "$TMPD/v1-8.machine" "$TMPD/v8" 100; then
	pass v1_eight_counters_fit
else
	fail v1_eight_counters_fit "rc=$rc $(tail -c 300 "$TMPD/v8.chk") $(head -c 300 "$TMPD/v8.err")"
fi

# 4 general counters: the slot group (5 of them and the cycle counter) can never be scheduled
sed 's/^gp = 6$/gp = 4/' "$ROOT/machines/neoverse-v1.machine" >"$TMPD/v1-4.machine"
"$PMUTOP" --sim "$TMPD/v1-4.machine" -b -n 1 -d 0.1 -E topdown --json >"$TMPD/v4.json" 2>"$TMPD/v4.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "top-down's group of 6 events needs 5 general counters, and armv8_pmuv3_0 has 4: the kernel can never schedule it" "$TMPD/v4.err" &&
   ! grep -q tma_ "$TMPD/v4.json"; then
	pass v1_four_counters_never
else
	fail v1_four_counters_never "rc=$rc $(cat "$TMPD/v4.err")"
fi
t_done
