#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# run.sh: `make test-kernel`: pmutop against a real kernel PMU driver. Boots Debian's arm64 kernel
# under QEMU's arm64 emulation (its PMUv3 is driven by the kernel's armv8_pmuv3 driver), runs
# tests/kernel/guest.sh there, drives the TUI through tmux over the serial console, and judges the
# output with check.py. Prints PASS/FAIL lines, "N passed, M failed" and how long it took.
# Usage: sh tests/kernel/run.sh [--shell]   (--shell: boot to a shell on this terminal, no tests)
# Environment: PMUTOP (the host binary, for the simulated machine's answers), PMUTOP_KERNEL_CACHE,
# PMUTOP_KERNEL_KEEP=DIR (keep the serial logs there when something fails), PMUTOP_KERNEL_START
# (the time set-up began, from make test-kernel).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${PMUTOP:=$root/pmutop}"
start=${PMUTOP_KERNEL_START:-$(date +%s)}   # make test-kernel's start: its set-up counts too
cd "$root" || exit 1
stop() { echo "FAIL kernel:setup: $1"; echo "0 passed, 1 failed"; exit 1; }
for t in qemu-system-aarch64 aarch64-linux-gnu-gcc python3 tmux; do
	command -v $t >/dev/null 2>&1 || stop "$t is missing (sh scripts/deps.sh kernel installs what this test needs)"
done
[ -x "$PMUTOP" ] || stop "no host binary at $PMUTOP (make)"
cache=$(sh "$here/setup.sh") || stop "the arm64 packages could not be fetched"
sh "$here/cross.sh" >/dev/null || stop "make cross-arm64 failed"
W=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-kernel.XXXXXX")
TM="pmutop-kernel-$$"
tm() { tmux -L "$TM" "$@"; }
trap 'tmux -L "$TM" kill-server 2>/dev/null; rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TM"; rm -rf "$W"' EXIT
trap 'exit 130' INT TERM
sh "$here/initramfs.sh" "$cache" "$W/initramfs.cpio.gz" || stop "could not build the guest's initramfs"
setup_s=$(($(date +%s) - start))
out="$W/results"
: >"$out"
pass() { echo "PASS kernel:$1" >>"$out"; }
fail() { echo "FAIL kernel:$1: $2" >>"$out"; }

# -cpu max emulates PMUv3 (pauth-impdef: QEMU's cheap pointer authentication, much faster than the
# architected one); -nic none: no network device, so no option ROM to look for; the kernel is a raw
# Image and needs no firmware. Serial console only. The time limit only ends a hung guest (in the
# foreground: QEMU reads the pane's terminal, which a background process group may not): the
# checks look at counts of the virtual clock, not at how long anything took.
printf '%s\n' "exec timeout --foreground \${QEMU_LIMIT:-300} qemu-system-aarch64 -M virt \\" \
	"	-cpu max,pauth-impdef=on -smp 2 -m 512 -nic none -display none -monitor none \\" \
	"	-kernel '$cache/vmlinuz' -initrd '$W/initramfs.cpio.gz' \"\$@\"" >"$W/qemu.sh"
if [ "${1:-}" = --shell ]; then
	QEMU_LIMIT=0 sh "$W/qemu.sh" -serial mon:stdio -append "console=ttyAMA0 quiet pmutop.phase=shell"
	exit
fi

# 1. icount: one instruction per nanosecond of virtual time, so instructions count (IPC 1).
sh "$W/qemu.sh" -icount shift=0 -serial "file:$W/icount.log" \
	-append "console=ttyAMA0 quiet pmutop.phase=icount" </dev/null >"$W/icount.qemu" 2>&1 ||
	fail icount_boot "QEMU: $(tail -n 3 "$W/icount.qemu" | tr '\n' ' ')"

# 2. main: in a tmux pane whose input and output are the guest's serial console (QEMU's stdio),
#    logged to a file for check.py.
tm -f /dev/null new-session -d -s k -x 132 -y 40 \
	"sh '$W/qemu.sh' -chardev stdio,id=con,signal=off,logfile='$W/main.log' -serial chardev:con \
	-append 'console=ttyAMA0 quiet pmutop.phase=main' 2>'$W/main.qemu'; echo QEMU-EXIT=\$? >'$W/main.exit'; sleep 3600"
tm set-option -t k status off >/dev/null

# wait_log REGEX SECONDS: until the serial log has a line matching REGEX (1 on timeout, or at once
# when QEMU has ended)
wait_log() {
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		{ tr -d '\r' <"$W/main.log"; } 2>/dev/null | grep -Eq -- "$1" && return 0
		[ -f "$W/main.exit" ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
cap() { tm capture-pane -p -t k; }
# wait_pane REGEX SECONDS: until the pane shows REGEX
wait_pane() {
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		cap | grep -Eq -- "$1" && return 0
		[ -f "$W/main.exit" ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
dump() { cap | head -c 1500 | tr '\n' '|'; }
. "$here/tui.sh"

wait_log '^@@DONE' 240 ||
	fail guest_done "the main boot did not finish: $(cat "$W/main.qemu" "$W/main.exit" 2>/dev/null | tr '\n' ' ') $(tr -d '\r' <"$W/main.log" 2>/dev/null | tail -n 5 | tr '\n' '|')"
python3 "$here/check.py" "$W/icount.log" "$W/main.log" "$PMUTOP" >>"$out" 2>&1 ||
	grep -q '^FAIL ' "$out" || fail check "check.py stopped: $(tail -n 3 "$out" | tr '\n' ' ')"
cat "$out"
passed=$(grep -c '^PASS ' "$out")
failed=$(grep -c '^FAIL ' "$out")
if [ "$failed" -gt 0 ] && [ -n "${PMUTOP_KERNEL_KEEP:-}" ]; then
	mkdir -p "$PMUTOP_KERNEL_KEEP" && cp "$W"/*.log "$PMUTOP_KERNEL_KEEP/"
fi
echo "$passed passed, $failed failed"
echo "test-kernel: $(($(date +%s) - start)) s (set-up and builds $setup_s s)"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
