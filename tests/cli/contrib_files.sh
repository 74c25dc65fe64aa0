#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# contrib_files.sh: the Grafana dashboard in contrib/ loads and every query names metrics and labels
# that pmutop exports; the systemd unit's command line is one pmutop accepts, the unit passes
# systemd-analyze verify and scores at most 2.5 in its security review.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# what pmutop exports on a machine with every kind of event: families (from # TYPE) and labels
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.1 --quiet --prom "$TMPD/m.prom" \
	-e 'cycles,instructions,branches,branch-misses,cache-misses,cache-references,cpu-clock,power/energy-pkg/,power/energy-ram/,uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/' \
	>/dev/null 2>"$TMPD/err" || fail exposition "$(cat "$TMPD/err")"
python3 - "$ROOT/contrib/grafana-pmutop.json" "$TMPD/m.prom" "$T_NAME" <<'EOF'
import json, re, sys
dash_path, prom_path, name = sys.argv[1:4]
fails = 0
def result(ok, what, why=""):
    global fails
    print(f"PASS {name}:{what}" if ok else f"FAIL {name}:{what}: {why}")
    fails += not ok
text = open(prom_path).read()
names = {l.split()[2] for l in text.splitlines() if l.startswith("# TYPE ")}
labels = {}
for l in text.splitlines():
    m = re.match(r'([a-z_]+)\{(.*)\} ', l)
    if m:
        labels.setdefault(m.group(1), set()).update(re.findall(r'([a-z_]+)="', m.group(2)))
target = {"instance", "job"}   # added by Prometheus to every series
alllabels = set().union(*labels.values()) | target
dash = json.load(open(dash_path))
exprs = [t["expr"] for p in dash["panels"] for t in p.get("targets", [])]
result(len(exprs) >= 10, "dashboard_loads", f"{len(exprs)} queries")
for v in dash["templating"]["list"]:
    if "definition" in v:
        exprs.append(re.sub(r"label_values\((.*), *[a-z_]+\)", r"\1", v["definition"]))
used = set()
for e in exprs:
    ok, why = True, []
    stack = []
    for ch in e:   # brackets balance
        if ch in "([{":
            stack.append(ch)
        elif ch in ")]}":
            if not stack or "([{"[")]}".index(ch)] != stack.pop():
                ok = False
    if stack:
        ok = False
        why.append("unbalanced brackets")
    for m in re.finditer(r'\b(pmutop_[a-z_]+)(\{([^}]*)\})?', e):
        used.add(m.group(1))
        if m.group(1) not in names:
            ok = False
            why.append(f"{m.group(1)} is not exported")
        for lab in re.findall(r'([a-z_]+)\s*(?:=~|!~|!=|=)', m.group(3) or ""):
            if lab not in labels.get(m.group(1), set()) | target:
                ok = False
                why.append(f"{m.group(1)} has no label {lab}")
    for grp in re.findall(r'\b(?:by|without)\s*\(([^)]*)\)', e):
        for lab in (x.strip() for x in grp.split(",")):
            if lab and lab not in alllabels:
                ok = False
                why.append(f"no series has label {lab}")
    result(ok, "query " + e[:70], "; ".join(why))
result({"pmutop_socket_ipc", "pmutop_memory_read_bytes_total", "pmutop_package_energy_joules_total"} <= used,
       "dashboard_covers_ipc_bandwidth_power", str(sorted(used)))
sys.exit(1 if fails else 0)
EOF
# the unit's pmutop options, on a simulated machine for one interval and a free port
unit_in="$ROOT/contrib/pmutop.service.in"
args=$(sed -n 's|^ExecStart=@bindir@/pmutop \(.*\)$|\1|p' "$unit_in")
# shellcheck disable=SC2086
if [ -n "$args" ] && "$PMUTOP" $args --sim spr-2s -n 1 -d 0.1 --listen 127.0.0.1:0 >"$TMPD/unit.out" 2>"$TMPD/unit.err" &&
	[ ! -s "$TMPD/unit.out" ]; then
	pass systemd_unit_command
else
	fail systemd_unit_command "args '$args': $(cat "$TMPD/unit.err")"
fi
# the unit as make writes it, with this binary for its bindir
sed "s|@bindir@/pmutop|$PMUTOP|" "$unit_in" >"$TMPD/pmutop.service"
if command -v systemd-analyze >/dev/null 2>&1; then
	if systemd-analyze verify --man=no "$TMPD/pmutop.service" >"$TMPD/verify.out" 2>&1 && [ ! -s "$TMPD/verify.out" ]; then
		pass systemd_analyze_verify
	else
		fail systemd_analyze_verify "$(head -c 400 "$TMPD/verify.out")"
	fi
	systemd-analyze security --offline=yes "$TMPD/pmutop.service" >"$TMPD/sec.out" 2>&1
	score=$(sed -n 's/.*Overall exposure level for pmutop.service: \([0-9.]*\).*/\1/p' "$TMPD/sec.out")
	if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 2.5) }'; then
		pass systemd_security_at_most_2_5
	else
		fail systemd_security_at_most_2_5 "score '$score': $(grep '✗' "$TMPD/sec.out" | head -5)"
	fi
else
	skip systemd_analyze_verify "systemd-analyze is not installed"
fi

t_done
