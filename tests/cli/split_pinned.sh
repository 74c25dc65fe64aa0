#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# split_pinned.sh: pmutop pins its group of fixed-counter events (cycles, instructions); on the QEMU
# guest without -icount the kernel refuses instructions (ENOENT), the weak group is split, and cycles,
# alone now, stays pinned: it counts all the time (RUN% 100, no mux mark) while 12 other events
# multiplex on the 5 general counters, as it does with instructions counted.
. "$(dirname "$0")/../lib.sh"
need_binary

E14=cycles,instructions,r11,r8,armv8_pmuv3/stall_frontend/,armv8_pmuv3/stall_backend/,r3,r4,r10,r12,r16,r17,r21,r22
need explain "$PMUTOP" --sim qemu-arm64 --explain-events --json -e "$E14"
if python3 - "$TMPD/need.out" >"$TMPD/why" 2>&1 <<'PY'
import json, sys
ex = {e["input"]: e for e in json.load(open(sys.argv[1]))}
c, i = ex["cycles"], ex["instructions"]
assert c["group"] == i["group"] and c["weak"] and c["pinned"] is True, (c, i)
assert not any(e["pinned"] for n, e in ex.items() if n not in ("cycles", "instructions")), ex
PY
then pass planned_pinned_group
else fail planned_pinned_group "$(tail -n 1 "$TMPD/why" | head -c 300)"
fi

if ! "$PMUTOP" --sim qemu-arm64 -b -n 3 -d 0.5 --json -e "$E14" >"$TMPD/m.json" 2>"$TMPD/err"; then
	fail json_run "$(head -c 300 "$TMPD/err")"
elif python3 - "$TMPD/m.json" >"$TMPD/why" 2>&1 <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert len(rows) == 3, len(rows)
for r in rows:
    for c in r["cpus"]:
        ev = c["events"]
        assert ev["instructions"]["supported"] is False, ev["instructions"]
        cy = ev["cycles"]
        assert cy["counted"] and cy["running_ns"] == cy["enabled_ns"], \
            "interval %s CPU%d: cycles ran %s%%" % (r["seq"], c["cpu"], cy.get("running_pct"))
        mux = [n for n, v in ev.items() if v.get("counted") and v["running_ns"] < v["enabled_ns"]]
        assert len(mux) == 12, "CPU%d: %d multiplexed, want the 12 others" % (c["cpu"], len(mux))
PY
then pass cycles_alone_runs_all_the_time
else fail cycles_alone_runs_all_the_time "$(tail -n 1 "$TMPD/why" | head -c 300)"
fi

"$PMUTOP" --sim qemu-arm64 -b -n 2 -d 0.5 -e "$E14" >"$TMPD/t.txt" 2>&1
if grep -Eq 'CPU[0-9]+ +[0-9]+ +cycles ' "$TMPD/t.txt" && ! grep -E 'CPU[0-9]+ +[0-9]+ +cycles ' "$TMPD/t.txt" | grep -q '%)'; then
	pass text_no_mux_mark
else
	fail text_no_mux_mark "$(grep -E ' cycles ' "$TMPD/t.txt" | head -2 | tr '\n' ' ')"
fi
t_done
