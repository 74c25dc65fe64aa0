#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_faults.sh: each fault injected into the simulated kernel leads to the documented behaviour
# (a message, a dropped CPU, an unsupported column) and never to a crash.
. "$(dirname "$0")/../lib.sh"

need sim_runs "$PMUTOP" --sim kvm-nopmu -b -n 1 -d 0.05 --json

run() {   # run NAME FAULT ARGS...: status in $rc, output in $TMPD/NAME.{out,err}
	n=$1; f=$2; shift 2
	"$PMUTOP" --sim spr-2s --sim-fault "$f" -b --json "$@" >"$TMPD/$n.out" 2>"$TMPD/$n.err"
	rc=$?
}
no_crash() {  # a signal shows as status > 128
	if [ "$rc" -gt 128 ]; then fail "$1" "killed by signal $((rc - 128)): $(tail -c 300 "$TMPD/$1.err")"; return 1; fi
	return 0
}

# EACCES: stops with a message naming perf_event_paranoid
run eacces eacces -n 1 -d 0.05
if no_crash eacces; then
	if [ "$rc" -ne 0 ] && grep -q perf_event_paranoid "$TMPD/eacces.err"; then pass eacces
	else fail eacces "status $rc, stderr: $(head -c 300 "$TMPD/eacces.err" | tr '\n' ' ')"; fi
fi

# PMUTOP_SIM_FAULT works as the option does
PMUTOP_SIM_FAULT=eacces "$PMUTOP" --sim spr-2s -b --json -n 1 -d 0.05 >/dev/null 2>"$TMPD/env.err"
rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -q perf_event_paranoid "$TMPD/env.err"; then pass eacces_env
else fail eacces_env "status $rc: $(head -c 300 "$TMPD/env.err" | tr '\n' ' ')"; fi

# ENODEV for CPU 5 after 1 s (time enough to open 224 CPUs under a sanitizer): CPU 5 is in the first sample and gone from the last, and stderr says
# so once, naming the CPU (it used to be dropped silently)
run enodev enodev=5@1.0 -n 15 -d 0.1
if no_crash enodev; then
	if [ "$rc" -eq 0 ] && python3 - "$TMPD/enodev.out" <<'PY'
import json, sys
s = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
has = [any(c["cpu"] == 5 for c in o["cpus"]) for o in s]
others = [any(c["cpu"] == 6 for c in o["cpus"]) for o in s]
sys.exit(0 if len(s) == 15 and has[0] and not has[-1] and all(others) else "cpu 5 per sample: %s" % has)
PY
	then pass enodev; else fail enodev "status $rc: $(head -c 300 "$TMPD/enodev.err" | tr '\n' ' ')"; fi
	if [ "$(grep -c 'CPU 5: went offline: not counted until it is back online' "$TMPD/enodev.err")" -eq 1 ] &&
	   [ "$(wc -l <"$TMPD/enodev.err")" -eq 1 ]; then pass enodev_said_once
	else fail enodev_said_once "stderr: $(head -c 300 "$TMPD/enodev.err" | tr '\n' ' ')"; fi
fi

# EMFILE after 100 descriptors: counting goes on with what fits (it used to stop, claiming 1568
# descriptors were too many under a limit of 20000); stderr says what counts, which CPUs have
# nothing, and a `ulimit -n` above the current limit
run emfile emfile=100 -n 2 -d 0.05
if no_crash emfile; then
	lim=$(sed -n 's/.*the limit is \([0-9]*\).*/\1/p' "$TMPD/emfile.err")
	need=$(sed -n 's/.*`ulimit -n \([0-9]*\)`.*/\1/p' "$TMPD/emfile.err")
	if [ "$rc" -eq 0 ] && [ "$(grep -c '^{' "$TMPD/emfile.out")" -eq 2 ] &&
	   grep -q 'out of file descriptors: counting 100 of 1568 events x CPUs, CPUs [0-9]*-223 have none' \
		"$TMPD/emfile.err" && [ -n "$lim" ] && [ -n "$need" ] && [ "$need" -gt "$lim" ] &&
	   python3 - "$TMPD/emfile.out" <<'PY'
import json, sys
s = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
cpu = {c["cpu"]: c for c in s[-1]["cpus"]}
ok = cpu[0]["events"].get("cycles", {}).get("counted") is True and cpu[200]["events"] == {}
sys.exit(0 if ok else "CPU 0: %s CPU 200: %s" % (cpu[0]["events"].get("cycles"), cpu[200]["events"]))
PY
	then pass emfile_degrades
	else fail emfile_degrades "status $rc, stderr: $(head -c 400 "$TMPD/emfile.err" | tr '\n' ' ')"; fi
fi

# short and failed reads from the 50th read on: the program keeps running and exits normally, and
# says once (not every interval) which CPUs and why
for f in shortread=50:'returned [0-9]* of [0-9]* bytes' readfail=50:'reading the counters failed (Input/output error)'; do
	n=${f%%=*} pat=${f#*:} f=${f%%:*}
	run "$n" "$f" -n 4 -d 0.05
	if no_crash "$n"; then
		if [ "$rc" -eq 0 ] && grep -q "^pmutop: CPUs* [0-9].*: .*$pat" "$TMPD/$n.err" &&
		   [ "$(wc -l <"$TMPD/$n.err")" -le 2 ]; then pass "$n"
		else fail "$n" "status $rc: $(head -c 400 "$TMPD/$n.err" | tr '\n' ' ')"; fi
	fi
done
t_done
