# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# util_proc_stat.sh: UTIL% is the non-idle share of /proc/stat times (as top computes it), not
# cpu-clock: on this machine a CPU kept busy by a pinned loop reads high, a quiet one low (when
# the machine has one), and both agree with /proc/stat read beside pmutop; a simulated machine's
# CPUs differ with their load, and the aggregates are the CPUs' times together.
. "$(dirname "$0")/../lib.sh"

ncpu=$(getconf _NPROCESSORS_ONLN)
if ! command -v taskset >/dev/null 2>&1; then
	skip live_busy_cpu_high "taskset is not installed"
elif [ ! -r /proc/stat ]; then
	skip live_busy_cpu_high "no /proc/stat"
elif live_refused; then
	skip live_busy_cpu_high "$LIVE_WHY"
else
	busy=$((ncpu - 1))
	taskset -c "$busy" sh -c 'while :; do :; done' &
	loop=$!
	sleep 0.3
	cat /proc/stat >"$TMPD/stat0"
	"$PMUTOP" -b -n 3 -d 0.5 --json >"$TMPD/live.json" 2>"$TMPD/live.err"
	st=$?
	cat /proc/stat >"$TMPD/stat1"
	kill "$loop" 2>/dev/null
	wait "$loop" 2>/dev/null
	if [ $st -ne 0 ]; then
		fail live_busy_cpu_high "exit $st: $(cat "$TMPD/live.err")"
	else
		# busy CPU: high; every CPU within a margin of /proc/stat's own share over the run
		# (the two windows differ by the start-up); a quiet CPU low when there is one
		python3 - "$TMPD/live.json" "$TMPD/stat0" "$TMPD/stat1" "$busy" >"$TMPD/py.out" 2>&1 <<'PY'
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
def stat(p):
    out = {}
    for l in open(p):
        f = l.split()
        if f[0].startswith("cpu") and f[0][3:].isdigit():
            out[int(f[0][3:])] = [int(x) for x in f[1:9]]
    return out
a, b, busy = stat(sys.argv[2]), stat(sys.argv[3]), int(sys.argv[4])
ref = {}
for c in a:
    d = [y - x for x, y in zip(a[c], b[c])]
    ref[c] = 100.0 * (sum(d) - d[3] - d[4]) / sum(d)
last = frames[-1]
util = {c["cpu"]: c["metrics"]["util"] for c in last["cpus"]}
assert util[busy] >= 85, f"busy CPU{busy}: UTIL {util[busy]:.1f}"
# the frames together cover nearly the window /proc/stat was read around (the last frame alone
# can differ from it by whatever else the machine ran meanwhile)
mean = {c: sum(x["metrics"]["util"] for f in frames for x in f["cpus"] if x["cpu"] == c) / len(frames)
        for c in util}
for c, u in mean.items():
    assert abs(u - ref[c]) <= 30, f"CPU{c}: mean UTIL {u:.1f}, /proc/stat {ref[c]:.1f}"
quiet = [c for c in ref if c != busy and ref[c] < 30]
for c in quiet:
    assert util[c] < 50, f"quiet CPU{c}: UTIL {util[c]:.1f} (/proc/stat {ref[c]:.1f})"
print("quiet" if quiet else "noquiet", " ".join(f"{c}:{util[c]:.0f}/{ref[c]:.0f}" for c in sorted(util)))
PY
		if [ $? -eq 0 ]; then
			pass live_busy_cpu_high
			if grep -q '^quiet' "$TMPD/py.out"; then
				pass live_quiet_cpu_low
			else
				skip live_quiet_cpu_low "no CPU of this machine was quiet during the run ($(cat "$TMPD/py.out"))"
			fi
		else
			fail live_busy_cpu_high "$(tail -n 3 "$TMPD/py.out" | tr '\n' ' ')"
		fi
	fi
fi

# simulated: UTIL differs per CPU with the load, never the 100% of cpu-clock, and the
# aggregates are the CPUs' times summed (equal totals: the mean)
if "$PMUTOP" --sim adl-hybrid -b -n 2 -d 0.5 --json >"$TMPD/sim.json" 2>"$TMPD/sim.err"; then
	check sim_util_from_load python3 - "$TMPD/sim.json" <<'PY'
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])][-1]
u = [c["metrics"]["util"] for c in f["cpus"]]
assert len(u) == 24 and all(0 < x < 100 for x in u), u
assert max(u) - min(u) > 10, f"no spread: {u}"
mean = sum(u) / len(u)
assert abs(f["system"]["metrics"]["util"] - mean) < 1.0, (f["system"]["metrics"]["util"], mean)
m = f["system"]["metrics"]
parts = m["util_user"] + m["util_system"] + m["util_irq"] + m["util_softirq"] + m["util_steal"]
assert abs(parts - m["util"]) < 1.0, m
PY
else
	fail sim_util_from_load "$(cat "$TMPD/sim.err")"
fi
t_done
