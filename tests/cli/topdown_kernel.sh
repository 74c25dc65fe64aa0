# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# topdown_kernel.sh: top-down on AMD Zen 4 and Arm as the Linux tree's own metric files define it. The
# files (tools/perf/pmu-events: amdzen4/pipeline.json and its event files, arm64/sbsa.json,
# neoverse-n1/metrics.json, the arm64 common events; tests/fixtures/perf-metrics/PROVENANCE.md) are
# evaluated by kernel_topdown_eval.py on the counts pmutop read, with the simulated PMU's sysfs format and
# caps/slots, and each CPU's, socket's and the system's tma_* share must equal the kernel's expression
# within 0.1 points; the events the expressions name must be the ones pmutop opened (type and config).
# The kernel has no retiring / bad-speculation split for Neoverse N1, and perf on a Neoverse V1 takes
# frontend and bad speculation from neoverse-v1/metrics.json with BR_MIS_PRED, which pmutop does not
# count: the test prints those as NOTE lines (see docs/topdown.md).
. "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
FIX=$HERE/../fixtures/perf-metrics
need_binary

# machine:the evaluator's CPU
for spec in zen4-1s:zen4 neoverse-v1:neoverse-v1 altra-160:neoverse-n1; do
	m=${spec%%:*}; cpu=${spec#*:}
	"$PMUTOP" --sim "$m" --sim-tree "$TMPD/$m.tree" >"$TMPD/$m.err" 2>&1 &&
	"$PMUTOP" --sim "$m" --explain-events --json -E topdown >"$TMPD/$m.explain" 2>>"$TMPD/$m.err" &&
	"$PMUTOP" --sim "$m" -b -n 2 -d 0.2 -E topdown --json >"$TMPD/$m.json" 2>>"$TMPD/$m.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		fail "${m}_as_the_kernel" "pmutop exit $rc: $(head -c 300 "$TMPD/$m.err")"
		continue
	fi
	python3 "$HERE/kernel_topdown_eval.py" "$cpu" "$FIX" "$TMPD/$m.tree" "$TMPD/$m.explain" "$TMPD/$m.json" \
		>"$TMPD/$m.out" 2>"$TMPD/$m.why"
	rc=$?
	cat "$TMPD/$m.out"   # the NOTE lines and what was compared
	if [ $rc -eq 0 ]; then
		pass "${m}_as_the_kernel"
	else
		fail "${m}_as_the_kernel" "$(head -c 600 "$TMPD/$m.why")"
	fi
done
t_done
