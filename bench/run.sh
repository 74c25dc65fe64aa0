# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# run.sh: `make bench`: builds pmutop and the in-process drivers with -O2 into build-bench/, runs
# every scenario of issue 7 (bench/bench.py), prints one table and writes bench/results.json.
# BENCH_QUICK=1: fewer repeats; BENCH_ONLY=2,7: some scenarios only. A full run (no BENCH_ONLY)
# then rewrites docs/performance.md's table from bench/results.json (scripts/bench_table.py).
set -e
cd "$(dirname "$0")/.."
B=${BENCH_BUILD:-build-bench}
PKGS="ncursesw libpci inih json-c libmicrohttpd zlib libelf libdw libcurl"
CC=${CC:-cc}

# the library and pmutop itself, optimised, in our own build dir (BIN so ./pmutop is left alone)
make --no-print-directory -s BUILD="$B" OPT=-O2 BIN="$B/pmutop" "$B/pmutop" "$B/libpmutop.a"
mkdir -p "$B/bench"
# linked as pmutop is: libpfm4 and libmicrohttpd are dlopen'ed when used, not loaded at start (issue 18)
for src in bench/*.c; do
	exe="$B/bench/$(basename "$src" .c)"
	# bench_refresh times the simulated resctrl's updates apart (simulation, not pmutop's work)
	wrap=""
	if [ "$(basename "$src")" = bench_refresh.c ]; then wrap="-Wl,--wrap=simr_update"; fi
	# shellcheck disable=SC2046
	$CC -D_GNU_SOURCE -Isrc $(pkg-config --cflags $PKGS) -D_XOPEN_SOURCE_EXTENDED -O2 -g -Wall -Wextra \
		-std=gnu11 $wrap -o "$exe" "$src" "$B/libpmutop.a" $(pkg-config --libs ${PKGS% libmicrohttpd*} zlib libelf libdw libcurl) -lm
done
python3 bench/bench.py "$B/pmutop" "$B/bench/bench_refresh" "$B/bench" bench/results.json
if [ -z "$BENCH_ONLY" ]; then
	python3 scripts/bench_table.py bench/results.json docs/performance.md
else
	echo "partial run: docs/performance.md's table left as it was (scripts/bench_table.py rewrites it from a full run)"
fi
