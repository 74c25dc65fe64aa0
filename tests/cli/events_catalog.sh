#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# events_catalog.sh: vendor event names on simulated machines: libpfm4 forced to the Sapphire Rapids and Zen 4
# tables, JSON tables from --events-dir/PMUTOP_EVENTS_DIR/[events] dir, --cpuid, --list-events, suggestions,
# malformed files, and that nothing is read at start-up.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EV=$ROOT/tests/fixtures/events

need_binary
# No tables from the person running the tests: empty cache and home.
export HOME="$TMPD" XDG_CACHE_HOME="$TMPD/cache"
unset PMUTOP_EVENTS_DIR PMUTOP_CPUID LIBPFM_FORCE_PMU

# Print the "terms" of the first JSON object whose name is $1 (from stdin).
terms_of() {
	python3 -c '
import json, sys
for e in json.load(sys.stdin):
    if e["name"] == sys.argv[1]:
        print(e["source"], e["pmu"], e["terms"]); break' "$1"
}

# libpfm4 tables, chosen from the simulated machine's cpuid
for case in "spr-2s spr mem_load_retired.l3_miss libpfm4 cpu event=0xd1,umask=0x20" \
	    "zen4-1s amd64_fam19h_zen4 dispatch_stalls_1.be_stalls libpfm4 cpu event=0x1a0,umask=0x1e" \
	    "zen4-1s amd64_fam19h_zen4 retired_ops libpfm4 cpu event=0xc1"; do
	set -- $case
	"$PMUTOP" --sim "$1" --list-events --json "$3" >"$TMPD/l.json" 2>"$TMPD/l.err"
	if ! grep -q "libpfm4 $2" "$TMPD/l.err"; then
		# the event in libpfm4's spelling: TABLE::EVENT:UMASK
		if pfm_has "$2::$(echo "$3" | sed 's/\./:/')"; then
			fail "pfm_$2_$3" "the installed libpfm4 has '$2', pmutop did not use it: $(head -c 300 "$TMPD/l.err")"
		else
			skip "pfm_$2_$3" "the installed libpfm4 has no '$2' table"
		fi
		continue
	fi
	got=$(terms_of "$3" <"$TMPD/l.json")
	[ "$got" = "$4 $5 $6" ] && pass "pfm_$2_$3" || fail "pfm_$2_$3" "got '$got', want '$4 $5 $6'"
done

# LIBPFM_FORCE_PMU is honoured over the machine's own table
LIBPFM_FORCE_PMU=amd64_fam19h_zen4 "$PMUTOP" --sim spr-2s --list-events 'retired_ops' >"$TMPD/f.txt" 2>"$TMPD/f.err"
if grep -q "libpfm4 amd64_fam19h_zen4" "$TMPD/f.err" && grep -q "^retired_ops  *cpu  *libpfm4" "$TMPD/f.txt"; then
	pass force_pmu
else
	fail force_pmu "$(cat "$TMPD/f.err")"
fi

# JSON tables win over libpfm4 for the same name; the description is the file's
"$PMUTOP" --sim spr-2s --events-dir "$EV/perfmon" --list-events --json 'mem_load_retired.l3_miss' >"$TMPD/j.json" 2>/dev/null
got=$(terms_of mem_load_retired.l3_miss <"$TMPD/j.json")
[ "$got" = "json cpu event=0xd1,umask=0x20" ] && pass json_before_pfm || fail json_before_pfm "got '$got'"

# uncore units listed under their kernel PMU
"$PMUTOP" --sim spr-2s --events-dir "$EV/perfmon" --list-events 'UNC_*' >"$TMPD/u.txt" 2>&1
if grep -q "^unc_m_cas_count.rd  *uncore_imc  *json  *Column reads" "$TMPD/u.txt" &&
   grep -q "^unc_cha_tor_inserts.ia_miss  *uncore_cha  *json" "$TMPD/u.txt"; then
	pass list_uncore_units
else
	fail list_uncore_units "$(head -c 400 "$TMPD/u.txt")"
fi

# sysfs aliases are listed too, once per uncore unit
n=$("$PMUTOP" --sim spr-2s --list-events 'cas_count_read' 2>/dev/null | grep -c '^cas_count_read ')
[ "$n" = 1 ] && pass list_sysfs_alias_once || fail list_sysfs_alias_once "listed $n times"

# search order: PMUTOP_EVENTS_DIR, then [events] dir of the config file
printf '[events]\ndir = %s\n' "$EV/perfmon" >"$TMPD/c.conf"
"$PMUTOP" --config "$TMPD/c.conf" --sim spr-2s --list-events 'mem_trans_retired.load_latency_gt_*' >"$TMPD/o.txt" 2>&1
grep -q "^mem_trans_retired.load_latency_gt_32 .*json" "$TMPD/o.txt" && pass config_dir || fail config_dir "$(cat "$TMPD/o.txt")"
PMUTOP_EVENTS_DIR=$EV/kernel "$PMUTOP" --config "$TMPD/c.conf" --sim spr-2s --list-events \
	'mem_trans_retired.load_latency_gt_*' >"$TMPD/o.txt" 2>&1
if grep -q "^mem_trans_retired.load_latency_gt_128 .*json" "$TMPD/o.txt" &&
   ! grep -q "load_latency_gt_32 .*json" "$TMPD/o.txt"; then
	pass env_before_config
else
	fail env_before_config "$(cat "$TMPD/o.txt")"
fi

# $XDG_CACHE_HOME/pmu-events in toplev's layout (event_download.py: no mapfile, files named after the CPU)
mkdir -p "$TMPD/xdg" && cp -r "$EV/toplev" "$TMPD/xdg/pmu-events"
XDG_CACHE_HOME=$TMPD/xdg "$PMUTOP" --sim spr-2s --list-events 'mem_load_retired.l3_miss' >"$TMPD/x.txt" 2>&1
if grep -q "^mem_load_retired.l3_miss  *cpu  *json" "$TMPD/x.txt" && grep -q "toplev's GenuineIntel-6-8F-core.json" "$TMPD/x.txt"; then
	pass xdg_cache_toplev
else
	fail xdg_cache_toplev "$(cat "$TMPD/x.txt")"
fi

# --cpuid chooses the tables (a Zen 4 id on the Sapphire Rapids machine); of them the events of PMUs
# the machine has (its core PMU), not amd_l3's
"$PMUTOP" --sim spr-2s --cpuid AuthenticAMD-25-11-1 --events-dir "$EV/kernel" --list-events 'ex_ret_ops' \
	>"$TMPD/c.txt" 2>&1
grep -q "^ex_ret_ops  *cpu  *json" "$TMPD/c.txt" && pass cpuid_option || fail cpuid_option "$(cat "$TMPD/c.txt")"
"$PMUTOP" --sim spr-2s --cpuid AuthenticAMD-25-11-1 --events-dir "$EV/kernel" --list-events 'l3_lookup_state.*' \
	>"$TMPD/c.txt" 2>&1
check absent_pmu_left_out sh -c '! grep -q "^l3_lookup_state" "$0" && grep -q "1 of their events left out: their PMU is not on this machine" "$0"' "$TMPD/c.txt"
"$PMUTOP" --cpuid 'bad id' --sim spr-2s --list-events >/dev/null 2>"$TMPD/e.txt"
[ $? -eq 2 ] && grep -q "cpuid needs" "$TMPD/e.txt" && pass cpuid_invalid || fail cpuid_invalid "$(cat "$TMPD/e.txt")"

# hybrid: each core type from its own table
"$PMUTOP" --sim adl-hybrid --events-dir "$EV/perfmon" --list-events --json 'br_misp_retired.all_branches' \
	>"$TMPD/h.json" 2>/dev/null
got=$(python3 -c '
import json, sys
print(" ".join(sorted(e["pmu"] + ":" + e["terms"] for e in json.load(sys.stdin))))' <"$TMPD/h.json")
[ "$got" = "cpu_atom:event=0xc5,umask=0xfe cpu_core:event=0xc5" ] && pass hybrid || fail hybrid "got '$got'"

# unknown names: the three nearest, and where tables come from when there are none
"$PMUTOP" --sim spr-2s --events-dir "$EV/perfmon" -b -n 1 -e 'cycles,mem_load_retired.l3_mis:u' >/dev/null 2>"$TMPD/s.txt"
st=$?
if [ $st -eq 2 ] && grep -q "did you mean mem_load_retired.l3_miss, " "$TMPD/s.txt"; then
	pass suggestions
else
	fail suggestions "status $st: $(cat "$TMPD/s.txt")"
fi
"$PMUTOP" --sim m1-asahi -b -n 1 -e 'l3_mis' >/dev/null 2>"$TMPD/s.txt"
grep -q "no event tables for 0x00000000610f0220.*--events-dir" "$TMPD/s.txt" && pass no_tables_hint ||
	fail no_tables_hint "$(cat "$TMPD/s.txt")"

# end to end through the resolver (sysfs aliases first, then the vendor tables)
"$PMUTOP" --sim spr-2s --events-dir "$EV/perfmon" -e mem_load_retired.l3_miss -e 'cpu/MEM_LOAD_RETIRED.L3_MISS,cmask=1/u' \
	-e unc_m_cas_count.rd -e OCR.DEMAND_DATA_RD.ANY_RESPONSE -e MEM_LOAD_RETIRED:L3_MISS:u --explain-events --json \
	>"$TMPD/e.json" 2>"$TMPD/e.err"
got=$(python3 -c '
import json, sys
for e in json.load(sys.stdin):
    print(e["input"], e["pmu"], e["config"], e["config1"], e["exclude_kernel"])' <"$TMPD/e.json" | sort -u | tr '\n' ';')
want="OCR.DEMAND_DATA_RD.ANY_RESPONSE cpu 0x12a 0x10001 False;cpu/MEM_LOAD_RETIRED.L3_MISS,cmask=1/u cpu 0x10020d1 0x0 True;"
for b in 0 1 2 3 4 5 6 7; do want="${want}unc_m_cas_count.rd uncore_imc_$b 0xcf05 0x0 False;"; done
want="${want}mem_load_retired.l3_miss cpu 0x20d1 0x0 False;MEM_LOAD_RETIRED:L3_MISS:u cpu 0x20d1 0x0 True;"
want=$(printf "%s" "$want" | tr ";" "\n" | grep . | sort -u | tr "\n" ";")
[ "$got" = "$want" ] && pass resolve_names || fail resolve_names "got $got $(cat "$TMPD/e.err")"
# hybrid: a bare name opens on each core type with that type's encoding; the wrong type is refused
"$PMUTOP" --sim adl-hybrid --events-dir "$EV/perfmon" -e br_misp_retired.all_branches --explain-events --json \
	>"$TMPD/h2.json" 2>&1
got=$(python3 -c '
import json, sys
print(" ".join(sorted("%s:%s" % (e["pmu"], e["config"]) for e in json.load(sys.stdin))))' <"$TMPD/h2.json")
[ "$got" = "cpu_atom:0xfec5 cpu_core:0xc5" ] && pass resolve_hybrid || fail resolve_hybrid "got '$got'"
"$PMUTOP" --sim adl-hybrid --events-dir "$EV/perfmon" -e cpu_core/topdown_retiring.all/ --explain-events >/dev/null \
	2>"$TMPD/h3.txt"
[ $? -eq 2 ] && grep -q "topdown_retiring.all is an event of cpu_atom" "$TMPD/h3.txt" && pass wrong_core_type ||
	fail wrong_core_type "$(cat "$TMPD/h3.txt")"

# malformed files: named, skipped, the rest still loads, no crash
"$PMUTOP" --sim spr-2s --events-dir "$EV/bad" --list-events 'good.*' >"$TMPD/b.txt" 2>"$TMPD/b.err"
st=$?
if [ $st -eq 0 ] && grep -q "^good.one" "$TMPD/b.txt" && grep -q "truncated.json: not valid JSON" "$TMPD/b.err" &&
   grep -q "notalist.json: expected a list" "$TMPD/b.err"; then
	pass malformed_files
else
	fail malformed_files "status $st: $(cat "$TMPD/b.err")"
fi

# lazy: counting generic events reads no event table
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=openat -o "$TMPD/st.txt" "$PMUTOP" --sim spr-2s --events-dir "$EV/perfmon" -b -n 1 -d 0.05 \
		-e cycles,instructions >/dev/null 2>&1
	if grep -q "openat" "$TMPD/st.txt" && ! grep -q "mapfile.csv\|\.json\"" "$TMPD/st.txt"; then
		pass lazy_load
	else
		fail lazy_load "$(grep -m3 "mapfile\|json\|exited" "$TMPD/st.txt")"
	fi
else
	skip lazy_load "strace is not installed"
fi
t_done
