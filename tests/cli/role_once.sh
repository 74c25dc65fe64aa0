#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# role_once.sh: a metric takes each role from one event: the generic cycles and the core PMU's own
# cycles event (armv8_pmuv3/cpu_cycles/, armv8_pmuv3_0/..., cpu/cycles/) count the same counter, so
# IPC and GHz come from the first of them given, never from their sum; a raw encoding of cycles is
# shown and not summed either. On a hybrid, cpu_core's and cpu_atom's cycles are different CPUs and
# the system's figures sum both. A replay of such a recording (perf's -x rows, no PMU list) does the same.
. "$(dirname "$0")/../lib.sh"
need_binary

# the QEMU guest as -icount makes it (tests/kernel/check.py icount_machine): instructions count
sed -e 's/^generic.cycles = 0x11$/generic.cycles = 0x11\ngeneric.instructions = 0x08\nevent.inst_retired = event=0x0008/' \
    -e 's/^r11 = 1.0e9$/r11 = 1.0e9\ninstructions = 1.0e9\nr8 = 1.0e9/' \
    "$(dirname "$0")/../../machines/qemu-arm64.machine" >"$TMPD/qemu-icount.machine"
grep -q '^generic.instructions = 0x08$' "$TMPD/qemu-icount.machine" || fail icount_machine "qemu-arm64.machine changed: no generic.instructions made"

# check NAME FILE CYCLES INSTRUCTIONS: every CPU's and the system's IPC in the JSON FILE is INSTRUCTIONS
# over CYCLES (the event keys of the role's first event), GHz CYCLES over its enabled time
check_json() {
	name=$1 json=$2 cyc=$3 ins=$4
	if python3 - "$json" "$cyc" "$ins" >"$TMPD/why" 2>&1 <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
cyc, ins = sys.argv[2].split(","), sys.argv[3].split(",")
assert len(rows) == 2, len(rows)
for r in rows:
    for c in r["cpus"] + [r["system"]]:
        ev, m = c["events"], c["metrics"]
        cs = [ev[k] for k in cyc if k in ev]
        ii = [ev[k] for k in ins if k in ev]
        assert cs and ii and all(v["counted"] for v in cs + ii), (c.get("cpu"), ev)
        want = sum(v["value"] for v in ii) / sum(v["value"] for v in cs)
        assert abs(m["ipc"] / want - 1) < 1e-5, ("CPU %s: ipc %s, from the first cycles %s" %
                                                 (c.get("cpu", "system"), m["ipc"], want))
        ghz = sum(v["value"] for v in cs) / sum(v["enabled_ns"] for v in cs)
        assert abs(m["ghz"] / ghz - 1) < 1e-5, (c.get("cpu"), m["ghz"], ghz)
PY
	then pass "$name"
	else fail "$name" "$(tail -n 1 "$TMPD/why" | head -c 300)"
	fi
}
# one NAME MACHINE CPUS EVENTS CYCLES INSTRUCTIONS: counted live
one() {
	name=$1 machine=$2 cpus=$3 events=$4
	if ! "$PMUTOP" --sim "$machine" -C "$cpus" -b -n 2 -d 0.2 --json -e "$events" >"$TMPD/$name.json" 2>"$TMPD/err"; then
		fail "$name" "$(head -c 300 "$TMPD/err")"
		return
	fi
	check_json "$name" "$TMPD/$name.json" "$5" "$6"
}
# replayed NAME MACHINE CPUS EVENTS CYCLES INSTRUCTIONS: recorded in perf's -x format, then replayed:
# the recording names no PMU of the machine, so the replay tells the generic cycles and the core
# PMU's own apart by finding both on one CPU
replayed() {
	name=$1 machine=$2 cpus=$3 events=$4
	if ! "$PMUTOP" --sim "$machine" -C "$cpus" -b -n 2 -d 0.2 -x , -e "$events" -o "$TMPD/$name.csv" 2>"$TMPD/err" ||
	   ! grep -v '^#' "$TMPD/$name.csv" | sed 's/^ *//' >"$TMPD/$name.perf.csv" ||
	   ! "$PMUTOP" --replay "$TMPD/$name.perf.csv" -b --json >"$TMPD/$name.json" 2>"$TMPD/err"; then
		fail "$name" "$(head -c 300 "$TMPD/err")"
		return
	fi
	check_json "$name" "$TMPD/$name.json" "$5" "$6"
}
one qemu_generic_then_alias "$TMPD/qemu-icount.machine" 0-1 cycles,instructions,armv8_pmuv3/cpu_cycles/ cycles instructions
one qemu_alias_then_generic "$TMPD/qemu-icount.machine" 0-1 armv8_pmuv3/cpu_cycles/,cycles,instructions armv8_pmuv3/cpu_cycles/ instructions
one qemu_inst_retired "$TMPD/qemu-icount.machine" 0-1 cycles,instructions,armv8_pmuv3/inst_retired/ cycles instructions
one neoverse_pmu_0 neoverse-v1 0-3 cycles,instructions,armv8_pmuv3_0/cpu_cycles/ cycles instructions
one spr_cpu_cycles spr-2s 0-3 cycles,instructions,cpu/cycles/ cycles instructions
one spr_cpu_cycles_first spr-2s 0-3 cpu/cycles/,instructions,cycles cpu/cycles/ instructions
one spr_raw_cycles spr-2s 0-3 cycles,instructions,cpu/event=0x3c/ cycles instructions
replayed replay_spr_cpu_cycles spr-2s 0-3 cycles,instructions,cpu/cycles/ cycles instructions
replayed replay_spr_cpu_cycles_first spr-2s 0-3 cpu/cycles/,instructions,cycles cpu/cycles/ instructions
replayed replay_neoverse_pmu_0 neoverse-v1 0-3 cycles,instructions,armv8_pmuv3_0/cpu_cycles/ cycles instructions
# a hybrid: each CPU its own PMU's first cycles, the system both PMUs' (cpu_core/cycles/#2 not at all)
one adl_hybrid adl-hybrid 0,1,16,17 cycles,instructions,cpu_core/cycles/ \
	cpu_core/cycles/,cpu_atom/cycles/ cpu_core/instructions/,cpu_atom/instructions/
replayed replay_adl_hybrid adl-hybrid 0,1,16,17 cycles,instructions,cpu_core/cycles/ \
	cpu_core/cycles/,cpu_atom/cycles/ cpu_core/instructions/,cpu_atom/instructions/
t_done
