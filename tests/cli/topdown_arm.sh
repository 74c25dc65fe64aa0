# SPDX-License-Identifier: GPL-2.0-or-later
# topdown_arm.sh: top-down on a 6-counter Arm Neoverse V1 (cycle counter + 6 general counters): the slot
# group (cpu_cycles and 5 events) cannot run beside pmutop's pinned cycles/instructions group, so -E topdown
# unpins that group, says so with the counter arithmetic on stderr, and every CPU gets its shares, equal
# to the Arm formulas on that CPU's counts. With 8 general counters nothing needs to move; with 4 the group
# can never be scheduled: exit 2 and the arithmetic on stderr, never a silent 0%.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
need_binary

# FILE PCT: every CPU's shares equal the Arm PMUv3.4 formulas (slots = 8) on its event values, within
# 0.1 points, level 1 sums to 100, and the slot group ran at least PCT% of the time
cat >"$TMPD/check.py" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
pct = float(sys.argv[2])
P = "armv8_pmuv3_0/event=0x%s/"
assert len(f["cpus"]) == 64, len(f["cpus"])
for c in f["cpus"]:
    e, m = c["events"], c["metrics"]
    v = {k: e[P % k]["value"] for k in ("11", "3f", "3e", "3d", "3b", "3a")}
    assert all(x is not None and x > 0 for x in v.values()), (c["cpu"], v)
    assert e[P % "11"]["running_pct"] >= pct, (c["cpu"], e[P % "11"])
    s = 8 * v["11"]
    busy = 1 - v["3f"] / s
    want = {"tma_frontend_bound": v["3e"] / s, "tma_backend_bound": v["3d"] / s,
            "tma_retiring": v["3a"] / v["3b"] * busy, "tma_bad_speculation": (1 - v["3a"] / v["3b"]) * busy}
    for k, w in want.items():
        assert abs(m[k] - 100 * w) < 0.1, (c["cpu"], k, m[k], 100 * w)
    assert abs(sum(m[k] for k in want) - 100) < 0.1, m
    assert e["cycles"]["counted"] and e["instructions"]["counted"] and m["ipc"] > 0, e["cycles"]
print("ok")
PY

"$PMUTOP" --sim neoverse-v1 -b -n 2 -d 0.2 -E topdown --json >"$TMPD/v1.json" 2>"$TMPD/v1.err"
rc=$?
if [ $rc -eq 0 ] && python3 "$TMPD/check.py" "$TMPD/v1.json" 30 >"$TMPD/v1.out" 2>&1; then
	pass v1_six_counters_every_cpu
else
	fail v1_six_counters_every_cpu "rc=$rc $(tail -c 400 "$TMPD/v1.out") $(head -c 300 "$TMPD/v1.err")"
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
   python3 "$TMPD/check.py" "$TMPD/v8.json" 100 >"$TMPD/v8.out" 2>&1; then
	pass v1_eight_counters_fit
else
	fail v1_eight_counters_fit "rc=$rc $(tail -c 300 "$TMPD/v8.out") $(head -c 300 "$TMPD/v8.err")"
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
