# SPDX-License-Identifier: GPL-2.0-or-later
# workload_live.sh: issue 28 on this machine's real kernel: a busy process under -p, a command under
# -- (its exit status passed on), a cgroup made here under -G, a process that exits mid-run, and the
# -x rows laid out as perf stat -p/-G lays them out. The oracles are the kernel's own books: the
# task's run time in /proc/PID/schedstat and the cgroup's usage_usec in cpu.stat.
. "$(dirname "$0")/../lib.sh"
need_binary

busy_pid=
cg_dir=
cleanup() {
	[ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null && wait "$busy_pid" 2>/dev/null
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
check_busy() {   # name json_file oracle_before oracle_after wall_before wall_after key value
	check "$1" python3 - "$2" "$3" "$4" "$5" "$6" "$7" "$8" <<'PY'
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
assert tc_sum <= oracle + 1, f"counted {tc_sum} ms, the task ran {oracle} ms"
assert oracle - tc_sum <= wall - covered + 1, f"missed {oracle - tc_sum} ms of the task in {wall - covered} ms not covered"
share = oracle / wall
if share >= 0.95:
    for f in frames:
        r = [r for r in f["processes" if key == "pid" else "cgroups"] if str(r[key]) == want][0]
        per_s = r["events"]["task-clock"]["value"] / f["interval"]
        assert abs(per_s - 1000) <= 150, f"{per_s:.0f} ms per second in an interval"
else:
    print(f"     the task got {share:.0%} of a CPU (loaded machine): the 1000 ms per second check is left out")
PY
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

# the layout of the rows against perf stat's own (time, value, unit, event, ...)
if command -v perf >/dev/null 2>&1; then
	perf stat -I 300 -x, -e task-clock -o "$TMPD/perf_cmd.csv" -- sleep 0.4 >/dev/null 2>&1
	"$PMUTOP" -b -x, -d 0.3 -e task-clock -- sleep 0.4 >"$TMPD/pm_cmd.csv" 2>/dev/null
	check command_rows_as_perf python3 - "$TMPD/perf_cmd.csv" "$TMPD/pm_cmd.csv" <<'PY'
import sys
def rows(p):
    return [l.strip().split(",") for l in open(p) if l.strip() and not l.startswith("#")]
perf, pm = rows(sys.argv[1]), rows(sys.argv[2])
assert perf and pm, (perf, pm)
assert len(pm[0]) == len(perf[0]), f"pmutop {pm[0]} perf {perf[0]}"
assert [r[2:4] for r in pm] == [["msec", "task-clock"]] * len(pm), pm
assert pm[0][7] == perf[0][7] == "CPUs utilized", (pm[0], perf[0])
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
err = [l for l in open(sys.argv[2]) if "no hardware PMU" not in l]
assert not err, err
frames = [json.loads(l) for l in open(sys.argv[1])]
seen = [[p for p in f["processes"] if p["pid"] == int(sys.argv[4])] for f in frames]
ends = [i for i, s in enumerate(seen) if s and s[0]["exited"]]
assert len(ends) == 1, seen
assert all(s and not s[0]["exited"] and s[0]["counted"] for s in seen[:ends[0]]), seen
assert not any(seen[ends[0] + 1:]), seen' "$TMPD/x.json" "$TMPD/x.err" "$rc" "$short"

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
else
	skip other_user_refused "needs root and setpriv to run as another user"
fi

# targets that are not there, or not targets
"$PMUTOP" -b -n 1 -p 12x >/dev/null 2>"$TMPD/e1"; rc1=$?
"$PMUTOP" -b -n 1 -p 4194304 >/dev/null 2>"$TMPD/e2"; rc2=$?
"$PMUTOP" -b -n 1 -G pmutop-no-such-cgroup >/dev/null 2>"$TMPD/e3"; rc3=$?
"$PMUTOP" -b -n 1 stray >/dev/null 2>"$TMPD/e4"; rc4=$?
check bad_targets sh -c '[ $0 -eq 2 ] && grep -q "not a list of process IDs" "$4" &&
	[ $1 -eq 2 ] && grep -q "no such process" "$5" &&
	[ $2 -eq 2 ] && grep -q "no such cgroup" "$6" &&
	[ $3 -eq 2 ] && grep -q "goes after --" "$7"' "$rc1" "$rc2" "$rc3" "$rc4" "$TMPD/e1" "$TMPD/e2" "$TMPD/e3" "$TMPD/e4"

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
	if command -v perf >/dev/null 2>&1; then
		perf stat -a -e task-clock,context-switches -G "pmutop-test-$$" -I 300 -x, -o "$TMPD/perf_g.csv" sleep 0.4 >/dev/null 2>&1
		"$PMUTOP" -b -x, -n 1 -d 0.3 -e task-clock,context-switches -G "pmutop-test-$$" >"$TMPD/pm_g.csv" 2>/dev/null
		check cgroup_rows_as_perf python3 - "$TMPD/perf_g.csv" "$TMPD/pm_g.csv" <<'PY'
import sys
def rows(p):
    return [l.strip().split(",") for l in open(p) if l.strip() and not l.startswith("#")]
perf, pm = rows(sys.argv[1]), rows(sys.argv[2])
assert perf and len(pm) == 2, (perf, pm)
for a, b in zip(pm, perf):
    assert len(a) == len(b), f"pmutop {a} perf {b}"
    assert a[2:4] == b[2:4], (a, b)                   # unit, event
    assert a[4].lstrip("/") == b[4].lstrip("/"), (a, b)   # the cgroup
PY
	else
		skip cgroup_rows_as_perf "perf is not installed"
	fi
fi
t_done
