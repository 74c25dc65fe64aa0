#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# compare_builds.sh OLD NEW: for a change that must not change behaviour (a restructuring), two
# builds of pmutop side by side: replays of the real recordings byte-identical in text, JSON and CSV;
# every simulated machine with the same columns and rows (numbers, which follow time, left out).
# Build the old one with `git worktree add /tmp/old REV && make -C /tmp/old pmutop`.
OLD=$1 NEW=$2 R=${REALDATA:-$(dirname "$0")/../../shared/realdata} D=$(mktemp -d)
fail=0
rep() { # name args...
	n=$1; shift
	"$OLD" "$@" > $D/old.$n 2>&1; echo "rc=$?" >> $D/old.$n
	"$NEW" "$@" > $D/new.$n 2>&1; echo "rc=$?" >> $D/new.$n
	if cmp -s $D/old.$n $D/new.$n; then echo "same $n"; else echo "DIFF $n"; diff $D/old.$n $D/new.$n | head -5; fail=1; fi
}
for f in $R/perf_stat_x_comma_A_a_I1000_160cpu_hperf.csv $R/perf_stat_A_a_I1000_tabsep_icx_gold6326_2s_hperf.txt tests/fixtures/*/*.csv; do
	[ -f "$f" ] || continue
	b=$(basename $f)
	rep "$b.text" --replay $f -b
	rep "$b.json" --replay $f -b --json
	rep "$b.csv" --replay $f -b -x ,
done
shape() { # strip numbers: keep columns and row labels
	sed -E 's/[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?//g; s/[ \t]+/ /g'
}
for m in $("$NEW" --list-machines 2>/dev/null | awk 'NR>0{print $1}' | grep -v '^#' | head -30); do
	for args in "-b -n 2 -d 0.05" "-b -n 2 -d 0.05 -x ," "-b -n 2 -d 0.05 -E topdown" "--explain" ; do
		"$OLD" --sim $m $args 2>&1 | shape > $D/o; "$NEW" --sim $m $args 2>&1 | shape > $D/n
		if cmp -s $D/o $D/n; then :; else echo "DIFF sim $m $args"; diff $D/o $D/n | head -6; fail=1; fi
	done
done
echo "fail=$fail"
