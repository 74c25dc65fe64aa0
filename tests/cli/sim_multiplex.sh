#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_multiplex.sh: on spr-2s, 12 raw events plus cycles and instructions need more than the 8 GP
# counters (7 with the NMI watchdog): the raw events show running_pct below 100 and their scaled
# estimates match the same events counted alone (the description's per-CPU rates); cycles and
# instructions, on their fixed counters, stay at 100%.
. "$(dirname "$0")/../lib.sh"

need sim_runs "$PMUTOP" --sim kvm-nopmu -b -n 1 -d 0.05 --json
RAW="r11a1,r21a1,r31a1,r41a1,r51a1,r61a1,r71a1,r81a1,r91a1,ra1a1,rb1a1,rc1a1"
"$PMUTOP" --sim spr-2s -b -n 3 -d 0.3 -C 3,100 --json -e "$RAW,cycles,instructions" >"$TMPD/mux.json" 2>"$TMPD/mux.err" ||
	fail run "$(head -c 300 "$TMPD/mux.err" | tr '\n' ' ')"
# The same events two at a time: they fit, so these are the rates the machine counts at.
: >"$TMPD/alone.json"
for pair in r11a1,r21a1 r31a1,r41a1 r51a1,r61a1 r71a1,r81a1 r91a1,ra1a1 rb1a1,rc1a1 cycles,instructions; do
	"$PMUTOP" --sim spr-2s -b -n 1 -d 0.3 -C 3,100 --json -e "$pair" >>"$TMPD/alone.json" 2>>"$TMPD/mux.err"
done

cat >"$TMPD/check.py" <<'PY'
import json, sys
mode = sys.argv[1]
mux = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
alone = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
rate = {}
for o in alone:
    for c in o["cpus"]:
        for name, e in c["events"].items():
            if e.get("counted"):
                rate[(c["cpu"], name)] = e["value"] / o["interval"]
errs = []
for o in mux:
    for c in o["cpus"]:
        for name, e in c["events"].items():
            fixed = name in ("cycles", "instructions")
            if mode == "raw" and not fixed:
                if not e["running_pct"] < 100:
                    errs.append("cpu %d %s at %.1f%%" % (c["cpu"], name, e["running_pct"]))
                want = rate.get((c["cpu"], name))
                got = e["value"] / o["interval"]
                if want is None or abs(got - want) > 0.05 * want:
                    errs.append("cpu %d %s: estimate %.4g/s, alone %r/s" % (c["cpu"], name, got, want))
            if mode == "fixed" and fixed and e["running_pct"] != 100:
                errs.append("cpu %d %s at %.1f%%" % (c["cpu"], name, e["running_pct"]))
if len(mux) != 3:
    errs.append("%d samples" % len(mux))
sys.exit("; ".join(errs[:6]) if errs else 0)
PY
check raw_multiplexed_estimates_match python3 "$TMPD/check.py" raw "$TMPD/mux.json" "$TMPD/alone.json"
# The kernel schedules flexible groups in rotation order and stops at the first that does not fit,
# so cycles and instructions only stay on their fixed counters all the time when opened pinned.
if python3 "$TMPD/check.py" fixed "$TMPD/mux.json" "$TMPD/alone.json" >"$TMPD/fixed.out" 2>&1; then
	pass fixed_counters_at_100
else
	fail fixed_counters_at_100 "$(head -c 300 "$TMPD/fixed.out") (open groups of fixed-counter events pinned)"
fi
t_done
