# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# workload_exporter.sh: the exporter's cgroup series (issues 28, 36): with --export-cgroups=N a
# series each for the N busiest cgroups and the rest summed as cgroup="(other)", matching the JSON
# rows of the same frame; their counters (CPU seconds, events) the sums of the frames' rows while
# each was one of the N; on a simulated machine (no cpu.stat: no own time) the tree's leaves only,
# none inside another; none without it, and never a series per process. The live tree, each
# cgroup by its own time: exporter_cgroups_live.sh.
. "$(dirname "$0")/../lib.sh"
need_binary

"$PMUTOP" --sim spr-2s -b -n 4 -d 0.3 --json -o "$TMPD/f.json" --prom "$TMPD/m.prom" --export-cgroups=2 2>"$TMPD/e"
rc=$?
if [ $rc -ne 0 ]; then
	fail export_cgroups "exit $rc: $(head -c 300 "$TMPD/e")"
else
	check top_and_other python3 - "$TMPD/f.json" "$TMPD/m.prom" <<'PY'
import json, re, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
frame = frames[-1]   # the prom file is the last frame's
rows = sorted(frame["cgroups"], key=lambda c: (-c["metrics"]["util"], c["path"]))
paths = [c["path"] for c in rows]
assert len(rows) >= 4, paths
assert not [p for p in paths for q in paths if q.startswith(p + "/")], paths   # leaves only: none holds another
prom = {}
for line in open(sys.argv[2]):
    m = re.match(r'(pmutop_cgroup_\w+)\{cgroup="([^"]*)"(?:,event="([^"]*)")?\} (\S+)$', line)
    if m:
        prom[(m[1], m[2], m[3])] = float(m[4])
# the counters: each frame's 2 busiest rows summed into their own, the others into "(other)"
want = {}
for f in frames:
    for i, c in enumerate(sorted(f["cgroups"], key=lambda c: (-c["metrics"]["util"], c["path"]))):
        who = c["path"] if i < 2 else "(other)"
        if who in paths[:2] + ["(other)"]:
            k = ("pmutop_cgroup_cpu_seconds_total", who, None)
            want[k] = want.get(k, 0) + c["metrics"]["util"] / 100 * f["interval"]
            for e, v in c["events"].items():
                k = ("pmutop_cgroup_events_total", who, e)
                want[k] = want.get(k, 0) + (v["value"] if v["counted"] else 0)
counters = {k: v for k, v in prom.items() if k[0].endswith("_total")}
assert set(counters) == set(want), set(counters) ^ set(want)
for k in want:   # to the JSON's rounding: 6 decimals of a 0.3 s interval, 2e-6 of it
    assert abs(counters[k] - want[k]) <= 1e-5 * max(abs(want[k]), 1), (k, counters[k], want[k])
cgs = {k[1] for k in prom}
assert cgs == {rows[0]["path"], rows[1]["path"], "(other)"}, cgs
for r in rows[:2]:
    assert abs(prom[("pmutop_cgroup_cpus", r["path"], None)] - r["metrics"]["util"] / 100) < 1e-6, r
    assert abs(prom[("pmutop_cgroup_ipc", r["path"], None)] - r["metrics"]["ipc"]) < 1e-6, r
rest = rows[2:]
assert abs(prom[("pmutop_cgroup_cpus", "(other)", None)] - sum(r["metrics"]["util"] for r in rest) / 100) < 1e-6
ins = sum(r["events"]["instructions"]["value"] for r in rest)
cyc = sum(r["events"]["cycles"]["value"] for r in rest)
assert abs(prom[("pmutop_cgroup_ipc", "(other)", None)] - ins / cyc) < 1e-6, (ins / cyc, prom[("pmutop_cgroup_ipc", "(other)", None)])
assert abs(prom[("pmutop_cgroup_event_rate", "(other)", "instructions")] - ins / frame["interval"]) < 1e-3 * ins
PY
	if command -v promtool >/dev/null 2>&1; then
		check promtool_accepts sh -c 'promtool check metrics <"$0" 2>&1 | grep -v "counter metrics should have" | grep -q . && exit 1 || exit 0' "$TMPD/m.prom"
	else
		skip promtool_accepts "promtool is not installed (make test-deps)"
	fi
fi
# no cgroup series unless asked, and no series per process even when processes are counted
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.3 --quiet --prom "$TMPD/n.prom" -p 696 2>/dev/null
check no_series_unless_asked sh -c '! grep -q "pmutop_cgroup\|pmutop_process\|pid=" "$0" && grep -q pmutop_ipc "$0"' "$TMPD/n.prom"
"$PMUTOP" -b -n 1 --export-cgroups=0 >/dev/null 2>"$TMPD/bad"
rc=$?
check bad_count sh -c '[ "$0" -eq 2 ] && grep -q "from 1 to 1000" "$1"' "$rc" "$TMPD/bad"
t_done
