#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# rdt.sh: RDT/PQoS monitoring through resctrl in batch JSON and the exporter: on spr-2s and zen4-1s
# the L3 domains' occupancy and memory bandwidth move between intervals and the groups are listed;
# "Unavailable" and "Error" are null, never 0; a machine without resctrl says so once, and only when
# asked (--rdt); --rdt-cpu-groups makes a group per CPU, refuses when too few RMIDs are free, and
# removes its groups at exit and on SIGTERM and SIGQUIT.
. "$(dirname "$0")/../lib.sh"
need_binary
FIX=$(cd "$(dirname "$0")/../fixtures/resctrl/unavailable" && pwd)

# --- spr-2s: socket metrics, domains and groups that move ---
need sim_json "$PMUTOP" --sim spr-2s -b --json -n 3 -d 0.3 -e cycles -o "$TMPD/spr.json"
check spr_json python3 - "$TMPD/spr.json" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 3, len(rows)
for i, r in enumerate(rows):
    for s in r["sockets"]:
        m = s["metrics"]
        assert isinstance(m["rdt_l3_occupancy_bytes"], int) and m["rdt_l3_occupancy_bytes"] > 0, m
        if i == 0:   # no rate before two readings of the counters
            assert m["rdt_memory_bytes_per_s"] is None, m
        else:
            assert m["rdt_memory_bytes_per_s"] > 1e9, m
            assert 0 < m["rdt_local_memory_bytes_per_s"] < m["rdt_memory_bytes_per_s"], m
    d = r["rdt"]["domains"]
    assert [(x["l3"], x["socket"]) for x in d] == [(0, 0), (1, 1)], d
    g = [x["group"] for x in r["rdt"]["groups"]]
    assert g == ["/", "/db", "/web", "batch", "batch/etl"], g
    assert [x["kind"] for x in r["rdt"]["groups"]] == ["default", "monitor", "monitor", "control", "monitor"]
a, b = rows[1]["sockets"][0]["metrics"], rows[2]["sockets"][0]["metrics"]
assert a["rdt_memory_bytes_per_s"] != b["rdt_memory_bytes_per_s"], (a, b)
assert a["rdt_l3_occupancy_bytes"] != b["rdt_l3_occupancy_bytes"], (a, b)
web = [x for x in rows[2]["rdt"]["groups"] if x["group"] == "/web"][0]
assert web["rdt_memory_bytes_per_s"] > 0 and len(web["domains"]) == 2, web
sysm = rows[2]["system"]["metrics"]
tot = sum(s["metrics"]["rdt_memory_bytes_per_s"] for s in rows[2]["sockets"])
assert abs(sysm["rdt_memory_bytes_per_s"] - tot) <= 1e-6 * tot, (sysm, tot)
EOF

# --- zen4-1s: one L3 domain per CCX, all on socket 0 ---
need zen_json "$PMUTOP" --sim zen4-1s -b --json -n 2 -d 0.3 -e cycles -o "$TMPD/zen.json"
check zen_domains python3 - "$TMPD/zen.json" <<'EOF'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])][-1]
d = r["rdt"]["domains"]
assert [x["l3"] for x in d] == list(range(8)) and {x["socket"] for x in d} == {0}, d
occ = sum(x["rdt_l3_occupancy_bytes"] for x in d)
assert r["sockets"][0]["metrics"]["rdt_l3_occupancy_bytes"] == occ, r["sockets"]
EOF

# --- the exporter: gauges and _bytes_total counters per domain and group, top N groups ---
printf '[exporter]\nrdt_groups = 2\n' >"$TMPD/top2.conf"
need prom "$PMUTOP" --sim spr-2s -b -n 2 -d 0.3 -e cycles --quiet --prom "$TMPD/m.prom" --config "$TMPD/top2.conf"
check prom_families sh -c "grep -q '^pmutop_rdt_l3_occupancy_bytes{l3=\"0\",socket=\"0\"} [1-9]' '$TMPD/m.prom' &&
	grep -q '^# TYPE pmutop_rdt_memory_bytes_total counter' '$TMPD/m.prom' &&
	grep -q '^pmutop_rdt_memory_bytes_total{l3=\"1\",socket=\"1\"} [1-9]' '$TMPD/m.prom' &&
	grep -q '^pmutop_rdt_local_memory_bytes_total{l3=\"1\",socket=\"1\"} [1-9]' '$TMPD/m.prom'"
check prom_top_n python3 - "$TMPD/m.prom" <<'EOF'
import re, sys
t = open(sys.argv[1]).read()
g = re.findall(r'^pmutop_rdt_group_memory_bytes_total\{group="([^"]*)",kind="([^"]*)"\} (\d+)', t, re.M)
names = [x[0] for x in g]
# the two with the most traffic by name, the three others summed
assert names == ["/", "batch", "(other)"], g
assert int(g[2][2]) > 0
EOF
if command -v promtool >/dev/null 2>&1; then
	check promtool sh -c "promtool check metrics <'$TMPD/m.prom'"
else
	skip promtool "promtool not installed"
fi

# --- "Unavailable" and "Error" are not counted: null, never 0; plain names only ---
cp -r "$FIX" "$TMPD/fx"
mkdir -p "$TMPD/fx/sys/fs/resctrl/mon_groups/$(printf 'x\033[2J')/mon_data"
if "$PMUTOP" --sysfs "$TMPD/fx/sys" -b --json -n 2 -d 0.2 -e cpu-clock -o "$TMPD/fx.json" 2>"$TMPD/fx.err"; then
	check fixture_not_counted python3 - "$TMPD/fx.json" <<'EOF'
import json, sys
raw = open(sys.argv[1], "rb").read()
assert b"\x1b" not in raw
r = [json.loads(l) for l in raw.decode().splitlines()][-1]
s0, s1 = (s["metrics"] for s in r["sockets"])
assert s0["rdt_l3_occupancy_bytes"] == 1048576 + 2097152, s0
assert s0["rdt_memory_bytes_per_s"] is None and s0["rdt_local_memory_bytes_per_s"] is None, s0
assert s1["rdt_l3_occupancy_bytes"] is None, s1
assert s1["rdt_memory_bytes_per_s"] == 0, s1   # counted, and nothing moved in the fixture
g = {x["group"]: x for x in r["rdt"]["groups"]}
assert sorted(g) == ["/", "/web", "ctl1", "ctl1/m1"], sorted(g)
assert r["rdt"]["groups_left_out"] == 2, r["rdt"]
assert g["/"]["domains"][0]["rdt_memory_bytes_per_s"] is None
EOF
elif refused "$TMPD/fx.err"; then
	skip fixture_not_counted "the kernel refused cpu-clock"
else
	fail fixture_not_counted "$(head -c 300 "$TMPD/fx.err")"
fi

# --- "the rest" is a label no real group has: groups named _other and other are exported as
# themselves, and one named (other) (not a plain name) is left out, so group="(other)" is the sum's only
cp -r "$FIX" "$TMPD/rest"
for n in _other other "(other)"; do cp -r "$TMPD/rest/sys/fs/resctrl/ctl1" "$TMPD/rest/sys/fs/resctrl/$n"; done
find "$TMPD/rest/sys/fs/resctrl" -path '*mon_data*' -type f -exec sh -c 'echo 4096 >"$1"' _ {} \;
printf '[exporter]\nrdt_groups = 6\n' >"$TMPD/top6.conf"
if "$PMUTOP" --sysfs "$TMPD/rest/sys" -b -n 2 -d 0.2 -e cpu-clock --quiet --prom "$TMPD/rest.prom" \
	--config "$TMPD/top6.conf" 2>"$TMPD/rest.err"; then
	check rest_label_no_group_has python3 - "$TMPD/rest.prom" <<'EOF'
import re, sys
g = re.findall(r'^pmutop_rdt_group_l3_occupancy_bytes\{group="([^"]*)",kind="([^"]*)"\}', open(sys.argv[1]).read(), re.M)
# 8 groups ("(other)" and "has space" left out): 6 one by one, other and other/m1 summed
assert len(g) == 7 and g.count(("(other)", "other")) == 1 and g[-1] == ("(other)", "other"), g
assert ("_other", "control") in g and [x[0] for x in g].count("(other)") == 1, g
EOF
elif refused "$TMPD/rest.err"; then
	skip rest_label_no_group_has "the kernel refused cpu-clock"
else
	fail rest_label_no_group_has "$(head -c 300 "$TMPD/rest.err")"
fi

# the rest counts cpu-clock on this machine's kernel
if live_refused; then
	skip live_rdt "$LIVE_WHY"
else
	# --- no resctrl on this machine: said once when asked, never otherwise ---
	if [ -d /sys/fs/resctrl/info/L3_MON ]; then
		skip no_resctrl "this machine has resctrl monitoring"
	else
		"$PMUTOP" -b --json -n 3 -d 0.1 -e cpu-clock --rdt >"$TMPD/n.json" 2>"$TMPD/n.err"
		n=$(grep -c 'RDT monitoring' "$TMPD/n.err")
		if [ "$n" = 1 ] && grep -q -e 'mount -t resctrl resctrl /sys/fs/resctrl' -e 'is absent' "$TMPD/n.err"; then
			pass no_resctrl_said_once
		else
			fail no_resctrl_said_once "$n lines: $(head -c 300 "$TMPD/n.err")"
		fi
		"$PMUTOP" -b --json -n 2 -d 0.1 -e cpu-clock >"$TMPD/q.json" 2>"$TMPD/q.err"
		if grep -q -i -e rdt -e resctrl "$TMPD/q.err" || grep -q '"rdt' "$TMPD/q.json"; then
			fail no_resctrl_quiet "said without --rdt: $(head -c 300 "$TMPD/q.err")"
		else
			pass no_resctrl_quiet
		fi
		"$PMUTOP" -b -n 1 -e cpu-clock --rdt-cpu-groups >/dev/null 2>"$TMPD/c.err"
		rc=$?
		[ "$rc" = 1 ] && grep -q 'RDT monitoring' "$TMPD/c.err" && pass no_resctrl_cpu_groups ||
			fail no_resctrl_cpu_groups "exit $rc: $(head -c 300 "$TMPD/c.err")"
	fi

	# --- --rdt-cpu-groups: refused when too few RMIDs are free, nothing made ---
	cpu_groups() { ls "$1/sys/fs/resctrl/mon_groups" | grep -c '^pmutop_cpu'; }
	cp -r "$FIX" "$TMPD/few"
	echo 5 >"$TMPD/few/sys/fs/resctrl/info/L3_MON/num_rmids"
	"$PMUTOP" --sysfs "$TMPD/few/sys" -b -n 1 -e cpu-clock --rdt-cpu-groups >/dev/null 2>"$TMPD/few.err"
	rc=$?
	if [ "$rc" = 1 ] && grep -q 'needs 2 RMIDs' "$TMPD/few.err" && [ "$(cpu_groups "$TMPD/few")" = 0 ]; then
		pass cpu_groups_refused
	else
		fail cpu_groups_refused "exit $rc, $(cpu_groups "$TMPD/few") groups: $(head -c 300 "$TMPD/few.err")"
	fi

	# --- made while running, gone after a normal exit, SIGTERM and SIGQUIT ---
	for how in exit TERM QUIT; do
		rm -rf "$TMPD/g"
		cp -r "$FIX" "$TMPD/g"
		if [ $how = exit ]; then
			"$PMUTOP" --sysfs "$TMPD/g/sys" -b --json -n 2 -d 0.2 -e cpu-clock --rdt-cpu-groups >"$TMPD/g.json" 2>"$TMPD/g.err"
			grep -q '"group":"/pmutop_cpu1","kind":"monitor","cpu":1' "$TMPD/g.json" && pass cpu_groups_listed ||
				fail cpu_groups_listed "$(head -c 300 "$TMPD/g.err")"
		else
			(ulimit -c 0; exec env --default-signal "$PMUTOP" --sysfs "$TMPD/g/sys" -b -d 0.2 -e cpu-clock \
				--rdt-cpu-groups >/dev/null 2>"$TMPD/g.err") &
			pid=$!
			i=0
			while [ "$(cpu_groups "$TMPD/g")" != 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
			[ "$(cpu_groups "$TMPD/g")" = 2 ] && pass "cpu_groups_made_$how" || fail "cpu_groups_made_$how" "$(head -c 300 "$TMPD/g.err")"
			sleep 0.3
			kill -$how $pid
			wait $pid
		fi
		[ "$(cpu_groups "$TMPD/g")" = 0 ] && pass "cpu_groups_removed_$how" ||
			fail "cpu_groups_removed_$how" "left: $(ls "$TMPD/g/sys/fs/resctrl/mon_groups" | tr '\n' ' ')"
	done
fi

# --- spr-2s with a group per CPU: per-CPU figures in the cpus' metrics ---
need sim_cpu "$PMUTOP" --sim spr-2s -b --json -n 2 -d 0.3 -e cycles -C 0-3 --rdt-cpu-groups -o "$TMPD/cpu.json"
check cpu_metrics python3 - "$TMPD/cpu.json" <<'EOF'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])][-1]
for c in r["cpus"]:
    m = c["metrics"]
    assert m["rdt_memory_bytes_per_s"] > 0 and m["rdt_l3_occupancy_bytes"] > 0, (c["cpu"], m)
cg = [g for g in r["rdt"]["groups"] if "cpu" in g]
assert [g["cpu"] for g in cg] == [0, 1, 2, 3], cg
EOF
t_done
