#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# run_summary.sh: tests/run.sh never leaves a test out in silence: the kernel test, when it cannot
# run (no QEMU) or is left out (PMUTOP_KERNEL=no), prints "SKIP test-kernel: <why>" and the summary
# line counts it.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$TMPD/empty" "$TMPD/bin"

# left out on request
PMUTOP_KERNEL=no PMUTOP_KERNEL_WHY= ONLY=test-kernel TEST_BIN_DIR="$TMPD/empty" sh "$ROOT/tests/run.sh" >"$TMPD/out1" 2>&1
if grep -q '^SKIP test-kernel: PMUTOP_KERNEL=no' "$TMPD/out1" && tail -n 1 "$TMPD/out1" | grep -qx '0 passed, 0 failed, 1 skipped'; then
	pass left_out_said
else
	fail left_out_said "$(tr '\n' '|' <"$TMPD/out1")"
fi

# no QEMU: a PATH holding only the tools run.sh itself uses
for t in sh dirname basename mktemp rm grep tee cat; do
	p=$(command -v "$t") && ln -s "$p" "$TMPD/bin/$t"
done
PATH="$TMPD/bin" ONLY=test-kernel TEST_BIN_DIR="$TMPD/empty" PMUTOP_KERNEL= "$TMPD/bin/sh" "$ROOT/tests/run.sh" \
	>"$TMPD/out2" 2>&1
if grep -q '^SKIP test-kernel: qemu-system-aarch64 is not installed' "$TMPD/out2" &&
	tail -n 1 "$TMPD/out2" | grep -qx '0 passed, 0 failed, 1 skipped'; then
	pass no_qemu_said
else
	fail no_qemu_said "$(tr '\n' '|' <"$TMPD/out2")"
fi
t_done
