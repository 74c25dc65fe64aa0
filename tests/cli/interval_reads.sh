#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# interval_reads.sh: each interval pmutop reads only the files an output of the run prints (issue
# 18, the live cost against perf stat). Batch CSV and text print counts alone: no /proc/stat,
# /proc/interrupts, /proc/cpuinfo or cpufreq read after start-up, so a run of 13 intervals opens
# exactly the files a run of 3 does. Batch JSON prints utilisation, interrupts and clocks: it reads
# them every interval, through descriptors opened once and read again with pread. The exporter
# alone (--quiet --prom) publishes utilisation, and interrupts and clocks where the screen shows them
# (no PMU, as here): the same kept descriptors; on a machine with a PMU, neither. Counted with
# strace, live (software events) and on simulated machines (their trees' clocks).
. "$(dirname "$0")/../lib.sh"

need_binary
perf_under_test
if ! command -v strace >/dev/null 2>&1; then skip all "strace not installed"; exit 0; fi

# LeakSanitizer cannot run under ptrace: a sanitizer build is traced without it
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS
EV=cpu-clock,task-clock,context-switches,cpu-migrations,page-faults
KB='/proc/(stat|interrupts|cpuinfo)|/cpufreq/'   # the kernel's books an interval may want

# trace NAME N ARGS...: strace pmutop ARGS with -n N into $TMPD/NAME.N (file calls only)
trace() {
	t=$1 n=$2
	shift 2
	strace -f -qq -e trace=open,openat,read,pread64,close -o "$TMPD/$t.$n" \
		"$PMUTOP" -d 0.02 -n "$n" "$@" >"$TMPD/$t.$n.out" 2>"$TMPD/$t.$n.err"
}
opens() { grep -c -E '^[0-9]+ +(open|openat)\(.*= [0-9]+' "$1"; }
opens_of() { grep -E '^[0-9]+ +(open|openat)\(.*= [0-9]+' "$2" | grep -c -E "$1"; }
# the descriptor an openat of a file matching $1 returned in $2 (the last one)
fd_of() { grep -E '^[0-9]+ +openat\(.*('"$1"').*= [0-9]+$' "$2" | tail -n 1 | sed 's/.*= //'; }

# same_opens NAME ARGS...: -n 3 and -n 13 open the same number of files
same_opens() {
	t=$1
	shift
	trace "$t" 3 "$@" && trace "$t" 13 "$@" || return 1
	a=$(opens "$TMPD/$t.3") b=$(opens "$TMPD/$t.13")
	[ "$a" -eq "$b" ] || { echo "$a files opened in 3 intervals, $b in 13: $(sed -n 's/^[0-9]* *open[at]*([^"]*"\([^"]*\)".*/\1/p' "$TMPD/$t.13" | sort | uniq -c | sort -rn | head -n 5 | tr '\n' ' ')"; return 1; }
}

# --- live, on this machine's kernel ---
if ! "$PMUTOP" -b -n 1 -d 0.01 -e cpu-clock -x, >/dev/null 2>"$TMPD/live.err"; then
	if refused "$TMPD/live.err"; then
		skip live "live counting is not permitted here: $(head -c 200 "$TMPD/live.err")"
	else
		fail live "$(head -c 300 "$TMPD/live.err")"
	fi
else
	for mode in csv text; do
		if [ $mode = csv ]; then set -- -b -x, -e "$EV"; else set -- -b -e "$EV"; fi
		if ! same_opens "live_$mode" "$@" >"$TMPD/why" 2>&1; then
			fail "live_${mode}_opens_nothing_per_interval" "$(cat "$TMPD/why")"
		elif [ "$(opens_of '/proc/(stat|interrupts)|/cpufreq/' "$TMPD/live_$mode.13")" -ne 0 ]; then
			fail "live_${mode}_opens_nothing_per_interval" "$(grep -E "$KB" "$TMPD/live_$mode.13" | head -n 3)"
		else
			pass "live_${mode}_opens_nothing_per_interval"
		fi
	done

	# JSON: the figures are there, and /proc/stat and /proc/interrupts are opened once and read
	# again each interval through the same descriptor
	trace live_json 13 -b --json -e "$EV"
	f=$TMPD/live_json.13
	if ! python3 - "$f.out" >"$TMPD/why" 2>&1 <<'PY'
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
assert len(frames) == 13, len(frames)
assert all("util" in c["metrics"] for c in frames[-1]["cpus"]), frames[-1]["cpus"][0]["metrics"]
PY
	then
		fail live_json_util "$(cat "$TMPD/why")"
	else
		pass live_json_util
		fd=$(fd_of '/proc/stat' "$f")
		n=$(grep -c -E "^[0-9]+ +pread64\\($fd, \"cpu " "$f")
		if [ "$(opens_of '/proc/stat' "$f")" -eq 1 ] && [ "$n" -ge 13 ]; then
			pass live_json_stat_kept_open
		else
			fail live_json_stat_kept_open "/proc/stat opened $(opens_of '/proc/stat' "$f") times, $n preads of fd '$fd' over 13 intervals"
		fi
		if grep -q '"interrupts_per_s"' "$f.out"; then   # read where shown (no PMU, or the columns)
			if [ "$(opens_of '/proc/interrupts' "$f")" -eq 1 ]; then
				pass live_json_interrupts_kept_open
			else
				fail live_json_interrupts_kept_open "/proc/interrupts opened $(opens_of '/proc/interrupts' "$f") times over 13 intervals"
			fi
		fi
	fi

	# the exporter alone publishes utilisation, and here (no PMU) interrupts and clocks, read through
	# descriptors kept open (the --prom file itself is written anew each interval: only the kernel's
	# books are counted)
	trace live_prom 3 -b --quiet --prom "$TMPD/metrics.prom" -e "$EV"
	trace live_prom 13 -b --quiet --prom "$TMPD/metrics.prom" -e "$EV"
	f=$TMPD/live_prom.13
	if ! grep -q '^pmutop_utilization_ratio{' "$TMPD/metrics.prom" 2>/dev/null ||
	   ! grep -q '^pmutop_interrupts_total{' "$TMPD/metrics.prom"; then
		fail live_prom_books "no utilisation or interrupts gauge in --prom's file: $(head -c 200 "$f.err")"
	elif [ "$(opens_of '/proc/stat' "$f")" -ne 1 ] || [ "$(opens_of '/proc/interrupts' "$f")" -ne 1 ] ||
	     [ "$(opens_of "$KB" "$f")" -ne "$(opens_of "$KB" "$TMPD/live_prom.3")" ]; then
		fail live_prom_books "$(grep -E "$KB" "$f" | grep -E 'open' | head -n 4)"
	else
		pass live_prom_books
	fi
fi

# --- a simulated machine without a PMU: its clocks are its tree's files (cpufreq or cpuinfo) ---
if same_opens sim_csv --sim kvm-nopmu -b -x, >"$TMPD/why" 2>&1; then
	pass sim_nopmu_csv_opens_nothing_per_interval
else
	fail sim_nopmu_csv_opens_nothing_per_interval "$(cat "$TMPD/why") $(head -c 200 "$TMPD/sim_csv.3.err")"
fi
# ... while batch JSON, which prints the clocks, reads them every interval
trace sim_json 3 --sim kvm-nopmu -b --json && trace sim_json 13 --sim kvm-nopmu -b --json
a=$(opens_of "$KB" "$TMPD/sim_json.3") b=$(opens_of "$KB" "$TMPD/sim_json.13")
if grep -q '"mhz"' "$TMPD/sim_json.13.out" && [ "$b" -ge $((a + 10)) ]; then
	pass sim_nopmu_json_reads_clocks
else
	fail sim_nopmu_json_reads_clocks "clock files opened $a times in 3 intervals, $b in 13"
fi
# the exporter publishes the clocks where the screen shows them: on kvm-nopmu, not on spr-2s
"$PMUTOP" --sim kvm-nopmu -b -n 3 -d 0.05 --quiet --prom "$TMPD/nopmu.prom" 2>/dev/null
"$PMUTOP" --sim spr-2s -b -n 3 -d 0.05 --quiet --prom "$TMPD/spr.prom" 2>/dev/null
# (one frequency family: the kernel's clock where no cycles are counted, labelled with its source)
kclock='^pmutop_frequency_hertz\{cpu="0",.*clock="(cpufreq|cpuinfo)"\}'
if grep -Eq "$kclock" "$TMPD/nopmu.prom" && grep -q '^pmutop_interrupts_total{' "$TMPD/nopmu.prom" &&
   grep -q '^pmutop_utilization_ratio{' "$TMPD/spr.prom" && grep -q '^pmutop_frequency_hertz{cpu="0",.*clock="cycles"}' "$TMPD/spr.prom" &&
   ! grep -Eq '^pmutop_.*clock="(cpufreq|cpuinfo)"|^pmutop_interrupts_total\{' "$TMPD/spr.prom"; then
	pass sim_prom_books_where_shown
else
	fail sim_prom_books_where_shown "$(grep -c -E '^pmutop_(frequency|interrupts)' "$TMPD/nopmu.prom") on kvm-nopmu, $(grep -c -E '^pmutop_.*clock="cpu|^pmutop_interrupts' "$TMPD/spr.prom") on spr-2s"
fi
t_done
