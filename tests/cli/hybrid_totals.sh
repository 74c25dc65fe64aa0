# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# hybrid_totals.sh: batch output of a hybrid: the system's and socket's IPC come from every core
# PMU's instructions and cycles together (cpu_core + cpu_atom on Alder Lake, Firestorm + Icestorm
# on Apple M1), not from the first PMU's.
. "$(dirname "$0")/../lib.sh"

for mach in adl-hybrid m1-asahi; do
	if ! "$PMUTOP" --sim $mach -b -n 2 -d 0.2 --json >"$TMPD/$mach.json" 2>"$TMPD/err"; then
		fail "${mach}_batch_ipc_sums_pmus" "$(cat "$TMPD/err")"
		continue
	fi
	check "${mach}_batch_ipc_sums_pmus" python3 - "$TMPD/$mach.json" <<'PY'
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
ins = cyc = 0.0
pmus = set()
for c in f["cpus"]:
    for name, v in c["events"].items():
        base = name.split("/")[1] if "/" in name else name
        if base in ("instructions", "cycles") and v["counted"]:
            pmus.add(name.split("/")[0])
            if base == "instructions": ins += v["value"]
            else: cyc += v["value"]
assert len(pmus) == 2, f"want two core PMUs, got {pmus}"
for row in [f["system"]] + f["sockets"]:
    got = row["metrics"]["ipc"]
    assert abs(got - ins / cyc) <= 1e-4 * got, f"IPC {got}, sum over both PMUs {ins / cyc}"
PY
done
t_done
