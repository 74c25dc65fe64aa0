#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# explain_events.sh: `pmutop -e LIST --explain-events --json` against perf's own attributes and golden values:
# type and config words, and every perf_event_attr field pmutop sets (exclude_*, precise_ip, pinned, exclusive)
# on perf's own modifier forms (tests/cli/explain_vs_perf.py).
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KRAVA=$ROOT/tests/fixtures/sysfs/krava

# Print "type config config1 config2 count" of the first object of a JSON array on stdin.
json_attr() {
	python3 -c '
import json, sys
a = json.load(sys.stdin)
e = a[0]
print(e["type"], int(e["config"], 16), int(e["config1"], 16), int(e["config2"], 16), len(a))'
}

# Print "type config" from `perf stat -vv` (perf leaves out fields that are 0).
perf_attr() {
	pa=$(perf stat -vv -e "$1" true 2>&1 | awk '
		/^perf_event_attr:/ { n++ }
		n == 1 && $1 == "type" { t = $2 }
		n == 1 && $1 == "config" { c = $2 }
		END { if (!n) exit 1; print (t == "" ? 0 : t), (c == "" ? 0 : c) }') || return 1
	set -- $pa
	echo "$1 $(printf %d "$2")"
}

need_binary
perf_under_test
need explain_runs "$PMUTOP" --sysfs "$KRAVA" -e dummy --explain-events --json

# perf's own fake PMU: golden values from tools/perf/tests/pmu.c
for ev in perf-pmu-test/test-event/ \
	perf-pmu-test/krava01=15,krava02=170,krava03=1,krava11=27,krava12=1,krava13=2,krava21=119,krava22=11,krava23=2/; do
	got=$("$PMUTOP" --sysfs "$KRAVA" -e "$ev" --explain-events --json 2>"$TMPD/err" | json_attr 2>&1)
	# shell arithmetic wraps 64-bit values to negative: python writes the golden values
	want=$(python3 -c 'print(9999, 0xc00000000002a823, 0x8000400000000145, 0x0400000020041d07, 1)')
	if [ "$got" = "$want" ]; then
		pass "krava:$ev"
	else
		fail "krava:$ev" "got '$got' want '$want' $(head -c 200 "$TMPD/err")"
	fi
done

# An event without a CPU list of its own is listed on every online CPU of the tree.
"$PMUTOP" --sysfs "$KRAVA" -e perf-pmu-test/test-event/ --explain-events --json >"$TMPD/json" 2>"$TMPD/err"
cpus=$(python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["cpus"])' <"$TMPD/json" 2>&1)
if [ "$cpus" = "[0, 1, 2, 3]" ]; then
	pass krava_cpus
else
	fail krava_cpus "cpus $cpus, want [0, 1, 2, 3] (the fixture's devices/system/cpu/online)"
fi

# A parse error names the column (1-based), with exit status 2.
"$PMUTOP" --sysfs "$KRAVA" -e 'dummy,,cs' --explain-events >"$TMPD/out" 2>"$TMPD/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "column 7" "$TMPD/err" && grep -q '\^' "$TMPD/err"; then
	pass parse_error_position
else
	fail parse_error_position "exit $rc, stderr: $(head -c 300 "$TMPD/err")"
fi

# Software events (they count on this VM) against `perf stat -vv`; hardware and
# cache names too, which perf prints even where they are not supported.
if ! command -v perf >/dev/null 2>&1 || ! perf stat -vv -e cs true >/dev/null 2>&1; then
	skip perf_oracle "perf is missing or cannot run here"
	t_done
	exit $?
fi
# a user at perf_event_paranoid 2 or more: perf retries a refused open with exclude_kernel and
# exclude_hv set and prints both attributes, so its output is not the attributes asked for
para=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)
if [ "$(id -u)" != 0 ] && [ "$para" -gt 1 ]; then
	skip perf_oracle "not root and perf_event_paranoid is $para: perf falls back to user-only counting"
	t_done
	exit $?
fi
for ev in cpu-clock task-clock page-faults faults context-switches cs cpu-migrations migrations \
	minor-faults major-faults alignment-faults emulation-faults dummy bpf-output cgroup-switches \
	cycles instructions cache-misses branch-misses ref-cycles L1-dcache-load-misses LLC-loads \
	dTLB-store-misses iTLB-load-misses branch-loads node-prefetches; do
	want=$(perf_attr "$ev") || { skip "perf:$ev" "perf printed no perf_event_attr"; continue; }
	if ! "$PMUTOP" -e "$ev" --explain-events --json >"$TMPD/json" 2>"$TMPD/err"; then
		fail "perf:$ev" "pmutop failed: $(head -c 200 "$TMPD/err")"
		continue
	fi
	set -- $(json_attr <"$TMPD/json")
	if [ "${5:-0}" -gt 1 ] && [ -d /sys/bus/event_source/devices/cpu_core ]; then
		# hybrid hosts expand hardware events per core PMU; perf does too, differently ordered
		skip "perf:$ev" "pmutop gave $5 events on this hybrid host"
		continue
	fi
	if [ "${5:-0}" != 1 ]; then
		fail "perf:$ev" "pmutop gave ${5:-no} events: $(head -c 200 "$TMPD/json")"
		continue
	fi
	if [ "$1 $2" = "$want" ]; then
		pass "perf:$ev"
	else
		fail "perf:$ev" "pmutop '$1 $2' perf '$want' $(head -c 200 "$TMPD/err")"
	fi
done

# Every attribute field, on perf's modifier forms: software events open here for real, hardware ones
# are printed by perf before their open fails.
# attrs FORMS-FILE [SIM TREE]: one PASS/FAIL line per form from explain_vs_perf.py
attrs() {
	python3 "$ROOT/tests/cli/explain_vs_perf.py" "$PMUTOP" "$@" >"$TMPD/attrs" 2>&1
	while IFS= read -r line; do
		case $line in
		"PASS "*) pass "attr:${line#PASS }" ;;
		"FAIL "*) line=${line#FAIL }; fail "attr:${line%%: *}" "${line#*: }" ;;
		compared*) n=${line#compared }; [ "${n%% *}" -gt 0 ] || fail attr_forms "$line" ;;
		*) fail attr_helper "$line" ;;
		esac
	done <"$TMPD/attrs"
}
cat >"$TMPD/forms" <<'EOF'
task-clock:u
cpu-clock:k
cpu-clock:h
cs:uk
page-faults:G
page-faults:H
task-clock:GH
task-clock:uG
task-clock:I
task-clock:D
task-clock:e
cpu-clock:p
cpu-clock:P
{task-clock,page-faults}:e
{task-clock,cpu-clock}:D
{cpu-clock:u,task-clock}:k
{cs,cpu-migrations}:uG
{cpu-clock:k,task-clock:H}:p
cycles
cycles:u
cycles:k
cycles:h
cycles:G
cycles:H
cycles:p
cycles:pp
cycles:ppp
cycles:P
cycles:I
cycles:D
cycles:S
cycles:upp
instructions:uk
ref-cycles:ku
branch-misses:kp
L1-dcache-load-misses:u
{cycles,instructions}:u
EOF
attrs "$TMPD/forms"

# PMU syntax needs the PMU: perf reads a simulated Sapphire Rapids bind-mounted over /sys
TREE=$TMPD/spr-2s
"$PMUTOP" --sim spr-2s --sim-tree "$TREE" >/dev/null 2>&1 || { fail tree "cannot write the simulated tree"; t_done; exit; }
if ! command -v unshare >/dev/null 2>&1 || ! unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' \
	/sys/bus/event_source/devices" >/dev/null 2>&1; then
	skip attr_pmu_forms "cannot bind-mount in a private mount namespace here (needs root and unshare -m)"
	t_done
	exit $?
fi
cat >"$TMPD/forms" <<'EOF'
cpu/event=0x3c/
cpu/event=0x3c/u
cpu/event=0xc0,umask=0x1/kpp
cpu/event=0x3c/H
cpu/event=0x3c/GI
r3c:G
r1a8:up
{cpu/event=0x3c/,cpu/event=0xc0/}:e
uncore_imc_0/cas_count_read/
power/energy-pkg/
EOF
attrs "$TMPD/forms" spr-2s "$TREE"
# the events as arguments (issue 36): `--explain-events cycles` says what `-e cycles --explain-events`
# says; each argument is one more -e, after those of -e
"$PMUTOP" --sim spr-2s -e cycles --explain-events >"$TMPD/x_e" 2>&1
"$PMUTOP" --sim spr-2s --explain-events cycles >"$TMPD/x_arg" 2>&1; rc=$?
check explain_argument sh -c '[ "$0" -eq 0 ] && grep -q "^cycles: " "$1" && cmp -s "$1" "$2"' "$rc" "$TMPD/x_arg" "$TMPD/x_e"
"$PMUTOP" --sim spr-2s -e instructions --explain-events --json cycles task-clock,branches >"$TMPD/x_args" 2>&1; rc=$?
check explain_arguments_as_e python3 -c '
import json, sys
a = json.load(open(sys.argv[2]))
assert sys.argv[1] == "0", sys.argv[1]
assert [e["name"] for e in a] == ["instructions", "cycles", "task-clock", "branches"], [e["name"] for e in a]' "$rc" "$TMPD/x_args"
t_done
