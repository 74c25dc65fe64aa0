# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# workload_live.sh: issue 28 on this machine's real kernel: a busy process under -p, a command under
# -- (its exit status passed on), a cgroup made here under -G, a process that exits mid-run, one that
# sleeps (not counted, as perf prints it), and the -x rows against perf stat -p/-G's own, field by
# field, the cgroup as it was named. The oracles are the kernel's own books: the
# task's run time in /proc/PID/schedstat and the cgroup's usage_usec in cpu.stat.
. "$(dirname "$0")/../lib.sh"
need_binary
perf_under_test

busy_pid=
sleeper=
cg_dir=
cleanup() {
	[ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null && wait "$busy_pid" 2>/dev/null
	[ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null
	[ -n "$cg_dir" ] && [ -d "$cg_dir/sub" ] && rmdir "$cg_dir/sub" 2>/dev/null
	[ -n "$cg_dir" ] && [ -d "$cg_dir" ] && rmdir "$cg_dir" 2>/dev/null
	rm -rf "$TMPD"
}
trap cleanup EXIT
sh -c 'while :; do :; done' &
busy_pid=$!
now() { python3 -c 'import time; print(time.monotonic())'; }
run_ns() { cut -d' ' -f1 "/proc/$busy_pid/schedstat"; }

# The counts of a single-threaded busy task against the oracle, read before and after the run: what
# pmutop counted lies inside what the task ran, and what it missed is no more than the wall time its
# intervals did not cover (one thread runs on at most one CPU). Each interval is within 15% of
# 1000 ms per second when the task got a whole CPU (the oracle says whether it did: a loaded
# machine gives it less, an outside fact).
# That last sub-check, left out, says SKIP NAME_per_second with the task's share.
check_busy() {   # name json_file oracle_before oracle_after wall_before wall_after key value
	rm -f "$TMPD/busy.skip"
	check "$1" python3 - "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$TMPD/busy.skip" <<'PY'
import json, sys
path, o0, o1, w0, w1, key, want = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), sys.argv[6], sys.argv[7]
frames = [json.loads(l) for l in open(path)]
assert len(frames) == 3, f"{len(frames)} frames"
tc_sum = covered = 0
for f in frames:
    group = "processes" if key == "pid" else "cgroups"
    rows = [r for r in f[group] if str(r[key]) == want]
    assert len(rows) == 1, f"{group} {f[group]}"
    r = rows[0]
    assert r["counted"] is True, r
    tc = r["events"]["task-clock"]["value"]
    assert r["events"]["context-switches"]["counted"], r
    assert tc <= f["interval"] * 1000 * 1.01, f"one thread ran {tc} ms in {f['interval']} s"
    tc_sum += tc
    covered += f["interval"] * 1000
oracle = o1 - o0
wall = (w1 - w0) * 1000
print(f"     task-clock {tc_sum:.1f} ms counted, {oracle:.1f} ms by the kernel's books, {wall:.0f} ms wall, {covered:.0f} ms covered")
# schedstat's run time of a running task is brought up to date at the tick, not when read: the
# oracle's last reading may lag by up to a tick (10 ms at HZ=100)
assert tc_sum <= oracle + 10, f"counted {tc_sum} ms, the task ran {oracle} ms"
assert oracle - tc_sum <= wall - covered + 1, f"missed {oracle - tc_sum} ms of the task in {wall - covered} ms not covered"
share = oracle / wall
if share >= 0.95:
    for f in frames:
        r = [r for r in f["processes" if key == "pid" else "cgroups"] if str(r[key]) == want][0]
        per_s = r["events"]["task-clock"]["value"] / f["interval"]
        assert abs(per_s - 1000) <= 150, f"{per_s:.0f} ms per second in an interval"
else:
    open(sys.argv[8], "w").write(f"the task got {share:.0%} of a CPU (a loaded machine): 1000 ms per second not checked\n")
PY
	if [ -s "$TMPD/busy.skip" ]; then skip "$1_per_second" "$(cat "$TMPD/busy.skip")"; fi
}

# pmutop's -x rows against perf stat's own for the same target, counting at the same time, field by
# field: the time (16 columns, 9 decimals), the count (2 decimals in msec, else an integer; or
# <not counted> in both), unit and event, the cgroup as it was named (-G rows), the running time and
# percentage (numbers), the metric (3 decimals, or none in both) and its unit ([KMG]/sec's prefix
# follows the rate), and the values. The two windows of 300 ms start at most `apart` ms from each
# other (the longer run's wall time less 300 ms: each window lies inside its own run, and both
# runs start together), and the targets compared are one thread, which runs at most 1 ms per ms:
# task-clock within apart ms (and 1%) of perf's; pmutop's CPUs utilized its task-clock over an
# interval between 300 ms and its run's wall time; other counts within 20% plus 3 standard
# deviations of a Poisson count plus their rate over apart ms; each [KMG]/sec the row's count over
# its clock. A row multiplexed in either run (below 100.00% running: a loaded machine's kernel
# multiplexes even cgroup software events) holds scaled estimates: its values are not compared,
# and NAME_values says SKIP with why. perf's first rows: as many as pmutop's one interval. One alone may
# read <not counted> for an outside fact: the kernel's books (ran: the target's CPU time over both
# runs) say the target did not run then, or its events were enabled and never on (0.00% running: a
# loaded machine's kernel multiplexes even cgroup software events; perf's own rows read 40% there).
same_as_perf() {   # name perf_csv pmutop_csv cgroup_or_- ran_ms|- (the 2 runs' wall ms: $TMPD/both.ms)
	rm -f "$TMPD/same.skip"
	check "$1" python3 - "$2" "$3" "$4" "${5:--}" $(cat "$TMPD/both.ms") "$TMPD/same.skip" <<'PY'
import math, re, sys
def rows(p):
    return [l.rstrip("\n").split(",") for l in open(p) if l.strip() and not l.startswith("#")]
perf, pm, cg = rows(sys.argv[1]), rows(sys.argv[2]), sys.argv[3]
ran = None if sys.argv[4] == "-" else float(sys.argv[4])
wall_perf, wall_pm = float(sys.argv[5]), float(sys.argv[6])
apart = max(wall_perf, wall_pm) - 300
print(f"     the windows start at most {apart:.0f} ms apart (wall: perf {wall_perf:.0f} ms, pmutop {wall_pm:.0f} ms)")
assert pm and len(perf) >= len(pm), f"perf {perf} pmutop {pm}"
nc = "<not counted>"
scale = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
t, count, unit, event, run, pct, metric, munit = range(8)
def clock_of(rs, r):   # the row's task-clock (msec), as perf divides a rate by it
    c = [x for x in rs if x[event] == "task-clock" and x[count] != nc]
    return float(c[0][count]) if c else None
for a, b in zip(pm, perf):
    assert len(a) == len(b) == (9 if cg != "-" else 8), f"pmutop {a} perf {b}"
    if cg != "-":
        assert a[4] == b[4] == cg, f"the cgroup as named: pmutop {a[4]!r} perf {b[4]!r} -G {cg!r}"
        a, b = a[:4] + a[5:], b[:4] + b[5:]
    for r in (a, b):
        assert len(r[t]) == 16 and re.fullmatch(r" *\d+\.\d{9}", r[t]), r
        assert r[count] == nc or re.fullmatch(r"\d+\.\d\d" if r[unit] == "msec" else r"\d+", r[count]), r
        assert re.fullmatch(r"\d+", r[run]) and re.fullmatch(r"\d+\.\d\d", r[pct]), r
        assert r[metric] == "" or re.fullmatch(r"\d+\.\d{3}", r[metric]), r
    assert a[unit:run] == b[unit:run], f"pmutop {a} perf {b}"
    if (a[count] == nc) != (b[count] == nc):
        r = a if a[count] == nc else b
        assert (ran is not None and ran < 1) or r[pct] == "0.00", \
            f"counted in one only: pmutop {a} perf {b} (ran {ran} ms)"
        print(f"     {'pmutop' if r is a else 'perf'}'s run: not counted, {r[pct]}% running, "
              f"the target ran {ran} ms (loaded machine)")
        continue
    if a[count] == nc:   # as perf: no time ran; 100.00 when none was enabled either
        assert a[run] == "0" and a[metric] == a[munit] == "" == b[metric] == b[munit], (a, b)
        continue
    # (the percentage is the kernel's: a loaded machine multiplexes cgroup events, both read it)
    assert (a[metric] == "") == (b[metric] == ""), (a, b)
    assert re.sub("^[KMG]", "", a[munit]) == re.sub("^[KMG]", "", b[munit]), (a, b)
    va, vb = float(a[count]), float(b[count])
    if a[munit].endswith("/sec"):   # the count printed is rounded: a scaled one has decimals
        c = clock_of([x[:4] + x[5:] if cg != "-" else x for x in pm], a)
        want, got = va / c * 1000, float(a[metric]) * scale[a[munit][:-4]]
        assert abs(got - want) <= 0.0005 * scale[a[munit][:-4]] + 1e-4 * want + 500 / c, \
            f"{a}: {got}/s, count over clock {want}"
    if a[pct] != "100.00" or b[pct] != "100.00":
        open(sys.argv[7], "a").write(f"{a[event]} multiplexed (pmutop {a[pct]}%, perf {b[pct]}% running): "
                                     "scaled estimates not compared; ")
        continue
    if a[unit] == "msec":
        assert abs(va - vb) <= apart + 0.01 * max(va, vb), f"{a[event]}: pmutop {va} perf {vb}, {apart:.0f} ms apart"
        ma = float(a[metric])
        assert va / wall_pm - 0.0005 <= ma <= va / 300 + 0.0005, f"{a[event]}: {ma} CPUs utilized of {va} ms"
    else:
        top = max(va, vb)
        assert abs(va - vb) <= 0.2 * top + 3 * math.sqrt(top) + top * apart / 300, \
            f"{a[event]}: pmutop {va} perf {vb}, {apart:.0f} ms apart"
    print(f"     {a[event]}: pmutop {a[count]} {a[metric]} {a[munit]}, perf {b[count]} {b[metric]} {b[munit]}")
print(f"     {len(pm)} rows as perf's: {[r[3] for r in pm]}")
PY
	if [ -s "$TMPD/same.skip" ]; then skip "$1_values" "$(cat "$TMPD/same.skip")"; fi
}

# both PERF_OUT PMUTOP_OUT PERF_ARGS... -- PMUTOP_ARGS...: perf stat PERF_ARGS -o PERF_OUT and pmutop
# PMUTOP_ARGS >PMUTOP_OUT started together; each one's wall time (ms) into $TMPD/both.ms (the
# arguments are this script's own, without spaces)
ms() { echo $(($(date +%s%N) / 1000000)); }
both() {
	po=$1 mo=$2 pa=
	shift 2
	while [ "$1" != -- ]; do pa="$pa $1"; shift; done
	shift
	t0=$(ms)
	# shellcheck disable=SC2086
	( perf stat $pa -o "$po" >/dev/null 2>&1; echo $(($(ms) - t0)) >"$TMPD/perf.ms" ) &
	pp=$!
	"$PMUTOP" "$@" >"$mo" 2>/dev/null
	tm=$(($(ms) - t0))
	wait $pp
	echo "$(cat "$TMPD/perf.ms") $tm" >"$TMPD/both.ms"
}

w0=$(now); o0=$(run_ns)   # the wall window holds the oracle's, which holds pmutop's
"$PMUTOP" -b --json -n 3 -d 0.5 -p "$busy_pid" -e task-clock,context-switches >"$TMPD/p.json" 2>"$TMPD/p.err"
rc=$?; o1=$(run_ns); w1=$(now)
if [ $rc -ne 0 ]; then
	if refused "$TMPD/p.err"; then skip busy_pid "the kernel refused: $(head -c 200 "$TMPD/p.err")"
	else fail busy_pid "exit $rc: $(head -c 300 "$TMPD/p.err")"; fi
else
	check_busy busy_pid_task_clock "$TMPD/p.json" "$(echo "$o0 / 1000000" | bc -l)" "$(echo "$o1 / 1000000" | bc -l)" "$w0" "$w1" pid "$busy_pid"
	check busy_pid_names python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).readline())
p = f["processes"][0]
assert p["comm"] == "sh" and p["user"] == sys.argv[2] and p["threads"] == 1 and p["exited"] is False, p
assert p["cgroup"].startswith("/"), p
assert abs(p["metrics"]["util"] - p["events"]["task-clock"]["value"] / f["interval"] / 10) < 0.5, p' "$TMPD/p.json" "$(id -un)"
fi

# -- COMMAND: counted from its exec to its end, its exit status passed on, rows as perf stat writes them
"$PMUTOP" -b -x, -e task-clock -- sh -c 'exit 3' >"$TMPD/c.csv" 2>"$TMPD/c.err"
rc=$?
if [ $rc -eq 3 ] && grep -q ',msec,task-clock,' "$TMPD/c.csv"; then pass command_exit_status
else fail command_exit_status "exit $rc: $(head -c 300 "$TMPD/c.csv" "$TMPD/c.err")"; fi
"$PMUTOP" -b --json -d 5 -e task-clock -- sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done; kill -TERM $$' >"$TMPD/c.json" 2>"$TMPD/c.err"
rc=$?
check command_signal_and_counts python3 -c '
import json, sys
rc = int(sys.argv[2])
assert rc == 128 + 15, f"exit {rc}, want 143 (SIGTERM)"
frames = [json.loads(l) for l in open(sys.argv[1])]
assert len(frames) == 1, f"{len(frames)} frames: the command ended before the first 5 s interval"
p = frames[0]["processes"][0]
assert p["exited"] is True and p["counted"] is True, p
assert p["events"]["task-clock"]["value"] > 1, p   # 30000 loops of a shell take milliseconds
assert frames[0]["interval"] < 5, frames[0]["interval"]' "$TMPD/c.json" "$rc"
"$PMUTOP" -b -x, -e task-clock -- /nonexistent/pmutop-test-command >"$TMPD/n.out" 2>"$TMPD/n.err"
rc=$?
if [ $rc -eq 127 ] && grep -q "cannot run /nonexistent/pmutop-test-command: No such file" "$TMPD/n.err"; then
	pass command_not_found
else fail command_not_found "exit $rc: $(cat "$TMPD/n.err")"; fi

# the command's first interval starts before it runs: a command of one process, however short,
# uses at most one CPU (its task-clock no more than the interval), ten runs
i=0
while [ $i -lt 10 ]; do
	"$PMUTOP" -b -x, -e task-clock -- sh -c 'exit 3' >"$TMPD/u$i.csv" 2>/dev/null
	i=$((i + 1))
done
check command_cpus_utilized python3 -c '
import sys
for p in sys.argv[1:]:
    r = [l.strip().split(",") for l in open(p) if ",task-clock," in l]
    assert len(r) == 1 and r[0][7] == "CPUs utilized", (p, r)
    assert float(r[0][6]) <= 1.0005, f"one process used {r[0][6]} CPUs: {r[0]}"' "$TMPD"/u?.csv

# the command's rows against perf stat -- COMMAND counting the same work at the same time: a shell
# loop of 20000 rounds, one process. Two runs' CPU times differ with the neighbours (on a loaded CI
# machine 20 ms in one run, 26 ms in the other), so each run's task-clock is checked against the
# kernel's own figures for that same run, the shell's run time in /proc/PID/schedstat, read before
# and after its loop by a `cat` it forks (while the shell waits for it, so that the figure is
# brought up to date: a task reading its own sees it as of its last tick). task-clock (counting from
# the exec, the two cats included) is at least the loop's time and at most 10% plus 2 ms above the
# shell's whole run time (which also holds the forked child's time before its exec: a sanitized
# pmutop's is long).
# perf's run is checked the same way, which shows the figures mean what perf's count means.
# Page-faults within 10% plus 3 of perf's (the same program, the same pages); the metric fields
# filled as perf's (CPUs utilized, [KMG]/sec), pmutop's the count over its interval or its
# task-clock. CPUs utilized is not compared with perf's: both divide by the wall time, which on a
# loaded machine is mostly the wait for a CPU.
if perf_user_only; then
	skip command_rows_as_perf "not root: perf falls back to user-space counting at perf_event_paranoid above 1"
elif command -v perf >/dev/null 2>&1; then
	work='s0=$(cat /proc/$$/schedstat); i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done
cat /proc/$$/schedstat >"$0"; echo "$s0" >>"$0"'
	perf stat -x, -e task-clock,page-faults -o "$TMPD/perf_cmd.csv" -- sh -c "$work" "$TMPD/perf_ss" >/dev/null 2>&1 &
	perf_pid=$!
	"$PMUTOP" -b -x, -d 10 -e task-clock,page-faults -- sh -c "$work" "$TMPD/pm_ss" >"$TMPD/pm_cmd.csv" 2>/dev/null
	wait $perf_pid
	check command_rows_as_perf python3 - "$TMPD/perf_cmd.csv" "$TMPD/pm_cmd.csv" "$TMPD/perf_ss" "$TMPD/pm_ss" <<'PY'
import re, sys
def rows(p, skip):
    return {r[skip + 2]: r[skip:] for r in (l.strip().split(",") for l in open(p))
            if len(r) > skip + 2 and not r[0].startswith("#")}
perf, pm = rows(sys.argv[1], 0), rows(sys.argv[2], 1)
assert set(perf) == set(pm) == {"task-clock", "page-faults"}, (perf, pm)
count, unit, event, run, pct, metric, munit = range(7)
for e in pm:
    a, b = pm[e], perf[e]
    print(f"     {e}: pmutop {a[count]} {a[metric]} {a[munit]}, perf {b[count]} {b[metric]} {b[munit]}")
    assert a[unit] == b[unit] and re.sub("^[KMG]", "", a[munit]) == re.sub("^[KMG]", "", b[munit]), (a, b)
    assert a[metric] and b[metric], (a, b)
tc, ptc = float(pm["task-clock"][count]), float(perf["task-clock"][count])
for who, got, ss in (("perf", ptc, sys.argv[3]), ("pmutop", tc, sys.argv[4])):
    end, start = (int(l.split()[0]) for l in open(ss).read().splitlines()[:2])
    run, loop = end / 1e6, (end - start) / 1e6
    print(f"     {who}: task-clock {got} ms, the shell's loop {loop:.2f} ms, its whole run {run:.2f} ms (schedstat)")
    assert loop * 0.999 <= got <= run * 1.1 + 2, f"{who}: task-clock {got} ms, the kernel: loop {loop} ms, run {run} ms"
pf, ppf = int(pm["page-faults"][count]), int(perf["page-faults"][count])
assert abs(pf - ppf) <= 0.1 * max(pf, ppf) + 3, f"page-faults: pmutop {pf}, perf {ppf}"
rate = float(pm["page-faults"][metric]) * {"": 1, "K": 1e3, "M": 1e6}[pm["page-faults"][munit][:-4]]
assert abs(rate - pf / tc * 1000) <= 0.001 * rate + 0.5, f"{rate}/sec, the count over task-clock is {pf / tc * 1000}"
assert 0 < float(pm["task-clock"][metric]) <= 1.0005, pm["task-clock"]
PY
else
	skip command_rows_as_perf "perf is not installed"
fi

# several processes: a row per process, COMM-PID first, as perf stat --per-thread
"$PMUTOP" -b -x, -n 1 -d 0.3 -e task-clock -p "$busy_pid,$$" >"$TMPD/two.csv" 2>"$TMPD/two.err"
check two_processes_rows grep -q "^ *[0-9.]*,sh-$busy_pid,[0-9.]*,msec,task-clock," "$TMPD/two.csv"

# plain text rows, and a hostile command name (an escape sequence set in /proc/self/comm) made printable
python3 -c 'import time; open("/proc/self/comm", "w").write("x\x1b[2Jy"); time.sleep(5)' &
hostile=$!
i=0
while [ $i -lt 50 ] && ! grep -q "^x" "/proc/$hostile/comm" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
"$PMUTOP" -b -n 1 -d 0.3 -e task-clock -p "$busy_pid,$hostile" >"$TMPD/t.txt" 2>/dev/null
"$PMUTOP" -b -x, -n 1 -d 0.3 -e task-clock -p "$busy_pid,$hostile" >"$TMPD/h.csv" 2>/dev/null
kill "$hostile" 2>/dev/null
check text_rows grep -Eq "^ +[0-9.]+ sh-$busy_pid +[0-9.]+ +msec +task-clock" "$TMPD/t.txt"
check hostile_comm_printable sh -c '! grep -q "$(printf "\033")" "$0" "$1" && grep -Fq "x\x1b[2Jy-$2," "$1" && grep -Fq "x\x1b[2Jy-$2 " "$0"' \
	"$TMPD/t.txt" "$TMPD/h.csv" "$hostile"

# a process that exits mid-run: its last counts once, marked exited, then its row is gone, no error
sleep 0.5 &
short=$!
"$PMUTOP" -b --json -n 4 -d 0.3 -e task-clock -p "$short" >"$TMPD/x.json" 2>"$TMPD/x.err"
rc=$?
wait "$short" 2>/dev/null
check exiting_process python3 -c '
import json, sys
rc = int(sys.argv[3])
assert rc == 0, f"exit {rc}"
# a user (perf_event_paranoid above 0) counts the process alone and its user time only, with notes
# saying so, as perf stat -p
err = [l for l in open(sys.argv[2]) if "no hardware PMU" not in l and not l.startswith("pmutop: note: ")]
assert not err, err
frames = [json.loads(l) for l in open(sys.argv[1])]
seen = [[p for p in f["processes"] if p["pid"] == int(sys.argv[4])] for f in frames]
ends = [i for i, s in enumerate(seen) if s and s[0]["exited"]]
assert len(ends) == 1, seen
assert all(s and not s[0]["exited"] and s[0]["counted"] for s in seen[:ends[0]]), seen
assert not any(seen[ends[0] + 1:]), seen' "$TMPD/x.json" "$TMPD/x.err" "$rc" "$short"

# a process that did not run in the interval: <not counted>, as perf stat -p prints it (its counters'
# enabled time did not pass); in JSON counted false and null, the row counted and idle, its CPU 0
sleep 30 &
sleeper=$!
i=0   # asleep (its exec and start-up done) before it is counted
while [ $i -lt 50 ] && ! awk '$2 == "(sleep)" && $3 == "S" { ok = 1 } END { exit !ok }' "/proc/$sleeper/stat"; do
	sleep 0.05; i=$((i + 1))
done
sleep 0.1
"$PMUTOP" -b --json -n 1 -d 0.3 -e task-clock,context-switches -p "$sleeper,$busy_pid" >"$TMPD/i.json" 2>/dev/null
check idle_process_json python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).readline())
ps = {p["pid"]: p for p in f["processes"]}
s, b = ps[int(sys.argv[2])], ps[int(sys.argv[3])]
assert s["counted"] is True and s["idle"] is True and "why" not in s, s
assert all(e["counted"] is False and e["value"] is None for e in s["events"].values()), s
assert s["metrics"] == {"util": 0}, s["metrics"]
assert b["idle"] is False and b["events"]["task-clock"]["counted"] is True, b' "$TMPD/i.json" "$sleeper" "$busy_pid"
if perf_user_only; then
	skip idle_process_rows_as_perf "not root: perf falls back to user-space counting at perf_event_paranoid above 1"
elif command -v perf >/dev/null 2>&1; then
	both "$TMPD/perf_i.csv" "$TMPD/pm_i.csv" -e task-clock,context-switches,page-faults -p "$sleeper" -I 300 --interval-count 1 -x, \
		-- -b -x, -n 1 -d 0.3 -e task-clock,context-switches,page-faults -p "$sleeper"
	same_as_perf idle_process_rows_as_perf "$TMPD/perf_i.csv" "$TMPD/pm_i.csv" -
	check idle_process_not_counted grep -q '^ *[0-9.]*,<not counted>,msec,task-clock,0,100.00,,$' "$TMPD/pm_i.csv"
	# a busy one: counted, CPUs utilized and [KMG]/sec as perf's
	both "$TMPD/perf_b.csv" "$TMPD/pm_b.csv" -e task-clock,context-switches,page-faults -p "$busy_pid" -I 300 --interval-count 1 -x, \
		-- -b -x, -n 1 -d 0.3 -e task-clock,context-switches,page-faults -p "$busy_pid"
	same_as_perf busy_process_rows_as_perf "$TMPD/perf_b.csv" "$TMPD/pm_b.csv" -
else
	skip idle_process_rows_as_perf "perf is not installed"
fi
"$PMUTOP" -b -n 1 -d 0.3 -e task-clock -p "$sleeper" >"$TMPD/i.txt" 2>/dev/null
check idle_process_text grep -Eq "^ +[0-9.]+ sleep-$sleeper +<not counted> +msec +task-clock$" "$TMPD/i.txt"
kill "$sleeper" 2>/dev/null

# another user's process: refused and said, never shown as idle; one's own counted without privileges
# (where counting every CPU is refused, the processes alone, as perf stat -p)
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	chmod 711 "$TMPD"
	mkdir "$TMPD/u" && chmod 777 "$TMPD/u"
	HOME=$TMPD/u setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '
		sh -c "while :; do :; done" & b=$!
		"$0" -b --json -n 2 -d 0.3 -e task-clock,context-switches -p "$b,1" >"$1/u.json" 2>"$1/u.err"
		echo $? >"$1/u.rc"; echo $b >"$1/u.pid"; kill $b' "$PMUTOP" "$TMPD/u"
	check other_user_refused python3 -c '
import json, sys
d = sys.argv[1]
rc, own = int(open(d + "/u.rc").read()), int(open(d + "/u.pid").read())
err = open(d + "/u.err").read()
assert rc == 0, (rc, err)
assert "cannot count task 1" in err and "ptrace" in err, err
for f in (json.loads(l) for l in open(d + "/u.json")):
    ps = {p["pid"]: p for p in f["processes"]}
    assert ps[1]["counted"] is False and "perf_event_paranoid" in ps[1]["why"], ps[1]
    assert all(not e["counted"] for e in ps[1]["events"].values()), ps[1]   # not counted, never 0
    assert ps[own]["counted"] and ps[own]["events"]["task-clock"]["value"] > 0, ps[own]' "$TMPD/u"
	# refused rows as perf shows a counter the kernel refused, <not supported> (the reason on stderr
	# and in the text rows' note), never as a sleeping one's <not counted>; and their CPU% from /proc:
	# root's busy loop, refused, against its utime + stime over the run (the kernel's books, read
	# before and after: pmutop's sum lies inside, less the wall time its intervals did not cover)
	ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
	k0=$(ticks "$busy_pid"); w0=$(now)
	HOME=$TMPD/u setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '
		"$0" -b -x, -n 1 -d 0.3 -e task-clock,page-faults -p "$$,$2" >"$1/r.csv" 2>"$1/r.err"
		"$0" -b -n 1 -d 0.3 -e task-clock -p "$$,$2" >"$1/r.txt" 2>/dev/null
		"$0" -b --json -n 3 -d 0.3 -e task-clock -p "$$,$2" >"$1/r.json" 2>/dev/null' "$PMUTOP" "$TMPD/u" "$busy_pid"
	k1=$(ticks "$busy_pid"); w1=$(now)
	check refused_as_perf python3 -c '
import re, sys
d, pid = sys.argv[1], sys.argv[2]
rows = [l.strip().split(",") for l in open(d + "/r.csv")]
mine = [r for r in rows if r[1] == f"sh-{pid}"]
assert len(mine) == 2 and all(r[2:] == ["<not supported>", r[3], r[4], "0", "100.00", "", ""] for r in mine), rows
others = [r for r in rows if r[1] != f"sh-{pid}"]
assert len(others) == 2 and all(r[2] != "<not supported>" for r in others), rows
err = open(d + "/r.err").read()
assert f"cannot count task {pid}: permission denied" in err, err
txt = open(d + "/r.txt").read()
assert re.search(rf"sh-{pid} +<not supported> +msec +task-clock +# not counted: cannot count task {pid}: permission denied", txt), txt' \
		"$TMPD/u" "$busy_pid"
	check refused_cpu_from_proc python3 -c '
import json, sys
d, pid, k0, k1, w0, w1 = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:7])
hz = float(sys.argv[7])
frames = [json.loads(l) for l in open(d + "/r.json")]
assert len(frames) == 3, frames
used = covered = 0
for f in frames:
    p = [p for p in f["processes"] if p["pid"] == pid][0]
    assert p["counted"] is False and isinstance(p["metrics"]["util"], (int, float)), p
    used += p["metrics"]["util"] * f["interval"] / 100
    covered += f["interval"]
oracle, wall = (k1 - k0) / hz, w1 - w0
print(f"     refused: {used:.3f} s by /proc in pmutop, {oracle:.3f} s by the kernel over {wall:.2f} s")
assert used > 0, "no CPU time for a busy loop"
assert oracle - (wall - covered) - 2 / hz <= used <= oracle + 2 / hz, (used, oracle, wall, covered)' \
		"$TMPD/u" "$busy_pid" "$k0" "$k1" "$w0" "$w1" "$(getconf CLK_TCK)"
else
	skip other_user_refused "needs root and setpriv to run as another user"
fi

# targets that are not there, or not targets
"$PMUTOP" -b -n 1 -p 12x >/dev/null 2>"$TMPD/e1"; rc1=$?
"$PMUTOP" -b -n 1 -p 4194304 >/dev/null 2>"$TMPD/e2"; rc2=$?
"$PMUTOP" -b -n 1 -G pmutop-no-such-cgroup >/dev/null 2>"$TMPD/e3"; rc3=$?
"$PMUTOP" -b -n 1 stray >/dev/null 2>"$TMPD/e4"; rc4=$?
check bad_targets sh -c '[ $0 -eq 2 ] && grep -q "not a list of process IDs" "$3" &&
	[ $1 -eq 2 ] && grep -q "no such process" "$4" &&
	[ $2 -eq 2 ] && grep -q "goes after --" "$5"' "$rc1" "$rc2" "$rc4" "$TMPD/e1" "$TMPD/e2" "$TMPD/e4"
# -G counts the cgroup on every CPU, which it opens first: a user refused the CPUs never gets to the name
if live_refused; then skip bad_cgroup "$LIVE_WHY"
else check bad_cgroup sh -c '[ $0 -eq 2 ] && grep -q "no such cgroup" "$1"' "$rc3" "$TMPD/e3"; fi

# a cgroup made here (cgroup v2, found as perf finds it), the busy task moved in
mnt=$(awk '{ for (i = 1; i < NF; i++) if ($i == "-") { if ($(i + 1) == "cgroup2") { print $5; exit } break } }' /proc/self/mountinfo)
if [ -z "$mnt" ]; then
	skip cgroup "no cgroup2 file system mounted"
elif ! mkdir "$mnt/pmutop-test-$$" 2>/dev/null; then
	skip cgroup "cannot make a cgroup under $mnt (not root?)"
else
	cg_dir="$mnt/pmutop-test-$$"
	usage() { awk '$1 == "usage_usec" { print $2 / 1000 }' "$cg_dir/cpu.stat"; }
	echo "$busy_pid" >"$cg_dir/cgroup.procs"
	w0=$(now); o0=$(usage)
	"$PMUTOP" -b --json -n 3 -d 0.5 -G "pmutop-test-$$" -e task-clock,context-switches >"$TMPD/g.json" 2>"$TMPD/g.err"
	rc=$?; o1=$(usage); w1=$(now)
	if [ $rc -ne 0 ]; then fail cgroup_task_clock "exit $rc: $(head -c 300 "$TMPD/g.err")"
	else check_busy cgroup_task_clock "$TMPD/g.json" "$o0" "$o1" "$w0" "$w1" path "/pmutop-test-$$"; fi
	"$PMUTOP" -b --json -n 1 -d 0.3 -p "$busy_pid" -G "$cg_dir" -e task-clock >"$TMPD/g2.json" 2>/dev/null
	check cgroup_absolute_and_process_cgroup python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).readline())
assert [c["path"] for c in f["cgroups"]] == [sys.argv[2]], f["cgroups"]
assert f["processes"][0]["cgroup"] == sys.argv[2], f["processes"]' "$TMPD/g2.json" "/pmutop-test-$$"
	# -x rows as perf stat -a -G writes them, the cgroup as it was named: from the mount, absolute
	# (from the mount's root), and nested, that one empty (<not counted>: it did not run)
	if command -v perf >/dev/null 2>&1 && mkdir "$cg_dir/sub"; then
		for how in relative absolute nested_idle; do
			case $how in
			relative) name="pmutop-test-$$" ;;
			absolute) name="/pmutop-test-$$" ;;
			nested_idle) name="pmutop-test-$$/sub" ;;
			esac
			u0=$(usage)
			both "$TMPD/perf_g.csv" "$TMPD/pm_g.csv" -a -e task-clock,context-switches -G "$name" -I 300 --interval-count 1 -x, \
				-- -b -x, -n 1 -d 0.3 -e task-clock,context-switches -G "$name"
			u1=$(usage)
			[ $how = nested_idle ] && u0=0 u1=0   # sub is empty: nothing runs there
			same_as_perf "cgroup_rows_as_perf_$how" "$TMPD/perf_g.csv" "$TMPD/pm_g.csv" "$name" \
				"$(echo "$u1 - $u0" | bc -l)"
		done
		check cgroup_idle_not_counted grep -q ',<not counted>,msec,task-clock,pmutop-test-[0-9]*/sub,0,' "$TMPD/pm_g.csv"
		"$PMUTOP" -b --json -n 1 -d 0.3 -e task-clock -G "pmutop-test-$$/sub,/pmutop-test-$$" >"$TMPD/g3.json" 2>/dev/null
		check cgroup_json_name_and_idle python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).readline())
sub, top = f["cgroups"]
assert (sub["path"], sub["name"]) == ("/" + sys.argv[2] + "/sub", sys.argv[2] + "/sub"), sub
assert (top["path"], top["name"]) == ("/" + sys.argv[2], "/" + sys.argv[2]), top
assert sub["idle"] is True and sub["counted"] is True and sub["metrics"]["util"] == 0, sub
assert sub["events"]["task-clock"]["counted"] is False and sub["events"]["task-clock"]["value"] is None, sub
tc = top["events"]["task-clock"]
# it ran (cpu.stat): counted, or its events enabled and never on a counter (a loaded machine)
assert top["idle"] is False and top["metrics"]["util"] > 0, top
assert (tc["value"] or 0) > 0 or (tc["counted"] is False and tc["running_ns"] == 0 < tc["enabled_ns"]), top' \
			"$TMPD/g3.json" "pmutop-test-$$"
		rmdir "$cg_dir/sub"
	else
		skip cgroup_rows_as_perf "perf is not installed"
	fi
fi
t_done
