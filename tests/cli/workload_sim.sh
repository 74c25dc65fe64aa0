# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# workload_sim.sh: issue 28 on a simulated machine: its services and containers are in its /proc
# and cgroup tree, -p and -G count them through the simulated kernel, the antagonist stands out,
# and a cgroup's counts are its processes'.
. "$(dirname "$0")/../lib.sh"
need_binary

# stream (696, 4 threads, 0.95 of a CPU each) is the antagonist; redis-server (659) its neighbour
# on the stepped clock: every interval exactly 0.3 s of simulated time, whatever the load here
"$PMUTOP" --sim spr-2s --sim-clock step -b --json -n 2 -d 0.3 -p 1,659,696 -G kubepods.slice/pod-batch,/kubepods.slice \
	>"$TMPD/s.json" 2>"$TMPD/s.err"
rc=$?
if [ $rc -ne 0 ]; then
	fail sim_targets "exit $rc: $(head -c 300 "$TMPD/s.err")"
else
	check sim_processes python3 - "$TMPD/s.json" <<'PY'
import json, sys
for f in (json.loads(l) for l in open(sys.argv[1])):
    ps = {p["pid"]: p for p in f["processes"]}
    assert sorted(ps) == [1, 659, 696], ps.keys()
    s, r, i = ps[696], ps[659], ps[1]
    assert (s["comm"], s["user"], s["cgroup"], s["threads"]) == ("stream", "1000", "/kubepods.slice/pod-batch/stream", 4), s
    assert (i["comm"], i["user"], i["cgroup"]) == ("systemd", "0", "/init.scope"), i
    assert abs(s["metrics"]["util"] - 380) < 1, s["metrics"]      # 4 threads x 95%
    assert s["metrics"]["mpki"] > 3 * max(r["metrics"]["mpki"], i["metrics"]["mpki"]), (s["metrics"], r["metrics"])
    assert s["metrics"]["ipc"] < r["metrics"]["ipc"], (s["metrics"], r["metrics"])
    for p in ps.values():
        assert p["counted"] and abs(p["metrics"]["ghz"] - 2.5) < 0.01, p
PY
	check sim_cgroups python3 - "$TMPD/s.json" <<'PY'
import json, sys
for f in (json.loads(l) for l in open(sys.argv[1])):
    cg = {c["path"]: c for c in f["cgroups"]}
    assert sorted(cg) == ["/kubepods.slice", "/kubepods.slice/pod-batch"], cg.keys()
    s = [p for p in f["processes"] if p["pid"] == 696][0]
    b = cg["/kubepods.slice/pod-batch"]
    for m in ("ipc", "ghz", "mpki", "branch_miss_pct"):   # the cgroup is its one process (read a moment apart)
        assert abs(b["metrics"][m] - s["metrics"][m]) <= 0.01 * s["metrics"][m], (m, b["metrics"], s["metrics"])
    assert abs(b["metrics"]["util"] - 380) < 1, b["metrics"]
    k = cg["/kubepods.slice"]
    assert k["events"]["instructions"]["value"] > b["events"]["instructions"]["value"], k
PY
fi

# the processes' files are the simulated machine's, not this one's
"$PMUTOP" --sim spr-2s -b -n 1 -p "$$" >/dev/null 2>"$TMPD/n.err"
rc=$?
check sim_pid_not_host sh -c '[ $0 -eq 2 ] && grep -q "no such process" "$1"' "$rc" "$TMPD/n.err"
# the simulated kernel's refusal: every target refused says why, exit 1
"$PMUTOP" --sim spr-2s -b -n 1 -p 696 -e cpu-clock --sim-fault eacces >/dev/null 2>"$TMPD/a.err"
rc=$?
check sim_refused sh -c '[ $0 -ne 0 ] && grep -q perf_event_paranoid "$1"' "$rc" "$TMPD/a.err"
t_done
