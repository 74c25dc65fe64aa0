#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# events_vs_perf.sh: the attributes pmutop builds for vendor event names (given to -e as they are) equal perf
# 6.1's for the same names on the same (simulated) machine: perf runs with PERF_CPUID and the simulated PMUs
# bind-mounted over /sys in a private mount namespace (root and unshare needed; skipped otherwise).
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EV=$ROOT/tests/fixtures/events

need_binary
perf_under_test
if ! command -v perf >/dev/null 2>&1 || ! command -v unshare >/dev/null 2>&1; then
	skip all "perf or unshare is not installed"
	exit 0
fi
export HOME="$TMPD" XDG_CACHE_HOME="$TMPD/cache"
unset PMUTOP_EVENTS_DIR PMUTOP_CPUID LIBPFM_FORCE_PMU
TREE=$TMPD/tree
"$PMUTOP" --sim spr-2s --sim-tree "$TREE" >/dev/null 2>&1 || { fail tree "cannot write the simulated tree"; exit 1; }
if ! unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' /sys/bus/event_source/devices" \
	>/dev/null 2>&1; then
	skip all "cannot bind-mount in a private mount namespace here (needs root and unshare -m)"
	exit 0
fi

# Names whose encoding in libpfm4 4.13's Sapphire Rapids table is not Intel's current one (which perf 6.1 uses):
# TOPDOWN.*_SLOTS lack event 0xa4 (its SLOTS_P has it), ARITH.INT_DIVIDER_ACTIVE lacks cmask=1, and three events
# were re-encoded by Intel after libpfm4 copied them. pmutop reports libpfm4's data as is; JSON tables win over it.
PFM_DIFFERS="arith.int_divider_active int_misc.unknown_branch_cycles mem_trans_retired.store_sample
topdown.backend_bound_slots topdown.bad_spec_slots topdown.br_mispredict_slots topdown.memory_bound_slots
uops_retired.ms"

# compare SOURCE EXTRA-ARGS: every core event name the catalog has from that source
compare() {
	src=$1
	shift
	"$PMUTOP" --sim spr-2s "$@" --list-events --json >"$TMPD/$src.json" 2>"$TMPD/$src.err"
	python3 - "$src" "$TMPD/$src.json" >"$TMPD/$src.names" <<'PY'
import json, sys
src, path = sys.argv[1], sys.argv[2]
evs = [e for e in json.load(open(path)) if e["source"] == src and e["pmu"] == "cpu"]
for e in evs:
    print(e["name"], "cpu/%s/" % e["terms"])
PY
	if [ ! -s "$TMPD/$src.names" ]; then
		# the JSON tables are the repository's fixtures; libpfm4's come with the distribution
		if [ "$src" = libpfm4 ] && ! pfm_has spr::inst_retired; then
			skip "$src" "the installed libpfm4 has no Sapphire Rapids table"
		else
			fail "$src" "no $src names on spr-2s: $(head -c 300 "$TMPD/$src.err")"
		fi
		return
	fi
	# pmutop's attributes for the names themselves (-e NAME through the resolver), in one run
	ev=$(awk '{print $1}' "$TMPD/$src.names" | paste -sd, -)
	"$PMUTOP" --sim spr-2s "$@" -e "$ev" --explain-events --json >"$TMPD/$src.pmutop" 2>&1 ||
		{ fail "$src" "pmutop cannot resolve the names: $(head -c 300 "$TMPD/$src.pmutop")"; return; }
	# perf's: the names it knows (perf list), then all of those in one perf stat, in order
	awk '{print $1}' "$TMPD/$src.names" >"$TMPD/$src.list"
	unshare -m sh -c "mount --bind '$TREE/sys/bus/event_source/devices' /sys/bus/event_source/devices &&
		PERF_CPUID=GenuineIntel-6-8F-8 perf list --raw-dump 2>/dev/null | tr ' ' '\n' >'$TMPD/perf.known' &&
		grep -Fxf '$TMPD/perf.known' '$TMPD/$src.list' >'$TMPD/$src.both';
		[ -s '$TMPD/$src.both' ] && PERF_CPUID=GenuineIntel-6-8F-8 perf stat -vv -e \$(paste -sd, '$TMPD/$src.both') true" \
		>"$TMPD/$src.perf" 2>&1
	known=""
	[ "$src" = libpfm4 ] && known=$PFM_DIFFERS
	python3 - "$TMPD/$src.names" "$TMPD/$src.pmutop" "$TMPD/$src.perf" "$TMPD/$src.both" "$known" \
		>"$TMPD/$src.cmp" <<'PY'
import json, sys
known = set(sys.argv[5].split())
names = [l.split()[0] for l in open(sys.argv[1])]
ours = {e["input"]: e for e in json.load(open(sys.argv[2]))}
both = [l.strip() for l in open(sys.argv[4]) if l.strip()]
attrs, cur = [], None
for line in open(sys.argv[3]):
    w = line.split()
    if line.startswith("perf_event_attr:"):
        cur = {"type": 0, "config": 0, "config1": 0, "config2": 0}
        attrs.append(cur)
    elif line.startswith("---"):
        cur = None
    elif cur is not None and len(w) >= 2:
        key = {"type": "type", "config": "config", "config1": "config1", "config2": "config2",
               "{ bp_addr, config1 }": "config1", "{ bp_len, config2 }": "config2"}.get(" ".join(w[:-1]))
        if key:
            cur[key] = int(w[-1], 0)
if len(attrs) != len(both):
    print("perf printed %d attributes for %d names" % (len(attrs), len(both)))
    print("compared 0 of %d, 1 differ" % len(names))
    sys.exit(0)
bad = same_known = 0
for n, p in zip(both, attrs):
    o = ours[n]
    mine = {"type": o["type"], "config": int(o["config"], 16), "config1": int(o["config1"], 16),
            "config2": int(o["config2"], 16)}
    # a recorded difference holds only while the tools still differ so: one that went away (a
    # newer libpfm4 or perf) is compared like the rest, with a note that the entry can go
    if n in known and mine != p:
        continue
    if n in known:
        same_known += 1
        print("     note: %s is listed in PFM_DIFFERS but agrees with this perf and libpfm4" % n)
    if mine != p:
        bad += 1
        print("DIFF %s pmutop %s perf %s" % (n, mine, p))
left = len(known & set(both)) - same_known
print("compared %d of %d, %d differ (%d known libpfm4 differences left out)" %
      (len(both) - left, len(names), bad, left))
PY
	res=$(tail -n 1 "$TMPD/$src.cmp")
	set -- $res
	if [ "$5" = 0 ]; then
		[ "$2" -ge "$MIN" ] && pass "$src: $res" || fail "$src" "too few names perf knows: $res"
	else
		fail "$src" "$(grep -v compared "$TMPD/$src.cmp" | head -n 5 | tr '\n' ' ') ($res)"
	fi
}

MIN=6 compare json --events-dir "$EV/perfmon"
MIN=20 compare libpfm4
t_done
