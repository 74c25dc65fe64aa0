#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_load_phases.sh: a simulated machine is believable from pmutop's own output (issue 25): over
# spr-2s's 224 CPUs, utilisation (/proc/stat) and GHz (unhalted cycles per second) go together, an
# idle CPU counting few cycles; across the 2-second load phases the machine's busy share and IPC
# move, and where IPC is lowest (an antagonist thrashing the cache) misses per kilo-instruction are
# higher than where it is highest. Six 2-second intervals: six phases.
. "$(dirname "$0")/../lib.sh"

need sim_runs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.05 --json -e cycles
"$PMUTOP" --sim spr-2s -b -n 6 -d 2 --json >"$TMPD/load.json" 2>"$TMPD/load.err" ||
	fail run "$(head -c 300 "$TMPD/load.err" | tr '\n' ' ')"

cat >"$TMPD/check.py" <<'PY'
import json, math, sys
mode = sys.argv[1]
rows = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]

def corr(x, y):
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sx = math.sqrt(sum((a - mx) ** 2 for a in x))
    sy = math.sqrt(sum((b - my) ** 2 for b in y))
    return sxy / (sx * sy) if sx and sy else float("nan")

errs = []
if len(rows) != 6:
    errs.append("%d samples" % len(rows))
sysm = [o["system"]["metrics"] for o in rows]
if mode == "correlation":
    for o in rows:
        util = [c["metrics"]["util"] for c in o["cpus"]]
        ghz = [c["metrics"]["ghz"] for c in o["cpus"]]
        r = corr(util, ghz)
        if len(util) != 224 or not r > 0.5:
            errs.append("t %.1f: %d CPUs, correlation of util and GHz %.3f" % (o["time"], len(util), r))
elif mode == "busy_moves":
    # /proc/stat at 100 Hz over 2 s and 224 CPUs resolves the machine's share to well under a point:
    # a phase that changes the load changes it by points
    u = [m["util"] for m in sysm]
    if max(u) - min(u) < 5:
        errs.append("busy share %s stays within %.1f points" % (["%.1f" % x for x in u], max(u) - min(u)))
elif mode == "ipc_moves":
    ipc = [m["ipc"] for m in sysm]
    if max(ipc) < 1.1 * min(ipc):
        errs.append("IPC %s stays within 10%%" % ["%.3f" % x for x in ipc])
elif mode == "antagonist":
    lo = min(sysm, key=lambda m: m["ipc"])
    hi = max(sysm, key=lambda m: m["ipc"])
    if not lo["mpki"] > hi["mpki"]:
        errs.append("lowest IPC %.3f with MPKI %.3f, highest IPC %.3f with MPKI %.3f" %
                    (lo["ipc"], lo["mpki"], hi["ipc"], hi["mpki"]))
sys.exit("; ".join(errs[:6]) if errs else 0)
PY
check util_and_ghz_correlate python3 "$TMPD/check.py" correlation "$TMPD/load.json"
check busy_share_moves python3 "$TMPD/check.py" busy_moves "$TMPD/load.json"
check ipc_moves python3 "$TMPD/check.py" ipc_moves "$TMPD/load.json"
check misses_up_where_ipc_down python3 "$TMPD/check.py" antagonist "$TMPD/load.json"
t_done
