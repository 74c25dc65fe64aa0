#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# guest.sh: /init of the arm64 guest: runs pmutop against the kernel's armv8_pmuv3 driver and writes
# each command's output to the serial console between "@@BEGIN name" and "@@END name rc=N" lines;
# tests/kernel/check.py judges them on the host. The boot's pmutop.phase= says which set to run:
#   icount  (QEMU -icount shift=0: instructions count, and the virtual clock is driven by the
#           instructions executed alone while a CPU is busy, so how loaded the host is changes
#           nothing) the 14-event multiplexing runs, cycles:u with one CPU busy, and --hot
#           sampling of tests/hot/prog7030.c (cycles, then {cycles,instructions}:S)
#   main    (no icount) sysfs, ENOENT, hotplug, permissions, top-down, exporter, then the TUI,
#           which run.sh drives through tmux ("@@TUI" lines say when)
#   shell   a shell on the console, for looking around by hand (run.sh --shell)
/bin/busybox --install -s /bin
export PATH=/bin HOME=/tmp TERM=screen
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev
dmesg -n 1                 # no kernel messages in the middle of the output
ip link set lo up          # the exporter listens on 127.0.0.1
phase=$(sed -n 's/.*pmutop\.phase=\([a-z]*\).*/\1/p' /proc/cmdline)
P=/sys/bus/event_source/devices/armv8_pmuv3
# 14 events on 7 counters: cycles and instructions, which pmutop pins (the cycle counter and a GP
# counter), and 12 raw or sysfs events on the 5 GP counters left; r11 and r8 are cycles and
# instructions again, multiplexed, to compare with the pinned ones.
# one group more than the general counters (the boot message's count less the cycle counter)
G7={r8,r8,r8,r8,r8,r8,r8}
E14=cycles,instructions,r11,r8,armv8_pmuv3/stall_frontend/,armv8_pmuv3/stall_backend/,r3,r4,r10,r12,r16,r17,r21,r22

block() {   # block NAME CMD...: run CMD with its output framed for the host
	name=$1
	shift
	echo "@@BEGIN $name"
	"$@" 2>&1
	echo "@@END $name rc=$?"
}
# busy CPU: a shell loop pinned there (busybox's taskset)
busy() { taskset -c "$1" sh -c 'while :; do :; done' & }
# the exporter's page once it holds an interval's counts (20 s is a deadline, not a measurement)
scrape() {
	i=0
	while [ $i -lt 100 ]; do
		wget -q -O /tmp/metrics "http://127.0.0.1:$1/metrics" 2>/dev/null &&
			grep -q '^pmutop_frequency_hertz{' /tmp/metrics && cat /tmp/metrics && return 0
		sleep 0.2
		i=$((i + 1))
	done
	echo "no answer on port $1"
	return 1
}
# lines_reach FILE N: wait until pmutop has written N intervals to FILE (deadline 60 s)
lines_reach() {
	i=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# CPU 1 goes away after pmutop's first interval and comes back after its third: paced by what it
# wrote, not by the clock
hotplug() {
	pmutop -b -n 7 --json -e "$1" -o /tmp/hotplug.json 2>/tmp/hotplug.err &
	p=$!
	lines_reach /tmp/hotplug.json 1
	echo 0 >/sys/devices/system/cpu/cpu1/online && echo "@@OFFLINE $(cat /sys/devices/system/cpu/online)"
	lines_reach /tmp/hotplug.json 3
	echo 1 >/sys/devices/system/cpu/cpu1/online && echo "@@ONLINE $(cat /sys/devices/system/cpu/online)"
	wait $p
	rc=$?
	cat /tmp/hotplug.json /tmp/hotplug.err
	return $rc
}
# the PMU's sysfs as the driver wrote it, one "file=contents" line each, and every PMU's type
sysfs() {
	cd $P || return 1
	for f in type cpus cpumask perf_event_mux_interval_ms caps/* format/* events/*; do
		[ -f $f ] && echo "$f=$(cat $f)"
	done
	printf pmus=
	for d in /sys/bus/event_source/devices/*; do printf '%s:%s ' ${d##*/} $(cat $d/type); done
	echo
	cd /
}
echo "@@PHASE $phase"
case $phase in
icount)
	block dmesg sh -c 'dmesg | grep "hw perfevents"'
	block sysfs sysfs
	busy 0
	B0=$!
	busy 1
	B1=$!
	block mux_json pmutop -b -n 3 --json -e "$E14"
	block mux_text pmutop -b -n 2 -e "$E14"
	block mux_explain pmutop --explain-events --json -e "$E14"
	# the generic cycles and the PMU's own count the same counter: IPC from one of them
	block role_ipc pmutop -b -n 2 --json -e cycles,instructions,armv8_pmuv3/cpu_cycles/
	kill $B0
	block user_busy pmutop -b -n 2 --json -e cycles:u
	kill $B1
	# --hot: the 70/30 program pinned on CPU 1, sampled by cycles, then as a group (IPC 1 here).
	# The kernel lowers its sample-rate limit itself when its interrupt handler is slow, by how much
	# and when depending on the host's load (to 250/s once, where with HZ 250 every sample is
	# throttled), so each run gets its limit set, with the automatic lowering off
	# (perf_cpu_time_max_percent 0; a new limit is refused while it is 0): the cycles run 500/s,
	# below the 1000 Hz asked (pmutop lowers its frequency, the kernel throttles), the group 1000/s
	block hot_rate_before cat /proc/sys/kernel/perf_event_max_sample_rate
	echo 500 >/proc/sys/kernel/perf_event_max_sample_rate
	echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
	taskset -c 1 prog7030 30 &
	P=$!
	block hot_cycles pmutop --hot -p $P -e cycles -b --json -n 2 -d 1
	block hot_rate_mid cat /proc/sys/kernel/perf_event_max_sample_rate
	echo 25 >/proc/sys/kernel/perf_cpu_time_max_percent
	echo 1000 >/proc/sys/kernel/perf_event_max_sample_rate
	echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
	block hot_rate_group cat /proc/sys/kernel/perf_event_max_sample_rate
	block hot_group pmutop --hot -p $P -e '{cycles,instructions}:S' -b --json -n 2 -d 1
	kill $P
	block hot_rate_after cat /proc/sys/kernel/perf_event_max_sample_rate
	block hot_dmesg sh -c 'dmesg | grep "perf: interrupt took too long" || true'
	;;
main)
	block dmesg sh -c 'dmesg | grep "hw perfevents"'
	block grouplimit grouplimit
	block sysfs sysfs
	block explain pmutop --explain-events --json -e cycles,armv8_pmuv3/cpu_cycles/,armv8_pmuv3/stall_frontend/,r8
	block enoent_text pmutop -b -n 1 -e cycles,instructions
	block enoent_json pmutop -b -n 1 --json -e cycles,instructions
	# instructions refused: cycles, split from the pinned pair, stays pinned beside 12 multiplexed
	block enoent_mux pmutop -b -n 2 --json -e "$E14"
	block paranoid_value cat /proc/sys/kernel/perf_event_paranoid
	block nonroot su -s /bin/sh nobody -c 'pmutop -b -n 1 -e cycles'
	block topdown pmutop -b -n 1 -E topdown
	# 7 INST_RETIRED in one group on 6 general counters: refused at open, and said why
	block refused_group pmutop -b -n 1 -e "$G7"
	block offline hotplug '{cycles,r11,r3},cycles:u'
	pmutop -b --quiet -e cycles --listen 9100 2>/dev/null &
	L=$!
	block exporter scrape 9100
	kill $L
	wait
	# the screen: run.sh presses keys in the tmux pane QEMU's serial console is in
	stty rows 40 cols 132
	stty -g >/tmp/stty.before
	echo "@@TUI begin"
	setsid cttyhack timeout 120 pmutop -E default
	rc=$?
	stty -g >/tmp/stty.after
	echo "@@TUI end rc=$rc"
	block tui_stty sh -c 'cmp /tmp/stty.before /tmp/stty.after && echo "terminal modes restored"'
	# the screen with a group the kernel refuses (run.sh reads the reason off it, then presses q)
	echo "@@TUI2 begin"
	setsid cttyhack timeout 60 pmutop -e "$G7"
	echo "@@TUI2 end rc=$?"
	;;
shell)
	setsid cttyhack sh
	;;
*)
	echo "no pmutop.phase= on the kernel command line"
	;;
esac
echo "@@DONE"
poweroff -f
