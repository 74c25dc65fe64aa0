# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# topdown_perf.sh: top-down per Intel generation as perf 6.1 computes it. For every Intel model perf 6.1
# has TopdownL1 metrics for, perf itself is the oracle: over the simulated machine's PMUs (bind-mounted
# over /sys in a private mount namespace; its CPU topology too, so perf's #SMT_on is the machine's) and
# with PERF_CPUID set to the model, `perf stat -M TopdownL1 -vv -a true` prints the metric expressions
# of this model (it then fails to open them: this machine has no PMU, which is fine), `perf stat -vv -e
# NAME` the perf_event_attr of each event they name. perf_topdown_eval.py checks that pmutop opens exactly
# those events (type and config; plus level-2 metric events where it shows level 2) and that each CPU's
# tma_* share equals perf's expression, evaluated on pmutop's counts of the same sample, within 0.1
# points. On Alder Lake perf 6.1's stat gives the P-core's metrics the E-core's SLOTS (5 x its clocks,
# an E-core event): the P-core's own definition (TOPDOWN.SLOTS) is taken from `perf list --details
# metric` for the same CPUID, which lists both. Emerald and Granite Rapids are compared with Sapphire Rapids' metrics (perf 6.1 predates them).
# Needs root, unshare and perf (skipped otherwise).
. "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
need_binary
perf_under_test
if ! command -v perf >/dev/null 2>&1 || ! command -v unshare >/dev/null 2>&1; then
	skip all "perf or unshare is not installed"
	exit 0
fi
if ! unshare -m sh -c "mount --bind /tmp /mnt" >/dev/null 2>&1; then
	skip all "cannot bind-mount in a private mount namespace here (needs root and unshare -m)"
	exit 0
fi
unset PMUTOP_EVENTS_DIR PMUTOP_CPUID LIBPFM_FORCE_PMU
export HOME="$TMPD" XDG_CACHE_HOME="$TMPD/cache"

# in_tree TREE CMD: run CMD (a shell string) with TREE's PMUs and CPUs in place of /sys's
in_tree() {
	unshare -m sh -c "mount --bind '$1/sys/bus/event_source/devices' /sys/bus/event_source/devices &&
		mount --bind '$1/sys/devices/system/cpu' /sys/devices/system/cpu && $2"
}

# machine:PERF_CPUID:core PMUs
for spec in skl-4c:GenuineIntel-6-5E-3:cpu skx-2s:GenuineIntel-6-55-4:cpu clx-2s:GenuineIntel-6-55-7:cpu \
	    icl-4c:GenuineIntel-6-7E-5:cpu icx-2s:GenuineIntel-6-6A-6:cpu tgl-4c:GenuineIntel-6-8C-1:cpu \
	    adl-hybrid:GenuineIntel-6-97-2:cpu_core,cpu_atom spr-2s:GenuineIntel-6-8F-8:cpu \
	    emr-2s:GenuineIntel-6-8F-8:cpu gnr-1s:GenuineIntel-6-8F-8:cpu; do
	m=${spec%%:*}; rest=${spec#*:}; id=${rest%%:*}; pmus=${rest#*:}
	tree=$TMPD/$m
	"$PMUTOP" --sim "$m" --sim-tree "$tree" >/dev/null 2>&1 || { fail "$m" "cannot write the simulated tree"; continue; }
	in_tree "$tree" "PERF_CPUID=$id perf stat -M TopdownL1 -vv -a true; echo '=== perf list';
		PERF_CPUID=$id perf list --details metric" >"$TMPD/$m.perf" 2>&1
	if ! grep -q '^metric expr .* for tma_retiring$' "$TMPD/$m.perf"; then
		fail "$m" "perf printed no TopdownL1 expressions for $id: $(head -c 300 "$TMPD/$m.perf")"
		continue
	fi
	# perf's attributes for every event name its expressions use
	: >"$TMPD/$m.attrs"
	python3 "$HERE/perf_topdown_eval.py" exprs "$TMPD/$m.perf" | while IFS= read -r ev; do
		in_tree "$tree" "PERF_CPUID=$id perf stat -vv -e '$ev' true" 2>&1 |
			awk -v n="$ev" '$1 == "type" && !t { t = $2 } $1 == "config" && !c { c = $2 }
				END { printf "%s\t%s\t%s\n", n, t, c }' >>"$TMPD/$m.attrs"
	done
	smt=0
	grep -q '[,-]' "$tree/sys/devices/system/cpu/cpu0/topology/thread_siblings_list" && smt=1
	"$PMUTOP" --sim "$m" -E topdown --explain-events --json >"$TMPD/$m.explain" 2>"$TMPD/$m.err1"
	"$PMUTOP" --sim "$m" -E topdown -b -n 2 -d 0.2 --json >"$TMPD/$m.json" 2>"$TMPD/$m.err2"
	for p in $(echo "$pmus" | tr , ' '); do
		if python3 "$HERE/perf_topdown_eval.py" check "$TMPD/$m.perf" "$TMPD/$m.attrs" "$TMPD/$m.explain" \
			"$TMPD/$m.json" "$p" "$smt" >"$TMPD/$m.$p.out" 2>&1; then
			pass "${m}_$p"
		else
			fail "${m}_$p" "$(tail -c 600 "$TMPD/$m.$p.out") $(head -c 200 "$TMPD/$m.err2")"
		fi
	done
done
t_done
