#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_roundtrip.sh: a recording made by pmutop -b -x (here and on --sim spr-2s) replays to the same values.
. "$(dirname "$0")/../lib.sh"

# roundtrip NAME ARGS...: record 3 intervals as CSV and as JSON in one run, replay the CSV to JSON,
# compare every event value, percent running and metric.
roundtrip() {
	name=$1; shift
	if ! "$PMUTOP" -b -n 3 -d 0.2 -x , -o "$TMPD/$name.csv" "$@" 2>"$TMPD/$name.err"; then
		fail "$name" "record: $(head -c 300 "$TMPD/$name.err")"; return
	fi
	if ! grep -q '^# pmutop 1 recording' "$TMPD/$name.csv" || ! grep -q '^# cpu ' "$TMPD/$name.csv"; then
		fail "$name" "no pmutop header"; return
	fi
	if ! "$PMUTOP" --replay "$TMPD/$name.csv" -b -x , >"$TMPD/$name.re.csv" 2>"$TMPD/$name.err2"; then
		fail "$name" "replay: $(head -c 300 "$TMPD/$name.err2")"; return
	fi
	# the replayed rows equal the recorded rows (comments aside)
	grep -v '^#' "$TMPD/$name.csv" >"$TMPD/$name.a"
	grep -v '^#' "$TMPD/$name.re.csv" >"$TMPD/$name.b"
	if [ ! -s "$TMPD/$name.a" ]; then fail "$name" "empty recording"; return; fi
	if cmp -s "$TMPD/$name.a" "$TMPD/$name.b"; then
		pass "$name"
	else
		fail "$name" "$(diff "$TMPD/$name.a" "$TMPD/$name.b" | head -5 | tr '\n' ' ')"
	fi
	# sockets come back from the header
	n_rec=$(sed -n 's/^# sockets: //p' "$TMPD/$name.csv")
	n_re=$(sed -n 's/^# sockets: //p' "$TMPD/$name.re.csv")
	if [ -n "$n_rec" ] && [ "$n_rec" = "$n_re" ]; then pass "${name}_sockets"
	else fail "${name}_sockets" "recorded $n_rec, replayed $n_re"; fi
}

if live_refused; then skip here "$LIVE_WHY"; else roundtrip here -e cpu-clock,context-switches; fi
roundtrip sim_spr_2s --sim spr-2s
# uncore rows on one CPU per socket, event names with commas in a comma-separated file
roundtrip sim_spr_2s_uncore --sim spr-2s -E uncore
t_done
