#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# llc_columns.sh: the default set's cache columns count each machine's real last-level events
# (attributes from --explain-events) and carry the label of what they count in JSON and CSV.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
need_binary
# variants of real machines without the vendor events: a Zen 4 whose amd_l3 driver is not
# loaded, an Altra kernel that exports no ll_cache_* aliases
sed '/^\[pmu amd_l3\]/,/^\[pmu amd_df\]/{/^\[pmu amd_df\]/!d}' "$ROOT/machines/zen4-1s.machine" >"$TMPD/zen4-nol3.machine"
grep -v '^event\.ll_cache' "$ROOT/machines/altra-160.machine" >"$TMPD/altra-noll.machine"

# "name type config pmu cpus" of the default set's cache events (the LLC, L2 or L1D pair)
cache_events() {
	"$PMUTOP" --sim "$1" --explain-events --json | python3 -c '
import json, sys
for e in json.load(sys.stdin):
    if "cache" in e["name"] or "l3_" in e["name"]:
        c = e["cpus"]
        print(e["name"], e["type"], e["config"], e["pmu"], "%d-%d/%d" % (c[0], c[-1], len(c)))'
}
# the system metrics' cache keys of one JSON sample
cache_keys() {
	"$PMUTOP" --sim "$1" -b -n 1 -d 0.2 --json | python3 -c '
import json, sys
d = json.loads(sys.stdin.readline())
print(" ".join(k for k in sorted(d["system"]["metrics"]) if "mpki" in k or "miss" in k and "branch" not in k))'
}
expect() {   # NAME WANT GOT
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "want [$2] got [$3]"; fi
}

for m in spr-2s gnr-1s big-1024; do
	# Intel: the generic pair is LONGEST_LAT_CACHE.REFERENCE/MISS (the kernel's 0x4f2e/0x412e), kept
	n=$("$PMUTOP" --sim $m -b -n 1 -d 0.01 --json | python3 -c 'import json,sys; print(len(json.loads(sys.stdin.readline())["cpus"]))')
	expect "$m:events" "cache-references 0 0x2 None 0-$((n - 1))/$n
cache-misses 0 0x3 None 0-$((n - 1))/$n" "$(cache_events $m)"
	expect "$m:generic-is-llc" "0x4f2e 0x412e" "$(sed -n 's/^generic\.cache-references = //p; s/^generic\.cache-misses = //p' "$ROOT/machines/$m.machine" | tr '\n' ' ' | sed 's/ $//')"
	expect "$m:labels" "llc_miss_pct mpki" "$(cache_keys $m)"
done
expect "adl-hybrid:events" "cpu_atom/cache-references/ 0 0xa00000002 cpu_atom 16-23/8
cpu_core/cache-references/ 0 0x400000002 cpu_core 0-15/16
cpu_atom/cache-misses/ 0 0xa00000003 cpu_atom 16-23/8
cpu_core/cache-misses/ 0 0x400000003 cpu_core 0-15/16" "$(cache_events adl-hybrid)"
expect "adl-hybrid:labels" "llc_miss_pct mpki" "$(cache_keys adl-hybrid)"
# Zen 4: amd_l3 (type 11 in the description) event 0x04 umask 0xff / 0x01 on one CPU per CCX
expect "zen4-1s:events" "l3_lookup_state.all_coherent_accesses_to_l3 11 0xff04 amd_l3 0-28/8
l3_lookup_state.l3_miss 11 0x104 amd_l3 0-28/8" "$(cache_events zen4-1s)"
expect "zen4-1s:labels" "llc_miss_pct mpki" "$(cache_keys zen4-1s)"
"$PMUTOP" --sim zen4-1s -b -n 1 -d 0.2 --json | python3 -c '
import json, sys
d = json.loads(sys.stdin.readline())
assert all("mpki" not in c["metrics"] for c in d["cpus"]), "a CPU has an MPKI from its CCX count"
assert d["sockets"][0]["metrics"]["mpki"] > 0' >"$TMPD/zcpu" 2>&1 && pass "zen4-1s:per-ccx-not-per-cpu" ||
	fail "zen4-1s:per-ccx-not-per-cpu" "$(cat "$TMPD/zcpu")"
expect "zen4-no-amd_l3:events" "cache-references 0 0x2 None 0-63/64
cache-misses 0 0x3 None 0-63/64" "$(cache_events "$TMPD/zen4-nol3.machine")"
expect "zen4-no-amd_l3:labels" "l2_miss_pct l2_mpki" "$(cache_keys "$TMPD/zen4-nol3.machine")"
"$PMUTOP" --sim "$TMPD/zen4-nol3.machine" -b -n 1 -d 0.2 -C 0 >"$TMPD/zcsv" 2>&1
check "zen4-no-amd_l3:csv-label" grep -q "cache-misses  *#  *[0-9.]* of all L2 cache refs" "$TMPD/zcsv"
# Arm Neoverse N1: ll_cache_rd (0x36) and ll_cache_miss_rd (0x37) from sysfs
expect "altra-160:events" "armv8_pmuv3_0/ll_cache_rd/ 8 0x36 armv8_pmuv3_0 0-159/160
armv8_pmuv3_0/ll_cache_miss_rd/ 8 0x37 armv8_pmuv3_0 0-159/160" "$(cache_events altra-160)"
expect "altra-160:labels" "llc_miss_pct mpki" "$(cache_keys altra-160)"
expect "altra-no-ll:labels" "l1d_miss_pct l1d_mpki" "$(cache_keys "$TMPD/altra-noll.machine")"
"$PMUTOP" --sim "$TMPD/altra-noll.machine" -b -n 1 -d 0.2 -C 0 >"$TMPD/acsv" 2>&1
check "altra-no-ll:csv-label" grep -q "cache-misses  *#  *[0-9.]* of all L1-dcache accesses" "$TMPD/acsv"
# the exporter names the level too: gauges per CPU of the L2 (Zen) and L1D (Arm) pairs, and on Zen
# with amd_l3 the LLC gauges per socket only (the L3 is counted per CCX)
prom_names() {
	"$PMUTOP" --sim "$1" -b -n 1 -d 0.2 --quiet --prom "$TMPD/p.prom" >/dev/null 2>&1
	grep -oE '^pmutop_(socket_)?(llc|l2|l1d)_[a-z_]+' "$TMPD/p.prom" | sort -u | tr '\n' ' '
}
expect "zen4-no-amd_l3:prom" "pmutop_l2_miss_ratio pmutop_l2_mpki pmutop_socket_l2_miss_ratio pmutop_socket_l2_mpki " \
	"$(prom_names "$TMPD/zen4-nol3.machine")"
expect "altra-no-ll:prom" "pmutop_l1d_miss_ratio pmutop_l1d_mpki pmutop_socket_l1d_miss_ratio pmutop_socket_l1d_mpki " \
	"$(prom_names "$TMPD/altra-noll.machine")"
expect "zen4-1s:prom" "pmutop_socket_llc_miss_ratio pmutop_socket_llc_mpki " "$(prom_names zen4-1s)"
# no cache events where the driver maps none (Apple) or there is no PMU (the development VM)
expect "m1-asahi:events" "" "$(cache_events m1-asahi)"
expect "kvm-nopmu:default" "cpu-clock context-switches cpu-migrations page-faults" \
	"$("$PMUTOP" --sim kvm-nopmu --explain-events --json | python3 -c 'import json,sys; print(" ".join(e["name"] for e in json.load(sys.stdin)))')"
expect "kvm-nopmu:labels" "" "$(cache_keys kvm-nopmu)"
t_done
