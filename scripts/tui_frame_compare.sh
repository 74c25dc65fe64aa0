#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_frame_compare.sh OLD_BIN NEW_BIN [RECORDING_DIR]: a screen frame's cost of two builds side by side,
# as make bench measures it (scenario 2): callgrind's instructions per frame over the same recording
# (-n 40 minus -n 10, redraw* only: repeatable on a loaded machine), then CPU per frame
# (PMUTOP_UI_STATS) in three alternating runs of each on spr-2s and big-1024 at 200x50, 9 events.
# RECORDING_DIR holds tui-spr-2s.csv and tui-big-1024.csv (make bench keeps them in build-bench/bench).
set -u
old=$1 new=$2 rec=${3:-build-bench/bench}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-tuicmp.XXXXXX")
TM="tmux -L pmutop-tuicmp-$$"
trap '$TM kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
EV=cycles,instructions,branches,branch-misses,cache-misses,cpu/event=0xd1,umask=0x01/,r412e,cpu-clock
wait_gone() { i=0; while [ $i -lt 1500 ] && $TM has-session -t "$1" 2>/dev/null; do sleep 0.2; i=$((i + 1)); done; }
instr() {   # BIN N RECORDING: redraw's instructions
	$TM new-session -d -s cg -x 200 -y 50 "env TERM=xterm-256color valgrind -q --tool=callgrind \
		--callgrind-out-file=$tmp/cg.out --toggle-collect='redraw*' $1 --replay $3 -d 0.05 -n $2 2>/dev/null"
	wait_gone cg
	awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out"
}
cpu() {     # BIN MACHINE: CPU microseconds per frame
	rm -f "$tmp/stats"
	$TM new-session -d -s tc -x 200 -y 50 "env PMUTOP_UI_STATS=$tmp/stats TERM=xterm-256color $1 --sim $2 -e $EV -d 0.05"
	sleep 3
	$TM send-keys -t tc q
	wait_gone tc
	awk '/cpu_avg_us/ { print $2 }' "$tmp/stats"
}
if command -v valgrind >/dev/null 2>&1; then
	for m in spr-2s big-1024; do
		for b in "$old" "$new"; do
			a=$(instr "$b" 10 "$rec/tui-$m.csv"); z=$(instr "$b" 40 "$rec/tui-$m.csv")
			echo "$m $(basename "$(dirname "$b")")/$(basename "$b"): $(( (z - a) / 30 )) instructions per frame"
		done
	done
fi
for m in spr-2s big-1024; do
	for i in 1 2 3; do
		echo "$m run $i: old $(cpu "$old" "$m") us, new $(cpu "$new" "$m") us CPU per frame"
	done
done
