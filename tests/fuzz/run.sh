#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# run.sh: build each fuzz target with clang + libFuzzer + ASan/UBSan and run it for FUZZ_RUNS executions
# (1,000,000), within FUZZ_TIME seconds (1800); a target that cannot reach FUZZ_RUNS in time fails.
# Usage: sh tests/fuzz/run.sh tests/fuzz/fuzz_*.c   (what `make fuzz` does)
# Each target names the sources it links in a line "// FUZZ_SOURCES: a.c b.c" (only the pure parser
# files, no libpci/ncurses), libraries in "// FUZZ_LIBS: -lfoo" if it needs any, compiler options in
# "// FUZZ_CFLAGS: -DNAME=VALUE" (a smaller buffer, say), libFuzzer options in
# "// FUZZ_ARGS: -max_len=N" (keep inputs small enough for 1M runs), and optionally seed
# files in "// FUZZ_SEEDS: glob". The seed corpus of fuzz_NAME.c is tests/fuzz/corpus/NAME/ (every file).
# Prints "PASS fuzz:NAME: N runs", "FAIL fuzz:NAME: why" or "SKIP fuzz:NAME: why"; exits 1 on any FAIL.
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
: "${FUZZ_CC:=clang}"
: "${FUZZ_RUNS:=1000000}"
: "${FUZZ_TIME:=1800}"
out=${FUZZ_BUILD:-build-fuzz}
mkdir -p "$out"
status=0

if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
	for t in "$@"; do echo "SKIP fuzz:$(basename "$t" .c): $FUZZ_CC not installed"; done
	exit 0
fi
# libFuzzer ships with clang's runtime (Debian: libclang-rt-14-dev); check it links.
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	>"$out/probe.c"
if ! "$FUZZ_CC" -fsanitize=fuzzer "$out/probe.c" -o "$out/probe" >"$out/probe.log" 2>&1; then
	for t in "$@"; do
		echo "SKIP fuzz:$(basename "$t" .c): libFuzzer not available to $FUZZ_CC ($(head -n 1 "$out/probe.log"))"
	done
	exit 0
fi

for t in "$@"; do
	name=$(basename "$t" .c)
	srcs=$(sed -n 's|^// FUZZ_SOURCES:||p' "$t")
	seeds=$(sed -n 's|^// FUZZ_SEEDS:||p' "$t")
	libs=$(sed -n 's|^// FUZZ_LIBS:||p' "$t")
	cflags=$(sed -n 's|^// FUZZ_CFLAGS:||p' "$t")
	args=$(sed -n 's|^// FUZZ_ARGS:||p' "$t")
	if [ -z "$srcs" ]; then
		echo "FAIL fuzz:$name: no '// FUZZ_SOURCES:' line in $t"
		status=1
		continue
	fi
	# shellcheck disable=SC2086
	if ! "$FUZZ_CC" -g -O1 -std=gnu11 -D_GNU_SOURCE -Isrc -Wall -Wextra $cflags \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o "$out/$name" "$t" $srcs $libs >"$out/$name.build.log" 2>&1; then
		echo "FAIL fuzz:$name: build failed: $(head -c 400 "$out/$name.build.log" | tr '\n' ' ')"
		status=1
		continue
	fi
	corpus="$out/corpus-$name"
	mkdir -p "$corpus"
	# shellcheck disable=SC2086
	for s in $seeds tests/fuzz/corpus/"${name#fuzz_}"/*; do [ -f "$s" ] && cp "$s" "$corpus/"; done
	# shellcheck disable=SC2086
	if "$out/$name" $args -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_TIME" -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$out/$name-" "$corpus" >"$out/$name.log" 2>&1; then
		runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\).*/\1/p' "$out/$name.log")
		secs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\).*/\2/p' "$out/$name.log")
		if [ "${runs:-0}" -ge "$FUZZ_RUNS" ]; then
			echo "PASS fuzz:$name: $runs runs in ${secs}s"
		else
			echo "FAIL fuzz:$name: only ${runs:-?} of $FUZZ_RUNS runs in the ${FUZZ_TIME}s cap (log $out/$name.log)"
			status=1
		fi
	else
		echo "FAIL fuzz:$name: $(grep -m1 -E 'ERROR|runtime error|deadly signal' "$out/$name.log")" \
			"(log $out/$name.log, crash input $out/$name-*)"
		status=1
	fi
done
exit $status
