#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# hot_sim.sh: --hot on a simulated machine (issue 40 item 6), on the step clock: nginx's functions
# under -p, sampled as a group, ranked, shared, with IPC and MPKI exactly as the profile table in
# docs/hot.md says; every CPU at once gives nginx's functions the same proportions, and so does its
# cgroup (-G), whose parent has its services' functions and no idle loop; a kernel that
# throttles (--sim-fault throttle=500) marks the window with its counts, in JSON and in the text; a
# group throttled to one sample per tick (no sample brings counts) says why IPC is missing.
. "$(dirname "$0")/../lib.sh"
need_binary
DOC=$(cd "$(dirname "$0")/../.." && pwd)/docs/hot.md

"$PMUTOP" --sim spr-2s --sim-clock step --hot -p 585 -e '{cycles,instructions,cache-misses}:S' -b --json -n 2 -d 1 \
	>"$TMPD/p.json" 2>"$TMPD/p.err" || fail pid "exit $?: $(head -c 300 "$TMPD/p.err")"
check pid_profile python3 - "$TMPD/p.json" "$DOC" <<'PY'
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
prof = []
for l in open(sys.argv[2]):
    c = [x.strip() for x in l.strip().strip("|").split("|")]
    if len(c) == 5 and c[0] not in ("function",) and not c[0].startswith("-") and c[1].startswith(("/usr/sbin/nginx", "[kernel")):
        prof.append((c[0], c[1], float(c[2]), float(c[3]), float(c[4])))
assert len(prof) == 4, prof
rows = f["functions"]
assert f["group"] and f["samples"] == 2000, (f["group"], f["samples"])
assert [r["symbol"] for r in rows] == [p[0] for p in prof], [r["symbol"] for r in rows]
for r, (name, dso, w, ipc, mpki) in zip(rows, prof):
    assert r["dso"] == dso, (r["dso"], dso)
    assert r["samples"] == round(2000 * w), (name, r["samples"])
    assert abs(r["ipc"] - ipc) < 1e-6 and abs(r["mpki"] - mpki) < 1e-6, (name, r["ipc"], r["mpki"])
PY

"$PMUTOP" --sim spr-2s --sim-clock step --hot -b --json -n 1 -d 1 >"$TMPD/all.json" 2>"$TMPD/all.err" ||
	fail all_cpus "exit $?: $(head -c 300 "$TMPD/all.err")"
check all_cpus python3 - "$TMPD/all.json" <<'PY'
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
s = {r["symbol"]: r["samples"] for r in f["functions"] if r["dso"] == "/usr/sbin/nginx"}
assert s == {"ngx_http_parse_request_line": 400, "ngx_http_gzip_body_filter": 300, "ngx_epoll_process_events": 200}, s
assert f["throttled"] == 0 and f["lost"] == 0
PY

# a cgroup (-G): its own tasks on every CPU (nginx's cgroup: nginx's profile, as -p), a parent
# cgroup its services' and none other's, and no idle loop (a cgroup's events stop while none runs)
"$PMUTOP" --sim spr-2s --sim-clock step --hot -G /system.slice/nginx.service -b --json -n 1 -d 1 >"$TMPD/cg.json" \
	2>"$TMPD/cg.err" || fail cgroup "exit $?: $(head -c 300 "$TMPD/cg.err")"
check cgroup_own_tasks python3 -c '
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
s = {r["symbol"]: r["samples"] for r in f["functions"]}
assert f["target"] == "cgroup /system.slice/nginx.service", f["target"]
assert s == {"ngx_http_parse_request_line": 400, "ngx_http_gzip_body_filter": 300, "ngx_epoll_process_events": 200,
             "tcp_sendmsg": 100}, s
' "$TMPD/cg.json"
"$PMUTOP" --sim spr-2s --sim-clock step --hot -G system.slice -e cpu-clock -b --json -n 1 -d 1 >"$TMPD/cgp.json" 2>&1
check cgroup_parent_its_services python3 -c '
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
dsos = {r["dso"] for r in f["functions"]}
user = {d for d in dsos if not d.startswith("[")}
assert {"/usr/sbin/nginx", "/usr/lib/postgresql/15/bin/postgres"} <= user, dsos
assert not any(n in d for d in dsos for n in ("redis", "stream", "java", "python", "node")), dsos
assert not any("idle" in r["symbol"] for r in f["functions"]), [r["symbol"] for r in f["functions"]]
' "$TMPD/cgp.json"

"$PMUTOP" --sim spr-2s --sim-clock step --sim-fault throttle=500 --hot -C 0 -e cpu-clock -b --json -n 1 -d 1 \
	>"$TMPD/t.json" 2>"$TMPD/t.err" || fail throttle "exit $?: $(head -c 300 "$TMPD/t.err")"
# 1000 Hz against 2 samples per 4 ms tick: every one of the second's 250 ticks is throttled
check throttle_json python3 -c 'import json,sys; f=[json.loads(l) for l in open(sys.argv[1])][-1]; assert (f["throttled"], f["unthrottled"], f["samples"]) == (250, 250, 501), f' "$TMPD/t.json"
"$PMUTOP" --sim spr-2s --sim-clock step --sim-fault throttle=500 --hot -C 0 -e cpu-clock -b -n 1 -d 1 >"$TMPD/t.txt" 2>&1
check throttle_text grep -q 'throttled 250' "$TMPD/t.txt"
# a group at one sample per tick: each sample is the first after an unthrottle, which brings no
# counts, so no function has an IPC; the window says why (JSON, text) instead of a silent "-"
"$PMUTOP" --sim spr-2s --sim-clock step --sim-fault throttle=200 --hot -C 0 -e '{task-clock,cycles,instructions}:S' \
	-b --json -n 1 -d 1 >"$TMPD/g.json" 2>"$TMPD/g.err" || fail group_no_counts "exit $?: $(head -c 300 "$TMPD/g.err")"
check group_no_counts_said python3 -c '
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
assert f["group"] and f["samples"] > 200 and f["unthrottled"] > 200 and f["group_counted"] == 0, f
assert all(r["ipc"] is None for r in f["functions"]), f["functions"]
assert "first after a throttle" in f["window_note"] and f["window_note"].endswith("raise perf_event_max_sample_rate"), f
' "$TMPD/g.json"
# two samples per tick: half come with counts (the second of each tick), IPC is there, no note
"$PMUTOP" --sim spr-2s --sim-clock step --sim-fault throttle=500 --hot -C 0 -e '{task-clock,cycles,instructions}:S' \
	-b --json -n 1 -d 1 >"$TMPD/g2.json" 2>&1
check group_half_counted python3 -c '
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
assert f["group_counted"] >= f["samples"] // 2 - 1 and "window_note" not in f, f
assert any(r["ipc"] is not None for r in f["functions"]), f["functions"]
' "$TMPD/g2.json"
"$PMUTOP" --sim spr-2s --sim-clock step --sim-fault throttle=200 --hot -C 0 -e '{task-clock,cycles,instructions}:S' \
	-b -n 1 -d 1 >"$TMPD/g.txt" 2>&1
check group_no_counts_text grep -q '^# no group counts (IPC, MPKI): every sample' "$TMPD/g.txt"
t_done
