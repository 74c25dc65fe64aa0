#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# sysfs_hostile.sh: a --sysfs tree handed over by someone else: a FIFO in place of a file is refused at
# once (it used to block start-up forever), and CPU numbers past 65,535 are refused with a reason.
. "$(dirname "$0")/../lib.sh"

need_binary
if ! command -v timeout >/dev/null 2>&1; then skip all "timeout not installed"; exit 0; fi

T="$TMPD/sys"
mkdir -p "$T/devices/system/cpu"
mkfifo "$T/devices/system/cpu/online"
timeout 20 "$PMUTOP" --sysfs "$T" -b -n 1 -d 0.05 >"$TMPD/out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q "must be a regular file" "$TMPD/out"; then pass fifo_refused
else fail fifo_refused "exit $rc (124: blocked): $(head -c 300 "$TMPD/out")"; fi

rm "$T/devices/system/cpu/online"
echo 0-4294967295 >"$T/devices/system/cpu/online"
timeout 20 "$PMUTOP" --sysfs "$T" -b -n 1 -d 0.05 >"$TMPD/out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q "out of range" "$TMPD/out"; then pass huge_range_refused
else fail huge_range_refused "exit $rc: $(head -c 300 "$TMPD/out")"; fi
t_done
