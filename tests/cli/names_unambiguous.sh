# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# names_unambiguous.sh: names of processes and cgroups, which their owners choose byte by byte, are
# written in one reversible escaping (base/printable.h: \\ a backslash, \xNN a byte) in -x rows, text
# rows and the exporter's labels (issue 37, items 6 and 7): names that differ are never written the
# same (d<ff> and d<fe>, l<ESC> and the text l\x1b), a name holding the separator keeps its -x row
# whole (perf stat -x writes it raw and the row gains fields), every text line's target column is one
# word, and the exposition holds no duplicate series and parses (promtool, prometheus_client).
. "$(dirname "$0")/../lib.sh"
need_binary
PIDS=""
CG=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; [ -n "$CG" ] && rmdir "$CG"/*/ "$CG" 2>/dev/null; rm -rf "$TMPD"' EXIT
PY=python3
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import prometheus_client' >/dev/null 2>&1; then PY=$p; break; fi
done

# the decoder of the escaping, and the hostile names (as Python bytes)
cat >"$TMPD/names.py" <<'PY'
import re
NAMES = [b"a,b,c", b"l\x1b", b"l\\x1b", b"d\xff", b"d\xfe", b"q\"x;y", b"sp", b"sp "]
def unescape(s):
    """base/printable.h's escaping undone; raises on a backslash that is not an escape."""
    b = s.encode("utf-8") if isinstance(s, str) else s
    out, i = bytearray(), 0
    while i < len(b):
        if b[i:i + 1] != b"\\":
            out += b[i:i + 1]; i += 1
        elif b[i + 1:i + 2] == b"\\":
            out += b"\\"; i += 2
        elif re.fullmatch(rb"x[0-9a-f]{2}", b[i + 1:i + 4]):
            out.append(int(b[i + 2:i + 4], 16)); i += 4
        else:
            raise ValueError("a stray backslash in %r" % b)
    return bytes(out)
PY

# processes that name themselves so (a process writes any bytes to its comm)
for i in 0 1 2 3 4 5 6 7; do
	python3 -c '
import sys, time
sys.path.insert(0, sys.argv[2])
from names import NAMES
open("/proc/self/comm", "wb").write(NAMES[int(sys.argv[1])])
open(sys.argv[2] + "/ready" + sys.argv[1], "w").close()
time.sleep(120)' "$i" "$TMPD" &
	PIDS="$PIDS $!"
done
# until each has named itself (python takes a while to start on a loaded machine)
i=0
while [ $i -lt 200 ] && [ "$(ls "$TMPD" | grep -c '^ready')" -lt 8 ]; do
	sleep 0.1
	i=$((i + 1))
done
plist=$(echo $PIDS | tr ' ' ',')
"$PMUTOP" -b -n 1 -d 0.2 -e task-clock -x , -p "$plist" >"$TMPD/p.csv" 2>"$TMPD/p.err"
rc=$?
if [ $rc -ne 0 ]; then
	fail csv_rows "exit $rc: $(head -c 300 "$TMPD/p.err")"
else
	# every row has perf's 9 fields; its first target field reads back as COMM-PID of a process named
	check csv_rows python3 - "$TMPD/p.csv" "$TMPD" $PIDS <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from names import NAMES, unescape
want = {}
for pid in sys.argv[3:]:
    want[open("/proc/%s/comm" % pid, "rb").read().rstrip(b"\n") + b"-" + pid.encode()] = pid
rows = [l for l in open(sys.argv[1], "rb").read().split(b"\n") if l and not l.startswith(b"#")]
assert len(rows) == len(NAMES), rows
for r in rows:
    f = r.split(b",")
    assert len(f) == 9, (len(f), r)
    assert unescape(f[1]) in want, (f[1], list(want))
assert len({unescape(r.split(b",")[1]) for r in rows}) == len(NAMES), rows
PY
fi
"$PMUTOP" -b -n 1 -d 0.2 -e task-clock -p "$plist" >"$TMPD/p.txt" 2>"$TMPD/p2.err"
rc=$?
if [ $rc -ne 0 ]; then
	fail text_lines "exit $rc: $(head -c 300 "$TMPD/p2.err")"
else
	# the target column is one word that reads back as COMM-PID; no two lines are the same
	check text_lines python3 - "$TMPD/p.txt" "$TMPD" $PIDS <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from names import NAMES, unescape
want = {open("/proc/%s/comm" % p, "rb").read().rstrip(b"\n") + b"-" + p.encode() for p in sys.argv[3:]}
rows = [l for l in open(sys.argv[1], "rb").read().split(b"\n") if l and not l.startswith(b"#")]
assert len(rows) == len(NAMES), rows
assert {unescape(r.split()[1]) for r in rows} == want, rows
assert len(set(rows)) == len(rows), rows
PY
fi
# a separator the escapes would hold (a letter, a digit, a backslash) is refused
"$PMUTOP" -b -n 1 -d 0.1 -x x -p "$plist" >/dev/null 2>"$TMPD/x.err"
rc=$?
check separator_refused sh -c '[ "$0" -eq 2 ] && grep -q "cannot hold a letter" "$1"' "$rc" "$TMPD/x.err"

# cgroups so named, counted with -G, exported
mnt=$(awk '{ for (i = 1; i < NF; i++) if ($i == "-") { if ($(i + 1) == "cgroup2") { print $5; exit } break } }' /proc/self/mountinfo)
if [ -z "$mnt" ]; then
	skip labels "no cgroup2 file system mounted"
elif ! mkdir "$mnt/pmutop-names-$$" 2>/dev/null; then
	skip labels "cannot make a cgroup under $mnt (not root?)"
else
	CG=$mnt/pmutop-names-$$
	# every name but the ones with a comma (-G splits at commas) or a slash
	"$PY" - "$TMPD" "$CG" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
from names import NAMES
for n in NAMES:
    if b"," not in n:
        os.mkdir(os.fsencode(sys.argv[2]) + b"/" + n)
PY
	G=$(for d in "$CG"/*/; do d=${d%/}; printf '%s,' "/pmutop-names-$$/${d##*/}"; done)
	"$PMUTOP" -b -n 2 -d 0.2 -e task-clock -G "${G%,}" --export-cgroups=20 --prom "$TMPD/m.prom" \
		>/dev/null 2>"$TMPD/g.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		fail labels "exit $rc: $(head -c 300 "$TMPD/g.err")"
	else
		# each cgroup's label value reads back as its path; no label set twice; the strict parser reads it
		check labels "$PY" - "$TMPD/m.prom" "$TMPD" "/pmutop-names-$$" <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from names import NAMES, unescape
from prometheus_client.parser import text_string_to_metric_families
text = open(sys.argv[1], encoding="utf-8").read()
seen, paths = set(), set()
for fam in text_string_to_metric_families(text):
    for s in fam.samples:
        key = (s.name, tuple(sorted(s.labels.items())))
        assert key not in seen, ("a duplicate series", key)
        seen.add(key)
        if "cgroup" in s.labels:
            paths.add(unescape(s.labels["cgroup"]))
want = {sys.argv[3].encode() + b"/" + n for n in NAMES if b"," not in n}
assert paths == want, (sorted(paths), sorted(want))
PY
		if command -v promtool >/dev/null 2>&1; then
			check promtool_accepts sh -c 'promtool check metrics <"$0" 2>&1 | grep -v "counter metrics should have" | grep -q . && exit 1 || exit 0' "$TMPD/m.prom"
		else
			skip promtool_accepts "promtool is not installed (make test-deps)"
		fi
	fi
fi
t_done
