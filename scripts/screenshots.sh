#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# screenshots.sh: make screenshots/*.png from real tmux sessions: capture-pane -e (ANSI colours)
# rendered by scripts/ansi2png.py. Needs tmux, python3 with Pillow and fonts-dejavu-core.
# Environment: PMUTOP (binary, default ./pmutop), OUT (folder, default screenshots).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
PMUTOP=${PMUTOP:-$root/pmutop}
OUT=${OUT:-$root/screenshots}
PY=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import PIL' 2>/dev/null; then PY=$p; break; fi
done
[ -n "$PY" ] || { echo "screenshots: python3 with Pillow is missing (apt-get install python3-pil fonts-dejavu-core)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "screenshots: tmux is missing" >&2; exit 1; }
[ -x "$PMUTOP" ] || { echo "screenshots: no binary at $PMUTOP (run make)" >&2; exit 1; }
mkdir -p "$OUT"
TM="tmux -L pmutop-shots-$$"
sock="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/pmutop-shots-$$"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-shots.XXXXXX")
trap '[ -f "$tmp/exporters" ] && xargs kill <"$tmp/exporters" 2>/dev/null; $TM kill-server 2>/dev/null; rm -f "$sock"; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
W=180 H=48

# wait NAME REGEX: poll the pane until it shows REGEX (10 s at most)
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		$TM capture-pane -p -t "$1" | grep -Eq -- "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "screenshots: $1: '$2' did not appear" >&2
	return 1
}

# start NAME ARGS...: pmutop in a fresh session
start() {
	n=$1
	shift
	$TM -u new-session -d -s "$n" -x $W -y $H "env LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME=$tmp/config $PMUTOP $*; sleep 30"
	$TM set-option -t "$n" status off >/dev/null
}

# shot NAME FILE TITLE: capture with colours and render
shot() {
	$TM capture-pane -e -p -t "$1" >"$tmp/$2.ans"
	"$PY" "$root/scripts/ansi2png.py" "$tmp/$2.ans" "$OUT/$2.png" --cols $W --rows $H --title "$3" &&
		echo "wrote $OUT/$2.png"
}

EV=cycles,instructions
for u in 01 02 03 04 05 06 07 08 09 0a 0b 0c; do EV="$EV,r${u}c2"; done
EV="$EV,uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/"

# cores on spr-2s with more events than counters: the MUX column shows estimates
start mux --sim spr-2s -e "$EV"
wait_for mux '^0 +0 +0 +~' && sleep 3.2 && shot mux cores-spr-2s-multiplexed "pmutop --sim spr-2s -e (14 core events: multiplexed)"
# sockets with uncore figures, from the same session
$TM send-keys -t mux s
wait_for mux '^SKT +CPUs' && sleep 0.3 && shot mux sockets-spr-2s "pmutop --sim spr-2s: sockets view (s)"

# default events, uncore and events views, help
start main --sim spr-2s
# ten refreshes fill the IPC history
wait_for main '^0 +0 +0 ' && sleep 10.2 && shot main cores-spr-2s "pmutop --sim spr-2s: cores view"
$TM send-keys -t main u
wait_for main ' 0 +imc +8 ' && $TM send-keys -t main Down Down Down Enter &&
	wait_for main 'uncore_imc_3' && shot main uncore-spr-2s "pmutop --sim spr-2s: uncore view (u, Enter expands)"
# tick the "cache" set (the budget warns before it applies: a long interval keeps it pending),
# then add an event with a typo
start ev --sim spr-2s -d 30
wait_for ev 'waiting for the first sample' && $TM send-keys -t ev e &&
	wait_for ev 'events? in the list' && $TM send-keys -t ev -N 10 Down && sleep 0.2 &&
	$TM send-keys -t ev Space && wait_for ev 'will multiplex' &&
	$TM send-keys -t ev a && $TM send-keys -t ev -l 'cpu/event=0x3c,umsk=1/' && $TM send-keys -t ev Enter &&
	wait_for ev '^ add> ' && sleep 0.2 && shot ev events-spr-2s "pmutop --sim spr-2s: events view (e): a set ticked, adding with a typo (a)"
# top-down on the same machine: a memory-bound socket, a frontend-bound core
start td --sim spr-2s
wait_for td '^0 +0 +0 ' && $TM send-keys -t td T && wait_for td '^skt1 ' && sleep 2.2 &&
	shot td topdown-spr-2s "pmutop --sim spr-2s: top-down view (T)"
# hybrid: the P/E column and a filter on the E-cores (/E, Enter keeps it)
start hyb --sim adl-hybrid
wait_for hyb '^0 +0 +0 ' && sleep 2.2 && $TM send-keys -t hyb / && $TM send-keys -t hyb -l E &&
	$TM send-keys -t hyb Enter && wait_for hyb 'filter' && sleep 1.1 &&
	shot hyb filter-adl-hybrid "pmutop --sim adl-hybrid: the E-cores only (/E), totals over every CPU (all*)"
# the column chooser (F), a column hidden and one moved
$TM send-keys -t hyb F && wait_for hyb 'Columns of the cores view' && sleep 0.3 &&
	shot hyb columns-adl-hybrid "pmutop --sim adl-hybrid: column chooser (F)"
$TM send-keys -t main P
wait_for main '^ +PID +USER' && sleep 2.2 &&
	shot main processes-spr-2s "pmutop --sim spr-2s: processes view (P), the antagonist stream's MPKI beside its neighbours'"
# the hot functions of the selected process (stream, the busiest), sampled by the simulated kernel
$TM send-keys -t main o
wait_for main 'hot functions of PID' && sleep 3.2 &&
	shot main hot-spr-2s "pmutop --sim spr-2s: hot functions of the selected process (o)"
$TM send-keys -t main G
wait_for main '^CGROUP ' && sleep 2.2 && shot main cgroups-spr-2s "pmutop --sim spr-2s: cgroups view (G)"
$TM send-keys -t main h
wait_for main 'Keys \(Esc goes back\)' && shot main help "pmutop: help (h)"

# the fleet view over five simulated exporters, scraped directly (--fleet-targets; with a Prometheus
# it is --fleet URL, the same view)
targets=""
D=cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock
for m in spr-2s zen4-1s adl-hybrid neoverse-v1 kvm-nopmu; do
	# the memory and power events where the machine has them (an exporter counts what it is given)
	case $m in
	spr-2s) ev="-e $D,uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/" ;;
	zen4-1s) ev="-e $D,amd_umc/event=0x0a,rdwrmask=0x1/,amd_umc/event=0x0a,rdwrmask=0x2/" ;;
	*) ev="" ;;
	esac
	# shellcheck disable=SC2086
	"$PMUTOP" --sim "$m" $ev -b -d 0.5 --json -o /dev/null --listen 127.0.0.1:0 2>"$tmp/$m.err" &
	echo $! >>"$tmp/exporters"
	i=0
	while [ $i -lt 100 ] && ! grep -q 'serving metrics on' "$tmp/$m.err"; do sleep 0.1; i=$((i + 1)); done
	port=$(sed -n 's|.*serving metrics on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/$m.err" | head -n 1)
	[ -n "$port" ] && targets="$targets${targets:+,}127.0.0.1:$port"
done
start fleet --fleet-targets "$targets"
wait_for fleet '127\.0\.0\.1:[0-9]+ +up' && sleep 4.2 &&
	shot fleet fleet-5-simulated "pmutop --fleet-targets (five simulated machines' exporters): fleet view (N)"
xargs kill <"$tmp/exporters" 2>/dev/null

# this machine, live
start live
wait_for live '^0 +[0-9]+ +[0-9]+ ' && sleep 2.2 && shot live live-vm "pmutop on this VM: live software events"
# the hot functions of a process on this machine's kernel (cpu-clock: no hardware PMU in this VM), the
# test program of tests/hot (70/30 of its CPU time in two functions), found with the filter
if command -v cc >/dev/null && cc -O1 -g -o "$tmp/prog7030" "$root/tests/hot/prog7030.c" 2>/dev/null; then
	"$tmp/prog7030" 40 &
	echo $! >>"$tmp/exporters"
	pid=$!
	$TM send-keys -t live P && wait_for live '^ +PID +USER' && $TM send-keys -t live / &&
		$TM send-keys -t live -l "$pid" && $TM send-keys -t live Enter && wait_for live "^ +$pid " &&
		$TM send-keys -t live o && wait_for live 'hot functions of PID' && sleep 5.2 &&
		shot live hot-live-vm "pmutop on this VM: hot functions of a process (o), sampled by the kernel"
fi
