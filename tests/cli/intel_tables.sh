#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# intel_tables.sh: Intel's own event files as shipped (tests/fixtures/events/intel, verbatim, BSD-3-Clause):
# every name resolves on the matching simulated machine or is refused for the PMU it lacks, uncore names land
# on every box (the free-running IIO clock on its own PMUs), the experimental tables come only when asked, and
# the encodings equal perf 6.1's wherever
# perf knows the name (perf over the simulated tree in a private mount namespace; skipped where not allowed).
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EV=$ROOT/tests/fixtures/events/intel

need_binary
perf_under_test
export HOME="$TMPD" XDG_CACHE_HOME="$TMPD/cache"
unset PMUTOP_EVENTS_DIR PMUTOP_CPUID LIBPFM_FORCE_PMU

for m in spr-2s gnr-1s adl-hybrid; do
	"$PMUTOP" --sim $m --sim-tree "$TMPD/$m" >/dev/null 2>&1 || { fail "$m" "cannot write the tree"; continue; }
	"$PMUTOP" --sim $m --events-dir "$EV" --list-events --json >"$TMPD/$m.json" 2>"$TMPD/$m.err"
	python3 "$ROOT/tests/cli/intel_resolve.py" "$PMUTOP" $m "$EV" "$TMPD/$m.json" "$TMPD/$m" >"$TMPD/$m.res"
	res=$(tail -n 1 "$TMPD/$m.res")
	case $res in
	*" 0 problems") pass "resolve_$m: $res" ;;
	*) fail "resolve_$m" "$(head -n 4 "$TMPD/$m.res" | tr '\n' ' ') ($res)" ;;
	esac
done

# experimental tables only when asked (adl-hybrid has no uncore_arb: the name is known, as that PMU's,
# only from the experimental table; --list-events leaves out what cannot count here)
"$PMUTOP" --sim adl-hybrid --events-dir "$EV" -b -n 1 -e 'unc_arb_dat_requests.rd' >"$TMPD/x0" 2>&1
"$PMUTOP" --sim adl-hybrid --events-dir "$EV" --events-experimental -b -n 1 -e 'unc_arb_dat_requests.rd' >"$TMPD/x1" 2>&1
if grep -q "unknown event 'unc_arb_dat_requests.rd'" "$TMPD/x0" && ! grep -q "is an event of" "$TMPD/x0" &&
   grep -q "unc_arb_dat_requests.rd is an event of uncore_arb, which this machine does not have" "$TMPD/x1"; then
	pass experimental_when_asked
else fail experimental_when_asked "$(head -c 300 "$TMPD/x0") / $(head -c 300 "$TMPD/x1")"; fi

# Intel's free-running IIO clock (issue 36): the kernel gives free-running counters a PMU of their own
# beside each IIO box, uncore_iio_free_running_N, selected by event=0xff; Intel's file names the event
# with EventCode 0 and CounterType FREERUN. It opens on every box of both sockets and counts, with the
# encoding of the kernel's own alias for that counter (ioclk)
"$PMUTOP" --sim spr-2s --events-dir "$EV" -b -n 1 -d 0.2 -x, -e unc_iio_clockticks_freerun >"$TMPD/fr.csv" 2>"$TMPD/fr.err"
rc=$?
"$PMUTOP" --sim spr-2s --events-dir "$EV" --explain-events --json unc_iio_clockticks_freerun \
	uncore_iio_free_running_0/ioclk/ >"$TMPD/fr.json" 2>>"$TMPD/fr.err"
check iio_freerun_opens python3 - "$rc" "$TMPD/fr.csv" "$TMPD/fr.json" "$TMPD/fr.err" <<'PY'
import json, sys
assert sys.argv[1] == "0", open(sys.argv[4]).read()[:300]
rows = [l.strip().split(",") for l in open(sys.argv[2]) if l.strip()[:1].isdigit()]   # time,CPU,count,unit,event,...
boxes = {r[4].split("/")[0] for r in rows}
assert boxes == {"uncore_iio_free_running_%d" % i for i in range(12)}, boxes
assert len(rows) == 24 and all(float(r[2]) > 0 for r in rows), rows[:3]   # 12 boxes x 2 sockets
ex = json.load(open(sys.argv[3]))
intel = [e for e in ex if e["input"] == "unc_iio_clockticks_freerun"]
kernel = [e for e in ex if e["input"] == "uncore_iio_free_running_0/ioclk/"][0]
assert intel and all((e["type"] - kernel["type"]) in range(12) and e["config"] == kernel["config"] == "0x10ff"
                     for e in intel), (intel[:2], kernel)
PY

if ! command -v perf >/dev/null 2>&1 || ! command -v unshare >/dev/null 2>&1; then
	skip vs_perf "perf or unshare is not installed"
	t_done; exit
fi
TREE=$TMPD/spr-2s
if ! unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' /sys/bus/event_source/devices" \
	>/dev/null 2>&1; then
	skip vs_perf "cannot bind-mount in a private mount namespace here (needs root and unshare -m)"
	t_done; exit
fi
# Every name, core and uncore, on its first PMU ("uncore_cha_0/unc_cha_tor_inserts.ia_miss/"), against perf 6.1's
# built-in Sapphire Rapids tables. Known: Intel re-encoded ARITH.IDIV_ACTIVE (cmask=1) after perf 6.1's copy.
KNOWN="cpu/arith.idiv_active/"
python3 - "$TMPD/spr-2s.json" "$TREE" >"$TMPD/names" <<'PY'
import json, os, re, sys
pmus = sorted(os.listdir(sys.argv[2] + "/sys/bus/event_source/devices"), key=lambda p: (len(p), p))
seen = set()
for e in json.load(open(sys.argv[1])):
    if e["source"] != "json":
        continue
    want = e["pmu"] or "cpu"
    hit = [p for p in pmus if p == want or re.fullmatch(re.escape(want) + r"_\d+", p)]
    if hit and e["name"] not in seen:
        seen.add(e["name"])
        print(e["name"], hit[0] + "/" + e["name"] + "/")
PY
unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' /sys/bus/event_source/devices &&
	PERF_CPUID=GenuineIntel-6-8F-8 perf list --raw-dump 2>/dev/null" | tr ' ' '\n' | sort -u >"$TMPD/perf.known"
awk 'NR==FNR{k[$1]=1;next} ($1 in k){print $2}' "$TMPD/perf.known" "$TMPD/names" >"$TMPD/both"
"$PMUTOP" --sim spr-2s --events-dir "$EV" -e "$(paste -sd, "$TMPD/both")" --explain-events --json \
	>"$TMPD/pmutop.json" 2>"$TMPD/pmutop.err" || { fail vs_perf "pmutop: $(head -c 300 "$TMPD/pmutop.err")"; t_done; exit; }
unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' /sys/bus/event_source/devices &&
	PERF_CPUID=GenuineIntel-6-8F-8 perf stat -vv -e \$(paste -sd, '$TMPD/both') true" >"$TMPD/perf.out" 2>&1
python3 - "$TMPD/both" "$TMPD/pmutop.json" "$TMPD/perf.out" "$KNOWN" >"$TMPD/cmp" <<'PY'
import json, re, sys
both = [l.strip() for l in open(sys.argv[1]) if l.strip()]
ours = dict(zip(both, json.load(open(sys.argv[2]))))
known = set(sys.argv[4].split())
attrs, cur, named = [], None, {}
# perf -vv prints each attribute, then, as its open fails on the simulated tree, "NAME event is not supported"
for line in open(sys.argv[3]):
    w = line.split()
    if line.startswith("perf_event_attr:"):
        cur = {"type": 0, "config": 0, "config1": 0, "config2": 0}
        attrs.append(cur)
    elif re.match(r"^\S+ event is not supported", line) and attrs:
        named.setdefault(w[0], attrs[-1])
    elif cur is not None and len(w) >= 2:
        key = {"type": "type", "config": "config", "config1": "config1", "config2": "config2",
               "{ bp_addr, config1 }": "config1", "{ bp_len, config2 }": "config2"}.get(" ".join(w[:-1]))
        if key:
            cur[key] = int(w[-1], 0)
bad = nk = 0
for n in both:
    if n not in named:
        bad += 1
        print("perf printed no attribute for %s" % n)
        continue
    o, p = ours[n], named[n]
    mine = {"type": o["type"], "config": int(o["config"], 16), "config1": int(o["config1"], 16),
            "config2": int(o["config2"], 16)}
    if n in known and mine != p:   # a recorded difference, while this perf still has it
        nk += 1
        continue
    if n in known:
        print("     note: %s is listed as differing but agrees with this perf" % n)
    if mine != p:
        bad += 1
        print("DIFF %s pmutop %s perf %s" % (n, mine, p))
print("compared %d of %d, %d differ (%d known differences left out)" % (len(named) - nk, len(both), bad, nk))
PY
res=$(tail -n 1 "$TMPD/cmp")
set -- $res
if [ "$5" = 0 ] && [ "$2" -ge 200 ]; then pass "vs_perf: $res"
else fail vs_perf "$(grep -v '^compared' "$TMPD/cmp" | head -n 5 | tr '\n' ' ') ($res)"; fi
t_done
