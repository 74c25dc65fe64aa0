#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# run.sh: run every unit test binary and every shell test, then print "N passed, M failed".
# Environment: PMUTOP (binary under test), TEST_BIN_DIR (unit test binaries), ONLY (glob filter),
# PMUTOP_KERNEL=no (leave out test-kernel, which runs where qemu-system-aarch64 is installed),
# PMUTOP_TOOLS (where make test-deps unpacked promtool and prometheus), PMUTOP_CHECK=1 (make check:
# a package build, with nothing outside its Build-Depends; tests skip what needs root, the network,
# QEMU or Prometheus, and that cache is not looked at).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
: "${PMUTOP:=$root/pmutop}"
: "${TEST_BIN_DIR:=$root/build/tests}"
export PMUTOP
# promtool and prometheus unpacked by `make test-deps` (scripts/deps.sh), after what PATH has
tools=${PMUTOP_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/pmutop/tools}
[ -z "${PMUTOP_CHECK:-}" ] && [ -d "$tools/usr/bin" ] && PATH="$PATH:$tools/usr/bin" && export PATH
log=$(mktemp "${TMPDIR:-/tmp}/pmutop-run.XXXXXX")
# pmutop's settings: an empty folder of the run's, neither read from nor written to the user's (a
# saved start view or layout there would change what every test sees); a test that tries the user's
# own paths sets XDG_CONFIG_HOME or HOME itself. Anything written here is a test's keys gone astray.
cfg=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-run-config.XXXXXX")
chmod 755 "$cfg"   # a test's other user (nobody) finds no file there, rather than a refusal
XDG_CONFIG_HOME=$cfg
export XDG_CONFIG_HOME
trap 'rm -f "$log"; rm -rf "$cfg"' EXIT
status=0
run_one() {
	# $1 = label, rest = command
	label=$1; shift
	out=$("$@" 2>&1); rc=$?
	if [ -n "$(ls -A "$cfg")" ]; then
		out="$out
FAIL $label: wrote settings no check asked for (the user's config, outside the tests): $(find "$cfg" -type f | head -n 3 | tr '\n' ' ')"
		rm -rf "${cfg:?}"/*
	fi
	printf '%s\n' "$out" | grep -E '^(PASS|FAIL|SKIP) ' >>"$log"
	printf '%s\n' "$out" | grep -E '^(FAIL|SKIP) |^     '
	npass=$(printf '%s\n' "$out" | grep -c '^PASS ')
	nfail=$(printf '%s\n' "$out" | grep -c '^FAIL ')
	if [ "$rc" -ne 0 ] && [ "$nfail" -eq 0 ]; then
		echo "FAIL $label: exited $rc without a FAIL line" | tee -a "$log"
		printf '%s\n' "$out" | tail -n 15
	fi
	echo "  $label: $npass passed, $nfail failed"
}
for t in "$TEST_BIN_DIR"/test_*; do
	[ -x "$t" ] || continue
	case "$(basename "$t")" in ${ONLY:-*}) ;; *) continue;; esac
	(cd "$root" && run_one "$(basename "$t")" "$t")
done
for t in "$here"/cli/*.sh "$here"/tui/*.sh; do
	[ -f "$t" ] || continue
	case "$(basename "$t")" in *lib.sh) continue;; esac   # helpers sourced by tests
	case "$(basename "$t")" in ${ONLY:-*}) ;; *) continue;; esac
	(cd "$root" && run_one "$(basename "$t")" sh "$t")
done
# pmutop against the kernel's real PMU driver on an emulated arm64 machine (tests/kernel, docs/kernel-pmu.md):
# where QEMU is installed (.ci/run installs it; make test-kernel installs it anywhere)
# When it cannot run, a SKIP line says why (the summary counts it), never silence.
case test-kernel in ${ONLY:-*})
	if [ "${PMUTOP_KERNEL:-}" = no ]; then
		echo "SKIP test-kernel: ${PMUTOP_KERNEL_WHY:-PMUTOP_KERNEL=no (left out on request; make test-kernel runs it)}" | tee -a "$log"
	elif ! command -v qemu-system-aarch64 >/dev/null 2>&1; then
		echo "SKIP test-kernel: qemu-system-aarch64 is not installed (make test-kernel installs it," \
			"or apt-get install qemu-system-arm gcc-aarch64-linux-gnu libc6-dev-arm64-cross)" | tee -a "$log"
	else
		(cd "$root" && run_one test-kernel sh "$here/kernel/run.sh")
	fi ;;
esac
passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
skipped=$(grep -c '^SKIP ' "$log")
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
