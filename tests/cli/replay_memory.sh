#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# replay_memory.sh: replay streams its recording: the peak memory of replaying a recording ten times
# larger stays the same (a behavioural check of memory, not of time), a frame writes the CPUs of its
# interval only, and a line too long to be a perf row is reported and skipped, never held.
. "$(dirname "$0")/../lib.sh"

# A recording of 64 CPUs x 8 events x 20 intervals (about 800 KB), repeated N times: the times
# restart at every copy, which the replay takes as one more interval each.
python3 - "$TMPD/block.csv" <<'PY'
import sys
ev = ["cycles", "instructions", "branches", "branch-misses", "cache-references", "cache-misses",
      "r01c2", "cpu/event=0x3c,umask=0x0/"]
with open(sys.argv[1], "w") as f:
    for t in range(1, 21):
        for e, name in enumerate(ev):
            for c in range(64):
                f.write("%16.9f,CPU%d,%d,,%s,%d,100.00,,\n" % (t + 0.000123, c, 1000003 * (c + 1) + e * 7 + t,
                                                            name, 1000000000 + c))
PY
rep() { i=0; while [ $i -lt "$1" ]; do cat "$TMPD/block.csv"; i=$((i + 1)); done >"$2"; }
rep 12 "$TMPD/small.csv"
rep 120 "$TMPD/big.csv"
# peak resident memory (KiB) of replaying FILE to JSON
peak() {
	python3 - "$PMUTOP" "$1" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "--replay", sys.argv[2], "-b", "--json", "-o", "/dev/null"], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}
small=$(peak "$TMPD/small.csv")
big=$(peak "$TMPD/big.csv")
size=$(($(wc -c <"$TMPD/big.csv") / 1024))
# holding the file would add its 100 MB; the index of 2,400 intervals is a few KiB
if [ -n "$small" ] && [ -n "$big" ] && [ $((big - small)) -lt 4096 ]; then
	pass memory_independent_of_size
else
	fail memory_independent_of_size "peak ${small:-?} KiB for $((size / 10)) KiB, ${big:-?} KiB for $size KiB"
fi

# a new CPU in every interval (issue 26): each frame writes the CPUs its interval holds, not every CPU
# the recording named before, so the JSON grows with the lines, not with their square (8,000 lines
# made 2 GB); a CPU that comes back is written again
python3 - "$TMPD/grow.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for t in range(1, 2001):
        f.write("%d.000100000,CPU%d,%d,,cycles,1000000,100.00,,\n" % (t, t - 1, 1000 + t))
    f.write("2001.000100000,CPU5,7,,cycles,1000000,100.00,,\n")
PY
"$PMUTOP" --replay "$TMPD/grow.csv" -b --json -o "$TMPD/grow.json" 2>"$TMPD/grow.err"
rc=$?
if [ "$rc" = 0 ] && python3 - "$TMPD/grow.json" <<'PY'
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
assert len(frames) == 2001, len(frames)
for i, f in enumerate(frames[:2000]):
    assert [c["cpu"] for c in f["cpus"]] == [i], (i, [c["cpu"] for c in f["cpus"]][:5])
last = frames[-1]["cpus"]
assert [c["cpu"] for c in last] == [5] and last[0]["events"]["cycles"]["raw"] == 7, last
PY
then
	echo "     $(wc -c <"$TMPD/grow.json") bytes of JSON for 2,001 lines, a new CPU in each"
	pass output_bounded_by_the_interval
else
	fail output_bounded_by_the_interval "exit $rc, $(wc -c <"$TMPD/grow.json") bytes: $(head -c 300 "$TMPD/grow.err")"
fi

# a 200 KB line amid good rows: skipped with its line number, the rows around it kept
{ head -n 3 "$TMPD/block.csv"; python3 -c 'print("1.000123,CPU9," + "9" * 200000)'; sed -n '4,600p' "$TMPD/block.csv"; } \
	>"$TMPD/long.csv"
"$PMUTOP" --replay "$TMPD/long.csv" -b -x , >"$TMPD/long.out" 2>"$TMPD/long.err"
rc=$?
if [ "$rc" = 0 ] && grep -q ':4: line too long' "$TMPD/long.err" && grep -q '1 malformed line ' "$TMPD/long.err" &&
	[ "$(grep -c ',CPU[0-9]*,' "$TMPD/long.out")" -ge 599 ]; then
	pass long_line_skipped
else
	fail long_line_skipped "exit $rc: $(head -c 300 "$TMPD/long.err")"
fi
t_done
