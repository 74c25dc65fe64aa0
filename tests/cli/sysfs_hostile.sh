#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sysfs_hostile.sh: a --sysfs tree handed over by someone else: a FIFO in place of a file is refused at
# once (it used to block start-up forever), CPU numbers past 65,535 are refused with a reason, and a
# BAR's resourceN truncated and rewritten while --list-uncore reads it never kills it with SIGBUS (it
# did in 186 of 1,007 runs when it was mapped): it is read into a buffer, the table or a message.
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
# resource0 of a discovery device truncated and written back over and over while --list-uncore runs
need sim_tree "$PMUTOP" --sim spr-2s --sim-tree "$TMPD/tree" -b -n 1 -d 0.05
R=$(ls "$TMPD"/tree/sys/bus/pci/devices/*/resource0 | head -n 1)
python3 - "$R" <<'PY' &
import os, sys, time
# empty, then whole again, then whole for 20 us: a reader that checked the size finds it gone
path = sys.argv[1]
data = open(path, "rb").read()
fd = os.open(path, os.O_RDWR)
end = time.monotonic() + 60
while time.monotonic() < end and os.path.exists(path + ".stop") is False:
    os.ftruncate(fd, 0)
    os.pwrite(fd, data, 0)
    t = time.perf_counter() + 20e-6
    while time.perf_counter() < t:
        pass
os.pwrite(fd, data, 0)
PY
FP=$!
i=0; sig=0; bad=0; read=0
while [ $i -lt 300 ]; do
	timeout 20 "$PMUTOP" --sysfs "$TMPD/tree/sys" --list-uncore >"$TMPD/lu.out" 2>&1
	rc=$?
	if [ $rc -ge 124 ]; then sig=$((sig + 1)); last="exit $rc: $(head -c 200 "$TMPD/lu.out")"
	elif [ $rc -ne 0 ]; then bad=$((bad + 1)); last="exit $rc: $(head -c 200 "$TMPD/lu.out")"
	fi
	grep -q 'table read' "$TMPD/lu.out" && read=$((read + 1))
	i=$((i + 1))
done
touch "$R.stop"
wait "$FP"
echo "     300 runs while resource0 was truncated and rewritten: $sig killed, $bad failed, $read read a table"
if [ $sig -eq 0 ] && [ $bad -eq 0 ] && [ $read -gt 0 ]; then pass resource_truncated_while_read
else fail resource_truncated_while_read "$sig killed by a signal, $bad other failures; last: $last"; fi
t_done
