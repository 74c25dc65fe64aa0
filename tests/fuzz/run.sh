#!/bin/sh
# run.sh: build each fuzz target with clang + libFuzzer + ASan/UBSan and run it for FUZZ_TIME seconds (30).
# Usage: sh tests/fuzz/run.sh tests/fuzz/fuzz_*.c   (what `make fuzz` does)
# Each target names the sources it links in a line "// FUZZ_SOURCES: a.c b.c" (only the pure parser
# files, no libpci/ncurses), optionally seed files in "// FUZZ_SEEDS: glob" and libraries the parser
# needs in "// FUZZ_LIBS: -lname".
# Prints "PASS fuzz:NAME", "FAIL fuzz:NAME: why" or "SKIP fuzz:NAME: why"; exits 1 on any FAIL.
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
: "${FUZZ_CC:=clang}"
: "${FUZZ_TIME:=30}"
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
	if [ -z "$srcs" ]; then
		echo "FAIL fuzz:$name: no '// FUZZ_SOURCES:' line in $t"
		status=1
		continue
	fi
	# shellcheck disable=SC2086
	if ! "$FUZZ_CC" -g -O1 -std=gnu11 -D_GNU_SOURCE -Isrc -Wall -Wextra \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o "$out/$name" "$t" $srcs $libs >"$out/$name.build.log" 2>&1; then
		echo "FAIL fuzz:$name: build failed: $(head -c 400 "$out/$name.build.log" | tr '\n' ' ')"
		status=1
		continue
	fi
	corpus="$out/corpus-$name"
	mkdir -p "$corpus"
	# shellcheck disable=SC2086
	for s in $seeds; do [ -f "$s" ] && cp "$s" "$corpus/"; done
	if "$out/$name" -max_total_time="$FUZZ_TIME" -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$out/$name-" "$corpus" >"$out/$name.log" 2>&1; then
		runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$out/$name.log")
		echo "PASS fuzz:$name: ${runs:-?} runs in ${FUZZ_TIME}s"
	else
		echo "FAIL fuzz:$name: $(grep -m1 -E 'ERROR|runtime error|deadly signal' "$out/$name.log")" \
			"(log $out/$name.log, crash input $out/$name-*)"
		status=1
	fi
done
exit $status
