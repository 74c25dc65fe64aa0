#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_once.sh: a batch replay reads its recording once, front to back: the bytes read from the
# file are its size (strace), and a pipe (--replay -) or a FIFO, which cannot be read twice, gives
# the same output as the file, malformed lines, late events and a cut last line included; -n stops
# it while its writer is still open.
. "$(dirname "$0")/../lib.sh"

# 4 CPUs x 3 events x 30 intervals, then hostile lines: garbage, an event first seen in interval
# 31, a cut last line (no newline, no event)
python3 - "$TMPD/rec.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# started on a test\n")
    for t in range(1, 31):
        for e in ("cycles", "instructions", "cpu/event=0x3c,umask=0x0/"):
            for c in range(4):
                f.write("%16.9f,CPU%d,%d,,%s,%d,%d.00,,\n" % (t + 0.000123, c, 1000 * t + 7 * c, e, 1000000 + c, 50 + c))
        if t == 3:
            f.write("this line is garbage\n")
    f.write("%16.9f,CPU1,5,,branches,1000,100.00,,\n" % 31.000123)
    f.write("%16.9f,CPU1,9,,cycles,1000,100.00,,\n" % 31.000123)
    f.write("%16.9f,CPU2,1" % 31.000123)
PY
size=$(wc -c <"$TMPD/rec.csv")

"$PMUTOP" --replay "$TMPD/rec.csv" -b --json >"$TMPD/file.json" 2>"$TMPD/file.err"
rc=$?
if [ "$rc" = 0 ] && [ "$(wc -l <"$TMPD/file.json")" = 31 ] && grep -q '2 malformed lines skipped (lines 38, 365)' "$TMPD/file.err"; then
	pass file_converts
else
	fail file_converts "exit $rc, $(wc -l <"$TMPD/file.json") rows: $(head -c 300 "$TMPD/file.err")"
fi

# the same rows, bar the source's name, from a pipe and from a FIFO
same_as_file() {
	python3 - "$TMPD/file.json" "$1" <<'PY'
import json, sys
a = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
for x in a + b:
    x.pop("source")
sys.exit(0 if a == b and len(a) == 31 else 1)
PY
}
cat "$TMPD/rec.csv" | "$PMUTOP" --replay - -b --json >"$TMPD/pipe.json" 2>"$TMPD/pipe.err"
rc=$?
if [ "$rc" = 0 ] && same_as_file "$TMPD/pipe.json" && grep -q '^pmutop: -:38: ' "$TMPD/pipe.err"; then
	pass pipe_same_as_file
else
	fail pipe_same_as_file "exit $rc: $(head -c 300 "$TMPD/pipe.err")"
fi

mkfifo "$TMPD/fifo"
cat "$TMPD/rec.csv" >"$TMPD/fifo" &
"$PMUTOP" --replay "$TMPD/fifo" -b --json >"$TMPD/fifo.json" 2>"$TMPD/fifo.err"
rc=$?
wait
if [ "$rc" = 0 ] && same_as_file "$TMPD/fifo.json"; then
	pass fifo_same_as_file
else
	fail fifo_same_as_file "exit $rc: $(head -c 300 "$TMPD/fifo.err")"
fi

# a writer that stays open after the recording: -n 30 ends at once, not when the writer goes away
mkfifo "$TMPD/fifo2"
python3 -c 'import sys, time; sys.stdout.write(open(sys.argv[1]).read()); sys.stdout.flush(); time.sleep(30)' \
	"$TMPD/rec.csv" >"$TMPD/fifo2" &
wpid=$!
timeout 10 "$PMUTOP" --replay "$TMPD/fifo2" -b -n 30 --json >"$TMPD/n2.json" 2>"$TMPD/n2.err"
rc=$?
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null
if [ "$rc" = 0 ] && [ "$(wc -l <"$TMPD/n2.json")" = 30 ]; then
	pass stops_while_input_open
else
	fail stops_while_input_open "exit $rc (124: still waiting), $(wc -l <"$TMPD/n2.json") rows: $(head -c 300 "$TMPD/n2.err")"
fi

# Ctrl-C while the writer stalls mid-recording ends the run at once, as a signal does (exit 130)
mkfifo "$TMPD/fifo3"
python3 -c 'import sys, time; sys.stdout.write(open(sys.argv[1]).read()[:2000]); sys.stdout.flush(); time.sleep(30)' \
	"$TMPD/rec.csv" >"$TMPD/fifo3" &
wpid=$!
timeout 10 "$PMUTOP" --replay "$TMPD/fifo3" -b --json >"$TMPD/n3.json" 2>"$TMPD/n3.err" &
ppid=$!
# the signal once the first frame is out: the run then waits on the stalled pipe (earlier, before
# its handlers, the signal's default action would end it with the same status)
i=0
while [ ! -s "$TMPD/n3.json" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
pkill -INT -f -- "--replay $TMPD/fifo3" 2>/dev/null
wait "$ppid"
rc=$?
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null
if [ "$rc" = 130 ] && [ -s "$TMPD/n3.json" ] && [ ! -s "$TMPD/n3.err" ]; then
	pass ctrl_c_while_input_stalls
else
	fail ctrl_c_while_input_stalls "exit $rc (124: still waiting; 130 wanted): $(head -c 300 "$TMPD/n3.err")"
fi

# the screen steps back, so it needs a file: standard input and a FIFO say to use -b
echo x | "$PMUTOP" --replay - >/dev/null 2>"$TMPD/tui_stdin.err"
rc=$?
mkfifo "$TMPD/fifo4"
timeout 5 "$PMUTOP" --replay "$TMPD/fifo4" >/dev/null 2>"$TMPD/tui_fifo.err"
rc2=$?
if [ "$rc" = 2 ] && grep -q 'plays with -b' "$TMPD/tui_stdin.err" && [ "$rc2" = 1 ] && grep -q 'with -b' "$TMPD/tui_fifo.err"; then
	pass screen_needs_a_file
else
	fail screen_needs_a_file "exit $rc: $(cat "$TMPD/tui_stdin.err"); exit $rc2: $(cat "$TMPD/tui_fifo.err")"
fi

# every byte of the recording read once: read() on its descriptor returns its size in all, no seek
# (LeakSanitizer cannot run under ptrace: off for this run of a SAN=1 build)
if ! command -v strace >/dev/null 2>&1; then
	skip read_once "no strace"
elif ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -e trace=openat,read,pread64,lseek,close -o "$TMPD/trace" \
	"$PMUTOP" --replay "$TMPD/rec.csv" -b --json -o /dev/null 2>/dev/null; then
	got=$(python3 - "$TMPD/trace" "$TMPD/rec.csv" <<'PY'
import re, sys
fd, total, seeks = None, 0, 0
for line in open(sys.argv[1]):
    line = line.split(None, 1)[1] if line[0].isdigit() else line   # the pid strace -f puts first
    m = re.match(r'openat\(.*"(.*)".*= (\d+)$', line.strip())
    if m and m.group(1) == sys.argv[2]:
        fd = m.group(2)
        continue
    if fd is None:
        continue
    m = re.match(r'(read|pread64|lseek|close)\((\d+),.*= (-?\d+)', line.strip())
    if m and m.group(2) == fd:
        if m.group(1) == "close":
            fd = None
        elif m.group(1) == "lseek":
            seeks += 1
        else:
            total += int(m.group(3))
print(total, seeks)
PY
)
	if [ "$got" = "$size 0" ]; then
		pass read_once
	else
		fail read_once "read bytes and seeks: $got, file size $size"
	fi
else
	fail read_once "strace run failed"
fi

t_done
