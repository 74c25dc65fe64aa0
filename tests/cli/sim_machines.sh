#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_machines.sh: `pmutop --sim M -b -n 3 -d 0.1 --json` on every simulated machine: every CPU is
# there, IPC is plausible and non-zero where the machine counts cycles and instructions, and each
# socket's raw deltas are the sums of its CPUs' raw deltas.
. "$(dirname "$0")/../lib.sh"

need sim_runs "$PMUTOP" --sim kvm-nopmu -b -n 1 -d 0.05 --json

cat >"$TMPD/check.py" <<'PY'
import json, sys
machine, ncpus, counts = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
lines = [l for l in open(sys.argv[4]) if l.strip()]
if len(lines) != 3:
    sys.exit("%d samples, want 3" % len(lines))
for n, line in enumerate(lines):
    o = json.loads(line)
    cpus = o["cpus"]
    ids = sorted(c["cpu"] for c in cpus)
    if ids != list(range(ncpus)):
        sys.exit("sample %d: cpus %s..., want 0-%d" % (n, ids[:8], ncpus - 1))
    ipcs = []
    for c in cpus:
        ipc = c.get("metrics", {}).get("ipc")
        if counts:
            if ipc is None or not (0.01 < ipc < 8):
                sys.exit("sample %d cpu %d: ipc %r" % (n, c["cpu"], ipc))
            ipcs.append(ipc)
        elif ipc is not None:
            sys.exit("cpu %d: ipc %r on a machine that cannot count cycles" % (c["cpu"], ipc))
    if counts and len(ipcs) > 1 and max(ipcs) <= min(ipcs):
        sys.exit("sample %d: the same IPC on every CPU" % n)
    for s in o["sockets"]:
        for name, ev in s.get("events", {}).items():
            parts = [c["events"][name]["raw"] for c in cpus
                     if c["socket"] == s["socket"] and name in c.get("events", {})
                     and c["events"][name].get("raw") is not None]
            if not parts:
                continue   # an uncore event: only under sockets
            if ev.get("raw") != sum(parts):
                sys.exit("sample %d socket %d %s: raw %r != sum of CPUs %d" %
                         (n, s["socket"], name, ev.get("raw"), sum(parts)))
    if "system" not in o:
        sys.exit("no system object")
PY

# name, CPUs (issue 3), counts cycles and instructions
for spec in spr-2s:224:1 gnr-1s:128:1 adl-hybrid:24:1 zen4-1s:64:1 altra-160:160:1 neoverse-v1:64:1 icx-2s:64:1 skx-2s:80:1 m1-asahi:8:1 \
	    kvm-nopmu:2:0 big-1024:1024:1; do
	m=${spec%%:*}; rest=${spec#*:}; n=${rest%%:*}; c=${rest#*:}
	if ! "$PMUTOP" --sim "$m" -b -n 3 -d 0.1 --json >"$TMPD/$m.json" 2>"$TMPD/$m.err"; then
		fail "$m" "exit status $?: $(head -c 300 "$TMPD/$m.err" | tr '\n' ' ')"
		continue
	fi
	check "$m" python3 "$TMPD/check.py" "$m" "$n" "$c" "$TMPD/$m.json"
done
t_done
