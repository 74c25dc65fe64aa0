#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_constraints.sh: the simulated kernel honours what the kernel's tables say an event needs
# (issues 25 and 30), read from pmutop's JSON on spr-2s with Intel's Sapphire Rapids tables:
# - five events limited to counters 0-3 (mem_load_retired.*) take turns though GP counters are free;
#   four of them beside three that may use any counter all run all the time;
# - three offcore events with three response masks need three OFFCORE_RSP MSRs of two: below 100%;
# - events that differ only in config1 count differently: each of the three OCR counts its own, and
#   the L3 misses of demand data reads stay below all their responses, on every CPU.
. "$(dirname "$0")/../lib.sh"

EVD="$(cd "$(dirname "$0")/../fixtures/events/intel" && pwd)"
need sim_runs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.05 --json -e cycles
run() {   # NAME EVENTS: two intervals of CPUs 0, 5 and 130 as JSON into $TMPD/NAME.json
	"$PMUTOP" --sim spr-2s --events-dir "$EVD" -b -n 2 -d 0.3 -C 0,5,130 --json -e "$2" \
		>"$TMPD/$1.json" 2>"$TMPD/$1.err" || fail "$1" "$(head -c 300 "$TMPD/$1.err" | tr '\n' ' ')"
}
LOW=mem_load_retired.l1_hit,mem_load_retired.l2_hit,mem_load_retired.l3_hit,mem_load_retired.l1_miss
run five "$LOW,mem_load_retired.l3_miss"
run four "$LOW,longest_lat_cache.miss,longest_lat_cache.reference,idq_uops_not_delivered.core"
OCR=ocr.demand_data_rd.l3_miss,ocr.demand_rfo.l3_miss,ocr.demand_data_rd.any_response
run ocr "cycles,instructions,$OCR"
run two "ocr.demand_data_rd.l3_miss,ocr.demand_data_rd.any_response"

cat >"$TMPD/check.py" <<'PY'
import json, sys
mode, path = sys.argv[1], sys.argv[2]
rows = [json.loads(l) for l in open(path) if l.strip()]
errs = []
if len(rows) != 2:
    errs.append("%d samples" % len(rows))
for o in rows:
    for c in o["cpus"]:
        ev = {n.replace("cpu/", "").rstrip("/"): e for n, e in c["events"].items()}
        pct = {n: e["running_pct"] for n, e in ev.items()}
        if mode == "below":      # every event named in argv[3:] ran part of the interval only
            errs += ["cpu %d %s at %s%%" % (c["cpu"], n, pct[n]) for n in sys.argv[3:] if not 0 < pct[n] < 100]
        elif mode == "full":     # every event ran the whole interval
            errs += ["cpu %d %s at %s%%" % (c["cpu"], n, p) for n, p in pct.items() if p != 100]
        elif mode == "encoding":
            v = {n: e["value"] for n, e in ev.items() if e.get("counted")}
            miss, anyr = v.get("ocr.demand_data_rd.l3_miss"), v.get("ocr.demand_data_rd.any_response")
            if miss is None or anyr is None or not 0 < miss < anyr:
                errs.append("cpu %d: l3_miss %r, any_response %r" % (c["cpu"], miss, anyr))
        elif mode == "distinct":
            vals = [ev[n]["value"] for n in sys.argv[3:]]
            if len(set(vals)) != len(vals):
                errs.append("cpu %d: %s count %r" % (c["cpu"], ",".join(sys.argv[3:]), vals))
sys.exit("; ".join(errs[:6]) if errs else 0)
PY
check five_limited_multiplex python3 "$TMPD/check.py" below "$TMPD/five.json" \
	mem_load_retired.l1_hit mem_load_retired.l2_hit mem_load_retired.l3_hit mem_load_retired.l1_miss \
	mem_load_retired.l3_miss
check four_limited_fit python3 "$TMPD/check.py" full "$TMPD/four.json"
check offcore_masks_multiplex python3 "$TMPD/check.py" below "$TMPD/ocr.json" \
	ocr.demand_data_rd.l3_miss ocr.demand_rfo.l3_miss ocr.demand_data_rd.any_response
check offcore_two_masks_fit python3 "$TMPD/check.py" full "$TMPD/two.json"
check config1_counts_differ python3 "$TMPD/check.py" distinct "$TMPD/ocr.json" \
	ocr.demand_data_rd.l3_miss ocr.demand_rfo.l3_miss ocr.demand_data_rd.any_response
check l3_miss_below_any_response python3 "$TMPD/check.py" encoding "$TMPD/two.json"
t_done
