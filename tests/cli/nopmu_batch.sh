# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# nopmu_batch.sh: batch JSON carries what a machine without a PMU counts besides its software
# events: interrupts per second (/proc/interrupts) and the clock (cpufreq or cpuinfo) per CPU,
# summed (interrupts) or averaged (clock) for the sockets and the system. A hardware machine
# reads them only when the columns setting asks for them.
. "$(dirname "$0")/../lib.sh"

check_json() {   # FILE WANT(1/0): frames after the first carry the figures (or none do)
	python3 - "$1" "$2" <<'PY'
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
want = sys.argv[2] == "1"
assert len(frames) >= 2, "frames: %d" % len(frames)
for f in frames[1:]:
    cpus = f["cpus"]
    irq = [c["metrics"].get("interrupts_per_s") for c in cpus]
    mhz = [c["metrics"].get("mhz") for c in cpus]
    if not want:
        assert all(v is None for v in irq + mhz), "unasked: %s %s" % (irq, mhz)
        continue
    assert all(v is not None and 1 <= v <= 1e6 for v in irq), "irq/s %s" % irq
    assert all(v is not None and 100 <= v <= 10000 for v in mhz), "mhz %s" % mhz
    tot = f["system"]["metrics"]["interrupts_per_s"]
    assert abs(tot - sum(irq)) <= 1e-6 * tot, "system %s vs %s" % (tot, sum(irq))
    assert abs(f["system"]["metrics"]["mhz"] - sum(mhz) / len(mhz)) < 1e-6
    s = f["sockets"][0]["metrics"]
    assert s["interrupts_per_s"] > 0 and s["mhz"] > 0, s
PY
}

"$PMUTOP" --sim kvm-nopmu -b --json -n 3 -d 0.3 >"$TMPD/kvm.json" 2>"$TMPD/kvm.err"
check sim_json_rates check_json "$TMPD/kvm.json" 1
"$PMUTOP" --sim zen4-1s -b --json -n 2 -d 0.3 >"$TMPD/zen.json" 2>"$TMPD/zen.err"
check hw_json_unasked check_json "$TMPD/zen.json" 0
printf '[display]\ncolumns = cpu,util,mhz,interrupts,ipc\n' >"$TMPD/cols.conf"
"$PMUTOP" --config "$TMPD/cols.conf" --sim zen4-1s -b --json -n 3 -d 0.3 >"$TMPD/zen2.json" 2>"$TMPD/zen2.err"
check hw_json_asked check_json "$TMPD/zen2.json" 1
t_done
