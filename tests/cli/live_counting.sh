# SPDX-License-Identifier: GPL-2.0-or-later
# live_counting.sh: on this machine's real kernel: cpu-clock per CPU per interval is about the interval,
# as perf stat, counting at the same time, shows it too, and a refresh costs exactly one read() per
# group per CPU.
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
