#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# contrib_files.sh: the Grafana dashboard in contrib/ loads and every query names metrics and labels
# that pmutop exports; the systemd unit's command line is one pmutop accepts, the unit passes
# systemd-analyze verify and scores at most 2.5 in its security review, and its system call filter
# allows every call pmutop makes while counting and serving over TLS with basic authentication.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tlslib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# what pmutop exports on a machine with every kind of event: families (from # TYPE) and labels
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.1 --quiet --prom "$TMPD/m.prom" \
	-e 'cycles,instructions,branches,branch-misses,cache-misses,cache-references,cpu-clock,power/energy-pkg/,power/energy-ram/,uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/' \
	>/dev/null 2>"$TMPD/err" || fail exposition "$(cat "$TMPD/err")"
# ... and with top-down counted, for its shares
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.1 --quiet --prom "$TMPD/td.prom" -E topdown >/dev/null 2>"$TMPD/err" &&
	cat "$TMPD/td.prom" >>"$TMPD/m.prom" || fail exposition_topdown "$(cat "$TMPD/err")"
python3 - "$ROOT/contrib/grafana-pmutop.json" "$TMPD/m.prom" "$T_NAME" "$ROOT/contrib/prometheus/pmutop.rules.yml" <<'EOF'
import json, re, sys
dash_path, prom_path, name, rules_path = sys.argv[1:5]
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
# the recording rules the dashboard is built on: each stands for the exported metrics it reads,
# with their labels (sum by and avg keep fewer, never others)
rules = open(rules_path).read()
recorded = {}
for rec, expr in re.findall(r"- record: (\S+)\n\s+expr: (\|\n(?:\s{10}.*\n)+|.*\n)", rules):
    recorded[rec] = set(re.findall(r"\b(pmutop_[a-z_]+)", expr.replace(rec, "")))
for rec in recorded:   # a rule over another rule reads what that one reads
    for other in list(recorded):
        if other != rec and other in " ".join(re.findall(r"- record: " + re.escape(rec) + r"\n\s+expr: (\|\n(?:\s{10}.*\n)+|.*\n)", rules)):
            recorded[rec] |= recorded[other]
for rec, src in recorded.items():
    src -= set(recorded)
    base = {re.sub(r"_total$", "", m) for m in src}
    names.add(rec)
    labels[rec] = set().union(*(labels.get(m, set()) | labels.get(m + "_total", set()) for m in src)) | target
    if not {n for n in names if re.sub(r"_total$", "", n) in base}:
        print(f"FAIL {name}:rule {rec}: reads {sorted(src)}, none of which pmutop exports")
        fails += 1
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
    for m in re.finditer(r'\b((?:instance_[a-z_]+:)?pmutop_[a-z_]+(?::[a-z0-9_]+)?)(\{([^}]*)\})?', e):
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
result({"instance_socket:pmutop_ipc:rate5m", "instance_socket:pmutop_memory_read_bytes:rate5m",
        "instance_socket:pmutop_package_power_watts:rate5m", "instance_socket:pmutop_topdown_ratio:avg5m"} <= used,
       "dashboard_covers_ipc_topdown_bandwidth_power", str(sorted(used)))
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

# the unit's system call filter lets pmutop do its work: every call a serving, counting run makes
# (TLS and basic authentication included) is in @system-service or named beside it, none in the
# groups it denies (systemd-analyze syscall-filter expands the groups)
expand() {
	systemd-analyze syscall-filter "$1" 2>/dev/null | sed -n '2,$p' | sed 's/#.*//; s/^ *//' | grep -v '^$' |
	while read -r x; do case $x in @*) expand "$x" ;; *) echo "$x" ;; esac; done
}
if ! command -v strace >/dev/null 2>&1 || ! command -v systemd-analyze >/dev/null 2>&1 ||
   ! command -v curl >/dev/null 2>&1 || ! command -v openssl >/dev/null 2>&1; then
	skip syscalls_within_unit_filter "needs strace, systemd-analyze, curl and openssl"
else
	allow=$(sed -n 's/^SystemCallFilter=\([^~].*\)$/\1/p' "$unit_in")
	deny=$(sed -n 's/^SystemCallFilter=~\(.*\)$/\1/p' "$unit_in")
	for g in $allow; do case $g in @*) expand "$g" ;; *) echo "$g" ;; esac; done | sort -u >"$TMPD/allow.txt"
	for g in $deny; do case $g in @*) expand "$g" ;; *) echo "$g" ;; esac; done | sort -u >"$TMPD/deny.txt"
	make_certs "$TMPD/pki"
	printf 'tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\nbasic_auth_users:\n  alice: %s\n' \
		"$TLS_ALICE" >"$TMPD/pki/web.yml"
	# live counting where this user may (perf_event_open is in the trace), else a simulated machine
	src="-e cpu-clock" want_perf=perf_event_open
	if ! "$PMUTOP" -b -n 1 -d 0.01 -e cpu-clock -o /dev/null 2>/dev/null; then src="--sim kvm-nopmu" want_perf=openat; fi
	: >"$TMPD/st.err"
	# shellcheck disable=SC2086
	strace -f -qq -o "$TMPD/st.txt" "$PMUTOP" -b -d 0.2 -n 300 --quiet $src --listen 127.0.0.1:0 \
		--web-config "$TMPD/pki/web.yml" 2>"$TMPD/st.err" &
	sp=$!
	i=0
	while ! grep -q 'serving metrics on' "$TMPD/st.err" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	port=$(sed -n 's|.*https://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$TMPD/st.err")
	code=$([ -n "$port" ] && curl -s -o /dev/null -w '%{http_code}' --cacert "$TMPD/pki/ca.pem" -u alice:alice-pw \
		"https://127.0.0.1:$port/metrics")
	# then stop pmutop (strace's child) as systemctl stop would; -n 300 bounds it if that fails
	for c in $(cat /proc/$sp/task/*/children 2>/dev/null); do kill -TERM "$c"; done
	wait $sp
	sed -n 's/^[0-9]* *\([a-z0-9_]*\)(.*/\1/p' "$TMPD/st.txt" | sort -u >"$TMPD/used.txt"
	out=$(comm -23 "$TMPD/used.txt" "$TMPD/allow.txt" | grep -vx 'execve' | tr '\n' ' ')
	denied=$(comm -12 "$TMPD/used.txt" "$TMPD/deny.txt" | tr '\n' ' ')
	if [ "$code" = 200 ] && grep -qx "$want_perf" "$TMPD/used.txt" && [ -z "$out$denied" ]; then
		pass syscalls_within_unit_filter
	else
		fail syscalls_within_unit_filter "port '$port' answered '$code'; not allowed: $out; denied: $denied; $(head -c 200 "$TMPD/st.err")"
	fi
fi
t_done
