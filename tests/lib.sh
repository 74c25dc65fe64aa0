# SPDX-License-Identifier: GPL-2.0-or-later
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
