# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# live_counting.sh: on this machine's real kernel: cpu-clock per CPU per interval is about the interval,
# as perf stat, counting at the same time, shows it too, the -x rows' metric fields are perf's, and a
# refresh costs exactly one read() per group per CPU.
. "$(dirname "$0")/../lib.sh"

ncpu=$(getconf _NPROCESSORS_ONLN)
if ! "$PMUTOP" -b -n 5 -d 0.2 -e cpu-clock,context-switches --json >"$TMPD/live.json" 2>"$TMPD/live.err"; then
	# not root (make check as a user) and the kernel keeps system-wide counting from users: an
	# outside fact, and every check below needs that counting
	if [ "$(id -u)" != 0 ] && refused "$TMPD/live.err"; then
		skip all "the kernel refuses system-wide counting to this user: $(head -n 1 "$TMPD/live.err" | cut -c1-160)"
		exit 0
	fi
	fail live_json_runs "$(cat "$TMPD/live.err")"
else
	pass live_json_runs
	check cpu_clock_about_interval python3 - "$TMPD/live.json" "$ncpu" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
ncpu = int(sys.argv[2])
assert len(lines) == 5, f"{len(lines)} samples, want 5"
for f in lines:
    assert len(f["cpus"]) == ncpu, f"{len(f['cpus'])} CPUs, want {ncpu}"
    for c in f["cpus"]:
        ev = c["events"]["cpu-clock"]
        assert ev["counted"], ev
        ms = ev["value"]            # cpu-clock is printed in msec as perf does
        want = f["interval"] * 1000
        assert abs(ms - want) <= 0.10 * want, f"CPU{c['cpu']}: cpu-clock {ms} ms in a {want} ms interval"
        cs = c["events"]["context-switches"]
        assert cs["counted"] and cs["value"] >= 0, cs
        assert 0 <= c["metrics"]["util"] <= 100, c["metrics"]
PY
fi

# the oracle: perf stat, counting at the same time, shows the same physical fact: cpu-clock per CPU
# per interval is the interval, in msec. Each tool's interval is measured by its own timestamps (a
# loaded machine stretches both; what perf was asked for, 200 ms, is no measure of anything), and
# pmutop's ratio of cpu-clock to its interval must be perf's, median against median.
perf_under_test
if command -v perf >/dev/null 2>&1; then
	perf stat -a -A -I 200 -x, -e cpu-clock -o "$TMPD/perf.csv" sleep 1.3 >/dev/null 2>&1 &
	perf_pid=$!
	"$PMUTOP" -b -n 5 -d 0.2 -e cpu-clock -x, -o "$TMPD/pmutop.csv" 2>/dev/null
	wait $perf_pid
	check perf_stat_agrees python3 - "$TMPD/perf.csv" "$TMPD/pmutop.csv" <<'PY'
import statistics, sys

def ratios(path, who):
    """cpu-clock msec per msec of the tool's own interval, per CPU and interval (the last, partial
    interval of perf, which ends with its command, left out)"""
    rows = [l.strip().split(",") for l in open(path) if l.strip() and not l.lstrip().startswith("#")]
    rows = [r for r in rows if len(r) > 4 and r[4] == "cpu-clock" and r[1].startswith("CPU") and r[2]]
    times = sorted({float(r[0]) for r in rows})
    assert len(times) >= 3, f"{who}: {len(times)} intervals"
    start = {t: (times[i - 1] if i else 0.0) for i, t in enumerate(times)}
    out = [float(r[2]) / ((float(r[0]) - start[float(r[0])]) * 1000) for r in rows
           if float(r[0]) < times[-1] or who == "pmutop"]
    return statistics.median(out)

perf, pm = ratios(sys.argv[1], "perf"), ratios(sys.argv[2], "pmutop")
print(f"     cpu-clock per interval: perf {perf:.4f}, pmutop {pm:.4f}")
assert abs(pm - perf) <= 0.1, f"pmutop {pm:.4f} vs perf {perf:.4f}"
assert abs(perf - 1) <= 0.5, f"perf's own figure is not cpu-clock per interval: {perf:.4f}"
PY
else
	skip perf_stat_agrees "perf is not installed (apt-get install linux-perf)"
fi

# the metric fields of -x rows as perf stat -a -A -I -x fills them, compared with perf counting at the
# same time: a clock's CPUs utilized (per CPU about 1), any other software event per second of the
# CPU's clock ([KMG]/sec). A steady load (a shell starting /bin/true without pause: page faults and
# context switches at a steady rate) runs meanwhile. Tolerances: CPUs utilized within 0.05 of perf's
# clock over its interval as its timestamps measure it (medians: perf prints it over the interval
# asked for, which a loaded machine stretches); an event's rate summed
# over the CPUs, the mean of the intervals, within 20% of perf's plus 3 standard deviations of a
# Poisson count (the two windows are not the same milliseconds); each metric is its row's count
# over its CPU's clock (the mean of task-clock and cpu-clock, as perf's; rounding: 3 decimals).
if command -v perf >/dev/null 2>&1; then
	sh -c 'while :; do /bin/true; done' &
	load=$!
	ev=task-clock,context-switches,cpu-clock,page-faults,cpu-migrations
	perf stat -a -A -I 300 --interval-count 3 -x, -e "$ev" -o "$TMPD/perf_m.csv" >/dev/null 2>&1 &
	perf_pid=$!
	"$PMUTOP" -b -n 3 -d 0.3 -e "$ev" -x, -o "$TMPD/pm_m.csv" 2>/dev/null
	wait $perf_pid
	kill $load
	check metrics_as_perf python3 - "$TMPD/perf_m.csv" "$TMPD/pm_m.csv" <<'PY'
import math, re, statistics, sys
scale = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
def rows(path):
    out = [l.strip().split(",") for l in open(path) if l.strip() and not l.lstrip().startswith("#")]
    return [r for r in out if len(r) == 9 and r[1].startswith("CPU")]
def rate_of(r):   # the metric in events per second
    m = re.fullmatch(r"([KMG]?)/sec", r[8])
    assert m, r
    return float(r[7]) * scale[m.group(1)]
perf, pm = rows(sys.argv[1]), rows(sys.argv[2])
assert perf and pm, (perf, pm)
for who, rs in (("perf", perf), ("pmutop", pm)):
    clocks = {}   # perf's clock for a rate: the mean of task-clock and cpu-clock where both count
    for r in rs:
        if r[4] in ("task-clock", "cpu-clock") and r[2][0].isdigit():
            clocks.setdefault((r[0], r[1]), []).append(float(r[2]))
    clock = {k: sum(v) / len(v) for k, v in clocks.items()}
    for r in rs:
        assert r[2][0].isdigit() and r[7] and r[8], f"{who}: no metric: {r}"
        if r[4] in ("task-clock", "cpu-clock"):
            assert r[8] == "CPUs utilized", f"{who}: {r}"
            continue
        want = float(r[2]) / clock[(r[0], r[1])] * 1000
        got = rate_of(r)
        unit = scale[r[8][:-4]]   # the 3rd decimal of the metric, and the clock's 2nd of msec
        assert abs(got - want) <= 0.0005 * unit + want * 1e-4, \
            f"{who}: {r}: {got} per second, the count over the CPU's clock is {want}"
times = sorted({float(r[0]) for r in perf})
took = {t: t - (times[i - 1] if i else 0.0) for i, t in enumerate(times)}   # perf's own intervals
for e in ("task-clock", "cpu-clock"):
    a = statistics.median(float(r[7]) for r in pm if r[4] == e)
    b = statistics.median(float(r[7]) for r in perf if r[4] == e)
    # perf divides by the interval asked for; a loaded machine stretches it (its timestamps say so)
    c = statistics.median(float(r[2]) / (took[float(r[0])] * 1000) for r in perf if r[4] == e)
    print(f"     {e}: CPUs utilized {a:.3f}, perf {b:.3f} (over its timestamps' intervals {c:.3f})")
    assert abs(a - c) <= 0.05, f"{e}: pmutop {a} perf {c} ({b} as printed)"
for e in ("context-switches", "page-faults", "cpu-migrations"):
    def total(rs):   # events per second over the CPUs, the mean of the intervals
        per = {}
        for r in rs:
            if r[4] == e:
                per[r[0]] = per.get(r[0], 0) + rate_of(r)
        return sum(per.values()) / len(per)
    a, b = total(pm), total(perf)
    tol = 0.2 * max(a, b) + 3 * math.sqrt(max(a, b, 1) / 0.9)   # a count over 0.9 s: sd sqrt(n)
    print(f"     {e}: {a:.0f}/s, perf {b:.0f}/s (tolerance {tol:.0f})")
    assert abs(a - b) <= tol, f"{e}: pmutop {a:.0f}/s perf {b:.0f}/s"
PY
else
	skip metrics_as_perf "perf is not installed (apt-get install linux-perf)"
fi

# exactly one read() per group per CPU per refresh, -n 5 plus the baseline read: the two lone
# software events share one group, the user's group {task-clock,page-faults} is another
if command -v strace >/dev/null 2>&1; then
	strace -f -o "$TMPD/strace.txt" -e trace=perf_event_open,read \
		"$PMUTOP" -b -n 5 -d 0.1 -e 'cpu-clock,context-switches,{task-clock,page-faults}' -x, -o /dev/null 2>/dev/null
	check one_read_per_group_per_cpu python3 - "$TMPD/strace.txt" "$ncpu" <<'PY'
import re, sys
fds, reads = set(), 0
for line in open(sys.argv[1]):
    m = re.search(r"perf_event_open\(.*\) = (\d+)", line)
    if m:
        fds.add(int(m.group(1)))
        continue
    m = re.search(r"\bread\((\d+),", line)
    if m and int(m.group(1)) in fds:
        reads += 1
ncpu = int(sys.argv[2])
want = (5 + 1) * 2 * ncpu
assert len(fds) == 4 * ncpu, f"{len(fds)} perf fds, want {4 * ncpu}"
assert reads == want, f"{reads} reads of perf fds, want {want} (one per group per CPU per refresh)"
PY
else
	skip one_read_per_group_per_cpu "strace is not installed"
fi

# not a terminal and no -b: a clear message, not a garbled screen
"$PMUTOP" -e cpu-clock >"$TMPD/notty.out" 2>&1 </dev/null
rc=$?
if [ "$rc" -eq 2 ] && grep -q -- "-b" "$TMPD/notty.out"; then pass not_a_terminal_says_use_b
else fail not_a_terminal_says_use_b "rc=$rc: $(cat "$TMPD/notty.out")"; fi

# a VM without a hardware PMU: hardware events are not supported, software events count, one reason given
if [ ! -d /sys/bus/event_source/devices/cpu ]; then
	"$PMUTOP" -b -n 1 -d 0.1 -e cycles,cpu-clock --json >"$TMPD/vm.json" 2>"$TMPD/vm.err"
	check vm_hardware_na python3 - "$TMPD/vm.json" "$TMPD/vm.err" <<'PY'
import json, sys
f = json.loads(open(sys.argv[1]).readline())
for c in f["cpus"]:
    assert c["events"]["cycles"]["counted"] is False and c["events"]["cycles"]["value"] is None, c
    assert c["events"]["cpu-clock"]["counted"] is True, c
    assert "ipc" not in c["metrics"], c["metrics"]
err = open(sys.argv[2]).read()
assert "no hardware PMU" in err, err
PY
fi
t_done
