# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# lib.sh: helpers for shell tests. Source it; use pass/fail/skip and check_* helpers.
# Each test prints "PASS name" / "FAIL name: why" / "SKIP name: why"; tests/run.sh counts them.
: "${PMUTOP:=$(cd "$(dirname "$0")/../.." && pwd)/pmutop}"
REALDATA=${PMUTOP_REALDATA:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/realdata}
T_NAME=$(basename "$0" .sh)
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT
T_FAILS=0
pass() { echo "PASS $T_NAME:$1"; }
fail() { echo "FAIL $T_NAME:$1: $2"; T_FAILS=$((T_FAILS + 1)); }
skip() { echo "SKIP $T_NAME:$1: $2"; }
# check NAME CMD...: pass when CMD succeeds
check() { n=$1; shift; if "$@" >"$TMPD/check.out" 2>&1; then pass "$n"; else fail "$n" "$(head -c 400 "$TMPD/check.out" | tr '\n' ' ')"; fi; }
t_done() { [ "$T_FAILS" -eq 0 ]; }
# A skip is for an outside fact (a tool not installed, not root, no real data, the kernel refusing
# perf); pmutop itself failing is a failure, also when it fails a precondition of the whole script.
# need NAME CMD...: pmutop must do CMD (exist, run --sim, accept an option) for the rest to mean
# anything: when it does not, FAIL NAME with CMD's output and stop the script.
need() {
	n=$1; shift
	"$@" >"$TMPD/need.out" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ]; then
		fail "$n" "exit $rc from $*: $(head -c 300 "$TMPD/need.out" | tr '\n' ' ')"
		exit 1
	fi
}
# perf_under_test: say which perf a test that asks perf ran (its answers are checked, not remembered)
perf_under_test() {
	command -v perf >/dev/null 2>&1 && echo "     perf under test: $(perf version 2>&1 | head -n 1)"
	return 0
}
# need_binary: the binary under test exists (make test builds it first).
need_binary() { [ -x "$PMUTOP" ] || { fail binary "no pmutop binary at $PMUTOP"; exit 1; }; }
# refused FILE: pmutop's stderr in FILE says the kernel refused to count (EACCES/EPERM name
# perf_event_paranoid), or this kernel has no perf events at all: an outside fact.
refused() { grep -q perf_event_paranoid "$1" || [ ! -e /proc/sys/kernel/perf_event_paranoid ]; }
# live_refused: this user may not count system-wide here (not root, no CAP_PERFMON, perf_event_paranoid
# above 0: how make check runs in a package build). An outside fact: tests of live counting skip with
# LIVE_WHY. As root it is never so, and pmutop failing to count is then the failure it is.
live_refused() {
	[ "$(id -u)" = 0 ] && return 1
	"$PMUTOP" -b -n 1 -d 0.01 -e cpu-clock -o /dev/null 2>"$TMPD/live_refused.err" && return 1
	grep -q 'permission denied' "$TMPD/live_refused.err" && refused "$TMPD/live_refused.err" || return 1
	LIVE_WHY="not root and the kernel refuses this user system-wide counting (perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo unknown))"
	return 0
}
# perf_user_only: perf run by this user counts user space only (not root, perf_event_paranoid above
# 1: perf retries a refused open with exclude_kernel, so its figures and attributes are not the ones
# asked for): tests comparing with perf skip.
perf_user_only() {
	[ "$(id -u)" != 0 ] && [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)" -gt 1 ]
}
# pfm_has TABLE::EVENT: the installed libpfm4, asked directly (not through pmutop), has that table
# and event: which tables it has is an outside fact (the distribution's libpfm4 version).
pfm_has() {
	LIBPFM_FORCE_PMU=${1%%::*} python3 -c '
import ctypes, sys
l = ctypes.CDLL("libpfm.so.4")
sys.exit(0 if l.pfm_initialize() == 0 and l.pfm_find_event(sys.argv[1].encode()) >= 0 else 1)' "$1" 2>/dev/null
}
