#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_realdata.sh: the two real perf stat recordings convert to JSON with every interval, every CPU,
# IPC = instructions/cycles from the file's own numbers and the file's percent running.
. "$(dirname "$0")/../lib.sh"

ICX=$REALDATA/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.txt
ICX_LSCPU=$REALDATA/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.lscpu.txt
ALTRA=$REALDATA/perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv

# check_json NAME RECORDING SEP INSTRUCTIONS CYCLES NCPUS NINTERVALS NSOCK: compare the JSON stream
# with an independent reading of the recording (python, plain split on SEP).
check_json() {
	name=$1 rec=$2 sep=$3 ins=$4 cyc=$5 ncpu=$6 niv=$7 nsock=$8
	python3 - "$rec" "$sep" "$ins" "$cyc" "$ncpu" "$niv" "$nsock" "$TMPD/$name.json" <<'PY' >"$TMPD/$name.check" 2>&1
import decimal, json, sys
rec, sep, ins, cyc, ncpu, niv, nsock, out = sys.argv[1:]
sep = "\t" if sep == "tab" else sep
want = []  # per interval: {cpu: {event: (value, pct)}}
last = None
for line in open(rec):
    f = line.rstrip("\n").split(sep)
    if len(f) < 7 or not f[1].startswith("CPU"):
        continue
    if f[0] != last:
        want.append({})
        last = f[0]
    want[-1].setdefault(int(f[1][3:]), {})[f[4]] = (float(f[2]), float(f[6]))
# numbers as printed, so the check allows exactly half a unit of the last printed digit
def tol(x):   # half a unit of the last digit printed (integers print without a fraction)
    return (0.5 * 10.0 ** x.as_tuple().exponent if isinstance(x, decimal.Decimal) else 0.5) + 1e-12
got = [json.loads(l, parse_float=decimal.Decimal) for l in open(out) if l.strip()]
bad = []
if len(got) != int(niv) or len(want) != int(niv):
    bad.append("intervals: got %d, file has %d, expected %s" % (len(got), len(want), niv))
for i, (g, w) in enumerate(zip(got, want)):
    if len(g["cpus"]) != int(ncpu):
        bad.append("interval %d: %d cpus" % (i, len(g["cpus"])))
    if len(g["sockets"]) != int(nsock):
        bad.append("interval %d: %d sockets" % (i, len(g["sockets"])))
    for c in g["cpus"]:
        e = w[c["cpu"]]
        ipc = e[ins][0] / e[cyc][0]
        m = c["metrics"].get("ipc")
        if m is None or abs(float(m) - ipc) > tol(m):
            bad.append("interval %d cpu %d: ipc %s, file %.9g" % (i, c["cpu"], m, ipc))
        p = c["events"][ins]["running_pct"]
        if abs(float(p) - e[ins][1]) > tol(p):
            bad.append("interval %d cpu %d: running_pct %s, file %s" % (i, c["cpu"], p, e[ins][1]))
print("\n".join(bad[:10]) if bad else "ok")
sys.exit(1 if bad else 0)
PY
}

if [ ! -f "$ICX" ] || [ ! -f "$ALTRA" ]; then
	skip realdata "$REALDATA absent"
	t_done; exit
fi

if "$PMUTOP" --replay "$ICX" --topology "$ICX_LSCPU" -b --json >"$TMPD/icx.json" 2>"$TMPD/icx.err"; then
	if check_json icx "$ICX" tab "instructions:D" "cycles:D" 64 10 2; then pass icx_tab_2socket
	else fail icx_tab_2socket "$(head -c 600 "$TMPD/icx.check")"; fi
else
	fail icx_tab_2socket "exit $?: $(head -c 300 "$TMPD/icx.err")"
fi

if "$PMUTOP" --replay "$ALTRA" -b --json >"$TMPD/altra.json" 2>"$TMPD/altra.err"; then
	if check_json altra "$ALTRA" , instructions "cycles:D" 160 5 1; then pass altra_comma_160cpu
	else fail altra_comma_160cpu "$(head -c 600 "$TMPD/altra.check")"; fi
else
	fail altra_comma_160cpu "exit $?: $(head -c 300 "$TMPD/altra.err")"
fi

# Without --topology the ICX sockets are unknown: one socket entry with a null id.
if "$PMUTOP" --replay "$ICX" -b --json >"$TMPD/icx0.json" 2>/dev/null &&
   python3 -c 'import json,sys; d=json.loads(open(sys.argv[1]).readline()); s=d["sockets"]; sys.exit(0 if len(s)==1 and s[0]["socket"] is None else 1)' "$TMPD/icx0.json"; then
	pass icx_sockets_unknown_without_topology
else
	fail icx_sockets_unknown_without_topology "$(head -c 300 "$TMPD/icx0.json")"
fi
t_done
