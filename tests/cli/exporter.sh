#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter.sh: --listen, --prom, --quiet and [exporter]: promtool on the text format, the strict
# OpenMetrics parser, HTTP behaviour (tests/cli/exporter_http.py), start-up errors, running until
# signalled, atomic textfile. Servers listen on loopback only, on a port the kernel picks.
. "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
PIDS=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMPD"' EXIT

# a python that has prometheus_client when one does (pyenv shims may hide Debian's)
PY=python3
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import prometheus_client' >/dev/null 2>&1; then PY=$p; break; fi
done

# start_server NAME ARGS...: pmutop in the background; sets PID and PORT once /metrics has a frame.
start_server() {
	n=$1; shift
	: >"$TMPD/$n.err"   # exists before the background job opens it
	"$PMUTOP" "$@" >"$TMPD/$n.out" 2>"$TMPD/$n.err" &
	PID=$!
	PIDS="$PIDS $PID"
	PORT=""
	i=0
	while [ $i -lt 200 ]; do   # 20 s at most (the simulated tree comes first)
		PORT=$(sed -n 's|.*serving metrics on http://[^ ]*:\([0-9]*\)/metrics.*|\1|p' "$TMPD/$n.err")
		if [ -n "$PORT" ] && "$PY" - "$PORT" <<'EOF' 2>/dev/null
import sys, urllib.request
b = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=2).read()
sys.exit(0 if b"pmutop_event_total{" in b else 1)
EOF
		then return 0; fi
		kill -0 "$PID" 2>/dev/null || return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_exit PID SECONDS: the exit status, or 124 after killing it when it did not stop in time
wait_exit() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i + 1)); done
	if kill -0 "$1" 2>/dev/null; then kill -9 "$1" 2>/dev/null; wait "$1" 2>/dev/null; return 124; fi
	wait "$1"
}

# --- the text format through promtool, from --prom -----------------------------------------------
"$PMUTOP" --sim spr-2s -b -n 2 -d 0.2 --quiet --prom "$TMPD/m.prom" -e 'cycles,instructions,branches,branch-misses,cache-misses,cache-references,cpu-clock,power/energy-pkg/,power/energy-ram/,uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/' >"$TMPD/quiet.out" 2>"$TMPD/prom.err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^pmutop_memory_read_bytes_total{socket="1"} [0-9]' "$TMPD/m.prom" &&
	grep -q '^pmutop_package_energy_joules_total{socket="0"} [0-9]' "$TMPD/m.prom" &&
	grep -q '^pmutop_ipc{cpu="223",socket="1",core="55",core_type="cpu"} [0-9]' "$TMPD/m.prom"; then
	pass prom_textfile
else
	fail prom_textfile "rc $rc: $(head -c 300 "$TMPD/prom.err") $(head -c 300 "$TMPD/m.prom")"
fi
if [ -s "$TMPD/quiet.out" ]; then fail quiet_drops_rows "$(head -c 200 "$TMPD/quiet.out")"; else pass quiet_drops_rows; fi
"$PMUTOP" --sim spr-2s -b -n 1 -d 0.1 -x, --quiet --prom "$TMPD/q.prom" >"$TMPD/quietx.out" 2>&1
if [ -s "$TMPD/quietx.out" ] || ! grep -q '^pmutop_event_total{' "$TMPD/q.prom"; then
	fail quiet_drops_csv_header "$(head -c 200 "$TMPD/quietx.out")"
else
	pass quiet_drops_csv_header
fi
if ls -a "$TMPD" | grep -q '^\.m\.prom\.'; then fail textfile_no_temp_left "$(ls -a "$TMPD")"; else pass textfile_no_temp_left; fi
if command -v promtool >/dev/null 2>&1; then
	if promtool check metrics <"$TMPD/m.prom" >"$TMPD/promtool.out" 2>&1; then
		pass promtool_check_metrics
	else
		fail promtool_check_metrics "$(head -c 400 "$TMPD/promtool.out")"
	fi
else
	skip promtool_check_metrics "promtool is not installed (apt-get install prometheus)"
fi

# --- HTTP: formats, negotiation, bad input, stalled and vanishing clients ---------------------------
cat >"$TMPD/exp.conf" <<'EOF'
[exporter]
listen = 0
timeout = 2
EOF
if start_server http --sim spr-2s -b -d 0.2 --json --config "$TMPD/exp.conf"; then
	pass listen_from_config
	rows0=$(grep -c '^{"time"' "$TMPD/http.out")
	hwm0=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$PID/status")
	"$PY" "$HERE/exporter_http.py" "$T_NAME" "$PORT" 2 >"$TMPD/checks.txt" 2>&1
	cat "$TMPD/checks.txt"
	grep -q '^PASS ' "$TMPD/checks.txt" || fail http_checks "$(tail -c 400 "$TMPD/checks.txt")"
	T_FAILS=$((T_FAILS + $(grep -c '^FAIL ' "$TMPD/checks.txt")))
	# the batch rows went on beside the server (one per 0.2 s interval) and it still runs
	rows1=$(grep -c '^{"time"' "$TMPD/http.out")
	if kill -0 "$PID" 2>/dev/null && [ "$rows1" -gt $((rows0 + 5)) ]; then
		pass rows_go_on_while_serving
	else
		fail rows_go_on_while_serving "rows $rows0 -> $rows1; $(tail -c 300 "$TMPD/http.err")"
	fi
	# memory stays bounded through 66 held connections, huge requests and vanishing clients
	hwm1=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$PID/status")
	case "$PMUTOP" in
	*build-san*) skip memory_bounded_under_clients "AddressSanitizer's quarantine keeps freed memory" ;;
	*) if [ -n "$hwm0" ] && [ $((hwm1 - hwm0)) -lt 16384 ]; then
		echo "     peak RSS $hwm0 kB -> $hwm1 kB"; pass memory_bounded_under_clients
	else
		fail memory_bounded_under_clients "peak RSS $hwm0 kB -> $hwm1 kB"
	fi ;;
	esac
	# without -n it runs until signalled, then exits 128+SIGTERM as a batch run cut short does
	kill -TERM "$PID"
	wait_exit "$PID" 5; rc=$?
	if [ $rc -eq 143 ]; then pass runs_until_signalled; else fail runs_until_signalled "exit $rc"; fi
else
	fail listen_from_config "$(head -c 300 "$TMPD/http.err")"
fi

# --- start-up errors: the port in use, not permitted, a bad address --------------------------------
"$PY" - "$TMPD/busy.port" <<'EOF' &
import os, socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
open(sys.argv[1] + ".tmp", "w").write(str(s.getsockname()[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(20)
EOF
BUSY_PID=$!
PIDS="$PIDS $BUSY_PID"
i=0
while [ ! -s "$TMPD/busy.port" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
busy=$(cat "$TMPD/busy.port" 2>/dev/null)
# with the TUI asked for (no -b): the error comes before anything else starts
"$PMUTOP" --sim spr-2s --listen "$busy" >"$TMPD/busy.out" 2>"$TMPD/busy.err" </dev/null
rc=$?
if [ $rc -eq 1 ] && grep -q "listen 127.0.0.1:$busy: the port is in use" "$TMPD/busy.err"; then
	pass port_in_use
else
	fail port_in_use "rc $rc: $(cat "$TMPD/busy.err")"
fi
kill "$BUSY_PID" 2>/dev/null
if [ "$(id -u)" = 0 ]; then
	skip port_not_permitted "running as root: every port may be bound"
else
	"$PMUTOP" --sim spr-2s -b -n 1 --listen 1 >/dev/null 2>"$TMPD/perm.err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q "not permitted" "$TMPD/perm.err"; then
		pass port_not_permitted
	else
		fail port_not_permitted "rc $rc: $(cat "$TMPD/perm.err")"
	fi
fi
for bad in "::1:9100" "localhost:9100" "70000" "[::1]"; do
	"$PMUTOP" --sim spr-2s -b -n 1 --listen "$bad" >/dev/null 2>"$TMPD/bad.err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q "^pmutop: --listen " "$TMPD/bad.err"; then
		pass "bad_address_$bad"
	else
		fail "bad_address_$bad" "rc $rc: $(cat "$TMPD/bad.err")"
	fi
done
printf '[exporter]\nlisten = 127.0.0.1:99999\n' >"$TMPD/badport.conf"
"$PMUTOP" --sim spr-2s -b -n 1 --config "$TMPD/badport.conf" >/dev/null 2>"$TMPD/badconf.err"
rc=$?
if [ $rc -eq 2 ] && grep -q '^pmutop: \[exporter\] listen = "127.0.0.1:99999": the port must be' "$TMPD/badconf.err"; then
	pass bad_address_in_config
else
	fail bad_address_in_config "rc $rc: $(cat "$TMPD/badconf.err")"
fi
"$PMUTOP" --sim spr-2s -b -n 1 --prom "$TMPD/no/such/dir/m.prom" >/dev/null 2>"$TMPD/nodir.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "prom $TMPD/no/such/dir/m.prom: cannot write" "$TMPD/nodir.err"; then
	pass prom_unwritable
else
	fail prom_unwritable "rc $rc: $(cat "$TMPD/nodir.err")"
fi

# --- IPv6 loopback when explicit ------------------------------------------------------------------
if "$PY" -c 'import socket; s=socket.socket(socket.AF_INET6); s.bind(("::1",0))' 2>/dev/null; then
	: >"$TMPD/v6.err"
	"$PMUTOP" --sim spr-2s -b -d 0.2 --quiet --listen "[::1]:0" >/dev/null 2>"$TMPD/v6.err" &
	V6=$!
	PIDS="$PIDS $V6"
	i=0; p6=""
	while [ -z "$p6" ] && [ $i -lt 200 ]; do
		p6=$(sed -n 's|.*http://\[::1\]:\([0-9]*\)/metrics.*|\1|p' "$TMPD/v6.err"); sleep 0.1; i=$((i + 1))
	done
	if [ -n "$p6" ] && "$PY" - "$p6" <<'EOF'
import sys, urllib.request
b = urllib.request.urlopen(f"http://[::1]:{sys.argv[1]}/metrics", timeout=5).read()
sys.exit(0 if b"pmutop_build_info{" in b else 1)
EOF
	then pass listen_ipv6_loopback; else fail listen_ipv6_loopback "$(cat "$TMPD/v6.err")"; fi
	kill "$V6" 2>/dev/null; wait_exit "$V6" 5 >/dev/null
else
	skip listen_ipv6_loopback "no IPv6 loopback here"
fi

# --- a replay exports too: source="replay", totals = the sums of the recording's values ------------
"$PMUTOP" --sim spr-2s -b -n 4 -d 0.1 -x, -e cycles,instructions -o "$TMPD/rec.csv" 2>"$TMPD/rec.err"
"$PMUTOP" --replay "$TMPD/rec.csv" -b --quiet --prom "$TMPD/r.prom" 2>"$TMPD/rp.err"
rc=$?
want=$(awk -F, '!/^#/ && $2 == "CPU3" && $5 == "instructions" { s += $3 } END { printf "%.0f", s }' "$TMPD/rec.csv")
got=$(sed -n 's/^pmutop_event_total{event="instructions",cpu="3",.*} \([0-9.e+]*\)$/\1/p' "$TMPD/r.prom")
if [ $rc -eq 0 ] && grep -q 'pmutop_build_info{version="[^"]*",source="replay"} 1' "$TMPD/r.prom" &&
	[ -n "$got" ] && [ "$(printf '%.0f' "$got")" = "$want" ]; then
	pass replay_exports_totals
else
	fail replay_exports_totals "rc $rc, want $want got '$got': $(cat "$TMPD/rp.err")"
fi

# --- live counting on this machine: source="live", software events per CPU, cpu-clock in seconds ----
if "$PMUTOP" -b -n 2 -d 0.1 -e cpu-clock --quiet --prom "$TMPD/live.prom" >/dev/null 2>"$TMPD/live.err"; then
	n=$(grep -c '^pmutop_event_seconds_total{event="cpu-clock",cpu="[0-9]*",' "$TMPD/live.prom")
	# two intervals of 0.1 s: about 0.2 s of cpu-clock per CPU, seconds and not perf's msec (200)
	# whatever a loaded machine does to the intervals
	big=$(awk '/^pmutop_event_seconds_total/ { if ($2 <= 0 || $2 > 20) bad++ } END { print bad + 0 }' "$TMPD/live.prom")
	if grep -q 'source="live"' "$TMPD/live.prom" && [ "$n" -eq "$(getconf _NPROCESSORS_ONLN)" ] && [ "$big" -eq 0 ]; then
		pass live_source
	else
		fail live_source "$n series, $big out of 0..20 s: $(grep -v '^#' "$TMPD/live.prom" | head -c 300)"
	fi
elif refused "$TMPD/live.err"; then
	skip live_source "live counting is not permitted here: $(head -c 200 "$TMPD/live.err")"
else
	fail live_source "$(head -c 300 "$TMPD/live.err")"
fi

# --- the textfile is replaced whole: a reader never sees a part -----------------------------------
"$PMUTOP" --sim spr-2s -b -d 0.02 -n 150 --quiet --prom "$TMPD/t.prom" >/dev/null 2>"$TMPD/t.err" &
TP=$!
PIDS="$PIDS $TP"
"$PY" - "$TMPD/t.prom" "$TP" <<'EOF' >"$TMPD/reader.out"
import os, sys, time
path, pid = sys.argv[1], int(sys.argv[2])
reads = partial = 0
versions = set()
end = time.monotonic() + 20
while time.monotonic() < end:
    try:
        with open(path) as f:
            t = f.read()
    except FileNotFoundError:
        continue
    if t:
        reads += 1
        versions.add(hash(t))
        if not t.endswith("\n") or "pmutop_scrape_duration_seconds " not in t:
            partial += 1
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        break
print(reads, partial, len(versions))
EOF
wait_exit "$TP" 30; rc=$?
set -- $(cat "$TMPD/reader.out")
if [ $rc -eq 0 ] && [ "${1:-0}" -gt 20 ] && [ "${2:-1}" -eq 0 ] && [ "${3:-0}" -gt 20 ]; then
	pass textfile_atomic
else
	fail textfile_atomic "rc $rc, reads/partial/versions: $*"
fi
# --- top-down shares: the same run's JSON (percent) and exposition (ratios) agree ---------------
if "$PMUTOP" --sim spr-2s -E topdown -b --json -n 2 -d 0.2 --prom "$TMPD/td.prom" -o "$TMPD/td.json" 2>"$TMPD/td.err"; then
	check topdown_ratios_match_json python3 - "$TMPD/td.json" "$TMPD/td.prom" <<'PY'
import json, re, sys
last = [json.loads(l) for l in open(sys.argv[1])][-1]
prom = {}
for line in open(sys.argv[2]):
    m = re.match(r'pmutop_topdown_ratio\{cpu="(\d+)",.*metric="(\w+)"\} (\S+)$', line)
    if m:
        prom[(int(m.group(1)), m.group(2))] = float(m.group(3))
    m = re.match(r'pmutop_socket_topdown_ratio\{socket="(\d+)",core_type="cpu",metric="(\w+)"\} (\S+)$', line)
    if m:
        prom[("s" + m.group(1), m.group(2))] = float(m.group(3))
n = 0
for c in last["cpus"]:
    for k, v in c["metrics"].items():
        if k.startswith("tma_") and v is not None:
            assert abs(prom.pop((c["cpu"], k)) * 100 - v) < 1e-4, (c["cpu"], k, v)
            n += 1
for s in last["sockets"]:
    v = s["metrics"].get("tma_retiring")
    assert v is not None and abs(prom.pop(("s%d" % s["socket"], "tma_retiring")) * 100 - v) < 1e-4, s
assert n >= len(last["cpus"]) * 4, n
assert not [k for k in prom if not str(k[0]).startswith("s")], "exported shares the JSON lacks"
PY
else
	fail topdown_ratios_match_json "$(head -c 300 "$TMPD/td.err")"
fi
t_done
