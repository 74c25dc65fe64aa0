#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_socket_sums.sh: the per-socket event counters (pmutop_socket_event*_total) equal the
# per-CPU families' sums over the socket's CPUs in the same exposition, for every unit family (counts,
# seconds, joules, bytes) and PMU (a hybrid's cpu_core/ and cpu_atom/), and pmutop_socket_cpus is the
# number of the socket's CPUs; in the text format (--prom) and OpenMetrics (a scrape of --listen).
. "$(dirname "$0")/../lib.sh"
need_binary

# check_sums NAME FILE: the sums, printed as "ok N" or the first mismatches
check_sums() {
	python3 - "$2" >"$TMPD/$1.chk" 2>&1 <<'EOF'
import re, sys
LINE = re.compile(r'^(pmutop_(socket_)?event(_seconds|_joules|_bytes|_scaled)?_total|pmutop_socket_cpus)\{(.*)\} (\S+)$')
LAB = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
cpu, sock, ncpu, cpus = {}, {}, {}, {}
for line in open(sys.argv[1]):
    m = LINE.match(line.strip())
    if not m:
        continue
    lab, v = dict(LAB.findall(m.group(4))), float(m.group(5))
    fam = m.group(3) or ""
    if m.group(1) == "pmutop_socket_cpus":
        ncpu[lab.get("socket")] = v
    elif m.group(2):
        sock[(fam, lab["event"], lab.get("pmu"), lab.get("unit"), lab.get("socket"))] = v
    else:
        k = (fam, lab["event"], lab.get("pmu"), lab.get("unit"), lab.get("socket"))
        cpu[k] = cpu.get(k, 0.0) + v
        cpus.setdefault(lab.get("socket"), set()).add(lab["cpu"])
bad = [f"{k}: socket {sock.get(k)} per-CPU sum {cpu.get(k)}" for k in sorted(set(cpu) | set(sock), key=str)
       if k not in sock or k not in cpu or abs(sock[k] - cpu[k]) > 1e-9 * max(abs(cpu[k]), 1)]
bad += [f"socket {s}: pmutop_socket_cpus {ncpu.get(s)}, {len(c)} CPUs" for s, c in cpus.items() if ncpu.get(s) != len(c)]
fams = sorted({k[0] or "count" for k in sock})
if bad or not sock:
    print("mismatch:", "; ".join(bad[:5]) or "no pmutop_socket_event series")
    sys.exit(1)
print(f"ok {len(sock)} socket series of {len(cpu)} events x sockets, families {fams}, sockets {sorted(ncpu)}")
EOF
	rc=$?
	if [ $rc -eq 0 ]; then echo "     $(cat "$TMPD/$1.chk")"; pass "$1"; else fail "$1" "$(head -c 400 "$TMPD/$1.chk")"; fi
}

EV='cycles,instructions,branches,branch-misses,cache-misses,cache-references,cpu-clock,power/energy-pkg/,power/energy-ram/,uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/'
"$PMUTOP" --sim spr-2s -b -n 3 -d 0.2 --quiet --prom "$TMPD/spr.prom" -e "$EV" 2>"$TMPD/spr.err" ||
	fail spr_run "$(head -c 300 "$TMPD/spr.err")"
check_sums socket_sums_spr2s_text "$TMPD/spr.prom"
grep -q '^pmutop_socket_event_joules_total{event="power/energy-pkg/",pmu="power",socket="1"} [0-9]' "$TMPD/spr.prom" &&
	grep -q '^pmutop_socket_event_seconds_total{event="cpu-clock",socket="0"} [0-9]' "$TMPD/spr.prom" &&
	grep -q '^pmutop_socket_cpus{socket="1"} 112$' "$TMPD/spr.prom" && pass socket_families_named ||
	fail socket_families_named "$(grep '^pmutop_socket_\(event\|cpus\)' "$TMPD/spr.prom" | head -c 400)"
"$PMUTOP" --sim adl-hybrid -b -n 3 -d 0.2 --quiet --prom "$TMPD/adl.prom" 2>"$TMPD/adl.err" ||
	fail adl_run "$(head -c 300 "$TMPD/adl.err")"
check_sums socket_sums_hybrid_text "$TMPD/adl.prom"
grep -q '^pmutop_socket_event_total{event="cpu_atom/cycles/",pmu="cpu_atom",socket="0"} [0-9]' "$TMPD/adl.prom" &&
	pass socket_sums_hybrid_pmu || fail socket_sums_hybrid_pmu "$(grep '^pmutop_socket_event_total' "$TMPD/adl.prom" | head -c 400)"

# OpenMetrics from the HTTP server, with the strict parser when promtool is here: one scrape
: >"$TMPD/om.err"
"$PMUTOP" --sim zen4-1s -b -d 0.2 -o /dev/null --listen 127.0.0.1:0 2>"$TMPD/om.err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$TMPD"' EXIT
ok=""
for _ in $(seq 100); do
	port=$(sed -n 's|.*serving metrics on http://[^ ]*:\([0-9]*\)/metrics.*|\1|p' "$TMPD/om.err")
	if [ -n "$port" ] && curl -sf -H 'Accept: application/openmetrics-text' "http://127.0.0.1:$port/metrics" >"$TMPD/om.txt" &&
		grep -q '^pmutop_socket_event_total{' "$TMPD/om.txt"; then ok=1; break; fi
	sleep 0.1
done
kill $PID 2>/dev/null
if [ -n "$ok" ]; then
	check_sums socket_sums_openmetrics "$TMPD/om.txt"
	grep -q '^# TYPE pmutop_socket_event counter$' "$TMPD/om.txt" && pass socket_family_openmetrics_type ||
		fail socket_family_openmetrics_type "$(grep 'TYPE pmutop_socket_event' "$TMPD/om.txt")"
else
	fail socket_sums_openmetrics "no scrape with pmutop_socket_event_total: $(head -c 300 "$TMPD/om.err")"
fi
t_done
