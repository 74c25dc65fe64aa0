# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# topdown.sh: -E topdown in batch: JSON metrics named as perf's (tma_*) per CPU, socket and system, in
# percent, level 1 summing to 100; hybrid system rows per core type; CSV metric-only lines that a
# replay skips; machines without a method say why and exit 2; the events are not opened otherwise.
. "$(dirname "$0")/../lib.sh"

"$PMUTOP" --sim spr-2s -b -n 2 -d 0.1 -E topdown --json >"$TMPD/s.json" 2>"$TMPD/s.err"
check spr_json python3 - "$TMPD/s.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
L1 = ["tma_retiring", "tma_bad_speculation", "tma_frontend_bound", "tma_backend_bound"]
L2 = {"tma_retiring": ["tma_light_operations", "tma_heavy_operations"],
      "tma_bad_speculation": ["tma_branch_mispredicts", "tma_machine_clears"],
      "tma_frontend_bound": ["tma_fetch_latency", "tma_fetch_bandwidth"],
      "tma_backend_bound": ["tma_memory_bound", "tma_core_bound"]}
rows = [c["metrics"] for c in f["cpus"]] + [s["metrics"] for s in f["sockets"]] + [f["system"]["metrics"]]
assert len(rows) == 224 + 2 + 1
for m in rows:
    assert abs(sum(m[k] for k in L1) - 100) < 0.01, m
    for k, (a, b) in L2.items():
        assert all(0 <= m[x] <= 100 for x in (k, a, b)), m
        assert abs(m[a] + m[b] - m[k]) < 0.01, (k, m)
    assert "tma_smt_contention" not in m
# the memory-bound socket
s0, s1 = (s["metrics"] for s in f["sockets"])
assert s1["tma_memory_bound"] > s0["tma_memory_bound"] + 10, (s0, s1)
PY

"$PMUTOP" --sim adl-hybrid -b -n 2 -d 0.1 -E topdown --json >"$TMPD/h.json" 2>"$TMPD/h.err"
check hybrid_json python3 - "$TMPD/h.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
sysm = f["system"]["metrics"]
for p in ("cpu_core", "cpu_atom"):
    assert abs(sum(sysm[p + "." + k] for k in ("tma_retiring", "tma_bad_speculation",
               "tma_frontend_bound", "tma_backend_bound")) - 100) < 0.01, sysm
assert "cpu_core.tma_heavy_operations" in sysm and "cpu_atom.tma_heavy_operations" not in sysm
assert all("tma_retiring" in c["metrics"] for c in f["cpus"])
PY

"$PMUTOP" --sim zen4-1s -b -n 2 -d 0.1 -E topdown --json >"$TMPD/z.json" 2>"$TMPD/z.err"
check zen4_smt_contention python3 - "$TMPD/z.json" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
for c in f["cpus"]:
    m = c["metrics"]
    five = sum(m[k] for k in ("tma_retiring", "tma_bad_speculation", "tma_frontend_bound",
                              "tma_backend_bound", "tma_smt_contention"))
    assert 0 < m["tma_smt_contention"] < 20 and abs(five - 100) < 0.05, m
PY

"$PMUTOP" --sim spr-2s -C 0-1 -b -n 2 -d 0.1 -E topdown -x , -o "$TMPD/s.csv" 2>"$TMPD/c.err"
if grep -Eq '^ +[0-9.]+,CPU1,,,,,,[0-9]+\.[0-9]{2},% tma_backend_bound$' "$TMPD/s.csv"; then
	pass csv_metric_lines
else
	fail csv_metric_lines "$(grep tma_ "$TMPD/s.csv" | head -3)"
fi
if "$PMUTOP" --replay "$TMPD/s.csv" -b -n 1 --json >"$TMPD/r.json" 2>"$TMPD/r.err" &&
   ! grep -q 'malformed' "$TMPD/r.err"; then
	pass csv_replays
else
	fail csv_replays "$(head -c 300 "$TMPD/r.err")"
fi

# text batch prints the shares beside the counts, as perf does ("#  41.6 %  tma_retiring"), per CPU and frame
"$PMUTOP" --sim spr-2s -C 0-1 -b -n 2 -d 0.1 -E topdown >"$TMPD/s.txt" 2>"$TMPD/t.err"
if python3 - "$TMPD/s.txt" <<'PY'
import re, sys, collections
l1 = ("tma_retiring", "tma_bad_speculation", "tma_frontend_bound", "tma_backend_bound")
sums, seen = collections.defaultdict(float), collections.Counter()
for line in open(sys.argv[1]):
    m = re.match(r"^ +([0-9.]+) CPU(\d+) +#  +([0-9.]+) %  (tma_\w+)$", line)
    if m and m.group(4) in l1:
        sums[(m.group(1), m.group(2))] += float(m.group(3))
        seen[m.group(4)] += 1
ok = len(sums) == 4 and all(abs(v - 100) < 0.3 for v in sums.values()) and all(seen[k] == 4 for k in l1)
print(dict(sums), dict(seen))
sys.exit(0 if ok else 1)
PY
then pass text_metric_lines
else fail text_metric_lines "$(grep tma_ "$TMPD/s.txt" | head -3) $(head -c 200 "$TMPD/t.err")"; fi

# Skylake with Hyper-Threading (4 GP counters) and the NMI watchdog on the fixed cycles counter: perf's
# group of four needs all four once pmutop's pinned cycles takes a GP counter; it is unpinned and said,
# and every CPU gets its shares
"$PMUTOP" --sim skl-4c -b -n 2 -d 0.2 -E topdown --json >"$TMPD/k.json" 2>"$TMPD/k.err"
rc=$?
if [ $rc -eq 0 ] && grep -q "needs 4 general counters beside pmutop's pinned cycles/instructions group, which holds 1 of the 4, its cycles (the NMI watchdog holds the fixed cycles counter); 3 are left" "$TMPD/k.err" &&
   python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
assert len(f["cpus"]) == 8 and all(abs(sum(c["metrics"][k] for k in ("tma_retiring", "tma_bad_speculation",
    "tma_frontend_bound", "tma_backend_bound")) - 100) < 0.1 for c in f["cpus"]), f["cpus"][0]["metrics"]' "$TMPD/k.json"; then
	pass skylake_watchdog_makes_room
else
	fail skylake_watchdog_makes_room "rc=$rc $(cat "$TMPD/k.err")"
fi

# a hybrid whose E-cores have 2 GP counters (pmutop's table says 6): the kernel refuses their top-down
# group when opened alone; stderr says so, the P-cores still count, the E-core rows carry no share
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
awk '/^\[pmu cpu_atom\]/ { a = 1 } a && /^gp = / { $0 = "gp = 2"; a = 0 } { print }' \
	"$ROOT/machines/adl-hybrid.machine" >"$TMPD/adl-2.machine"
"$PMUTOP" --sim "$TMPD/adl-2.machine" -b -n 2 -d 0.2 -E topdown --json >"$TMPD/a2.json" 2>"$TMPD/a2.err"
rc=$?
if [ $rc -eq 0 ] && grep -q "^gp = 2$" "$TMPD/adl-2.machine" &&
   grep -q "cpu_atom: the kernel refuses top-down's group of 4 events (EINVAL): it needs at least 3 general counters" "$TMPD/a2.err" &&
   python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
core = [c for c in f["cpus"] if c["cpu"] < 16]
atom = [c for c in f["cpus"] if c["cpu"] >= 16]
assert len(core) == 16 and len(atom) == 8
assert all("tma_retiring" in c["metrics"] for c in core) and not any("tma_retiring" in c["metrics"] for c in atom)' "$TMPD/a2.json"; then
	pass hybrid_ecore_refused_said
else
	fail hybrid_ecore_refused_said "rc=$rc $(cat "$TMPD/a2.err")"
fi

for m in m1-asahi kvm-nopmu; do
	"$PMUTOP" --sim $m -b -n 1 -d 0.05 -E topdown >/dev/null 2>"$TMPD/$m.err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q "no top-down method for this CPU: " "$TMPD/$m.err"; then
		pass "no_method_$m"
	else
		fail "no_method_$m" "rc=$rc $(cat "$TMPD/$m.err")"
	fi
done

# not asked for: no top-down event is opened and no tma_ metric printed
"$PMUTOP" --sim spr-2s -C 0 -b -n 1 -d 0.05 --json >"$TMPD/d.json" 2>&1
if grep -q 'topdown\|tma_' "$TMPD/d.json"; then fail not_opened_by_default "$(head -c 300 "$TMPD/d.json")"
else pass not_opened_by_default; fi
t_done
