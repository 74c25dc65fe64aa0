#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_tree_names.sh: `--sim M --list-uncore` writes only the part of M's tree that naming the uncore boxes
# reads (SIMM_TREE_NAMES: no PMU formats or events, a topology file per NUMA node), and lists exactly what the
# full tree gives through --sysfs, for every machine, as text and as JSON. Every tree holds only sys/, proc/
# and tmp/ (the tasks' perf-PID.map, issue 40) (an Arm MIDR once landed beside them, where cpuid_detect never looked).
. "$(dirname "$0")/../lib.sh"

need_binary
MACHINES=$(cd "$(dirname "$0")/../.." && pwd)/machines

for f in "$MACHINES"/*.machine; do
	m=$(basename "$f" .machine)
	if ! "$PMUTOP" --sim "$m" --sim-tree "$TMPD/$m" >"$TMPD/$m.err" 2>&1; then
		fail "$m" "--sim-tree: $(head -c 300 "$TMPD/$m.err")"
		continue
	fi
	top=$(ls "$TMPD/$m" | tr '\n' ' ')
	if [ "$top" != "proc sys tmp " ]; then   # tmp: the tasks' perf-PID.map (issue 40)
		fail "${m}_tree_top" "the tree's top holds: $top"
	else
		pass "${m}_tree_top"
	fi
	ok=1
	for fmt in "" --json; do
		# shellcheck disable=SC2086
		"$PMUTOP" --sim "$m" --list-uncore $fmt >"$TMPD/$m.sim" 2>&1
		a=$?
		# shellcheck disable=SC2086
		"$PMUTOP" --sysfs "$TMPD/$m/sys" --list-uncore $fmt >"$TMPD/$m.full" 2>&1
		b=$?
		if [ "$a" != "$b" ] || ! cmp -s "$TMPD/$m.sim" "$TMPD/$m.full"; then
			fail "${m}_list$fmt" "exit $a against $b: $(diff "$TMPD/$m.sim" "$TMPD/$m.full" | head -c 300)"
			ok=0
		fi
	done
	[ "$ok" = 1 ] && pass "${m}_list"
done

# the names tree really is the smaller one: no event alias, no format, no core_id, no folder of a CPU that
# is not the first of its node (spr-2s: nodes start at CPUs 0 and 56)
if command -v strace >/dev/null 2>&1; then
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -e trace=openat,mkdirat -o "$TMPD/names.trace" "$PMUTOP" --sim spr-2s --list-uncore \
		>/dev/null 2>&1
	made=$(grep -c -E '"(events|format)"|core_id|cpu17' "$TMPD/names.trace")
	pmus=$(grep -c -E '"type"' "$TMPD/names.trace")
	if [ "$pmus" -gt 50 ] && [ "$made" -eq 0 ]; then
		pass names_tree_small
	else
		fail names_tree_small "$made events/format/core_id/cpu17 files or folders made, $pmus PMU type files"
	fi
else
	skip names_tree_small "strace not installed"
fi
t_done
